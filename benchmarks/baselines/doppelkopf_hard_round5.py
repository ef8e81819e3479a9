"""Hard as it was before the sixth round (commit cd27826), frozen for the benchmarks:
the same search without racing the cards' play-outs (at most 40 worlds a card
decision), with play-outs that judge only with what each seat would know, and
with the announcement margin 0.4."""

from __future__ import annotations

from engine.doppelkopf.search import Budget, SearchPlayer

#: Hard's budget of commit cd27826.
BUDGET = Budget(
    plays=7200,
    endgame_tricks=3,
    endgame_worlds=20,
    announce_worlds=20,
    reserve_worlds=20,
    solo_margin=-4.0,
)

#: The benchmark level.
LEVELS = {"hard-round5": lambda: SearchPlayer(BUDGET)}
