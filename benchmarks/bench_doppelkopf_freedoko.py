"""Doppelkopf players against FreeDoko's AI (prints numbers; asserts nothing).

FreeDoko (GPL, ``/work/shared/freedoko``) stays outside the project: this
script only calls its duplicate harness (``bridge.py``, ``fd_oracle.py``) from
the directory its build script made, ``--oracle`` or ``$FREEDOKO_ORACLE``
(default ``~/.cache/freedoko/oracle``). Stichtag's engine deals, checks every
action and scores; FreeDoko decides for its seats.

Duplicate format: for each seed, four 8-hand matches, the project's LEVEL in
seat k and FreeDoko in the other three (k = 0..3). The deals are the same in
the four rotations, so their sum is one unit: points per seat and hand are
the four rotations' scores of LEVEL over its hands, and the 95% interval is
over seeds. The per-kind table breaks the hands down from LEVEL's seat; the
announcement tables tell which parties announced, and who opened LEVEL's
party's announcements, with how many cards (read by replaying each row's actions).

``run`` appends one JSON line per match (the harness's fields, each hand's
announcement levels, the command and the git commit) and skips matches the
file already holds, so a stopped run goes on where it was, and two processes
can share a seed range's halves. FreeDoko's answers are a function of the
position; they are kept in ``answers-*.jsonl`` in the oracle directory, so
positions that another level's run reached already cost nothing.

A change to the reservations alone can be measured far more cheaply than by
whole matches: ``run LEVEL SEEDS --replay-solos-of BASE`` replays each hand in
which BASE (run on those seeds before) declared a solo, from the same state
(the match's actions before it), with LEVEL in BASE's seat. Each hand is its
own unit of value, so LEVEL's points in those hands minus BASE's, over all
BASE's hands, estimate what LEVEL would have gained, seed by seed; every
other hand is BASE's own (so it measures levels that declare fewer solos
than BASE, not more). Both players and FreeDoko are deterministic, so a
replay in which LEVEL makes BASE's choice repeats BASE's hand exactly.

Other kinds of hands are replayed the same way: ``--replay-of BASE
--replay-kind KIND`` (a row of the per-kind table, or ``kontra`` / ``re`` for
the three rows of that party), for changes to the card play or the
announcements of one party. A replay follows BASE's match for as long as
LEVEL would have chosen as BASE did, and is played only from its first other
choice; a hand LEVEL would have played as BASE did is BASE's hand, and FreeDoko
is not asked at all. Beyond that FreeDoko is asked only about positions it has
not answered before. So a level that changes few choices costs mainly the
project's own thinking, even where the oracle directory has no answers kept.

    nice -n 19 python benchmarks/bench_doppelkopf_freedoko.py run hard fd-tune/0..19
    nice -n 19 python benchmarks/bench_doppelkopf_freedoko.py run hard@solo_margin=1.0 \\
        fd-tune/0..19 --replay-solos-of hard
    python benchmarks/bench_doppelkopf_freedoko.py summary --level hard \\
        --level hard@solo_margin=1.0 --replays-of hard --seeds fd-tune/0..19
    nice -n 19 python benchmarks/bench_doppelkopf_freedoko.py run hard@hidden_parties=1 \\
        fd-tune/0..19 --replay-of hard --replay-kind kontra
    python benchmarks/bench_doppelkopf_freedoko.py summary --level hard \\
        --level hard@hidden_parties=1 --replays-of hard --replay-kind kontra
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

REPOSITORY = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPOSITORY))

from benchmarks.bench_doppelkopf_players import interval, register_variant
from engine import players
from engine.core import seed_for
from engine.doppelkopf.actions import Reservation
from engine.doppelkopf.cards import Card
from engine.doppelkopf.heuristic import HandShape
from engine.doppelkopf.rules import PLAYERS, POVERTY_MAX_TRUMPS, TRICKS, Contract, Phase
from engine.doppelkopf.state import State, new_match

DEFAULT_ORACLE = Path("~/.cache/freedoko/oracle").expanduser()
DEFAULT_SAVE = REPOSITORY / "benchmarks/results/dk_freedoko.jsonl"
ROTATIONS = 4

#: Rows of the per-kind table, in print order.
KINDS = (
    "our solo",
    "their solo",
    "our silent solo",
    "their silent solo",
    "normal, we are Re",
    "normal, we are Kontra",
    "marriage, we are Re",
    "marriage, we are Kontra",
    "poverty, we are Re",
    "poverty, we are Kontra",
)
#: Names for several rows of :data:`KINDS` at once (``--replay-kind``).
KIND_GROUPS = {
    "kontra": ("normal, we are Kontra", "marriage, we are Kontra", "poverty, we are Kontra"),
    "re": ("normal, we are Re", "marriage, we are Re", "poverty, we are Re"),
}
#: What ``--replay-solos-of`` replays.
SOLO_KINDS = ("our solo",)
#: A ``--replay-kind`` that is no row of :data:`KINDS`, since the rows cannot
#: show it: the hands in which BASE's seat was dealt at most three trumps (so
#: the rules let it declare a poverty) and declared none. A looser poverty rule
#: (``Budget.poverty_aces``) changes only these hands.
POOR_HANDS = "poor, no poverty"
ANNOUNCEMENTS = (
    "no announcement",
    "only our party announced",
    "only their party announced",
    "both parties announced",
)
#: Rows of the table of who opened our party's announcements, in print order.
OPENERS = tuple(
    f"we are {party}: {opener}"
    for party in ("Re", "Kontra")
    for opener in (
        "we announced before our first card",
        "we announced later",
        "our partner announced first",
        "our party did not announce",
    )
)

Row = dict[str, Any]
Hand = dict[str, Any]
#: What FreeDoko is told of a deal: its reservations and actions (as ``bridge.main`` keeps them).
FreedokoHistory = tuple[list[str], list[list[Any]]]
#: What a table needs to know of a hand besides its row (LEVEL's seat, who announced).
Context = TypeVar("Context")


def expand_seeds(specs: Iterable[str]) -> list[str]:
    """Seeds from specs such as ``fd-tune/0..19`` (both ends included) or plain seeds.

    >>> expand_seeds(["fd/1..3", "x"])
    ['fd/1', 'fd/2', 'fd/3', 'x']
    """
    seeds = []
    for spec in specs:
        prefix, sep, span = spec.rpartition("/")
        first, dots, last = span.partition("..")
        if dots and first.isdigit() and last.isdigit():
            seeds += [f"{prefix}{sep}{n}" for n in range(int(first), int(last) + 1)]
        else:
            seeds.append(spec)
    return seeds


def replay_kinds(names: Iterable[str]) -> tuple[str, ...]:
    """The rows of :data:`KINDS` that names of rows or of :data:`KIND_GROUPS` stand for.

    >>> replay_kinds(["kontra", "our solo"])[-1]
    'our solo'
    """
    kinds: list[str] = []
    for name in names:
        for kind in KIND_GROUPS.get(name, (name,)):
            if kind not in KINDS and kind != POOR_HANDS:
                raise ValueError(
                    f"unknown kind of hand {kind!r}: one of {', '.join(KINDS)}, "
                    f"or {', '.join(KIND_GROUPS)}, or {POOR_HANDS}"
                )
            if kind not in kinds:
                kinds.append(kind)
    return tuple(kinds)


# ------------------------------------------------------------------ summary
def hand_kind(hand: Hand, seat: int) -> str:
    """The row of the per-kind table a hand belongs to, seen from LEVEL's seat."""
    kind = hand["kind"]
    if kind in ("solo", "silent-solo"):
        whose = "our" if hand["declarer"] == seat else "their"
        return f"{whose} {'solo' if kind == 'solo' else 'silent solo'}"
    return f"{kind}, we are {'Re' if hand['engine_re'] else 'Kontra'}"


@dataclass(frozen=True)
class PlayedHand:
    """One hand of one match: its first deal, every seat's points, and every
    seat's reservation in that deal."""

    deal: tuple[tuple[str, ...], ...]
    points: tuple[int, ...]
    reservations: tuple[str | None, ...] = (None,) * PLAYERS


def match_hands(row: Row) -> list[PlayedHand]:
    """The hands of a match row, read again from its actions."""
    deals: dict[int, tuple[tuple[str, ...], ...]] = {}
    first_deal: dict[int, int] = {}  # hand number -> the count of deals dealt at its first
    reserved: dict[int, list[str | None]] = defaultdict(lambda: [None] * PLAYERS)
    state = None
    for state, action in actions_with_states(row["seed"], row["actions"]):
        number = len(state.results)
        if number not in deals and all(state.hands):
            deals[number] = tuple(tuple(sorted(map(str, hand))) for hand in state.hands)
            first_deal[number] = state.deals_dealt
        if state.phase is Phase.RESERVE and state.deals_dealt == first_deal.get(number):
            reserved[number][state.current_player()] = action
    assert state is not None, f"{row['seed']}: a match without actions"
    return [
        PlayedHand(deals[n], tuple(result.seat_scores), tuple(reserved[n]))
        for n, result in enumerate(state.results)
    ]


def poor_hands(match: Row) -> set[int]:
    """The numbers of a match's hands in which LEVEL's seat was dealt at most
    three trumps and declared no poverty (:data:`POOR_HANDS`), by each hand's
    first deal (:func:`match_hands`)."""
    seat = match["engine_seat"]
    found: set[int] = set()
    for number, hand in enumerate(match_hands(match)):
        dealt = [Card.parse(card) for card in hand.deal[seat]]
        poor = HandShape.of(dealt, Contract.NORMAL).trumps <= POVERTY_MAX_TRUMPS
        if poor and hand.reservations[seat] != Reservation.POVERTY.value:
            found.add(number)
    return found


def selected_hands(match: Row, kinds: Sequence[str]) -> list[int]:
    """The numbers of a match's hands that ``kinds`` select, from its seat."""
    poor = poor_hands(match) if POOR_HANDS in kinds else set()
    return [
        number
        for number, hand in enumerate(match["hands"])
        if hand_kind(hand, match["engine_seat"]) in kinds or number in poor
    ]


def announcement_kind(hand: Hand) -> str | None:
    """Which parties announced in a hand (``None``: a row without the levels)."""
    if "re_level" not in hand:
        return None
    ours, theirs = hand["re_level"], hand["kontra_level"]
    if not hand["engine_re"]:
        ours, theirs = theirs, ours
    if ours and theirs:
        return "both parties announced"
    if ours:
        return "only our party announced"
    return "only their party announced" if theirs else "no announcement"


def actions_with_states(seed: str, actions: Iterable[str]) -> Iterator[tuple[State, str]]:
    """A match's actions, each with the engine's state just before it (chance
    settled): how the rows, which keep only the actions, are read again."""
    state = new_match(seed=seed)
    for action in actions:
        state.settle_chance()
        yield state, action
        state.apply_action(action)


def first_announcers(match: Row) -> list[tuple[str, int] | None]:
    """Per hand of a match row: who made the first announcement of LEVEL's party
    ("we" or "partner") and how many cards they held then; ``None`` where the
    party made none. Read by replaying the row's actions with the engine (the
    rows keep the levels reached, not who announced)."""
    seat = match["engine_seat"]
    found: list[tuple[str, int] | None] = [None] * len(match["hands"])
    for state, action in actions_with_states(match["seed"], match["actions"]):
        if action == "announce":
            actor = state.current_player()
            number = len(state.results)
            ours = state.party_of(actor) is state.party_of(seat)
            if ours and found[number] is None:
                found[number] = ("we" if actor == seat else "partner", len(state.hands[actor]))
    return found


def opener_kind(hand: Hand, opened: tuple[str, int] | None) -> str | None:
    """The row of :data:`OPENERS` of a hand in which LEVEL had a partner
    (``None``: a solo, LEVEL's or another seat's)."""
    if hand["kind"] in ("solo", "silent-solo"):
        return None
    party = "Re" if hand["engine_re"] else "Kontra"
    if opened is None:
        opener = "our party did not announce"
    elif opened[0] == "partner":
        opener = "our partner announced first"
    elif opened[1] == TRICKS:
        opener = "we announced before our first card"
    else:
        opener = "we announced later"
    return f"we are {party}: {opener}"


def opener_breakdown(matches: Iterable[Row]) -> dict[str, tuple[int, int]]:
    """Per row of :data:`OPENERS`: (hands, LEVEL's points in them), over the
    matches whose rows keep their actions."""
    return tally(
        (
            (hand, opened)
            for match in matches
            if "actions" in match
            for hand, opened in zip(match["hands"], first_announcers(match), strict=True)
        ),
        opener_kind,
    )


def units(
    rows: Iterable[Row], level: str, seeds: Sequence[str] | None = None, ai: str = "profi"
) -> dict[str, list[Row]]:
    """LEVEL's complete duplicate units against FreeDoko's ``ai``: per seed, its
    matches in all four seats (a later row for the same seed and seat replaces
    an earlier one)."""
    by_seed: dict[str, dict[int, Row]] = defaultdict(dict)
    for row in rows:
        if row.get("row") == "freedoko-match" and row["level"] == level and row["ai"] == ai:
            by_seed[row["seed"]][row["engine_seat"]] = row
    wanted = set(seeds) if seeds is not None else None
    return {
        seed: [matches[k] for k in range(ROTATIONS)]
        for seed, matches in by_seed.items()
        if len(matches) == ROTATIONS and (wanted is None or seed in wanted)
    }


def unit_points(matches: Sequence[Row]) -> float:
    """Points per seat and hand of one unit: LEVEL's scores over its hands."""
    points: int = sum(m["engine_score"] for m in matches)
    return points / sum(len(m["hands"]) for m in matches)


def tally(
    hands: Iterable[tuple[Hand, Context]], classify: Callable[[Hand, Context], str | None]
) -> dict[str, tuple[int, int]]:
    """Per class of hand (each with what ``classify`` needs besides it, e.g. LEVEL's
    seat): (hands, LEVEL's points in them)."""
    table: dict[str, tuple[int, int]] = {}
    for hand, context in hands:
        name = classify(hand, context)
        if name is not None:
            count, points = table.get(name, (0, 0))
            table[name] = (count + 1, points + hand["engine_delta"])
    return table


def breakdown(
    matches: Iterable[Row], classify: Callable[[Hand, int], str | None]
) -> dict[str, tuple[int, int]]:
    """Per class of hand: (hands, LEVEL's points in them)."""
    return tally(((hand, m["engine_seat"]) for m in matches for hand in m["hands"]), classify)


def paired(a: dict[str, list[Row]], b: dict[str, list[Row]]) -> list[float]:
    """Per seed both levels completed: A's points per seat and hand minus B's."""
    return [unit_points(a[seed]) - unit_points(b[seed]) for seed in sorted(a.keys() & b.keys())]


def replays(
    rows: Sequence[Row],
    level: str,
    base: str,
    seeds: Sequence[str] | None = None,
    ai: str = "profi",
    kinds: Sequence[str] = SOLO_KINDS,
) -> dict[str, list[Row]]:
    """Per seed of BASE's complete units whose every hand of the ``kinds`` (from
    BASE's seat) was replayed by LEVEL: those replays (``run --replay-of BASE``)."""
    by_hand = {
        (r["seed"], r["engine_seat"], r["hand"]): r
        for r in rows
        if r.get("row") == "freedoko-hand"
        and r["level"] == level
        and r["base"] == base
        and r["ai"] == ai
    }
    found = {}
    for seed, matches in units(rows, base, seeds, ai).items():
        wanted = [
            (seed, m["engine_seat"], number) for m in matches for number in selected_hands(m, kinds)
        ]
        if all(key in by_hand for key in wanted):
            found[seed] = [by_hand[key] for key in wanted]
    return found


def replay_points(base_unit: Sequence[Row], replayed: Sequence[Row]) -> float:
    """A unit's points per seat and hand had LEVEL played its replayed hands
    instead of BASE, minus BASE's own."""
    gain: int = sum(r["engine_delta"] - r["base_hand"]["engine_delta"] for r in replayed)
    return gain / sum(len(m["hands"]) for m in base_unit)


def with_replays(base_unit: Sequence[Row], replayed: Sequence[Row]) -> list[tuple[Hand, int]]:
    """Every hand of BASE's unit with its seat, LEVEL's replays in place of BASE's hands."""
    by_hand = {(r["engine_seat"], r["hand"]): r for r in replayed}
    return [
        (by_hand.get((match["engine_seat"], number), hand), match["engine_seat"])
        for match in base_unit
        for number, hand in enumerate(match["hands"])
    ]


def changed_hand(replayed: Row) -> bool:
    """Whether a replay's hand went otherwise than BASE's (game, parties, levels or score)."""
    base = replayed["base_hand"]
    return any(replayed[field] != base[field] for field in HAND_FIELDS if field in base)


def print_replays(
    rows: list[Row],
    levels: Sequence[str],
    base: str,
    seeds: Sequence[str] | None,
    ai: str,
    kinds: Sequence[str] = SOLO_KINDS,
) -> None:
    base_units = units(rows, base, seeds, ai)
    print(
        f"\n{base}'s hands of {' + '.join(kinds)} replayed by another level, the rest of"
        f" {base}'s hands kept (minus {base}; 95% CI over seeds)"
    )
    print(
        f"{'level':<34} {'seeds':>5} {'hands':>6} {'changed':>7} {'pts/hand':>9} "
        f"{'95% CI':>18}  {base} in them -> level in them"
    )
    for level in levels:
        found = replays(rows, level, base, seeds, ai, kinds)
        if not any(found.values()):
            continue
        mean, low, high = interval(
            [replay_points(base_units[seed], replayed) for seed, replayed in found.items()]
        )
        hands = [r for replayed in found.values() for r in replayed]
        changed = sum(changed_hand(r) for r in hands)
        before = sum(r["base_hand"]["engine_delta"] for r in hands)
        after = sum(r["engine_delta"] for r in hands)
        print(
            f"{level:<34} {len(found):>5} {len(hands):>6} {changed:>7} {mean:>+9.3f} "
            f"{f'[{low:+.3f}, {high:+.3f}]':>18}  {before:+d} -> {after:+d}"
        )
        instead: dict[str, list[int]] = {}
        for r in hands:
            sums = instead.setdefault(hand_kind(r, r["engine_seat"]), [0, 0, 0])
            sums[0] += 1
            sums[1] += r["base_hand"]["engine_delta"]
            sums[2] += r["engine_delta"]
        print(f"  what {level} played instead | hands | {base}'s points | {level}'s points")
        for name, (count, base_points, points) in sorted(instead.items()):
            print(f"  {name} | {count} | {base_points:+d} | {points:+d}")
        every = [
            pair
            for seed, replayed in found.items()
            for pair in with_replays(base_units[seed], replayed)
        ]
        table = tally(every, hand_kind)
        print(f"  all {base}'s hands, {level}'s replays in place | hands | pts/hand | points")
        for name in KINDS:
            if name in table:
                count, points = table[name]
                print(f"  {name} | {count} | {points / count:+.2f} | {points:+d}")
        total = sum(hand["engine_delta"] for hand, _ in every)
        print(f"  all | {len(every)} | {total / len(every):+.2f} | {total:+d}")


def print_summary(
    rows: list[Row],
    levels: Sequence[str],
    seeds: Sequence[str] | None,
    paired_with: str | None,
    ai: str = "profi",
) -> None:
    all_units = {level: units(rows, level, seeds, ai) for level in levels}
    played = [level for level in levels if all_units[level]]
    print("points per seat and hand against FreeDoko (95% CI over seeds; a seed = 4 rotations)")
    print(
        f"{'level':<34} {'seeds':>5} {'hands':>6} {'pts/hand':>9} {'95% CI':>18} "
        f"{'fallbacks':>9} {'mismatch':>8}"
    )
    for level in played:  # levels with replays only are in the replays' table
        found = all_units[level]
        matches = [m for unit in found.values() for m in unit]
        mean, low, high = interval([unit_points(unit) for unit in found.values()])
        print(
            f"{level:<34} {len(found):>5} {sum(len(m['hands']) for m in matches):>6} "
            f"{mean:>+9.3f} {f'[{low:+.3f}, {high:+.3f}]':>18} "
            f"{sum(m['fallbacks'] for m in matches):>9} {sum(m['mismatch'] for m in matches):>8}"
        )
    if paired_with is not None:
        base = units(rows, paired_with, seeds, ai)
        print(f"\npaired with {paired_with} on the seeds both completed (A minus {paired_with})")
        for level in levels:
            if level == paired_with:
                continue
            differences = paired(all_units[level], base)
            if differences:
                mean, low, high = interval(differences)
                print(
                    f"{level:<34} {len(differences):>5} {mean:>+9.3f} "
                    f"{f'[{low:+.3f}, {high:+.3f}]':>18}"
                )
    for title, names, tabulate in (
        ("kind of hand", KINDS, lambda matches: breakdown(matches, hand_kind)),
        (
            "announcements",
            ANNOUNCEMENTS,
            lambda matches: breakdown(matches, lambda hand, seat: announcement_kind(hand)),
        ),
        ("our party's first announcement", OPENERS, opener_breakdown),
    ):
        tables = {
            level: tabulate([m for unit in all_units[level].values() for m in unit])
            for level in played
        }
        print(
            f"\n| {title}, from our seat | "
            + " | ".join(
                f"{level}: hands | {level}: pts/hand | {level}: points" for level in played
            )
            + " |"
        )
        print("|---|" + "---:|---:|---:|" * len(played))
        for name in (*names, "all"):
            cells = []
            for level in played:
                table = tables[level]
                count, points = (
                    (sum(c for c, _ in table.values()), sum(p for _, p in table.values()))
                    if name == "all"
                    else table.get(name, (0, 0))
                )
                cells.append(
                    f"{count} | {points / count:+.2f} | {points:+d}" if count else "0 | – | 0"
                )
            if name == "all" or any(tables[level].get(name) for level in played):
                print(f"| {name} | " + " | ".join(cells) + " |")


# ---------------------------------------------------------------------- run
def load_rows(path: Path) -> list[Row]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def git_commit() -> str:
    done = subprocess.run(
        ["git", "describe", "--always", "--dirty", "--abbrev=10"],
        cwd=REPOSITORY,
        capture_output=True,
        text=True,
        check=False,
    )
    return done.stdout.strip() or "unknown"


#: The longer time limits, in seconds, for a position FreeDoko did not answer
#: in its first 20 s. A quiet machine answers any position in a few seconds.
PATIENT_TIMEOUTS = (120, 900)


def cache_answers(fd_oracle: Any, oracle: Path) -> dict[str, int]:
    """Keep FreeDoko's answers by position (its answer is a function of the
    position): read every process's file, append to this process's own."""
    answers: dict[str, Any] = {}
    for path in oracle.glob("answers-*.jsonl"):
        for line in path.read_text().splitlines():
            try:
                key, answer = json.loads(line)
            except ValueError:  # a line cut short by a stopped run
                continue
            answers[key] = answer
    mine = (oracle / f"answers-{os.getpid()}.jsonl").open("a")
    ask = fd_oracle.ask
    counts = {"cached": 0, "asked": 0}

    def cached_ask(pos: dict[str, Any], *args: Any, **kwargs: Any) -> Any:
        key = json.dumps(pos, sort_keys=True)
        if key in answers:
            counts["cached"] += 1
            return answers[key]
        answer = ask(pos, *args, **kwargs)
        for timeout in PATIENT_TIMEOUTS:
            # A timeout means a starved process here (a niced run on a busy
            # machine), not a hard position: the answer is the same, only later.
            if answer.get("error") != "timeout":
                break
            answer = ask(pos, timeout=timeout)
        counts["asked"] += 1
        if "error" not in answer:
            answers[key] = answer
            mine.write(json.dumps([key, answer]) + "\n")
            mine.flush()
        return answer

    fd_oracle.ask = cached_ask
    return counts


class Harness:
    """FreeDoko's duplicate harness (``bridge.py``), loaded from the oracle directory."""

    def __init__(self, oracle: Path, ai: str) -> None:
        if not (oracle / "bridge.py").exists():
            raise SystemExit(
                f"no FreeDoko harness in {oracle} (build it: bash "
                "/work/shared/freedoko/build.sh ~/.cache/freedoko; or --oracle DIR)"
            )
        os.environ["STICHTAG_ROOT"] = str(REPOSITORY)
        sys.path.insert(0, str(oracle))
        import bridge  # type: ignore[import-not-found]
        import fd_oracle  # type: ignore[import-not-found]

        self.bridge, self.ai = bridge, ai
        self.counts = cache_answers(fd_oracle, oracle)
        #: What FreeDoko is told of the deal before the state ``play`` starts
        #: from (its reservations and actions): ``bridge.main`` tells it only
        #: what it played itself.
        self.told: FreedokoHistory = ([], [])
        cached_ask = fd_oracle.ask

        def told_ask(pos: dict[str, Any], *args: Any, **kwargs: Any) -> Any:
            reservations, moves = self.told
            if reservations or moves:
                pos = {
                    **pos,
                    "reservations": reservations + pos["reservations"],
                    "actions": moves + pos["actions"],
                }
            return cached_ask(pos, *args, **kwargs)

        fd_oracle.ask = told_ask
        self.commit = git_commit()
        os.chdir(oracle)  # the harness leaves its debugging files in the working directory

    def play(
        self,
        seed: str,
        seat: int,
        level: str,
        prefix: Sequence[str] = (),
        hands: int = 8,
        told: FreedokoHistory | None = None,
    ) -> tuple[Any, Row]:
        """LEVEL in ``seat``, FreeDoko in the others, from the match of ``seed``
        after the actions ``prefix`` until ``hands`` hands are scored: the final
        state and the harness's counts. ``told``: what FreeDoko is to be told of
        the deal ``prefix`` ends in (:func:`freedoko_history`)."""
        register_variant(level)
        new_match = self.bridge.new_match

        def after_prefix(seed: str) -> Any:
            state = new_match(seed=seed)
            for action in prefix:
                state.settle_chance()
                state.apply_action(action)
            state.settle_chance()
            return state

        started, asked = time.perf_counter(), self.counts["asked"]
        self.bridge.new_match = after_prefix
        self.told = told or ([], [])
        try:
            state, stats = self.bridge.main(
                seed,
                {s for s in range(ROTATIONS) if s != seat},
                level,
                hands_limit=hands,
                ai=self.ai,
            )
        finally:
            self.bridge.new_match = new_match
            self.told = ([], [])
        return state, {
            "fd_calls": stats["fd_calls"],
            "fd_asked": self.counts["asked"] - asked,
            "fd_s": round(stats["fd_time"], 1),
            "fallbacks": stats["fallbacks"],
            "mismatch": stats["mismatch"],
            "gametype_diff": stats.get("gametype_diff", 0),
            "wall_s": round(time.perf_counter() - started, 1),
        }


def freedoko_history(bridge: Any, seed: str, prefix: Sequence[str]) -> FreedokoHistory:
    """What ``bridge.main`` would have told FreeDoko of the deal ``prefix``
    ends in, had it played that deal's actions of ``prefix`` itself: the
    reservations and the actions, recorded as it records them (with its tables
    ``TO_FD_RES`` and ``LEVEL_NAME``). It tells FreeDoko of one deal at a time,
    so a hand redealt after a poverty nobody took starts afresh."""
    to_reservation, level_name = bridge.TO_FD_RES, bridge.LEVEL_NAME
    reservations: list[str] = []
    moves: list[list[Any]] = []
    state = new_match(seed=seed)
    deal = None
    for action in prefix:
        state.settle_chance()
        if state.deal is not deal:
            deal, reservations, moves = state.deal, [], []
        seat = state.current_player()
        state.apply_action(action)
        if action in to_reservation:
            reservations.append(to_reservation[action])
        elif action == "announce":
            moves.append(["announce", seat, level_name[state.levels[state.party_of(seat)]]])
        elif action in ("accept", "decline"):
            moves.append(["poverty_accept" if action == "accept" else "poverty_deny", seat])
        elif action.startswith(("pass:", "return:")):
            exchange = "poverty_shift" if action.startswith("pass:") else "poverty_return"
            moves.append([exchange, seat, action.split(":")[1].split(",")])
        else:
            moves.append(["card", seat, action])
    state.settle_chance()
    if state.deal is not deal:  # the prefix ends with its deal
        return [], []
    return reservations, moves


#: The fields of a hand in the rows (:func:`hand_fields`).
HAND_FIELDS = (
    "kind",
    "contract",
    "declarer",
    "engine_re",
    "engine_delta",
    "re_level",
    "kontra_level",
)


def hand_fields(result: Any, seat: int) -> Hand:
    """A scored hand as the rows keep it, from ``seat``'s side."""
    return {
        "kind": result.kind.value,
        "contract": result.contract.value,
        "declarer": result.declarer,
        "engine_re": seat in result.re_seats,
        "engine_delta": result.seat_scores[seat],
        "re_level": result.summary.re_level,
        "kontra_level": result.summary.kontra_level,
    }


def answered(row: Row, label: str) -> bool:
    """Whether FreeDoko answered every decision of a played row. Where it did
    not, the harness played a default action in its seat: such a row measures
    neither side, so it is not kept (a later run plays it again)."""
    if row["fallbacks"] or row["mismatch"]:
        print(
            f"{label}: not saved, FreeDoko did not answer "
            f"(fallbacks {row['fallbacks']}, mismatch {row['mismatch']})",
            flush=True,
        )
        return False
    return True


def save_row(save: Path, row: Row) -> None:
    with save.open("a") as out:
        out.write(json.dumps(row) + "\n")


def run(level: str, seeds: Sequence[str], harness: Harness, save: Path, command: str) -> None:
    """Whole matches: LEVEL in each seat in turn, FreeDoko in the others."""
    done = {
        (r["seed"], r["engine_seat"])
        for r in load_rows(save)
        if r.get("row") == "freedoko-match" and r["level"] == level and r["ai"] == harness.ai
    }
    for seed in seeds:
        for seat in range(ROTATIONS):
            if (seed, seat) in done:
                continue
            state, counts = harness.play(seed, seat, level)
            row = {
                "row": "freedoko-match",
                "level": level,
                "ai": harness.ai,
                "seed": seed,
                "engine_seat": seat,
                "engine_score": state.scores[seat],
                "scores": list(state.scores),
                **counts,
                "hands": [hand_fields(result, seat) for result in state.results],
                "actions": [state.action_text(action) for action in state.actions],
                "command": command,
                "git": harness.commit,
            }
            if not answered(row, f"{seed} seat {seat}"):
                continue
            save_row(save, row)
            print(
                f"{seed} seat {seat}: {row['engine_score']:+d} in {row['wall_s']} s "
                f"(FreeDoko asked {row['fd_asked']} of {row['fd_calls']}, "
                f"fallbacks {row['fallbacks']}, mismatch {row['mismatch']})",
                flush=True,
            )


def followed_prefix(
    actions: Sequence[str], seed: str, seat: int, hand: int, level: str
) -> tuple[list[str], bool]:
    """A match's actions before its hand number ``hand``, then that hand's for
    as long as LEVEL in ``seat`` would have chosen as the match did; and
    whether it would have so to the hand's end. Both players decide as a
    function of the state, so until LEVEL's first other choice a replay
    repeats the match, and FreeDoko need not be asked about it."""
    register_variant(level)
    prefix: list[str] = []
    for state, action in actions_with_states(seed, actions):
        if len(state.results) > hand:
            break
        if len(state.results) == hand and state.current_player() == seat:
            chosen = players.choose_action(level, state.view(seat), seed_for(state, seat))
            if chosen != action:
                return prefix, False
        prefix.append(action)
    return prefix, True


def hand_prefix(actions: Sequence[str], seed: str, hand: int) -> list[str]:
    """The actions of a match before its hand number ``hand`` (0-based) began."""
    prefix: list[str] = []
    for state, action in actions_with_states(seed, actions):
        if len(state.results) >= hand:
            break
        prefix.append(action)
    return prefix


def replay(
    level: str,
    base: str,
    seeds: Sequence[str],
    harness: Harness,
    save: Path,
    command: str,
    kinds: Sequence[str] = SOLO_KINDS,
) -> None:
    """The hands of the ``kinds`` (from BASE's seat; by default those in which BASE
    declared a solo), each replayed by LEVEL from the same state (the match's
    actions before it), FreeDoko in the other seats: what LEVEL's choices would
    have scored in exactly those hands. A hand already replayed by LEVEL from BASE
    (for any kinds) is not played again."""
    rows = load_rows(save)
    done = {
        (r["seed"], r["engine_seat"], r["hand"])
        for r in rows
        if r.get("row") == "freedoko-hand" and r["level"] == level and r["base"] == base
    }
    for seed, matches in units(rows, base, seeds, harness.ai).items():
        for match in matches:
            seat = match["engine_seat"]
            for number in selected_hands(match, kinds):
                hand = match["hands"][number]
                if (seed, seat, number) in done:
                    continue
                started = time.perf_counter()
                prefix, followed = followed_prefix(match["actions"], seed, seat, number, level)
                if followed:  # LEVEL would have played BASE's hand
                    fields = {field: hand[field] for field in HAND_FIELDS}
                    counts = {"fd_calls": 0, "fd_asked": 0, "fd_s": 0.0}
                    counts |= {"fallbacks": 0, "mismatch": 0, "gametype_diff": 0}
                    counts["wall_s"] = round(time.perf_counter() - started, 1)
                else:
                    told = freedoko_history(harness.bridge, seed, prefix)
                    state, counts = harness.play(seed, seat, level, prefix, number + 1, told)
                    fields = hand_fields(state.results[number], seat)
                followed_actions = len(prefix) - len(hand_prefix(match["actions"], seed, number))
                row = {
                    "row": "freedoko-hand",
                    "level": level,
                    "base": base,
                    "ai": harness.ai,
                    "seed": seed,
                    "engine_seat": seat,
                    "hand": number,
                    "base_hand": hand,
                    "replay_kinds": list(kinds),
                    **fields,
                    "followed_actions": followed_actions,
                    "followed_hand": followed,
                    **counts,
                    "command": command,
                    "git": harness.commit,
                }
                if not answered(row, f"{seed} seat {seat} hand {number}"):
                    continue
                save_row(save, row)
                print(
                    f"{seed} seat {seat} hand {number}: {hand['contract']} {hand['engine_delta']:+d}"
                    f" -> {row['kind']} {row['contract']} {row['engine_delta']:+d} "
                    f"in {row['wall_s']} s (FreeDoko asked {row['fd_asked']} of {row['fd_calls']})",
                    flush=True,
                )


def add_freedoko_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of a command that asks FreeDoko: where it is, and which AI."""
    parser.add_argument(
        "--oracle",
        type=Path,
        default=Path(os.environ.get("FREEDOKO_ORACLE", DEFAULT_ORACLE)).expanduser(),
        help="FreeDoko's oracle directory (default $FREEDOKO_ORACLE or %(default)s)",
    )
    parser.add_argument("--ai", default="profi", help="FreeDoko's AI preset (default profi)")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("run", help="play LEVEL against FreeDoko on the seeds")
    play.add_argument("level", help="a level, e.g. hard, medium, hard@solo_margin=1.0")
    play.add_argument("seeds", nargs="+", help="seeds, e.g. fd-tune/0..19")
    add_freedoko_arguments(play)
    play.add_argument("--save", type=Path, default=DEFAULT_SAVE)
    play.add_argument(
        "--replay-of",
        metavar="BASE",
        help="replay only BASE's hands (run before) of the --replay-kind kinds",
    )
    play.add_argument(
        "--replay-solos-of",
        metavar="BASE",
        help="replay only the hands in which BASE declared a solo (--replay-of BASE)",
    )
    report = commands.add_parser("summary", help="points per seat and hand, and the per-kind table")
    report.add_argument("--file", type=Path, default=DEFAULT_SAVE)
    report.add_argument("--level", action="append", required=True)
    report.add_argument("--seeds", nargs="+", help="only these seeds (default: all complete)")
    report.add_argument("--paired-with", help="also each level minus this one, seed by seed")
    report.add_argument("--ai", default="profi", help="FreeDoko's AI preset (default profi)")
    report.add_argument(
        "--replays-of", metavar="BASE", help="also the levels' replays of BASE's hands"
    )
    for subcommand in (play, report):
        subcommand.add_argument(
            "--replay-kind",
            action="append",
            metavar="KIND",
            help="with --replay-of/--replays-of: a kind of hand from BASE's seat, a row of "
            f"the per-kind table or {' or '.join(KIND_GROUPS)} (repeatable; default: our solo)",
        )
    args = parser.parse_args(argv)
    try:
        kinds = replay_kinds(args.replay_kind) if args.replay_kind else SOLO_KINDS
    except ValueError as error:
        parser.error(str(error))
    if args.command == "run":
        command = "python benchmarks/bench_doppelkopf_freedoko.py " + " ".join(
            sys.argv[1:] if argv is None else argv
        )
        base = args.replay_of or args.replay_solos_of
        if args.replay_of and args.replay_solos_of:
            parser.error("--replay-of and --replay-solos-of are one option: give one")
        if args.replay_solos_of and args.replay_kind:
            parser.error("--replay-solos-of replays solos only: use --replay-of with --replay-kind")
        save, seeds = args.save.resolve(), expand_seeds(args.seeds)
        harness = Harness(args.oracle.resolve(), args.ai)
        if base:
            replay(args.level, base, seeds, harness, save, command, kinds)
        else:
            run(args.level, seeds, harness, save, command)
    else:
        chosen = expand_seeds(args.seeds) if args.seeds else None
        rows = load_rows(args.file)
        print_summary(rows, args.level, chosen, args.paired_with, args.ai)
        if args.replays_of:
            print_replays(rows, args.level, args.replays_of, chosen, args.ai, kinds)


if __name__ == "__main__":
    main()
