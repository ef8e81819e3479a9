// Page entry point (for now): the table skeleton is already painted by
// index.html; this starts the engine worker, shows its progress, and says
// "Engine ready" once the engine answers {"op": "ping"}.
import { Engine } from "./bridge.js";

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

async function connect(ready) {
  try {
    const info = await ready;
    const pong = await engine.request({ op: "ping" });
    if (!pong || pong.ok !== true) throw new Error(`unexpected answer to ping: ${JSON.stringify(pong)}`);
    performance.mark("stichtag:engine-ready");
    hideNotice();
    setStatus("ready", "Engine ready");
    document.documentElement.dataset.engine = "ready";
    globalThis.stichtag = { engine, info, pong };
  } catch (err) {
    if (err && err.kind) return; // boot/crash errors are shown by onError
    setStatus("error", "Card engine error");
    showNotice("error", `The card engine gave an unexpected answer: ${err.message || err}`,
      [{ label: "Try again", onClick: () => { hideNotice(); connect(engine.restart()); } },
       { label: "Dismiss", onClick: hideNotice }]);
  }
}

connect(engine.ready);
