"""FreeDoko's AI as a judge of a level's card play (prints numbers; asserts nothing).

The matches a level played against FreeDoko (``bench_doppelkopf_freedoko.py run``)
are replayed from their rows. At each of the level's card decisions with a
real choice (two or more different legal cards), FreeDoko is asked which card
it would play in the level's seat, in the same position: the same deal, the
same actions before. Its answer is a function of the position, and the
answers already known (``answers-*.jsonl`` in the oracle directory) cost
nothing.

FreeDoko is the stronger player (issue 45), not an oracle: where the two
disagree it need not be right. What the judge shows is where the level plays
*systematically* otherwise, e.g. which kind of card it leads early where
FreeDoko leads another; a replay (``run --replay-of``) then measures a change.

``judge`` appends one JSON line per decision to ``--save`` and skips the
matches the file already holds, so a stopped run goes on where it was; then it
prints the tables. ``report`` prints them from the file alone.

    nice -n 19 python benchmarks/bench_doppelkopf_judge.py judge hard \\
        --rows /work/fdval/hard.jsonl --seeds fd-val/0..9 --save /tmp/judged.jsonl
    python benchmarks/bench_doppelkopf_judge.py report --save /tmp/judged.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

REPOSITORY = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPOSITORY))

from benchmarks.bench_doppelkopf_freedoko import (
    Harness,
    Row,
    actions_with_states,
    add_freedoko_arguments,
    expand_seeds,
    load_rows,
)
from engine.doppelkopf.cards import Card, Rank, parse_cards
from engine.doppelkopf.leads import is_queen_or_heart_ten
from engine.doppelkopf.rules import CONTRACTS, Contract
from engine.doppelkopf.state import State

Decision = dict[str, Any]

#: Trick groups of the tables: the opening, the middle, the ending.
TRICK_GROUPS = ((0, 3, "tricks 1-4"), (4, 7, "tricks 5-8"), (8, 11, "tricks 9-12"))
#: The announcement levels by name, as FreeDoko's positions write them.
FD_LEVEL_NAMES = {1: "re", 2: "no90", 3: "no60", 4: "no30", 5: "schwarz"}
#: The engine's reservations as FreeDoko's positions write them.
FD_RESERVATIONS = {
    "healthy": "normal",
    "marriage": "marriage",
    "poverty": "poverty",
    **{f"solo-{suit}": f"solo:{suit}" for suit in ("diamonds", "hearts", "spades", "clubs")},
    "solo-queens": "solo:queens",
    "solo-jacks": "solo:jacks",
    "solo-aces": "solo:aces",
}


def card_kind(card: str, contract: Contract) -> str:
    """ "trump", "plain ace" or "plain card" under ``contract``.

    >>> card_kind("DA", Contract.NORMAL), card_kind("HA", Contract.NORMAL), card_kind("C9", Contract.NORMAL)
    ('trump', 'plain ace', 'plain card')
    """
    (parsed,) = parse_cards([card])
    if CONTRACTS[contract].is_trump(parsed):
        return "trump"
    return "plain ace" if parsed.rank is Rank.ACE else "plain card"


def _record(position: dict[str, Any], state: State, seat: int, action: str) -> None:
    """Add one of the match's actions, about to be played in ``state``, to
    FreeDoko's position (its own notation)."""
    if action in FD_RESERVATIONS:
        position["reservations"].append(FD_RESERVATIONS[action])
    elif action == "announce":
        level = state.levels[state.party_of(seat)] + 1
        position["actions"].append(["announce", seat, FD_LEVEL_NAMES[level]])
    elif action in ("accept", "decline"):
        position["actions"].append(
            ["poverty_accept" if action == "accept" else "poverty_deny", seat]
        )
    elif action.startswith(("pass:", "return:")):
        kind = "poverty_shift" if action.startswith("pass:") else "poverty_return"
        position["actions"].append([kind, seat, action.split(":")[1].split(",")])
    else:
        position["actions"].append(["card", seat, action])


def card_decisions(match: Row, ai: str = "profi") -> Iterator[tuple[Decision, dict[str, Any]]]:
    """The level's card decisions with a real choice in one match row: each with
    FreeDoko's position for the level's seat (what ``fd_oracle.ask`` reads)."""
    seat = match["engine_seat"]
    position: dict[str, Any] = {}
    dealt = None
    for state, action in actions_with_states(match["seed"], match["actions"]):
        if state.deal is not dealt and state.deal is not None:  # a hand was dealt
            dealt = state.deal
            position = {
                "hands": [[card.notation for card in hand] for hand in dealt.hands()],
                "leader": state.forehand,
                "reservations": [],
                "actions": [],
                "ai": ai,
            }
        actor = state.current_player()
        if actor == seat and state.phase.value == "play" and action != "announce":
            legal = sorted({state.action_text(a) for a in state.legal_actions()} - {"announce"})
            if len(legal) > 1:
                decision = {
                    "seed": match["seed"],
                    "seat": seat,
                    "hand": len(state.results),
                    "kind": state.kind.value,
                    "contract": state.contract.value,
                    "party": state.party_of(seat).value,
                    "trick": len(state.played),
                    "in_trick": len(state.trick),
                    "ours": action,
                    "legal": legal,
                }
                yield (
                    decision,
                    {
                        **position,
                        "reservations": list(position["reservations"]),
                        "actions": list(position["actions"]),
                        "to_move": seat,
                    },
                )
        _record(position, state, actor, action)


def judge(
    rows: Sequence[Row],
    level: str,
    seeds: Sequence[str] | None,
    harness: Harness,
    save: Path,
) -> None:
    """Ask FreeDoko at each decision of LEVEL's matches not judged yet."""
    done = {(d["seed"], d["seat"]) for d in load_rows(save)}
    wanted = set(seeds) if seeds is not None else None
    ask = harness.bridge.fd_oracle.ask
    for match in rows:
        if match.get("row") != "freedoko-match" or match["level"] != level:
            continue
        key = (match["seed"], match["engine_seat"])
        if key in done or (wanted is not None and match["seed"] not in wanted):
            continue
        judged = []
        for decision, position in card_decisions(match, harness.ai):
            answer = ask(position)
            judged.append(
                {**decision, "fd": answer.get("card"), "fd_decision": answer.get("decision")}
            )
        with save.open("a") as out:
            out.writelines(json.dumps(d) + "\n" for d in judged)
        done.add(key)
        agree = sum(d["fd"] == d["ours"] for d in judged)
        print(f"{key[0]} seat {key[1]}: {agree} of {len(judged)} cards as FreeDoko's", flush=True)


def trick_group(trick: int) -> str:
    return next(name for first, last, name in TRICK_GROUPS if first <= trick <= last)


def agreement(decisions: Iterable[Decision]) -> dict[tuple[str, str, str], tuple[int, int]]:
    """Per (party, lead or follow, trick group): (decisions, those FreeDoko
    would have made the same), over the games without a solo."""
    table: dict[tuple[str, str, str], tuple[int, int]] = {}
    for d in decisions:
        if d["contract"] != Contract.NORMAL.value or d["fd_decision"] != "card":
            continue
        key = (d["party"], "follow" if d["in_trick"] else "lead", trick_group(d["trick"]))
        count, same = table.get(key, (0, 0))
        table[key] = (count + 1, same + (d["fd"] == d["ours"]))
    return table


def lead_kinds(decisions: Iterable[Decision], group: str) -> dict[tuple[str, str], int]:
    """Leads in a trick group of the games without a solo: (the level's kind of
    card, FreeDoko's) -> how often."""
    table: dict[tuple[str, str], int] = {}
    for d in decisions:
        if (
            d["contract"] != Contract.NORMAL.value
            or d["fd_decision"] != "card"
            or d["in_trick"]
            or trick_group(d["trick"]) != group
        ):
            continue
        key = (card_kind(d["ours"], Contract.NORMAL), card_kind(d["fd"], Contract.NORMAL))
        table[key] = table.get(key, 0) + 1
    return table


def lead_shares(
    decisions: Iterable[Decision],
) -> dict[tuple[str, str], tuple[int, int, int, int, int]]:
    """Per (party, trick group), the leads of the games without a solo where a
    plain card and a trump were both legal: (leads, the level's trump leads,
    FreeDoko's, the level's queen or heart ten leads, FreeDoko's)."""

    def trump(card: str) -> bool:
        return card_kind(card, Contract.NORMAL) == "trump"

    def high(card: str) -> bool:
        return is_queen_or_heart_ten(Card.parse(card))

    table: dict[tuple[str, str], tuple[int, int, int, int, int]] = {}
    for d in decisions:
        if d["contract"] != Contract.NORMAL.value or d["fd_decision"] != "card" or d["in_trick"]:
            continue
        if all(map(trump, d["legal"])) or not any(map(trump, d["legal"])):
            continue
        key = (d["party"], trick_group(d["trick"]))
        counts = table.get(key, (0, 0, 0, 0, 0))
        table[key] = (
            counts[0] + 1,
            counts[1] + trump(d["ours"]),
            counts[2] + trump(d["fd"]),
            counts[3] + high(d["ours"]),
            counts[4] + high(d["fd"]),
        )
    return table


def solo_family(contract: Contract) -> str:
    """The rows of :func:`soloist_ace_leads`: a suit solo, the aces solo, or a
    queens or jacks solo."""
    if contract is Contract.ACES:
        return "aces solo"
    if contract in (Contract.QUEENS, Contract.JACKS):
        return "queens or jacks solo"
    return "suit solo"


def soloist_ace_leads(decisions: Iterable[Decision]) -> dict[tuple[str, str], tuple[int, int, int]]:
    """Per (kind of solo, trick group), the declarer's leads in its declared
    solo while it held a plain ace and another card: (leads, the level's plain
    ace leads, FreeDoko's)."""
    table: dict[tuple[str, str], tuple[int, int, int]] = {}
    for d in decisions:
        if d.get("kind") != "solo" or d["party"] != "re" or d["in_trick"]:
            continue
        if d["fd_decision"] != "card":
            continue
        contract = Contract(d["contract"])
        kinds = [card_kind(card, contract) for card in d["legal"]]
        if "plain ace" not in kinds or len(set(d["legal"])) < 2:
            continue
        key = (solo_family(contract), trick_group(d["trick"]))
        count, ours, theirs = table.get(key, (0, 0, 0))
        table[key] = (
            count + 1,
            ours + (card_kind(d["ours"], contract) == "plain ace"),
            theirs + (card_kind(d["fd"], contract) == "plain ace"),
        )
    return table


def print_report(decisions: Sequence[Decision]) -> None:
    judged = [d for d in decisions if d["fd_decision"] == "card"]
    print(
        f"{len(decisions)} decisions judged, {len(judged)} answered with a card; "
        f"the same card as FreeDoko's in {sum(d['fd'] == d['ours'] for d in judged)}"
    )
    print("\n| games without a solo | decisions | FreeDoko's card |")
    print("|---|---:|---:|")
    for (party, role, group), (count, same) in sorted(agreement(decisions).items()):
        print(f"| {party}, {role}, {group} | {count} | {same / count:.0%} |")
    for _, _, group in TRICK_GROUPS:
        table = lead_kinds(decisions, group)
        if not table:
            continue
        print(f"\n| leads, {group}: ours -> FreeDoko's | leads |")
        print("|---|---:|")
        for (ours, theirs), count in sorted(table.items(), key=lambda item: -item[1]):
            print(f"| {ours} -> {theirs} | {count} |")
    print(
        "\n| leads with a plain card and a trump legal | leads | trump: ours | FreeDoko's "
        "| queen or heart ten: ours | FreeDoko's |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    for (party, group), (count, *shares) in sorted(lead_shares(decisions).items()):
        cells = " | ".join(f"{share / count:.0%}" for share in shares)
        print(f"| {party}, {group} | {count} | {cells} |")
    print(
        "\n| the soloist's leads while it held a plain ace | leads "
        "| plain ace led: ours | FreeDoko's |"
    )
    print("|---|---:|---:|---:|")
    for (family, group), (count, ours, theirs) in sorted(soloist_ace_leads(decisions).items()):
        print(f"| {family}, {group} | {count} | {ours} | {theirs} |")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    commands = parser.add_subparsers(dest="command", required=True)
    ask = commands.add_parser("judge", help="ask FreeDoko at LEVEL's card decisions")
    ask.add_argument("level", help="the level whose matches are judged, e.g. hard")
    ask.add_argument("--rows", type=Path, required=True, help="the FreeDoko benchmark's rows")
    ask.add_argument("--seeds", nargs="+", help="only these seeds, e.g. fd-val/0..9")
    add_freedoko_arguments(ask)
    for subcommand in (ask, commands.add_parser("report", help="the tables of --save")):
        subcommand.add_argument("--save", type=Path, required=True, help="the judged decisions")
    args = parser.parse_args(argv)
    save = args.save.resolve()
    if args.command == "judge":
        rows = load_rows(args.rows.resolve())
        seeds = expand_seeds(args.seeds) if args.seeds else None
        judge(rows, args.level, seeds, Harness(args.oracle.resolve(), args.ai), save)
    print_report(load_rows(save))


if __name__ == "__main__":
    main()
