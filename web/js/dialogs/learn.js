// The tutorials dialog: every tutorial the engine's catalog lists, with its
// summary, its length, whether it is completed or in progress on this device,
// and the button that starts or resumes it.
import { h } from "../dom.js";
import { formatMessage } from "../table/messages.js";
import { plural, t } from "../texts.js";

/**
 * Open `dialog` with `tutorials` (the catalog's), `learn` ({completed}) and
 * `saved(id)` (whether a tutorial is in progress); `onOpen(id)` starts one.
 */
export function openLearn(dialog, { tutorials, learn, saved, onOpen }) {
  const items = tutorials.map((tutorial) => {
    const done = learn.completed.includes(tutorial.id);
    const resume = saved(tutorial.id);
    const label = t(resume ? "learn.resume" : done ? "learn.again" : "learn.start");
    const open = h("button", { type: "button", class: "primary learn-open", dataset: { tutorial: tutorial.id }, onclick: () => { dialog.close(); onOpen(tutorial.id); } }, label);
    return h("li", { class: "learn-item", dataset: { tutorial: tutorial.id, completed: String(done) } },
      h("h3", { class: "learn-title" }, formatMessage(tutorial.title), done ? h("span", { class: "learn-done" }, t("learn.completed")) : null),
      h("p", { class: "learn-summary" }, formatMessage(tutorial.summary)),
      h("p", { class: "learn-length" }, plural("learn.moves", tutorial.person_steps)),
      open);
  });
  dialog.open(t("learn.heading"), h("p", { class: "learn-intro" }, t("learn.intro")), h("ul", { class: "learn-list" }, items));
}
