"""The rule-based Karnöffel player: a few plain rules a good player follows.

Card play (:func:`heuristic_card`, on deck indices so the search can use
it in its simulations too):

- never overtake a partner who is winning the trick: throw the least
  useful card instead;
- to win a trick the opponents are winning, spend the *cheapest* card that
  wins it: one that no card the opponents may still play can beat if there
  is one, else the cheapest that wins it now;
- on a trick that is lost anyway, throw the least useful card;
- lead the Devil as soon as it may be led (it only wins when led; only the
  Karnöffel beats it), else a card nobody can beat, else the strongest plain
  card (a King makes the opponents spend a trump), never a weak one;
- keep Kings and Obers while the opponents may hold the chosen suit's 3, 4
  or 5, which they disarm (classic).

These rules were chosen by measurement against a greedy bot (see
``benchmarks/results/karnoffel_players.md``).

Calls (historic, :func:`decide_call`): always show the hand to the partner
(the opponents learn only *that* a show happened), and raise / accept /
counter / give up by comparing the expected gain of each answer from the
estimated chance of winning the deal and the score.

>>> from engine.karnoffel.state import new_match
>>> state = new_match(seed="doc")
>>> seat = state.current_player()
>>> state.is_legal(HeuristicPlayer().choose(state.view(seat), rng.Stream("doc")))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine import rng
from engine.karnoffel.cards import DECK, Rank, Suit
from engine.karnoffel.knowledge import Knowledge, bits, read_view
from engine.karnoffel.rules import TRICKS_TO_WIN
from engine.karnoffel.trick_strengths import Strengths, strengths
from engine.karnoffel.tricks import Role, role_of

__all__ = [
    "ROLE_VALUE",
    "CallSituation",
    "HeuristicPlayer",
    "card_from_knowledge",
    "card_of",
    "decide_call",
    "hand_win_chance",
    "heuristic_card",
    "usefulness",
]  # fmt: skip

#: How much a special card is worth keeping (plain cards: twice their rank order, 2..24).
ROLE_VALUE: dict[Role, int] = {
    Role.KARNOFFEL: 100,
    Role.DEVIL: 85,
    Role.POPE: 90,
    Role.EMPEROR: 80,
    Role.PARTIAL_3: 45,
    Role.PARTIAL_4: 40,
    Role.PARTIAL_5: 35,
}
#: Extra worth of a King / Ober / Unter while the opponents may hold a partial
#: trump that it disarms (classic: the 3 loses to Kings, the 4 also to Obers, ...).
_DISARM_BONUS: dict[Rank, tuple[int, tuple[Rank, ...]]] = {
    Rank.KING: (12, (Rank.THREE, Rank.FOUR, Rank.FIVE)),
    Rank.OBER: (9, (Rank.FOUR, Rank.FIVE)),
    Rank.UNTER: (4, (Rank.FIVE,)),
}


_INDEX_OF = {(card.suit, card.rank): index for index, card in enumerate(DECK)}


def card_of(suit: Suit, rank: Rank) -> int:
    """The deck index of a card."""
    return _INDEX_OF[suit, rank]


def usefulness(card: int, chosen: Suit, opponents_may_hold: int) -> int:
    """How much keeping ``card`` is worth (higher: keep it longer).

    >>> from engine.karnoffel.cards import Card
    >>> bu, lk, h2 = (Card.parse(c).index for c in ("BU", "LK", "H2"))
    >>> usefulness(bu, Suit.BELLS, 0) > usefulness(lk, Suit.BELLS, 0) > usefulness(h2, Suit.BELLS, 0)
    True
    >>> usefulness(lk, Suit.BELLS, 1 << Card.parse("B3").index) > usefulness(lk, Suit.BELLS, 0)
    True
    """
    deck_card = DECK[card]
    role = role_of(deck_card, chosen)
    if role is not None:
        return ROLE_VALUE[role]
    value = 2 * deck_card.rank.order
    bonus = _DISARM_BONUS.get(deck_card.rank)
    if bonus is not None:
        extra, disarmed = bonus
        if any(opponents_may_hold >> card_of(chosen, rank) & 1 for rank in disarmed):
            value += extra
    return value


@cache
def _worth_rows(chosen: Suit) -> list[list[int]]:
    """:func:`usefulness` of every card, by which of the chosen 3, 4, 5 the
    opponents may hold (bit 0, 1, 2): all that it depends on."""
    partials = [card_of(chosen, rank) for rank in (Rank.THREE, Rank.FOUR, Rank.FIVE)]
    rows = []
    for held in range(8):
        opponents = sum(1 << card for i, card in enumerate(partials) if held >> i & 1)
        rows.append([usefulness(card, chosen, opponents) for card in range(len(DECK))])
    return rows


def _worth_row(chosen: Suit, opponents_may_hold: int) -> list[int]:
    """The row of :func:`_worth_rows` for what the opponents may hold."""
    held = 0
    for i, rank in enumerate((Rank.THREE, Rank.FOUR, Rank.FIVE)):
        held |= (opponents_may_hold >> card_of(chosen, rank) & 1) << i
    return _worth_rows(chosen)[held]


def _holds(table: Strengths, played: tuple[int, ...], threats: int) -> bool:
    """Whether the last card of ``played`` (winning now) beats every single card in ``threats``."""
    return not table.prefix(played).taking & threats


def heuristic_card(
    seat: int,
    players: int,
    hand: int,
    leader: int,
    trick: tuple[int, ...],
    table: Strengths,
    opponents_may_hold: int,
    first_lead: bool,
) -> int:
    """The rule-based choice of a card (deck index) from ``hand`` (a bit set).

    ``opponents_may_hold``: the cards the other team might hold, as far as
    ``seat`` knows; ``table``: the deal's trick winners.
    """
    chosen = table.chosen
    devil = card_of(chosen, Rank.SEVEN)
    legal = hand & ~(1 << devil) if first_lead else hand
    cards = list(bits(legal))
    if len(cards) == 1:
        return cards[0]
    worth = _worth_row(chosen, opponents_may_hold)
    value = {card: worth[card] for card in cards}

    def least_useful(candidates: Sequence[int]) -> int:
        return min(candidates, key=lambda c: (value[c], c))

    keep_devil = [c for c in cards if c != devil] or cards  # a Devil not led never wins
    if not trick:
        if devil in value:
            return devil
        safe = [c for c in keep_devil if _holds(table, (c,), opponents_may_hold)]
        if safe:
            return least_useful(safe)
        plain = [c for c in keep_devil if role_of(DECK[c], chosen) is None]
        if plain:
            return max(plain, key=lambda c: (value[c], -c))
        return least_useful(keep_devil)
    prefix = table.prefix(trick)
    if (leader + prefix.winning) % 2 == seat % 2:
        return least_useful(keep_devil)
    winners = [c for c in cards if prefix.taking >> c & 1]
    if not winners:
        return least_useful(keep_devil)
    opponents_after = any((seat + k) % 2 != seat % 2 for k in range(1, players - len(trick)))
    if opponents_after:
        safe = [c for c in winners if _holds(table, trick + (c,), opponents_may_hold)]
        if safe:
            return least_useful(safe)
    return least_useful(winners)


def card_from_knowledge(known: Knowledge) -> int:
    """:func:`heuristic_card` for the seat whose knowledge this is."""
    return heuristic_card(
        known.seat,
        known.players,
        known.hands[known.seat],
        known.leader,
        known.trick,
        strengths(known.chosen, known.trick_rule),
        known.opponents_may_hold(),
        known.first_lead,
    )


# ------------------------------------------------------------------ calls
@dataclass(frozen=True, slots=True)
class CallSituation:
    """What a show / bidding decision depends on, read from the view."""

    legal: tuple[str, ...]
    team: int
    scores: tuple[int, int]
    target: int
    value: int  # the confirmed value of the deal
    offered: int | None  # the value on offer (answering a raise or a counter)
    raise_step: int

    @staticmethod
    def from_view(view: dict[str, Any]) -> CallSituation:
        bid = view.get("bid") or {}
        value = int(view["value"])
        offered = bid.get("offered")
        return CallSituation(
            legal=tuple(view["legal"]),
            team=view["seat"] % 2,
            scores=(view["scores"][0], view["scores"][1]),
            target=view["target"],
            value=value,
            offered=offered,
            raise_step=(offered - value) if offered is not None else 3,
        )

    def utility(self, winner: int, points: int) -> float:
        """Points gained minus points conceded; ending the match counts for much more."""
        gained = points if winner == self.team else -points
        if self.scores[winner] + points >= self.target:
            gained += 100 if winner == self.team else -100
        return gained

    def expected(self, chance: float, points: int) -> float:
        return chance * self.utility(self.team, points) + (1 - chance) * self.utility(
            1 - self.team, points
        )


#: Raise / counter only with an edge, as the chance is only an estimate.
_RAISE_MARGIN = 0.6


def decide_call(situation: CallSituation, chance: float) -> str:
    """Show, or the bidding answer with the best expected gain for ``chance``
    (the estimated chance of winning the deal).

    >>> s = CallSituation(("accept", "counter", "give-up"), 0, (0, 0), 101, 4, 7, 3)
    >>> decide_call(s, 0.1), decide_call(s, 0.4), decide_call(s, 0.9)
    ('give-up', 'accept', 'counter')
    >>> decide_call(CallSituation(("pass", "raise"), 0, (0, 0), 101, 4, None, 3), 0.7)
    'raise'
    """
    legal = situation.legal
    if "show" in legal:
        return "show"
    value, step = situation.value, situation.raise_step
    if "raise" in legal:
        edge = situation.expected(chance, value + step) - situation.expected(chance, value)
        return "raise" if edge > 0 and chance >= _RAISE_MARGIN else "pass"
    offered = situation.offered if situation.offered is not None else value + step
    give_up = situation.utility(1 - situation.team, value)
    accept = situation.expected(chance, offered)
    counter = situation.expected(chance, offered + step)
    if "counter" in legal and chance >= _RAISE_MARGIN and counter > accept:
        return "counter"
    if "give-up" in legal and give_up > accept:
        return "give-up"
    return "accept" if "accept" in legal else legal[0]


#: Rough worth of a card for winning a trick, for :func:`hand_win_chance`.
_POWER = {Role.KARNOFFEL: 1.0, Role.POPE: 0.9, Role.DEVIL: 0.75, Role.EMPEROR: 0.8,
          Role.PARTIAL_3: 0.4, Role.PARTIAL_4: 0.35, Role.PARTIAL_5: 0.3}  # fmt: skip


def hand_win_chance(known: Knowledge) -> float:
    """A rule-of-thumb chance that the seat's team wins the deal: the trick
    power its known team cards carry, against an average share.

    >>> from engine.karnoffel.state import new_match
    >>> from engine.karnoffel.rules import Rules, RuleSet
    >>> state = new_match(Rules(set=RuleSet.HISTORIC), seed="doc")
    >>> 0 < hand_win_chance(read_view(state.view(state.current_player()))) < 1
    True
    """
    power = 0.0
    cards = 0
    for other in range(known.players):
        if other % 2 == known.seat % 2:
            for card in bits(known.hands[other]):
                role = role_of(DECK[card], known.chosen)
                rank = DECK[card].rank
                power += _POWER[role] if role is not None else 0.25 if rank is Rank.KING else 0.1
                cards += 1
    if cards == 0:
        return 0.5
    # An average card carries about 0.2 of a trick's worth; a team needs 3 of 5 tricks.
    edge = (power / cards - 0.2) * min(cards, 2 * 5) / TRICKS_TO_WIN
    return min(0.95, max(0.05, 0.5 + edge))


class HeuristicPlayer:
    """The rule-based level (see the module doc)."""

    def choose(self, view: dict[str, Any], stream: rng.Stream) -> str:
        legal: list[str] = view["legal"]
        if not legal:
            raise ValueError("it is not this seat's turn: no legal actions in the view")
        if view["phase"] != "play":
            return decide_call(CallSituation.from_view(view), hand_win_chance(read_view(view)))
        return DECK[card_from_knowledge(read_view(view))].notation
