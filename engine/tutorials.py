"""Tutorials: prepared matches with a script of steps, as data.

Each tutorial is one JSON file in ``engine/tutorial_data/`` (``<id>.json``):
a prepared match (the game, its rules, explicit deals, the person's seat)
and a script. Step ``i`` of the script is the match's action ``i``: either a
scripted computer action (``"by": "computer"``), which the ``step`` op plays,
or the action the person is asked for (``"by": "person"``). Each step says
what to point at (``focus``) and carries its ``instruction`` and
``explanation`` as catalog messages; a person step may name common
``mistakes`` with their own explanation. A legal but wrong move by the person
is refused (:meth:`Tutorial.wrong_move`) and changes nothing. ``lessons``
name the step at which each lesson of the tutorial happens.

A page *pauses* for the reader at some points of the match, and numbers
only those (``stop`` of ``stops``), so the numbers never jump: before a
person's step (for the move), and after a computer step with an instruction
(for "Next"). Such a step's words tell its move, so they show once the move is
on the table, never before: a page plays it at once, and then its words stay
on show until the reader presses "Next" (followed by the routine computer
steps, those without an instruction, which keep the words on show); when the
person's step comes right after it, its words join that step's (one pause).
Only the first step's words show before its move: they introduce the deal.
Nothing a page shows during routine moves vanishes before the reader got to
it: ``done`` holds the explanations of every step since the last pause, shown
until the next one.

The deals are chosen so that every lesson happens when the script is
followed; the script is checked when a tutorial is loaded (every action
legal at its step, by the seat the step names). After the last step the
tutorial is complete and the match goes on as a free game.

Focus items (what a page highlights), by ``kind``:

- ``card`` with ``card``: that card, wherever it is (hand, trick, face up);
- ``trick``: the trick in progress; ``last_trick``: the last completed trick;
- ``face_up``: the face-up cards; ``chosen``: the chosen suit (Karnöffel);
- ``button`` with ``action``: the button that makes this action;
- ``seat`` with ``seat``: a seat (its name and hand);
- ``bid``: the bidding (value and offer); ``score``: the score.

>>> sorted(TUTORIALS)
['doppelkopf', 'karnoffel-classic', 'karnoffel-historic']
>>> tutorial = TUTORIALS["karnoffel-classic"]
>>> match = tutorial.start()
>>> progress = tutorial.progress(match)
>>> progress["step"], progress["steps"] == len(tutorial.steps), progress["by"]
(0, True, 'computer')
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Literal

from engine import records
from engine.core import MatchState
from engine.errors import RecordError
from engine.games import game_named
from engine.messages import Message, param_problem

__all__ = [
    "FOCUS_KINDS",
    "TUTORIALS",
    "TUTORIAL_IDS",
    "Lesson",
    "Step",
    "Tutorial",
    "TutorialError",
    "load_tutorial",
    "tutorial_named",
]

#: The tutorials, in the order a page offers them; each is ``tutorial_data/<id>.json``.
TUTORIAL_IDS = ("karnoffel-classic", "karnoffel-historic", "doppelkopf")
#: Focus kinds and the field each one needs (``None``: none).
FOCUS_KINDS: dict[str, str | None] = {
    "card": "card",
    "trick": None,
    "last_trick": None,
    "face_up": None,
    "chosen": None,
    "button": "action",
    "seat": "seat",
    "bid": None,
    "score": None,
}

Actor = Literal["person", "computer"]


class TutorialError(ValueError):
    """A tutorial's data is wrong: names the tutorial, the step and what is wrong."""


@dataclass(frozen=True)
class Step:
    """One step of a script: who acts, the action, what to show and say."""

    by: Actor
    action: str
    instruction: Message | None
    explanation: Message | None
    focus: tuple[dict[str, Any], ...]
    #: Wrong moves the step explains on their own (action notation -> why not).
    mistakes: tuple[tuple[str, Message], ...] = ()

    @property
    def told_after_move(self) -> bool:
        """A computer step with words: they tell its move, shown once it is made."""
        return self.by == "computer" and self.instruction is not None

    def to_json(self) -> dict[str, Any]:
        return {
            "by": self.by,
            "action": self.action,
            "instruction": _json_or_none(self.instruction),
            "explanation": _json_or_none(self.explanation),
            "focus": [dict(item) for item in self.focus],
        }


@dataclass(frozen=True)
class Lesson:
    """A lesson of a tutorial and the step at which it happens."""

    id: str
    step: int
    title: Message


@dataclass(frozen=True)
class Tutorial:
    """A prepared match and its script (see the module docstring)."""

    id: str
    game: str
    rules: dict[str, Any]
    seat: int
    deals: tuple[dict[str, Any], ...]
    title: Message
    summary: Message
    #: Said once the script is complete.
    ending: Message
    lessons: tuple[Lesson, ...]
    steps: tuple[Step, ...]

    @property
    def seed(self) -> str:
        """The seed of the deals after the explicit ones (the free game after
        the script) and of the computers' decisions."""
        return f"tutorial/{self.id}"

    def record(self, actions: Sequence[str] = ()) -> dict[str, Any]:
        """The tutorial's match as a game record, with ``actions`` taken."""
        return {
            "format": records.FORMAT_VERSION,
            "game": self.game,
            "rules": dict(self.rules),
            "deals": [dict(deal) for deal in self.deals],
            "seed": self.seed,
            "humans": [self.seat],
            "actions": list(actions),
        }

    def start(self) -> MatchState:
        """The match before its first step."""
        return records.replay(self.record())

    def script(self) -> list[str]:
        """Every step's action, in order."""
        return [step.action for step in self.steps]

    def step_of(self, match: MatchState) -> int:
        """The index of the next step (``len(steps)`` once complete)."""
        return min(len(match.actions), len(self.steps))

    def is_complete(self, match: MatchState) -> bool:
        return len(match.actions) >= len(self.steps)

    def follows_script(self, match: MatchState) -> bool:
        """Whether every action so far is the script's (any after its end are free)."""
        taken = [match.action_text(action) for action in match.actions[: len(self.steps)]]
        return taken == [_notation(match, step.action) for step in self.steps[: len(taken)]]

    def wrong_move(self, match: MatchState, action: str) -> Message | None:
        """Why the person's legal ``action`` is not the one the current step asks
        for (its explanation), or ``None`` when it is that one, or the tutorial
        is complete. Legality is the rules' business: this assumes a legal action."""
        if self.is_complete(match):
            return None
        step = self.steps[len(match.actions)]
        if _notation(match, action) == _notation(match, step.action):
            return None
        for mistake, why in step.mistakes:
            if _notation(match, action) == _notation(match, mistake):
                return why
        return step.explanation or Message.of("tutorial_not_this_move")

    def undo_point(self, match: MatchState) -> int | None:
        """The number of actions to keep to take back the person's last action
        (and everything after it), or ``None`` if the person has not acted."""
        for index in range(len(match.actions) - 1, -1, -1):
            if match.actors[index] == self.seat:
                return index
        return None

    def pauses_at(self, index: int) -> bool:
        """Whether a page pauses for the reader when ``index`` actions are taken:
        the person's move is next, or a computer step's words were just made true."""
        if index >= len(self.steps):
            return False
        after_words = index > 0 and self.steps[index - 1].told_after_move
        return self.steps[index].by == "person" or after_words

    @property
    def stops(self) -> int:
        """How many pauses for the reader: the steps a page numbers."""
        return sum(self.pauses_at(index) for index in range(len(self.steps)))

    def progress(self, match: MatchState) -> dict[str, Any]:
        """Where the match is in the script, as a state response's ``tutorial``."""
        index = self.step_of(match)
        steps = self.steps
        current = steps[index] if index < len(steps) else None
        pauses = [i for i in range(index + 1) if self.pauses_at(i)]
        last = pauses[-1] if pauses else None
        waits = last == index
        explained = [step.explanation for step in steps[(last or 0) : index] if step.explanation]
        done: list[Message] = []
        if last is None:
            # Before the first pause: the first step's words introduce the deal.
            words = steps[0]
        elif waits:
            since = pauses[-2] if len(pauses) > 1 else 0
            for i in range(since, index):
                told = steps[i]
                # A computer's move just before the person's: its words join the person's step.
                joins = i == index - 1 and steps[index].by == "person"
                if joins and told.told_after_move and told.instruction:
                    done.append(told.instruction)
                done.extend([told.explanation] if told.explanation else [])
            words = steps[index] if steps[index].by == "person" else steps[index - 1]
        else:
            # Routine moves after a pause keep a computer step's words, not a person's "play X".
            done = explained
            words = steps[last - 1] if steps[last].by == "computer" else steps[last]
        instruction = words.instruction if current and (waits or words.by == "computer") else None
        lesson = next((lesson.id for lesson in self.lessons if lesson.step == index), None)
        return {
            "id": self.id,
            "title": self.title.to_json(),
            "step": index,
            "steps": len(steps),
            "stop": max(1, len(pauses)),
            "stops": self.stops,
            "complete": current is None,
            "by": current.by if current else None,
            "waits": waits,
            "instruction": _json_or_none(instruction),
            "explanation": _json_or_none(current.explanation if current else None),
            "focus": [dict(item) for item in words.focus] if current else [],
            "done": [message.to_json() for message in done],
            "ending": self.ending.to_json() if current is None else None,
            "lesson": lesson,
            "can_undo": self.undo_point(match) is not None,
        }

    def to_json(self) -> dict[str, Any]:
        """The tutorial as the catalog lists it."""
        return {
            "id": self.id,
            "game": self.game,
            "rules": dict(self.rules),
            "title": self.title.to_json(),
            "summary": self.summary.to_json(),
            "steps": len(self.steps),
            "stops": self.stops,
            "person_steps": sum(step.by == "person" for step in self.steps),
            "lessons": [
                {"id": lesson.id, "step": lesson.step, "title": lesson.title.to_json()}
                for lesson in self.lessons
            ],
        }


def _json_or_none(message: Message | None) -> dict[str, Any] | None:
    return message.to_json() if message is not None else None


def _notation(match: MatchState, action: str) -> str:
    """``action`` as the match writes it (``lk`` -> ``LK``), or as given if it is none."""
    try:
        return str(match.action_text(match.parse_action(action)))
    except (ValueError, TypeError):
        return action


# ------------------------------------------------------------------ loading
def _message(data: Any, where: str) -> Message:
    if not isinstance(data, dict) or not isinstance(data.get("key"), str):
        raise TutorialError(f"{where}: a message is an object with a 'key'")
    params = data.get("params", {})
    if not isinstance(params, dict):
        raise TutorialError(f"{where}: 'params' must be an object")
    for name, value in params.items():
        problem = param_problem(name, value)
        if problem:
            raise TutorialError(f"{where}: {data['key']} {name}: {problem}")
    try:
        return Message.of(data["key"], **params)
    except KeyError as error:
        raise TutorialError(f"{where}: {error.args[0]}") from None


def _optional_message(data: Any, where: str) -> Message | None:
    return None if data is None else _message(data, where)


def _focus(items: Any, where: str) -> tuple[dict[str, Any], ...]:
    if not isinstance(items, list):
        raise TutorialError(f"{where}: 'focus' must be a list")
    focus = []
    for item in items:
        kind = item.get("kind") if isinstance(item, dict) else None
        if kind not in FOCUS_KINDS:
            raise TutorialError(f"{where}: unknown focus {item!r} ({', '.join(FOCUS_KINDS)})")
        needed = FOCUS_KINDS[kind]
        if set(item) != {"kind"} | ({needed} if needed else set()):
            raise TutorialError(f"{where}: focus {kind!r} takes {needed or 'no field'}")
        focus.append(dict(item))
    return tuple(focus)


def _step(data: Any, where: str) -> Step:
    if not isinstance(data, dict):
        raise TutorialError(f"{where}: a step is an object")
    by = data.get("by")
    if by not in ("person", "computer"):
        raise TutorialError(f"{where}: 'by' must be 'person' or 'computer'")
    action = data.get("action")
    if not isinstance(action, str):
        raise TutorialError(f"{where}: 'action' must be an action's notation")
    mistakes = data.get("mistakes", {})
    if not isinstance(mistakes, dict):
        raise TutorialError(f"{where}: 'mistakes' must be an object")
    step = Step(
        by=by,
        action=action,
        instruction=_optional_message(data.get("instruction"), f"{where} instruction"),
        explanation=_optional_message(data.get("explanation"), f"{where} explanation"),
        focus=_focus(data.get("focus", []), where),
        mistakes=tuple(
            (move, _message(why, f"{where} mistake {move}")) for move, why in mistakes.items()
        ),
    )
    if by == "person" and (step.instruction is None or step.explanation is None):
        raise TutorialError(f"{where}: a person's step needs an instruction and an explanation")
    return step


def load_tutorial(data: Any) -> Tutorial:
    """A tutorial from its JSON data, its script checked by playing it through;
    :class:`TutorialError` names what is wrong (the step, and why)."""
    if not isinstance(data, dict):
        raise TutorialError("a tutorial is a JSON object")
    name = data.get("id")
    game = game_named(data.get("game"))
    if not isinstance(name, str) or game is None:
        raise TutorialError("a tutorial needs an 'id' and a known 'game'")
    steps = data.get("steps")
    if not isinstance(steps, list) or not steps:
        raise TutorialError(f"{name}: 'steps' must be a non-empty list")
    lessons = data.get("lessons", [])
    if not isinstance(lessons, list):
        raise TutorialError(f"{name}: 'lessons' must be a list")
    seat = data.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise TutorialError(f"{name}: 'seat' must be a seat number")
    tutorial = Tutorial(
        id=name,
        game=game.name,
        rules=dict(data.get("rules", {})),
        seat=seat,
        deals=tuple(dict(deal) for deal in data.get("deals", [])),
        title=_message(data.get("title"), f"{name} title"),
        summary=_message(data.get("summary"), f"{name} summary"),
        ending=_message(data.get("ending"), f"{name} ending"),
        lessons=tuple(
            Lesson(
                str(lesson["id"]), int(lesson["step"]), _message(lesson["title"], f"{name} lesson")
            )
            for lesson in lessons
        ),
        steps=tuple(_step(step, f"{name} step {index}") for index, step in enumerate(steps)),
    )
    _check_script(tutorial)
    return tutorial


def _check_script(tutorial: Tutorial) -> None:
    """Play the script through: each action legal at its step, by the seat it names."""
    try:
        match = tutorial.start()
    except RecordError as error:
        raise TutorialError(f"{tutorial.id}: {error}") from None
    for index, step in enumerate(tutorial.steps):
        where = f"{tutorial.id} step {index}"
        match.settle_chance()
        actor = match.current_player()
        if (actor == tutorial.seat) != (step.by == "person"):
            raise TutorialError(f"{where}: seat {actor} is to act, but the step is the {step.by}'s")
        reason = match.why_illegal(step.action)
        if reason is not None:
            raise TutorialError(f"{where}: {step.action} is not legal: {reason.text}")
        for move, _ in step.mistakes:
            if _notation(match, move) == _notation(match, step.action):
                raise TutorialError(f"{where}: the expected action is listed as a mistake")
            if match.why_illegal(move) is not None:
                raise TutorialError(f"{where}: the mistake {move} is not legal there")
        match.apply_action(step.action)
    first, final = tutorial.steps[0], tutorial.steps[-1]
    if first.by != "person" and first.instruction is None:
        raise TutorialError(f"{tutorial.id} step 0: the first step must say something")
    if final.told_after_move:
        raise TutorialError(f"{tutorial.id}: the last step's words would never show")
    for lesson in tutorial.lessons:
        if not 0 <= lesson.step < len(tutorial.steps):
            raise TutorialError(f"{tutorial.id}: lesson {lesson.id} names no step")


@cache
def _all() -> dict[str, Tutorial]:
    folder = resources.files("engine").joinpath("tutorial_data")
    found = {}
    for name in TUTORIAL_IDS:
        data = json.loads(folder.joinpath(f"{name}.json").read_text("utf-8"))
        tutorial = load_tutorial(data)
        if tutorial.id != name:
            raise TutorialError(f"tutorial_data/{name}.json holds the tutorial {tutorial.id!r}")
        found[name] = tutorial
    return found


class _Tutorials(Mapping[str, Tutorial]):
    """Every tutorial by id, loaded (and checked) on first use."""

    def __getitem__(self, name: str) -> Tutorial:
        return _all()[name]

    def __iter__(self) -> Any:
        return iter(TUTORIAL_IDS)

    def __len__(self) -> int:
        return len(TUTORIAL_IDS)


TUTORIALS: Mapping[str, Tutorial] = _Tutorials()


def tutorial_named(name: object) -> Tutorial | None:
    """The tutorial called ``name``, or ``None`` (for anything that is not one's id)."""
    return TUTORIALS[name] if isinstance(name, str) and name in TUTORIAL_IDS else None
