// The archive dialog: every past daily of a game, newest first and page by
// page, each with how it went on this device (won, lost, in progress).
import { button, h } from "../dom.js";
import { localDate } from "../dates.js";
import { dailySlot } from "../storage.js";
import { formatDate, t } from "../texts.js";
import { readResults } from "./stats.js";

/** Open `dialog` with `game`'s archive from the engine's catalog; a date opens with `open(date)`. */
export function openArchive(dialog, { store, engine, catalog, notices, game, open }) {
  const results = readResults({ store, catalog, notices }, game);
  const byNumber = new Map(results.map((r) => [r.number, r]));
  const list = h("ol", { class: "archive-list" });
  const addEntries = (entries) => {
    for (const { number, date } of entries) {
      const link = h("a", { class: "archive-link", href: `?daily=${date}`, dataset: { date } }, t("archive.entry", { number: String(number), date: formatDate(date) }));
      link.addEventListener("click", (event) => {
        event.preventDefault();
        open(date);
      });
      const result = byNumber.get(number);
      let status = "none";
      if (result) status = result.won ? "won" : "lost";
      else if (store.get(dailySlot(game, date)) !== null) status = "playing";
      const item = h("li", { class: "archive-item", dataset: { status } }, link);
      if (status !== "none") item.append(h("span", { class: `archive-status archive-status-${status}` }, t(`archive.status.${status}`)));
      list.append(item);
    }
  };
  const archive = catalog.daily.archive;
  addEntries(archive.entries);
  const nodes = [h("p", { class: "archive-intro" }, t("archive.intro"))];
  nodes.push(archive.total ? list : h("p", { class: "archive-empty" }, t("archive.empty")));
  let shown = archive.entries.length;
  if (shown < archive.total) {
    // Older dailies page by page: the list never grows with the calendar at once.
    const more = button(t("archive.more"), async () => {
      const page = await engine.request({ op: "archive", today: localDate(), offset: shown });
      if (!page || !page.ok) return;
      addEntries(page.entries);
      shown += page.entries.length;
      if (shown >= page.total) more.remove();
    }, "archive-more");
    nodes.push(more);
  }
  dialog.open(t("archive.heading"), ...nodes);
}
