"""The binding examples of karnoffel.md: §2 special cards, §4 differences,
§5 worked examples, §8 public contract and its command line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from karnoffel_support import explicit

from engine.errors import NotationError
from engine.karnoffel import chosen_suit, explain_trick, trick_winner
from engine.karnoffel.cards import DECK, Card, Rank, Suit
from engine.karnoffel.rules import Rules
from engine.karnoffel.state import Phase, State

REPO = Path(__file__).resolve().parents[2]
RULES = ("classic", "historic")


# ------------------------------------------------------------------ §4 table
DIFFERENCES = [
    # trick (led first), classic winner, historic winner; chosen suit Bells
    (["H9", "B3", "LK", "H2"], "H9", "B3"),
    (["B9", "B3", "LK", "H2"], "B9", "B3"),
    (["B10", "B4", "HO", "A2"], "B10", "B4"),
    (["H8", "B5", "AU", "H9"], "H9", "B5"),
    (["HK", "B3", "H2", "L9"], "HK", "HK"),
]


@pytest.mark.parametrize(("cards", "classic", "historic"), DIFFERENCES)
def test_difference_table(cards: list[str], classic: str, historic: str) -> None:
    assert cards[trick_winner(cards, chosen="B", rules="classic")] == classic
    assert cards[trick_winner(cards, chosen="B", rules="historic")] == historic


def test_difference_reasons_in_words() -> None:
    result = explain_trick(["H9", "B3", "LK", "H2"], "B", "classic")
    assert result.reason.key == "win_led_suit"
    assert [note.text for note in result.notes] == ["The B3 has no power: a King is in the trick."]
    assert explain_trick(["H8", "B5", "AU", "H9"], "B", "classic").notes[0].key == (
        "powerless_king_ober_unter"
    )
    historic = explain_trick(["H9", "B3", "LK", "H2"], "B", "historic")
    assert historic.reason.key == "win_historic_order"
    assert "B3" in historic.reason.text
    assert [note.key for note in historic.notes] == ["off_suit"]


# ------------------------------------------------------ §5 worked examples
# Seats 0..3 are the seeds' players 1..4: player 1 (seat 0) deals, so the
# deal order is seats 1, 2, 3, 0 and the face-up round is H9 B4 AK L10.
CLASSIC_DEAL = [
    "H9", "B4", "AK", "L10",
    "LK", "B3", "H8", "L9",
    "B7", "B6", "B2", "A9",
    "A10", "HK", "BU", "A8",
    "H2", "A3", "L3", "L8",
]  # fmt: skip
CLASSIC_TRICKS = [
    (["LK", "B3", "H8", "L9"], 1, "win_led_suit"),  # B3 powerless against a King
    (["B7", "B4", "AK", "L10"], 1, "win_devil_led"),  # the Devil, led, no BU
    (["A10", "B6", "B2", "A9"], 2, "win_pope"),  # the Pope beats the Emperor
    (["HK", "BU", "A8", "H2"], 3, "win_karnoffel"),
]


def test_classic_worked_example_full_deal() -> None:
    state = State(Rules(), deals=[explicit(0, CLASSIC_DEAL)])
    state.settle_chance()
    assert [state.face_up[seat] for seat in state.deal_order()] == [
        Card.parse(c) for c in ("H9", "B4", "AK", "L10")
    ]
    assert state.chosen is Suit.BELLS
    assert state.current_player() == 1  # player 2 leads
    assert state.why_illegal("B7").key == "devil_first_lead"  # type: ignore[union-attr]
    for number, (cards, winner, reason) in enumerate(CLASSIC_TRICKS):
        for card in cards:
            state.apply_action(card)
        trick = state.played[number]
        assert [card.notation for _, card in trick.plays] == cards
        assert trick.winner == winner
        assert trick.result.reason.key == reason
    first = state.played[0].result
    assert [note.text for note in first.notes] == ["The B3 has no power: a King is in the trick."]
    assert state.played[2].result.reason.text == (
        "The B6 wins: the Pope beats every card except the Karnöffel and a led Devil."
    )
    # Seats 1 and 3 won tricks 1, 2 and 4: the deal is over, one point.
    assert state.tricks_won == [1, 3]
    assert state.scores == [0, 1]
    assert state.results[-1].winner_team == 1
    assert state.phase is Phase.DEAL  # the next deal is due (no seed given)


def test_classic_worked_example_tricks_alone() -> None:
    assert chosen_suit(["H9", "B4", "AK", "L10"]) == "B"
    assert trick_winner(["LK", "B3", "H8", "L9"], "B") == 0
    assert trick_winner(["B7", "H2", "AK", "L10"], "B") == 0
    assert trick_winner(["A10", "B6", "B2"], "B") == 1
    assert trick_winner(["HK", "BU"], "B") == 1


@pytest.mark.parametrize(
    ("cards", "winner"),
    [(["H9", "A3"], "A3"), (["H9", "A3", "HK"], "HK"), (["H9", "A6", "HK"], "A6"),
     (["A4", "L2", "AK"], "AK"), (["A4", "H9", "L7", "AK"], "AK")],
)  # fmt: skip
def test_historic_worked_examples(cards: list[str], winner: str) -> None:
    assert cards[trick_winner(cards, chosen="A", rules="historic")] == winner


# ----------------------------------------------------------- §2 special cards
def _special(suit: Suit, rank: Rank) -> Card:
    return Card(suit, rank)


OTHERS = {suit: [card for card in DECK if card.suit is not suit] for suit in Suit}


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("chosen", list(Suit))
def test_karnoffel_beats_every_card(rules: str, chosen: Suit) -> None:
    karnoffel = _special(chosen, Rank.UNTER)
    for card in DECK:
        if card == karnoffel:
            continue
        assert trick_winner([card, karnoffel], chosen, rules) == 1, card
        assert trick_winner([karnoffel, card], chosen, rules) == 0, card


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("chosen", list(Suit))
def test_devil_wins_only_when_led(rules: str, chosen: Suit) -> None:
    devil = _special(chosen, Rank.SEVEN)
    karnoffel = _special(chosen, Rank.UNTER)
    for card in DECK:
        if card in (devil, karnoffel):
            continue
        assert trick_winner([devil, card], chosen, rules) == 0, card
        assert trick_winner([card, devil], chosen, rules) == 0, card
    assert trick_winner([devil, karnoffel], chosen, rules) == 1
    # Not led, it does not win even when its own suit was led.
    assert trick_winner([_special(chosen, Rank.EIGHT), devil], chosen, rules) == 0
    note = explain_trick([_special(chosen, Rank.EIGHT), devil], chosen, rules).notes
    assert [m.key for m in note] == ["devil_not_led"]


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("chosen", list(Suit))
def test_pope_and_emperor(rules: str, chosen: Suit) -> None:
    pope, emperor = _special(chosen, Rank.SIX), _special(chosen, Rank.TWO)
    devil, karnoffel = _special(chosen, Rank.SEVEN), _special(chosen, Rank.UNTER)
    for card in DECK:
        if card not in (pope, karnoffel, devil):
            assert trick_winner([card, pope], chosen, rules) == 1, card
        if card not in (pope, emperor, karnoffel, devil):
            assert trick_winner([card, emperor], chosen, rules) == 1, card
    assert trick_winner([devil, pope], chosen, rules) == 0
    assert trick_winner([pope, devil], chosen, rules) == 0  # a Devil not led
    assert trick_winner([emperor, pope], chosen, rules) == 1
    assert trick_winner([pope, karnoffel], chosen, rules) == 1


@pytest.mark.parametrize("chosen", list(Suit))
def test_classic_partials_lose_to_kings_obers_unters(chosen: Suit) -> None:
    other = next(suit for suit in Suit if suit is not chosen)
    three, four, five = (_special(chosen, r) for r in (Rank.THREE, Rank.FOUR, Rank.FIVE))
    low = Card(other, Rank.NINE)
    # Without the ranks that disarm them, each partial beats the led 9.
    assert trick_winner([low, three], chosen) == 1
    assert trick_winner([low, four, Card(other, Rank.UNTER)], chosen) == 1
    assert trick_winner([low, five, Card(other, Rank.TEN)], chosen) == 1
    # The strongest effective partial wins among partials.
    assert trick_winner([low, five, four, three], chosen) == 3
    for disarming, partials in (
        (Rank.KING, (three, four, five)),
        (Rank.OBER, (four, five)),
        (Rank.UNTER, (five,)),
    ):
        for suit in Suit:
            disarmer = Card(suit, disarming)
            for partial in partials:
                cards = [low, partial, disarmer]
                if disarmer.suit is chosen and disarming is Rank.UNTER:
                    continue  # the chosen Unter is the Karnöffel itself
                winner = cards[trick_winner(cards, chosen)]
                # Powerless, the partial counts as a plain card: the led suit decides.
                expected = disarmer if disarmer.suit is other else low
                assert winner == expected, (cards, winner)
                # Played before the partial, the King/Ober/Unter disarms it too.
                cards = [low, disarmer, partial]
                assert cards[trick_winner(cards, chosen)] == expected


@pytest.mark.parametrize("chosen", list(Suit))
def test_classic_chosen_suits_own_king_and_ober_disarm(chosen: Suit) -> None:
    three, four = _special(chosen, Rank.THREE), _special(chosen, Rank.FOUR)
    king, ober = _special(chosen, Rank.KING), _special(chosen, Rank.OBER)
    other = next(suit for suit in Suit if suit is not chosen)
    low = Card(other, Rank.EIGHT)
    assert trick_winner([low, three, king], chosen) == 0
    assert trick_winner([low, four, ober], chosen) == 0
    # Led, the disarmed partial is a plain card of the chosen suit: its King wins.
    assert trick_winner([three, king], chosen) == 1
    assert trick_winner([four, ober], chosen) == 1
    assert trick_winner([four, _special(chosen, Rank.TEN)], chosen) == 0  # no K/O: still a trump


def test_devil_never_led_to_the_first_trick() -> None:
    state = State(Rules(), deals=[explicit(0, CLASSIC_DEAL)])
    state.settle_chance()
    devil = Card.parse("B7")
    assert devil in state.hands[1]
    assert devil not in state.legal_actions()
    # Later it may be led (trick 2 of the worked example), and played to trick 1.
    for card in CLASSIC_TRICKS[0][0]:
        state.apply_action(card)
    assert devil in state.legal_actions()


# ---------------------------------------------------------- chosen suit
@pytest.mark.parametrize(
    ("face_up", "suit"),
    [(["H9", "B4", "AK", "L10"], "B"), (["H4", "B4", "AK", "L10"], "H"),
     (["AK", "L10", "B4", "H4"], "B"), (["A2", "L2"], "A"), (["L2", "A2"], "L"),
     (["HK", "HO", "LK", "AO", "B10", "A10", "L10", "H10"], "B"), (["LK"], "L")],
)  # fmt: skip
def test_chosen_suit_lowest_face_up_first_dealt_on_ties(face_up: list[str], suit: str) -> None:
    assert chosen_suit(face_up) == suit


# --------------------------------------------------------------- §8 contract
def test_contract_accepts_card_objects_and_suits() -> None:
    cards = [Card.parse(c) for c in ("H9", "B3", "LK", "H2")]
    assert trick_winner(cards, chosen=Suit.BELLS, rules="classic") == 0
    assert trick_winner(["h9", "b3", "lk", "h2"], chosen="b", rules="historic") == 1
    assert chosen_suit([Card.parse("H9"), "b4"]) == "B"


def test_contract_trick_sizes() -> None:
    assert trick_winner(["H9"], "B") == 0
    eight = ["A2", "A3", "A4", "A5", "A6", "A7", "A8", "A9"]
    assert trick_winner(eight, "B") == 7
    with pytest.raises(ValueError, match="1 to 8"):
        trick_winner([*eight, "A10"], "B")
    with pytest.raises(ValueError, match="1 to 8"):
        trick_winner([], "B")


@pytest.mark.parametrize("bad", ["X3", "H1", "HA", "", "H 9", "B11"])
def test_contract_bad_notation_names_the_input(bad: str) -> None:
    with pytest.raises(ValueError, match=repr(bad).replace("(", r"\(")) as error:
        trick_winner(["H9", bad], "B")
    assert isinstance(error.value, NotationError)
    with pytest.raises(ValueError, match="not a Karnöffel card"):
        chosen_suit(["H9", bad])


def test_contract_duplicate_card_and_bad_inputs() -> None:
    with pytest.raises(ValueError, match="duplicate card H9"):
        trick_winner(["H9", "B3", "h9"], "B")
    with pytest.raises(ValueError, match="duplicate card B4"):
        chosen_suit(["B4", "H9", "b4"])
    with pytest.raises(ValueError, match="'modern'"):
        trick_winner(["H9"], "B", rules="modern")
    with pytest.raises(ValueError, match="'Q'"):
        trick_winner(["H9"], "Q")
    with pytest.raises(ValueError):
        chosen_suit([])
    with pytest.raises(ValueError):
        trick_winner("H9 B3", "B")  # type: ignore[arg-type]


ANY_INPUT = st.recursive(
    st.none() | st.integers(-3, 60) | st.text(max_size=4)
    | st.sampled_from(["H9", "b3", "LK", "B", "h", "classic", "historic", "A10", ""]),
    lambda inner: st.lists(inner, max_size=9) | st.tuples(inner, inner)
    | st.dictionaries(st.text(max_size=2), inner, max_size=2),
    max_leaves=12,
)  # fmt: skip


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ANY_INPUT, ANY_INPUT, ANY_INPUT)
def test_contract_answers_or_raises_value_error(cards: Any, chosen: Any, rules: Any) -> None:
    """Whatever it is given, the contract answers or raises ``ValueError``
    (a chosen suit of None used to raise AttributeError, cards=None TypeError)."""
    try:
        winner = trick_winner(cards, chosen, rules)
    except ValueError as error:
        assert str(error)
    else:
        assert 0 <= winner < len(cards)
    try:
        suit = chosen_suit(cards)
    except ValueError as error:
        assert str(error)
    else:
        assert suit in "ALHB"


# ------------------------------------------------------------------- CLI
def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    return subprocess.run(
        [sys.executable, "-m", "engine.karnoffel", *args],
        check=False, capture_output=True, text=True, cwd=REPO, env=env, timeout=60,
    )  # fmt: skip


def test_cli_prints_winner_and_reason() -> None:
    done = _cli("trick", "--rules", "classic", "--chosen", "B", "H9", "B3", "LK", "H2")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "winner: H9 (index 0)",
        "reason: The H9 wins: it is the highest card of the suit led (H).",
        "note: The B3 has no power: a King is in the trick.",
    ]
    done = _cli("trick", "--rules", "historic", "--chosen", "B", "H9", "B3", "LK", "H2")
    assert done.returncode == 0
    assert done.stdout.splitlines()[0] == "winner: B3 (index 1)"


def test_cli_defaults_to_classic() -> None:
    done = _cli("trick", "--chosen", "B", "B10", "B4", "HO", "A2")
    assert done.returncode == 0
    assert done.stdout.startswith("winner: B10 (index 0)\n")


@pytest.mark.parametrize(
    ("args", "message"),
    [(["--chosen", "B", "H9", "X3"], "'X3'"), (["--chosen", "B", "H9", "h9"], "duplicate card H9"),
     (["--chosen", "Q", "H9"], "'Q'"), (["--rules", "modern", "--chosen", "B", "H9"], "modern"),
     (["H9", "B3"], "--chosen")],
)  # fmt: skip
def test_cli_refuses_bad_input(args: list[str], message: str) -> None:
    done = _cli("trick", *args)
    assert done.returncode == 2
    assert message in done.stderr
    assert done.stdout == ""
