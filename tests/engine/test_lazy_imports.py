"""The engine imports less at boot (issue 46): the bridge, and what opening a
daily needs, import neither the computer players (search, solvers) nor hints,
review, tutorials, rooms or friends' codes; each is imported when first asked for."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.games import GAMES

ROOT = Path(__file__).resolve().parents[2]
#: Modules a boot and a daily's opening must not import.
DEFERRED = (
    "engine.hints",
    "engine.review",
    "engine.tutorials",
    "engine.friends",
    "engine.stats",
    "engine.rooms",
    "engine.karnoffel.players",
    "engine.karnoffel.search",
    "engine.karnoffel.solver",
    "engine.karnoffel.hints",
    "engine.doppelkopf.players",
    "engine.doppelkopf.search",
    "engine.doppelkopf.solver",
    "engine.doppelkopf.hints",
)

OPEN_A_DAILY = """
import json, sys
from pathlib import Path
from engine import bridge
boot = sorted(name for name in sys.modules if name.startswith("engine"))
for game in ("karnoffel", "doppelkopf"):
    pinned = json.loads(Path(f"puzzles/{game}/2026-12-01.json").read_text())
    request = {"op": "daily", "game": game, "date": "2026-12-01", "today": "2026-12-01"}
    reply = json.loads(bridge.handle(json.dumps({**request, "pinned": pinned})))
    assert reply["ok"], reply
opened = sorted(name for name in sys.modules if name.startswith("engine"))
print(json.dumps({"boot": boot, "opened": opened}))
"""


@pytest.mark.skipif(sys.platform == "emscripten", reason="starts a fresh Python")
def test_a_boot_and_a_daily_import_no_players_hints_or_tutorials() -> None:
    out = subprocess.run(
        [sys.executable, "-c", OPEN_A_DAILY], cwd=ROOT, capture_output=True, text=True, check=True
    )
    imported = json.loads(out.stdout)
    for stage in ("boot", "opened"):
        assert [name for name in DEFERRED if name in imported[stage]] == [], stage
    assert "engine.bridge" in imported["boot"]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_registry_names_the_levels_its_players_module_has(game: str) -> None:
    players = importlib.import_module(f"engine.{game}.players")
    assert tuple(players.LEVELS) == tuple(GAMES[game].levels)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_deferred_level_makes_the_players_own_player(game: str) -> None:
    players = importlib.import_module(f"engine.{game}.players")
    for name, make in GAMES[game].levels.items():
        expected = players.LEVELS[name]()
        assert type(make()) is type(expected)
