// The room panel ("Play with friends"): the host sets up a room (game and
// rules, new or today's deals, which seats are friends, the computers' level,
// a name, optional STUN/TURN servers), then sees an invite per friend's seat
// (link, copy, share, QR code), takes replies by pasting, and starts. During
// the match it shows who dropped out, with "give to a computer" and "new invite".
import { button, h } from "../dom.js";
import { onLanguageChange, t } from "../texts.js";
import { seating } from "../table/layout.js";
import { choice } from "../dialogs/fields.js";
import { createDialog } from "../dialogs/dialog.js";
import { renderRoster } from "./roster.js";
import { createHost } from "./host.js";
import { qrSvg } from "./qr.js";
import { roomStore } from "./store.js";
import { ROOM_GAMES, choiceWords } from "./games.js";

/** The places of a table of `players` seen from seat 0 (the host's). */
function places(players) {
  return seating({ players, seat: 0, teams: null }).seats.map((seat) => seat.name);
}

export function createRoomPanel({ game, catalog, table }) {
  const dialog = createDialog(document.body, "room");
  const bar = h("section", { class: "room-bar", hidden: true });
  table.before(bar);
  const host = createHost({ game, onChange: () => { if (dialog.isOpen) draw(); } });
  game.watch((response) => { if (response.room) renderRoster(bar, response); });
  onLanguageChange(() => { if (game.response && game.response.room) renderRoster(bar, game.response); });
  if (globalThis.stichtag) globalThis.stichtag.room = host;

  // ------------------------------------------------------------ set-up form
  function setupForm() {
    const gameChoice = choice("room-game", t("room.game"), ROOM_GAMES.map(([value, keys]) => [value, choiceWords(keys)]), ROOM_GAMES[0][0]);
    const dealsChoice = choice("room-deals", t("room.deals"), [["new", t("room.deals_new")], ["daily", t("room.deals_daily")]], "new");
    // One choice per seat but the host's, as many as the chosen game seats (kept across a change).
    const seatsBox = h("div", { class: "room-seat-choices" });
    let seatChoices = [];
    const drawSeats = () => {
      const { players } = ROOM_GAMES.find(([value]) => value === gameChoice.select.value)[2];
      const kept = seatChoices.map((c) => c.select.value);
      seatChoices = places(players).slice(1).map((place, index) =>
        choice(`room-seat-${index + 1}`, place, [["friend", t("room.seat_friend")], ["computer", t("room.seat_computer")]],
          kept[index] || (index === 1 ? "friend" : "computer")));
      seatsBox.replaceChildren(...seatChoices.map((c) => c.field));
    };
    drawSeats();
    gameChoice.select.addEventListener("change", drawSeats);
    const levelChoice = choice("room-level", t("room.level"), catalog.levels.map((level) => [level, t(`level.${level}`)]), catalog.levels[1] || catalog.levels[0]);
    const name = h("input", { type: "text", name: "room-name", maxlength: "40", value: roomStore.name() });
    const network = roomStore.network();
    const field = (label, input) => h("label", { class: "new-game-field" }, h("span", { class: "new-game-label" }, label), input);
    const stun = h("input", { type: "text", name: "room-stun", value: network.stun || "", placeholder: "stun:" });
    const turn = h("input", { type: "text", name: "room-turn", value: network.turn || "", placeholder: "turn:" });
    const user = h("input", { type: "text", name: "room-turn-user", value: network.user || "" });
    const password = h("input", { type: "password", name: "room-turn-password", autocomplete: "off", value: network.password || "" });
    const problem = h("p", { class: "room-problem", role: "alert" });
    const form = h("form", { class: "room-setup" },
      h("p", { class: "room-intro" }, t("room.intro")),
      gameChoice.field, dealsChoice.field, seatsBox, levelChoice.field, field(t("room.name"), name),
      h("details", { class: "room-network" }, h("summary", {}, t("room.network")),
        h("p", {}, t("room.network_help")), field(t("room.stun"), stun), field(t("room.turn"), turn),
        field(t("room.turn_user"), user), field(t("room.turn_password"), password),
        h("p", { class: "room-turn-private" }, t("room.turn_private"))),
      problem,
      h("div", { class: "app-dialog-actions" }, h("button", { type: "submit", class: "primary room-open" }, t("room.open"))));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const servers = { stun: stun.value.trim(), turn: turn.value.trim(), user: user.value, password: password.value };
      for (const [prefix, value] of [["stun:", servers.stun], ["turn:", servers.turn]]) {
        if (value && !value.startsWith(prefix) && !value.startsWith(`${prefix.slice(0, -1)}s:`)) {
          problem.textContent = t("room.bad_server", { text: value });
          return;
        }
      }
      if (servers.turn && !servers.stun) {
        problem.textContent = t("room.turn_needs_stun");
        return;
      }
      const chosen = ROOM_GAMES.find(([value]) => value === gameChoice.select.value)[2];
      if (dealsChoice.select.value === "daily" && chosen.players !== 4) {
        problem.textContent = t("room.daily_four_only", { count: chosen.players });
        return;
      }
      roomStore.setNetwork(servers);
      roomStore.setName(name.value.trim());
      const seats = ["host", ...seatChoices.map((c) => c.select.value)];
      try {
        await host.open({
          game: chosen.game, rules: chosen.rules, daily: dealsChoice.select.value === "daily", seats,
          level: levelChoice.select.value, name: name.value.trim(), network: servers,
        });
      } catch (error) {
        problem.textContent = error.payload ? error.payload.text : String(error.message || error);
        return;
      }
      draw();
    });
    const saved = roomStore.hosted();
    const resume = saved && saved.save
      ? h("div", { class: "room-resume" }, h("p", {}, t("room.saved")),
        button(t("room.resume"), async () => { await host.resume(); draw(); }, "primary room-resume-button"))
      : null;
    return [resume, form];
  }

  // ---------------------------------------------------------------- invites
  function shareButtons(link) {
    const status = h("span", { class: "room-copied", role: "status" });
    const copy = button(t("room.copy"), async () => {
      try { await navigator.clipboard.writeText(link); status.textContent = t("room.copied"); } catch { status.textContent = ""; }
    }, "room-copy");
    const share = navigator.share ? button(t("room.share"), () => navigator.share({ url: link }).catch(() => {}), "room-share") : null;
    return h("div", { class: "room-link-actions" }, copy, share, status);
  }

  function inviteBlock(seat, place) {
    const entry = host.state.peers[seat];
    const info = host.state.room && host.state.room.seats[seat];
    const block = h("section", { class: "room-invite", dataset: { seat: String(seat), status: entry ? entry.status : "none" } },
      h("h3", {}, t("room.invite_for", { seat: place })));
    if (info && info.taken && !info.away) {
      block.append(h("p", { class: "room-taken" }, t("room.taken", { name: info.name || t("room.guest") })));
      return block;
    }
    if (info && info.away) {
      block.append(h("p", { class: "room-away" }, t("room.away", { name: info.name || place })),
        h("div", { class: "room-link-actions" },
          button(t("room.give_computer"), () => host.giveToComputer(seat).then(draw), "room-computer"),
          button(t("room.reinvite"), () => host.invite(seat).then(draw), "room-reinvite")));
    }
    if (entry && entry.status === "failed") block.append(h("p", { class: "room-problem" }, t("room.connection_failed")));
    if (entry && entry.link) {
      block.append(
        h("input", { type: "text", readonly: true, class: "room-link", value: entry.link, "aria-label": t("room.invite_for", { seat: place }) }),
        shareButtons(entry.link),
        h("div", { class: "room-qr", role: "img", "aria-label": t("room.qr_label"), html: qrSvg(entry.link) }),
        h("p", { class: "room-wait" }, t("room.waiting_reply")));
    }
    return block;
  }

  function invitesView() {
    const room = host.state.room;
    const names = places(room.seats.length);
    const friends = room.seats.filter((seat) => seat.kind === "friend");
    const paste = h("input", { type: "text", name: "room-reply", class: "room-reply" });
    const problem = h("p", { class: "room-problem", role: "alert" });
    const add = button(t("room.paste_add"), async () => {
      try {
        await host.acceptReply(paste.value.trim());
        paste.value = "";
        problem.textContent = "";
      } catch (error) {
        problem.textContent = t(error.key || "room.bad_link");
      }
    }, "room-add");
    const allTaken = friends.every((seat) => seat.taken);
    const over = room.started && game.response && game.response.view.phase === "over";
    const start = room.started ? null
      : button(allTaken ? t("room.start") : t("room.start_early"), async () => { await host.start(); dialog.close(); }, "primary room-start");
    const rematch = over ? button(t("room.rematch"), async () => { await host.rematch(); dialog.close(); }, "primary room-rematch") : null;
    return [
      h("p", { class: "room-intro" }, t("room.intro")),
      friends.map((seat) => inviteBlock(seat.seat, names[seat.seat])),
      h("label", { class: "new-game-field" }, h("span", { class: "new-game-label" }, t("room.paste_label")), paste),
      h("div", { class: "app-dialog-actions" }, add, start, rematch),
      problem,
    ];
  }

  function draw() {
    const nodes = (host.state.setup ? invitesView() : setupForm()).flat(Infinity).filter(Boolean);
    dialog.open(t("menu.room"), ...nodes);
  }

  // A dropped friend: the panel opens with the seat's choices; the match's end, with a rematch.
  let lastWaiting = "";
  game.watch((response) => {
    const waiting = response.room ? JSON.stringify(response.room.waiting) : "";
    const over = !!response.room && response.view.phase === "over";
    if ((waiting !== lastWaiting && waiting !== "[]" && waiting) || (over && !dialog.isOpen)) draw();
    lastWaiting = waiting;
  });

  return { open: draw, host, dialog };
}
