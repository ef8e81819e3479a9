"""What a Doppelkopf hand leaves on record: its announcements and its scored result
(kept with the match state, :mod:`engine.doppelkopf.state`, which re-exports them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.doppelkopf.rules import LEVELS, TOTAL_POINTS, Contract, GameKind, Party
from engine.doppelkopf.scoring import HandScore, HandSummary
from engine.messages import Message

__all__ = ["Announcement", "HandResult"]


@dataclass(frozen=True)
class Announcement:
    seat: int
    party: Party
    level: int  # LEVELS index: 1 Re/Kontra ... 5 schwarz
    cards_held: int

    @property
    def id(self) -> str:
        """The catalog id of what was announced (``announcement.<id>``: "re", "no90", ...)."""
        return LEVELS[self.level].announcement(self.party)

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "party": self.party.value, "level": self.level, "id": self.id}


@dataclass(frozen=True)
class HandResult:
    """A scored hand."""

    number: int
    dealer: int
    kind: GameKind
    contract: Contract
    declarer: int | None
    re_seats: frozenset[int]
    summary: HandSummary
    score: HandScore
    seat_scores: tuple[int, ...]
    message: Message

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "dealer": self.dealer,
            "kind": self.kind.value,
            "contract": self.contract.value,
            "declarer": self.declarer,
            "re": sorted(self.re_seats),
            "winner": self.score.winner.value if self.score.winner else None,
            "points": {
                "re": self.summary.re_points,
                "kontra": TOTAL_POINTS - self.summary.re_points,
            },
            "tricks": {"re": self.summary.re_tricks, "kontra": self.summary.kontra_tricks},
            "announced": {"re": self.summary.re_level, "kontra": self.summary.kontra_level},
            "value": abs(self.score.re_value),
            "breakdown": [item.to_json() for item in self.score.items],
            "scores": list(self.seat_scores),
            "message": self.message.to_json(),
        }
