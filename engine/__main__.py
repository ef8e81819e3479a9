"""The engine's public commands.

- ``python -m engine replay FILE|-``: replay a game record, print the outcome as JSON.
- ``python -m engine hint FILE|-``: read a record of a game in progress and
  print, as JSON ``{"seat", "action", "reason": {"key", "params", "text"}}``,
  what the default computer player would do in the seat to act, and why
  (:mod:`engine.hints`).

Both read what the page saves too, opened exactly as its worker opens it
(:func:`engine.saves.record_of`): a save (no deals, the other seats' private
actions sealed, or a tutorial's), or the page's stored entry of one
(``{"format", "save", "daily"?, ...}``; a daily's deals then come from its
pinned file, ``--puzzles DIR`` as for ``verify``).

- ``python -m engine verify CODE|-``: check a friend's code (or a link with one;
  ``-`` reads it from standard input) by replaying it against its pinned daily
  (``puzzles/<game>/<date>.json`` of this checkout, or ``--puzzles DIR``; without
  a pinned file, the daily as the generator deals it, and no par) and print
  JSON ``{"game", "date", "number", "name", "result", "par"}``
  (:mod:`engine.friends`); exit status 2 with a message naming what is wrong.

Exit status 0 on success; 2 with a message naming the first bad action (by
index) and why, if the record cannot be read or replayed (both commands
alike), or, for ``hint``, if there is no decision to advise on (the match is
over, or no deal is left to deal).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from engine import daily, friends, records, saves
from engine.errors import RecordError
from engine.hints import NoHintError, hint
from engine.messages import Message
from engine.records import loads, replay


def _read(path: str) -> str | None:
    """The record's text from ``path`` (``-``: standard input); ``None`` after
    printing why it cannot be read."""
    try:
        if path == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as handle:
                data = handle.read()
    except OSError as error:
        print(f"error: cannot read {path}: {error.strerror}", file=sys.stderr)
        return None
    try:
        # Decoded here, strictly, so a file and stdin are read alike on any
        # locale; "-sig" accepts a leading byte-order mark from Windows editors.
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        reason = f"not UTF-8 text ({error.reason} at byte {error.start})"
        print(f"error: bad record: {reason}", file=sys.stderr)
        return None


#: The pinned dailies of this checkout (the engine package's sibling).
PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"


def _verify(code: str, puzzles: Path) -> int:
    if code == "-":
        text = _read("-")
        if text is None:
            return 2
        code = text
    try:
        header = friends.read_code(code)
        pinned = _pinned(puzzles, header)
        entry = friends.verify(header, pinned).to_json()
    except friends.CodeError as error:
        print(f"error: bad code: {error}", file=sys.stderr)
        return 2
    shown = {key: entry[key] for key in ("game", "date", "number", "name", "result", "par")}
    print(json.dumps(shown, ensure_ascii=False, indent=1))
    return 0


def _pinned(puzzles: Path, header: friends.CodeHeader) -> dict[str, Any]:
    """The code's pinned daily from ``puzzles``, else as the generator deals it."""
    path = puzzles / header.game / f"{header.day.isoformat()}.json"
    try:
        pinned = records.loads(path.read_text(encoding="utf-8"))
    except OSError:
        return daily.pinned_daily(header.game, header.day)
    except RecordError as error:
        raise friends.CodeError(Message.of("friends_code_no_daily", detail=str(error))) from None
    return pinned


def _record(document: dict[str, Any], puzzles: Path) -> dict[str, Any]:
    """The record ``document`` stands for: a game record as it is; a save, or the
    page's stored entry of one, as the page's worker opens it."""
    deals = None
    if isinstance(document.get("save"), dict):  # the page's stored entry: {"save", "daily"?}
        opened_daily = document.get("daily")
        document = document["save"]
        if isinstance(opened_daily, dict):
            deals = _daily_deals(puzzles, document, opened_daily)
    try:
        return saves.record_of(document, deals)
    except saves.SaveError as error:
        raise RecordError(str(error)) from None


def _daily_deals(
    puzzles: Path, save: dict[str, Any], opened_daily: dict[str, Any]
) -> list[Any] | None:
    """The pinned deals of the daily a stored save was played as (``None``: no
    pinned file here, so the seed deals them); the save must be that daily."""
    game, day = opened_daily.get("game"), daily.parse_day(opened_daily.get("date"))
    if not isinstance(game, str) or day is None or game not in daily.DAILY_GAMES:
        raise RecordError(f"'daily' names no daily: {opened_daily!r:.80}")
    try:
        pinned = records.loads((puzzles / game / f"{day.isoformat()}.json").read_text("utf-8"))
    except OSError:
        return None
    if any(save.get(name) != pinned.get(name) for name in ("game", "rules", "seed")):
        raise RecordError(f"the saved game is not the {game} daily of {day.isoformat()}")
    deals = pinned.get("deals")
    return deals if isinstance(deals, list) else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description="Stichtag engine tools")
    commands = parser.add_subparsers(dest="command", required=True)
    replay_cmd = commands.add_parser("replay", help="replay a game record and print its outcome")
    replay_cmd.add_argument("file", help="the record's path, or - for standard input")
    hint_cmd = commands.add_parser(
        "hint", help="advise the seat to act in a game in progress: the action and why"
    )
    hint_cmd.add_argument("file", help="the record's path, or - for standard input")
    for command in (replay_cmd, hint_cmd):
        command.add_argument(
            "--puzzles",
            type=Path,
            default=PUZZLES,
            help="the pinned dailies (default: %(default)s)",
        )
    verify_cmd = commands.add_parser(
        "verify", help="check a friend's code against its pinned daily and print its result"
    )
    verify_cmd.add_argument("code", help="the code (or a link with one), or - for standard input")
    verify_cmd.add_argument(
        "--puzzles", type=Path, default=PUZZLES, help="the pinned dailies (default: %(default)s)"
    )
    args = parser.parse_args(argv)
    if args.command == "verify":
        return _verify(args.code, args.puzzles)
    text = _read(args.file)
    if text is None:
        return 2
    try:
        match = replay(_record(loads(text), args.puzzles))
    except RecordError as error:
        print(f"error: bad record: {error}", file=sys.stderr)
        return 2
    if args.command == "replay":
        print(json.dumps(match.outcome(), ensure_ascii=False, indent=1))
        return 0
    try:
        advice = hint(match)
    except NoHintError as error:
        print(f"error: no hint: {error}", file=sys.stderr)
        return 2
    print(json.dumps(advice.to_json(), ensure_ascii=False, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
