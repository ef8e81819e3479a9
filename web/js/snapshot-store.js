// Where the engine worker keeps Pyodide memory snapshots on this device, and
// the compact form they are kept in.
//
// Storage: the origin private file system (OPFS), one file per build's
// snapshot key in the folder "stichtag-snapshot", read with a synchronous
// access handle (dedicated workers have one). Measured against Cache Storage
// and IndexedDB (scripts/measure_boot.py, see the report): alone, all read the
// 13 MB in 50-90 ms; during a boot, a Cache Storage read waits behind the
// service worker's own Cache Storage reads (runtime, stdlib) and came in
// after the wasm was ready, 600-760 ms later; the OPFS read does not queue.
//
// Form: a snapshot is Pyodide's whole wasm memory (31.5 MB), most of it zero
// pages; only the non-zero 4 KiB pages are kept (about 13 MB), behind a
// bitmap of which pages they are. A file starts with the SHA-256 of the rest:
// a file that does not match is damaged and never restored.

const FOLDER = "stichtag-snapshot";
const MAGIC = 0x31504e53; // "SNP1"
const PAGE = 4096;
const HEADER_BYTES = 16;
const DIGEST_BYTES = 32;

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

async function folder(create) {
  const root = await navigator.storage.getDirectory();
  return root.getDirectoryHandle(FOLDER, { create });
}

async function digestOf(bytes) {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
}

function sameBytes(a, b) {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/**
 * The snapshot kept under `name` (the build's snapshot key), or null:
 * {length, fill(image) → Promise<boolean>, discard()}. `fill` writes it into
 * a zero-filled array of `length` bytes and says whether it was whole.
 */
export async function findSnapshot(name) {
  let dir;
  let file;
  try {
    dir = await folder(false);
    const handle = await (await dir.getFileHandle(`${name}.bin`)).createSyncAccessHandle();
    try {
      file = new Uint8Array(handle.getSize());
      handle.read(file, { at: 0 });
    } finally {
      handle.close();
    }
  } catch {
    return null; // none kept, no OPFS here, or another tab is reading it
  }
  const packed = file.subarray(DIGEST_BYTES);
  const head = packed.length >= HEADER_BYTES ? new DataView(packed.buffer, packed.byteOffset, HEADER_BYTES) : null;
  const length = head ? head.getUint32(8, true) : 0;
  if (!(length > 0)) return null;
  return {
    length,
    async fill(image) {
      if (!sameBytes(await digestOf(packed), file.subarray(0, DIGEST_BYTES))) return false;
      return unpack(packed, image);
    },
    discard() {
      dir.removeEntry(`${name}.bin`).catch(() => {});
    },
  };
}

/** Keep `image` under `name`, dropping the snapshots of other builds. Never throws. */
export async function keepSnapshot(name, image) {
  const file = `${name}.bin`;
  let dir = null;
  let handle = null;
  try {
    const packed = pack(image);
    const digest = await digestOf(packed);
    dir = await folder(true);
    for await (const entry of dir.keys()) if (entry !== file) await dir.removeEntry(entry);
    handle = await (await dir.getFileHandle(file, { create: true })).createSyncAccessHandle();
    handle.truncate(0);
    handle.write(digest, { at: 0 });
    if (handle.write(packed, { at: DIGEST_BYTES }) !== packed.length) throw new Error("short write");
    handle.flush();
    handle.close();
    return true;
  } catch {
    // Quota, private mode, no OPFS: leave no half file; the next visit boots normally again.
    try {
      if (handle) handle.close();
      if (dir) await dir.removeEntry(file);
    } catch {
      // nothing more to tidy
    }
    return false;
  }
}
