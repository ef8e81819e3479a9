// The names of cards and suits in the page's language (screen readers,
// tooltips, messages), for the art of card-art.js. No rule logic.
import { cardSVG, rankLabel, splitCard } from "./card-art.js";
import { has, t } from "./texts.js";

const FRENCH_SYMBOLS = { A: "♣", L: "♠", H: "♥", B: "♦" };

/** The card's name in words (for screen readers and tooltips). */
export function cardName(notation, faces = "german", form = "") {
  const { suit, rank } = splitCard(notation);
  return nameInForm("card.name", suitName(suit, faces), rank, rankName(rank, faces), faces, form);
}

/**
 * A card's name from the catalog entry `key` ({{suit}}, {{rank}}), in `form`
 * ("acc": "den Kreuz-Buben") where the language's catalog declines it: the
 * rank's declined word (card.declined.<faces>.<rank>.<form>) and the definite
 * article (card.article.<form>.<gender>, the gender by rank and faces:
 * card.gender.<faces>.<rank>); else the plain name.
 */
export function nameInForm(key, suitWord, rank, rankWord, faces, form = "") {
  const declined = `card.declined.${faces}.${rank}.${form}`;
  const name = t(key, { suit: suitWord, rank: form && has(declined) ? t(declined) : rankWord });
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
