"""``python -m engine.doppelkopf trick --game normal SA S10 DJ SA``

Prints the winning card, its index and the reason in words.
"""

from __future__ import annotations

import argparse
import sys

from engine.cli import trick_command
from engine.doppelkopf import Contract, explain_trick


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.doppelkopf", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    trick = commands.add_parser("trick", help="who wins a trick, and why")
    trick.add_argument("--game", choices=[c.value for c in Contract], default="normal")
    trick.add_argument("--second-heart-ten", action="store_true", help="variant 1")
    trick.add_argument("cards", nargs="+", help="the cards of the trick, led card first")
    args = parser.parse_args(argv)
    return trick_command(
        lambda: explain_trick(args.cards, args.game, second_heart_ten=args.second_heart_ten),
        args.cards,
    )


if __name__ == "__main__":
    sys.exit(main())
