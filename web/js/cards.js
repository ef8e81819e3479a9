// The names of cards and suits in the page's language (screen readers,
// tooltips, messages), for the art of card-art.js. No rule logic.
import { rankLabel, splitCard } from "./card-art.js";
import { has, t } from "./texts.js";

const FRENCH_SYMBOLS = { A: "♣", L: "♠", H: "♥", B: "♦" };

/** The card's name in words (for screen readers and tooltips). */
export function cardName(notation, faces = "german") {
  const { suit, rank } = splitCard(notation);
  const rankKey = `rank.${faces}.${rank}`;
  return t("card.name", { suit: suitName(suit, faces), rank: has(rankKey) ? t(rankKey) : rank });
}

/** A short label, e.g. "BU" or "♦J". */
export function cardShort(notation, faces = "german") {
  const { suit, rank } = splitCard(notation);
  if (faces === "french") return `${FRENCH_SYMBOLS[suit]}${rankLabel(rank, faces)}`;
  return notation;
}

export function suitName(suit, faces = "german") {
  const key = `suit.${faces}.${suit}`;
  return has(key) ? t(key) : suit;
}
