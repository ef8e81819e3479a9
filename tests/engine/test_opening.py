"""The pinned openings (issue 46): each is the engine's own state at the person's
first decision of its daily, the seat's view only."""

from __future__ import annotations

import json
import sys
from datetime import date
from pathlib import Path

import pytest

from engine import records
from engine.bridge_requests import DAILY_SEAT
from engine.opening import OpeningDriftError, check_opening, opening_state

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(
    sys.platform == "emscripten", reason="reads puzzles/ and openings/, which Pyodide runs without"
)
DAYS = ("2026-12-01", "2027-01-17", "2027-06-20")


def _pinned(game: str, day: str) -> dict[str, object]:
    return dict(json.loads((ROOT / "puzzles" / game / f"{day}.json").read_text()))


def _opening(game: str, day: str) -> dict[str, object]:
    return dict(json.loads((ROOT / "openings" / game / f"{day}.json").read_text()))


@pytest.mark.parametrize("day", DAYS)
@pytest.mark.parametrize("game", ["karnoffel", "doppelkopf"])
def test_a_pinned_opening_is_the_seats_own_view_at_its_first_decision(game: str, day: str) -> None:
    pinned, opening = _pinned(game, day), _opening(game, day)
    assert opening == opening_state(pinned, date.fromisoformat(day))
    # Replayed without the bridge: the par game's moves up to the person's first turn.
    par = pinned.pop("par")
    assert isinstance(par, dict)
    actions: list[str] = par["actions"]
    match = records.replay({**pinned, "actions": [], "humans": [DAILY_SEAT]})
    done = 0
    while match.current_player() != DAILY_SEAT:
        match.apply_action(actions[done], seat=match.current_player())
        done += 1
    view = json.loads(json.dumps(match.view(DAILY_SEAT)))
    assert opening["view"] == view
    assert opening["turn"] == {"seat": DAILY_SEAT, "who": "person"}
    assert "played" not in opening and "deals" not in opening["save"]  # type: ignore[operator]
    # No opponent's card unless the table shows it to everyone (Karnöffel's
    # partners know each other's hands: the rules say so, and the view is the engine's).
    public = set(view.get("face_up") or [])
    team = next((set(t) for t in view.get("teams", []) if DAILY_SEAT in t), {DAILY_SEAT})
    for seat, hand in enumerate(view["hands"]):
        if seat not in team:
            assert set(hand["known"]) <= public, seat
    assert sorted(view["hands"][DAILY_SEAT]["known"]) == sorted(
        card.notation for card in match.hands[DAILY_SEAT]
    )


def test_a_changed_opening_is_refused() -> None:
    pinned, opening = _pinned("karnoffel", DAYS[1]), _opening("karnoffel", DAYS[1])
    check_opening(pinned, date.fromisoformat(DAYS[1]), opening)
    view = dict(opening["view"])  # type: ignore[call-overload]
    view["legal"] = view["legal"][:1]
    with pytest.raises(OpeningDriftError, match="'view'"):
        check_opening(pinned, date.fromisoformat(DAYS[1]), {**opening, "view": view})


def test_a_daily_without_par_has_no_opening() -> None:
    pinned = _pinned("doppelkopf", DAYS[0])
    del pinned["par"]
    assert opening_state(pinned, date.fromisoformat(DAYS[0])) is None


def test_every_daily_with_par_has_its_opening_pinned() -> None:
    for game in ("karnoffel", "doppelkopf"):
        with_par = {
            path.name
            for path in (ROOT / "puzzles" / game).glob("*.json")
            if '"par"' in path.read_text()
        }
        assert with_par == {path.name for path in (ROOT / "openings" / game).glob("*.json")}
