// Run pytest inside Pyodide under Node, against the built engine wheel.
//
//   node tests/pyodide/run_in_pyodide.mjs --engine-wheel PATH --wheels DIR
//        [--stdlib ZIP [--fallback-stdlib FULL.zip]] [--repo DIR] -- [pytest args]
//
// * loads Pyodide from node_modules (optionally with the compiled stdlib),
// * unpacks every wheel in --wheels (pytest, hypothesis and their pure deps,
//   downloaded from PyPI by the calling test) and the engine wheel into
//   site-packages,
// * mounts the repository at /repo with mountNodeFS and runs pytest.main
//   from /tmp (so `engine` is imported from the wheel, not the source tree),
// * skips (at run time) any test that starts a subprocess: Pyodide has none,
// * with --fallback-stdlib (the site's trimmed stdlib as --stdlib): puts the
//   full stdlib after it on sys.path for pytest's own needs, and audits every
//   import: one made by engine code (directly, or through stdlib code of the
//   trimmed zip) that is found only in the full stdlib fails the run (exit 4),
//   since the site would not have it,
// * exits with pytest's exit code.
import { loadPyodide } from "pyodide";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const sep = argv.indexOf("--");
const own = sep < 0 ? argv : argv.slice(0, sep);
const pytestArgs = sep < 0 ? [] : argv.slice(sep + 1);
const opts = { repo: path.resolve(here, "..", "..") };
for (let i = 0; i < own.length; i += 2) {
  const key = own[i].replace(/^--/, "").replace(/-([a-z])/g, (_, c) => c.toUpperCase());
  opts[key] = own[i + 1];
}
if (!opts.engineWheel || !opts.wheels) {
  console.error("usage: run_in_pyodide.mjs --engine-wheel PATH --wheels DIR [--stdlib ZIP] [--repo DIR] -- ARGS");
  process.exit(2);
}

// Who made an import: the first frame outside importlib and outside the
// trimmed stdlib. Modules are told apart by where they were loaded from
// (__file__), not co_filename: both zips were compiled with the same prefix.
const AUDIT = `
import builtins, importlib, sys, zipimport
sys.path.append("/lib/full_stdlib.zip")
_TRIMMED = next(p for p in sys.path if p.endswith(".zip") and "python3" in p) + "/"
_FULL = "/lib/full_stdlib.zip/"
_outside = set()

class _FullStdlibSubmodules:
    """Submodules the trimmed zip lacks of a package it has (importlib.metadata):
    a package's submodules are looked up in its own __path__ only."""

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        parent = name.rpartition(".")[0]
        if not parent:
            return None
        try:
            return zipimport.zipimporter(_FULL + parent.replace(".", "/")).find_spec(name)
        except zipimport.ZipImportError:
            return None

sys.meta_path.append(_FullStdlibSubmodules)

def _file_of(frame):
    return frame.f_globals.get("__file__") or ""

def _importer(frame):
    while frame is not None:
        name = frame.f_globals.get("__name__", "")
        where = _file_of(frame)
        if not (name.startswith("importlib._bootstrap") or where.startswith(_TRIMMED)
                or frame.f_code is _audited_import.__code__ or frame.f_code is _audited_import_module.__code__):
            return where
        frame = frame.f_back
    return ""

def _check(names, frame):
    who = _importer(frame)
    # The __main__.py files are the command lines (replay, hint, verify, trick): the
    # page never runs them, and the site's stdlib leaves out what only they need.
    if not who.startswith(ENGINE_DIR) or who.endswith("/__main__.py"):
        return
    for name in names:
        parts = name.split(".")
        for depth in range(1, len(parts) + 1):
            module = sys.modules.get(".".join(parts[:depth]))
            origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
            if origin.startswith(_FULL):
                _outside.add((".".join(parts[:depth]), who.removeprefix(ENGINE_DIR)))

_original_import = builtins.__import__
_original_import_module = importlib.import_module

def _audited_import(name, globals=None, locals=None, fromlist=(), level=0):
    module = _original_import(name, globals, locals, fromlist, level)
    if level == 0:
        _check([name] + [f"{name}.{item}" for item in (fromlist or ()) if f"{name}.{item}" in sys.modules],
               sys._getframe(1))
    return module

def _audited_import_module(name, package=None):
    module = _original_import_module(name, package)
    if not name.startswith("."):
        _check([name], sys._getframe(1))
    return module

builtins.__import__ = _audited_import
importlib.import_module = _audited_import_module

def stdlib_audit_report():
    if _outside:
        print("run_in_pyodide: the engine imports stdlib modules the site's trimmed stdlib lacks:")
        for name, who in sorted(_outside):
            print(f"  {name}  (imported by engine/{who})")
    else:
        print("run_in_pyodide: every stdlib module the engine imported is in the trimmed stdlib")
    return bool(_outside)
`;

async function main() {
  const t0 = performance.now();
  const indexURL = path.join(opts.repo, "node_modules", "pyodide") + path.sep;
  const pyodide = await loadPyodide({ indexURL, ...(opts.stdlib ? { stdLibURL: path.resolve(opts.stdlib) } : {}) });
  const bootMs = performance.now() - t0;

  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  const wheels = readdirSync(opts.wheels).filter((f) => f.endsWith(".whl")).map((f) => path.join(opts.wheels, f));
  for (const wheel of [...wheels, path.resolve(opts.engineWheel)]) {
    pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: sitePackages });
  }
  if (opts.fallbackStdlib) {
    pyodide.FS.writeFile("/lib/full_stdlib.zip", new Uint8Array(readFileSync(opts.fallbackStdlib)));
    pyodide.globals.set("ENGINE_DIR", `${sitePackages}/engine/`);
    pyodide.runPython(AUDIT);
  }
  pyodide.mountNodeFS("/repo", path.resolve(opts.repo));
  pyodide.globals.set("PYTEST_ARGS", pyodide.toPy(pytestArgs));
  console.log(`run_in_pyodide: Pyodide ${pyodide.version} booted in ${(bootMs / 1000).toFixed(2)} s` +
    (opts.stdlib ? " (compiled stdlib)" : ""));
  const code = await pyodide.runPythonAsync(`
  import importlib, os, sys
  sys.dont_write_bytecode = True   # keep the mounted repo clean
  importlib.invalidate_caches()
  os.chdir("/tmp")
  import engine
  print(f"run_in_pyodide: Python {sys.version.split()[0]} on {sys.platform}; engine from {os.path.dirname(engine.__file__)}", flush=True)
  assert not engine.__file__.startswith("/repo/"), "engine must come from the wheel"
  import pytest, subprocess
  def _no_processes(*args, **kwargs):
      # Pyodide cannot start processes: such tests (CLI runs) are CPython-only.
      pytest.skip("starts a subprocess: not possible in Pyodide (runs on CPython)")
  subprocess.Popen.__init__ = _no_processes
  args = ["--rootdir=/repo", "-c", "/repo/pyproject.toml", "-o", "pythonpath=", "-p", "no:cacheprovider"]
  # repo-relative paths (tests/engine, tests/engine/test_x.py::test_y) → /repo/...
  args += ["/repo/" + a if not a.startswith(("-", "/")) and os.path.exists("/repo/" + a.split("::")[0]) else a
           for a in PYTEST_ARGS]
  exit_code = int(pytest.main(args))
  audit = globals().get("stdlib_audit_report")
  if audit is not None and audit():
      exit_code = exit_code or 4
  exit_code
  `);
  return code;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    // Print the message only: Node would otherwise echo Pyodide's minified source line.
    console.error(`run_in_pyodide: ${err && err.stack ? err.stack : err}`);
    process.exit(3);
  },
);
