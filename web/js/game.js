// The game controller: sends the player's actions and the computer turns to
// the engine one request at a time, and draws each response on the table.
// State (the last response) is kept apart from the DOM (table/render.js);
// input is in table/input.js. No rule logic: every decision is the engine's.
//
//   const game = createGame({ engine, root, hooks, options });
//   await game.open({op: "new", game: "karnoffel", rules: {...}, seed: "..."});
//
// hooks: onState(response) after every successful state-changing response,
// onMatchOver(response), onError(error), onNewMatch(response).
// options: faces ("german" | "french"; default: the match's rules), pace (ms
// per computer move; 0 = no waiting and no animation).
import { delay, prefersReducedMotion } from "./table/dom.js";
import { attachHandInput, focusCard } from "./table/input.js";
import { seating as seatingOf } from "./table/layout.js";
import { formatMessage } from "./table/messages.js";
import { buildTable, cardLabel, describeMove, renderTable } from "./table/render.js";
import { dkMatchLine, dkSeating } from "./table/doppelkopf.js";

const DEFAULT_PACE = 700;
const COMPUTER_PHASES = new Set(["play", "show", "bid", "reserve", "poverty-pass", "poverty-answer", "poverty-return"]);

/** An Error for a refused request ({ok: false}); the engine's error object is .payload. */
function refusal(payload) {
  const error = new Error(payload && payload.text ? payload.text : "The engine refused the request");
  error.name = "EngineRefusal";
  error.payload = payload;
  return error;
}

export function createGame({ engine, root, hooks = {}, options = {} }) {
  let currentHooks = { ...hooks };
  const opts = { faces: null, pace: DEFAULT_PACE, ...options };
  const parts = buildTable(root);

  let response = null; // the last successful state response: the game's whole state
  let lastRequest = null; // the open() request (for "new match" with the same rules)
  let generation = 0; // bumped by every successful open(): stale loops stop
  let opening = 0; // open() calls in flight: the computer loop waits for them
  let busy = false; // a player's request is in flight
  let looping = false;
  let loopWanted = false;
  let idleWaiters = [];
  let focusedCard = null;
  let matchOverSent = false;
  // [offline] Until the person's first action after open(), computers move without
  // the pace: the first decision is the person's as soon as the engine is ready.
  let openingMoves = false;

  // --------------------------------------------------------- requests
  let chain = Promise.resolve();
  /** Send one request; one at a time, in order. Resolves to the ok response. */
  function send(request) {
    const result = chain.then(async () => {
      const answer = await engine.request(request);
      if (!answer || answer.ok !== true) throw refusal(answer && answer.error);
      return answer;
    });
    chain = result.catch(() => {});
    return result;
  }

  function reportError(error, { inTable = true, retry = null } = {}) {
    if (inTable) showError(error, retry);
    try {
      if (currentHooks.onError) currentHooks.onError(error);
    } catch (hookError) {
      console.warn("onError hook failed", hookError);
    }
  }

  function callHook(name, value) {
    const hook = currentHooks[name];
    if (!hook) return;
    try {
      hook(value);
    } catch (error) {
      console.warn(`${name} hook failed`, error);
    }
  }

  // ----------------------------------------------------------- render
  function faces() {
    return opts.faces || (response && response.view.rules.faces) || "german";
  }

  function pace() {
    const p = Number(opts.pace);
    return Number.isFinite(p) && p >= 0 ? p : DEFAULT_PACE;
  }

  function context(view, extra = {}) {
    return {
      faces: faces(),
      seating: view.game === "doppelkopf" ? dkSeating(view) : seatingOf(view),
      focusCard: focusedCard,
      onAction: (action) => { act(action).catch(() => {}); },
      onContinue: () => { continueDeal().catch(() => {}); },
      onNewMatch: newMatch,
      ...extra,
    };
  }

  function draw(extra = {}) {
    if (!response) return;
    const view = response.view;
    const hadFocusInHand = root.contains(document.activeElement) && document.activeElement.classList.contains("card-mine");
    const focusIndex = hadFocusInHand ? Number(document.activeElement.dataset.index) : -1;
    const panelWasHidden = parts.panel.hidden;
    const hadFocusOnCall = parts.actions.contains(document.activeElement);
    const focusInTable = root.contains(document.activeElement) || document.activeElement === document.body || !document.activeElement;
    const ctx = context(view, extra);
    root.classList.toggle("no-anim", pace() === 0 || prefersReducedMotion());
    root.dataset.phase = view.phase;
    root.dataset.players = String(view.players);
    root.dataset.faces = ctx.faces;
    root.dataset.busy = String(looping || busy);
    renderTable(parts, response, ctx);
    // A result panel that just opened takes the focus; otherwise keyboard
    // focus stays in the hand across re-renders.
    if (panelWasHidden && !parts.panel.hidden && focusInTable) {
      parts.panel.querySelector("button")?.focus();
    } else if (hadFocusOnCall) {
      const next = parts.actions.querySelector("button") || parts.felt.querySelector(".card-mine[tabindex='0']");
      if (next) next.focus();
    } else if (hadFocusInHand) {
      const cards = [...parts.felt.querySelectorAll(".card-mine")];
      const same = cards.find((b) => b.dataset.card === focusedCard);
      const target = same || cards[Math.min(focusIndex, cards.length - 1)];
      if (target) focusCard(target);
      else parts.panel.querySelector("button")?.focus();
    }
  }

  function announce(text) {
    if (!text) return;
    const line = document.createElement("p");
    line.textContent = text;
    parts.live.append(line);
    while (parts.live.childElementCount > 4) parts.live.firstElementChild.remove();
  }

  function showHint(text) {
    parts.hint.textContent = text || "";
  }

  function showError(error, retry) {
    const text = error && error.message ? error.message : String(error);
    const buttons = [];
    if (retry) {
      const again = document.createElement("button");
      again.type = "button";
      again.textContent = "Try again";
      again.addEventListener("click", () => { hideError(); retry(); });
      buttons.push(again);
    }
    const dismiss = document.createElement("button");
    dismiss.type = "button";
    dismiss.textContent = "Dismiss";
    dismiss.addEventListener("click", hideError);
    buttons.push(dismiss);
    const p = document.createElement("p");
    p.textContent = text;
    parts.error.replaceChildren(p, ...buttons);
    parts.error.hidden = false;
  }

  function hideError() {
    parts.error.hidden = true;
    parts.error.replaceChildren();
  }

  /** Take a successful state response: store, draw, announce, tell the hooks. */
  function accept(answer) {
    const before = response;
    response = answer;
    const view = answer.view;
    const played = answer.played;
    const entered = played && !(played.action in { pass: 1, raise: 1, accept: 1, counter: 1, "give-up": 1, show: 1, "no-show": 1 })
      ? { seat: played.seat, card: played.action } : null;
    draw({ entered });
    const ctx = context(view);
    announce(describeMove(before, answer, ctx));
    if (view.phase === "deal" && (!before || before.view.phase !== "deal")) {
      const result = view.results[view.results.length - 1];
      if (result) announce(formatMessage(result.message, ctx));
    }
    callHook("onState", answer);
    if (view.phase === "over" && !matchOverSent) {
      matchOverSent = true;
      const result = view.results[view.results.length - 1];
      if (result) announce(formatMessage(result.message, ctx));
      announce(view.game === "doppelkopf" ? dkMatchLine(answer, ctx) : view.match_winner === ctx.seating.myTeam ? "You win the match." : "The opponents win the match.");
      callHook("onMatchOver", answer);
    }
  }

  // ---------------------------------------------------- computer loop
  function computerToAct(view) {
    return COMPUTER_PHASES.has(view.phase) && view.to_act !== null && view.to_act !== undefined
      && !view.humans.includes(view.to_act);
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
    if (looping || busy || opening) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  async function runLoop() {
    loopWanted = true;
    if (looping) return;
    looping = true;
    root.dataset.busy = "true";
    try {
      while (loopWanted && response && computerToAct(response.view) && !opening) {
        const gen = generation;
        await delay(openingMoves ? 0 : stepDelay(response.view));
        if (gen !== generation || opening || !response || !computerToAct(response.view)) continue;
        let answer;
        try {
          answer = await send({ op: "step" });
        } catch (error) {
          if (gen === generation) reportError(error, { retry: () => runLoop() });
          break;
        }
        if (gen !== generation) continue;
        accept(answer);
      }
    } finally {
      looping = false;
      loopWanted = false;
      if (response) root.dataset.busy = String(busy);
      settleIdle();
    }
  }

  // ------------------------------------------------------- operations
  async function open(request) {
    opening++;
    let answer;
    try {
      answer = await send(request);
    } catch (error) {
      opening--;
      reportError(error, { inTable: !!response });
      if (response) runLoop();
      settleIdle();
      throw error;
    }
    opening--;
    generation++;
    lastRequest = request;
    matchOverSent = false;
    openingMoves = true;
    focusedCard = null;
    hideError();
    showHint("");
    accept(answer);
    runLoop();
    settleIdle();
    return answer;
  }

  async function act(action) {
    if (!response) throw new Error("no game is open");
    if (busy || looping || opening) return response; // a move is already on its way
    openingMoves = false;
    busy = true;
    root.dataset.busy = "true";
    const gen = generation;
    try {
      const answer = await send({ op: "act", action });
      if (gen !== generation) return answer;
      hideError();
      showHint("");
      accept(answer);
      return answer;
    } catch (error) {
      if (gen === generation) {
        showHint(error.message);
        reportError(error, { inTable: !error.payload });
      }
      throw error;
    } finally {
      busy = false;
      root.dataset.busy = "false";
      runLoop();
      settleIdle();
    }
  }

  async function continueDeal() {
    if (!response || response.view.phase !== "deal" || busy) return response;
    openingMoves = false;
    busy = true;
    root.dataset.busy = "true";
    const gen = generation;
    try {
      const answer = await send({ op: "deal" });
      if (gen !== generation) return answer;
      hideError();
      accept(answer);
      // Keyboard users land in their new hand.
      const first = parts.felt.querySelector(".card-mine[tabindex='0']");
      if (first && (document.activeElement === document.body || !document.activeElement || !root.contains(document.activeElement))) first.focus();
      return answer;
    } catch (error) {
      if (gen === generation) reportError(error, { retry: () => continueDeal() });
      throw error;
    } finally {
      busy = false;
      root.dataset.busy = "false";
      runLoop();
      settleIdle();
    }
  }

  function newMatch() {
    if (currentHooks.onNewMatch) return currentHooks.onNewMatch(response);
    const view = response && response.view;
    const request = {
      op: "new",
      game: (view && view.game) || "karnoffel",
      rules: view ? { set: view.rules.set, target: view.rules.target, players: view.rules.players, faces: view.rules.faces } : {},
      seed: `free/${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
      seat: view ? view.seat : 0,
    };
    if (lastRequest && lastRequest.level) request.level = lastRequest.level;
    return open(request).catch(() => {});
  }

  /** After an engine restart the session is gone: load the save again (a daily as that daily). */
  async function reload() {
    if (!response) return null;
    const request = { op: "load", save: response.save, seat: response.view.seat };
    if (response.daily) {
      const { game, date } = response.daily;
      Object.assign(request, { daily: { game, date }, today: date });
    }
    if (lastRequest && lastRequest.level) request.level = lastRequest.level;
    // A finished deal on show stays on show: the next deal waits for "Continue".
    if (response.view.phase === "deal") request.between_deals = true;
    const saved = lastRequest;
    const answer = await open(request);
    lastRequest = saved;
    return answer;
  }

  // ------------------------------------------------------------ input
  attachHandInput(parts.felt, {
    onPlay(card) {
      focusedCard = card;
      act(card).catch(() => {});
    },
    onRefused(card, reason) {
      const view = response && response.view;
      const name = view ? cardLabel(view, card, faces()) : card;
      const text = `${name}: ${reason || "cannot be played now."}`;
      showHint(text);
      announce(text);
    },
    onFocusCard(card, reason) {
      if (card) focusedCard = card;
      const view = response && response.view;
      if (!card || !view) return showHint("");
      showHint(reason ? `${cardLabel(view, card, faces())}: ${reason}` : "");
    },
  });

  return {
    open,
    act,
    continueDeal,
    reload,
    newMatch,
    get response() { return response; },
    get options() { return { ...opts }; },
    setOptions(next = {}) {
      Object.assign(opts, next);
      draw();
    },
    setHooks(next = {}) {
      currentHooks = { ...currentHooks, ...next };
    },
    /** Resolves when no request is in flight and no computer is about to move. */
    idle() {
      return new Promise((resolve) => {
        idleWaiters.push(resolve);
        settleIdle();
      });
    },
  };
}
