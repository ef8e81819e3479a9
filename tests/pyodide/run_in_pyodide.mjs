// Run pytest inside Pyodide under Node, against the built engine wheel.
//
//   node tests/pyodide/run_in_pyodide.mjs --engine-wheel PATH --wheels DIR
//        [--stdlib ZIP] [--repo DIR] -- [pytest args, paths relative to the repo]
//
// * loads Pyodide from node_modules (optionally with the compiled stdlib),
// * unpacks every wheel in --wheels (pytest, hypothesis and their pure deps,
//   downloaded from PyPI by the calling test) and the engine wheel into
//   site-packages,
// * mounts the repository at /repo with mountNodeFS and runs pytest.main
//   from /tmp (so `engine` is imported from the wheel, not the source tree),
// * skips (at run time) any test that starts a subprocess: Pyodide has none,
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
  int(pytest.main(args))
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
