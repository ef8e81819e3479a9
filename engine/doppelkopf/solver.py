"""Exact endings: alpha-beta over the last tricks of one world, all cards open.

Once few tricks remain, a heuristic play-out is a poor judge of a card: the
solver instead finds the value of the hand when both parties play the rest
perfectly (the minimax value, Re maximizing and Kontra minimizing the hand's
value for Re). The leaf value is the engine's own score: the value of the
hand without extras comes from :func:`engine.doppelkopf.playout.hand_value`
(the engine's scoring, cached), and the extras of the solved tricks (fox,
Charlie, Doppelkopf) are counted as :func:`engine.doppelkopf.scoring.find_extras`
counts them (a test holds the two equal). Card points break ties between
equal scores, so the solver also plays for points when the game is decided.

The search runs on the card indices of :mod:`engine.doppelkopf.playout`.
A transposition table keyed by the cards left in each hand, the leader and
what the tricks so far brought (Re's points, who has a trick, the extras)
remembers the bounds found at the start of each trick, and is shared by all
the cards the seat may play in one world; the cards are tried most
promising first (the table's best card, then high cards when winning, low
ones when not), so the bounds tighten early.

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
from engine.doppelkopf.knowledge import Knowledge, World
from engine.doppelkopf.playout import (
    INDEX,
    POINT_WEIGHT,
    Dealt,
    Simulation,
    hand_value,
    seat_value,
)
from engine.doppelkopf.rules import CHARLIE, FOX, HEART_TEN, PLAYERS, TRICKS
from engine.doppelkopf.scoring import DOPPELKOPF_POINTS

__all__ = ["POINT_WEIGHT", "Ending"]

#: One game point in the solver's integer values (card points, at most 240, break ties).
_SCALE = 1000
_INFINITY = 1 << 40
_FOX, _CHARLIE, _TEN = INDEX[FOX], INDEX[CHARLIE], INDEX[HEART_TEN]


class Ending:
    """Solves the rest of the hand of ``known`` in any world (see the module doc).

    One instance serves every world and card of a decision; :attr:`nodes`
    counts the positions visited.
    """

    def __init__(self, known: Knowledge, simulation: Simulation | None = None) -> None:
        self.known = known
        self.simulation = simulation or Simulation(known)
        self.nodes = 0

    def seat_score(self, world: World, move: Card) -> float:
        """The seat's score for the solved hand when it plays ``move`` in
        ``world`` (card points of its party break ties)."""
        simulation = self.simulation
        dealt = simulation.world(world)
        return self.seat_scores(dealt, [INDEX[move]])[0]

    def seat_scores(self, world: Dealt, moves: Sequence[int]) -> list[float]:
        """The seat's solved score for each of ``moves`` (card indices) in ``world``."""
        values = self.re_values(world, moves)
        seat = self.known.seat
        re_seats = world.re_seats
        return [seat_value(seat, re_seats, value % _SCALE, value // _SCALE) for value in values]

    def re_values(self, world: Dealt, moves: Sequence[int]) -> list[int]:
        """Per move: ``_SCALE`` × the solved hand's value for Re + Re's card points."""
        known = self.known
        simulation = self.simulation
        t = simulation.tables
        suit = t.suit
        power = t.power
        points = t.points
        second = simulation.second_ten
        charlie_caught = simulation.charlie_caught
        levels = known.levels
        re_seats = world.re_seats
        solo = len(re_seats) == 1
        is_re = [seat in re_seats for seat in range(PLAYERS)]
        hands = [list(hand) for hand in world.hands]
        # The cards left in every hand as one integer (2 bits per card and seat).
        code = 0
        for seat, hand in enumerate(hands):
            for card in hand:
                code += 1 << (48 * seat + 2 * card)
        re_points = re_tricks = 0
        for winner, plays in simulation.played:
            if is_re[winner]:
                re_points += sum(points[card] for _, card in plays)
                re_tricks += 1
        extras = 0 if solo else simulation.extras(simulation.played, re_seats)
        table: dict[tuple[int, ...], tuple[int, int, int]] = {}
        nodes = 0

        def beats(card: int, best: int, second_now: bool) -> bool:
            if suit[card] != suit[best]:
                return suit[card] == 0
            if card == best:
                return second_now and card == _TEN and suit[card] == 0
            return power[card] > power[best]

        def trick_winner(plays: Sequence[tuple[int, int]], second_now: bool) -> int:
            """The seat that takes a complete trick of (seat, card) plays."""
            winner, top = plays[0]
            for other, played in plays[1:]:
                if beats(played, top, second_now):
                    winner, top = other, played
            return winner

        def trick_extras(plays: Sequence[tuple[int, int]], winner: int, last: bool) -> int:
            if solo:
                return 0
            winner_re = is_re[winner]
            count = 0
            total = 0
            for seat, card in plays:
                total += points[card]
                if card == _FOX and is_re[seat] != winner_re:
                    count += 1
            count += total >= DOPPELKOPF_POINTS
            if last:
                for seat, card in plays:
                    if (
                        seat == winner
                        and card == _CHARLIE
                        or charlie_caught
                        and card == _CHARLIE
                        and is_re[seat] != winner_re
                    ):
                        count += 1
            return count if winner_re else -count

        def leaf(re_points: int, re_tricks: int, extras: int) -> int:
            value, counted = hand_value(re_points, re_tricks, levels, solo)
            return _SCALE * (value + counted * extras) + re_points

        def trick_start(
            leader: int, done: int, code: int, re_points: int, re_tricks: int, extras: int,
            alpha: int, beta: int,
        ) -> int:  # fmt: skip
            nonlocal nodes
            nodes += 1
            if done == TRICKS - 1:
                # The last trick: every card is forced.
                plays = [((leader + k) % PLAYERS, 0) for k in range(PLAYERS)]
                plays = [(seat, hands[seat][0]) for seat, _ in plays]
                best_seat, best = plays[0]
                for seat, card in plays[1:]:
                    if beats(card, best, False):
                        best_seat, best = seat, card
                extras += trick_extras(plays, best_seat, True)
                if is_re[best_seat]:
                    re_points += sum(points[card] for _, card in plays)
                    re_tricks += 1
                return leaf(re_points, re_tricks, extras)
            key = (code, leader, re_points, re_tricks == 0, re_tricks == done, extras)
            entry = table.get(key)
            hint = -1
            if entry is not None:
                low, high, hint = entry
                if low >= beta:
                    return low
                if high <= alpha:
                    return high
                alpha = max(alpha, low)
                beta = min(beta, high)
            first_alpha, first_beta = alpha, beta
            value, card = in_trick(
                [], leader, done, code, re_points, re_tricks, extras, alpha, beta, hint
            )
            low, high = (-_INFINITY, _INFINITY) if entry is None else entry[:2]
            if value <= first_alpha:
                high = min(high, value)
            elif value >= first_beta:
                low = max(low, value)
            else:
                low = high = value
            table[key] = (low, high, card)
            return value

        def in_trick(
            trick: list[tuple[int, int]], leader: int, done: int, code: int,
            re_points: int, re_tricks: int, extras: int, alpha: int, beta: int, hint: int,
        ) -> tuple[int, int]:  # fmt: skip
            """The value of the trick in progress and the best card of the seat to play."""
            nonlocal nodes
            nodes += 1
            seat = (leader + len(trick)) % PLAYERS
            hand = hands[seat]
            second_now = second and done < TRICKS - 1
            if trick:
                led = suit[trick[0][1]]
                moves = list(dict.fromkeys(card for card in hand if suit[card] == led))
                if not moves:
                    moves = list(dict.fromkeys(hand))
                best_seat, best = trick[0]
                for other, card in trick[1:]:
                    if beats(card, best, second_now):
                        best_seat, best = other, card
                friend_wins = is_re[best_seat] == is_re[seat]
                # Winning cards first (cheapest first) when the other party leads
                # the trick; points first when the own party does.
                if friend_wins:
                    moves.sort(key=lambda card: -points[card])
                else:
                    moves.sort(key=lambda card: (not beats(card, best, second_now), power[card]))
            else:
                moves = list(dict.fromkeys(hand))
                moves.sort(key=lambda card: -power[card])
            if hint in moves:
                moves.remove(hint)
                moves.insert(0, hint)
            maximizing = is_re[seat]
            best_value = -_INFINITY if maximizing else _INFINITY
            best_card = moves[0]
            shift = 48 * seat + 2 * 0
            for card in moves:
                hand.remove(card)
                trick.append((seat, card))
                after = code - (1 << (shift + 2 * card))
                if len(trick) == PLAYERS:
                    last = done == TRICKS - 1
                    winner = trick_winner(trick, second_now)
                    gained = trick_extras(trick, winner, last)
                    if is_re[winner]:
                        total = re_points + sum(points[c] for _, c in trick)
                        won = re_tricks + 1
                    else:
                        total, won = re_points, re_tricks
                    if last:
                        value = leaf(total, won, extras + gained)
                    else:
                        value = trick_start(
                            winner, done + 1, after, total, won, extras + gained, alpha, beta
                        )
                else:
                    value, _ = in_trick(
                        trick, leader, done, after, re_points, re_tricks, extras, alpha, beta, -1
                    )
                trick.pop()
                hand.append(card)
                if maximizing:
                    if value > best_value:
                        best_value, best_card = value, card
                        alpha = max(alpha, value)
                elif value < best_value:
                    best_value, best_card = value, card
                    beta = min(beta, value)
                if alpha >= beta:
                    break
            return best_value, best_card

        seat = known.seat
        values = []
        for move in moves:
            hands[seat].remove(move)
            trick = [*simulation.trick, (seat, move)]
            after = code - (1 << (48 * seat + 2 * move))
            done = len(simulation.played)
            if len(trick) == PLAYERS:
                second_now = second and done < TRICKS - 1
                last = done == TRICKS - 1
                winner = trick_winner(trick, second_now)
                gained = trick_extras(trick, winner, last)
                total, won = re_points, re_tricks
                if is_re[winner]:
                    total += sum(points[c] for _, c in trick)
                    won += 1
                value = (
                    leaf(total, won, extras + gained)
                    if last
                    else trick_start(
                        winner, done + 1, after, total, won, extras + gained, -_INFINITY, _INFINITY
                    )
                )
            else:
                value, _ = in_trick(
                    trick, simulation.leader, done, after, re_points, re_tricks, extras,
                    -_INFINITY, _INFINITY, -1,
                )  # fmt: skip
            hands[seat].append(move)
            values.append(value)
        self.nodes += nodes
        return values
