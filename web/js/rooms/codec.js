// A room's links carry everything in the URL fragment (never sent to a server):
// JSON in base64url. The session descriptions are cut to what a data channel
// needs (ICE user and password, DTLS fingerprint, role, UDP candidates) and
// rebuilt from a fixed template on the other side: ~250 characters instead of
// ~780 bytes of SDP.

/** Where a reply link hands its answer to the host's open table (same origin, same browser). */
export const REPLY_CHANNEL = "stichtag-rooms";

/** base64url of a UTF-8 string. */
export function toBase64Url(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The UTF-8 string of base64url text; throws on bad input. */
export function fromBase64Url(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** A link's fragment field (`join` or `reply`) as an object, or null when it is not one. */
export function readFragment(hash, name) {
  const params = new URLSearchParams(String(hash || "").replace(/^#/, ""));
  const text = params.get(name);
  if (!text || text.length > 8000) return null;
  try {
    const value = JSON.parse(fromBase64Url(text));
    return value && typeof value === "object" && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/** The link to room.html (beside the page) with `value` in the fragment field `name`. */
export function fragmentLink(name, value, base = location.href) {
  return `${new URL("room.html", base).href}#${name}=${toBase64Url(JSON.stringify(value))}`;
}

const SETUP = { actpass: "a", active: "c", passive: "p" };
const SETUP_NAMES = Object.fromEntries(Object.entries(SETUP).map(([name, short]) => [short, name]));
/** Candidate fields the other side does not need. */
const DROPPED = /\s(generation|ufrag|network-id|network-cost)\s\S+/g;

/** The parts of an SDP a data channel needs, as a small object. */
export function compactSdp(sdp) {
  const line = (name) => {
    const found = sdp.split(/\r?\n/).find((l) => l.startsWith(`a=${name}:`));
    return found ? found.slice(name.length + 3).trim() : "";
  };
  const [algorithm, hex] = line("fingerprint").split(" ");
  if (algorithm !== "sha-256" || !hex) throw new Error("no sha-256 fingerprint in the session description");
  const bytes = hex.split(":").map((pair) => String.fromCharCode(parseInt(pair, 16))).join("");
  const candidates = sdp.split(/\r?\n/)
    .filter((l) => l.startsWith("a=candidate:") && / udp /i.test(l))
    .map((l) => l.slice("a=candidate:".length).replace(DROPPED, "").trim());
  return {
    u: line("ice-ufrag"),
    p: line("ice-pwd"),
    f: btoa(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""),
    s: SETUP[line("setup")] || "a",
    c: candidates,
  };
}

const TOKEN = /^[A-Za-z0-9+/=_.:#-]{1,256}$/;

/** The SDP of a compact description (`type`: "offer" or "answer"); throws if it is malformed. */
export function expandSdp(compact) {
  const { u, p, f, s, c } = compact || {};
  if (![u, p, f].every((v) => typeof v === "string" && TOKEN.test(v)) || !SETUP_NAMES[s] || !Array.isArray(c) || c.length > 20) {
    throw new Error("not a session description");
  }
  const binary = atob(f.replace(/-/g, "+").replace(/_/g, "/"));
  const hex = [...binary].map((ch) => ch.charCodeAt(0).toString(16).padStart(2, "0").toUpperCase()).join(":");
  const candidates = c.map((text) => {
    if (typeof text !== "string" || !/^[\w .:+/-]{1,200}$/.test(text)) throw new Error("not a candidate");
    return `a=candidate:${text}\r\n`;
  }).join("");
  return "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\na=msid-semantic: WMS\r\n"
    + "m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n"
    + `${candidates}a=end-of-candidates\r\na=ice-ufrag:${u}\r\na=ice-pwd:${p}\r\na=ice-options:trickle\r\n`
    + `a=fingerprint:sha-256 ${hex}\r\na=setup:${SETUP_NAMES[s]}\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n`;
}

/** A random URL-safe secret of `bytes` random bytes. */
export function randomSecret(bytes = 16) {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...values)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
