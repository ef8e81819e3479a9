// Compile the .py files of a zip to .pyc with Pyodide's own Python (same
// interpreter and magic number as in the browser), running under Node.
//
//   node scripts/compile_pyc.mjs --pyodide DIR --in IN.zip --out OUT.zip
//        --mode sourceless|pycache --prefix /path/as/mounted [--stdlib ZIP] [--optimize 0|1|2]
//
// --mode sourceless  every .py member that compiles is replaced by NAME.pyc
//                    (Pyodide's stdlib zip: imported by zipimport, no source)
// --mode pycache     the .py members stay; __pycache__/NAME.cpython-3XY.pyc
//                    is added next to each (the engine wheel); the output
//                    holds only the added .pyc files
// --prefix           the directory the members will live under at run time
//                    (co_filename, so tracebacks name real paths)
// --stdlib           boot with this (already compiled) stdlib: faster
// --optimize         compile()'s optimize: 2 leaves out docstrings and asserts
//                    (as python -OO does); default 0, the code as written
// All .pyc files are unchecked-hash pycs: never re-validated against a source
// mtime (zip members have none worth trusting). Output is deterministic.
import { loadPyodide } from "pyodide";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const opts = {};
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i += 2) opts[argv[i].replace(/^--/, "")] = argv[i + 1];
for (const key of ["pyodide", "in", "out", "mode", "prefix"]) {
  if (!opts[key]) {
    console.error(`compile_pyc: missing --${key}`);
    process.exit(2);
  }
}

async function main() {
  const t0 = performance.now();
  const indexURL = path.resolve(opts.pyodide) + path.sep;
  const py = await loadPyodide({ indexURL, ...(opts.stdlib ? { stdLibURL: path.resolve(opts.stdlib) } : {}) });
  py.FS.writeFile("/tmp/in.zip", new Uint8Array(readFileSync(opts.in)));
  py.globals.set("MODE", opts.mode);
  py.globals.set("PREFIX", opts.prefix.replace(/\/+$/, ""));
  py.globals.set("OPTIMIZE", Number(opts.optimize || 0));
  const summary = py.runPython(`
import importlib.util, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def pyc_bytes(source, filename):
    code = compile(source, filename, "exec", dont_inherit=True, optimize=OPTIMIZE)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))

def member(name):
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_STORED if name.endswith("/") else zipfile.ZIP_DEFLATED
    info.external_attr = (0o40755 << 16 | 0x10) if name.endswith("/") else 0o644 << 16
    return info

tag = sys.implementation.cache_tag
compiled, kept, failed = 0, 0, []
with zipfile.ZipFile("/tmp/in.zip") as zin, \\
        zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zout:
    for info in sorted(zin.infolist(), key=lambda i: i.filename):
        name, data = info.filename, zin.read(info)
        if name.endswith(".py"):
            try:
                pyc = pyc_bytes(data, f"{PREFIX}/{name}")
            except SyntaxError:
                failed.append(name)
            else:
                compiled += 1
                if MODE == "sourceless":
                    zout.writestr(member(name + "c"), pyc)
                else:
                    folder, _, base = name.rpartition("/")
                    cached = (folder + "/" if folder else "") + f"__pycache__/{base[:-3]}.{tag}.pyc"
                    zout.writestr(member(cached), pyc)
                continue
        if MODE == "sourceless":
            zout.writestr(member(name), data)
            kept += 1
f"{compiled} compiled, {kept} copied, failed: {failed}"
`);
  writeFileSync(opts.out, py.FS.readFile("/tmp/out.zip"));
  console.log(`compile_pyc (${opts.mode}): ${summary} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
}

main().catch((err) => {
  console.error(`compile_pyc: ${err && err.stack ? err.stack : err}`);
  process.exit(3);
});
