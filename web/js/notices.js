// A stack of notices inside a container, each with its own buttons and an id
// so that it is shown once (the app's warnings and errors).
import { button, h } from "./dom.js";
import { t } from "./texts.js";

export function createNotices(container) {
  const shown = new Map();
  return {
    /** Show (or replace) notice `id`: kind = "info" | "warning" | "error"; actions [{label, onClick}]. */
    show(id, kind, text, actions = []) {
      const dismiss = () => this.hide(id);
      const bar = h("div", { class: "app-notice-actions" },
        actions.map(({ label, onClick }) => button(label, () => { dismiss(); onClick(); })),
        button(t("notice.dismiss"), dismiss, "app-notice-dismiss"));
      const box = h("div", { class: "app-notice", role: kind === "error" ? "alert" : "status", dataset: { notice: id, kind } },
        h("p", { class: "app-notice-text" }, text), bar);
      const old = shown.get(id);
      if (old) old.replaceWith(box);
      else container.append(box);
      shown.set(id, box);
      container.hidden = false;
      return box;
    },
    hide(id) {
      const box = shown.get(id);
      if (box) box.remove();
      shown.delete(id);
      container.hidden = shown.size === 0;
    },
    has(id) { return shown.has(id); },
  };
}
