// Standalone SVG card pictures for the rules pages, drawn by the site's own card
// art (web/js/card-art.js) so the pages show exactly the cards of the table.
//
//   node scripts/card_pictures.mjs --out DIR
//
// writes DIR/german/<Karnöffel notation>.svg (all 48: A L H B x K O U 10..2) and
// DIR/french/<Doppelkopf notation>.svg (C S H D x A 10 K Q J 9, mapped onto
// card-art.js' French shapes as web/js/table/doppelkopf.js does).
//
// On the table the art is coloured by web/css/cards.css through classes. An
// <img> gets no page styles, so every class becomes presentation attributes
// (fill, stroke, font-*) with the values read from cards.css itself: no
// <style> element, one place for the colours.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// web/js/card-art.js is an ES module in a package without "type": "module", which
// Node before 20.19 will not import by path; it imports nothing itself, so its
// source is imported as is, from a data: URL.
const CARDS_JS = readFileSync(path.join(ROOT, "web", "js", "card-art.js"), "utf8");
const { cardSVG } = await import(`data:text/javascript;base64,${Buffer.from(CARDS_JS).toString("base64")}`);

const GERMAN_SUITS = ["A", "L", "H", "B"];
const GERMAN_RANKS = ["K", "O", "U", "10", "9", "8", "7", "6", "5", "4", "3", "2"];
const FRENCH_SUITS = ["C", "S", "H", "D"];
const FRENCH_RANKS = ["A", "10", "K", "Q", "J", "9"];
// Doppelkopf notation -> card-art.js art (the same mapping as the Doppelkopf table).
const FRENCH_SUIT_ART = { C: "A", S: "L", H: "H", D: "B" };
const FRENCH_RANK_ART = { Q: "O", J: "U" };

/** The declarations of each rule of a (simple, flat) stylesheet, by selector. */
function parseCss(text) {
  const rules = new Map();
  const body = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/@media[^{]*\{[\s\S]*?\}\s*\}/g, "");
  for (const match of body.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const declarations = {};
    for (const part of match[2].split(";")) {
      const colon = part.indexOf(":");
      if (colon > 0) declarations[part.slice(0, colon).trim()] = part.slice(colon + 1).trim();
    }
    for (const selector of match[1].split(",")) {
      const key = selector.trim().replace(/\s+/g, " ");
      rules.set(key, { ...(rules.get(key) || {}), ...declarations });
    }
  }
  return rules;
}

const css = parseCss(readFileSync(path.join(ROOT, "web", "css", "cards.css"), "utf8"));

function rule(selector) {
  const found = css.get(selector);
  if (!found) throw new Error(`card_pictures: web/css/cards.css has no rule ${selector}`);
  return found;
}

/** `font: 700 15px/1 system-ui, sans-serif` as SVG presentation attributes. */
function fontAttributes(shorthand) {
  const match = /^(\d+)\s+([\d.]+)px(?:\/\S+)?\s+(.+)$/.exec(shorthand || "");
  if (!match) throw new Error(`card_pictures: cannot read the font ${JSON.stringify(shorthand)}`);
  return { "font-weight": match[1], "font-size": match[2], "font-family": match[3] };
}

/** Presentation attributes for one element of the art, given its tag, class and suit colour. */
function attributesFor(tag, classes, colour) {
  const paint = (value) => (value === "currentColor" ? colour : value);
  const pick = (declarations, names) =>
    Object.fromEntries(names.filter((n) => n in declarations).map((n) => [n, paint(declarations[n])]));
  if (classes.includes("card-bg")) return pick(rule(".card-face .card-bg"), ["fill", "stroke", "stroke-width"]);
  if (classes.includes("index") || classes.includes("court")) {
    const declarations = rule(classes.includes("index") ? ".card-face .index" : ".card-face .court");
    return { ...fontAttributes(declarations.font), fill: paint(declarations.fill) };
  }
  if (classes.includes("suit-shape")) return pick(rule(".suit-shape"), ["fill", "stroke", "stroke-width"]);
  if (classes.includes("detail")) {
    const declarations = tag === "circle" ? rule(".suit-shape circle.detail") : rule(".suit-shape .detail");
    return pick(declarations, ["fill", "stroke"]);
  }
  throw new Error(`card_pictures: no colours known for <${tag} class="${classes.join(" ")}">`);
}

/** A card face from card-art.js as a standalone SVG document. */
export function standaloneCard(artNotation, faces) {
  const markup = cardSVG(artNotation, faces);
  const colour = rule(`.suit-${artNotation[0]}`).color;
  if (!colour) throw new Error(`card_pictures: no colour for suit ${artNotation[0]}`);
  const body = markup
    .replace(/^<svg [^>]*>/, "")
    .replace(/<(\w+)([^>]*?) class="([^"]+)"([^>]*?)(\/?)>/g, (_, tag, before, cls, after, selfClose) => {
      const attributes = attributesFor(tag, cls.split(/\s+/), colour);
      let rest = `${before}${after}`;
      for (const name of Object.keys(attributes)) {
        rest = rest.replace(new RegExp(`\\s${name}="[^"]*"`), ""); // the stylesheet's value wins
      }
      const added = Object.entries(attributes).map(([name, value]) => ` ${name}="${value}"`).join("");
      return `<${tag}${rest}${added}${selfClose}>`;
    })
    .replace(/\n\s*/g, "\n");
  if (/class=|currentColor/.test(body)) throw new Error(`card_pictures: ${artNotation} kept a class`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 90" width="60" height="90">${body}\n`;
}

export function writeCards(out) {
  const written = [];
  const write = (folder, name, svg) => {
    mkdirSync(path.join(out, folder), { recursive: true });
    writeFileSync(path.join(out, folder, `${name}.svg`), svg);
    written.push(`${folder}/${name}.svg`);
  };
  for (const suit of GERMAN_SUITS) {
    for (const rank of GERMAN_RANKS) write("german", `${suit}${rank}`, standaloneCard(`${suit}${rank}`, "german"));
  }
  for (const suit of FRENCH_SUITS) {
    for (const rank of FRENCH_RANKS) {
      const art = `${FRENCH_SUIT_ART[suit]}${FRENCH_RANK_ART[rank] || rank}`;
      write("french", `${suit}${rank}`, standaloneCard(art, "french"));
    }
  }
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf("--out");
  if (at < 0 || !process.argv[at + 1]) {
    console.error("usage: node scripts/card_pictures.mjs --out DIR");
    process.exit(2);
  }
  const written = writeCards(path.resolve(process.argv[at + 1]));
  console.log(`card_pictures: ${written.length} cards written`);
}
