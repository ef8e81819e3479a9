// Make the engine worker's memory snapshot at build time, with Pyodide under
// Node, the same way the worker makes one on a device (web/js/engine-boot.js).
// Only for measuring (build(snapshot="shipped")): the site makes its own.
//
//   node scripts/make_snapshot.mjs --site SITE --info BUILD_INFO.json --out FILE
import { loadPyodide } from "pyodide";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const opts = {};
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i += 2) opts[argv[i].replace(/^--/, "")] = argv[i + 1];
for (const key of ["site", "info", "out"]) {
  if (!opts[key]) {
    console.error(`make_snapshot: missing --${key}`);
    process.exit(2);
  }
}

async function main() {
  const site = path.resolve(opts.site);
  const info = JSON.parse(readFileSync(opts.info, "utf8"));
  const { mountEngine, importEngine } = await import(pathToFileURL(path.join(site, "js", "engine-boot.js")).href);
  const pyodide = await loadPyodide({
    indexURL: path.join(site, "pyodide") + path.sep,
    stdLibURL: path.join(site, info.stdlib),
    _makeSnapshot: true,
  });
  mountEngine(pyodide, info, new Uint8Array(readFileSync(path.join(site, info.wheel))));
  importEngine(pyodide, info);
  writeFileSync(opts.out, pyodide.makeMemorySnapshot());
}

main().catch((err) => {
  console.error(`make_snapshot: ${err && err.stack ? err.stack : err}`);
  process.exit(3);
});
