// Renders catalog entries through the page's own formatters (web/js/texts.js,
// web/js/table/messages.js by way of each game's table) under Node, for
// tests/test_rendered_texts.py.
//
//   node render_texts.mjs JS_DIR < {language, entries, jobs: [...]}
//
// A job is {id, key, params, game?, message?}: a message (an engine message,
// its params as the engine sends them) is worded by the game's table for the
// viewer South (seat 0, partner North) with German faces; any other job is
// t(key, params). Prints {id: {text, cards: {code: name}}} as JSON: the text,
// and the name the page gives each card code of the job's card params.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

// texts.js keeps <html lang> in step: the one DOM property these modules touch.
globalThis.document = { documentElement: {} };

const jsDir = process.argv[2];
const load = (path) => import(pathToFileURL(`${jsDir}/${path}`).href);
const texts = await load("texts.js");
const { seating } = await load("table/layout.js");
const { PARAM_KINDS } = await load("param-kinds.js");
const { cardName } = await load("cards.js");
const tables = {
  doppelkopf: (await load("table/doppelkopf.js")).doppelkopfTable,
  karnoffel: (await load("table/karnoffel.js")).karnoffelTable,
};

const input = JSON.parse(readFileSync(0, "utf-8"));
await texts.useLanguage(input.language, input.entries);
const seats = seating({ players: 4, seat: 0, teams: [[0, 2], [1, 3]] });
const ctx = { seating: seats, faces: "german" };

/** The page's name of each card code in the job's card params. */
function cardNames(job) {
  const names = {};
  for (const [name, value] of Object.entries(job.params || {})) {
    const kind = PARAM_KINDS[name];
    if (kind !== "card" && kind !== "cards") continue;
    for (const code of String(value).split(",")) {
      names[code] = job.game === "doppelkopf" ? tables.doppelkopf.helpPicture(code).label : cardName(code, "german");
    }
  }
  return names;
}

const out = {};
for (const job of input.jobs) {
  const text = job.message
    ? tables[job.game].formatMessage({ key: job.key, params: job.params }, ctx)
    : texts.t(job.key, job.params);
  out[job.id] = { text, cards: cardNames(job) };
}
process.stdout.write(JSON.stringify(out));
