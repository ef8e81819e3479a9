// Player input on the hand: click/tap, and keyboard (arrows move among the
// cards with a roving tabindex, Enter/Space plays). Delegated on the felt so
// re-rendering the cards keeps working. Which cards are playable comes from
// the rendered view (aria-disabled); nothing is decided here.

const NEXT_KEYS = new Set(["ArrowRight", "ArrowDown"]);
const PREV_KEYS = new Set(["ArrowLeft", "ArrowUp"]);

function handCards(container) {
  return [...container.querySelectorAll(".hand-mine .card-mine")];
}

export function focusCard(button) {
  if (!button) return;
  for (const other of handCards(button.closest(".felt") || document)) other.tabIndex = -1;
  button.tabIndex = 0;
  button.focus();
}

/**
 * @param {HTMLElement} felt  the element that holds the seats
 * @param {{onPlay(card: string, button: HTMLElement): void,
 *          onRefused(card: string, reason: string, button: HTMLElement): void,
 *          onFocusCard(card: string|null, reason: string): void}} handlers
 */
export function attachHandInput(felt, handlers) {
  felt.addEventListener("click", (event) => {
    const button = event.target.closest(".card-mine");
    if (!button || !felt.contains(button)) return;
    const card = button.dataset.card;
    focusCard(button);
    if (button.getAttribute("aria-disabled") === "true") handlers.onRefused(card, button.dataset.reason || "", button);
    else handlers.onPlay(card, button);
  });
  felt.addEventListener("keydown", (event) => {
    const button = event.target.closest && event.target.closest(".card-mine");
    if (!button) return;
    const cards = handCards(felt);
    const index = cards.indexOf(button);
    let target = null;
    if (NEXT_KEYS.has(event.key)) target = cards[(index + 1) % cards.length];
    else if (PREV_KEYS.has(event.key)) target = cards[(index - 1 + cards.length) % cards.length];
    else if (event.key === "Home") target = cards[0];
    else if (event.key === "End") target = cards[cards.length - 1];
    if (target) {
      event.preventDefault();
      focusCard(target);
    }
  });
  const describe = (event) => {
    const button = event.target.closest && event.target.closest(".card-mine");
    if (button) handlers.onFocusCard(button.dataset.card, button.dataset.reason || "");
  };
  // A focus says why only while the keyboard is in use: after a tap on the
  // panel's Continue the focus is put on the new hand by script, and its first
  // card's "Not your turn" read as if the tap had gone through to that card.
  // (:focus-visible cannot tell: Chromium shows it for that scripted focus.)
  let byKeyboard = false;
  felt.ownerDocument.addEventListener("keydown", () => { byKeyboard = true; }, true);
  felt.ownerDocument.addEventListener("pointerdown", () => { byKeyboard = false; }, true);
  felt.addEventListener("focusin", (event) => {
    if (byKeyboard) describe(event);
  });
  // A finger has no hover: its tap (the click above) says why.
  felt.addEventListener("pointerover", (event) => {
    if (event.pointerType !== "touch") describe(event);
  });
  felt.addEventListener("focusout", (event) => {
    if (!felt.contains(event.relatedTarget)) handlers.onFocusCard(null, "");
  });
}
