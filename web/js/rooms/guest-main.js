// room.html: a friend opens an invite (#join=…) or the host opens a reply
// (#reply=…). An invite shows who invites, the game, the rules and the seat;
// "Take this seat" makes the reply link, and once the host's table takes it
// the data channel opens and this page draws the seat's views (guest.js).
// A reply opened in the host's browser is handed to the open room through a
// BroadcastChannel (the same origin), else the host pastes it.
import { button, h } from "../dom.js";
import { createGame } from "../game.js";
import { Store } from "../storage.js";
import { formatMessage } from "../table/messages.js";
import { LANGUAGES, LANGUAGE_NAMES, currentLanguage, onLanguageChange, paintTexts, startLanguage, t, useLanguage } from "../texts.js";
import { REPLY_CHANNEL, fragmentLink, readFragment } from "./codec.js";
import { gameWords } from "./games.js";
import { remoteEngine } from "./guest.js";
import { guestPeer } from "./peer.js";
import { qrSvg } from "./qr.js";
import { renderRoster } from "./roster.js";
import { roomStore } from "./store.js";
import { seating } from "../table/layout.js";

/** How long a reply waits for the host's open table to say it took it. */
const HAND_OVER_MS = 3000;

const joinEl = document.getElementById("room-join");
const tableEl = document.getElementById("table");
const barEl = document.querySelector(".room-bar");
const languageEl = document.querySelector(".room-language");
const page = { draw: () => {}, game: null, received: [] };
globalThis.stichtag = { ...(globalThis.stichtag || {}), room: page };

// ------------------------------------------------------------ language
for (const code of LANGUAGES) languageEl.append(h("option", { value: code, lang: code }, LANGUAGE_NAMES[code]));
languageEl.addEventListener("change", () => useLanguage(languageEl.value));
onLanguageChange(() => {
  languageEl.value = currentLanguage();
  languageEl.setAttribute("aria-label", t("menu.language"));
  paintTexts();
  page.draw();
  if (page.game) {
    page.game.redraw();
    renderRoster(barEl, page.game.response);
  }
});

function shareBox(link) {
  const status = h("span", { class: "room-copied", role: "status" });
  return h("div", { class: "room-share-box" },
    h("input", { type: "text", readonly: true, class: "room-link", value: link, "aria-label": t("room.paste_label") }),
    h("div", { class: "room-link-actions" },
      button(t("room.copy"), async () => {
        try { await navigator.clipboard.writeText(link); status.textContent = t("room.copied"); } catch { status.textContent = ""; }
      }, "room-copy"),
      navigator.share ? button(t("room.share"), () => navigator.share({ url: link }).catch(() => {}), "room-share") : null,
      status),
    h("div", { class: "room-qr", role: "img", "aria-label": t("room.qr_label"), html: qrSvg(link) }));
}

// --------------------------------------------------------------- reply
function handOver(reply) {
  const link = location.href;
  let handed = false;
  const draw = () => {
    joinEl.replaceChildren(handed ? h("p", { class: "room-status" }, t("room.reply_handed"))
      : h("div", {}, h("p", { class: "room-status" }, t("room.reply_no_table")), shareBox(link)));
  };
  const channel = new BroadcastChannel(REPLY_CHANNEL);
  channel.addEventListener("message", (event) => {
    if (event.data && event.data.type === "handed" && event.data.link === link) {
      handed = true;
      page.draw();
    }
  });
  channel.postMessage({ type: "reply", link });
  joinEl.replaceChildren(h("p", { class: "room-status" }, t("room.connecting")));
  setTimeout(() => { page.draw = draw; draw(); }, HAND_OVER_MS);
  page.draw = () => { if (handed) draw(); };
  return reply;
}

// -------------------------------------------------------------- invite
function validInvite(invite) {
  return invite && typeof invite.i === "string" && Number.isInteger(invite.s) && invite.s > 0 && invite.s < 8
    && typeof invite.k === "string" && typeof invite.g === "string" && invite.o && typeof invite.o === "object"
    && (invite.h === undefined || typeof invite.h === "string");
}

/** The invite's network: a STUN server's address at most (never a TURN login: host.js). */
function inviteNetwork(invite) {
  const stun = invite.n && invite.n.stun;
  return typeof stun === "string" && /^stuns?:[^\s]{1,200}$/.test(stun) ? { stun } : {};
}

function join(invite) {
  const host = (invite.h || "").slice(0, 40) || t("room.host");
  const network = inviteNetwork(invite);
  const seat = invite.s;
  const token = roomStore.seatToken(invite.i, seat);
  const status = { key: "", params: {}, problem: null, reply: "" };
  let peer = null;
  let remote = null;
  let opening = null;

  const players = invite.r && Number.isInteger(invite.r.players) ? invite.r.players : 4;
  const place = () => seating({ players, seat: 0, teams: null }).seats[seat].name;
  const nameInput = h("input", { type: "text", name: "room-name", maxlength: "40", value: roomStore.name() });

  function draw() {
    const info = [
      h("p", { class: "room-invited" }, t("room.invited", { host, game: gameWords(invite.g, invite.r) })),
      h("p", { class: "room-rules" }, t("room.rules_line", { rules: gameWords(invite.g, invite.r), seat: place() })),
      h("p", { class: "room-deals" }, invite.d ? t("room.deals_daily") : t("room.deals_new")),
      network.stun ? h("p", { class: "room-stun" }, t("room.guest_stun", { server: network.stun, host })) : null,
    ];
    const parts = [];
    if (!status.reply) {
      parts.push(h("label", { class: "new-game-field" }, h("span", { class: "new-game-label" }, t("room.name")), nameInput),
        button(t("room.take_seat"), take, "primary room-take"));
    } else if (!page.game) {
      parts.push(h("p", {}, t("room.reply_intro", { host })), shareBox(status.reply));
    }
    if (status.key) parts.push(h("p", { class: "room-status", role: "status" }, t(status.key, { host, ...status.params })));
    if (status.problem) parts.push(h("p", { class: "room-problem", role: "alert" }, formatMessage(status.problem)));
    joinEl.replaceChildren(...(page.game ? [] : info.filter(Boolean)), ...parts);
  }
  page.draw = draw;

  function show(state) {
    if (!page.game) {
      tableEl.hidden = false;
      page.game = createGame({ engine: remote, root: tableEl, hooks: { onNewMatch: () => {} } });
      page.game.watch((response) => renderRoster(barEl, response));
      opening = page.game.open({ op: "view" });
      draw();
      return;
    }
    opening.then(() => page.game.receive(state));
  }

  function onMessage(raw) {
    page.received.push(raw);
    let message;
    try { message = JSON.parse(raw); } catch { return; }
    if (!message || typeof message !== "object") return;
    if (message.type === "welcome") Object.assign(status, { key: "room.wait_start", problem: null });
    if (message.type === "refused") status.problem = message.error;
    if (message.type === "state") Object.assign(status, { key: "", problem: null });
    const news = remote.receive(message);
    if (news) show(news);
    draw();
  }

  function onState(state) {
    if (state === "open") {
      peer.send(JSON.stringify({ type: "hello", seat, secret: invite.k, token, name: nameInput.value.trim() }));
      remote.resend();
      status.key = "room.connecting";
    } else if (state === "failed") status.key = "room.connection_failed";
    else if (state === "closed") status.key = "room.lost";
    draw();
  }

  async function take() {
    roomStore.setName(nameInput.value.trim());
    status.key = "room.connecting";
    try {
      peer = await guestPeer(invite.o, network, { onMessage, onState });
    } catch {
      Object.assign(status, { key: "room.bad_link" });
      draw();
      return;
    }
    remote = remoteEngine({ seat, secret: invite.k, token, send: (message) => peer.send(JSON.stringify(message)) });
    Object.assign(page, { peer, remote, token, sendRaw: (text) => peer.channel.send(text) });
    status.reply = fragmentLink("reply", { i: invite.i, s: seat, o: invite.o.u, a: peer.answer });
    page.replyLink = status.reply;
    draw();
  }

  draw();
}

// ---------------------------------------------------------------- start
startLanguage(Store.rememberedLanguage()).then(() => {
  languageEl.value = currentLanguage();
  languageEl.setAttribute("aria-label", t("menu.language"));
  paintTexts();
  const invite = readFragment(location.hash, "join");
  const reply = readFragment(location.hash, "reply");
  if (validInvite(invite)) join(invite);
  else if (reply) handOver(reply);
  else joinEl.replaceChildren(h("p", { class: "room-problem" }, t("room.bad_link")));
  document.documentElement.dataset.room = "ready";
});
addEventListener("hashchange", () => location.reload());
