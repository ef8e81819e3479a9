// The friends' table of one daily: your result, and each friend whose code (or
// link) was pasted here or opened, with their result and difference to par.
// The engine checks every code by replaying it (op "friend"); a refused code
// adds nothing and says why. The table lives on the device (friends-store.js).
import { localDate } from "../dates.js";
import { button, h } from "../dom.js";
import { addFriend, clearFriends, entryOf, readFriends } from "../friends-store.js";
import { formatMessage } from "../table/messages.js";
import { currentLanguage, formatSigned, has, nodes, t } from "../texts.js";

/** A difference to par in words ("+1 deal", "level with par"); `unit`: "deals" | "points". */
export function parWords(difference, unit) {
  if (difference === 0) return t("par.even");
  return t(`par.${unit}`, { count: Math.abs(difference), signed: formatSigned(difference) });
}

/**
 * Ask the engine to check `text` (a code or a link) against `daily` ({game, date})
 * and add the friend: {ok: true, entry} or {ok: false, reason} (in words).
 */
export async function addFriendCode({ engine, store }, daily, text) {
  const reply = await engine.request({
    op: "friend", code: text, daily: { game: daily.game, date: daily.date },
    today: localDate(), lang: currentLanguage(),
  });
  if (!reply || !reply.ok) return { ok: false, reason: formatMessage(reply && reply.error) };
  const entry = entryOf(reply);
  addFriend(store, daily.game, daily.date, entry);
  return { ok: true, entry };
}

function row({ name, you = false, won, scoreText, difference, unit, level, defaultLevel }) {
  const shown = name || t("friends.no_name");
  const result = t(won ? "friends.won" : "friends.lost", { score: scoreText });
  const strength = has(`level.${level}`) ? t(`level.${level}`) : level;
  const label = you ? (name ? t("friends.you_named", { name }) : t("friends.you")) : shown;
  // A level other than the daily's own is noted beside the name, in the language's brackets.
  const cell = level && level !== defaultLevel
    ? nodes("friends.name_level", { name: label, level: h("span", { class: "friends-level" }, t("friends.level", { strength })) })
    : [label];
  return h("tr", { class: you ? "friends-row friends-you" : "friends-row" },
    h("th", { scope: "row", class: "friends-name" }, ...cell),
    h("td", { class: "friends-result" }, result),
    h("td", { class: "friends-par" }, difference === null || difference === undefined ? "–" : parWords(difference, unit)));
}

/**
 * The friends' table section of `daily` ({game, date}). `own`: your finished
 * game ({name, score_text, won, par, par_unit}) or null; `ctx`: {engine, store, catalog, notices}.
 */
export function friendsPanel(ctx, daily, own) {
  const body = h("tbody");
  const status = h("p", { class: "friends-status", role: "status", "aria-live": "polite" });
  const defaultLevel = ctx.catalog ? ctx.catalog.games[daily.game].default_level : null;
  const draw = () => {
    const { friends, problem } = readFriends(ctx.store, daily.game, daily.date);
    if (problem && ctx.notices) ctx.notices.show(`friends-${daily.game}-${daily.date}`, "warning", () => t("friends.set_aside"));
    const rows = [];
    if (own) {
      rows.push(row({ name: own.name, you: true, won: own.won, scoreText: own.score_text,
        difference: own.par ? own.par.difference : null, unit: own.par_unit }));
    }
    for (const friend of friends) {
      rows.push(row({ name: friend.name, won: friend.won, scoreText: friend.score_text,
        difference: friend.difference, unit: friend.par_unit, level: friend.level, defaultLevel }));
    }
    if (!friends.length) rows.push(h("tr", { class: "friends-empty" }, h("td", { colspan: "3" }, t("friends.empty"))));
    body.replaceChildren(...rows);
  };
  const input = h("input", { type: "text", name: "friend-code", class: "friends-input", autocomplete: "off", spellcheck: "false" });
  const add = h("button", { type: "submit", class: "friends-add primary" }, t("friends.add"));
  const form = h("form", { class: "friends-form" },
    h("label", { class: "friends-label" }, h("span", {}, t("friends.paste_label")), input), add);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    add.disabled = true;
    status.textContent = t("friends.checking");
    try {
      const outcome = await addFriendCode(ctx, daily, input.value);
      status.textContent = outcome.ok
        ? t("friends.added", { name: outcome.entry.name || t("friends.no_name") })
        : t("friends.refused", { reason: outcome.reason });
      if (outcome.ok) input.value = "";
      draw();
    } finally {
      add.disabled = false;
    }
  });
  const clear = button(t("friends.clear"), () => {
    clearFriends(ctx.store, daily.game, daily.date);
    status.textContent = t("friends.cleared");
    draw();
  }, "friends-clear");
  draw();
  return h("section", { class: "friends-panel", "aria-labelledby": "friends-heading", dataset: { game: daily.game, date: daily.date } },
    h("h3", { class: "friends-heading", id: "friends-heading" }, t("friends.heading")),
    h("table", { class: "friends-table" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col" }, t("friends.col_name")),
        h("th", { scope: "col" }, t("friends.col_result")),
        h("th", { scope: "col" }, t("friends.col_par")))),
      body),
    h("p", { class: "friends-intro" }, t("friends.intro")),
    form,
    h("div", { class: "friends-actions" }, clear),
    status,
    h("p", { class: "friends-honest" }, t("friends.honest")));
}

/** The friends' table in its own dialog (the menu's "Friends", a friend's link). */
export function openFriends(dialog, ctx, daily, own, message = null) {
  const panel = friendsPanel(ctx, daily, own);
  if (message) panel.querySelector(".friends-status").textContent = message;
  dialog.open(t("friends.heading"), panel);
}
