"""Frozen copies of the Doppelkopf computer players as they were before issue 17
(the heuristic and the search of commit b709dba), for the benchmarks to measure
the new levels against. Only their imports of each other differ from that commit."""

from __future__ import annotations

from benchmarks.baselines.doppelkopf_v1.heuristic import HeuristicPlayer
from benchmarks.baselines.doppelkopf_v1.search import SearchPlayer

#: Benchmark levels: today's (frozen) search and heuristic.
LEVELS = {"search-v1": SearchPlayer, "heuristic-v1": HeuristicPlayer}
