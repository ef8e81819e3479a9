// Page entry point: the table skeleton is already painted by index.html;
// this starts the engine worker, shows its progress, creates the game on the
// table once the engine answers {"op": "ping"} and hands over to the app
// controller (app.js). URL knob read here: &pace=MS (computer move pace).
import { Engine } from "./bridge.js";
import { button } from "./dom.js";
import { createGame } from "./game.js";
import { startApp } from "./app.js";
import { t } from "./texts.js";

const statusEl = document.getElementById("engine-status");
const noticeEl = document.getElementById("notice");
const params = new URLSearchParams(location.search);
const bootTimeoutMs = Number(params.get("boot-timeout")) || 30000;

function setStatus(state, text) {
  statusEl.dataset.state = state;
  statusEl.querySelector(".label").textContent = text;
}

/** Show a visible message with action buttons [{label, onClick}]. */
function showNotice(kind, text, actions = []) {
  noticeEl.dataset.kind = kind;
  noticeEl.querySelector(".notice-text").textContent = text;
  const box = noticeEl.querySelector(".notice-actions");
  box.replaceChildren(...actions.map(({ label, onClick }) => button(label, onClick)));
  noticeEl.hidden = false;
  box.querySelector("button")?.focus();
}

function hideNotice() { noticeEl.hidden = true; }

const STAGES = { runtime: "boot.loading", engine: "boot.starting" };
const dismiss = { label: t("notice.dismiss"), onClick: hideNotice };

const engine = new Engine({
  bootTimeoutMs,
  onStatus: (stage) => setStatus("loading", t(STAGES[stage] || "boot.loading_other")),
  onSlowBoot: (ms) => {
    setStatus("loading", t("boot.still_loading"));
    showNotice("warning", t("boot.slow", { seconds: Math.round(ms / 1000) }),
      [{ label: t("boot.keep_waiting"), onClick: hideNotice }, { label: t("boot.reload"), onClick: () => location.reload() }]);
  },
  onError: (err) => {
    setStatus("error", t("boot.stopped"));
    showNotice("error", t("boot.not_lost", { message: err.message }),
      [{ label: t("boot.try_again"), onClick: () => { hideNotice(); setStatus("loading", t(STAGES.runtime)); connect(engine.restart()); } },
       dismiss]);
  },
});

const paceParam = params.get("pace");
const options = paceParam !== null && paceParam !== "" && Number.isFinite(Number(paceParam)) ? { pace: Number(paceParam) } : {};
let game = null;
let appStarted = false;

async function startGame() {
  if (!game) {
    game = createGame({
      engine,
      root: document.getElementById("table"),
      options,
      hooks: {
        onError: (err) => {
          // Refusals are explained on the table; other failures get a notice.
          if (!err || err.payload || err.kind === "crash" || err.kind === "boot") return;
          showNotice("error", t("boot.problem", { message: err.message || err }), [dismiss]);
        },
      },
    });
    globalThis.stichtag.game = game;
  }
  if (appStarted) {
    // An engine restart lost the session: carry on with the same game.
    if (game.response) await game.reload();
    return;
  }
  appStarted = true;
  try {
    await startApp({ engine, game });
  } catch (err) {
    const text = err && err.payload ? err.payload.text : (err && err.message) || String(err);
    showNotice("error", t("notice.open_failed", { reason: text }),
      [{ label: t("boot.new_match"), onClick: () => { hideNotice(); game.newMatch(); } }, dismiss]);
  }
}

async function connect(ready) {
  try {
    const info = await ready;
    const pong = await engine.request({ op: "ping" });
    if (!pong || pong.ok !== true) throw new Error(`unexpected answer to ping: ${JSON.stringify(pong)}`);
    performance.mark("stichtag:engine-ready");
    hideNotice();
    setStatus("ready", t("boot.ready"));
    globalThis.stichtag = { ...(globalThis.stichtag || {}), engine, info, pong };
    await startGame();
    // Wait (a while at most) until no computer move is in flight.
    await Promise.race([game.idle(), new Promise((resolve) => setTimeout(resolve, 10000))]);
    performance.mark("stichtag:table-ready");
    // "ready" once the table waits for the player (no computer move in flight).
    document.documentElement.dataset.engine = "ready";
  } catch (err) {
    if (err && err.kind) return; // boot/crash errors are shown by onError
    setStatus("error", t("boot.error"));
    showNotice("error", t("boot.unexpected", { message: err.message || err }),
      [{ label: t("boot.try_again"), onClick: () => { hideNotice(); connect(engine.restart()); } }, dismiss]);
  }
}

connect(engine.ready);
