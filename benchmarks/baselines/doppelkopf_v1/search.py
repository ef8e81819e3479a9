"""The Doppelkopf search player: determinized sampling with heuristic play-outs.

From the seat's view (:mod:`engine.doppelkopf.knowledge`) the player samples
*worlds* that agree with everything the seat knows (hand sizes, shown
voids, the poverty exchange it saw, what the club queens and announcements
revealed). In each world every legal card is tried and the rest of the hand
is played out by :func:`engine.doppelkopf.heuristic.pick_card` at every
seat, all cards open; the hand is then scored by the engine's own scoring
(:func:`engine.doppelkopf.scoring.score_hand`). The card with the best
average score for the seat (card points of its party break near-ties) is
played; the same worlds serve every card, so the comparison is fair.

The budget counts **simulated card plays**, never wall-clock time, so the
same seed and view give the same card on every device. Reservations, the
poverty and announcements are left to the heuristic.

>>> from engine.doppelkopf.state import new_match
>>> state = new_match(seed="doc")
>>> while state.phase.value != "play":
...     state.apply_action("healthy")
>>> seat = state.current_player()
>>> state.is_legal(SearchPlayer(Budget(plays=300)).choose(state.view(seat), rng.Stream("doc")))
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from benchmarks.baselines.doppelkopf_v1.heuristic import (
    SUIT_NUMBER,
    decide_non_card,
    heuristic_card,
    legal_cards,
    pick_card,
    void_bits,
)
from benchmarks.baselines.doppelkopf_v1.knowledge import (
    Knowledge,
    World,
    read_view,
    rebuilt_trick,
    sample_world,
    world_re_seats,
)
from engine import rng
from engine.doppelkopf.cards import Card
from engine.doppelkopf.rules import PLAYERS, TRICKS, Party
from engine.doppelkopf.scoring import score_hand, seat_scores, summarize
from engine.doppelkopf.state import MARRIAGE_TRICKS
from engine.doppelkopf.tricks import PlayedTrick, winning_index

__all__ = ["Budget", "SearchPlayer", "play_out"]

#: Worth of one card point of the seat's party next to one game point (breaks ties only).
_POINT_WEIGHT = 0.002


@dataclass(frozen=True, slots=True)
class Budget:
    """How hard the search player thinks (counts only, never time)."""

    #: Simulated card plays per decision, over all worlds and cards.
    plays: int = 2400
    #: Fewest and most worlds per decision.
    min_worlds: int = 4
    max_worlds: int = 40


def play_out(known: Knowledge, world: World, move: Card) -> float:
    """The seat's score for the hand when it plays ``move`` in ``world`` and
    everybody then plays the heuristic with all cards open.

    >>> from engine.doppelkopf.state import new_match
    >>> state = new_match(seed="doc")
    >>> while state.phase.value != "play":
    ...     state.apply_action("healthy")
    >>> known = read_view(state.view(state.current_player()))
    >>> world = [list(hand) for hand in state.hands]
    >>> -12 <= play_out(known, world, known.hand[0]) <= 12
    True
    """
    contract = known.contract
    second_ten = known.second_heart_ten
    hands = [list(hand) for hand in world]
    remaining: dict[Card, int] = {}
    for hand in hands:
        for card in hand:
            remaining[card] = remaining.get(card, 0) + 1
    numbers = SUIT_NUMBER[contract]
    voids = [void_bits(suits) for suits in known.voids]
    re_seats = world_re_seats(known, world)
    pending = known.marriage_pending
    tricks: list[PlayedTrick] = list(known.played)
    leader = known.leader
    trick = list(known.trick)

    def friends_of(seat: int) -> tuple[int, ...]:
        if pending:
            return tuple(1 if other == seat else 0 for other in range(PLAYERS))
        mine = seat in re_seats
        return tuple(1 if (other in re_seats) == mine else -1 for other in range(PLAYERS))

    friends = [friends_of(seat) for seat in range(PLAYERS)]
    seat = known.seat
    card = move
    while True:
        hand = hands[seat]
        if trick:
            led = numbers[trick[0][1]]
            if numbers[card] != led:
                voids[seat] |= 1 << led
        hand.remove(card)
        remaining[card] -= 1
        trick.append((seat, card))
        if len(trick) == PLAYERS:
            last = len(tricks) == TRICKS - 1
            index = winning_index(
                [c for _, c in trick], contract, second_heart_ten=second_ten and not last
            )
            winner = trick[index][0]
            tricks.append(rebuilt_trick(leader, trick, winner))
            if pending:
                assert known.declarer is not None
                if winner != known.declarer:
                    re_seats = frozenset({known.declarer, winner})
                    pending = False
                elif len(tricks) == MARRIAGE_TRICKS:
                    pending = False
                if not pending:
                    friends = [friends_of(s) for s in range(PLAYERS)]
            if last:
                break
            leader, trick = winner, []
        seat = (leader + len(trick)) % PLAYERS
        hand = hands[seat]
        outside = dict(remaining)
        for held in hand:
            outside[held] -= 1
        card = pick_card(
            seat,
            hand,
            trick,
            contract,
            friends[seat],
            outside,
            voids,
            second_heart_ten=second_ten and len(tricks) < TRICKS - 1,
        )
    party_of = {s: Party.RE if s in re_seats else Party.KONTRA for s in range(PLAYERS)}
    levels = {Party.RE: known.levels[0], Party.KONTRA: known.levels[1]}
    summary = summarize(
        tricks, party_of, levels, solo=len(re_seats) == 1, charlie_caught=known.charlie_caught
    )
    score = seat_scores(score_hand(summary), re_seats)[known.seat]
    return score + _POINT_WEIGHT * (summary.points(party_of[known.seat]) - 120)


class SearchPlayer:
    """The strongest level (see the module doc)."""

    def __init__(self, budget: Budget | None = None) -> None:
        self.budget = budget or Budget()

    def choose(self, view: dict[str, Any], stream: rng.Stream) -> str:
        decided = decide_non_card(view)
        if decided is not None:
            return decided
        return self.choose_card(read_view(view), stream).notation

    def choose_card(self, known: Knowledge, stream: rng.Stream) -> Card:
        moves = legal_cards(known.hand, known.trick, known.contract)
        if len(moves) == 1:
            return moves[0]
        preferred = heuristic_card(known)
        budget = self.budget
        remaining = sum(known.counts)
        worlds = budget.plays // (remaining * len(moves))
        worlds = max(budget.min_worlds, min(budget.max_worlds, worlds))
        totals = dict.fromkeys(moves, 0.0)
        for _ in range(worlds):
            world = sample_world(known, stream)
            for move in moves:
                totals[move] += play_out(known, world, move)
        return max(moves, key=lambda move: (totals[move], move is preferred))
