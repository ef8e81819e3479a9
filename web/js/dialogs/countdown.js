// A live countdown to the next daily (the next local midnight).
import { h } from "../dom.js";
import { msToMidnight } from "../dates.js";
import { t } from "../texts.js";

function hms(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const pad = (n) => String(n).padStart(2, "0");
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor(total / 60) % 60)}:${pad(total % 60)}`;
}

/**
 * The countdown; `onReady` is offered as a button once the new day has begun.
 * Returns {node, stop}.
 */
export function countdown({ onReady } = {}) {
  const time = h("time", { class: "countdown-time" });
  const node = h("p", { class: "countdown" }, h("span", { class: "countdown-label" }, `${t("countdown.label")} `), time);
  const startDay = new Date().toDateString();
  let timer = 0;
  const tick = () => {
    const now = new Date();
    if (now.toDateString() !== startDay) {
      clearInterval(timer);
      node.replaceChildren(h("span", { class: "countdown-label" }, `${t("countdown.ready")} `));
      if (onReady) node.append(h("button", { type: "button", class: "countdown-play", onclick: onReady }, t("countdown.play")));
      return;
    }
    const left = msToMidnight(now);
    time.textContent = hms(left);
    time.dateTime = `PT${Math.ceil(left / 1000)}S`;
  };
  tick();
  timer = setInterval(tick, 1000);
  return { node, stop: () => clearInterval(timer) };
}
