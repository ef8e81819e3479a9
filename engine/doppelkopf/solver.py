"""Exact endings: alpha-beta over the last tricks of one world, all cards open.

Once few tricks remain, a heuristic play-out is a poor judge of a card: the
solver instead finds the value of the hand when both parties play the rest
perfectly (the minimax value, Re maximizing and Kontra minimizing the hand's
value for Re). The leaf value is the engine's own score: the value of the
hand without extras comes from :func:`engine.doppelkopf.scoring.score_hand`
(cached per card-point total), and the extras of the solved tricks (fox,
Charlie, Doppelkopf) are counted as :func:`engine.doppelkopf.scoring.find_extras`
counts them (a test holds the two equal). Card points break ties between
equal scores, so the solver also plays for points when the game is decided.

>>> from engine.doppelkopf.state import new_match
>>> from engine.doppelkopf.knowledge import read_view
>>> state = new_match(seed="doc", humans=())
>>> while state.phase.value != "play" or len(state.played) < 10:
...     state.apply_action(state.legal_actions()[0])
>>> known = read_view(state.view(state.current_player()))
>>> world = [list(hand) for hand in state.hands]
>>> ending = Ending(known)
>>> -30 <= ending.seat_score(world, known.hand[0]) <= 30
True
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.doppelkopf.cards import Card
from engine.doppelkopf.heuristic import SUIT_NUMBER
from engine.doppelkopf.knowledge import Knowledge, World, world_re_seats
from engine.doppelkopf.rules import CHARLIE, FOX, PLAYERS, TRICKS, Party
from engine.doppelkopf.scoring import (
    DOPPELKOPF_POINTS,
    LONE_FACTOR,
    HandSummary,
    find_extras,
    score_hand,
)
from engine.doppelkopf.tricks import trick_points, winning_index

__all__ = ["Ending"]

#: One game point in the solver's integer values (card points, at most 240, break ties).
_SCALE = 1000
#: Worth of one card point of the seat's party next to one game point (as in the search).
POINT_WEIGHT = 0.002


class Ending:
    """Solves the rest of the hand of ``known`` in any world (see the module doc).

    One instance serves every world and card of a decision: the scores per
    card-point total are cached, and :attr:`nodes` counts the positions visited.
    """

    def __init__(self, known: Knowledge) -> None:
        self.known = known
        self.nodes = 0
        self._base: dict[tuple[frozenset[int], int, bool, bool], tuple[int, int]] = {}

    def _base_value(
        self, re_seats: frozenset[int], re_points: int, re_tricks: int
    ) -> tuple[int, int]:
        """The hand's value for Re without extras (the engine's scoring), and
        1 if extras count (0 when nobody wins: the hand then scores nothing)."""
        kontra_tricks = TRICKS - re_tricks
        key = (re_seats, re_points, re_tricks == 0, kontra_tricks == 0)
        value = self._base.get(key)
        if value is None:
            known = self.known
            summary = HandSummary(
                re_points=re_points,
                re_tricks=re_tricks,
                kontra_tricks=kontra_tricks,
                re_level=known.levels[0],
                kontra_level=known.levels[1],
                solo=len(re_seats) == 1,
            )
            score = score_hand(summary)
            value = (score.re_value, int(score.winner is not None))
            self._base[key] = value
        return value

    def re_value(self, world: World, move: Card) -> tuple[int, int, frozenset[int]]:
        """The solved hand's value for Re and Re's card points when the seat
        plays ``move`` now, and who is Re in ``world``."""
        known = self.known
        contract = known.contract
        numbers = SUIT_NUMBER[contract]
        second_ten = known.second_heart_ten
        re_seats = world_re_seats(known, world)
        is_re = [seat in re_seats for seat in range(PLAYERS)]
        solo = len(re_seats) == 1
        party_of = {s: Party.RE if is_re[s] else Party.KONTRA for s in range(PLAYERS)}
        re_points = sum(trick_points(t) for t in known.played if is_re[t.winner])
        re_tricks = sum(is_re[t.winner] for t in known.played)
        net = 0
        if not solo:
            for extra in find_extras(known.played, party_of, charlie_caught=known.charlie_caught):
                net += 1 if extra.party is Party.RE else -1
        hands = [list(hand) for hand in world]
        charlie_caught = known.charlie_caught
        base_value = self._base_value

        def trick_extras(plays: Sequence[tuple[int, Card]], winner: int, last: bool) -> int:
            """Extras of one trick for Re minus Kontra (as ``find_extras`` counts them)."""
            if solo:
                return 0
            winner_re = is_re[winner]
            sign = 1 if winner_re else -1
            count = int(sum(card.points for _, card in plays) >= DOPPELKOPF_POINTS)
            caught = [card for seat, card in plays if is_re[seat] != winner_re]
            count += sum(card is FOX for card in caught)
            if last:
                count += next(card for seat, card in plays if seat == winner) is CHARLIE
                if charlie_caught:
                    count += sum(card is CHARLIE for card in caught)
            return sign * count

        def node(
            trick: list[tuple[int, Card]],
            leader: int,
            done: int,
            points: int,
            tricks: int,
            extras: int,
            alpha: int,
            beta: int,
        ) -> int:
            self.nodes += 1
            if len(trick) == PLAYERS:
                last = done == TRICKS - 1
                index = winning_index(
                    [card for _, card in trick], contract, second_heart_ten=second_ten and not last
                )
                winner = trick[index][0]
                extras += trick_extras(trick, winner, last)
                if is_re[winner]:
                    points += sum(card.points for _, card in trick)
                    tricks += 1
                if last:
                    value, counted = base_value(re_seats, points, tricks)
                    return _SCALE * (value + counted * extras) + points
                return node([], winner, done + 1, points, tricks, extras, alpha, beta)
            seat = (leader + len(trick)) % PLAYERS
            hand = hands[seat]
            moves = list(dict.fromkeys(hand))
            if trick:
                led = numbers[trick[0][1]]
                following = [card for card in moves if numbers[card] == led]
                if following:
                    moves = following
            # High cards first: they decide tricks, so the bounds tighten early.
            moves.sort(key=lambda card: -card.points)
            maximizing = is_re[seat]
            best = -(1 << 40) if maximizing else 1 << 40
            for card in moves:
                hand.remove(card)
                trick.append((seat, card))
                value = node(trick, leader, done, points, tricks, extras, alpha, beta)
                trick.pop()
                hand.append(card)
                if maximizing:
                    best = max(best, value)
                    alpha = max(alpha, value)
                else:
                    best = min(best, value)
                    beta = min(beta, value)
                if alpha >= beta:
                    break
            return best

        seat = known.seat
        hands[seat].remove(move)
        trick = [*known.trick, (seat, move)]
        value = node(
            trick, known.leader, len(known.played), re_points, re_tricks, net, -(1 << 40), 1 << 40
        )
        return value // _SCALE, value % _SCALE, re_seats

    def seat_score(self, world: World, move: Card) -> float:
        """The seat's score for the solved hand (card points of its party break ties)."""
        value, re_points, re_seats = self.re_value(world, move)
        seat = self.known.seat
        if seat in re_seats:
            factor = LONE_FACTOR if len(re_seats) == 1 else 1
            return value * factor + POINT_WEIGHT * (re_points - 120)
        factor = LONE_FACTOR if len(re_seats) == PLAYERS - 1 else 1
        return -value * factor + POINT_WEIGHT * (120 - re_points)
