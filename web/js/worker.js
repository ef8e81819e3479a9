// Module Web Worker: boots Pyodide, installs the engine wheel, then answers
// requests by calling the Python function engine.bridge.handle(json) -> json.
//
// Protocol (structured-clone messages):
//   main → worker  {id, request}              request: a JSON-able object
//   worker → main  {id, ok: true, response}   response: the parsed JSON answer
//                  {id, ok: false, error: {name, message}}
//                  {type: "status", stage}    boot progress
//                  {type: "ready", timings, pyodideVersion}
//                  {type: "boot-error", error: {name, message}}
// Requests that arrive during boot wait for it. No rule logic lives here.
// The worker, not the page, reads a daily's pinned deals (puzzles/GAME/DATE.json)
// and hands them to the engine: the page never holds a card it may not know.
//
// [instant] This file imports nothing statically: its first lines ask for the
// runtime's largest file (the wasm, which compiles while it arrives) and its
// modules, before the worker's own modules have arrived (a round trip or two).
// engine-boot.js hands the wasm's response to Pyodide (adoptEarly).

const t0 = performance.now();
const timings = {};
const mark = (name) => { timings[name] = Math.round(performance.now() - t0); };
const siteURL = (path) => new URL("../" + path, import.meta.url).href;

/** The runtime's files, asked for at once: {wasm: {url, response, abort}}. */
function startRuntime() {
  const indexURL = siteURL("pyodide/");
  for (const file of ["pyodide.mjs", "pyodide.asm.mjs"]) {
    import(indexURL + file).catch(() => {}); // engine-boot.js imports the same modules (loaded once)
  }
  const url = indexURL + "pyodide.asm.wasm";
  const controller = new AbortController();
  const response = fetch(url, { signal: controller.signal });
  response.catch(() => {}); // a failure reaches Pyodide, which reports it as its own
  return { wasm: { url, response, abort: () => controller.abort() } };
}

const early = startRuntime();
const modules = Promise.all([import("./build-info.js"), import("./engine-boot.js")]); // [offline]

function errorInfo(err) {
  const info = { name: (err && err.name) || "Error", message: String((err && err.message) || err) };
  // The worker has no texts: the page words an error that names its text key.
  if (err && err.key) Object.assign(info, { key: err.key, params: err.params });
  return info;
}

/** An error the page words from its catalog (`key`, `params`). */
function textError(key, params) {
  return Object.assign(new Error(key), { key, params });
}

async function fetchWheel(BUILD_INFO) {
  const url = siteURL(BUILD_INFO.wheel);
  // Integrity-checked: a stale cached wheel fails loudly instead of running old code.
  let resp;
  try {
    resp = await fetch(url, { integrity: BUILD_INFO.wheel_integrity });
  } catch (err) {
    throw textError("engine.download_failed", { file: BUILD_INFO.wheel, reason: err.message });
  }
  if (!resp.ok) throw textError("engine.download_status", { file: BUILD_INFO.wheel, status: String(resp.status) });
  return new Uint8Array(await resp.arrayBuffer());
}

async function boot() {
  self.postMessage({ type: "status", stage: "runtime" });
  const [{ BUILD_INFO }, { bootEngine }] = await modules;
  const wheel = fetchWheel(BUILD_INFO); // in parallel with the runtime
  wheel.catch(() => {}); // awaited (and reported) by bootEngine
  // [offline] snapshot boot with a normal-boot fallback: see engine-boot.js
  const mode = new URL(import.meta.url).searchParams.get("snapshot");
  const status = (stage) => self.postMessage({ type: "status", stage });
  const booted = await bootEngine({ info: BUILD_INFO, siteURL, mode, wheel, status, mark, early });
  timings.boot = booted.boot;
  return booted;
}

const engine = boot();
engine.then(
  ({ pyodide }) => self.postMessage({ type: "ready", timings, pyodideVersion: pyodide.version }),
  (err) => self.postMessage({ type: "boot-error", error: errorInfo(err) }),
);

/** The daily a request opens ({game, date}), if any. */
function dailyOf(request) {
  if (!request || typeof request !== "object") return null;
  if (request.op === "daily") return { game: request.game, date: request.date };
  if ((request.op === "load" || request.op === "friend") && request.daily && typeof request.daily === "object") return request.daily;
  return null;
}

/** The pinned daily file, or null when there is none (the engine then refuses the day). */
async function pinnedDaily({ game, date }) {
  try {
    const path = `puzzles/${encodeURIComponent(game)}/${encodeURIComponent(date)}.json`;
    const reply = await fetch(siteURL(path), { cache: "no-cache" });
    return reply.ok ? await reply.json() : null;
  } catch {
    return null;
  }
}

/**
 * The engine's answer to a request. A daily's pinned deals are read only once the
 * engine has accepted the game and the date and asks for them ("daily_not_pinned"),
 * so a bad or future date never fetches a file; pinned deals from the page are
 * never used.
 */
async function answer(handle, request) {
  const ask = (req) => JSON.parse(handle(JSON.stringify(req)));
  if (!request || typeof request !== "object" || Array.isArray(request)) return ask(request);
  const { pinned: _ignored, ...asked } = request;
  const reply = ask(asked);
  const daily = dailyOf(asked);
  if (reply.ok || !daily || !reply.error || reply.error.key !== "daily_not_pinned") return reply;
  const pinned = await pinnedDaily(daily);
  return pinned ? ask({ ...asked, pinned }) : reply;
}

self.onmessage = async (event) => {
  const { id, request } = event.data || {};
  if (typeof id !== "number") return;
  try {
    const { handle } = await engine;
    self.postMessage({ id, ok: true, response: await answer(handle, request) });
  } catch (err) {
    self.postMessage({ id, ok: false, error: errorInfo(err) });
  }
};
