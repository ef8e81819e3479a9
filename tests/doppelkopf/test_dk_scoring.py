"""Winning and scoring (doppelkopf.md §5): the issue's cases as unit tests
on a HandSummary, plus properties of the whole table of outcomes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.doppelkopf.cards import parse_cards
from engine.doppelkopf.rules import Contract, Party
from engine.doppelkopf.scoring import (
    Extra,
    ExtraKind,
    HandSummary,
    find_extras,
    score_hand,
    seat_scores,
)
from engine.doppelkopf.tricks import PlayedTrick, resolve_trick, trick_points

TEAM = frozenset({0, 2})  # Re in a normal game
SOLOIST = frozenset({1})


def summary(re_points: int, **fields: object) -> HandSummary:
    re_tricks = fields.pop("re_tricks", 6)
    kontra_tricks = fields.pop("kontra_tricks", 12 - re_tricks)  # type: ignore[operator]
    return HandSummary(
        re_points=re_points, re_tricks=re_tricks, kontra_tricks=kontra_tricks, **fields
    )  # type: ignore[arg-type]


def keys(s: HandSummary) -> list[tuple[str, str, int]]:
    return [(item.party.value, item.message.key, item.value) for item in score_hand(s).items]


def test_no_announcements_re_121_re_wins_1() -> None:
    s = summary(121)
    assert score_hand(s).winner is Party.RE
    assert seat_scores(score_hand(s), TEAM) == [1, -1, 1, -1]


def test_no_announcements_re_120_kontra_wins_2() -> None:
    s = summary(120)
    assert keys(s) == [("kontra", "dk_score_won", 1), ("kontra", "dk_score_against_queens", 1)]
    assert seat_scores(score_hand(s), TEAM) == [-2, 2, -2, 2]


def test_only_kontra_announced_re_120_re_wins_3() -> None:
    s = summary(120, kontra_level=1)
    assert score_hand(s).winner is Party.RE
    assert keys(s) == [("re", "dk_score_won", 1), ("re", "dk_score_announcement", 2)]
    assert seat_scores(score_hand(s), TEAM) == [3, -3, 3, -3]


def test_re_and_kontra_announced_re_120_kontra_wins_6() -> None:
    s = summary(120, re_level=1, kontra_level=1)
    assert score_hand(s).winner is Party.KONTRA
    assert seat_scores(score_hand(s), TEAM) == [-6, 6, -6, 6]


def test_solo_without_announcements_soloist_121() -> None:
    s = summary(121, solo=True)
    assert seat_scores(score_hand(s), SOLOIST) == [-1, 3, -1, -1]


def test_solo_lost_no_against_queens_point() -> None:
    s = summary(120, solo=True)
    assert keys(s) == [("kontra", "dk_score_won", 1)]
    assert seat_scores(score_hand(s), SOLOIST) == [1, -3, 1, 1]


def test_kontra_announced_no_90_and_missed_re_wins_5() -> None:
    s = summary(150, kontra_level=2)
    assert keys(s) == [
        ("re", "dk_score_won", 1),
        ("re", "dk_score_announcement", 2),
        ("re", "dk_score_level_missed", 2),
    ]
    assert score_hand(s).re_value == 5


def test_nobody_wins_when_both_miss() -> None:
    # Re announced no 90 (Kontra must stay below 90), Kontra announced Kontra (needs 120).
    s = summary(140, re_level=2, kontra_level=1)
    score = score_hand(s)
    assert score.winner is None and score.re_value == 0
    assert seat_scores(score, TEAM) == [0, 0, 0, 0]


def test_party_missing_its_own_announcement_loses_even_below_120() -> None:
    # Re announced no 90 and made only 140: Kontra (100) wins without announcing.
    s = summary(140, re_level=2)
    assert score_hand(s).winner is Party.KONTRA
    assert keys(s) == [
        ("kontra", "dk_score_won", 1),
        ("kontra", "dk_score_against_queens", 1),
        ("kontra", "dk_score_announcement", 2),
        ("kontra", "dk_score_level_missed", 2),
    ]


def test_levels_below_and_announced() -> None:
    # Re announced no 60 and made 185 (Kontra 55): won, Re, below 90, announced 90,
    # below 60, announced 60.
    s = summary(185, re_level=3)
    assert score_hand(s).re_value == 1 + 2 + 1 + 1 + 1 + 1
    assert score_hand(summary(151)).re_value == 2  # Kontra below 90
    assert score_hand(summary(150)).re_value == 1  # Kontra has 90: not below


def test_schwarz() -> None:
    s = summary(240, re_tricks=12, re_level=5)
    # won 1, Re 2, and for each of the four levels: below +1, announced +1
    assert score_hand(s).re_value == 1 + 2 + 4 * 2
    # 240 points but Kontra took a (pointless) trick: not schwarz
    assert score_hand(summary(240, re_tricks=11)).re_value == 1 + 3
    # announced schwarz, Kontra took a trick: Re loses
    assert score_hand(summary(240, re_tricks=11, re_level=5)).winner is Party.KONTRA


def test_extras_add_to_their_party_and_are_not_scored_in_solos() -> None:
    extras = (Extra(ExtraKind.FOX, Party.KONTRA, 3), Extra(ExtraKind.DOPPELKOPF, Party.RE, 5))
    s = summary(130, extras=extras)
    assert score_hand(s).re_value == 1 - 1 + 1
    assert score_hand(summary(130, extras=extras, solo=True)).re_value == 1


def trick(leader: int, cards: str, contract: Contract = Contract.NORMAL) -> PlayedTrick:
    parsed = parse_cards(cards.split())
    plays = tuple(((leader + i) % 4, card) for i, card in enumerate(parsed))
    result = resolve_trick(parsed, contract)
    return PlayedTrick(leader, plays, plays[result.winner][0], result)


PARTIES = {0: Party.RE, 1: Party.KONTRA, 2: Party.RE, 3: Party.KONTRA}


def test_fox_and_doppelkopf_counted_for_the_right_party() -> None:
    # Kontra (seat 1) plays its fox, Re's seat 2 wins with DQ: a fox for Re.
    # 11 + 11 + 3 + 10 = 35: no Doppelkopf.
    first = trick(0, "SA DA DQ S10")
    assert first.winner == 2 and trick_points(first) == 35
    # Tricks of 40+ won by Kontra: a Doppelkopf each for Kontra.
    second = trick(0, "SA H10 SA S10")
    assert trick_points(second) == 42 and second.winner == 1
    third = trick(0, "CA CA C10 DA")  # Kontra wins with its own fox: no catch
    assert third.winner == 3 and trick_points(third) >= 40
    extras = find_extras([first, second, third], PARTIES)
    assert extras == (
        Extra(ExtraKind.FOX, Party.RE, 1),
        Extra(ExtraKind.DOPPELKOPF, Party.KONTRA, 2),
        Extra(ExtraKind.DOPPELKOPF, Party.KONTRA, 3),
    )
    # A party's own fox, won by itself, is no catch.
    assert find_extras([trick(0, "DA D9 DK C9")], PARTIES) == ()


def test_charlie_in_the_last_trick_and_variant_3() -> None:
    filler = [trick(0, "C9 C9 S9 S9")] * 11
    won = trick(0, "CJ SJ D9 D9")  # Re's seat 0 wins the last trick with CJ
    assert find_extras([*filler, won], PARTIES)[-1] == Extra(ExtraKind.CHARLIE, Party.RE, 12)
    caught = trick(0, "D9 CJ SQ D9")  # seat 2 (Re) catches Kontra's CJ
    assert find_extras([*filler, caught], PARTIES)[-1] == Extra(
        ExtraKind.CHARLIE_CAUGHT, Party.RE, 12
    )
    assert find_extras([*filler, caught], PARTIES, charlie_caught=False)[11:] == ()
    # Not in an earlier trick.
    assert find_extras([won], PARTIES) == ()


@given(
    re_points=st.integers(0, 240),
    re_tricks=st.integers(0, 12),
    re_level=st.integers(0, 5),
    kontra_level=st.integers(0, 5),
    solo=st.booleans(),
    lone=st.booleans(),
)
def test_every_hand_sums_to_zero_and_the_winner_gains(
    re_points: int, re_tricks: int, re_level: int, kontra_level: int, solo: bool, lone: bool
) -> None:
    s = HandSummary(re_points, re_tricks, 12 - re_tricks, re_level, kontra_level, solo)
    score = score_hand(s)
    scores = seat_scores(score, SOLOIST if lone else TEAM)
    assert sum(scores) == 0
    if score.winner is None:
        assert scores == [0, 0, 0, 0]
        assert re_level >= 1 and kontra_level >= 1
    else:
        sign = 1 if score.winner is Party.RE else -1
        assert sign * score.re_value >= 1
        # a party that announced and missed never wins
        assert not (s.level(score.winner) >= 1 and not s.achieved(score.winner))


@pytest.mark.parametrize("points", [0, 89, 90, 119, 120, 121, 151, 240])
def test_base_targets_complement(points: int) -> None:
    s = summary(points)
    assert s.achieved(Party.RE) != s.achieved(Party.KONTRA)
