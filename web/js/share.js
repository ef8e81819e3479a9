// The share panel of a finished daily: the engine's spoiler-free text (shown,
// copied with one tap, or sent with the Web Share API where the device has
// it) and its plain sentence for screen readers.
import { t } from "./texts.js";

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

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
  const section = el("section", "share-panel");
  section.setAttribute("aria-labelledby", "share-heading");
  const heading = el("h3", "share-heading", t("share.heading"));
  heading.id = "share-heading";
  const pre = el("pre", "share-text", text);
  pre.setAttribute("aria-hidden", "true");
  pre.tabIndex = -1;
  const sr = el("p", "share-line visually-hidden", line);
  const status = el("p", "share-status");
  status.setAttribute("role", "status");
  status.setAttribute("aria-live", "polite");
  const actions = el("div", "share-actions");

  const copy = el("button", "share-copy primary", t("share.copy"));
  copy.type = "button";
  copy.addEventListener("click", async () => {
    if (await copyText(text)) {
      status.textContent = t("share.copied");
    } else {
      selectText(pre);
      status.textContent = t("share.copy_failed");
    }
  });
  actions.append(copy);

  if (typeof navigator.share === "function") {
    const send = el("button", "share-send", t("share.send"));
    send.type = "button";
    send.addEventListener("click", async () => {
      try {
        await navigator.share({ text });
        status.textContent = t("share.sent");
      } catch { /* cancelled by the person: nothing to say */ }
    });
    actions.append(send);
  }
  section.append(heading, pre, sr, actions, status);
  return section;
}
