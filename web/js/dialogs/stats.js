// The statistics: the numbers come from the engine's `stats` op (the streak
// rules live in Python); this reads the results kept on the device, draws the
// numbers and an SVG chart of the results, and opens the statistics dialog.
import { h } from "../dom.js";
import { localDate } from "../dates.js";
import { formatNumber, formatSigned, plural, t } from "../texts.js";
import { countdown } from "./countdown.js";

const SVG = "http://www.w3.org/2000/svg";
let statsPanels = 0;

function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  return node;
}

/** An SVG column chart: one column per daily, tall = won, short = lost. */
export function resultsChart(points) {
  const figure = h("figure", { class: "stats-chart" });
  if (!points.length) {
    figure.append(h("p", { class: "stats-chart-empty" }, t("stats.chart_empty")));
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
    title.textContent = t(point.hints ? "stats.chart_point_hints" : "stats.chart_point", {
      number: String(point.number), result: t(point.won ? "stats.point_won" : "stats.point_lost"),
    });
    if (point.hints) bar.classList.add("stats-bar-hints");
    bar.append(title);
    chart.append(bar);
  });
  figure.append(chart);
  return figure;
}

/** An SVG chart of the difference to par per daily: up = better than par, down = worse. */
export function parChart(points, unit) {
  const figure = h("figure", { class: "stats-chart stats-par-chart" });
  const slots = Math.max(points.length, 10);
  const width = slots * 10;
  const half = 20;
  const largest = Math.max(1, ...points.map((point) => Math.abs(point.difference)));
  const chart = svg("svg", {
    viewBox: `0 0 ${width} ${2 * half + 2}`, role: "img", class: "stats-chart-svg",
    "aria-label": t("stats.par_chart_label", { count: points.length }),
  });
  chart.append(svg("line", { x1: 0, y1: half + 1, x2: width, y2: half + 1, class: "stats-chart-axis" }));
  points.forEach((point, i) => {
    const size = Math.max(1, (half * Math.abs(point.difference)) / largest);
    const above = point.difference >= 0;
    const bar = svg("rect", {
      x: i * 10 + 1.5, y: above ? half + 1 - size : half + 1, width: 7, height: size, rx: 1,
      class: above ? "stats-par-bar stats-par-up" : "stats-par-bar stats-par-down",
      "data-number": point.number, "data-difference": point.difference,
    });
    const title = svg("title");
    const words = point.difference === 0 ? t("par.even") : t(`par.${unit}`, { count: Math.abs(point.difference), signed: formatSigned(point.difference) });
    title.textContent = t("stats.par_point", { number: String(point.number), difference: words });
    bar.append(title);
    chart.append(bar);
  });
  figure.append(chart);
  return figure;
}

/** The statistics section for the engine's summary (or null: unavailable). */
export function statsPanel(summary) {
  // The result and statistics dialogs may both hold a panel: each heading its own id.
  const id = `stats-heading-${++statsPanels}`;
  const section = h("section", { class: "stats-panel", "aria-labelledby": id },
    h("h3", { class: "stats-heading", id }, t("stats.heading")));
  if (!summary) {
    section.append(h("p", {}, t("stats.unavailable")));
    return section;
  }
  const list = h("dl", { class: "stats-numbers" });
  for (const [key, value] of [
    ["played", summary.played], ["won", summary.won], ["win_percent", summary.win_percent],
    ["current_streak", summary.current_streak], ["best_streak", summary.best_streak],
  ]) {
    list.append(h("div", { class: `stats-item stats-${key.replace("_", "-")}`, dataset: { stat: key } },
      h("dd", { class: "stats-value" }, formatNumber(value)), h("dt", { class: "stats-label" }, t(`stats.${key}`))));
  }
  section.append(list, resultsChart(summary.chart || []));
  if (summary.par_chart && summary.par_chart.length) {
    const unit = summary.par_unit || "deals";
    section.append(h("h4", { class: "stats-par-heading" }, t("stats.par_heading")),
      parChart(summary.par_chart, unit),
      h("p", { class: "stats-par-average" }, t("stats.par_average", {
        difference: formatSigned(summary.par_average), count: summary.par_count,
      })));
  }
  if (summary.with_hints) {
    section.append(h("p", { class: "stats-hints" }, plural("stats.with_hints", summary.with_hints)));
  }
  if (summary.archive_played) {
    section.append(h("p", { class: "stats-archive" },
      t("stats.archive", { played: summary.archive_played, won: summary.archive_won })));
  }
  return section;
}

/** `game`'s daily results kept in `store`; results that cannot be read get a notice. */
export function readResults({ store, catalog, notices }, game) {
  const { results, problem, aside } = store.readResults(game, catalog.stats_schema);
  if (problem) {
    const key = aside === "kept" ? "notice.stats_kept" : "notice.stats_set_aside";
    notices.show(`stats-${game}`, "warning", () => t(key, { reason: t(problem.key, problem.params) }));
  }
  return results;
}

/** The engine's summary of `game`'s results (null when the engine cannot give one). */
export async function loadSummary({ store, engine, catalog, notices }, game) {
  const results = readResults({ store, catalog, notices }, game);
  const reply = await engine.request({ op: "stats", results, today: localDate(), game });
  return reply && reply.ok ? reply.stats : null;
}

/** The statistics dialog: the summary and the countdown to the next daily. */
export function openStats(dialog, summary, { onNextDaily }) {
  const clock = countdown({ onReady: onNextDaily });
  dialog.open(t("stats.heading"), statsPanel(summary), clock.node);
  dialog.whenClosed(clock.stop);
}
