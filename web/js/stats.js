// The statistics panel: the numbers come from the engine's `stats` op (the
// streak rules live in Python); this only draws them, plus an SVG chart of
// the results and a countdown to the next local midnight.
import { t } from "./texts.js";

const SVG = "http://www.w3.org/2000/svg";

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  return node;
}

/** An SVG column chart: one column per daily, tall = won, short = lost. */
export function resultsChart(points) {
  const figure = el("figure", "stats-chart");
  if (!points.length) {
    figure.append(el("p", "stats-chart-empty", t("stats.chart_empty")));
    return figure;
  }
  const slots = Math.max(points.length, 10);
  const width = slots * 10;
  const height = 40;
  const chart = svg("svg", {
    viewBox: `0 0 ${width} ${height + 2}`, role: "img", class: "stats-chart-svg",
    "aria-label": t("stats.chart_label", { count: points.length }),
  });
  chart.append(svg("line", { x1: 0, y1: height + 1, x2: width, y2: height + 1, class: "stats-chart-axis" }));
  points.forEach((point, i) => {
    const tall = point.won ? height : height * 0.35;
    const bar = svg("rect", {
      x: i * 10 + 1.5, y: height - tall, width: 7, height: tall, rx: 1.5,
      class: point.won ? "stats-bar stats-bar-won" : "stats-bar stats-bar-lost",
      "data-number": point.number,
    });
    const title = svg("title");
    title.textContent = t("stats.chart_point", {
      number: point.number, result: t(point.won ? "stats.point_won" : "stats.point_lost"),
    });
    bar.append(title);
    chart.append(bar);
  });
  figure.append(chart);
  return figure;
}

/** The statistics section for the engine's summary (or null: unavailable). */
export function statsPanel(summary) {
  const section = el("section", "stats-panel");
  section.setAttribute("aria-labelledby", "stats-heading");
  const heading = el("h3", "stats-heading", t("stats.heading"));
  heading.id = "stats-heading";
  section.append(heading);
  if (!summary) {
    section.append(el("p", "", t("stats.unavailable")));
    return section;
  }
  const list = el("dl", "stats-numbers");
  for (const [key, value] of [
    ["played", summary.played], ["won", summary.won], ["win_percent", summary.win_percent],
    ["current_streak", summary.current_streak], ["best_streak", summary.best_streak],
  ]) {
    const item = el("div", `stats-item stats-${key.replace("_", "-")}`);
    item.dataset.stat = key;
    item.append(el("dd", "stats-value", String(value)), el("dt", "stats-label", t(`stats.${key}`)));
    list.append(item);
  }
  section.append(list, resultsChart(summary.chart || []));
  if (summary.archive_played) {
    section.append(el("p", "stats-archive",
      t("stats.archive", { played: summary.archive_played, won: summary.archive_won })));
  }
  return section;
}

/** Milliseconds from `now` to the next local midnight. */
export function msToMidnight(now = new Date()) {
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return next.getTime() - now.getTime();
}

function hms(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const pad = (n) => String(n).padStart(2, "0");
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor(total / 60) % 60)}:${pad(total % 60)}`;
}

/**
 * A live countdown to the next daily; `onReady` is offered as a button once
 * the new day has begun. Returns {node, stop}.
 */
export function countdown({ onReady } = {}) {
  const node = el("p", "countdown");
  const label = el("span", "countdown-label", `${t("countdown.label")} `);
  const time = el("time", "countdown-time");
  node.append(label, time);
  const startDay = new Date().toDateString();
  let timer = 0;
  const tick = () => {
    const now = new Date();
    if (now.toDateString() !== startDay) {
      clearInterval(timer);
      node.replaceChildren(el("span", "countdown-label", `${t("countdown.ready")} `));
      if (onReady) {
        const button = el("button", "countdown-play", t("countdown.play"));
        button.type = "button";
        button.addEventListener("click", onReady);
        node.append(button);
      }
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
