"""Where one Doppelkopf level wins or loses points against another (prints; asserts nothing).

Plays deal pairs in the duplicate format of ``bench_doppelkopf_players.py``
(the same seeds, A in seats 0 and 2, then in 1 and 3) and logs every game
(reservations, poverty, announcements, tricks, scores) as JSON lines; then
splits each pair's difference (A − B per seat and hand) by what differed
between its two games:

- ``game``: a different game was played (a solo, a marriage or a poverty
  declared by one level and not by the other, or a poverty taken or not);
- ``announce``: the same game, different announcements;
- ``cards``: the same game and announcements, the cards differed; by the
  trick in which the two games first differ, and the kind of game.

Within ``announce`` and ``game``, the row says which level made the
decision that the other did not (the first difference in the action lists).

    python benchmarks/bench_doppelkopf_attribution.py play --pairings hard:search-v1 --pairs 200 \\
        --log /tmp/dk_games.jsonl
    python benchmarks/bench_doppelkopf_attribution.py report /tmp/dk_games.jsonl
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

REPOSITORY = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPOSITORY))

from benchmarks.bench_doppelkopf_players import _register_all, interval
from engine import players
from engine.doppelkopf.state import Phase, new_match


def play_game(seed: str, levels: Sequence[str]) -> dict[str, Any]:
    """The first hand of ``seed`` with seat s played by ``levels[s]``, as a log entry."""
    state = new_match(seed=seed, humans=())
    actions: list[dict[str, Any]] = []
    while not state.results:
        if state.phase is Phase.DEAL:
            state.settle_chance()
            actions.append({"deal": state.deals_dealt})
            continue
        seat = state.current_player()
        view = state.view(seat)
        action = players.choose_action(levels[seat], view, players.seed_for(state, seat))
        entry: dict[str, Any] = {
            "seat": seat,
            "phase": view["phase"],
            "action": action,
            "trick": len(view["played"]) + 1,
        }
        if view["phase"] == "play" and action != "announce":
            entry["choices"] = len({a for a in view["legal"] if a != "announce"})
        actions.append(entry)
        state.apply_action(action)
    result = state.results[0].to_json()
    return {
        "seed": seed,
        "levels": list(levels),
        "actions": actions,
        "kind": result["kind"],
        "contract": result["contract"],
        "declarer": result["declarer"],
        "re": result["re"],
        "announced": result["announced"],
        "points": result["points"],
        "value": result["value"],
        "winner": result["winner"],
        "scores": result["scores"],
        "breakdown": [item["message"]["key"] for item in result["breakdown"]],
    }


def play(level_a: str, level_b: str, first: int, pairs: int, log: Path) -> None:
    _register_all(level_a, level_b)
    for number in range(first, first + pairs):
        seed = f"bench/doppelkopf/{number}"
        games = []
        for a_seats in ((0, 2), (1, 3)):
            levels = [level_a if seat in a_seats else level_b for seat in range(4)]
            games.append(play_game(seed, levels))
        with log.open("a") as out:
            out.write(json.dumps({"pair": number, "a": level_a, "b": level_b, "games": games}))
            out.write("\n")


def difference(pair: dict[str, Any]) -> float:
    """A − B per seat and hand over the pair's two games."""
    total = 0
    for game in pair["games"]:
        for seat, score in enumerate(game["scores"]):
            total += score if game["levels"][seat] == pair["a"] else -score
    return total / 4


def _game_of(game: dict[str, Any]) -> tuple[Any, ...]:
    taker = next((a["seat"] for a in game["actions"] if a.get("action") == "accept"), None)
    return (game["kind"], game["contract"], game["declarer"], taker)


def _first_difference(
    one: dict[str, Any], other: dict[str, Any]
) -> tuple[dict[str, Any], dict[str, Any]] | None:
    for mine, theirs in zip(one["actions"], other["actions"], strict=False):
        if mine != theirs:
            return mine, theirs
    return None


def classify(pair: dict[str, Any]) -> tuple[str, str]:
    """(what differed, detail) for one pair (see the module doc)."""
    one, other = pair["games"]
    first = _first_difference(one, other)
    if first is None:
        return "same", "-"
    mine, theirs = first
    seat = mine.get("seat")
    maker = one["levels"][seat] if seat is not None else "?"
    level_of = "A" if maker == pair["a"] else "B"
    kind = one["kind"] if one["kind"] == other["kind"] else f"{one['kind']}/{other['kind']}"
    if _game_of(one) != _game_of(other):
        phase = mine.get("phase", "?")
        said = f"{mine.get('action')} vs {theirs.get('action')}"
        if phase == "reserve":
            said = (
                f"{mine['action'] if mine['action'] != 'healthy' else theirs['action']}"
                f" ({'A' if (mine['action'] != 'healthy') == (level_of == 'A') else 'B'} declares)"
            )
        return "game", f"{phase}: {said}"
    if one["announced"] != other["announced"] or [
        a for a in one["actions"] if a.get("action") == "announce"
    ] != [a for a in other["actions"] if a.get("action") == "announce"]:
        if mine.get("action") == "announce" or theirs.get("action") == "announce":
            announcer = level_of if mine.get("action") == "announce" else "AB".replace(level_of, "")
            return "announce", f"{kind}: {announcer} announces first (trick {mine['trick']})"
        return "announce", f"{kind}: after a card difference"
    return "cards", f"{kind}: trick {mine['trick']:>2} ({level_of} plays differently)"


def report(paths: Sequence[Path], save: Path | None = None, command: str = "") -> None:
    """Print the split of each pairing's difference; with ``save``, append one
    JSON row per pairing (pairs, mean, CI, each pair's difference and class)."""
    pairs = [json.loads(line) for path in paths for line in path.read_text().splitlines()]
    by_pairing: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for pair in pairs:
        by_pairing.setdefault((pair["a"], pair["b"]), []).append(pair)
    for (level_a, level_b), group in by_pairing.items():
        diffs = [difference(pair) for pair in group]
        mean, low, high = interval(diffs)
        print(
            f"\n{level_a} vs {level_b}: {len(group)} pairs, A − B {mean:+.3f} [{low:+.3f}, {high:+.3f}]"
        )
        totals: dict[str, list[float]] = {}
        details: dict[tuple[str, str], list[float]] = {}
        for pair, diff in zip(group, diffs, strict=True):
            what, detail = classify(pair)
            totals.setdefault(what, []).append(diff)
            details.setdefault((what, detail), []).append(diff)
        if save is not None:
            row = {
                "row": "attribution",
                "a": level_a,
                "b": level_b,
                "pairs": len(group),
                "numbers": [pair["pair"] for pair in group],
                "mean": round(mean, 4),
                "ci": [round(low, 4), round(high, 4)],
                "differences": diffs,
                "classes": [list(classify(pair)) for pair in group],
                "command": command,
            }
            with save.open("a") as out:
                out.write(json.dumps(row) + "\n")
        print(f"{'differed':<10} {'pairs':>6} {'sum':>9} {'per pair':>9} {'share of mean':>14}")
        for what, values in sorted(totals.items()):
            print(
                f"{what:<10} {len(values):>6} {sum(values):>9.2f} "
                f"{statistics.fmean(values):>9.3f} {sum(values) / len(group):>+14.3f}"
            )
        print(f"\n{'differed':<10} {'detail':<58} {'pairs':>6} {'sum':>8} {'mean':>7}")
        for (what, detail), values in sorted(details.items(), key=lambda kv: sum(kv[1])):
            print(
                f"{what:<10} {detail:<58} {len(values):>6} {sum(values):>8.2f} "
                f"{statistics.fmean(values):>7.2f}"
            )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    commands = parser.add_subparsers(dest="command", required=True)
    play_parser = commands.add_parser("play")
    play_parser.add_argument("--pairings", nargs="+", default=["hard:search-v1"])
    play_parser.add_argument("--pairs", type=int, default=100)
    play_parser.add_argument("--first", type=int, default=0)
    play_parser.add_argument("--log", type=Path, required=True)
    report_parser = commands.add_parser("report")
    report_parser.add_argument("logs", type=Path, nargs="+")
    report_parser.add_argument("--save", type=Path, help="append one JSON row per pairing here")
    args = parser.parse_args(argv)
    if args.command == "play":
        for pairing in args.pairings:
            level_a, level_b = pairing.split(":")
            play(level_a, level_b, args.first, args.pairs, args.log)
    else:
        command = "python benchmarks/bench_doppelkopf_attribution.py " + " ".join(
            sys.argv[1:] if argv is None else argv
        )
        report(args.logs, args.save, command)


if __name__ == "__main__":
    main()
