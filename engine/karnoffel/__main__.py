"""``python -m engine.karnoffel trick --rules classic --chosen B H9 B3 LK H2``

Prints the winning card, its index and the reason in words.
"""

from __future__ import annotations

import argparse
import sys

from engine.cli import trick_command
from engine.karnoffel import explain_trick


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.karnoffel", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    trick = commands.add_parser("trick", help="who wins a trick, and why")
    trick.add_argument("--rules", choices=("classic", "historic"), default="classic")
    trick.add_argument("--chosen", required=True, help="the chosen suit: A, L, H or B")
    trick.add_argument("cards", nargs="+", help="the cards of the trick, led card first")
    args = parser.parse_args(argv)
    return trick_command(lambda: explain_trick(args.cards, args.chosen, args.rules), args.cards)


if __name__ == "__main__":
    sys.exit(main())
