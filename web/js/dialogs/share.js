// The share panel of a finished daily: the engine's spoiler-free text (shown,
// copied with one tap, or sent with the Web Share API where the device has
// it) and its plain sentence for screen readers.
import { h } from "../dom.js";
import { t } from "../texts.js";

function selectText(node) {
  const range = document.createRange();
  range.selectNodeContents(node);
  const selection = getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
}

/** Copy `text`; resolves true on success (false: could not, caller selects). */
export async function copyText(text) {
  try {
    if (navigator.clipboard && navigator.clipboard.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch { /* fall through */ }
  return false;
}

/** The share section for the engine's {text, line}. */
export function sharePanel({ text, line }) {
  const pre = h("pre", { class: "share-text", "aria-hidden": "true", tabindex: "-1" }, text);
  const status = h("p", { class: "share-status", role: "status", "aria-live": "polite" });
  const copy = h("button", { type: "button", class: "share-copy primary" }, t("share.copy"));
  copy.addEventListener("click", async () => {
    if (await copyText(text)) {
      status.textContent = t("share.copied");
    } else {
      selectText(pre);
      status.textContent = t("share.copy_failed");
    }
  });
  const actions = h("div", { class: "share-actions" }, copy);
  if (typeof navigator.share === "function") {
    const send = h("button", { type: "button", class: "share-send" }, t("share.send"));
    send.addEventListener("click", async () => {
      try {
        await navigator.share({ text });
        status.textContent = t("share.sent");
      } catch { /* cancelled by the person: nothing to say */ }
    });
    actions.append(send);
  }
  return h("section", { class: "share-panel", "aria-labelledby": "share-heading" },
    h("h3", { class: "share-heading", id: "share-heading" }, t("share.heading")),
    pre,
    h("p", { class: "share-line visually-hidden" }, line),
    actions,
    status);
}
