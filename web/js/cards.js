// The names of cards and suits in the page's language (screen readers,
// tooltips, messages), for the art of card-art.js. No rule logic.
import { cardSVG, rankLabel, splitCard } from "./card-art.js";
import { has, t } from "./texts.js";

const FRENCH_SYMBOLS = { A: "♣", L: "♠", H: "♥", B: "♦" };

/** The card's name in words (for screen readers and tooltips). */
export function cardName(notation, faces = "german", form = "") {
  const { suit, rank } = splitCard(notation);
  return withArticle(t("card.name", { suit: suitName(suit, faces), rank: rankInForm(rankName(rank, faces), rank, faces, form) }), rank, faces, form);
}

/** A rank's word as its `form` declines it, where the catalog says so ("den Kreuz-Buben"). */
export function rankInForm(word, rank, faces, form) {
  const key = `card.declined.${faces}.${rank}.${form}`;
  return form && has(key) ? t(key) : word;
}

/**
 * A card's `name` with its definite article in `form` ("acc": "den Pik-König"),
 * where the language's catalog has articles (card.article.<form>.<gender>, the
 * gender by rank and faces: card.gender.<faces>.<rank>); else the name alone.
 */
export function withArticle(name, rank, faces, form) {
  const gender = `card.gender.${faces}.${rank}`;
  const article = form && has(gender) ? `card.article.${form}.${t(gender)}` : "";
  return article && has(article) ? `${t(article)} ${name}` : name;
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

/** A rank in words: "Unter", and a number as the language says it on a card ("Herz-Neun", "Hearts 9"). */
export function rankName(rank, faces = "german") {
  const key = `rank.${faces}.${rank}`;
  return has(key) ? t(key) : rank;
}

/** A card's face (card-art.js) with a German court card's name written on it ("Unter", not "U"). */
export function cardFace(notation, faces = "german") {
  const { rank } = splitCard(notation);
  const named = faces === "german" && (rank === "U" || rank === "O");
  return cardSVG(notation, faces, named ? rankName(rank, faces) : "");
}

/** The names a message's cards, suits and ranks take with `faces` (table/messages.js). */
export function cardNames(faces = "german") {
  return {
    card: (notation, form) => cardName(notation, faces, form),
    suit: (suit) => suitName(suit, faces),
    rank: (rank) => rankName(rank, faces),
  };
}
