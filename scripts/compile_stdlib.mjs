// Compile Pyodide's python_stdlib.zip to sourceless .pyc with Pyodide's own
// Python (same interpreter, same magic number) running under Node.
//
//   node scripts/compile_stdlib.mjs <pyodide-package-dir> <out.zip>
//
// Every .py member that compiles becomes an unchecked-hash .pyc (no source
// kept); members that fail to compile and all other files are copied as is.
// The output is deterministic (fixed zip timestamps, sorted members).
import { loadPyodide } from "pyodide";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const [pyodideDir, outZip] = process.argv.slice(2);
if (!pyodideDir || !outZip) {
  console.error("usage: node compile_stdlib.mjs <pyodide-dir> <out.zip>");
  process.exit(2);
}
const indexURL = path.resolve(pyodideDir) + path.sep;
const t0 = performance.now();
const py = await loadPyodide({ indexURL });
py.FS.writeFile("/tmp/stdlib_in.zip", readFileSync(path.join(indexURL, "python_stdlib.zip")));
const result = py.runPython(`
import zipfile, importlib.util, sys
from importlib._bootstrap_external import _code_to_hash_pyc

src, dst = "/tmp/stdlib_in.zip", "/tmp/stdlib_out.zip"
compiled = kept = 0
failed = []
with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zout:
    for info in sorted(zin.infolist(), key=lambda i: i.filename):
        data = zin.read(info)
        name = info.filename
        out = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        out.external_attr = info.external_attr
        out.compress_type = zipfile.ZIP_DEFLATED
        if name.endswith(".py"):
            try:
                # co_filename as Pyodide mounts the stdlib: /lib/python3XY.zip/...
                code = compile(data, f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/{name}", "exec", dont_inherit=True)
            except SyntaxError:
                failed.append(name)
            else:
                pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
                out.filename = name + "c"
                zout.writestr(out, bytes(pyc))
                compiled += 1
                continue
        if name.endswith("/"):
            out.compress_type = zipfile.ZIP_STORED
        zout.writestr(out, data)
        kept += 1
f"{compiled} compiled, {kept} copied, failed: {failed}"
`);
writeFileSync(outZip, py.FS.readFile("/tmp/stdlib_out.zip"));
console.log(`compile_stdlib: ${result} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
