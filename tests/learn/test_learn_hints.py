"""Hints: the default player's choice from the seat's view, with a true reason.

At 500 random decision points per game and Karnöffel rule set the hint
equals the default level's choice from the same view (the default level's
factory is swapped for a small search budget there, as tests/karnoffel does; the
real default level is checked at fewer points), the action is legal, and the
reason's claims hold in the whole state. The reasons of *every* legal action
are checked too, so each kind of reason is tried whatever the players choose.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from learn_support import CONFIGS, QUICK_LEVELS, claims_problems, decision_points

from engine import hints, players
from engine.games import GAMES
from engine.hints import NoHintError, hint
from engine.i18n import PLACEHOLDER, catalog
from engine.karnoffel.state import new_match as karnoffel_match
from engine.messages import PARAM_KINDS, Message, param_problem

POINTS = 200
#: Decision points at which the reason of every legal action is checked.
EVERY_ACTION_POINTS = 250
REAL_DEFAULT_POINTS = 12


@pytest.fixture
def quick_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """The default level's factory of each game replaced by a small search budget."""
    for name, factory in QUICK_LEVELS.items():
        monkeypatch.setitem(GAMES[name].levels, players.default_level(name), factory)  # type: ignore[index]


def _check_reason(state: Any, seat: int, action: str, message: Message) -> list[str]:
    problems = claims_problems(state, seat, action, message)
    text = message.text
    if PLACEHOLDER.search(text):
        problems.append(f"{message.key}: a placeholder is left in {text!r}")
    for name, value in message.params:
        problem = param_problem(name, value)
        if problem:
            problems.append(f"{message.key}: {name}: {problem}")
    if not message.key.startswith("hint_"):
        problems.append(f"{message.key}: not a hint_ key")
    return problems


@pytest.mark.heavy
@pytest.mark.parametrize("config", list(CONFIGS))
def test_the_hint_is_the_default_players_choice_and_legal_with_a_true_reason(
    config: str, quick_default: None
) -> None:
    problems: list[str] = []
    keys: Counter[str] = Counter()
    for state in decision_points(config, POINTS):
        seat = state.current_player()
        before = state.to_record()
        advice = hint(state)
        view = state.view(seat)
        assert advice.seat == seat
        expected = players.choose_action(
            players.default_level(state.GAME), view, players.seed_for(state, seat)
        )
        assert advice.action == expected, (config, before)
        assert state.is_legal(advice.action), (config, before)
        assert state.to_record() == before, "a hint changes nothing"
        keys[advice.reason.key] += 1
        problems += _check_reason(state, seat, advice.action, advice.reason)
    assert not problems, "\n".join(problems[:20])
    assert len(keys) >= 8, f"too few kinds of reasons for {config}: {keys}"


@pytest.mark.parametrize("config", list(CONFIGS))
def test_every_legal_actions_reason_is_true(config: str) -> None:
    """Whatever a player chooses, its reason holds (every kind of reason is tried)."""
    problems: list[str] = []
    keys: set[str] = set()
    for state in decision_points(config, EVERY_ACTION_POINTS, seed="every-action"):
        seat = state.current_player()
        view = state.view(seat)
        reason = GAMES[state.GAME].hint_reason
        for action in view["legal"]:
            message = reason(view, action)
            keys.add(message.key)
            problems += _check_reason(state, seat, action, message)
    assert not problems, "\n".join(problems[:20])
    assert len(keys) >= 25, f"too few kinds of reasons for {config}: {sorted(keys)}"


@pytest.mark.parametrize("config", list(CONFIGS))
def test_the_real_default_level_at_a_few_points(config: str) -> None:
    for state in decision_points(config, REAL_DEFAULT_POINTS, seed="real-default"):
        seat = state.current_player()
        advice = hint(state)
        view = state.view(seat)
        assert advice.action == players.choose_action(
            players.default_level(state.GAME), view, players.seed_for(state, seat)
        )
        assert state.is_legal(advice.action)
        assert not _check_reason(state, seat, advice.action, advice.reason)


def test_the_hint_comes_from_the_view_only() -> None:
    """The hint is a function of the seat's view (and the decision seed): a view
    is all :func:`hints.hint_for_view` receives."""
    state = karnoffel_match(seed="view-only")
    seat = state.current_player()
    from_view = hints.hint_for_view(state.view(seat), players.seed_for(state, seat))
    assert from_view == hint(state)


def test_no_hint_when_there_is_no_decision() -> None:
    state = karnoffel_match(seed="no-decision")
    seat = state.current_player()
    with pytest.raises(NoHintError) as error:
        hint(state, seat=(seat + 1) % 4)
    assert error.value.reason.key == "hint_not_your_turn"
    state.phase = type(state.phase).OVER
    with pytest.raises(NoHintError) as error:
        hint(state)
    assert error.value.reason.key == "hint_game_over"


def test_every_hint_text_names_its_parameters_and_only_known_kinds() -> None:
    entries = catalog()
    for key, text in entries.items():
        if key.startswith(("hint_", "tutorial_", "help_", "help.")):
            for name in PLACEHOLDER.findall(text):
                assert name in PARAM_KINDS, (key, name)
