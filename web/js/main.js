// Page entry point: the table skeleton is already painted by index.html;
// this starts the engine worker, shows its progress, creates the game on the
// table once the engine answers {"op": "ping"} and hands over to the app
// controller (app.js). URL knob read here: &pace=MS (computer move pace).
import { Engine } from "./bridge.js";
import { createGame } from "./game.js";
import { startApp } from "./app.js";

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
  box.replaceChildren(...actions.map(({ label, onClick }) => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = label;
    button.addEventListener("click", onClick);
    return button;
  }));
  noticeEl.hidden = false;
  box.querySelector("button")?.focus();
}

function hideNotice() { noticeEl.hidden = true; }

const STAGES = { runtime: "Loading the card engine…", engine: "Starting the card engine…" };

const engine = new Engine({
  bootTimeoutMs,
  onStatus: (stage) => setStatus("loading", STAGES[stage] || "Loading…"),
  onSlowBoot: (ms) => {
    setStatus("loading", "Still loading the card engine…");
    showNotice("warning",
      `The card engine has not started after ${Math.round(ms / 1000)} seconds. ` +
      "A slow connection can cause this; so can a server that sends the wrong file types.",
      [{ label: "Keep waiting", onClick: hideNotice }, { label: "Reload page", onClick: () => location.reload() }]);
  },
  onError: (err) => {
    setStatus("error", "Card engine stopped");
    showNotice("error", `${err.message}\nYour game on this device is not lost.`,
      [{ label: "Try again", onClick: () => { hideNotice(); setStatus("loading", STAGES.runtime); connect(engine.restart()); } },
       { label: "Dismiss", onClick: hideNotice }]);
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
          showNotice("error", `The card engine reported a problem: ${err.message || err}`, [{ label: "Dismiss", onClick: hideNotice }]);
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
    showNotice("error", `The game could not be opened: ${text}`,
      [{ label: "New match", onClick: () => { hideNotice(); game.newMatch(); } },
       { label: "Dismiss", onClick: hideNotice }]);
  }
}

async function connect(ready) {
  try {
    const info = await ready;
    const pong = await engine.request({ op: "ping" });
    if (!pong || pong.ok !== true) throw new Error(`unexpected answer to ping: ${JSON.stringify(pong)}`);
    performance.mark("stichtag:engine-ready");
    hideNotice();
    setStatus("ready", "Engine ready");
    globalThis.stichtag = { ...(globalThis.stichtag || {}), engine, info, pong };
    await startGame();
    // Wait (a while at most) until no computer move is in flight.
    await Promise.race([game.idle(), new Promise((resolve) => setTimeout(resolve, 10000))]);
    performance.mark("stichtag:table-ready");
    // "ready" once the table waits for the player (no computer move in flight).
    document.documentElement.dataset.engine = "ready";
    // [offline] the service worker only now: its downloads never slow the first boot.
    import("./offline.js").then((offline) => offline.startOffline()).catch(() => {});
  } catch (err) {
    if (err && err.kind) return; // boot/crash errors are shown by onError
    setStatus("error", "Card engine error");
    showNotice("error", `The card engine gave an unexpected answer: ${err.message || err}`,
      [{ label: "Try again", onClick: () => { hideNotice(); connect(engine.restart()); } },
       { label: "Dismiss", onClick: hideNotice }]);
  }
}

connect(engine.ready);
