"""Hard as it chose its game until the solo-margin change (commit 6bd87ba), frozen for
the benchmarks: the search with the budget of that time (``hard-round5``'s),
only the reservation rule of that commit. Its margin
applied only when a solo already had the best average, so no margin, however
negative, could make it declare a solo that the play-outs ranked below the normal game."""

from __future__ import annotations

from typing import Any

from benchmarks.baselines import doppelkopf_hard_round5
from engine import rng
from engine.doppelkopf.actions import SOLO_CONTRACTS, Reservation
from engine.doppelkopf.cards import Card
from engine.doppelkopf.heuristic import decide_non_card
from engine.doppelkopf.knowledge import WorldSampler
from engine.doppelkopf.playout import Simulation
from engine.doppelkopf.search import SearchPlayer, _hand_knowledge, _solo_plausible


class RoundFourHard(SearchPlayer):
    """Today's search with the reservation rule of commit 6bd87ba."""

    def choose_reservation(self, view: dict[str, Any], stream: rng.Stream) -> str:
        legal: list[str] = view["legal"]
        hand = tuple(Card.parse(card) for card in view["hands"][view["seat"]]["known"])
        if decide_non_card(view) == Reservation.POVERTY.value:
            return Reservation.POVERTY.value
        candidates = [
            reservation
            for reservation, contract in SOLO_CONTRACTS.items()
            if reservation.value in legal and _solo_plausible(hand, contract)
        ]
        if Reservation.MARRIAGE.value in legal:
            candidates.append(Reservation.MARRIAGE)
        if not candidates:
            return Reservation.HEALTHY.value
        candidates.insert(0, Reservation.HEALTHY)
        sampler = WorldSampler(_hand_knowledge(view, hand, Reservation.HEALTHY))
        worlds = [sampler.sample(stream) for _ in range(self.budget.reserve_worlds)]
        means = {}
        for reservation in candidates:
            simulation = Simulation(_hand_knowledge(view, hand, reservation))
            total = sum(
                simulation.score(simulation.finish(simulation.world(world), None))
                for world in worlds
            )
            means[reservation] = total / len(worlds)
        best = max(candidates, key=lambda r: (means[r], -candidates.index(r)))
        if best is Reservation.MARRIAGE or best is Reservation.HEALTHY:
            return str(best.value)
        if means[best] >= means[Reservation.HEALTHY] + 1.0:
            return str(best.value)
        if (
            Reservation.MARRIAGE in candidates
            and means[Reservation.MARRIAGE] >= means[Reservation.HEALTHY]
        ):
            return Reservation.MARRIAGE.value
        return Reservation.HEALTHY.value


#: The benchmark level: Hard's budget of today, the game chosen as in round four.
LEVELS = {"hard-round4": lambda: RoundFourHard(doppelkopf_hard_round5.BUDGET)}
