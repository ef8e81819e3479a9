"""``python -m engine replay FILE|-``: replay a game record, print the outcome as JSON.

Exit status 0 on success; 2 with a message naming the first bad action (by
index) and why, if the record cannot be read or replayed.
"""

from __future__ import annotations

import argparse
import json
import sys

from engine.errors import RecordError
from engine.records import loads, replay


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description="Stichtag engine tools")
    commands = parser.add_subparsers(dest="command", required=True)
    replay_cmd = commands.add_parser("replay", help="replay a game record and print its outcome")
    replay_cmd.add_argument("file", help="the record's path, or - for standard input")
    args = parser.parse_args(argv)
    try:
        if args.file == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(args.file, "rb") as handle:
                data = handle.read()
    except OSError as error:
        print(f"error: cannot read {args.file}: {error.strerror}", file=sys.stderr)
        return 2
    try:
        # Decoded here, strictly, so a file and stdin are read alike on any
        # locale; "-sig" accepts a leading byte-order mark from Windows editors.
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        reason = f"not UTF-8 text ({error.reason} at byte {error.start})"
        print(f"error: bad record: {reason}", file=sys.stderr)
        return 2
    try:
        match = replay(loads(text))
    except RecordError as error:
        print(f"error: bad record: {error}", file=sys.stderr)
        return 2
    print(json.dumps(match.outcome(), ensure_ascii=False, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
