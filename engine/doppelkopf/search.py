"""The Doppelkopf search players: sampled worlds, play-outs and exact endings.

From the seat's view (:mod:`engine.doppelkopf.knowledge`) the player draws
*worlds* uniformly among the deals that agree with everything the seat knows
(:class:`~engine.doppelkopf.knowledge.WorldSampler`: hand sizes, shown voids,
the poverty exchange it saw, what the club queens and announcements
revealed). With ``Budget.candidates`` the worlds are also weighed by how
well they explain the other seats' cards
(:class:`~engine.doppelkopf.inference.InferredSampler`); no level does, as it
lost in whole hands (``benchmarks/results/dk_players.md``, seventh round).
Every decision is then judged in the same worlds, so the comparison between
the choices is fair:

- **Cards** (perfect-information Monte Carlo): the legal cards are tried in
  the same worlds. With many tricks left the rest of the hand is played out
  by :func:`engine.doppelkopf.heuristic.pick_card` at every seat (with
  ``Budget.open_playouts``, judging with the world's hands open:
  :class:`~engine.doppelkopf.playout.Simulation`); the cards are raced
  (:class:`Race`): one that clearly trails the leader stops being played out,
  so the play-outs go to the cards still in question. Once
  ``Budget.endgame_tricks`` tricks or fewer remain, the ending is solved
  exactly (:class:`engine.doppelkopf.solver.Ending`). The hand is scored by
  the engine's own scoring; the card with the best average score for the
  seat is played (card points of its party break near-ties). With
  ``Budget.trees`` each card's play-outs grow an information-set tree of the
  play after it (:class:`CardTree`), so that the other seats' next cards are
  chosen once for all worlds rather than with the world's cards open.
- **Announcements**: the same play-outs scored twice, with and without the
  next announcement of the seat's party; it announces when the average gain
  beats ``Budget.announce_margin`` (the announcement also tells the
  opponents who is who, and invites their reply). Hard's margin is negative:
  the play-outs do not value what an announcement tells the partner, and
  whole hands against two opponents say it pays
  (``benchmarks/results/dk_players.md``, sixth round).
- **Reservations**: the whole hand is played out for "healthy" and for each
  plausible solo (a marriage: also for the marriage and the silent solo),
  the other seats' cards dealt at random; the best solo is chosen when its
  average beats the best game without one by ``Budget.solo_margin`` (the
  suit solos' may differ: ``Budget.suit_margin``). That
  margin is negative at both levels: the play-outs, all cards open,
  underrate solos against real play (``benchmarks/results/dk_players.md``).
  Which solos count as plausible is a loose first cut by trumps (or aces);
  Hard loosens it by one card (``Budget.solo_slack``: an aces solo with four
  aces, a jacks or queens solo with three trumps), and the play-outs decide.

Poverty decisions and the fox and Karlchen smearing come from the heuristic
(the play-outs and the endings judge the smearing card by card).

The budget counts **simulated card plays and worlds**, never wall-clock
time, so the same seed and view give the same action on every device.

>>> from engine.doppelkopf.state import new_match
>>> state = new_match(seed="doc")
>>> while state.phase.value != "play":
...     state.apply_action("healthy")
>>> seat = state.current_player()
>>> state.is_legal(SearchPlayer(Budget(plays=300)).choose(state.view(seat), rng.Stream("doc")))
True
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine import rng
from engine.doppelkopf.actions import SOLO_CONTRACTS, Reservation
from engine.doppelkopf.budget import Budget
from engine.doppelkopf.card_tree import CardTree
from engine.doppelkopf.cards import PACK, Card, Rank, Suit, sort_key
from engine.doppelkopf.heuristic import (
    SUIT_NUMBER,
    HandShape,
    decide_non_card,
    heuristic_card,
    legal_cards,
    pick_card,
    void_bits,
    wants_announcement,
)
from engine.doppelkopf.inference import InferredSampler
from engine.doppelkopf.knowledge import (
    Knowledge,
    World,
    WorldSampler,
    read_view,
    rebuilt_trick,
    world_re_seats,
)
from engine.doppelkopf.leads import restricted_leads
from engine.doppelkopf.playout import INDEX, Simulation
from engine.doppelkopf.rules import (
    CLUB_QUEEN,
    CONTRACTS,
    PLAYERS,
    TRICKS,
    Contract,
    Party,
    Variant,
)
from engine.doppelkopf.scoring import score_hand, seat_scores, summarize
from engine.doppelkopf.solver import POINT_WEIGHT, Ending
from engine.doppelkopf.state import MARRIAGE_TRICKS, GameKind
from engine.doppelkopf.tricks import PlayedTrick, winning_index

__all__ = [
    "Budget",
    "Finish",
    "Race",
    "SearchPlayer",
    "finish",
    "play_out",
    "seat_score",
]


@dataclass(frozen=True, slots=True)
class Finish:
    """A hand played to its end in one world: all tricks, and who was Re."""

    tricks: tuple[PlayedTrick[Card], ...]
    re_seats: frozenset[int]


def finish(known: Knowledge, world: World, move: Card | None) -> Finish:
    """The hand of ``known`` played to its end in ``world``: the seat to act
    plays ``move`` (``None``: the heuristic's card), then everybody plays the
    heuristic with all cards open.

    >>> from engine.doppelkopf.state import new_match
    >>> from engine.doppelkopf.knowledge import read_view
    >>> state = new_match(seed="doc")
    >>> while state.phase.value != "play":
    ...     state.apply_action("healthy")
    >>> known = read_view(state.view(state.current_player()))
    >>> len(finish(known, [list(hand) for hand in state.hands], None).tricks)
    12
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
    tricks: list[PlayedTrick[Card]] = list(known.played)
    leader = known.leader
    trick = list(known.trick)

    def friends_of(seat: int) -> tuple[int, ...]:
        if pending:
            return tuple(1 if other == seat else 0 for other in range(PLAYERS))
        mine = seat in re_seats
        return tuple(1 if (other in re_seats) == mine else -1 for other in range(PLAYERS))

    friends = [friends_of(seat) for seat in range(PLAYERS)]

    def heuristic(seat: int) -> Card:
        hand = hands[seat]
        outside = dict(remaining)
        for held in hand:
            outside[held] -= 1
        return pick_card(
            seat,
            hand,
            trick,
            contract,
            friends[seat],
            outside,
            voids,
            second_heart_ten=second_ten and len(tricks) < TRICKS - 1,
        )

    seat = (leader + len(trick)) % PLAYERS
    card = heuristic(seat) if move is None else move
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
        card = heuristic(seat)
    return Finish(tuple(tricks), re_seats)


def seat_score(known: Knowledge, done: Finish, levels: tuple[int, int] | None = None) -> float:
    """The seat's score for a finished hand (announcement levels of Re and
    Kontra: ``levels``, else the known ones), its party's card points breaking ties."""
    re_seats = done.re_seats
    party_of = {s: Party.RE if s in re_seats else Party.KONTRA for s in range(PLAYERS)}
    re_level, kontra_level = levels or known.levels
    summary = summarize(
        done.tricks,
        party_of,
        {Party.RE: re_level, Party.KONTRA: kontra_level},
        solo=len(re_seats) == 1,
        charlie_caught=known.charlie_caught,
    )
    score = seat_scores(score_hand(summary), re_seats)[known.seat]
    return score + POINT_WEIGHT * (summary.points(party_of[known.seat]) - 120)


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
    return seat_score(known, finish(known, world, move))


# ------------------------------------------------------------ reservations
def _solo_plausible(hand: tuple[Card, ...], contract: Contract, slack: int = 0) -> bool:
    """The loose first cut before a solo is played out: the trumps (or aces)
    the hand needs, ``slack`` cards fewer than by default.

    >>> four_aces = tuple(Card.parse(card) for card in
    ...     "CQ SQ SQ SJ DA DA D10 CK S10 HA HA H9".split())
    >>> _solo_plausible(four_aces, Contract.ACES), _solo_plausible(four_aces, Contract.ACES, 1)
    (False, True)
    """
    shape = HandShape.of(hand, contract)
    if contract is Contract.ACES:
        return shape.aces >= 5 - slack
    if len(CONTRACTS[contract].trumps) <= 8:  # queens or jacks
        return shape.trumps >= 4 - slack and shape.trumps + shape.aces >= 7 - slack
    return shape.trumps >= 8 - slack and shape.top >= 2


def _hand_knowledge(
    view: dict[str, Any], hand: tuple[Card, ...], reservation: Reservation
) -> Knowledge:
    """What the seat would know at the first lead of the game ``reservation``
    (healthy: a normal game, or a silent solo with both club queens)."""
    seat: int = view["seat"]
    variants = set(view["rules"].get("variants", []))
    forehand: int = view["forehand"]
    unseen = tuple(sorted((Counter(PACK) - Counter(hand)).elements(), key=sort_key))
    declarer: int | None = seat
    leader = forehand
    marriage_pending = False
    if reservation is Reservation.HEALTHY:
        contract = Contract.NORMAL
        if hand.count(CLUB_QUEEN) == 2:
            kind = GameKind.SILENT_SOLO
            parties: tuple[Party | None, ...] = tuple(
                Party.RE if s == seat else Party.KONTRA for s in range(PLAYERS)
            )
        else:
            kind, declarer = GameKind.NORMAL, None
            mine = Party.RE if CLUB_QUEEN in hand else Party.KONTRA
            parties = tuple(mine if s == seat else None for s in range(PLAYERS))
    elif reservation is Reservation.MARRIAGE:
        kind, contract, marriage_pending = GameKind.MARRIAGE, Contract.NORMAL, True
        parties = tuple(Party.RE if s == seat else None for s in range(PLAYERS))
    else:
        kind, contract = GameKind.SOLO, SOLO_CONTRACTS[reservation]
        parties = tuple(Party.RE if s == seat else Party.KONTRA for s in range(PLAYERS))
        if Variant.SOLOIST_LEADS.value in variants:
            leader = seat
    return Knowledge(
        seat=seat,
        phase="play",
        kind=kind,
        contract=contract,
        declarer=declarer,
        second_heart_ten=Variant.SECOND_HEART_TEN.value in variants,
        charlie_caught=Variant.CHARLIE_WINNING_ONLY.value not in variants,
        hand=hand,
        counts=(len(hand),) * PLAYERS,
        known_cards=((),) * PLAYERS,
        unseen=unseen,
        leader=leader,
        trick=(),
        played=(),
        parties=parties,
        levels=(0, 0),
        voids=(frozenset[Suit | None](),) * PLAYERS,
        queens_played=(0,) * PLAYERS,
        trump_limit=(None,) * PLAYERS,
        marriage_pending=marriage_pending,
    )


class Race:
    """Cards raced over the worlds of one decision (successive rejection).

    Every card still in the race is played out in each new world; once
    ``after`` worlds are in, a card whose mean difference to the leader (the
    same worlds, so paired) lies more than ``margin`` standard errors below
    zero leaves the race, and later play-outs go to the cards still in
    question. ``margin`` 0 never drops a card. The best card has the highest
    total, ties going to ``preferred`` (the heuristic's card), then to the
    earlier card.

    >>> race = Race(3, preferred=2, margin=2.0, after=3)
    >>> for scores in ([1.0, 0.0, 1.0], [1.0, -1.0, 1.0], [2.0, -1.0, 2.0]):
    ...     race.add(scores)
    >>> race.alive, race.best()
    ([0, 2], 2)
    """

    def __init__(self, cards: int, preferred: int, margin: float, after: int) -> None:
        self.preferred = preferred
        self.margin = margin
        self.after = after
        #: The cards (indices) still in the race.
        self.alive = list(range(cards))
        #: Per card: its score in each world it was played out in.
        self.scores: list[list[float]] = [[] for _ in range(cards)]
        self.worlds = 0

    def add(self, scores: Sequence[float]) -> None:
        """One more world: the score of each card in :attr:`alive`, in order."""
        for card, score in zip(self.alive, scores, strict=True):
            self.scores[card].append(score)
        self.worlds += 1
        if self.margin and self.worlds >= self.after and len(self.alive) > 1:
            leader = self.best()
            self.alive = [
                card for card in self.alive if card == leader or not self._behind(card, leader)
            ]

    def best(self) -> int:
        """The card (index) with the highest total so far."""
        return max(self.alive, key=lambda card: (sum(self.scores[card]), card == self.preferred))

    def _behind(self, card: int, leader: int) -> bool:
        """Whether ``card`` trails ``leader`` by more than the margin allows."""
        diffs = [a - b for a, b in zip(self.scores[card], self.scores[leader], strict=True)]
        n = len(diffs)
        mean = sum(diffs) / n
        variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return mean + self.margin * math.sqrt(variance / n) < 0


class SearchPlayer:
    """The search levels (see the module doc); the budget sets the strength."""

    def __init__(self, budget: Budget | None = None) -> None:
        self.budget = budget or Budget()

    def choose(self, view: dict[str, Any], stream: rng.Stream) -> str:
        legal: list[str] = view["legal"]
        if not legal:
            raise ValueError("it is not this seat's turn: no legal actions in the view")
        budget = self.budget
        if view["phase"] == "reserve" and budget.reserve_worlds:
            return self.choose_reservation(view, stream)
        if view["phase"] != "play":
            decided = decide_non_card(view, budget.poverty_aces, budget.take_worth)
            assert decided is not None
            return decided
        known = read_view(view)
        if "announce" in legal:
            wanted = (
                self.announcement_pays(known, stream)
                if budget.announce_worlds
                else wants_announcement(known)
            )
            if wanted:
                return "announce"
        return self.choose_card(known, stream).notation

    def sampler(self, known: Knowledge, stream: rng.Stream) -> WorldSampler | InferredSampler:
        """Where a decision's worlds come from (see ``Budget.candidates``)."""
        budget = self.budget
        if budget.candidates:
            return InferredSampler(known, budget.candidates, stream, budget.beliefs)
        return WorldSampler(known, budget.beliefs)

    # -------------------------------------------------------------- cards
    def choose_card(self, known: Knowledge, stream: rng.Stream) -> Card:
        moves = legal_cards(known.hand, known.trick, known.contract)
        if len(moves) == 1:
            return moves[0]
        preferred = heuristic_card(known)
        budget = self.budget
        if (
            budget.ace_leads
            and not known.trick
            and known.contract is Contract.NORMAL
            and preferred.rank is Rank.ACE
            and not CONTRACTS[Contract.NORMAL].is_trump(preferred)
        ):
            return preferred
        left = TRICKS - len(known.played)
        if left > budget.endgame_tricks:
            moves = restricted_leads(known, moves, budget)
            if len(moves) == 1:
                return moves[0]
            if preferred not in moves:
                preferred = moves[0]
        sampler = self.sampler(known, stream)
        simulation = Simulation(
            known, open_playouts=budget.open_playouts, hidden_parties=budget.hidden_parties
        )
        indices = [INDEX[move] for move in moves]
        if left <= budget.endgame_tricks and not known.marriage_pending:
            totals = dict.fromkeys(moves, 0.0)
            ending = Ending(known, simulation)
            for _ in range(budget.endgame_worlds):
                dealt = simulation.world(sampler.sample(stream))
                for move, score in zip(moves, ending.seat_scores(dealt, indices), strict=True):
                    totals[move] += score
            return max(moves, key=lambda move: (totals[move], move is preferred))
        trees = (
            [CardTree(known.seat, index, budget.tree_exploration) for index in indices]
            if budget.trees
            else None
        )
        race = Race(len(moves), moves.index(preferred), budget.race, budget.race_after)
        remaining = sum(known.counts)
        plays = budget.plays
        while race.worlds < budget.min_worlds or (
            plays >= remaining * len(race.alive)
            and race.worlds < budget.max_worlds
            and len(race.alive) > 1
        ):
            dealt = simulation.world(sampler.sample(stream))
            plays -= remaining * len(race.alive)
            if trees is None:
                race.add(
                    [simulation.score(simulation.finish(dealt, indices[i])) for i in race.alive]
                )
            else:
                race.add([trees[i].play(simulation, dealt) for i in race.alive])
        return moves[race.best()]

    # ------------------------------------------------------ announcements
    def announcement_pays(self, known: Knowledge, stream: rng.Stream) -> bool:
        """Whether the next announcement of the seat's party gains on average."""
        # The gain first, whatever the rules below say: the card chosen after
        # it draws from the same stream, so levels that differ only in them
        # play the same cards.
        gain = self.announcement_gain(known, stream)
        if gain is None:
            return False
        budget = self.budget
        kontra = known.parties[known.seat] is Party.KONTRA
        if kontra and not budget.kontra_answers and known.levels[0] > 0 and known.levels[1] == 0:
            return False
        return gain > budget.announcement_margin(kontra, known.kind)

    def announcement_gain(self, known: Knowledge, stream: rng.Stream) -> float | None:
        """The seat's average gain (game points) from its party's next
        announcement over the play-outs; None when the seat's party is unknown."""
        party = known.parties[known.seat]
        if party is None:
            return None
        raised = list(known.levels)
        raised[0 if party is Party.RE else 1] += 1
        sampler = self.sampler(known, stream)
        simulation = Simulation(known)
        gain = 0.0
        worlds = self.budget.announce_worlds
        for _ in range(worlds):
            done = simulation.finish(simulation.world(sampler.sample(stream)), None)
            gain += simulation.score(done, (raised[0], raised[1])) - simulation.score(done)
        return gain / worlds

    # ------------------------------------------------------- reservations
    def choose_reservation(self, view: dict[str, Any], stream: rng.Stream) -> str:
        """Healthy, a marriage or a solo as the play-outs and the solo margin
        decide (see the module doc); a poverty as the heuristic decides it."""
        legal: list[str] = view["legal"]
        hand = tuple(Card.parse(card) for card in view["hands"][view["seat"]]["known"])
        fallback = decide_non_card(view, self.budget.poverty_aces, self.budget.take_worth)
        assert fallback is not None
        if fallback == Reservation.POVERTY.value:
            return fallback
        candidates = [
            reservation
            for reservation, contract in SOLO_CONTRACTS.items()
            if reservation.value in legal
            and _solo_plausible(hand, contract, self.budget.slack_of(contract))
        ]
        if Reservation.MARRIAGE.value in legal:
            candidates.append(Reservation.MARRIAGE)
        if not candidates:
            return Reservation.HEALTHY.value
        candidates.insert(0, Reservation.HEALTHY)
        normal = _hand_knowledge(view, hand, Reservation.HEALTHY)
        sampler = WorldSampler(normal, self.budget.beliefs)
        worlds = [sampler.sample(stream) for _ in range(self.budget.reserve_worlds)]
        means = {}
        for reservation in candidates:
            simulation = Simulation(_hand_knowledge(view, hand, reservation))
            total = sum(
                simulation.score(simulation.finish(simulation.world(world), None))
                for world in worlds
            )
            means[reservation] = total / len(worlds)
        # The best solo against the best game without one; the margin alone
        # decides, so a negative margin can trust a solo the play-outs doubt.
        solos = [r for r in candidates if r in SOLO_CONTRACTS]
        others = [r for r in candidates if r not in SOLO_CONTRACTS]
        safe = max(others, key=lambda r: (means[r], -candidates.index(r)))
        if solos:
            margin = {r: self.budget.solo_margin_of(SOLO_CONTRACTS[r]) for r in solos}
            solo = max(solos, key=lambda r: (means[r] - margin[r], -candidates.index(r)))
            if means[solo] >= means[safe] + margin[solo]:
                return str(solo.value)
        return str(safe.value)
