"""Rule sets and variants as data.

A :class:`Rules` value says everything that differs between games:
the rule set (``classic`` or ``historic``), the target, the number of
players and the card faces. Everything the two rule sets do differently is
a field of :class:`RuleSetSpec`, looked up in :data:`RULE_SETS` — the game
logic reads these fields instead of testing the rule set's name.

>>> Rules()
Rules(set=<RuleSet.CLASSIC: 'classic'>, target=7, players=4, faces='german')
>>> Rules.from_json({"set": "historic"}).target
101
>>> Rules.from_json({"set": "classic", "target": 9})
Traceback (most recent call last):
...
ValueError: classic target must be one of 5, 7, 11, not 9
>>> Rules(players=6).teams
((0, 2, 4), (1, 3, 5))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from engine.karnoffel.cards import Faces

__all__ = ["HAND_SIZE", "RULE_SETS", "TRICKS_TO_WIN", "RuleSet", "RuleSetSpec", "Rules"]

TRICKS_TO_WIN = 3
HAND_SIZE = 5


class RuleSet(Enum):
    CLASSIC = "classic"
    HISTORIC = "historic"


@dataclass(frozen=True)
class RuleSetSpec:
    """What a rule set decides (see ``karnoffel.md`` §3)."""

    #: Packet sizes of the deal stages; each stage gives every seat one packet.
    deal_stages: tuple[int, ...]
    #: Deal stages (1-based) after which every player may show their hand.
    show_after_stages: tuple[int, ...]
    #: Whether there are bidding windows (two after each stage).
    bidding: bool
    #: Value of a deal before any raise.
    initial_value: int
    #: How much one raise adds.
    raise_step: int
    #: Whether team members see each other's whole hand all deal long.
    partners_see_hands: bool
    #: Name of the trick-resolution rule in :mod:`engine.karnoffel.tricks`.
    trick_rule: str
    default_target: int
    targets: tuple[int, ...]
    player_counts: tuple[int, ...]


RULE_SETS: dict[RuleSet, RuleSetSpec] = {
    RuleSet.CLASSIC: RuleSetSpec(
        deal_stages=(1, 1, 1, 1, 1),
        show_after_stages=(),
        bidding=False,
        initial_value=1,
        raise_step=0,
        partners_see_hands=True,
        trick_rule="classic",
        default_target=7,
        targets=(5, 7, 11),
        player_counts=(2, 4, 6, 8),
    ),
    RuleSet.HISTORIC: RuleSetSpec(
        deal_stages=(1, 2, 2),
        show_after_stages=(2, 3),
        bidding=True,
        initial_value=4,
        raise_step=3,
        partners_see_hands=False,
        trick_rule="historic",
        default_target=101,
        targets=(101,),
        player_counts=(4,),
    ),
}


@dataclass(frozen=True)
class Rules:
    """A rule set plus its options; validated on creation."""

    set: RuleSet = RuleSet.CLASSIC
    target: int = 0  # 0 = the rule set's default
    players: int = 4
    faces: Faces = "german"
    _spec: RuleSetSpec = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.set, RuleSet):
            raise ValueError(f"unknown rule set {self.set!r}")  # noqa: TRY004
        spec = RULE_SETS[self.set]
        object.__setattr__(self, "_spec", spec)
        if self.target == 0:
            object.__setattr__(self, "target", spec.default_target)
        name = self.set.value
        if self.target not in spec.targets:
            allowed = ", ".join(map(str, spec.targets))
            raise ValueError(f"{name} target must be one of {allowed}, not {self.target}")
        if self.players not in spec.player_counts:
            allowed = ", ".join(map(str, spec.player_counts))
            raise ValueError(f"{name} is played by {allowed} players, not {self.players}")
        if self.faces not in ("german", "french"):
            raise ValueError(f"faces must be 'german' or 'french', not {self.faces!r}")

    @property
    def spec(self) -> RuleSetSpec:
        return self._spec

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """Teams sit in alternating seats; team 0 holds seat 0."""
        return tuple(tuple(range(t, self.players, 2)) for t in (0, 1))

    @staticmethod
    def team_of(seat: int) -> int:
        return seat % 2

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "set": self.set.value,
            "target": self.target,
            "players": self.players,
        }
        if self.faces != "german":
            data["faces"] = self.faces
        return data

    @classmethod
    def from_json(cls, data: object) -> Rules:
        """Rules from a record's ``rules`` object; raises ``ValueError`` naming the bad field."""
        if not isinstance(data, dict):
            # ValueError, not TypeError: every bad record input is a ValueError.
            raise ValueError(f"rules must be an object, not {data!r}")  # noqa: TRY004
        unknown = set(data) - {"set", "target", "players", "faces"}
        if unknown:
            raise ValueError(f"unknown rules field(s): {', '.join(sorted(unknown))}")
        try:
            rule_set = RuleSet(data.get("set", "classic"))
        except ValueError:
            raise ValueError(
                f"unknown rule set {data.get('set')!r} (classic or historic)"
            ) from None
        target = data.get("target", 0)
        players = data.get("players", 4)
        for name, value in (("target", target), ("players", players)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"rules {name} must be a whole number, not {value!r}")  # noqa: TRY004
        faces = data.get("faces", "german")
        if faces not in ("german", "french"):
            raise ValueError(f"faces must be 'german' or 'french', not {faces!r}")
        return cls(set=rule_set, target=target, players=players, faces=faces)
