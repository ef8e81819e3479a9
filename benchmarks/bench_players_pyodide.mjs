// Time the computer players' decisions inside Pyodide under Node.
//
//   node benchmarks/bench_players_pyodide.mjs [bench_karnoffel_players.py args, default: --speed-only --pairs 30]
//   node benchmarks/bench_players_pyodide.mjs --bench bench_doppelkopf_players [its args]
//
// Loads Pyodide from node_modules, mounts the repository at /repo with
// mountNodeFS and runs the benchmark module's main() there (default
// benchmarks/bench_karnoffel_players.py, Karnöffel), so the numbers come from the same
// code as on CPython.
import { loadPyodide } from "pyodide";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
let args = process.argv.slice(2);
let bench = "bench_karnoffel_players";
if (args[0] === "--bench") {
  [bench, args] = [args[1], args.slice(2)];
}
const benchArgs = args.length ? args : ["--speed-only", "--pairs", "30"];

const started = performance.now();
const pyodide = await loadPyodide({ indexURL: path.join(repo, "node_modules", "pyodide") + path.sep });
console.log(`Pyodide ${pyodide.version} booted in ${((performance.now() - started) / 1000).toFixed(2)} s`);
pyodide.mountNodeFS("/repo", repo);
// CPU time of this Node process, for "--clock cpu" (Emscripten's own clock is wall time).
pyodide.registerJsModule("node_clock", {
  cpu: () => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1e6;
  },
});
pyodide.globals.set("BENCH_ARGS", pyodide.toPy(benchArgs));
pyodide.globals.set("BENCH_MODULE", bench);
pyodide.setStdout({ batched: (line) => console.log(line) });
await pyodide.runPythonAsync(`
import sys
sys.dont_write_bytecode = True   # keep the mounted repository clean
sys.path[:0] = ["/repo", "/repo/benchmarks"]
import importlib, node_clock
bench = importlib.import_module(BENCH_MODULE)
bench.CLOCKS["cpu"] = node_clock.cpu
bench.main(list(BENCH_ARGS))
`);
