// Every text the app controller shows, in one place so translations can be
// added later: t("key", {name: value}) fills {name} placeholders.

const EN = {
  // header and menu
  "menu.today": "Today's daily",
  "menu.archive": "Archive",
  "menu.new": "New game",
  "menu.stats": "Statistics",
  "menu.label": "Game menu",
  "header.daily": "Daily #{number} · {date}",
  "header.archive": "Archive · Daily #{number} · {date}",
  "header.free": "Free game · {rules}",
  "header.loading": "Opening…",
  "rules.classic": "Classic",
  "rules.historic": "Historic",
  "rules.summary": "{set} to {target}, {players} players",
  "faces.german": "German cards",
  "faces.french": "French cards",

  // notices
  "notice.dismiss": "Dismiss",
  "notice.go_today": "Go to today's daily",
  "notice.bad_url": "{reason}",
  "notice.bad_url_more": "You can play today's daily instead.",
  "notice.before_first": "The first daily comes out on {first}. Until then, enjoy a free game.",
  "notice.storage_unavailable": "This browser does not let the site keep data on this device (private mode?). You can play, but your game and statistics will not be kept after you leave.",
  "notice.storage_full": "The storage on this device is full, so your game is not being saved. You can keep playing.",
  "notice.storage_failed": "Your game could not be saved on this device ({detail}). You can keep playing.",
  "notice.set_aside": "Your saved game could not be restored: {reason} It was set aside on this device and a new game has started.",
  "notice.set_aside_lost": "Your saved game could not be restored: {reason} A new game has started.",
  "notice.set_aside_kept": "Your saved game could not be restored: {reason} There is no room on this device to set it aside, so it was left where it is, untouched; this game will not be saved until you make room.",
  "notice.settings_set_aside": "Your saved settings could not be read; they were set aside on this device and the usual settings are used.",
  "notice.settings_kept": "Your saved settings could not be read and there is no room to set them aside; they were left untouched and the usual settings are used.",
  "notice.stats_kept": "Your saved statistics could not be read ({reason}); there is no room to set them aside, so they were left untouched and this result is not counted.",
  "notice.bad_level": "There is no computer level called \"{level}\": the usual level plays.",
  "notice.stats_set_aside": "Your saved statistics could not be read ({reason}); they were set aside and counting starts again.",
  "notice.engine_error": "The card engine refused: {reason}",
  "notice.open_failed": "The game could not be opened: {reason}",

  // why a save is set aside
  "save.unreadable": "it is not readable.",
  "save.shape": "it is not a saved game.",
  "save.newer": "it was saved by a newer version of Stichtag (save format {found}, this version reads {expected}).",
  "save.older": "it was saved in an old format ({found}) that this version no longer reads.",
  "save.not_replayable": "it cannot be replayed ({reason})",
  "save.wrong_daily": "it does not belong to this daily.",

  // result, share, stats
  "result.title": "Daily #{number} · {date}",
  "result.title_archive": "Archive daily #{number} · {date}",
  "share.heading": "Share your result",
  "share.copy": "Copy result",
  "share.copied": "Copied to the clipboard.",
  "share.copy_failed": "Could not copy: the text is selected, copy it with your device's copy command.",
  "share.send": "Share…",
  "share.sent": "Shared.",
  "stats.heading": "Statistics",
  "stats.played": "Played",
  "stats.won": "Won",
  "stats.win_percent": "Win %",
  "stats.current_streak": "Current streak",
  "stats.best_streak": "Best streak",
  "stats.archive": "Archive games (counted apart): {played} played, {won} won.",
  "stats.chart_label": "Results of the last {count} dailies played on their day",
  "stats.chart_empty": "No daily played on its day yet.",
  "stats.chart_point": "Daily #{number}: {result}",
  "stats.point_won": "won",
  "stats.point_lost": "lost",
  "stats.unavailable": "Statistics are not available.",
  "countdown.label": "Next daily in",
  "countdown.ready": "The next daily is out.",
  "countdown.play": "Play it",
  "dialog.close": "Close",
  "result.new_free": "New game",
  "result.archive": "Play an older daily",

  // archive
  "archive.heading": "Archive",
  "archive.intro": "Every past daily can be played. Games from the archive are counted apart in the statistics.",
  "archive.empty": "There are no past dailies yet.",
  "archive.more": "Show older dailies",
  "archive.entry": "#{number} · {date}",
  "archive.status.won": "won",
  "archive.status.lost": "lost",
  "archive.status.playing": "in progress",

  // new game
  "new.heading": "New game",
  "new.intro": "A free match with fresh random deals. Your choice is remembered on this device.",
  "new.rules": "Rules",
  "new.target": "Play to",
  "new.players": "Players",
  "new.faces": "Cards",
  "new.start": "Start new game",
  "new.cancel": "Cancel",

  // a new build is installed (offline.js)
  "update.ready": "A new version of Stichtag is ready. Your game in progress is kept.",
  "update.reload": "Reload now",
  "update.later": "Later",
};

let table = EN;

/** The text for `key` with {placeholders} filled from `params`. */
export function t(key, params = {}) {
  const text = key in table ? table[key] : key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** Swap in another language's table (missing keys fall back to English). */
export function useTexts(texts) {
  table = { ...EN, ...texts };
}
