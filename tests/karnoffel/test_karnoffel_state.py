"""The match state machine: dealing, historic stages, shows and bidding,
deal and match ends, legality ("can I, and if not, why?") and views."""

from __future__ import annotations

import json

import pytest
from karnoffel_support import (
    ALL_ACTIONS,
    CONFIGS,
    Watch,
    attempt_illegal,
    check_why_illegal_agrees,
    rules_for,
    snapshot,
)

from engine import rng
from engine.errors import IllegalActionError
from engine.karnoffel.actions import Call, Deal, first_dealer
from engine.karnoffel.cards import DECK, Card, Suit, parse_cards
from engine.karnoffel.rules import Rules, RuleSet
from engine.karnoffel.state import CHANCE, TERMINAL, BidStep, Phase, State, new_match

HISTORIC = Rules(set=RuleSet.HISTORIC)


def _deal(dealer: int, players: int, offset: int = 0) -> Deal:
    return Deal(dealer, tuple(DECK[offset : offset + players * 5]))


def _deal_beginning(dealer: int, first: list[str]) -> Deal:
    """A 4-player deal whose first cards are ``first``, the rest from the deck."""
    cards = parse_cards(first)
    rest = tuple(card for card in DECK if card not in cards)
    return Deal(dealer, (cards + rest)[:20])


def _historic(
    dealer: int = 0, humans: tuple[int, ...] = (0,), scores: tuple[int, int] = (0, 0)
) -> State:
    """A historic match on the deck's first 20 cards; ``scores`` as if earlier
    deals had been played (set before the deal, so its windows see them)."""
    state = State(HISTORIC, deals=[_deal(dealer, 4)], humans=humans)
    state.scores = list(scores)
    state.settle_chance()
    return state


def _apply(state: State, *actions: str) -> None:
    for action in actions:
        state.apply_action(action)


# ------------------------------------------------------------------ dealing
@pytest.mark.parametrize(("rule_set", "players"), [c for c in CONFIGS if c[0] == "classic"])
def test_classic_deal_order_and_face_up(rule_set: str, players: int) -> None:
    for dealer in range(players):
        deal = _deal(dealer, players, offset=dealer)
        state = State(rules_for(rule_set, players), deals=[deal])
        state.settle_chance()
        for i in range(players):
            seat = (dealer + 1 + i) % players
            assert state.hands[seat] == [deal.cards[i + players * r] for r in range(5)]
            assert state.face_up[seat] == deal.cards[i]
        assert state.forehand == (dealer + 1) % players
        assert state.current_player() == state.forehand
        assert state.phase is Phase.PLAY


def test_chosen_suit_tie_goes_to_the_first_dealt() -> None:
    # Dealer 2: deal order 3, 0, 1, 2; seats 3 and 1 both show a 4.
    state = State(Rules(), deals=[_deal_beginning(2, ["H4", "AK", "B4", "L10"])])
    state.settle_chance()
    assert state.face_up[3] == Card.parse("H4") and state.face_up[1] == Card.parse("B4")
    assert state.chosen is Suit.HEARTS
    assert state.view(0)["chosen"] == "H"


def test_historic_deals_one_two_two() -> None:
    state = _historic(dealer=0)
    order = [1, 2, 3, 0]
    cards = DECK[:20]
    assert state.stage == 1 and state.phase is Phase.BID
    for i, seat in enumerate(order):
        assert state.hands[seat] == [cards[i]]
        assert state.face_up[seat] == cards[i]
    _apply(state, "pass", "pass")  # the two windows after stage 1
    assert state.stage == 2 and state.phase is Phase.SHOW
    for i, seat in enumerate(order):
        assert state.hands[seat] == [cards[i], cards[4 + 2 * i], cards[5 + 2 * i]]
    # Shows after stage 2, in deal order.
    for seat in order:
        assert state.current_player() == seat
        assert state.legal_actions() == [Call.SHOW, Call.NO_SHOW]
        state.apply_action("show" if seat == 1 else "no-show")
    assert state.phase is Phase.BID and state.bid.window == 2
    _apply(state, "pass", "pass")
    assert state.stage == 3 and state.phase is Phase.SHOW
    for i, seat in enumerate(order):
        assert state.hands[seat][3:] == [cards[12 + 2 * i], cards[13 + 2 * i]]
    for seat in order:
        assert state.current_player() == seat
        state.apply_action("no-show")
    assert [(s, stage, showed) for s, stage, showed in state.shows] == [
        (1, 2, True), (2, 2, False), (3, 2, False), (0, 2, False),
        (1, 3, False), (2, 3, False), (3, 3, False), (0, 3, False),
    ]  # fmt: skip
    assert state.bid.window == 4
    _apply(state, "pass", "pass")
    assert state.phase is Phase.PLAY and state.current_player() == 1
    assert all(len(hand) == 5 for hand in state.hands)


def test_historic_show_reveals_cards_held_then_only() -> None:
    state = _historic(dealer=0)
    _apply(state, "pass", "pass", "show", "no-show", "no-show", "no-show")
    # Seat 1 showed its three cards; its partner seat 3 knows them, opponents do not.
    three = {c.notation for c in state.hands[1]}
    assert set(state.view(3)["hands"][1]["known"]) == three
    assert state.view(0)["hands"][1]["known"] == [state.face_up[1].notation]  # type: ignore[union-attr]
    assert state.view(0)["shows"][0] == {"seat": 1, "stage": 2, "showed": True}
    _apply(state, "pass", "pass")  # stage 3 dealt: two new private cards
    assert set(state.view(3)["hands"][1]["known"]) == three
    _apply(state, "no-show", "no-show", "show", "no-show")  # seat 1 does not show again
    assert set(state.view(3)["hands"][1]["known"]) == three
    assert len(state.view(1)["hands"][3]["known"]) == 5  # seat 3 showed after stage 3
    assert state.view(0)["hands"][3]["known"] == [state.face_up[3].notation]  # type: ignore[union-attr]


# ------------------------------------------------------------------ bidding
def test_windows_forehand_team_first_then_dealer_team() -> None:
    for dealer in range(4):
        state = _historic(dealer=dealer, humans=())
        forehand = (dealer + 1) % 4
        assert state.current_player() == forehand  # forehand's team, its earliest seat
        state.apply_action("pass")
        assert state.bid.window == 1
        assert Rules.team_of(state.current_player()) == Rules.team_of(dealer)
        # The dealer's team decides by its earlier seat in deal order: dealer + 2.
        assert state.current_player() == (dealer + 2) % 4


@pytest.mark.parametrize(
    ("humans", "team0_seat", "team1_seat"),
    [((0,), 0, 1), ((), 2, 1), ((0, 2), 2, 1), ((3,), 2, 3), ((1, 3), 2, 1), ((0, 1, 2, 3), 2, 1)],
)
def test_deciding_seat_is_the_teams_human_else_its_earliest(
    humans: tuple[int, ...], team0_seat: int, team1_seat: int
) -> None:
    # Dealer 0: deal order 1, 2, 3, 0; window 0 is team 1's, window 1 team 0's.
    state = _historic(dealer=0, humans=humans)
    assert state.current_player() == team1_seat
    state.apply_action("raise")
    assert state.current_player() == team0_seat  # team 0 answers the raise
    state.apply_action("accept")
    assert state.current_player() == team0_seat  # window 1: team 0's own window


def test_raise_accept_counter_values() -> None:
    state = _historic()
    assert state.bid.value == 4
    state.apply_action("raise")
    assert (state.bid.value, state.bid.offered, state.bid.step) == (4, 7, BidStep.ANSWER_RAISE)
    assert state.legal_actions() == [Call.ACCEPT, Call.COUNTER, Call.GIVE_UP]
    state.apply_action("accept")
    assert (state.bid.value, state.bid.window) == (7, 1)
    state.apply_action("raise")
    state.apply_action("counter")
    assert (state.bid.value, state.bid.offered, state.bid.step) == (10, 13, BidStep.ANSWER_COUNTER)
    assert state.legal_actions() == [Call.ACCEPT, Call.GIVE_UP]
    assert state.why_illegal("counter").key == "counter_used"  # type: ignore[union-attr]
    state.apply_action("accept")
    assert state.bid.value == 13 and state.stage == 2
    assert state.view(0)["value"] == 13


def test_give_up_after_raise_scores_the_confirmed_value() -> None:
    state = _historic(dealer=0)
    state.apply_action("raise")  # team 1 raises to 7 ...
    state.apply_action("give-up")  # ... team 0 gives up: team 1 scores 4
    assert state.scores == [0, 4]
    result = state.results[-1]
    assert (result.winner_team, result.points, result.given_up) == (1, 4, True)
    assert result.message.key == "deal_won_give_up"
    assert state.phase is Phase.DEAL  # next deal due (explicit deals exhausted)


def test_give_up_after_counter_scores_the_countered_raise() -> None:
    state = _historic(dealer=0)
    _apply(state, "raise", "counter", "give-up")  # team 1 gives up the counter
    assert state.scores == [7, 0]
    assert state.results[-1].points == 7


def test_raise_lock_and_counter_lock() -> None:
    # 95 + 4 < 101: a raise is allowed; 95 + 7 >= 101: no counter-raise.
    state = _historic(scores=(95, 0))
    state.apply_action("raise")
    assert Call.COUNTER not in state.legal_actions()
    reason = state.why_illegal("counter")
    assert reason is not None and reason.key == "counter_locked"
    assert dict(reason.params) == {"value": "7", "target": "101"}
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="No counter-raise"):
        state.apply_action("counter")
    assert snapshot(state) == before
    state.apply_action("accept")
    # Value 7 now: 95 + 7 >= 101 locks every later window, which are skipped.
    assert state.phase is Phase.SHOW and state.stage == 2
    _apply(state, "no-show", "no-show", "no-show", "no-show")
    assert state.phase is Phase.SHOW and state.stage == 3
    _apply(state, "no-show", "no-show", "no-show", "no-show")
    assert state.phase is Phase.PLAY
    assert state.bid.log == [(1, "raise"), (0, "accept")]


def test_locked_from_the_start_skips_every_window() -> None:
    state = _historic(scores=(0, 97))  # 97 + 4 >= 101
    assert state.phase is Phase.SHOW and state.stage == 2
    assert state.why_illegal("raise").key == "call_in_wrong_phase"  # type: ignore[union-attr]
    state = _historic(scores=(96, 0))  # 96 + 4 < 101: windows open
    assert state.phase is Phase.BID
    assert state.legal_actions() == [Call.PASS, Call.RAISE]


def test_raise_lock_in_random_matches() -> None:
    """Whenever a bid is open, raise/counter legality follows the lock
    formula; the windows skipped in a deal are exactly the locked ones.
    (Within a deal the lock only tightens: scores are fixed, the value grows,
    so the open windows are a prefix 0..k-1 and the rest were locked.)"""
    counter_locks = skipped_deals = 0
    for number in range(12):
        state = new_match(HISTORIC, seed=f"lock{number}")
        stream = rng.Stream(f"lock-player{number}")
        opened: set[int] = set()
        while not state.is_terminal():
            top, target = max(state.scores), state.rules.target
            if state.phase is Phase.BID and state.bid.step is BidStep.WINDOW:
                assert top + state.bid.value < target, "a locked window was offered"
                opened.add(state.bid.window)
            if state.phase is Phase.BID and state.bid.step is BidStep.ANSWER_RAISE:
                assert state.bid.offered is not None
                locked = top + state.bid.offered >= target
                assert (Call.COUNTER in state.legal_actions()) is not locked
                counter_locks += locked
            if state.phase is Phase.PLAY and not state.played and not state.trick:
                assert opened == set(range(len(opened)))
                if len(opened) < 6:
                    assert top + state.bid.value >= target
                    skipped_deals += 1
            deals_before = len(state.results)
            state.apply_action(stream.choice(state.legal_actions()))
            state.settle_chance()
            if len(state.results) > deals_before:
                opened = set()
    assert counter_locks > 0 and skipped_deals > 0, "no lock was ever met: choose other seeds"


# ------------------------------------------------------- deal and match end
@pytest.mark.parametrize(("rule_set", "players"), CONFIGS)
def test_deals_end_at_three_tricks_and_forehand_deals_next(rule_set: str, players: int) -> None:
    seed = f"ends-{rule_set}-{players}"
    state = new_match(rules_for(rule_set, players), seed=seed)
    assert state.dealer == first_dealer(seed, players)
    dealers = [state.dealer]
    stream = rng.Stream(seed)
    watch = Watch(state)
    while not state.is_terminal():
        deals_before = len(state.results)
        state.apply_action(stream.choice(state.legal_actions()))
        watch.check()
        if len(state.results) > deals_before:
            result = state.results[-1]
            if not result.given_up:
                assert max(state.tricks_won) == 3
                assert (
                    sum(len(hand) for hand in state.hands)
                    == players * 5 - len(state.played) * players
                )
            state.settle_chance()
            if not state.is_terminal():
                assert state.dealer == (dealers[-1] + 1) % players
                dealers.append(state.dealer)
    assert [result.dealer for result in state.results] == dealers


@pytest.mark.parametrize(
    ("rule_set", "players", "target"),
    [("classic", 4, 5), ("classic", 4, 7), ("classic", 4, 11), ("classic", 2, 5),
     ("classic", 6, 11), ("classic", 8, 7), ("historic", 4, 101)],
)  # fmt: skip
def test_match_ends_at_target(rule_set: str, players: int, target: int) -> None:
    state = new_match(rules_for(rule_set, players, target), seed=f"target{target}")
    stream = rng.Stream("target-player")
    while not state.is_terminal():
        state.apply_action(stream.choice(state.legal_actions()))
        state.settle_chance()
    winner = state.match_winner()
    assert winner is not None and state.scores[winner] >= target
    assert state.scores[1 - winner] < target
    if rule_set == "classic":
        assert state.scores[winner] == target  # one point per deal
    assert state.current_player() == TERMINAL and state.legal_actions() == []
    assert state.returns() == [1.0 if seat % 2 == winner else -1.0 for seat in range(players)]
    assert state.outcome()["finished"] and state.outcome()["winner"] == winner
    assert attempt_illegal(state, DECK[0], None) == "game_over"
    assert attempt_illegal(state, "pass", None) == "game_over"


def test_returns_are_zero_before_the_end_and_chance_node() -> None:
    state = State(Rules(), seed="chance")
    assert state.current_player() == CHANCE and state.is_chance_node()
    assert state.returns() == [0.0] * 4
    assert state.why_illegal("BU").key == "chance_pending"  # type: ignore[union-attr]
    deal = state.chance_outcome()
    assert deal is not None
    state.apply_action(deal)
    assert not state.is_chance_node()
    with pytest.raises(IllegalActionError) as error:
        state.apply_action(deal)
    assert error.value.reason.key == "not_a_chance_node"


def test_bad_deal_at_a_chance_node() -> None:
    state = State(Rules(), seed="bad-deal")
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as error:
        state.apply_action(Deal(0, DECK[:19]))
    assert error.value.reason.key == "bad_deal"
    assert snapshot(state) == before


@pytest.mark.parametrize("players", [2, 6, 8])
def test_teams_for_two_six_eight_players(players: int) -> None:
    rules = Rules(players=players)
    assert rules.teams == (tuple(range(0, players, 2)), tuple(range(1, players, 2)))
    state = new_match(rules, seed=f"teams{players}")
    view = state.view(0)
    for seat in range(players):
        known = view["hands"][seat]["known"]
        if seat % 2 == 0:  # own team: the whole hand (none but seat 0 with two players)
            assert len(known) == 5
        else:
            assert known == [state.face_up[seat].notation]  # type: ignore[union-attr]


def test_rules_reject_bad_variants() -> None:
    with pytest.raises(ValueError, match="historic is played by 4"):
        Rules(set=RuleSet.HISTORIC, players=6)
    with pytest.raises(ValueError, match="target"):
        Rules(set=RuleSet.HISTORIC, target=7)
    with pytest.raises(ValueError, match="players, not 3"):
        Rules(players=3)
    with pytest.raises(ValueError, match="faces"):
        Rules(faces="italian")  # type: ignore[arg-type]


def test_french_faces_change_display_only() -> None:
    french = new_match(Rules(faces="french"), seed="faces")
    german = new_match(Rules(), seed="faces")
    assert french.hands == german.hands and french.chosen == german.chosen
    assert Card.parse("AO").display("french") == "♣Q" and Card.parse("BU").display("french") == "♦J"
    assert french.view(0)["rules"]["faces"] == "french"
    assert french.to_record()["rules"]["faces"] == "french"


# ---------------------------------------------------------------- legality
def _scenarios() -> list[tuple[str, State]]:
    """States in every phase of both rule sets."""
    classic = State(Rules(), deals=[_deal(0, 4)])
    classic.settle_chance()
    later = new_match(Rules(), seed="later")
    _apply(later, *[a.notation for a in later.legal_actions()[:1]])
    window = _historic()
    answer = _historic()
    _apply(answer, "raise")
    counter = _historic()
    _apply(counter, "raise", "counter")
    show = _historic()
    _apply(show, "pass", "pass")
    play = _historic()
    _apply(play, "pass", "pass", *["no-show"] * 4, "pass", "pass", *["no-show"] * 4, "pass", "pass")
    return [
        ("classic-first-lead", classic), ("classic-mid-trick", later), ("window", window),
        ("answer-raise", answer), ("answer-counter", counter), ("show", show), ("historic-play", play),
    ]  # fmt: skip


@pytest.mark.parametrize("name", [name for name, _ in _scenarios()])
def test_illegal_actions_raise_and_leave_state_unchanged(name: str) -> None:
    state = dict(_scenarios())[name]
    to_act = state.current_player()
    legal = state.legal_actions()
    keys = set()
    for action in ALL_ACTIONS:
        if action not in legal:
            keys.add(attempt_illegal(state, action, None))
        other = (to_act + 1) % state.players
        assert attempt_illegal(state, action, other) == "not_your_turn"
    assert attempt_illegal(state, "ZZ", None) == "unknown_action"
    assert attempt_illegal(state, "raise!", to_act) == "unknown_action"
    # Not even a string (these used to raise AttributeError).
    for junk in (None, 5, ["BU"], ""):
        assert attempt_illegal(state, junk, None) == "unknown_action"  # type: ignore[arg-type]
    phase = state.phase
    if phase is Phase.PLAY:
        assert keys >= {"card_not_in_hand", "call_in_wrong_phase"}
    if phase is Phase.SHOW:
        assert keys == {"card_in_wrong_phase", "call_in_wrong_phase"}
    if phase is Phase.BID:
        assert "card_in_wrong_phase" in keys


def test_illegal_reasons_by_name() -> None:
    state = State(Rules(), deals=[_deal(0, 4)])
    state.settle_chance()
    seat = state.current_player()
    outside = next(card for card in DECK if card not in state.hands[seat])
    reason = state.why_illegal(outside)
    assert reason is not None and reason.key == "card_not_in_hand"
    assert reason.text == f"{outside} is not in the hand."
    reason = state.why_illegal("pass")
    assert reason is not None and reason.key == "call_in_wrong_phase"
    assert reason.text == "'pass' is not possible now: cards are being played."
    reason = state.why_illegal(state.hands[seat][0], seat=seat + 1)
    assert reason is not None and reason.text == f"It is seat {seat}'s turn, not seat {seat + 1}'s."
    with pytest.raises(IllegalActionError, match="is not in the hand") as error:
        state.apply_action(outside)
    assert isinstance(error.value, ValueError) and error.value.reason.key == "card_not_in_hand"


def test_devil_first_lead_refused_and_state_unchanged() -> None:
    # Acorns are chosen (A2 is the lowest face-up card), forehand seat 1 holds A7.
    state = State(Rules(), deals=[_deal_beginning(0, ["A2", "HK", "LK", "BK", "A7"])])
    state.settle_chance()
    assert state.chosen is Suit.ACORNS and Card.parse("A7") in state.hands[1]
    assert attempt_illegal(state, "A7", None) == "devil_first_lead"
    assert state.view(1)["hand_reasons"]["A7"]["key"] == "devil_first_lead"
    assert "A7" not in state.view(1)["legal"]


@pytest.mark.parametrize(("rule_set", "players"), CONFIGS)
def test_why_illegal_agrees_with_legal_actions_all_game(rule_set: str, players: int) -> None:
    state = new_match(rules_for(rule_set, players), seed=f"agree-{rule_set}-{players}")
    stream = rng.Stream("agree")
    steps = 0
    while not state.is_terminal():
        check_why_illegal_agrees(state)
        view = state.view(state.current_player())
        assert view["legal"] == [
            a.notation if isinstance(a, Card) else a.value for a in state.legal_actions()
        ]
        hand = [card.notation for card in state.hands[state.current_player()]]
        unplayable = {c for c in hand if not state.is_legal(c)}
        assert set(view["hand_reasons"]) == unplayable
        state.apply_action(stream.choice(state.legal_actions()))
        state.settle_chance()
        steps += 1
    check_why_illegal_agrees(state)
    assert steps > 20


@pytest.mark.parametrize(("rule_set", "players"), CONFIGS)
def test_views_are_json_serialisable(rule_set: str, players: int) -> None:
    state = new_match(rules_for(rule_set, players), seed=f"json-{rule_set}")
    stream = rng.Stream("json")
    for _ in range(60):
        if state.is_terminal():
            break
        for seat in range(players):
            view = state.view(seat)
            assert json.loads(json.dumps(view)) == view
            assert view["seat"] == seat
            assert (view["legal"] != []) == (seat == state.current_player())
        state.apply_action(stream.choice(state.legal_actions()))
        state.settle_chance()
    with pytest.raises(ValueError):
        state.view(players)
    with pytest.raises(ValueError):
        state.view(-1)


def test_completed_tricks_come_with_winner_and_reason() -> None:
    state = new_match(Rules(), seed="reasons")
    stream = rng.Stream("reasons")
    while not state.played:
        state.apply_action(stream.choice(state.legal_actions()))
    trick = state.view(0)["played"][0]
    winner_card = next(c["card"] for c in trick["cards"] if c["seat"] == trick["winner"])
    assert trick["reason"]["text"].startswith(f"The {winner_card} wins")
    assert trick["reason"]["key"].startswith("win_")


def test_a_deal_without_its_dealer_is_refused_in_words() -> None:
    """The refusal is its own catalog entry, not an English detail in a param."""
    state = State(Rules(), seed="no-dealer")
    with pytest.raises(IllegalActionError) as error:
        state.apply_action(Deal(None, DECK[:20]))
    assert error.value.reason.key == "bad_deal_no_dealer"
    assert dict(error.value.reason.params) == {}
