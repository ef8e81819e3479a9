// The result dialog of a finished daily: the share text, the statistics, the
// countdown to the next daily and the ways on (a new game, an older daily).
import { button, h } from "../dom.js";
import { formatDate, t } from "../texts.js";
import { countdown } from "./countdown.js";
import { sharePanel } from "./share.js";
import { statsPanel } from "./stats.js";

/**
 * Open `dialog` for daily `number` of `date` (`archive`: played after its day)
 * with the engine's `share` and statistics `summary`.
 */
export function openResult(dialog, { number, date, archive, share, summary, onNextDaily, onNewGame, onArchive }) {
  const clock = countdown({ onReady: onNextDaily });
  const actions = h("div", { class: "app-dialog-actions" },
    button(t("result.new_free"), onNewGame),
    button(t("result.archive"), () => { dialog.close(); onArchive(); }));
  const title = t(archive ? "result.title_archive" : "result.title", { number: String(number), date: formatDate(date) });
  dialog.open(title, sharePanel(share), statsPanel(summary), clock.node, actions);
  dialog.whenClosed(clock.stop);
}
