// Boots Pyodide and the engine inside the engine worker (worker.js), from a
// memory snapshot when one fits this exact build, else normally.
//
// Where a snapshot comes from (BUILD_INFO.snapshot; test knob: the worker's
// ?snapshot=device|shipped|off):
// - "device" (what the site does): made on this device and kept in the origin
//   private file system (snapshot-store.js), under the build's snapshot key
//   (Pyodide runtime, stdlib, engine wheel, this file). Later visits restore it
//   instead of booting. The first visit downloads nothing extra for it.
//   [instant] The first visit's engine boots normally and imports the bridge
//   only, so it is ready as soon as a plain boot is. The snapshot is made once
//   the page is quiet, by a second worker in the background
//   (snapshot-maker.js, makeSnapshotImage): a snapshot can only be taken of a
//   Pyodide that was loaded for it and has run nothing of the person's games.
// - "shipped": a snapshot file made by the build (`build(snapshot="shipped")`,
//   only for scripts/measure_boot.py, which compares both ways).
// - "off": a normal boot.
// Any trouble with a snapshot (none stored, corrupt, made by another build, no
// storage, quota, no nested workers) means a normal boot, without a word to the player.
//
// The snapshot holds memory, not files: the engine's wheel is written into
// the file system again after a restore (it is on sys.path, zipimport reads
// from it lazily), and what the snapshot froze is renewed (random state, time
// zone). Python's string hash seed stays the one of the snapshot's boot
// (harmless: no engine result depends on hash order, a house rule).
//
// Before a snapshot is taken the engine is warmed (warmEngine): the catalog
// (it checks every tutorial's script) and a match of each game opened and
// reloaded, so the caches and the interpreter's specialised code are in the
// snapshot and a restored engine answers its first requests at once.

import { findSnapshot } from "./snapshot-store.js";

/** The snapshot is made once the page has sent no request for this long. */
const MAKE_WHEN_QUIET_MS = 2000;

/** Resolves once no message has come into this worker for `ms` (the page's opening is over). */
function quiet(ms) {
  return new Promise((resolve) => {
    let timer = 0;
    const wait = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        self.removeEventListener("message", wait);
        resolve();
      }, ms);
    };
    self.addEventListener("message", wait);
    wait();
  });
}

const RENEW_AFTER_RESTORE = `
import random, sys, time
random.seed()
if hasattr(time, "tzset"):
    time.tzset()
if "tempfile" in sys.modules:
    sys.modules["tempfile"]._name_sequence = None
`;

/**
 * Run `load` (a loadPyodide call) with Pyodide's request for `early.url`
 * answered by `early.response`, a fetch the worker started before its modules
 * had arrived. Used once: a later boot (after a failed restore) fetches anew.
 * Pyodide asks for its files with the worker's global fetch (its
 * browser_getBinaryResponse), so that is where the response is handed over;
 * any other request passes through. Should Pyodide not ask for that URL, the
 * early download is cancelled rather than left running.
 */
async function adoptEarly(early, load) {
  if (!early || !early.response) return load();
  const { url, response } = early;
  const fetchNormally = self.fetch;
  self.fetch = function fetchAdoptingEarly(input, init) {
    if (early.response && String(input) === url) {
      early.response = null;
      return response;
    }
    return fetchNormally.call(this, input, init);
  };
  try {
    return await load();
  } finally {
    self.fetch = fetchNormally;
    if (early.response) {
      early.response = null;
      early.abort();
    }
  }
}

/** A snapshot file shipped with the site (integrity-checked by fetch). */
function shippedSnapshot(info, siteURL) {
  if (!info.snapshot_file || !(info.snapshot_length > 0)) return null;
  return {
    length: info.snapshot_length,
    async fill(image) {
      const reply = await fetch(siteURL(info.snapshot_file), { integrity: info.snapshot_integrity });
      if (!reply.ok) return false;
      const bytes = new Uint8Array(await reply.arrayBuffer());
      if (bytes.length !== image.length) return false;
      image.set(bytes);
      return true;
    },
    discard() {},
  };
}

/**
 * loadPyodide from a snapshot, its bytes arriving while the wasm compiles:
 * Pyodide gets a zeroed image of the right length at once, and its fsInit
 * hook (run after the wasm is instantiated, before memory is restored) waits
 * until the image is filled. An image that could not be filled keeps a zero
 * header, which Pyodide refuses ("invalid magic number"): a plain rejection.
 */
async function restore(loadPyodide, options, snapshot, early) {
  const image = new Uint8Array(snapshot.length);
  const filled = snapshot.fill(image).catch(() => false);
  const fsInit = async () => {
    if (!(await filled)) image.fill(0, 0, 64);
  };
  return adoptEarly(early, () => loadPyodide({ ...options, _loadSnapshot: image, fsInit }));
}

export function mountEngine(pyodide, info, wheel) {
  pyodide.FS.writeFile(info.wheel_mount, wheel);
}

/** The module a page's requests go through: it imports the rest when first needed. */
const BRIDGE_ONLY = ["engine.bridge"];

/**
 * Put the engine on sys.path and import `modules` (default: every engine
 * module, as a snapshot should hold them; a plain boot imports the bridge only,
 * whose players, solvers, hints, review and tutorials load when first asked for).
 */
export function importEngine(pyodide, info, modules = info.engine_modules) {
  pyodide.globals.set("_stichtag_modules", pyodide.toPy(modules));
  pyodide.runPython(`
import importlib, sys
if ${JSON.stringify(info.wheel_mount)} not in sys.path:
    sys.path.insert(0, ${JSON.stringify(info.wheel_mount)})  # new: nothing cached to invalidate
for _name in _stichtag_modules:
    importlib.import_module(_name)
del _name, _stichtag_modules
`);
}

/**
 * Run what a page's first requests run, then forget the match: the work is
 * done once, on the boot that makes the snapshot, instead of on every visit.
 */
export function warmEngine(pyodide) {
  pyodide.runPython("from engine.bridge import warm_up\nwarm_up()");
}

/** engine.bridge.handle, once it answers ping (a restored snapshot must prove itself). */
function bridgeHandle(pyodide) {
  const handle = pyodide.pyimport("engine.bridge").handle;
  const pong = JSON.parse(handle(JSON.stringify({ op: "ping" })));
  if (!pong || pong.ok !== true) throw new Error("the engine did not answer ping");
  return handle;
}

/** loadPyodide's options for this site (its own runtime, stdlib and packages, never a CDN). */
function pyodideOptions(info, siteURL) {
  const indexURL = siteURL("pyodide/");
  const options = {
    indexURL,
    packageBaseUrl: indexURL,
    stdLibURL: siteURL(info.stdlib),
    stdout: (line) => console.log("[python]", line),
    stderr: (line) => console.warn("[python]", line),
  };
  // pyodide.asm.mjs (1.2 MB of JS) loads alongside pyodide.mjs rather than after it.
  const runtime = import(indexURL + "pyodide.asm.mjs");
  runtime.catch(() => {}); // a failure reaches loadPyodide through createPyodideModule
  options.createPyodideModule = (settings) => runtime.then((module) => module.default(settings));
  return options;
}

/**
 * A memory snapshot of a fresh Pyodide with the whole engine imported and
 * warmed (snapshot-maker.js runs this in its own worker).
 * @returns {Promise<Uint8Array>} the image for keepSnapshot
 */
export async function makeSnapshotImage({ info, siteURL, wheel }) {
  const options = pyodideOptions(info, siteURL);
  const { loadPyodide } = await import(options.indexURL + "pyodide.mjs");
  const pyodide = await loadPyodide({ ...options, _makeSnapshot: true });
  mountEngine(pyodide, info, wheel);
  importEngine(pyodide, info);
  warmEngine(pyodide);
  return pyodide.makeMemorySnapshot();
}

/**
 * Once the page is quiet, make and keep this build's snapshot in a second
 * worker (the engine worker keeps answering meanwhile). Resolves true once
 * it is kept, false if it could not be (the next visit boots normally and tries again).
 */
function keepSnapshotInBackground(wheel) {
  return quiet(MAKE_WHEN_QUIET_MS).then(() => new Promise((resolve) => {
    let maker;
    try {
      maker = new Worker(new URL("./snapshot-maker.js", import.meta.url), { type: "module", name: "stichtag-snapshot" });
    } catch {
      resolve(false); // no nested workers here: every visit boots normally
      return;
    }
    const done = (kept) => {
      maker.terminate();
      resolve(kept);
    };
    maker.onmessage = (event) => done(Boolean(event.data && event.data.kept));
    maker.onerror = (event) => {
      event.preventDefault();
      done(false);
    };
    maker.postMessage({ wheel }); // a copy: structured clone
  }));
}

/**
 * Boot Pyodide and import the engine.
 * @param {object} o
 * @param {object} o.info          BUILD_INFO
 * @param {(path: string) => string} o.siteURL
 * @param {string} [o.mode]        "device" | "shipped" | "off" (default: the build's)
 * @param {Promise<Uint8Array>} o.wheel  the engine wheel's bytes
 * @param {(stage: string) => void} o.status
 * @param {(name: string) => void} o.mark
 * @param {{wasm?: {url: string, response: Promise<Response>, abort: () => void}}} [o.early]
 *        what worker.js asked for before its modules had arrived (adoptEarly)
 * @returns {Promise<{pyodide: object, handle: Function, boot: string, stored?: Promise<boolean>}>}
 */
export async function bootEngine({ info, siteURL, mode, wheel, status, mark, early = {} }) {
  const options = pyodideOptions(info, siteURL);
  const way = ["device", "shipped", "off"].includes(mode) ? mode : info.snapshot || "off";
  const pyodideModule = import(options.indexURL + "pyodide.mjs");
  const snapshot = way === "device" ? await findSnapshot(info.snapshot_key)
    : way === "shipped" ? shippedSnapshot(info, siteURL) : null;
  const { loadPyodide } = await pyodideModule;
  mark("module");

  if (snapshot) {
    let pyodide = null;
    try {
      pyodide = await restore(loadPyodide, options, snapshot, early.wasm);
    } catch {
      snapshot.discard(); // a normal boot follows, and leaves a good snapshot
    }
    if (pyodide) {
      mark("python");
      status("engine");
      const engineWheel = await wheel; // a failed download is the boot's error, not the snapshot's
      try {
        mountEngine(pyodide, info, engineWheel);
        pyodide.runPython(RENEW_AFTER_RESTORE);
        const handle = bridgeHandle(pyodide);
        mark("import");
        return { pyodide, handle, boot: "snapshot" };
      } catch {
        snapshot.discard();
      }
    }
  }

  const pyodide = await adoptEarly(early.wasm, () => loadPyodide(options));
  mark("python");
  status("engine");
  const engineWheel = await wheel;
  mountEngine(pyodide, info, engineWheel);
  importEngine(pyodide, info, BRIDGE_ONLY);
  mark("import");
  const handle = bridgeHandle(pyodide);
  if (way === "device") return { pyodide, handle, boot: "normal", stored: keepSnapshotInBackground(engineWheel) };
  return { pyodide, handle, boot: "normal" };
}
