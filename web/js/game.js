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
// onNewMatch(response), onHints(left, response) when the hints left change,
// onHintShown(response) when a hint is on show, onLeaveTutorial(response),
// onReview(response) when the person asks to review the deal on show.
// `owner` is what open() was given for the match the response belongs to (the
// app's save slot): a computer move that arrives while another match is being
// opened still belongs to the match it was asked for.
// options: faces ("german" | "french"; default: the match's rules), pace (ms
// per computer move; 0 = no waiting and no animation).
//
// game.preview(copy) draws a state response the engine made before (a daily's
// pinned opening, or the state kept beside its save) while the engine boots;
// the person's first action on it is queued and sent once, when the engine's
// own state has the very same view (else it is dropped): what the table then
// shows is the engine's alone.
//
// The coach (table/coach.js) sits on the table: in a tutorial (response.tutorial)
// a computer step with an instruction is played at once, then its words wait
// for the person's "Next" (engine/tutorials.py: pauses); a wrong
// move's refusal is shown with its explanation; "learn with hints" asks the
// engine's `hint` op before each of the person's next decisions (setHints(3),
// or setHints(Infinity) until switched off); when they run out the coach says
// so and offers three more or to keep them on.
import { delay, h, prefersReducedMotion } from "./dom.js";
import { t } from "./texts.js";
import { whyNot } from "./table/hand.js";
import { attachHandInput, focusCard } from "./table/input.js";
import { seating } from "./table/layout.js";
import { renderCoach } from "./table/coach.js";
import { renderLog } from "./table/log.js";
import { buildTable, labelTable } from "./table/parts.js";
import { tables } from "./table/tables.js";

/** The engine's refusals of a legal move a tutorial step does not ask for (a card, a call). */
const TUTORIAL_REFUSALS = new Set(["tutorial_wrong_card", "tutorial_wrong_move"]);

const DEFAULT_PACE = 700;
/** How many of the person's decisions "learn with hints" advises on, once switched on. */
export const HINTED_DECISIONS = 3;

/** An Error for a refused request ({ok: false}); the engine's error object is .payload. */
function refusal(payload, answer = null) {
  const error = new Error(payload && payload.text ? payload.text : t("engine.refused"));
  error.name = "EngineRefusal";
  error.payload = payload;
  error.answer = answer; // the whole refusal (a tutorial's adds an explanation)
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
    drawOwed: false, // a state was taken without drawing it (moves made at once, see runLoop)
    idleWaiters: [],
    chain: Promise.resolve(), // the requests in flight, one after the other
    focusedCard: null, // the card the keyboard (or pointer) is on
    hintCard: null, // the card whose reason the hint line shows
    selection: { key: "", cards: [] }, // cards ticked for a poverty exchange (Doppelkopf)
    matchOverSent: false,
    shownError: null, // {error, retry} of the error on the table, if one is shown
    // The coach: hints left to give, the hint on show (or why there is none), a
    // refused tutorial move, and the tutorial step whose "Next" was pressed.
    // hintsOver: hints ran out by themselves (said, with the ways to go on).
    coach: { hints: 0, hint: null, hintProblem: null, refusal: null, looked: -1, hintsOver: false },
    // The engine's suggestion for a decision it asks a page to suggest on
    // (response.suggest: Doppelkopf's reservation), hints on or off: {response, action, reason}.
    suggestion: null,
    // [offline] Until the person's first request after open(), computers move without
    // the pace: the first decision is the person's as soon as the engine is ready.
    openingMoves: false,
    watchers: [], // watch(fn): fn(response) after every accepted state response (a room passes it on)
    // [instant] A copy drawn before the engine is ready (first-paint.js): the person's
    // first action is queued ({action, copy}), sent once the engine has reached that
    // very state, and dropped if it has not (nothing the engine did not make is kept).
    preview: null, // the copy on show, until the engine's first state replaces it
    queued: null,
    queueReady: false, // the engine's state matched the copy: the queued action may go
  };
  const { parts } = state;
  parts.coach = h("section", { class: "coach", "aria-live": "polite", hidden: true });
  parts.info.after(parts.coach);

  // --------------------------------------------------------- requests
  /** Send one request; one at a time, in order. Resolves to the ok response. */
  function send(request) {
    const result = state.chain.then(async () => {
      const answer = await engine.request(request);
      if (!answer || answer.ok !== true) throw refusal(answer && answer.error, answer);
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
      suggestion: state.suggestion && state.suggestion.response === state.response ? state.suggestion : null,
      selection: state.selection,
      onAction: (action) => { act(action).catch(() => {}); },
      onContinue: () => { continueDeal().catch(() => {}); },
      onNewMatch: newMatch,
      onReview: state.hooks.onReview && state.response && !state.response.tutorial
        ? () => callHook("onReview", state.response)
        : null,
      ...extra,
    };
  }

  function draw(extra = {}) {
    if (!state.response) return;
    state.drawOwed = false;
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
    drawCoach();
    refreshHint();
    // The focus moves only when a panel opens or when what had it is gone (the
    // card just played, the call just made, the panel just closed); a redraw
    // keeps the cards as they are (table/seats.js), so the focus stays put.
    if (panelWasHidden && !parts.panel.hidden && focusInTable) {
      // The way on (Continue, New match) has it, not the Review beside it.
      (parts.panel.querySelector(".panel-button.continue, .panel-button.new-match") || parts.panel.querySelector("button"))?.focus();
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

  /** A tutorial's computer step that asks the person to look first, not yet looked at. */
  function tutorialWaits(response) {
    const tutorial = response && response.tutorial;
    return !!(tutorial && !tutorial.complete && tutorial.by === "computer" && tutorial.waits
      && response.turn.who === "computer" && state.coach.looked !== tutorial.step);
  }

  function drawCoach() {
    const response = state.response;
    if (!response) return;
    const view = response.view;
    const table = tableOf(view);
    const ctx = context(view);
    renderCoach(parts.coach, parts, response, state.coach, {
      words: (message) => table.formatMessage(message, ctx),
      actionWords: (action) => table.actionWords(view, action, ctx.faces),
      waiting: tutorialWaits(response),
      betweenDeals: view.phase === "deal",
      onNext: () => lookedAt(response),
      onLeave: () => callHook("onLeaveTutorial", response),
      batch: HINTED_DECISIONS,
      onMoreHints: () => setHints(HINTED_DECISIONS),
      onKeepHints: () => setHints(Infinity),
    });
  }

  /** The person has read the step: the computer makes its move. */
  function lookedAt(response) {
    if (response !== state.response || !response.tutorial) return;
    state.coach.looked = response.tutorial.step;
    drawCoach();
    runLoop();
  }

  /** The person's turn with hints on: ask the engine what it recommends, and show it. */
  async function requestHint(response) {
    if (state.coach.hints <= 0 || response.turn.who !== "person") return;
    let answer = null, problem = null;
    try {
      answer = await send({ op: "hint" });
    } catch (error) {
      problem = error.payload || null;
    }
    if (response !== state.response || state.coach.hints <= 0) return; // the game moved on
    state.coach.hint = answer ? { action: answer.action, reason: answer.reason } : null;
    state.coach.hintProblem = problem;
    drawCoach();
    if (answer) callHook("onHintShown", response);
  }

  /** A decision the engine suggests on (response.suggest): ask its `hint` op, then draw the mark. */
  async function requestSuggestion(response) {
    if (!response.suggest) return;
    let answer;
    try {
      answer = await send({ op: "hint" });
    } catch {
      return; // no suggestion: the question stands as it is
    }
    if (response !== state.response) return; // the game moved on
    state.suggestion = { response, action: answer.action, reason: answer.reason };
    // Marked in place, not redrawn: a tap already on its way keeps its button.
    const table = tableOf(response.view);
    if (table.showSuggestion) table.showSuggestion(parts, response, context(response.view));
  }

  /** Hints for the next `count` decisions (0: off; Infinity: until switched off), starting with the one at hand. */
  function setHints(count) {
    const left = Math.max(0, Math.floor(Number(count) || 0));
    Object.assign(state.coach, { hints: left, hint: null, hintProblem: null, hintsOver: false });
    drawCoach();
    callHook("onHints", left, state.response);
    if (left && state.response) requestHint(state.response);
  }

  /** One of the person's decisions was made: one hint fewer (the last one says so). */
  function decided() {
    if (state.coach.hints <= 0) {
      state.coach.hintsOver = false; // said once; the next decision clears it
      return;
    }
    state.coach.hints -= 1;
    state.coach.hint = null;
    state.coach.hintsOver = state.coach.hints === 0;
    callHook("onHints", state.coach.hints, state.response);
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
    state.shownError = { error, retry }; // worded again in another language (redraw)
    const text = errorWords(error);
    const again = retry
      ? h("button", { type: "button", onclick: () => { hideError(); retry(); } }, t("table.try_again")) : null;
    const dismiss = h("button", { type: "button", onclick: hideError }, t("table.dismiss"));
    parts.error.replaceChildren(h("p", {}, text), ...(again ? [again] : []), dismiss);
    parts.error.hidden = false;
  }

  function hideError() {
    state.shownError = null;
    parts.error.hidden = true;
    parts.error.replaceChildren();
  }

  /** Take a successful state response of `owner`'s match: store, draw (unless `unseen`:
   * the caller draws once a run of moves made at once ends), announce, tell the hooks. */
  function accept(answer, owner, { unseen = false } = {}) {
    const before = state.preview ? null : state.response; // a copy was never the engine's
    state.preview = null;
    root.dataset.preview = "";
    checkQueued(answer);
    state.response = answer;
    Object.assign(state.coach, { hint: null, hintProblem: null, refusal: null });
    const view = answer.view;
    const played = answer.played;
    const entered = played && played.kind === "card" ? { seat: played.seat, card: played.action } : null;
    if (unseen) state.drawOwed = true;
    else draw({ entered });
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
    for (const watcher of state.watchers) {
      try {
        watcher(answer);
      } catch (error) {
        console.warn("a watcher failed", error);
      }
    }
    if (view.phase === "over" && !state.matchOverSent) {
      state.matchOverSent = true;
      const result = view.results[view.results.length - 1];
      if (result) announce(table.formatMessage(result.message, ctx), "result");
      announce(table.matchLine(answer, ctx), "result");
      callHook("onMatchOver", answer, owner);
    }
    requestHint(answer);
    requestSuggestion(answer);
  }

  // ----------------------------------------------- [instant] the copy
  /** Draw `copy` (a state response the engine made before) while the engine boots. */
  function preview(copy) {
    if (state.response) return false; // the engine was quicker
    state.preview = copy;
    state.response = copy;
    root.dataset.preview = "true";
    draw();
    return true;
  }

  /** Queue the person's first action on the copy: one only, and only a legal one. */
  function queue(action) {
    const copy = state.preview;
    if (state.queued || !copy || copy.turn.who !== "person" || !copy.view.legal.includes(action)) return copy;
    state.queued = { action, copy };
    root.dataset.queued = action;
    showHint(t("table.queued"));
    return copy;
  }

  /** The engine's state: the queued action may go once it is the state the copy showed. */
  function checkQueued(answer) {
    const queued = state.queued;
    if (!queued || state.queueReady || answer.turn.who !== "person") return;
    if (JSON.stringify(answer.view) === JSON.stringify(queued.copy.view)) {
      state.queueReady = true;
    } else {
      state.queued = null; // the engine's state is another: the action is not sent
      delete root.dataset.queued;
      showHint("");
    }
  }

  /** Send the queued action, exactly once, when nothing else is on its way. */
  function sendQueued() {
    if (!state.queued || !state.queueReady || state.busy || state.looping || state.opening) return;
    const { action } = state.queued;
    state.queued = null;
    state.queueReady = false;
    delete root.dataset.queued;
    act(action).catch(() => {});
  }

  // ---------------------------------------------------- computer loop
  function computerToAct(response) {
    return response.turn.who === "computer" && !tutorialWaits(response);
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
    if (state.looping || state.busy || state.opening || state.queueReady) return;
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
        // Computer moves made at once (pace 0, or a match's opening moves) are drawn once,
        // after the last of them: a table drawn between them would never be seen.
        const atOnce = (state.openingMoves || pace() === 0) && state.loopWanted && computerToAct(answer);
        accept(answer, owner, { unseen: atOnce });
      }
    } finally {
      state.looping = false;
      state.loopWanted = false;
      if (state.drawOwed) draw();
      if (state.response) root.dataset.busy = String(state.busy);
      sendQueued();
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
    state.coach.looked = -1;
    state.coach.hintsOver = false;
    hideError();
    showHint("");
    accept(answer, owner);
    runLoop();
    sendQueued();
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
        else if (error.payload && TUTORIAL_REFUSALS.has(error.payload.key) && error.answer) {
          // A legal move the tutorial's step does not ask for: why, on the coach.
          state.coach.refusal = { error: error.payload, explanation: error.answer.explanation };
          drawCoach();
          announce(parts.coach.querySelector(".coach-refusal")?.textContent || "", "refusal");
        } else {
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
    if (state.preview) return queue(action); // [instant] the engine is not ready yet
    if (!state.response) throw new Error("no game is open");
    if (state.busy || state.looping || state.opening) return state.response; // a move is already on its way
    return playerRequest({ op: "act", action }, {
      onAnswer: (answer, owner) => {
        showHint("");
        decided();
        accept(answer, owner);
      },
    });
  }

  /** Take back the person's last move in a tutorial (and everything after it). */
  async function undo() {
    if (!state.response || !state.response.tutorial || state.busy || state.opening) return state.response;
    state.loopWanted = false; // a computer move on its way is answered, then the undo runs
    return playerRequest({ op: "undo" }, {
      onAnswer: (answer, owner) => {
        state.coach.looked = -1;
        accept(answer, owner);
      },
    });
  }

  async function continueDeal() {
    if (state.preview || !state.response || state.response.view.phase !== "deal" || state.busy) return state.response;
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

  /** Why `card` cannot be played: its button's sentence (table/hand.js whyNot). */
  function whyFor(card, reason) {
    const button = [...parts.felt.querySelectorAll(".card-mine")].find((el) => el.dataset.card === card);
    return (button && button.dataset.why) || whyNot(cardName(card), reason);
  }

  attachHandInput(parts.felt, {
    onPlay(card) {
      state.focusedCard = card;
      act(card).catch(() => {});
    },
    onRefused(card, reason) {
      const text = whyFor(card, reason);
      // The hint line says it when it changes; asked again, the live region repeats it.
      if (parts.hint.textContent === text) announce(text, "refusal");
      else showHint(text, card);
    },
    onFocusCard(card, reason) {
      if (card) state.focusedCard = card;
      if (!card || !state.response) return showHint("");
      showHint(reason ? whyFor(card, reason) : "", card);
    },
  });

  /** A state response that came from elsewhere (a room's engine or host): drawn, then the computers move. */
  function receive(answer) {
    accept(answer, state.owner);
    runLoop();
    settleIdle();
  }

  return {
    open,
    preview,
    /** The copy drawn before the engine was ready is still on show. */
    get previewing() { return !!state.preview; },
    receive,
    /** Send a request in turn with the table's own (resolves to the ok answer; a refusal throws). */
    request: send,
    /** Call `fn(response)` after every state response the table draws. */
    watch(fn) { state.watchers.push(fn); },
    act,
    continueDeal,
    undo,
    setHints,
    /** Hints left to give (0: off; Infinity: on until switched off). */
    get hints() { return state.coach.hints; },
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
    /** Everything drawn again (in another language): nothing stays in the old one. */
    redraw() {
      showHint("");
      // The live region's lines were said already; left there, a screen reader
      // would find them in the old language.
      parts.live.replaceChildren();
      if (state.shownError) showError(state.shownError.error, state.shownError.retry);
      draw();
    },
    /** The tutorial's step on show: the person has read it (the same as its "Next" button). */
    next() { lookedAt(state.response); },
    /** Resolves when no request is in flight and no computer is about to move. */
    idle() {
      return new Promise((resolve) => {
        state.idleWaiters.push(resolve);
        settleIdle();
      });
    },
  };
}
