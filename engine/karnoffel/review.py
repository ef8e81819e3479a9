"""Karnöffel's review judge (:mod:`engine.review`): the exact open-card solver.

A finished deal's cards are all known, so each of the person's card plays is
judged with every hand open (:class:`engine.karnoffel.solver.Solver`): a play is
marked when, before it, some card still won the deal for the person's team and
the card played no longer did. The mark names the card that would have kept
the deal. Calls (bids, shows) are not judged: they never decide who takes three
tricks first.
"""

from __future__ import annotations

from engine.core import MatchState
from engine.karnoffel.cards import Card
from engine.karnoffel.knowledge import mask_of
from engine.karnoffel.rules import Rules
from engine.karnoffel.solver import Solver, keep_order
from engine.karnoffel.state import Phase, State
from engine.messages import Message

__all__ = ["open_cards_judge"]


def open_cards_judge(match: MatchState, seat: int, action: str) -> tuple[str, Message] | None:
    """(The card that would have kept the deal won, why) when playing ``action``
    lost a deal the team could still win with all cards open; else ``None``."""
    if not isinstance(match, State) or match.phase is not Phase.PLAY or match.chosen is None:
        return None
    legal = [card for card in match.legal_actions() if isinstance(card, Card)]
    played = next((card for card in legal if card.notation == action), None)
    if played is None or len(legal) < 2:
        return None
    solver = Solver(match.chosen, match.spec.trick_rule, match.players)
    hands = [mask_of(card.index for card in hand) for hand in match.hands]
    trick = tuple(card.index for _, card in match.trick)
    won = (match.tricks_won[0], match.tricks_won[1])
    team = Rules.team_of(seat)
    values = solver.move_values(
        team, hands, match.leader, trick, won, [card.index for card in legal]
    )
    if values[played.index]:
        return None
    keeping = [card for card in legal if values[card.index]]
    if not keeping:
        return None  # lost whatever was played: this card changed nothing
    # The cheapest card that keeps the deal (the one least worth keeping).
    order = keep_order(match.chosen)
    better = min(keeping, key=lambda card: order.index(card.index))
    return better.notation, Message.of("review_kf_lost_deal", card=better.notation, other=action)
