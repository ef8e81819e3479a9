// Small DOM helpers of the app controller: modal <dialog>s and a stack of
// notices (each with its own buttons), both framework-free and CSP-clean
// (classes only, no inline styles).
import { t } from "./texts.js";

export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export function button(label, onClick, className = "") {
  const node = el("button", className, label);
  node.type = "button";
  node.addEventListener("click", onClick);
  return node;
}

/**
 * A modal dialog appended to `parent`: {dialog, body, open(title, ...nodes), close()}.
 * `onClose` runs whenever it closes (Escape, the close button, close()).
 */
export function createDialog(parent, name, { onClose = () => {} } = {}) {
  const dialog = el("dialog", `app-dialog app-dialog-${name}`);
  dialog.dataset.dialog = name;
  const heading = el("h2", "app-dialog-title");
  heading.id = `dialog-${name}-title`;
  dialog.setAttribute("aria-labelledby", heading.id);
  const close = button(t("dialog.close"), () => dialog.close(), "app-dialog-close");
  close.setAttribute("aria-label", t("dialog.close"));
  close.textContent = "×";
  const body = el("div", "app-dialog-body");
  dialog.append(close, heading, body);
  dialog.addEventListener("close", () => onClose());
  parent.append(dialog);
  return {
    dialog,
    body,
    open(title, ...nodes) {
      heading.textContent = title;
      body.replaceChildren(...nodes);
      if (!dialog.open) dialog.showModal();
    },
    close() { if (dialog.open) dialog.close(); },
    get isOpen() { return dialog.open; },
  };
}

/** A stack of notices inside `container`; each has an id so it is shown once. */
export function createNotices(container) {
  const shown = new Map();
  return {
    /** Show (or replace) notice `id`: kind = "info" | "warning" | "error"; actions [{label, onClick}]. */
    show(id, kind, text, actions = []) {
      const box = el("div", "app-notice");
      box.dataset.notice = id;
      box.dataset.kind = kind;
      box.setAttribute("role", kind === "error" ? "alert" : "status");
      box.append(el("p", "app-notice-text", text));
      const bar = el("div", "app-notice-actions");
      const dismiss = () => this.hide(id);
      for (const { label, onClick } of actions) {
        bar.append(button(label, () => { dismiss(); onClick(); }));
      }
      bar.append(button(t("notice.dismiss"), dismiss, "app-notice-dismiss"));
      box.append(bar);
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
