// Card art drawn by the project as SVG: German suits (acorns, leaves, hearts,
// bells) or French faces (clubs, spades, hearts, diamonds), told apart by
// shape and not only by colour. Pure functions returning SVG markup, with no
// words of their own and no imports (the rules pages draw their card pictures
// with it too); the names of cards are in cards.js (cardFace writes a court
// card's name on it). No rule logic.
const FRENCH_RANK = { O: "Q", U: "J" };

// Suit shapes in a 24×24 box. Each is a group of paths so that the shape,
// not the colour, tells the suits apart.
const GERMAN_SHAPES = {
  // Acorn: a scaled cap over an oval nut, with a stalk.
  A: `<path d="M11 2.5h2v3h-2z"/>
      <path d="M4.5 11c0-4.5 3.4-6.5 7.5-6.5s7.5 2 7.5 6.5z"/>
      <path class="detail" d="M6.5 9.5l2-3M10 10l1.2-4.5M14 10l-1.2-4.5M17.5 9.5l-2-3" fill="none" stroke-width="0.9"/>
      <ellipse cx="12" cy="15.5" rx="5.2" ry="6.3"/>`,
  // Leaf: a pointed leaf with a stalk and a central vein.
  L: `<path d="M12 1.5C6 6 3.5 10.5 4.5 14.5c1 3.8 4.3 5 6.6 4.2L10.4 22.5h3.2l-.7-3.8c2.3.8 5.6-.4 6.6-4.2C20.5 10.5 18 6 12 1.5z"/>
      <path class="detail" d="M12 4.5v13M12 9l-3.5-2.5M12 9l3.5-2.5M12 13l-4.5-3M12 13l4.5-3" fill="none" stroke-width="0.9"/>`,
  // Heart.
  H: `<path d="M12 21.5S2 14.8 2 8.2C2 4.7 4.6 2.2 7.6 2.2c2 0 3.5 1.1 4.4 2.7.9-1.6 2.4-2.7 4.4-2.7 3 0 5.6 2.5 5.6 6 0 6.6-10 13.3-10 13.3z"/>`,
  // Bell: a round sleigh bell with a band, a slit and a loop on top.
  B: `<circle cx="12" cy="4" r="2" fill="none" stroke-width="1.4"/>
      <circle cx="12" cy="13.5" r="8.5"/>
      <path class="detail" d="M3.8 11.5h16.4M3.8 13.5h16.4" fill="none" stroke-width="0.9"/>
      <path class="detail" d="M12 16v4.5" fill="none" stroke-width="1.6"/>
      <circle class="detail" cx="12" cy="16.5" r="1.4"/>`,
};

const FRENCH_SHAPES = {
  // Club: three round leaves and a stem.
  A: `<circle cx="12" cy="7" r="4.6"/><circle cx="6.6" cy="13.6" r="4.6"/><circle cx="17.4" cy="13.6" r="4.6"/>
      <path d="M11 12h2l1.5 10h-5z"/>`,
  // Spade: an upturned heart with a stem.
  L: `<path d="M12 2S2 9 2 14.2c0 3 2.4 5 5 5 1.9 0 3.3-1 4-2.2L9.6 22h4.8L13 17c.7 1.2 2.1 2.2 4 2.2 2.6 0 5-2 5-5C22 9 12 2 12 2z"/>`,
  H: GERMAN_SHAPES.H,
  // Diamond.
  B: `<path d="M12 1.5L20.5 12 12 22.5 3.5 12z"/>`,
};

/** Split a notation such as "H10" into its suit letter and rank. */
export function splitCard(notation) {
  return { suit: notation[0], rank: notation.slice(1) };
}

/** The rank as printed on the card face. */
export function rankLabel(rank, faces) {
  return faces === "french" ? FRENCH_RANK[rank] || rank : rank;
}




/** The suit shape alone, as an inline SVG (e.g. to name the chosen suit). */
export function suitSVG(suit, faces = "german", size = 20) {
  const shapes = faces === "french" ? FRENCH_SHAPES : GERMAN_SHAPES;
  return `<svg class="suit suit-${suit}" viewBox="0 0 24 24" width="${size}" height="${size}" aria-hidden="true" focusable="false"><g class="suit-shape">${shapes[suit]}</g></svg>`;
}

/** Text for SVG markup. */
function escapeText(text) {
  return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * A whole card face as SVG markup (60×90 units, scales with CSS). `courtWord`:
 * a court card's name in words ("Unter"), drawn in the middle instead of its
 * letter, for a player who does not know the letters of German cards.
 */
export function cardSVG(notation, faces = "german", courtWord = "") {
  const { suit, rank } = splitCard(notation);
  const shapes = faces === "french" ? FRENCH_SHAPES : GERMAN_SHAPES;
  const label = rankLabel(rank, faces);
  const shape = shapes[suit];
  const court = rank === "K" || rank === "O" || rank === "U";
  // A long word is squeezed to the card's width rather than cut.
  const fit = courtWord && courtWord.length > 5 ? ' textLength="50" lengthAdjust="spacingAndGlyphs"' : "";
  const centreLabel = courtWord
    ? `<text class="court court-word" x="30" y="53" text-anchor="middle"${fit}>${escapeText(courtWord)}</text>`
    : `<text class="court" x="30" y="56" text-anchor="middle">${label}</text>`;
  const centre = court
    ? `${centreLabel}
       <g class="suit-shape" transform="translate(21 60) scale(0.75)">${shape}</g>`
    : `<g class="suit-shape" transform="translate(15 30) scale(1.25)">${shape}</g>`;
  return `<svg class="card-face suit-${suit}" viewBox="0 0 60 90" aria-hidden="true" focusable="false">
    <rect class="card-bg" x="0.75" y="0.75" width="58.5" height="88.5" rx="5"/>
    <text class="index" x="5" y="17">${label}</text>
    <g class="suit-shape" transform="translate(4.5 20) scale(0.55)">${shape}</g>
    <g transform="rotate(180 30 45)">
      <text class="index" x="5" y="17">${label}</text>
      <g class="suit-shape" transform="translate(4.5 20) scale(0.55)">${shape}</g>
    </g>
    ${centre}
  </svg>`;
}

/** The back of a card. */
export function cardBackSVG() {
  return `<svg class="card-back" viewBox="0 0 60 90" aria-hidden="true" focusable="false">
    <rect class="card-bg" x="0.75" y="0.75" width="58.5" height="88.5" rx="5"/>
    <rect class="back-pattern" x="5" y="5" width="50" height="80" rx="3"/>
    <path class="back-lines" d="M5 25l50-20M5 45l50-20M5 65l50-20M5 85l50-20M5 5l50 20M5 25l50 20M5 45l50 20M5 65l50 20" fill="none"/>
  </svg>`;
}
