// Where the engine worker keeps Pyodide memory snapshots on this device
// (Cache Storage, one entry per build's snapshot key), and the compact form
// they are kept in.
//
// A snapshot is Pyodide's whole wasm memory (31.5 MB), most of it zero pages:
// only the non-zero 4 KiB pages are kept (about 13 MB), behind a bitmap of
// which pages they are. Reading less from storage is the point: the read
// overlaps the wasm compile but is the longest part of a restore.
//
// Every stored entry carries the SHA-256 of what it holds; an entry that does
// not match is damaged and never restored.

const CACHE_NAME = "stichtag-snapshot";
const DIGEST_HEADER = "X-Snapshot-SHA256";
const LENGTH_HEADER = "X-Snapshot-Length";
const MAGIC = 0x31504e53; // "SNP1"
const PAGE = 4096;
const HEADER_BYTES = 16;

export async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The compact form of a memory image: header, page bitmap, non-zero pages. */
export function pack(image) {
  const pages = Math.ceil(image.length / PAGE);
  const words = new Uint32Array(image.buffer, image.byteOffset, image.length >>> 2);
  const used = [];
  for (let page = 0; page < pages; page++) {
    const end = Math.min((page + 1) * (PAGE >>> 2), words.length);
    let word = page * (PAGE >>> 2);
    while (word < end && words[word] === 0) word++;
    const tailNonZero = page === pages - 1 && image.subarray(words.length * 4).some((b) => b !== 0);
    if (word < end || tailNonZero) used.push(page);
  }
  const bitmapBytes = Math.ceil(pages / 32) * 4;
  const out = new Uint8Array(HEADER_BYTES + bitmapBytes + used.length * PAGE);
  const head = new DataView(out.buffer);
  head.setUint32(0, MAGIC, true);
  head.setUint32(4, PAGE, true);
  head.setUint32(8, image.length, true);
  head.setUint32(12, used.length, true);
  let at = HEADER_BYTES + bitmapBytes;
  for (const page of used) {
    out[HEADER_BYTES + (page >>> 3)] |= 1 << (page & 7);
    out.set(image.subarray(page * PAGE, Math.min((page + 1) * PAGE, image.length)), at);
    at += PAGE;
  }
  return out;
}

/** Write a packed snapshot into `image` (zero-filled, of the snapshot's length). */
export function unpack(packed, image) {
  const head = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  if (packed.length < HEADER_BYTES || head.getUint32(0, true) !== MAGIC || head.getUint32(4, true) !== PAGE
    || head.getUint32(8, true) !== image.length) return false;
  const pages = Math.ceil(image.length / PAGE);
  const bitmapBytes = Math.ceil(pages / 32) * 4;
  if (packed.length !== HEADER_BYTES + bitmapBytes + head.getUint32(12, true) * PAGE) return false;
  let at = HEADER_BYTES + bitmapBytes;
  for (let page = 0; page < pages; page++) {
    if (!(packed[HEADER_BYTES + (page >>> 3)] & (1 << (page & 7)))) continue;
    const length = Math.min(PAGE, image.length - page * PAGE);
    image.set(packed.subarray(at, at + length), page * PAGE);
    at += PAGE;
  }
  return true;
}

/**
 * The snapshot kept for `url`, or null: {length, fill(image) → Promise<boolean>, discard()}.
 * `fill` writes it into a zero-filled array of `length` bytes and says whether it was whole.
 */
export async function findSnapshot(url) {
  let cache;
  let entry;
  try {
    cache = await caches.open(CACHE_NAME);
    entry = await cache.match(url);
  } catch {
    return null; // no Cache Storage here (opaque origin, storage blocked)
  }
  const length = entry ? Number(entry.headers.get(LENGTH_HEADER)) : 0;
  if (!entry || !(length > 0)) return null;
  return {
    length,
    async fill(image) {
      const packed = new Uint8Array(await entry.arrayBuffer());
      if ((await sha256(packed)) !== entry.headers.get(DIGEST_HEADER)) return false;
      return unpack(packed, image);
    },
    discard() {
      cache.delete(url).catch(() => {});
    },
  };
}

/** Keep `image` under `url`, dropping the snapshots of other builds. Never throws. */
export async function keepSnapshot(url, image) {
  try {
    const packed = pack(image);
    const headers = {
      "Content-Type": "application/octet-stream",
      [DIGEST_HEADER]: await sha256(packed),
      [LENGTH_HEADER]: String(image.length),
    };
    const cache = await caches.open(CACHE_NAME);
    for (const request of await cache.keys()) if (request.url !== url) await cache.delete(request);
    await cache.put(url, new Response(packed, { headers }));
    return true;
  } catch {
    return false; // quota, private mode: the next visit boots normally again
  }
}
