"""Reservations, marriage, poverty, solos, announcements (doppelkopf.md §3, §4)."""

from __future__ import annotations

from itertools import pairwise

import pytest
from dk_support import advance_to, finish_hand, make_deal, play, snapshot, start

from engine.doppelkopf import Contract, Party, Rules, Variant, action_notation
from engine.doppelkopf.actions import Deal, seeded_deal
from engine.doppelkopf.state import GameKind, Phase, State
from engine.errors import IllegalActionError

MARRIAGE_HANDS = {
    0: ["CQ", "CQ", "H10", "H10", "SQ", "SQ", "CA", "CA", "C10", "C10", "CK", "CK"],
    1: ["HQ", "HQ", "DQ", "DQ", "CJ", "CJ", "SA", "SA", "S10", "S10", "SK", "SK"],
    2: ["SJ", "SJ", "HJ", "HJ", "DJ", "DJ", "HA", "HA", "HK", "HK", "H9", "H9"],
    3: ["C9", "C9", "S9", "S9", "DA", "DA", "D10", "D10", "DK", "DK", "D9", "D9"],
}
NORMAL = {0: ["CQ"], 2: ["CQ"]}  # seats 0 and 2 are Re
POOR = {0: ["DA", "D10", "D9", "CA", "CA", "C10", "C10", "CK", "CK", "C9", "C9", "SA"]}


def legal(state: State) -> list[str]:
    return [action_notation(action) for action in state.legal_actions()]


# ------------------------------------------------------------------ reservations


def test_reservations_start_left_of_the_dealer_and_check_the_hand() -> None:
    state = start(make_deal(MARRIAGE_HANDS, dealer=1), said=())
    assert state.current_player() == 2
    assert "marriage" not in legal(state) and "poverty" not in legal(state)
    assert state.why_illegal("marriage").key == "dk_marriage_needs_queens"  # type: ignore[union-attr]
    assert state.why_illegal("poverty").key == "dk_poverty_too_many_trumps"  # type: ignore[union-attr]
    play(state, "healthy", "solo-aces")  # seat 3: a solo is always possible
    assert state.current_player() == 0
    assert "marriage" in legal(state)
    assert state.why_illegal("CA") is not None


@pytest.mark.parametrize(
    ("said", "kind", "declarer"),
    [
        (["marriage", "poverty", "healthy", "healthy"], GameKind.POVERTY, 1),
        (["marriage", "solo-jacks", "solo-aces", "healthy"], GameKind.SOLO, 1),
        (["marriage", "poverty", "solo-aces", "healthy"], GameKind.SOLO, 2),
        (["marriage", "healthy", "healthy", "healthy"], GameKind.MARRIAGE, 0),
        (["healthy", "healthy", "solo-clubs", "solo-hearts"], GameKind.SOLO, 2),
    ],
)
def test_priority_solo_poverty_marriage_then_the_earlier(
    said: list[str], kind: GameKind, declarer: int
) -> None:
    hands = {0: ["CQ", "CQ"], 1: POOR[0]}
    state = start(make_deal(hands), said=said)
    assert state.kind is kind and state.declarer == declarer


def test_solo_contract_parties_and_leader() -> None:
    state = start(make_deal(NORMAL), said=["healthy", "healthy", "solo-queens", "healthy"])
    assert state.contract is Contract.QUEENS and state.re_seats == {2}
    assert state.current_player() == 0
    assert state.view(1)["parties"] == ["kontra", "kontra", "re", "kontra"]
    variant = Rules(frozenset({Variant.SOLOIST_LEADS}))
    state = start(make_deal(NORMAL), variant, said=["healthy", "healthy", "solo-queens", "healthy"])
    assert state.current_player() == 2


def test_solo_is_scored_lone_times_three() -> None:
    state = start(make_deal(NORMAL), said=["healthy", "solo-jacks", "healthy", "healthy"])
    finish_hand(state)
    result = state.results[0]
    value = result.score.re_value
    assert result.seat_scores == (-value, 3 * value, -value, -value)
    assert not any(item.message.key.startswith("dk_score_fox") for item in result.score.items)


def test_silent_solo_is_hidden_and_scored_lone() -> None:
    state = start(make_deal({0: ["CQ", "CQ"]}))
    assert state.kind is GameKind.SILENT_SOLO and state.re_seats == {0}
    assert state.view(0)["contract"]["kind"] == "silent-solo"
    for seat in (1, 2, 3):
        view = state.view(seat)
        assert view["contract"] == {"kind": "normal", "trumps": "normal", "declarer": None}
        assert view["parties"][0] is None
        assert view["parties"][seat] == "kontra"
    finish_hand(state)
    result = state.results[0]
    value = result.score.re_value
    assert result.kind is GameKind.SILENT_SOLO
    assert result.seat_scores == (3 * value, -value, -value, -value)
    assert state.view(1)["results"][0]["kind"] == "silent-solo"


# ---------------------------------------------------------------------- marriage


def test_marriage_partner_in_the_first_trick() -> None:
    state = start(make_deal(MARRIAGE_HANDS), said=["marriage", "healthy", "healthy", "healthy"])
    assert state.why_illegal("announce").key == "dk_announce_marriage_pending"  # type: ignore[union-attr]
    play(state, "CA", "HQ", "HA", "C9")
    assert state.partner == 1 and state.clarified_in == 1
    assert state.re_seats == {0, 1}
    assert state.view(3)["parties"] == ["re", "re", "kontra", "kontra"]
    assert state.cards_needed(Party.RE, 1) == 10


def test_marriage_partner_in_trick_two_lowers_card_limits_by_two() -> None:
    state = start(make_deal(MARRIAGE_HANDS), said=["marriage", "healthy", "healthy", "healthy"])
    play(state, "H10", "HQ", "SJ", "D9")  # the bridegroom wins trick 1
    assert state.partner is None and state.view(2)["parties"] == ["re", None, None, None]
    play(state, "CA", "HQ", "HA", "C9")  # seat 1 wins trick 2
    assert state.partner == 1 and state.clarified_in == 2
    assert state.cards_needed(Party.RE, 1) == 9  # clarified in trick 2: Re needs 9 cards
    assert state.cards_needed(Party.KONTRA, 1) == 9
    assert state.cards_needed(Party.RE, 2) == 8
    assert "announce" in legal(state)


def test_marriage_without_partner_is_a_solo() -> None:
    state = start(make_deal(MARRIAGE_HANDS), said=["marriage", "healthy", "healthy", "healthy"])
    play(state, "H10", "HQ", "SJ", "D9", "H10", "HQ", "SJ", "D9", "CQ", "DQ", "HJ", "DK")
    assert state.partner is None and state.clarified_in == 3
    assert state.view(1)["marriage"]["message"]["key"] == "dk_marriage_alone"
    assert state.cards_needed(Party.KONTRA, 1) == 8
    finish_hand(state)
    result = state.results[0]
    value = result.score.re_value
    assert result.re_seats == {0} and result.summary.solo
    assert result.seat_scores == (3 * value, -value, -value, -value)


# ----------------------------------------------------------------------- poverty


def test_poverty_pass_accept_return() -> None:
    state = start(make_deal(POOR), said=["poverty", "healthy", "healthy", "healthy"])
    assert state.phase is Phase.POVERTY_PASS and state.current_player() == 0
    reason = state.why_illegal("pass:DA,D10,CA")
    assert reason is not None and reason.key == "dk_pass_needs_trumps"
    assert state.why_illegal("pass:DA,D10,HA").key == "dk_exchange_not_in_hand"  # type: ignore[union-attr]
    assert all(option.startswith("pass:") and "DA" in option for option in legal(state))
    play(state, "pass:D9,DA,D10")
    assert state.phase is Phase.POVERTY_ANSWER and state.current_player() == 1
    assert state.view(1)["poverty"]["passed_cards"] is None
    play(state, "decline", "accept")
    assert state.current_player() == 2 and len(state.hands[2]) == 15
    assert state.view(2)["poverty"]["passed_cards"] == ["DA", "D10", "D9"]
    assert state.why_illegal("pass:DA,D10,D9") is not None
    returned = legal(state)[0]
    play(state, returned)
    assert state.re_seats == {0, 2} and len(state.hands[0]) == 12 and len(state.hands[2]) == 12
    assert state.phase is Phase.PLAY and state.current_player() == 0
    assert state.view(0)["poverty"]["returned_cards"] == returned.removeprefix("return:").split(",")
    assert state.view(3)["poverty"]["returned_cards"] is None
    assert state.view(3)["parties"] == ["re", "kontra", "re", "kontra"]


def test_poverty_declined_by_all_takes_the_next_deal_with_the_same_dealer() -> None:
    state = start(make_deal(POOR), said=["poverty", "healthy", "healthy", "healthy"])
    play(state, "pass:DA,D10,D9", "decline", "decline", "decline")
    assert state.phase is Phase.DEAL and not state.results
    assert state.redeals[0].key == "dk_redeal"
    state.settle_chance()
    assert state.deal == seeded_deal("tests", 1, 3)
    assert state.dealer == 3 and state.hand_number == 1 and state.deals_dealt == 2


def _redeal_after_poverty(later_deals: list[Deal]) -> State:
    """Seat 0 is poor and nobody takes its cards: the dealer (3) deals again."""
    state = State(None, seed="tests", deals=[make_deal(POOR), *later_deals])
    state.settle_chance()
    play(state, "poverty", "healthy", "healthy", "healthy", "pass:DA,D10,D9")
    play(state, "decline", "decline", "decline")
    return state


def test_after_a_redeal_the_next_explicit_deal_keeps_the_dealer() -> None:
    """A pinned daily fixes the cards of each deal, not who deals it."""
    later = seeded_deal("other", 0, None)
    state = _redeal_after_poverty([later, seeded_deal("other", 1, None)])
    state.settle_chance()
    assert state.dealer == 3 and state.deal == Deal(3, later.cards)


def test_an_explicit_deal_that_names_another_dealer_is_refused() -> None:
    """records.md: a later deal's dealer follows the rules; a contradiction is
    refused, never silently obeyed or ignored."""
    state = _redeal_after_poverty([seeded_deal("other", 0, 0)])
    with pytest.raises(
        IllegalActionError, match="deal 1 names dealer 0, but by the rules seat 3"
    ) as error:
        state.settle_chance()
    # The seats are params the page names ("West"), not words inside an English detail.
    assert error.value.reason.key == "bad_deal_dealer"
    assert dict(error.value.reason.params) == {"number": "1", "dealer": "0", "seat": "3"}
    agreeing = _redeal_after_poverty([seeded_deal("other", 0, 3)])
    agreeing.settle_chance()
    assert agreeing.dealer == 3


# ------------------------------------------------------------------ announcements


def test_announcements_in_a_row_within_card_limits() -> None:
    state = start(make_deal(NORMAL))
    names = []
    while "announce" in legal(state):
        play(state, "announce")
        names.append(state.announcements[-1].id)
    assert names == ["re", "no90", "no60", "no30", "schwarz"]
    assert state.why_illegal("announce").key == "dk_announce_nothing_left"  # type: ignore[union-attr]
    assert state.view(1)["parties"][0] == "re"
    assert state.current_player() == 0  # announcing does not end the turn


def test_announcement_card_limits() -> None:
    state = start(make_deal(NORMAL))
    advance_to(state, 0, 2)  # 11 cards: Re still possible
    assert "announce" in legal(state)
    advance_to(state, 0, 3)  # 10 cards: too late for Re
    reason = state.why_illegal("announce")
    assert reason is not None and reason.key == "dk_announce_too_late"
    assert reason.text == "Too late for Re: it needs 11 cards in hand, and you hold 10."
    before = snapshot(state)
    with pytest.raises(IllegalActionError):
        state.apply_action("announce")
    assert snapshot(state) == before


def test_reply_allowed_with_one_card_fewer() -> None:
    state = start(make_deal(NORMAL))
    play(state, "announce")  # Re, at 12 cards
    advance_to(state, 1, 3)  # Kontra's seat 1 holds 10 cards
    assert len(state.hands[1]) == 10 and "announce" in legal(state)
    advance_to(state, 1, 4)  # 9 cards: too late even as a reply
    assert "announce" not in legal(state)


def test_reply_to_no_90_allowed_with_nine_cards() -> None:
    state = start(make_deal(NORMAL))
    play(state, "announce", "announce")  # Re, no 90
    advance_to(state, 1, 4)
    assert len(state.hands[1]) == 9 and "announce" in legal(state)
    play(state, "announce")
    assert state.levels[Party.KONTRA] == 1
    assert "announce" not in legal(state)  # no 90 for Kontra needs 10 cards


def test_without_a_reply_kontra_needs_eleven() -> None:
    state = start(make_deal(NORMAL))
    advance_to(state, 1, 3)
    assert "announce" not in legal(state)


def test_announcements_enter_the_score_of_a_played_hand() -> None:
    state = start(make_deal(NORMAL))
    play(state, "announce")
    advance_to(state, 1, 1)
    play(state, "announce")  # Kontra
    finish_hand(state)
    result = state.results[0]
    announced = [item for item in result.score.items if item.message.key == "dk_score_announcement"]
    assert len(announced) == 2 and all(item.value == 2 for item in announced)
    assert sum(result.seat_scores) == 0


# ------------------------------------------------------------------------ refusals


@pytest.mark.parametrize(
    "action", ["ZZ", "CQ", "accept", "return:CA,CA,C10", "announce", "pass:C9,C9,SA"]
)
def test_refusals_change_nothing(action: str) -> None:
    state = start(make_deal(NORMAL), said=())
    before = snapshot(state)
    with pytest.raises(IllegalActionError):
        state.apply_action(action)
    assert snapshot(state) == before
    with pytest.raises(IllegalActionError, match="not seat"):
        state.apply_action("healthy", seat=2)
    assert snapshot(state) == before


def test_match_of_eight_hands_ends_with_returns() -> None:
    state = State(seed="eight")
    state.settle_chance()
    while not state.is_terminal():
        action = state.legal_actions()[0]  # healthy, accept, announce whenever possible
        state.apply_action(action)
        state.settle_chance()
    assert len(state.results) == 8
    assert state.returns() == [float(score) for score in state.scores]
    assert sum(state.scores) == 0
    assert state.why_illegal("CQ").key == "game_over"  # type: ignore[union-attr]
    dealers = [result.dealer for result in state.results]
    assert all((b - a) % 4 == 1 for a, b in pairwise(dealers)) or state.redeals


def test_a_caught_fox_scores_for_the_catching_party_in_a_played_hand() -> None:
    hands = {
        0: ["CQ", "CA", "CA", "C10", "C10", "CK", "CK", "C9", "C9", "SA", "SA", "S10"],
        1: ["DA", "S10", "SK", "SK", "S9", "S9", "HA", "HA", "HK", "HK", "H9", "H9"],
        2: ["CQ"],
    }
    state = start(make_deal(hands))
    play(state, "CQ", "DA")  # Kontra's seat 1 must follow trump with its fox
    advance_to(state, 0, 2)
    first = state.played[0]  # seats 2 and 3 played their first legal cards, CQ and CJ
    assert [str(card) for _, card in first.plays] == ["CQ", "DA", "CQ", "CJ"]
    assert first.winner == 0
    finish_hand(state)
    items = [item for item in state.results[0].score.items if item.message.key == "dk_score_fox"]
    assert [(item.party, dict(item.message.params)["trick"]) for item in items][:1] == [
        (Party.RE, "1")
    ]
