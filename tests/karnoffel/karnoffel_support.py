"""Helpers shared by the Karnöffel tests and the fuzz script.

Everything here recomputes what the rules say from the deal itself (not from
the engine's own bookkeeping), so that a test comparing the two can fail.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, is_dataclass
from typing import Any

from engine import rng
from engine.errors import IllegalActionError
from engine.karnoffel.actions import Action, Call, Deal
from engine.karnoffel.cards import DECK, Card, parse_cards
from engine.karnoffel.rules import TRICKS_TO_WIN, Rules, RuleSet
from engine.karnoffel.state import Phase, State, new_match
from engine.karnoffel.tricks import winner_index

#: Every configuration the rules allow, as (rule set, players).
CONFIGS: tuple[tuple[str, int], ...] = (
    ("classic", 2),
    ("classic", 4),
    ("classic", 6),
    ("classic", 8),
    ("historic", 4),
)

ALL_ACTIONS: tuple[Action, ...] = (*DECK, *Call)

CARD_PATTERN = re.compile(r"\b[ALHB](?:K|O|U|10|[2-9])\b")


def rules_for(rule_set: str, players: int, target: int = 0) -> Rules:
    return Rules(set=RuleSet(rule_set), players=players, target=target)


# ------------------------------------------------------------------ deals
def dealt_positions(state: State, stages: int | None = None) -> dict[int, list[int]]:
    """For each seat, the indices into ``state.deal.cards`` it has received in
    the first ``stages`` deal stages (default: so far), recomputed from the
    stage sizes and the deal order (``records.md``)."""
    assert state.deal is not None
    positions: dict[int, list[int]] = {seat: [] for seat in range(state.players)}
    start = 0
    for packet in state.spec.deal_stages[: state.stage if stages is None else stages]:
        for i, seat in enumerate(state.deal_order()):
            positions[seat].extend(range(start + i * packet, start + (i + 1) * packet))
        start += packet * state.players
    return positions


def cards_through_stage(state: State, seat: int, stage: int) -> set[Card]:
    """The cards ``seat`` received in deal stages 1..``stage``."""
    assert state.deal is not None
    return {state.deal.cards[p] for p in dealt_positions(state, stage)[seat]}


def played_cards(state: State) -> set[Card]:
    """Cards played in this deal: completed tricks and the current trick."""
    cards = {card for trick in state.played for _, card in trick.plays}
    cards.update(card for _, card in state.trick)
    return cards


def knowable_cards(state: State, seat: int) -> set[Card]:
    """Every card ``seat`` may know the place of, from the rules (§2, §3, §6, §7)."""
    if state.deal is None:
        return set()
    known: set[Card] = set(state.hands[seat])
    known.update(card for card in state.face_up if card is not None)
    known.update(played_cards(state))
    team = Rules.team_of(seat)
    for other in range(state.players):
        if other == seat or Rules.team_of(other) != team:
            continue
        if state.rules.set is RuleSet.CLASSIC:
            known.update(state.hands[other])
    for shower, stage, showed in state.shows:
        if showed and shower != seat and Rules.team_of(shower) == team:
            known.update(cards_through_stage(state, shower, stage))
    return known


def card_notations_in(value: Any, skip: frozenset[str] = frozenset({"specials"})) -> set[str]:
    """Every card notation anywhere in a JSON value (keys and strings), except
    under ``skip`` keys: ``specials`` is the rule table of the public chosen
    suit, naming cards by role, not by who holds them."""
    found: set[str] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            if key in skip:
                continue
            found.update(CARD_PATTERN.findall(str(key)))
            found.update(card_notations_in(item, skip))
    elif isinstance(value, list):
        for item in value:
            found.update(card_notations_in(item, skip))
    elif isinstance(value, str):
        found.update(CARD_PATTERN.findall(value))
    return found


# ----------------------------------------------------------------- snapshots
def snapshot(state: State) -> str:
    """The record and every seat's view, as one comparable string."""
    return json.dumps(
        {"record": state.to_record(), "views": [state.view(s) for s in range(state.players)]},
        sort_keys=True,
    )


# ---------------------------------------------------------------- invariants
@dataclass
class Watch:
    """Invariants checked after every step of a match."""

    state: State
    scores: tuple[int, int] = (0, 0)
    results: int = 0

    def check(self) -> None:
        state = self.state
        check_cards_once(state)
        # Scores only grow, and only by a finished deal's points.
        assert state.scores[0] >= self.scores[0] and state.scores[1] >= self.scores[1]
        gained = sum(state.scores) - sum(self.scores)
        if len(state.results) == self.results:
            assert gained == 0
        else:
            assert len(state.results) == self.results + 1
            assert gained == state.results[-1].points
        self.scores = (state.scores[0], state.scores[1])
        self.results = len(state.results)
        check_tricks(state)
        check_results(state)


# Cards are interned (``cards.py``), so identity names a card; a stray copy
# raises KeyError here. Integers keep these per-step checks fast.
_DECK_NUMBER = {id(card): number for number, card in enumerate(DECK)}


def _numbers(cards: Iterable[Card]) -> list[int]:
    return [_DECK_NUMBER[id(card)] for card in cards]


def check_cards_once(state: State) -> None:
    """Hands + played + undealt are the 48 cards, each exactly once, and each
    seat holds exactly what it was dealt minus what it played."""
    if state.deal is None:
        return
    deal = _numbers(state.deal.cards)
    plays = [(seat, card) for trick in state.played for seat, card in trick.plays]
    plays += state.trick
    in_hands = _numbers(card for hand in state.hands for card in hand)
    played = _numbers(card for _, card in plays)
    dealt_count = sum(state.spec.deal_stages[: state.stage]) * state.players
    undealt = deal[dealt_count:] + sorted(set(range(48)) - set(deal))
    everything = in_hands + played + undealt
    assert sorted(everything) == list(range(48)), "a card is missing or twice"
    played_by: dict[int, set[int]] = {seat: set() for seat in range(state.players)}
    for (seat, _), number in zip(plays, played, strict=True):
        played_by[seat].add(number)
    for seat, positions in dealt_positions(state).items():
        dealt = {deal[p] for p in positions}
        assert set(_numbers(state.hands[seat])) == dealt - played_by[seat]
        assert played_by[seat] <= dealt


def check_tricks(state: State) -> None:
    """Each trick's winner played a card of the trick, chosen by ``winner_index``."""
    counts = [0, 0]
    for trick in state.played:
        assert len(trick.plays) == state.players
        cards = [card for _, card in trick.plays]
        assert state.chosen is not None
        index = winner_index(cards, state.chosen, state.spec.trick_rule)
        assert trick.result.winner == index
        assert trick.winner == trick.plays[index][0]
        assert trick.winner in {seat for seat, _ in trick.plays}
        assert trick.result.reason.params[0] == ("card", cards[index].notation)
        counts[Rules.team_of(trick.winner)] += 1
    assert counts == state.tricks_won
    if state.phase in (Phase.PLAY, Phase.SHOW, Phase.BID):
        # Play goes on exactly while neither team has three tricks.
        assert max(counts) < TRICKS_TO_WIN


def check_results(state: State) -> None:
    for result in state.results:
        if result.given_up:
            assert max(result.tricks) < TRICKS_TO_WIN
        else:
            assert result.tricks[result.winner_team] == TRICKS_TO_WIN
            assert result.tricks[1 - result.winner_team] < TRICKS_TO_WIN
    totals = [0, 0]
    for result in state.results:
        # The match ends with the deal that reaches the target, not later.
        assert max(totals) < state.rules.target
        totals[result.winner_team] += result.points
    assert totals == state.scores
    finished = max(state.scores) >= state.rules.target
    assert (state.phase is Phase.OVER) == finished


def check_view_knowledge(state: State, seat: int) -> None:
    view = state.view(seat)
    json.dumps(view)
    shown = card_notations_in(view)
    allowed = {card.notation for card in knowable_cards(state, seat)}
    leaked = shown - allowed
    assert not leaked, f"seat {seat} sees {sorted(leaked)}"


# ----------------------------------------------------------------- playing
def random_steps(state: State, stream: rng.Stream, limit: int = 10_000) -> Iterator[Action]:
    """Play uniformly random legal actions (dealing when due), yielding each."""
    for _ in range(limit):
        state.settle_chance()
        if state.is_terminal():
            return
        action = stream.choice(state.legal_actions())
        state.apply_action(action)
        yield action
    raise AssertionError("the match did not end")


def play_random_match(rule_set: str, players: int, seed: str, target: int = 0) -> State:
    state = new_match(rules_for(rule_set, players, target), seed=seed)
    for _ in random_steps(state, rng.Stream(rng.derive(seed, "test-player"))):
        pass
    return state


def illegal_attempts(state: State, stream: rng.Stream) -> Iterator[tuple[Action | str, int | None]]:
    """Some actions that must be refused now, with the seat that tries them."""
    to_act = state.current_player()
    legal = set(state.legal_actions())
    illegal = [action for action in ALL_ACTIONS if action not in legal]
    if illegal:
        yield stream.choice(illegal), None
    hand = state.hands[to_act] if to_act >= 0 else []
    outside = [card for card in DECK if card not in hand]
    yield stream.choice(outside), None
    wrong_calls = [call for call in Call if call not in legal]
    if wrong_calls:
        yield stream.choice(wrong_calls), None
    if legal and state.players > 1:
        others = [seat for seat in range(state.players) if seat != to_act]
        yield stream.choice(sorted(legal, key=str)), stream.choice(others)
    yield "ZZ", None


def fingerprint(state: State) -> dict[str, object]:
    """Every attribute of the state, frozen: cheaper than :func:`snapshot`
    and stricter (it also covers what no view shows)."""
    return {name: _frozen(value) for name, value in vars(state).items()}


def _frozen(value: object) -> object:
    # The state's lists hold immutable values (cards, calls, frozen records)
    # or, for the hands, lists of cards; its one mutable record is the bid.
    if isinstance(value, list):
        return tuple(map(tuple, value)) if value and isinstance(value[0], list) else tuple(value)
    if is_dataclass(value) and not value.__dataclass_params__.frozen:
        return repr(value)  # keep its contents as they are now
    return value


def attempt_illegal(
    state: State,
    action: Action | str,
    seat: int | None,
    same: Callable[[State], object] = snapshot,
) -> str:
    """Try an illegal action: it must raise, say the same as ``why_illegal``,
    and leave the state exactly as it was (by ``same``). Returns the reason's key."""
    before = same(state)
    reason = state.why_illegal(action, seat)
    assert reason is not None, f"{action!r} by {seat} should be illegal"
    try:
        state.apply_action(action, seat=seat)
    except IllegalActionError as error:
        assert error.reason == reason
        assert str(error) == reason.text
    else:
        raise AssertionError(f"{action!r} by {seat} was accepted")
    assert same(state) == before, f"{action!r} by {seat} changed the state"
    return reason.key


def check_why_illegal_agrees(state: State) -> None:
    """``why_illegal`` is ``None`` exactly for the actions ``legal_actions`` lists."""
    legal = state.legal_actions()
    assert len(set(legal)) == len(legal)
    for action in ALL_ACTIONS:
        assert (state.why_illegal(action) is None) == (action in legal), action
        assert state.is_legal(action) == (action in legal)


def explicit(dealer: int, cards: list[str]) -> Deal:
    return Deal(dealer, parse_cards(cards))


# -------------------------------------------------------------------- fuzz
@dataclass
class FuzzCounts:
    matches: int = 0
    deals: int = 0
    actions: int = 0
    refusals: Counter[str] = field(default_factory=Counter)

    def add(self, other: FuzzCounts) -> None:
        self.matches += other.matches
        self.deals += other.deals
        self.actions += other.actions
        self.refusals.update(other.refusals)


def fuzz_match(rule_set: str, players: int, seed: str, counts: FuzzCounts, every: int = 1) -> State:
    """A random full match with illegal attempts before every action and the
    invariants checked after it; views and the legality table every ``every`` steps."""
    state = new_match(rules_for(rule_set, players), seed=seed)
    watch = Watch(state)
    stream = rng.Stream(rng.derive(seed, "fuzz"))
    step = 0
    while True:
        state.settle_chance()
        watch.check()
        if state.is_terminal():
            break
        if step % every == 0:
            for action, seat in illegal_attempts(state, stream):
                counts.refusals[attempt_illegal(state, action, seat, fingerprint)] += 1
            check_why_illegal_agrees(state)
            for viewer in range(state.players):
                check_view_knowledge(state, viewer)
        else:
            action, seat = stream.choice(list(illegal_attempts(state, stream)))
            counts.refusals[attempt_illegal(state, action, seat, fingerprint)] += 1
        state.apply_action(stream.choice(state.legal_actions()))
        step += 1
        if state.phase is Phase.DEAL:
            # Between deals (the table shows the result): the unplayed cards stay hidden.
            for viewer in range(state.players):
                check_view_knowledge(state, viewer)
    counts.refusals[attempt_illegal(state, stream.choice(ALL_ACTIONS), None, fingerprint)] += 1
    counts.matches += 1
    counts.deals += len(state.results)
    counts.actions += step
    return state
