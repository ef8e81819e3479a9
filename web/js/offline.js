// The page's side of the service worker (../sw.js): registers it once the
// table is ready (so its downloads never compete with the first boot), and
// when a new build has been installed offers to reload. Nothing reloads
// unless the player asks: the game in progress is saved on this device after
// every action (storage.js) and opens again after the reload.
import { t } from "./texts.js";

const CHECK_EVERY_MS = 60 * 60 * 1000; // a page left open looks for a new build hourly

let banner = null;
let reloadWanted = false;

/** Until the last move is saved: no request in flight, no computer about to move (5 s at most). */
function settled() {
  const game = globalThis.stichtag && globalThis.stichtag.game;
  const idle = game ? game.idle() : Promise.resolve();
  return Promise.race([idle, new Promise((resolve) => setTimeout(resolve, 5000))]);
}

function button(label, onClick, className) {
  const el = document.createElement("button");
  el.type = "button";
  el.className = className;
  el.textContent = label;
  el.addEventListener("click", onClick);
  return el;
}

/** "A new version is ready": Reload (the new worker takes over, then the page reloads) or Later. */
function offerUpdate(waiting) {
  if (banner) return;
  banner = document.createElement("div");
  banner.className = "update-banner";
  banner.setAttribute("role", "status");
  const text = document.createElement("p");
  text.className = "update-text";
  text.textContent = t("update.ready");
  const reload = button(t("update.reload"), async () => {
    reload.disabled = true;
    await settled();
    reloadWanted = true;
    if (waiting && waiting.state === "installed") waiting.postMessage({ type: "skip-waiting" });
    else location.reload(); // already active (another tab took it over)
  }, "update-reload");
  const later = button(t("update.later"), () => {
    banner.hidden = true;
  }, "update-later");
  banner.append(text, reload, later);
  document.body.append(banner);
}

function watch(registration) {
  const offerWhenInstalled = (worker) => {
    if (!worker) return;
    const check = () => {
      if (worker.state === "installed" && navigator.serviceWorker.controller) offerUpdate(worker);
    };
    check();
    worker.addEventListener("statechange", check);
  };
  offerWhenInstalled(registration.waiting);
  offerWhenInstalled(registration.installing);
  registration.addEventListener("updatefound", () => offerWhenInstalled(registration.installing));
}

/** Register the service worker and watch for new builds. Never throws. */
export async function startOffline() {
  if (!("serviceWorker" in navigator)) return null; // no secure context, or no support
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloadWanted) location.reload();
    else if (hadController) offerUpdate(null); // another tab took the new build: this one may follow
  });
  let registration;
  try {
    const url = new URL("../sw.js", import.meta.url);
    registration = await navigator.serviceWorker.register(url, { updateViaCache: "none" });
  } catch {
    return null; // e.g. storage blocked: the site works online as before
  }
  watch(registration);
  let checked = Date.now();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible" || Date.now() - checked < CHECK_EVERY_MS) return;
    checked = Date.now();
    registration.update().catch(() => {}); // offline: try again later
  });
  return registration;
}
