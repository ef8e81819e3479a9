"""Which leads the Doppelkopf search may choose from.

Before the exact ending, the search's play-outs misjudge some leads that
FreeDoko's card play shows to be poor (``benchmarks/results/dk_players.md``).
Each :class:`~engine.doppelkopf.budget.Budget` switch here removes such leads
for one party in one kind of game; the search then judges only the rest.
The rules leave a seat at least one legal card.
"""

from __future__ import annotations

from engine.doppelkopf.budget import Budget
from engine.doppelkopf.cards import Card, Rank
from engine.doppelkopf.knowledge import Knowledge
from engine.doppelkopf.rules import CONTRACTS, HEART_TEN, Contract, Party
from engine.doppelkopf.state import GameKind

__all__ = ["is_queen_or_heart_ten", "restricted_leads"]


def is_queen_or_heart_ten(card: Card) -> bool:
    """The trumps above the jacks in a game without a solo, which the low
    leads keep back (``Budget.re_low_leads``, ``kontra_low_trump_leads`` and
    ``re_low_trump_leads``).

    >>> [is_queen_or_heart_ten(Card.parse(card)) for card in ("DQ", "H10", "DJ", "D10")]
    [True, True, False, False]
    """
    return card.rank is Rank.QUEEN or card == HEART_TEN


def restricted_leads(known: Knowledge, moves: list[Card], budget: Budget) -> list[Card]:
    """The leads the search may choose from: Kontra's plain cards in a game
    without a solo (``Budget.kontra_plain_leads``), or with only trumps, all
    but its queens and heart tens (``Budget.kontra_low_trump_leads``; Re's
    in a normal game or a marriage: ``Budget.re_low_trump_leads``), and
    against another seat's declared solo (``Budget.solo_defence_plain_leads``);
    Re's cards but its queens and heart tens in a game without a solo
    (``Budget.re_low_leads``), or while it holds a plain card, all its trumps
    but the lowest (``Budget.re_lowest_trump``); each where the seat holds
    one; the declarer's plain aces in a suit solo or an aces solo
    (``Budget.soloist_ace_leads``); else ``moves``."""
    if known.trick:
        return moves
    rules = CONTRACTS[known.contract]
    party = known.parties[known.seat]
    normal = known.contract is Contract.NORMAL
    kontra = party is Party.KONTRA
    if (
        budget.soloist_ace_leads
        and known.kind is GameKind.SOLO
        and known.declarer == known.seat
        and known.contract not in (Contract.QUEENS, Contract.JACKS)
    ):
        kept = [move for move in moves if move.rank is Rank.ACE and not rules.is_trump(move)]
    elif (
        normal
        and all(map(rules.is_trump, moves))
        and (
            budget.kontra_low_trump_leads
            if kontra
            else party is Party.RE
            and budget.re_low_trump_leads
            and known.kind in (GameKind.NORMAL, GameKind.MARRIAGE)
        )
    ):
        kept = [move for move in moves if not is_queen_or_heart_ten(move)]
    elif kontra and (
        budget.kontra_plain_leads
        if normal
        else budget.solo_defence_plain_leads and known.kind is GameKind.SOLO
    ):
        kept = [move for move in moves if not rules.is_trump(move)]
    elif normal and party is Party.RE and budget.re_lowest_trump:
        trumps = [move for move in moves if rules.is_trump(move)]
        if not trumps or len(trumps) == len(moves):
            return moves
        lowest = min(trumps, key=rules.power)
        kept = [move for move in moves if move == lowest or not rules.is_trump(move)]
    elif normal and party is Party.RE and budget.re_low_leads:
        kept = [move for move in moves if not is_queen_or_heart_ten(move)]
    else:
        return moves
    return kept or moves
