// Trace which standard-library modules the site really imports: Pyodide's own
// boot, the engine (every module, and every stdlib module its source names),
// a tour of the bridge's operations and a Python error reaching JavaScript.
// Runs Pyodide's own Python under Node with the full compiled stdlib; the
// build keeps only the traced modules in the site's stdlib zip.
//
//   node scripts/trace_stdlib.mjs --pyodide DIR --stdlib FULL.zip --engine WHEEL
//        --mount-as /lib/NAME.whl --modules engine.a,engine.b --names json,re
//        --puzzle-karnoffel FILE --puzzle-doppelkopf FILE --day YYYY-MM-DD --out OUT.json
//
// The engine wheel is mounted and imported by the worker's own code
// (web/js/engine-boot.js: mountEngine, importEngine).
// OUT.json: {"modules": [...], "boot": [...]} module names loaded from the zip.
import { loadPyodide } from "pyodide";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const ENGINE_BOOT = path.join(here, "..", "web", "js", "engine-boot.js");

const opts = {};
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i += 2) opts[argv[i].replace(/^--/, "")] = argv[i + 1];
for (const key of ["pyodide", "stdlib", "engine", "mount-as", "modules", "out", "day"]) {
  if (!opts[key]) {
    console.error(`trace_stdlib: missing --${key}`);
    process.exit(2);
  }
}

const LOADED_FROM_ZIP = `
import sys
def loaded_from_zip():
    zip_path = next(p for p in sys.path if p.endswith(".zip") and "python3" in p)
    names = []
    for name, module in list(sys.modules.items()):
        spec = getattr(module, "__spec__", None)
        origin = getattr(spec, "origin", None) or ""
        if origin.startswith(zip_path + "/"):
            names.append(name)
    return sorted(names)
`;

const TOUR = `
import importlib, json, sys
for name in NAMES:
    try:
        importlib.import_module(name)
    except ImportError:
        pass  # a name only another platform has (the engine guards it)
from engine import bridge

def call(**request):
    reply = json.loads(bridge.handle(json.dumps(request)))
    return reply

def play(reply, limit):
    steps = 0
    while reply.get("ok") and reply["view"]["phase"] != "over" and steps < limit:
        view = reply["view"]
        if view["phase"] == "deal":
            reply = call(op="deal")
        elif view["to_act"] == view["seat"]:
            reply = call(op="act", action=view["legal"][-1])
            call(op="act", action="not-a-card")
        else:
            reply = call(op="step")
        steps += 1
    return reply

call(op="ping")
catalog = call(op="catalog", today=DAY)
call(op="archive", today=DAY, offset=0)
for level in catalog.get("accepted_levels", []):
    play(call(op="new", game="karnoffel", rules={"set": "classic"}, seed="trace", level=level), 12)
for rules in ({"set": "classic", "target": 1}, {"set": "historic", "target": 1}):
    reply = play(call(op="new", game="karnoffel", rules=rules, seed="trace", level="random"), 5000)
    call(op="view")
play(call(op="new", game="doppelkopf", seed="trace", level="random"), 5000)
play(call(op="new", game="doppelkopf", seed="trace"), 12)
# The dailies' computers play at the random level: each level's first moves above
# trace the players' imports, and a daily at its default level took 50 s longer
# (the search players inside Pyodide) for the very same list of modules.
for game, pinned in PUZZLES.items():
    reply = call(op="daily", game=game, date=DAY, today=DAY, pinned=json.loads(pinned),
                 level="random")
    reply = play(reply, 5000)
    if reply.get("ok"):
        call(op="load", save=reply["save"], daily={"game": game, "date": DAY}, today=DAY,
             pinned=json.loads(pinned))
        call(op="share", game=game, date=DAY, save=reply["save"])
        call(op="stats", stats={}, game=game)
for entry in catalog.get("tutorials", []):
    reply = call(op="tutorial", id=entry["id"])
    call(op="hint")
    if reply.get("ok"):
        call(op="act", action="not-a-card")
        for action in reply["view"]["legal"][:2]:  # the step's move, or a refusal explained
            call(op="act", action=action)
        call(op="undo")
        call(op="load", save=reply["save"])
call(op="new", game="karnoffel", rules={"set": "classic"}, seed="trace")
call(op="hint")
call(op="load", save={"format": 0}, seat=0)
bridge.handle("not json")
`;

async function main() {
  const t0 = performance.now();
  const indexURL = path.resolve(opts.pyodide) + path.sep;
  const py = await loadPyodide({ indexURL, stdLibURL: path.resolve(opts.stdlib) });
  py.runPython(LOADED_FROM_ZIP);
  const boot = py.globals.get("loaded_from_zip")().toJs();
  const { mountEngine, importEngine } = await import(pathToFileURL(ENGINE_BOOT).href);
  const info = { wheel_mount: opts["mount-as"], engine_modules: opts.modules.split(",").filter(Boolean) };
  mountEngine(py, info, new Uint8Array(readFileSync(opts.engine)));
  importEngine(py, info);
  const puzzles = {};
  for (const game of ["karnoffel", "doppelkopf"]) {
    if (opts[`puzzle-${game}`]) puzzles[game] = readFileSync(opts[`puzzle-${game}`], "utf8");
  }
  py.globals.set("NAMES", py.toPy((opts.names || "").split(",").filter(Boolean)));
  py.globals.set("PUZZLES", py.toPy(puzzles));
  py.globals.set("DAY", opts.day);
  py.runPython(TOUR);
  try {
    py.runPython("raise ValueError('a Python error as JavaScript sees it')");
  } catch {
    // formatting the traceback is what we traced
  }
  const modules = py.globals.get("loaded_from_zip")().toJs();
  writeFileSync(opts.out, JSON.stringify({ modules, boot }, null, 1) + "\n");
  console.log(`trace_stdlib: ${modules.length} stdlib modules (${boot.length} at boot) ` +
    `in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

main().catch((err) => {
  console.error(`trace_stdlib: ${err && err.stack ? err.stack : err}`);
  process.exit(3);
});
