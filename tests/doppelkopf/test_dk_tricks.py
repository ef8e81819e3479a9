"""Trump orders, trick winners and following suit (doppelkopf.md §2)."""

from __future__ import annotations

from itertools import pairwise

import pytest
from dk_support import make_deal, play, start

from engine.doppelkopf import (
    CONTRACTS,
    Call,
    Contract,
    action_notation,
    explain_trick,
    trick_winner,
)
from engine.doppelkopf.rules import Rules, Variant
from engine.errors import IllegalActionError, NotationError


def names(cards: tuple[object, ...]) -> str:
    return " ".join(str(card) for card in cards)


TRUMPS = {
    Contract.NORMAL: "H10 CQ SQ HQ DQ CJ SJ HJ DJ DA D10 DK D9",
    Contract.DIAMONDS: "H10 CQ SQ HQ DQ CJ SJ HJ DJ DA D10 DK D9",
    Contract.HEARTS: "H10 CQ SQ HQ DQ CJ SJ HJ DJ HA HK H9",
    Contract.SPADES: "H10 CQ SQ HQ DQ CJ SJ HJ DJ SA S10 SK S9",
    Contract.CLUBS: "H10 CQ SQ HQ DQ CJ SJ HJ DJ CA C10 CK C9",
    Contract.QUEENS: "CQ SQ HQ DQ",
    Contract.JACKS: "CJ SJ HJ DJ",
    Contract.ACES: "",
}


@pytest.mark.parametrize("contract", list(Contract))
def test_trump_order_of_every_game(contract: Contract) -> None:
    assert names(CONTRACTS[contract].trumps) == TRUMPS[contract]
    # Each trump beats the next lower one, whichever is played first.
    trumps = CONTRACTS[contract].trumps
    for high, low in pairwise(trumps):
        assert trick_winner([high, low], contract) == 0
        assert trick_winner([low, high], contract) == 1


def test_counts_with_both_copies() -> None:
    assert 2 * len(CONTRACTS[Contract.NORMAL].trumps) == 26
    assert 2 * len(CONTRACTS[Contract.HEARTS].trumps) == 24


@pytest.mark.parametrize(
    ("contract", "order"),
    [
        (Contract.NORMAL, "CA C10 CK C9"),
        (Contract.NORMAL, "HA HK H9"),
        (Contract.HEARTS, "SA S10 SK S9"),
        (Contract.QUEENS, "HA H10 HK HJ H9"),
        (Contract.JACKS, "DA D10 DK DQ D9"),
        (Contract.ACES, "CA C10 CK CQ CJ C9"),
    ],
)
def test_plain_suit_orders(contract: Contract, order: str) -> None:
    cards = order.split()
    for i, high in enumerate(cards):
        for low in cards[i + 1 :]:
            assert trick_winner([low, high], contract) == 1
            assert trick_winner([high, low], contract) == 0


def test_h10_is_a_trump_not_a_heart_in_the_normal_game() -> None:
    assert trick_winner(["HA", "H10"]) == 1
    assert "trump" in explain_trick(["HA", "H10"]).reason.text
    assert trick_winner(["HK", "H10"], "jacks") == 1  # there a plain heart, higher than HK...
    assert trick_winner(["HA", "H10"], "jacks") == 0  # ... and lower than HA


def test_off_suit_never_wins_and_trump_beats_plain() -> None:
    assert trick_winner(["S9", "CA", "HA", "SA"]) == 3
    assert trick_winner(["SA", "S10", "D9", "SK"]) == 2
    assert trick_winner(["CA", "CQ"], "aces") == 0  # no trumps in the ace solo


def test_first_of_two_identical_cards_wins() -> None:
    result = explain_trick(["CQ", "CQ", "SQ"])
    assert result.winner == 0
    assert result.reason.key == "dk_win_first_copy"
    assert trick_winner(["SA", "SA", "S10"]) == 0
    assert trick_winner(["S9", "H10", "H10"]) == 1


def test_second_heart_ten_variant() -> None:
    assert trick_winner(["H10", "CQ", "H10"], second_heart_ten=True) == 2
    assert (
        explain_trick(["H10", "H10"], second_heart_ten=True).reason.key == "dk_win_second_heart_ten"
    )
    # only the H10 as trump: a second plain H10 in the jack solo does not count
    assert trick_winner(["H10", "H10"], "jacks", second_heart_ten=True) == 0


def test_second_heart_ten_variant_in_a_played_trick() -> None:
    # seat 0 and seat 2 each hold an H10 as their last card
    hands = {
        0: ["H10", "CA", "CA", "C10", "C10", "CK", "CK", "C9", "C9", "SA", "SA", "S10"],
        1: ["HA", "HA", "HK", "HK", "H9", "H9", "S10", "SK", "SK", "S9", "S9", "DA"],
        2: ["H10", "CQ", "CQ", "SQ", "SQ", "HQ", "HQ", "DQ", "DQ", "CJ", "CJ", "SJ"],
    }
    for variant_on in (False, True):
        rules = Rules(frozenset({Variant.SECOND_HEART_TEN}) if variant_on else frozenset())
        state = start(make_deal(hands), rules)
        # Trick 1 shows the variant mid-hand: H10 led by 0, H10 by 2.
        play(state, "H10", "DA")
        state.apply_action("H10")
        winning = state.view(0)["trick"]["winning"]["seat"]
        assert winning == (2 if variant_on else 0)


@pytest.mark.parametrize("variant_on", [False, True])
def test_first_heart_ten_wins_the_last_trick_even_with_the_variant(variant_on: bool) -> None:
    trumps = ["H10", "CQ", "SQ", "HQ", "DQ", "CJ", "SJ", "HJ", "DJ", "DA", "D10", "DK"]
    state = start(
        make_deal({0: trumps, 2: trumps}),
        Rules(frozenset({Variant.SECOND_HEART_TEN} if variant_on else ())),
    )
    # Seats 0 and 2 keep their H10 to the end: it is never forced earlier.
    while len(state.played) < 11:
        legal = [a for a in state.legal_actions() if a is not Call.ANNOUNCE]
        state.apply_action(next((a for a in legal if str(a) != "H10"), legal[0]))
    assert [str(state.hands[seat][0]) for seat in (0, 2)] == ["H10", "H10"]
    while not state.results:
        state.apply_action(state.legal_actions()[-1])
    last = state.played[-1]
    first_ten = next(seat for seat, card in last.plays if str(card) == "H10")
    assert last.winner == first_ten
    assert last.result.reason.key == "dk_win_first_copy"


def test_bad_input() -> None:
    with pytest.raises(NotationError):
        trick_winner(["C7"])
    with pytest.raises(ValueError, match="game must be one of"):
        trick_winner(["CA"], "grand")
    with pytest.raises(ValueError, match="1 to 4 cards"):
        trick_winner(["C9", "CK", "CK", "C10", "C10"])
    with pytest.raises(NotationError, match="3 times"):
        trick_winner(["C9", "C9", "C9"])


def test_follow_suit_with_trumps_as_one_suit() -> None:
    hands = {
        0: ["DK", "CA", "CA", "C10", "C10", "CK", "CK", "C9", "C9", "SA", "SA", "S10"],
        1: ["H10", "HA", "HK", "HK", "H9", "H9", "S10", "SK", "SK", "S9", "S9", "DA"],
    }
    state = start(make_deal(hands))
    play(state, "DK")  # a trump is led
    reason = state.why_illegal("HA")
    assert reason is not None and reason.key == "dk_must_follow_trump"
    assert [action_notation(a) for a in state.legal_actions() if a is not Call.ANNOUNCE] == [
        "H10",
        "DA",
    ]
    before = state.view(1)
    with pytest.raises(IllegalActionError, match="trump was led"):
        state.apply_action("HA")
    assert state.view(1) == before
    assert "HA" in state.view(1)["hand_reasons"]


def test_follow_plain_suit_and_h10_does_not_follow_hearts() -> None:
    hands = {
        0: ["HA", "CA", "CA", "C10", "C10", "CK", "CK", "C9", "C9", "SA", "SA", "S10"],
        1: ["H10", "DA", "HK", "SK", "S10", "S9", "S9", "SK", "D10", "D10", "DK", "DK"],
    }
    state = start(make_deal(hands))
    play(state, "HA")
    assert {action_notation(a) for a in state.legal_actions()} - {"announce"} == {"HK"}
    reason = state.why_illegal("H10")
    assert reason is not None and reason.key == "dk_must_follow_suit"


def test_trick_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    from engine.doppelkopf.__main__ import main

    assert main(["trick", "SA", "S10", "DJ", "SA"]) == 0
    assert capsys.readouterr().out.splitlines()[:2] == [
        "winner: DJ (index 2)",
        "reason: The DJ wins: it is the highest trump in the trick.",
    ]
    assert main(["trick", "C7"]) == 2
    assert "not a Doppelkopf card" in capsys.readouterr().err
