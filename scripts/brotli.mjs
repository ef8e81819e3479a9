// Brotli-compress files for the site's .br twins with Node's zlib (Python's
// stdlib has no brotli; Node is already needed by the build).
//
//   node scripts/brotli.mjs IN OUT [IN OUT ...]
//
// Quality 11 with a 16 MiB window (best ratio; slow, so the build caches the
// results); files above 20 MB get quality 9, which is some 30x faster.
import zlib from "node:zlib";
import { readFileSync, writeFileSync } from "node:fs";

const args = process.argv.slice(2);
if (args.length === 0 || args.length % 2) {
  console.error("usage: brotli.mjs IN OUT [IN OUT ...]");
  process.exit(2);
}
for (let i = 0; i < args.length; i += 2) {
  const data = readFileSync(args[i]);
  const { constants: c } = zlib;
  const params = {
    [c.BROTLI_PARAM_QUALITY]: data.length > 20e6 ? 9 : 11,
    [c.BROTLI_PARAM_LGWIN]: 24,
    [c.BROTLI_PARAM_SIZE_HINT]: data.length,
    [c.BROTLI_PARAM_MODE]: /\.(js|mjs|json|html|css|svg|txt|webmanifest)$/.test(args[i]) ? c.BROTLI_MODE_TEXT : c.BROTLI_MODE_GENERIC,
  };
  writeFileSync(args[i + 1], zlib.brotliCompressSync(data, { params }));
}
