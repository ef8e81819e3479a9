"""What a seat knows, decoded from its view for the computer players.

The players receive nothing but ``State.view(seat)``; :func:`read_view`
turns that JSON into small integers (cards as deck indices, hands as bit
sets) so that the heuristic and the search can work quickly. Nothing here
can see more than the view holds.

>>> from engine.karnoffel.state import new_match
>>> state = new_match(seed="doc")
>>> seat = state.current_player()
>>> known = read_view(state.view(seat))
>>> known.seat == seat, bin(known.hands[seat]).count("1"), known.hidden[seat]
(True, 5, 0)
>>> sum(known.hidden), known.first_lead
(8, True)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from engine.karnoffel.cards import DECK, Card, Suit
from engine.karnoffel.rules import RULE_SETS, RuleSet

__all__ = ["FULL_DECK", "Knowledge", "bits", "card_index", "mask_of", "read_view"]

FULL_DECK = (1 << len(DECK)) - 1


def card_index(notation: str) -> int:
    return Card.parse(notation).index


def mask_of(indices: Any) -> int:
    """The bit set of some deck indices."""
    mask = 0
    for index in indices:
        mask |= 1 << index
    return mask


def bits(mask: int) -> Iterator[int]:
    """The deck indices in a bit set, lowest first.

    >>> list(bits(0b10110))
    [1, 2, 4]
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@dataclass(frozen=True, slots=True)
class Knowledge:
    """A seat's knowledge of the current deal, as integers."""

    seat: int
    players: int
    chosen: Suit
    trick_rule: str
    partners_see_hands: bool
    #: Per seat: the cards of its hand this seat knows (bit set).
    hands: tuple[int, ...]
    #: Per seat: how many of its cards this seat does not know.
    hidden: tuple[int, ...]
    #: Per seat: how many cards it holds now.
    counts: tuple[int, ...]
    #: The trick in progress: its leader and its cards in play order.
    leader: int
    trick: tuple[int, ...]
    #: Tricks won by team 0 and team 1 in this deal.
    tricks_won: tuple[int, int]
    #: Every card played in this deal (completed tricks and the trick in progress).
    played: int
    #: Cards that are neither known to this seat nor played: anybody may hold them, or nobody.
    unseen: int
    #: No trick played and none started: the Devil may not be led.
    first_lead: bool
    #: The completed tricks of this deal: (leader, cards in play order).
    history: tuple[tuple[int, tuple[int, ...]], ...] = ()
    #: Per seat: whether it showed its hand to its partner (historic).
    showed: tuple[bool, ...] = ()

    def team(self, seat: int) -> int:
        return seat % 2

    def to_act(self) -> int:
        return (self.leader + len(self.trick)) % self.players

    def opponents_may_hold(self) -> int:
        """Cards the other team might hold: their known cards plus the unseen ones."""
        mask = self.unseen
        for other in range(self.players):
            if other % 2 != self.seat % 2:
                mask |= self.hands[other]
        return mask


def read_view(view: dict[str, Any]) -> Knowledge:
    """Decode a Karnöffel seat view (``State.view``)."""
    if view.get("game") != "karnoffel":
        raise ValueError(f"not a Karnöffel view: game {view.get('game')!r}")
    if view.get("chosen") is None:
        raise ValueError("no deal in progress: the view has no chosen suit")
    spec = RULE_SETS[RuleSet(view["rules"]["set"])]
    players: int = view["players"]
    hands = tuple(mask_of(card_index(card) for card in hand["known"]) for hand in view["hands"])
    counts = tuple(int(hand["count"]) for hand in view["hands"])
    hidden = tuple(count - len(hand["known"]) for count, hand in zip(counts, view["hands"]))
    trick = tuple(card_index(play["card"]) for play in view["trick"]["cards"])
    played = mask_of(trick)
    for done in view["played"]:
        played |= mask_of(card_index(play["card"]) for play in done["cards"])
    history = tuple(
        (int(done["leader"]), tuple(card_index(play["card"]) for play in done["cards"]))
        for done in view["played"]
    )
    showed = [False] * players
    for show in view.get("shows", ()):
        if show["showed"]:
            showed[show["seat"]] = True
    known = played
    for hand in hands:
        known |= hand
    return Knowledge(
        seat=view["seat"],
        players=players,
        chosen=Suit.parse(view["chosen"]),
        trick_rule=spec.trick_rule,
        partners_see_hands=spec.partners_see_hands,
        hands=hands,
        hidden=hidden,
        counts=counts,
        leader=view["trick"]["leader"],
        trick=trick,
        tricks_won=(view["tricks"][0], view["tricks"][1]),
        played=played,
        unseen=FULL_DECK & ~known,
        first_lead=not view["played"] and not trick,
        history=history,
        showed=tuple(showed),
    )
