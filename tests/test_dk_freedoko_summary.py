"""The arithmetic of the FreeDoko benchmark's summary, on a small fixed sample
(``benchmarks/bench_doppelkopf_freedoko.py``; it plays nothing here)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from benchmarks.bench_doppelkopf_freedoko import (
    KIND_GROUPS,
    PATIENT_TIMEOUTS,
    POOR_HANDS,
    announcement_kind,
    answered,
    breakdown,
    cache_answers,
    changed_hand,
    expand_seeds,
    first_announcers,
    followed_prefix,
    freedoko_history,
    hand_fields,
    hand_kind,
    hand_prefix,
    main,
    opener_breakdown,
    opener_kind,
    paired,
    poor_hands,
    replay_kinds,
    replay_points,
    replays,
    selected_hands,
    tally,
    unit_points,
    units,
    with_replays,
)
from benchmarks.doppelkopf_replay_gain import main as gain_main
from benchmarks.doppelkopf_replay_gain import own_points, set_gains
from benchmarks.doppelkopf_same_seat import (
    CLASSES,
    PlayedHand,
    match_hands,
    reservations_class,
    seat_differences,
)
from engine import players
from engine.core import seed_for
from engine.doppelkopf.state import new_match


def _hand(
    kind: str,
    delta: int,
    *,
    declarer: int | None = None,
    re: bool = False,
    levels: tuple[int, int] = (0, 0),
) -> dict[str, Any]:
    return {
        "kind": kind,
        "contract": "normal",
        "declarer": declarer,
        "engine_re": re,
        "engine_delta": delta,
        "re_level": levels[0],
        "kontra_level": levels[1],
    }


def _match(level: str, seed: str, seat: int, hands: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "row": "freedoko-match",
        "level": level,
        "ai": "profi",
        "seed": seed,
        "engine_seat": seat,
        "engine_score": sum(h["engine_delta"] for h in hands),
        "hands": hands,
        "fallbacks": 0,
        "mismatch": 0,
    }


def _sample() -> list[dict[str, Any]]:
    """Seed s1: 8 hands, 2 per seat, level A scores +4 in all; seed s2: -8 in 8 hands;
    seed s3 lacks seat 3, so it is no unit. Level B plays s1 only, scoring 0."""
    rows = [
        _match("A", "s1", 0, [_hand("solo", -6, declarer=0, re=True), _hand("normal", 2)]),
        _match(
            "A", "s1", 1, [_hand("solo", 3, declarer=2), _hand("normal", 1, re=True, levels=(1, 0))]
        ),
        _match(
            "A",
            "s1",
            2,
            [_hand("marriage", 2, re=True, levels=(1, 1)), _hand("poverty", -1, levels=(0, 1))],
        ),
        _match(
            "A",
            "s1",
            3,
            [_hand("silent-solo", 9, declarer=3, re=True), _hand("normal", -6, levels=(2, 0))],
        ),
        *(_match("A", "s2", k, [_hand("normal", -1), _hand("normal", -3)]) for k in range(4)),
        *(_match("A", "s3", k, [_hand("normal", 5)]) for k in range(3)),
        *(_match("B", "s1", k, [_hand("normal", 0), _hand("normal", 0)]) for k in range(4)),
    ]
    return rows


def test_units_are_seeds_with_all_four_rotations_and_score_per_seat_and_hand() -> None:
    found = units(_sample(), "A")
    assert sorted(found) == ["s1", "s2"]
    assert [m["engine_seat"] for m in found["s1"]] == [0, 1, 2, 3]
    # s1: -4 + 4 + 1 + 3 = +4 over 8 hands; s2: -16 over 8 hands.
    assert unit_points(found["s1"]) == pytest.approx(0.5)
    assert unit_points(found["s2"]) == pytest.approx(-2.0)
    assert list(units(_sample(), "A", seeds=["s2", "s3"])) == ["s2"]
    assert units(_sample(), "A", ai="novice") == {}


def test_paired_differences_use_only_the_seeds_both_levels_completed() -> None:
    rows = _sample()
    assert paired(units(rows, "A"), units(rows, "B")) == [pytest.approx(0.5)]


def test_the_kind_table_sees_each_hand_from_the_levels_seat() -> None:
    matches = [m for unit in units(_sample(), "A").values() for m in unit]
    table = breakdown(matches, hand_kind)
    assert table == {
        "our solo": (1, -6),
        "their solo": (1, 3),
        "our silent solo": (1, 9),
        "normal, we are Kontra": (10, 2 - 16 - 6),
        "normal, we are Re": (1, 1),
        "marriage, we are Re": (1, 2),
        "poverty, we are Kontra": (1, -1),
    }
    assert sum(count for count, _ in table.values()) == 16
    assert sum(points for _, points in table.values()) == 4 - 16


def test_announcements_are_counted_by_party_from_the_levels_seat() -> None:
    matches = [m for unit in units(_sample(), "A").values() for m in unit]
    table = breakdown(matches, lambda hand, seat: announcement_kind(hand))
    assert table == {
        "no announcement": (12, -6 + 2 + 3 + 9 - 16),
        # Re announced with the level's seat in Re, Kontra with it in Kontra.
        "only our party announced": (2, 1 - 1),
        "both parties announced": (1, 2),
        "only their party announced": (1, -6),
    }
    assert announcement_kind({"engine_re": True}) is None


def test_seed_ranges_include_both_ends() -> None:
    assert expand_seeds(["fd-tune/0..2", "one"]) == ["fd-tune/0", "fd-tune/1", "fd-tune/2", "one"]


def _replay(seed: str, seat: int, hand: int, base_delta: int, delta: int) -> dict[str, Any]:
    return {
        "row": "freedoko-hand",
        "level": "C",
        "base": "A",
        "ai": "profi",
        "seed": seed,
        "engine_seat": seat,
        "hand": hand,
        "base_hand": {"engine_delta": base_delta},
        **_hand("normal", delta),
    }


def test_replays_count_only_units_whose_every_solo_was_replayed() -> None:
    rows = _sample()
    assert replays(rows, "C", "A") == {"s2": []}  # s2 has no solo of A; s1 is not replayed
    rows.append(_replay("s1", 0, 0, -6, 2))
    found = replays(rows, "C", "A")
    assert [r["hand"] for r in found["s1"]] == [0]
    # A's solo scored -6, the replay +2: +8 over the unit's 8 hands.
    assert replay_points(units(rows, "A")["s1"], found["s1"]) == pytest.approx(1.0)
    assert replay_points(units(rows, "A")["s2"], found["s2"]) == 0


KONTRA = replay_kinds(["kontra"])


def test_kind_groups_name_rows_of_the_kind_table_and_unknown_kinds_are_refused() -> None:
    assert KONTRA == KIND_GROUPS["kontra"]
    assert replay_kinds(["our solo", "kontra", "normal, we are Kontra"]) == ("our solo", *KONTRA)
    with pytest.raises(ValueError, match="unknown kind of hand 'kontra hands'"):
        replay_kinds(["kontra hands"])


def test_replays_of_other_kinds_need_every_such_hand_of_the_unit() -> None:
    rows = _sample()
    # A's Kontra hands of s1: seat 0's second hand, seat 2's poverty, seat 3's second hand.
    wanted = [(0, 1, 2, 6), (2, 1, -1, 0), (3, 1, -6, -2)]
    for seat, hand, base, delta in wanted[:2]:
        rows.append(_replay("s1", seat, hand, base, delta))
    assert "s1" not in replays(rows, "C", "A", kinds=KONTRA)
    assert replays(rows, "C", "A", kinds=("poverty, we are Kontra",))["s1"][0]["hand"] == 1
    rows.append(_replay("s1", *wanted[2]))
    found = replays(rows, "C", "A", kinds=KONTRA)
    assert sorted((r["engine_seat"], r["hand"]) for r in found["s1"]) == [(0, 1), (2, 1), (3, 1)]
    # +4, +1 and +4 more than A in the unit's 8 hands.
    assert replay_points(units(rows, "A")["s1"], found["s1"]) == pytest.approx(9 / 8)
    assert "s2" not in found  # all 8 hands of s2 are Kontra hands of A, none replayed


def test_a_stand_ins_replay_of_the_same_hand_is_what_a_replay_gains_over() -> None:
    """``doppelkopf_replay_gain.py``: where the stand-in replayed a hand, C's
    replay of it counts against the stand-in's points, elsewhere against A's."""
    rows = _sample()
    rows.append(_replay("s1", 0, 1, 2, 6))  # C: +4 over A
    rows.append(_replay("s1", 3, 1, -6, -2))  # C: +4 over A
    rows.append({**_replay("s1", 3, 1, -6, -3), "level": "S"})  # the stand-in: +3 over A
    rows.append({**_replay("s1", 1, 1, 1, 5), "level": "S"})  # a hand C did not replay
    normal_kontra = ("normal, we are Kontra",)
    assert set_gains(rows, "C", "A", None, normal_kontra) == ({"s1": 8 / 8}, 2)
    assert set_gains(rows, "C", "A", "S", normal_kontra) == ({"s1": (4 + 1) / 8}, 2)
    assert set_gains(rows, "S", "A", None, normal_kontra) == ({}, 0)  # seat 0's hand missing


def test_a_levels_own_points_are_the_bases_unit_with_its_replays_in_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``doppelkopf_replay_gain.py --own``: BASE's points per seat and hand and
    LEVEL's, C's two replays +4 each over A's 8 hands; refused with a stand-in."""
    rows = _sample()
    rows.append(_replay("s1", 0, 1, 2, 6))
    rows.append(_replay("s1", 3, 1, -6, -2))
    base = unit_points(units(rows, "A")["s1"])
    gains, _ = set_gains(rows, "C", "A", None, ("normal, we are Kontra",))
    assert own_points(rows, "A", gains) == {"s1": (base, base + 1.0)}
    path, other = tmp_path / "rows.jsonl", tmp_path / "other.jsonl"
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    other.write_text("".join(json.dumps({**row, "seed": "t" + row["seed"]}) + "\n" for row in rows))
    kind = ["--replay-kind", "normal, we are Kontra"]
    with pytest.raises(SystemExit):
        gain_main(["C", "--own", *kind, "--set", f"{path}:A:S"])
    capsys.readouterr()
    gain_main(["C", "--own", *kind, "--set", f"{path}:A", "--set", f"{other}:A"])
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.startswith("| all | 2 | ") and f"{base + 1.0:+.3f} [" in last, last


def test_the_replays_stand_in_for_the_bases_hands_in_the_whole_unit() -> None:
    rows = _sample()
    rows.append(_replay("s1", 3, 1, -6, -2))
    base = units(rows, "A")["s1"]
    every = with_replays(base, [rows[-1]])
    assert len(every) == 8 and [seat for _, seat in every] == [0, 0, 1, 1, 2, 2, 3, 3]
    assert every[7][0] is rows[-1] and every[6][0] is base[3]["hands"][0]
    table = tally(every, hand_kind)
    assert table["normal, we are Kontra"] == (2, 2 - 2)  # seat 0's +2, seat 3's replayed -2
    assert sum(points for _, points in table.values()) == 4 + 4


def test_every_level_of_a_summary_has_its_replays_of_the_same_kinds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = _sample()
    # C and D each replay A's only solo of s1 (seat 0's first hand) and play a normal game instead.
    rows += [_replay("s1", 0, 0, -6, 2), {**_replay("s1", 0, 0, -6, -2), "level": "D"}]
    path = tmp_path / "rows.jsonl"
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    main(
        [
            "summary",
            "--file",
            str(path),
            "--level",
            "A",
            "--level",
            "C",
            "--level",
            "D",
            "--replays-of",
            "A",
        ]
    )
    lines = capsys.readouterr().out.splitlines()
    # Each level replayed s1's solo (+8 and +4 over the unit's 8 hands; s2 has no solo).
    assert any(line.startswith("C ") and "+0.500" in line for line in lines), lines
    assert any(line.startswith("D ") and "+0.250" in line for line in lines), lines


def test_a_replay_changed_when_any_field_of_the_hand_differs() -> None:
    base = _hand("normal", -3, levels=(0, 1))
    same = {**base, "base_hand": base}
    assert not changed_hand(same)
    assert changed_hand({**same, "kontra_level": 0})
    assert changed_hand({**same, "engine_delta": -1})
    assert not changed_hand({**same, "base_hand": {"engine_delta": -3}})  # an older row's fields


def test_replay_options_are_checked_before_anything_is_played(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for argv in (
        ["run", "hard", "s", "--replay-of", "A", "--replay-solos-of", "A"],
        ["run", "hard", "s", "--replay-solos-of", "A", "--replay-kind", "kontra"],
        ["run", "hard", "s", "--replay-of", "A", "--replay-kind", "kontra hands"],
        ["summary", "--level", "A", "--replays-of", "A", "--replay-kind", "ours"],
    ):
        with pytest.raises(SystemExit):
            main(argv)
    assert "unknown kind of hand 'ours'" in capsys.readouterr().err


def _hand_with_one_announcement(seed: str) -> tuple[list[str], int, frozenset[int]]:
    """One normal hand of ``seed`` in which the first seat able to announce does so
    before its first card, and the other party's first seat to act after the first
    trick answers: (the actions, the opener's seat, the Re seats)."""
    state = new_match(seed=seed, humans=())
    opener: int | None = None
    answered = False
    while not state.results:
        state.settle_chance()
        seat = state.current_player()
        legal = [state.action_text(action) for action in state.legal_actions()]
        if "healthy" in legal:
            choice = "healthy"
        elif "announce" in legal and opener is None:
            choice, opener = "announce", seat
        elif (
            "announce" in legal
            and not answered
            and state.played  # after the first trick
            and state.party_of(seat) != state.party_of(opener)
        ):
            choice, answered = "announce", True
        else:
            choice = next(action for action in legal if action != "announce")
        state.apply_action(choice)
    assert opener is not None and answered and state.results[0].kind.value == "normal"
    return [state.action_text(action) for action in state.actions], opener, state.re_seats


def test_the_first_announcement_of_the_levels_party_is_told_by_who_made_it() -> None:
    actions, opener, re_seats = _hand_with_one_announcement("fd-openers")
    opener_party = opener in re_seats
    partner = next(
        seat for seat in range(4) if seat != opener and (seat in re_seats) == opener_party
    )
    seen = {}
    for seat in range(4):
        hand = _hand("normal", 1, re=seat in re_seats, levels=(1, 1))
        match = {**_match("A", "fd-openers", seat, [hand]), "actions": actions}
        (opened,) = first_announcers(match)
        seen[seat] = opened
        assert opener_breakdown([match]) == {opener_kind(hand, opened): (1, 1)}
    party = "Re" if opener_party else "Kontra"
    assert seen[opener] == ("we", 12)
    assert seen[partner] == ("partner", 12)
    assert opener_kind(_hand("normal", 0, re=opener_party), seen[opener]) == (
        f"we are {party}: we announced before our first card"
    )
    assert opener_kind(_hand("normal", 0, re=opener_party), seen[partner]) == (
        f"we are {party}: our partner announced first"
    )
    # The other party answered after the first trick: one of its seats, then its partner.
    answers = sorted(seen[seat] or ("", 0) for seat in set(range(4)) - {opener, partner})
    assert [who for who, _ in answers] == ["partner", "we"]
    assert answers[0][1] == answers[1][1] < 12
    assert opener_kind(_hand("normal", 0, re=not opener_party), answers[1]) == (
        f"we are {'Kontra' if opener_party else 'Re'}: we announced later"
    )
    assert opener_kind(_hand("normal", 0), None) == "we are Kontra: our party did not announce"
    assert opener_kind(_hand("solo", 0, declarer=1), ("we", 12)) is None


def test_a_hands_prefix_stops_where_the_hand_was_dealt() -> None:
    state = new_match(seed="fd-prefix", humans=())
    while len(state.results) < 2:
        state.settle_chance()
        seat = state.current_player()
        state.apply_action(players.choose_action("easy", state.view(seat), "x"))
    actions = [state.action_text(action) for action in state.actions]
    assert hand_prefix(actions, "fd-prefix", 0) == []
    prefix = hand_prefix(actions, "fd-prefix", 1)
    assert actions[: len(prefix)] == prefix and 0 < len(prefix) < len(actions)
    replayed = new_match(seed="fd-prefix")
    for action in prefix:
        replayed.settle_chance()
        replayed.apply_action(action)
    assert len(replayed.results) == 1
    replayed.settle_chance()
    assert replayed.hand_number == 2 and replayed.phase.value == "reserve"
    assert replayed.current_player() == replayed.forehand  # no reservation said yet


def _match_of(level: str, seed: str, hands: int) -> list[str]:
    """The actions of the first ``hands`` hands of a match LEVEL plays in every seat."""
    state = new_match(seed=seed, humans=())
    while len(state.results) < hands:
        state.settle_chance()
        seat = state.current_player()
        state.apply_action(players.choose_action(level, state.view(seat), seed_for(state, seat)))
    return [state.action_text(action) for action in state.actions]


def test_a_replay_follows_the_match_until_its_level_first_chooses_otherwise() -> None:
    actions = _match_of("medium", "fd-follow", 2)
    # The level that played the match follows it to the hand's end.
    prefix, followed = followed_prefix(actions, "fd-follow", 2, 1, "medium")
    assert followed and prefix == actions
    # Another level follows it up to its first other choice in its seat.
    start = len(hand_prefix(actions, "fd-follow", 1))
    prefix, followed = followed_prefix(actions, "fd-follow", 2, 1, "random")
    assert not followed and actions[: len(prefix)] == prefix and len(prefix) >= start
    state = new_match(seed="fd-follow")
    for action in prefix:
        state.settle_chance()
        state.apply_action(action)
    state.settle_chance()
    assert len(state.results) == 1 and state.current_player() == 2
    chosen = players.choose_action("random", state.view(2), seed_for(state, 2))
    assert chosen != actions[len(prefix)]


def test_freedoko_is_told_the_deal_so_far_as_the_bridge_records_it() -> None:
    bridge = SimpleNamespace(
        TO_FD_RES={"healthy": "normal", "poverty": "poverty"}, LEVEL_NAME={1: "re", 2: "no90"}
    )
    state = new_match(seed="fd-told")
    state.settle_chance()
    for _ in range(4):
        state.apply_action("healthy")
    leader = state.current_player()
    state.apply_action("announce")
    state.apply_action("announce")
    card = next(
        text for text in map(state.action_text, state.legal_actions()) if text != "announce"
    )
    state.apply_action(card)
    actions = [state.action_text(action) for action in state.actions]
    assert freedoko_history(bridge, "fd-told", actions) == (
        ["normal"] * 4,
        [["announce", leader, "re"], ["announce", leader, "no90"], ["card", leader, card]],
    )
    # The first hand played out: the next deal is news to FreeDoko.
    whole_hand = _match_of("easy", "fd-told", 1)
    assert freedoko_history(bridge, "fd-told", whole_hand) == ([], [])


def test_freedoko_is_told_nothing_of_a_poverty_nobody_took() -> None:
    bridge = SimpleNamespace(
        TO_FD_RES={"healthy": "normal", "poverty": "poverty"}, LEVEL_NAME={1: "re"}
    )
    state = new_match(seed="fd-told/72")
    state.settle_chance()
    for reservation in ("poverty", "healthy", "healthy", "healthy"):
        state.apply_action(reservation)
    state.apply_action(state.legal_actions()[0])  # the poor seat passes its trumps
    for _ in range(3):
        state.apply_action("decline")
    state.settle_chance()  # nobody took it: the same hand, dealt again
    assert state.hand_number == 1 and not state.results
    for _ in range(4):
        state.apply_action("healthy")
    leader = state.current_player()
    card = state.action_text(state.legal_actions()[-1])
    state.apply_action(card)
    actions = [state.action_text(action) for action in state.actions]
    assert actions[0] == "poverty" and actions.count("decline") == 3
    assert freedoko_history(bridge, "fd-told/72", actions) == (
        ["normal"] * 4,
        [["card", leader, card]],
    )


def test_a_position_freedoko_did_not_answer_in_time_is_asked_again_more_patiently(
    tmp_path: Path,
) -> None:
    timeouts: list[int] = []

    def ask(pos: dict[str, Any], timeout: int = 20) -> dict[str, Any]:
        timeouts.append(timeout)
        if len(timeouts) < 3:
            return {"announcements": [], "error": "timeout"}
        return {"announcements": [], "card": "HQ"}

    oracle = SimpleNamespace(ask=ask)
    counts = cache_answers(oracle, tmp_path)
    assert oracle.ask({"to_move": 3}) == {"announcements": [], "card": "HQ"}
    assert timeouts == [20, *PATIENT_TIMEOUTS] and counts == {"cached": 0, "asked": 1}
    assert oracle.ask({"to_move": 3})["card"] == "HQ"  # kept: FreeDoko is not asked again
    assert len(timeouts) == 3 and counts["cached"] == 1


def test_a_match_with_a_default_action_in_freedokos_seat_is_not_kept(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert answered({"fallbacks": 0, "mismatch": 0}, "s seat 0")
    assert not answered({"fallbacks": 2, "mismatch": 2}, "s seat 1")
    assert "s seat 1: not saved, FreeDoko did not answer" in capsys.readouterr().out


def _random_match_row(seed: str, seat: int, moves: random.Random) -> dict[str, Any]:
    """A whole match of ``seed`` played at random by the engine (no reservation:
    so no poverty is dealt again and the four matches deal the same hands), as the
    harness keeps it with LEVEL in ``seat``."""
    state = new_match(seed=seed)
    actions = []
    while not state.is_terminal():
        state.settle_chance()
        texts = [state.action_text(action) for action in state.legal_actions()]
        action = "healthy" if "healthy" in texts else moves.choice(texts)
        actions.append(action)
        state.apply_action(action)
    return {
        "row": "freedoko-match",
        "level": "A",
        "ai": "profi",
        "seed": seed,
        "engine_seat": seat,
        "engine_score": state.scores[seat],
        "hands": [hand_fields(result, seat) for result in state.results],
        "actions": actions,
    }


def test_the_same_seat_differences_add_up_to_four_thirds_of_the_levels_points() -> None:
    """Each hand is zero-sum, so the seat-by-seat differences of a unit sum to 4/3
    of LEVEL's points in its matches; each is read from the match's own seat."""
    unit = [_random_match_row("same-seat", seat, random.Random(seat)) for seat in range(4)]
    hands = [match_hands(row) for row in unit]
    kept, left_out = seat_differences(unit, hands)
    assert left_out == 0 and len(kept) == 4 * len(unit[0]["hands"])
    by_hand = [(row["hands"][n], row["engine_seat"]) for n in range(8) for row in unit]
    assert [points for _, points, _ in kept] == [hand["engine_delta"] for hand, _ in by_hand]
    total = sum(row["engine_score"] for row in unit)
    assert sum(p - theirs for _, p, theirs in kept) == pytest.approx(4 / 3 * total)
    assert [kind for kind, _, _ in kept] == [hand_kind(hand, seat) for hand, seat in by_hand]
    assert len({tuple(row["actions"]) for row in unit}) == 4  # four different matches


def test_the_same_seat_hands_keep_every_seats_reservation() -> None:
    """A hand read again from a match keeps each seat's reservation, and
    ``--by reservation`` sets LEVEL's beside the one FreeDoko chose in at least
    two of its three plays of the seat."""
    state = new_match(seed="same-seat-solo")
    moves = random.Random(3)
    actions = []
    while not state.results:
        state.settle_chance()
        texts = [state.action_text(action) for action in state.legal_actions()]
        solo = state.current_player() == 2 and "solo-clubs" in texts
        action = "solo-clubs" if solo else "healthy" if "healthy" in texts else moves.choice(texts)
        actions.append(action)
        state.apply_action(action)
    (played,) = match_hands({"seed": "same-seat-solo", "actions": actions})
    assert played.reservations == ("healthy", "healthy", "solo-clubs", "healthy")
    healthy = PlayedHand((), (0,) * 4, ("healthy",) * 4)
    aces = PlayedHand((), (0,) * 4, ("solo-aces",) * 4)
    assert reservations_class(2, played, [healthy, healthy, played]) == (
        "ours suit solo, FreeDoko healthy"
    )
    assert reservations_class(2, aces, [healthy, played, aces]) == (
        "ours aces solo, FreeDoko no majority"
    )
    assert "ours suit solo, FreeDoko healthy" in CLASSES["reservation"][1]


def _poor_match_row(seed: str, declare_poverty: bool) -> tuple[dict[str, Any], set[int]]:
    """A match of ``seed`` played at random, LEVEL in seat 0 declaring a poverty
    where the rules allow one if ``declare_poverty`` (every other seat healthy);
    and the hands in which the rules allowed seat 0 a poverty in their first deal."""
    state = new_match(seed=seed)
    moves = random.Random(seed)
    actions: list[str] = []
    allowed: dict[int, bool] = {}
    while not state.is_terminal():
        state.settle_chance()
        texts = [state.action_text(action) for action in state.legal_actions()]
        if "healthy" in texts and state.current_player() == 0:
            allowed.setdefault(len(state.results), "poverty" in texts)
        poverty = declare_poverty and state.current_player() == 0 and "poverty" in texts
        action = "poverty" if poverty else "healthy" if "healthy" in texts else moves.choice(texts)
        actions.append(action)
        state.apply_action(action)
    row = {"seed": seed, "engine_seat": 0, "actions": actions}
    row["hands"] = [hand_fields(result, 0) for result in state.results]
    return row, {number for number, poor in allowed.items() if poor}


def test_poor_hands_are_those_the_rules_let_the_seat_declare_a_poverty_in_and_it_did_not() -> None:
    poor_seen = 0
    for seed in ("poor-3", "poor-15", "poor-27"):  # dealt seat 0 a poor hand 0, 1 and 2 times
        healthy, allowed = _poor_match_row(seed, declare_poverty=False)
        assert poor_hands(healthy) == allowed
        assert selected_hands(healthy, (POOR_HANDS,)) == sorted(allowed)
        declared, _ = _poor_match_row(seed, declare_poverty=True)
        assert poor_hands(declared) == set()  # each poverty was declared
        poor_seen += len(allowed)
    assert poor_seen >= 3
    assert replay_kinds([POOR_HANDS, "our solo"]) == (POOR_HANDS, "our solo")
