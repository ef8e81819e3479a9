// A modal <dialog> of the app, framework-free and CSP-clean (classes only, no
// inline styles): {dialog, body, open(title, ...nodes), close(), whenClosed(fn)}.
import { button, h } from "../dom.js";
import { t } from "../texts.js";

/** A dialog appended to `parent`, named `name` (data-dialog, its class and heading id). */
export function createDialog(parent, name) {
  const heading = h("h2", { class: "app-dialog-title", id: `dialog-${name}-title` });
  const close = button("×", () => dialog.close(), "app-dialog-close");
  const body = h("div", { class: "app-dialog-body" });
  const dialog = h("dialog", { class: `app-dialog app-dialog-${name}`, "aria-labelledby": heading.id, dataset: { dialog: name } },
    close, heading, body);
  // What the shown content needs when it goes (a countdown to stop).
  let cleanups = [];
  const cleanUp = () => { for (const fn of cleanups.splice(0)) fn(); };
  dialog.addEventListener("close", cleanUp);
  parent.append(dialog);
  return {
    dialog,
    body,
    open(title, ...nodes) {
      cleanUp();
      close.setAttribute("aria-label", t("dialog.close")); // in the page's language now
      heading.textContent = title;
      body.replaceChildren(...nodes);
      if (!dialog.open) dialog.showModal();
    },
    /** Run `fn` once, when the dialog closes or shows something else. */
    whenClosed(fn) { cleanups.push(fn); },
    close() { if (dialog.open) dialog.close(); },
    get isOpen() { return dialog.open; },
  };
}
