// The host's room: sets it up in the engine (op "room", engine/rooms), makes an
// invite per friend's seat (a WebRTC offer in a link), takes the replies (from
// the reply link, through a BroadcastChannel, or pasted), and passes messages:
// every guest message goes to the engine unread (after a size and rate check),
// every state the table draws goes on to each guest as that seat's own view.
// No rule logic here: the engine checks each message and builds each view.
import { t } from "../texts.js";
import { localDate } from "../dates.js";
import { REPLY_CHANNEL, fragmentLink, randomSecret, readFragment } from "./codec.js";
import { hostPeer } from "./peer.js";
import { roomStore } from "./store.js";

/** A guest may send this many messages at once, then this many a second. */
const RATE = { burst: 20, perSecond: 8 };

export function createHost({ game, onChange = () => {} }) {
  const state = {
    setup: null, // {id, name, game, rules, daily, seats: [kind...], level, network, secrets: {seat: secret}}
    room: null, // the engine's room part: seats, waiting, started
    peers: {}, // seat -> {peer, link, offer, status: "inviting" | "open" | "closed" | "failed", dropped}
    limit: 1000, // the engine's cap on a guest message (its room part says)
    buckets: {}, // seat -> {tokens, at}
    error: null, // the last problem to show on the panel: {key, params}
    stats: { received: 0, bytesIn: 0, bytesOut: 0 },
  };

  const changed = () => { try { onChange(state); } catch (error) { console.warn("room panel", error); } };

  // ------------------------------------------------------------ set-up
  async function open(setup) {
    const id = randomSecret(9);
    const secrets = {};
    const seats = setup.seats.map((kind, seat) => {
      if (kind !== "friend") return { kind, name: kind === "host" ? setup.name : "" };
      secrets[seat] = randomSecret(16);
      return { kind, secret: secrets[seat] };
    });
    const request = { op: "room", do: "open", id, host_seat: 0, seats, game: setup.game, level: setup.level };
    if (setup.daily) Object.assign(request, { daily: localDate(), today: localDate() });
    else Object.assign(request, { rules: setup.rules, seed: `room/${randomSecret(9)}` });
    const answer = await game.request(request);
    state.setup = { ...setup, id, secrets, daily: setup.daily ? request.daily : null };
    state.room = answer.room;
    state.limit = answer.room.limit || state.limit;
    roomStore.setHosted({ setup: state.setup, save: null });
    await Promise.all(Object.keys(secrets).map((seat) => invite(Number(seat))));
    listenForReplies();
    changed();
  }

  /** A fresh invite for `seat` (a new connection; the same secret). */
  async function invite(seat) {
    const old = state.peers[seat];
    if (old) old.peer.close();
    const entry = { peer: null, link: "", offer: "", status: "inviting", dropped: false };
    state.peers[seat] = entry;
    entry.peer = await hostPeer(state.setup.network, {
      onMessage: (raw) => inbound(seat, raw),
      onState: (status) => peerState(seat, entry, status),
    });
    entry.offer = entry.peer.offer.u;
    const { id, name, secrets, network, daily } = state.setup;
    // Only the STUN address goes in the link: a TURN login is the host's secret
    // (links are pasted into messengers), and the host's relay serves both ends.
    const servers = network && network.stun ? { stun: network.stun } : undefined;
    entry.link = fragmentLink("join", {
      v: 1, i: id, h: name, g: state.setup.game, r: state.setup.rules, d: daily, s: seat, k: secrets[seat],
      o: entry.peer.offer, n: servers,
    });
    changed();
  }

  /** A reply link (or its text): the seat's connection completes. Throws a refusal key when it is not one of ours. */
  async function acceptReply(text) {
    const reply = readFragment(String(text).slice(String(text).indexOf("#")), "reply");
    const entry = reply && state.setup && reply.i === state.setup.id ? state.peers[reply.s] : null;
    if (!entry || entry.offer !== reply.o) throw Object.assign(new Error("not a reply to this room"), { key: "room.bad_link" });
    await entry.peer.accept(reply.a);
  }

  let replies = null;
  function listenForReplies() {
    if (replies || typeof BroadcastChannel === "undefined") return;
    replies = new BroadcastChannel(REPLY_CHANNEL);
    replies.addEventListener("message", (event) => {
      const data = event.data || {};
      if (data.type !== "reply" || typeof data.link !== "string") return;
      acceptReply(data.link)
        .then(() => replies.postMessage({ type: "handed", link: data.link }))
        .catch(() => {});
    });
  }

  // --------------------------------------------------------- messages
  function send(seat, message) {
    const entry = state.peers[seat];
    if (!entry) return;
    const text = JSON.stringify(message);
    state.stats.bytesOut += text.length;
    entry.peer.send(text);
  }

  function refuse(seat, key, params = {}) {
    send(seat, { type: "refused", n: null, error: { key, params, text: t(key, params) } });
  }

  /** A token bucket per guest: a flood is refused without reaching the engine. */
  function allowed(seat) {
    const now = performance.now();
    const bucket = state.buckets[seat] || { tokens: RATE.burst, at: now };
    bucket.tokens = Math.min(RATE.burst, bucket.tokens + ((now - bucket.at) / 1000) * RATE.perSecond);
    bucket.at = now;
    state.buckets[seat] = bucket;
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  async function inbound(seat, raw) {
    state.stats.received += 1;
    if (!allowed(seat)) return refuse(seat, "room_flood");
    if (typeof raw !== "string") return refuse(seat, "room_bad_message");
    state.stats.bytesIn += raw.length;
    if (raw.length > state.limit) return refuse(seat, "room_message_too_long", { limit: state.limit });
    let answer;
    try {
      answer = await game.request({ op: "room", do: "guest", seat, message: raw });
    } catch (error) {
      return refuse(seat, (error.payload && error.payload.key) || "room_bad_message");
    }
    send(seat, answer.reply);
    if (answer.view) game.receive(answer); // the watcher passes it on to the others
    else if (answer.room) state.room = { ...state.room, ...answer.room };
    changed();
  }

  async function peerState(seat, entry, status) {
    if (state.peers[seat] !== entry) return; // an old invite's connection
    // The same connection back after a drop (a brief ICE "disconnected"): the
    // device that took the seat is there again, so the table goes on. A fresh
    // invite's connection waits for its friend's hello (the seat token) instead.
    const back = status === "open" && entry.dropped;
    entry.dropped = status !== "open";
    entry.status = status;
    const taken = state.room && state.room.seats[seat] && state.room.seats[seat].taken;
    if (taken && (status !== "open" || back)) await roomRequest({ do: "away", seat, away: status !== "open" });
    changed();
  }

  /** A room request that may change the table (away, computer). */
  async function roomRequest(request) {
    try {
      const answer = await game.request({ op: "room", ...request });
      if (answer.view) game.receive(answer);
      else if (answer.room) state.room = { ...state.room, ...answer.room };
    } catch (error) {
      state.error = error.payload || { key: "room_bad_setup", params: {} };
    }
  }

  /** Every state the host's table draws: saved, and each guest gets its own seat's. */
  game.watch((answer) => {
    if (!answer.room || !state.setup) return;
    const { guests, save, ...room } = answer.room;
    state.room = room;
    roomStore.setHosted({ setup: state.setup, save });
    for (const [seat, message] of Object.entries(guests || {})) {
      if (Number(seat) !== answer.to) send(Number(seat), message);
    }
    changed();
  });

  // --------------------------------------------------------- commands
  async function start() {
    await game.open({ op: "room", do: "start" });
  }

  /** After the match: a new one at the same table (same seats, rules and computers; new deals). */
  async function rematch() {
    await game.open({ op: "room", do: "rematch", seed: `room/${randomSecret(9)}` });
  }

  async function giveToComputer(seat) {
    const entry = state.peers[seat];
    if (entry) entry.peer.close();
    delete state.peers[seat];
    await roomRequest({ do: "computer", seat });
    changed();
  }

  /** The saved room again (after a reload): the match from its save, each friend invited anew. */
  async function resume() {
    const hosted = roomStore.hosted();
    if (!hosted || !hosted.save) return false;
    state.setup = hosted.setup;
    await game.open({ op: "room", do: "resume", save: hosted.save, level: hosted.setup.level });
    listenForReplies();
    await Promise.all((state.room.seats || []).filter((s) => s.kind === "friend").map((s) => invite(s.seat)));
    return true;
  }

  return {
    state,
    open,
    invite,
    acceptReply,
    start,
    rematch,
    giveToComputer,
    resume,
    /** For tests and the benchmark: a message as if it came from `seat`'s channel. */
    inbound,
  };
}
