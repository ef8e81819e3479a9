// A stack of notices inside a container, each with its own buttons and an id
// so that it is shown once (the app's warnings and errors). A text or a
// button label may be a function returning it: refresh() words those again
// (after a change of language).
import { button, h } from "./dom.js";
import { t } from "./texts.js";

const words = (text) => (typeof text === "function" ? text() : text);

export function createNotices(container) {
  const shown = new Map(); // id -> {box, args}
  const notices = {
    /** Show (or replace) notice `id`: kind = "info" | "warning" | "error"; actions [{label, onClick}]. */
    show(id, kind, text, actions = []) {
      const dismiss = () => this.hide(id);
      const bar = h("div", { class: "app-notice-actions" },
        actions.map(({ label, onClick }) => button(words(label), () => { dismiss(); onClick(); })),
        button(t("notice.dismiss"), dismiss, "app-notice-dismiss"));
      const box = h("div", { class: "app-notice", role: kind === "error" ? "alert" : "status", dataset: { notice: id, kind } },
        h("p", { class: "app-notice-text" }, words(text)), bar);
      const old = shown.get(id);
      if (old) old.box.replaceWith(box);
      else container.append(box);
      shown.set(id, { box, args: [kind, text, actions] });
      container.hidden = false;
      return box;
    },
    hide(id) {
      const entry = shown.get(id);
      if (entry) entry.box.remove();
      shown.delete(id);
      container.hidden = shown.size === 0;
    },
    has(id) { return shown.has(id); },
    /** Word every notice on show again, in the page's language now. */
    refresh() {
      for (const [id, { args }] of [...shown]) this.show(id, ...args);
    },
  };
  return notices;
}
