// The game controller: sends the player's actions and the computer turns to
// the engine one request at a time, and draws each response on the table of
// its game (table/tables.js). Its whole state is one object (`state`, below),
// kept apart from the DOM; input is in table/input.js. No rule logic: who acts
// next (response.turn), what is legal and what a move was are the engine's.
//
//   const game = createGame({ engine, root, hooks, options });
//   await game.open({op: "new", game: "karnoffel", rules: {...}, seed: "..."}, {owner});
//
// hooks: onState(response, owner) after every successful state-changing
// response, onContinue(response, owner) when the person asks for the next deal
// (before the engine deals it), onMatchOver(response, owner), onError(error),
// onNewMatch(response).
// `owner` is what open() was given for the match the response belongs to (the
// app's save slot): a computer move that arrives while another match is being
// opened still belongs to the match it was asked for.
// options: faces ("german" | "french"; default: the match's rules), pace (ms
// per computer move; 0 = no waiting and no animation).
import { delay, h, prefersReducedMotion } from "./dom.js";
import { t } from "./texts.js";
import { attachHandInput, focusCard } from "./table/input.js";
import { seating } from "./table/layout.js";
import { renderLog } from "./table/log.js";
import { buildTable, labelTable } from "./table/parts.js";
import { tables } from "./table/tables.js";

const DEFAULT_PACE = 700;

/** An Error for a refused request ({ok: false}); the engine's error object is .payload. */
function refusal(payload) {
  const error = new Error(payload && payload.text ? payload.text : t("engine.refused"));
  error.name = "EngineRefusal";
  error.payload = payload;
  return error;
}

export function createGame({ engine, root, hooks = {}, options = {} }) {
  const state = {
    hooks: { ...hooks },
    options: { faces: null, pace: DEFAULT_PACE, ...options },
    parts: buildTable(root),
    response: null, // the last successful state response: the game's whole state
    lastRequest: null, // the open() request (for "new match" with the same rules)
    owner: null, // the open() caller's token for the match (see the hooks)
    generation: 0, // bumped by every successful open(): stale loops stop
    opening: 0, // open() calls in flight: the computer loop waits for them
    busy: false, // a player's request is in flight
    looping: false, // the computer loop runs
    loopWanted: false,
    idleWaiters: [],
    chain: Promise.resolve(), // the requests in flight, one after the other
    focusedCard: null, // the card the keyboard (or pointer) is on
    hintCard: null, // the card whose reason the hint line shows
    selection: { key: "", cards: [] }, // cards ticked for a poverty exchange (Doppelkopf)
    matchOverSent: false,
    // [offline] Until the person's first request after open(), computers move without
    // the pace: the first decision is the person's as soon as the engine is ready.
    openingMoves: false,
  };
  const { parts } = state;

  // --------------------------------------------------------- requests
  /** Send one request; one at a time, in order. Resolves to the ok response. */
  function send(request) {
    const result = state.chain.then(async () => {
      const answer = await engine.request(request);
      if (!answer || answer.ok !== true) throw refusal(answer && answer.error);
      return answer;
    });
    state.chain = result.catch(() => {});
    return result;
  }

  function reportError(error, { inTable = true, retry = null } = {}) {
    if (inTable) showError(error, retry);
    try {
      if (state.hooks.onError) state.hooks.onError(error);
    } catch (hookError) {
      console.warn("onError hook failed", hookError);
    }
  }

  function callHook(name, ...args) {
    const hook = state.hooks[name];
    if (!hook) return;
    try {
      hook(...args);
    } catch (error) {
      console.warn(`${name} hook failed`, error);
    }
  }

  // ----------------------------------------------------------- render
  function tableOf(view) {
    const table = tables[view.game];
    if (!table) throw new Error(`no table for the game ${JSON.stringify(view.game)}`);
    return table;
  }

  function faces() {
    return state.options.faces || (state.response && state.response.view.rules.faces) || "german";
  }

  function pace() {
    const p = Number(state.options.pace);
    return Number.isFinite(p) && p >= 0 ? p : DEFAULT_PACE;
  }

  function context(view, extra = {}) {
    return {
      faces: faces(),
      seating: seating(view),
      focusCard: state.focusedCard,
      selection: state.selection,
      onAction: (action) => { act(action).catch(() => {}); },
      onContinue: () => { continueDeal().catch(() => {}); },
      onNewMatch: newMatch,
      ...extra,
    };
  }

  function draw(extra = {}) {
    if (!state.response) return;
    const view = state.response.view;
    const before = document.activeElement;
    const focusInTable = root.contains(before) || before === document.body || !before;
    const wasInHand = root.contains(before) && before.classList.contains("card-mine");
    const handIndex = wasInHand ? Number(before.dataset.index) : -1;
    const panelWasHidden = parts.panel.hidden;
    const ctx = context(view, extra);
    root.classList.toggle("no-anim", pace() === 0 || prefersReducedMotion());
    root.dataset.phase = view.phase;
    root.dataset.players = String(view.players);
    root.dataset.faces = ctx.faces;
    root.dataset.busy = String(state.looping || state.busy);
    parts.felt.dataset.game = view.game;
    labelTable(parts);
    const table = tableOf(view);
    table.render(parts, state.response, ctx);
    renderLog(parts, view, ctx, (card) => table.cardLabel(view, card, ctx.faces));
    refreshHint();
    // The focus moves only when a panel opens or when what had it is gone (the
    // card just played, the call just made, the panel just closed); a redraw
    // keeps the cards as they are (table/seats.js), so the focus stays put.
    if (panelWasHidden && !parts.panel.hidden && focusInTable) {
      parts.panel.querySelector("button")?.focus();
      return;
    }
    const lost = root.contains(before) ? false : before && before !== document.body && !before.isConnected;
    if (!lost) return;
    const cards = [...parts.felt.querySelectorAll(".hand-mine .card-mine")];
    const target = cards.find((b) => b.dataset.card === state.focusedCard && wasInHand && b !== before)
      || (wasInHand ? cards[Math.min(handIndex, cards.length - 1)] : null)
      || parts.actions.querySelector("button")
      || parts.felt.querySelector(".card-mine[tabindex='0']")
      || (parts.panel.hidden ? null : parts.panel.querySelector("button"))
      || parts.felt.querySelector(".hand-mine");
    if (target && target.classList.contains("card-mine")) focusCard(target);
    else if (target) target.focus();
  }

  /** Say `text` once in the live region; `kind` ("turn", "move", "result") marks the line. */
  function announce(text, kind = "move") {
    if (!text) return;
    parts.live.append(h("p", { dataset: { kind } }, text));
    while (parts.live.childElementCount > 4) parts.live.firstElementChild.remove();
  }

  /** The hint line: written only when its text changes (it is a live region). */
  function showHint(text, card = null) {
    state.hintCard = text ? card : null;
    if (parts.hint.textContent !== (text || "")) parts.hint.textContent = text || "";
  }

  /** A card's reason that no longer holds goes quietly after a redraw. */
  function refreshHint() {
    if (!state.hintCard) return;
    const button = parts.felt.querySelector(`.card-mine[data-card="${state.hintCard}"]`);
    const reason = button ? button.dataset.reason || "" : "";
    if (!reason || !parts.hint.textContent.endsWith(reason)) showHint("");
  }

  function showError(error, retry) {
    const text = errorWords(error);
    const again = retry
      ? h("button", { type: "button", onclick: () => { hideError(); retry(); } }, t("table.try_again")) : null;
    const dismiss = h("button", { type: "button", onclick: hideError }, t("table.dismiss"));
    parts.error.replaceChildren(h("p", {}, text), ...(again ? [again] : []), dismiss);
    parts.error.hidden = false;
  }

  function hideError() {
    parts.error.hidden = true;
    parts.error.replaceChildren();
  }

  /** Take a successful state response of `owner`'s match: store, draw, announce, tell the hooks. */
  function accept(answer, owner) {
    const before = state.response;
    state.response = answer;
    const view = answer.view;
    const played = answer.played;
    const entered = played && played.kind === "card" ? { seat: played.seat, card: played.action } : null;
    draw({ entered });
    const table = tableOf(view);
    const ctx = context(view);
    announce(table.describeMove(before, answer, ctx));
    if (view.phase === "deal" && (!before || before.view.phase !== "deal")) {
      const result = view.results[view.results.length - 1];
      if (result) announce(table.formatMessage(result.message, ctx), "result");
    }
    // A turn begins with a move, a new deal or an opened match: said once.
    const mine = view.to_act === view.seat && view.legal.length > 0;
    if (mine && (played || !before || before.view.phase !== view.phase)) announce(parts.turn.textContent, "turn");
    callHook("onState", answer, owner);
    if (view.phase === "over" && !state.matchOverSent) {
      state.matchOverSent = true;
      const result = view.results[view.results.length - 1];
      if (result) announce(table.formatMessage(result.message, ctx), "result");
      announce(table.matchLine(answer, ctx), "result");
      callHook("onMatchOver", answer, owner);
    }
  }

  // ---------------------------------------------------- computer loop
  function computerToAct(response) {
    return response.turn.who === "computer";
  }

  /** How long to wait before the next computer move. */
  function stepDelay(view) {
    const p = pace();
    if (p === 0) return 0;
    // A trick just completed and is still on show: give time to read the explanation.
    const trickJustDone = view.phase === "play" && view.trick.cards.length === 0 && view.played.length > 0;
    return trickJustDone ? Math.round(p * 2.5) : p;
  }

  function settleIdle() {
    if (state.looping || state.busy || state.opening) return;
    const waiters = state.idleWaiters;
    state.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  async function runLoop() {
    state.loopWanted = true;
    if (state.looping) return;
    state.looping = true;
    root.dataset.busy = "true";
    try {
      while (state.loopWanted && state.response && computerToAct(state.response) && !state.opening) {
        const gen = state.generation;
        const owner = state.owner;
        await delay(state.openingMoves ? 0 : stepDelay(state.response.view));
        if (gen !== state.generation || state.opening || !state.response || !computerToAct(state.response)) continue;
        let answer;
        try {
          answer = await send({ op: "step" });
        } catch (error) {
          if (gen === state.generation) reportError(error, { retry: () => runLoop() });
          break;
        }
        if (gen !== state.generation) continue;
        accept(answer, owner);
      }
    } finally {
      state.looping = false;
      state.loopWanted = false;
      if (state.response) root.dataset.busy = String(state.busy);
      settleIdle();
    }
  }

  // ------------------------------------------------------- operations
  async function open(request, { owner = null } = {}) {
    state.opening++;
    let answer;
    try {
      answer = await send(request);
    } catch (error) {
      state.opening--;
      reportError(error, { inTable: !!state.response });
      if (state.response) runLoop();
      settleIdle();
      throw error;
    }
    state.opening--;
    state.generation++;
    state.owner = owner;
    state.lastRequest = request;
    state.matchOverSent = false;
    state.openingMoves = true; // [offline]
    state.focusedCard = null;
    hideError();
    showHint("");
    accept(answer, owner);
    runLoop();
    settleIdle();
    return answer;
  }

  /** Run a player's request (an action, the next deal): one at a time, then the computers. */
  async function playerRequest(request, { onAnswer, retry = null }) {
    state.openingMoves = false; // [offline]
    state.busy = true;
    root.dataset.busy = "true";
    const gen = state.generation;
    const owner = state.owner;
    try {
      const answer = await send(request);
      if (gen !== state.generation) return answer;
      hideError();
      onAnswer(answer, owner);
      return answer;
    } catch (error) {
      if (gen === state.generation) {
        if (retry) reportError(error, { retry });
        else {
          showHint(errorWords(error));
          reportError(error, { inTable: !error.payload });
        }
      }
      throw error;
    } finally {
      state.busy = false;
      root.dataset.busy = "false";
      runLoop();
      settleIdle();
    }
  }

  async function act(action) {
    if (!state.response) throw new Error("no game is open");
    if (state.busy || state.looping || state.opening) return state.response; // a move is already on its way
    return playerRequest({ op: "act", action }, {
      onAnswer: (answer, owner) => {
        showHint("");
        accept(answer, owner);
      },
    });
  }

  async function continueDeal() {
    if (!state.response || state.response.view.phase !== "deal" || state.busy) return state.response;
    callHook("onContinue", state.response, state.owner);
    return playerRequest({ op: "deal" }, {
      retry: () => continueDeal(),
      onAnswer: (answer, owner) => {
        accept(answer, owner);
        // Keyboard users land in their new hand.
        const first = parts.felt.querySelector(".card-mine[tabindex='0']");
        if (first && (document.activeElement === document.body || !document.activeElement || !root.contains(document.activeElement))) first.focus();
      },
    });
  }

  function newMatch() {
    if (state.hooks.onNewMatch) return state.hooks.onNewMatch(state.response);
    const view = state.response && state.response.view;
    const request = {
      op: "new",
      game: (view && view.game) || "karnoffel",
      rules: view ? { ...view.rules } : {},
      seed: `free/${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
      seat: view ? view.seat : 0,
    };
    if (state.lastRequest && state.lastRequest.level) request.level = state.lastRequest.level;
    return open(request).catch(() => {});
  }

  /** After an engine restart the session is gone: load the save again (a daily as that daily). */
  async function reload() {
    const response = state.response;
    if (!response) return null;
    const request = { op: "load", save: response.save, seat: response.view.seat };
    if (response.daily) {
      const { game, date } = response.daily;
      Object.assign(request, { daily: { game, date }, today: date });
    }
    if (state.lastRequest && state.lastRequest.level) request.level = state.lastRequest.level;
    // A finished deal on show stays on show: the next deal waits for "Continue".
    if (response.view.phase === "deal") request.between_deals = true;
    const saved = state.lastRequest;
    const answer = await open(request, { owner: state.owner });
    state.lastRequest = saved;
    return answer;
  }

  /** A refusal in words for the table (the engine's message), else the error's own text. */
  function errorWords(error) {
    const view = state.response && state.response.view;
    if (error && error.payload && view) return tableOf(view).formatMessage(error.payload, context(view));
    return error && error.message ? error.message : String(error);
  }

  // ------------------------------------------------------------ input
  function cardName(card) {
    const view = state.response && state.response.view;
    return view ? tableOf(view).cardLabel(view, card, faces()) : card;
  }

  attachHandInput(parts.felt, {
    onPlay(card) {
      state.focusedCard = card;
      act(card).catch(() => {});
    },
    onRefused(card, reason) {
      const text = t("table.card.why", { card: cardName(card), reason: reason || t("table.card.cannot_play_now") });
      // The hint line says it when it changes; asked again, the live region repeats it.
      if (parts.hint.textContent === text) announce(text, "refusal");
      else showHint(text, card);
    },
    onFocusCard(card, reason) {
      if (card) state.focusedCard = card;
      if (!card || !state.response) return showHint("");
      showHint(reason ? t("table.card.why", { card: cardName(card), reason }) : "", card);
    },
  });

  return {
    open,
    act,
    continueDeal,
    reload,
    newMatch,
    get response() { return state.response; },
    get options() { return { ...state.options }; },
    setOptions(next = {}) {
      Object.assign(state.options, next);
      draw();
    },
    setHooks(next = {}) {
      state.hooks = { ...state.hooks, ...next };
    },
    /** Draw the table again from the current response (another language); the game goes on. */
    redraw() {
      showHint("");
      draw();
    },
    /** Resolves when no request is in flight and no computer is about to move. */
    idle() {
      return new Promise((resolve) => {
        state.idleWaiters.push(resolve);
        settleIdle();
      });
    },
  };
}
