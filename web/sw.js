// Service worker: the whole site from Cache Storage after the first visit.
//
// The build puts `self.PRECACHE = {version, files: {path: hash}, puzzles, openings}`
// above this text (sitebuild/offline.py); `version` is a hash of every file,
// so any change to the site makes a new worker and the browser installs it.
//
// - install: copy every file of the list into the cache of this version,
//   from the previous version's cache when its hash is unchanged, else from
//   the network, checking each file's hash: a server already holding another
//   build's file fails the install (tried again on the next visit) rather
//   than caching a mix of two builds.
// - fetch: precached files from this version's cache only, so a page never
//   mixes builds; the pinned dailies (and their openings, drawn at first paint)
//   from the precached bundles, later days from the network and then kept (they
//   never change); anything else from the network.
// - activate: drop older versions' caches (not the dailies, not the engine's
//   memory snapshot, which has its own key: see js/engine-boot.js). A new
//   version waits until the page asks for it ("skip-waiting", after the player
//   chose to reload: see js/offline.js) or every tab of the site is closed.
const { version: VERSION, files: FILES, puzzles: PUZZLE_BUNDLE, openings: OPENING_BUNDLE } = self.PRECACHE;
const PREFIX = "stichtag-precache-";
const CACHE = PREFIX + VERSION;
const DAILIES = "stichtag-dailies";
const HASH_HEADER = "X-Content-Hash";
const KEPT_HEADERS = ["Content-Type", "Content-Security-Policy", "X-Content-Type-Options"];
const SCOPE = new URL(self.registration.scope);
const DAILY = /^(puzzles|openings)\/[a-z]+\/\d{4}-\d{2}-\d{2}\.json$/;
/** The bundle of each folder of per-day files. */
const BUNDLES = { puzzles: PUZZLE_BUNDLE, openings: OPENING_BUNDLE };
const PARALLEL = 4;

self.addEventListener("install", (event) => event.waitUntil(precache()));
self.addEventListener("activate", (event) => event.waitUntil(dropOlderVersions()));
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
});
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE.href)) return;
  const path = decodeURIComponent(new URL(request.url).pathname.slice(SCOPE.pathname.length));
  if (path === "sw.js") return;
  event.respondWith(respond(path, request));
});

const siteURL = (path) => new URL(path, SCOPE).href;

async function sha256(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

// ------------------------------------------------------------------ install
async function precache() {
  const cache = await caches.open(CACHE);
  const names = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
  const older = await Promise.all(names.map((name) => caches.open(name)));
  const entries = Object.entries(FILES);
  let next = 0;
  const lane = async () => {
    while (next < entries.length) {
      const [path, hash] = entries[next++];
      await precacheFile(cache, older, path, hash);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, lane));
}

async function precacheFile(cache, older, path, hash) {
  const url = siteURL(path);
  const have = await cache.match(url);
  if (have && have.headers.get(HASH_HEADER) === hash) return; // an install cut short, resumed
  for (const old of older) {
    const kept = await old.match(url);
    if (kept && kept.headers.get(HASH_HEADER) === hash) return cache.put(url, kept);
  }
  // The HTTP cache first (the page just loaded most files); if it holds another
  // build's copy, the server's own.
  for (const mode of ["default", "reload"]) {
    const reply = await fetch(url, { cache: mode });
    if (!reply.ok) throw new Error(`${path}: HTTP ${reply.status}`);
    const body = await reply.arrayBuffer();
    if ((await sha256(body)).startsWith(hash)) return cache.put(url, stored(reply, body, hash));
  }
  throw new Error(`${path}: the server holds another build's file; the next visit tries again`);
}

function stored(reply, body, hash) {
  const headers = new Headers({ [HASH_HEADER]: hash });
  for (const name of KEPT_HEADERS) {
    const value = reply.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(body, { status: 200, statusText: "OK", headers });
}

async function dropOlderVersions() {
  const names = await caches.keys();
  await Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n)));
}

// -------------------------------------------------------------------- fetch
async function respond(path, request) {
  const file = precachedPath(path);
  if (file === null && !path.endsWith("/") && `${path}/index.html` in FILES) {
    return Response.redirect(siteURL(`${path}/`), 301); // rules/x → rules/x/ (relative links)
  }
  if (file !== null) {
    const hit = await caches.match(siteURL(file), { cacheName: CACHE });
    if (hit) return hit;
  }
  if (DAILY.test(path)) return daily(path, request);
  return fetch(request);
}

function precachedPath(path) {
  const file = path === "" || path.endsWith("/") ? `${path}index.html` : path;
  return file in FILES ? file : null;
}

const bundles = {};

async function daily(path, request) {
  const folder = path.slice(0, path.indexOf("/"));
  bundles[folder] ??= caches.match(siteURL(BUNDLES[folder]), { cacheName: CACHE }).then((hit) => (hit ? hit.json() : null));
  const days = await bundles[folder].catch(() => null);
  if (!days) bundles[folder] = null; // not installed yet: look again next time
  const key = path.slice(folder.length + 1, -".json".length);
  if (days && Object.hasOwn(days, key)) {
    return new Response(JSON.stringify(days[key]), { headers: { "Content-Type": "application/json" } });
  }
  const kept = await caches.open(DAILIES);
  const url = siteURL(path);
  const hit = await kept.match(url);
  if (hit) return hit;
  const reply = await fetch(request);
  if (reply.ok) await kept.put(url, reply.clone());
  return reply;
}
