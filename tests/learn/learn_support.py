"""Helpers for the hint and tutorial tests: decision points, quick players, and
a check of every hint reason's claims against the whole state.

The claims are checked with the state itself (every hand, hidden ones too),
not with the view the reason was written from: "whatever the opponents play"
is tried against the cards the opponents really hold, "the Karnöffel has been
played" against the played tricks, "your partner's card" against the parties.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import product
from typing import Any

from engine import rng
from engine.core import MatchState
from engine.doppelkopf import hints as dk_hints
from engine.doppelkopf.actions import action_notation as dk_notation
from engine.doppelkopf.cards import Card as DkCard
from engine.doppelkopf.cards import Rank as DkRank
from engine.doppelkopf.rules import CLUB_QUEEN, CONTRACTS, LEVELS, TRICKS, Contract, Variant
from engine.doppelkopf.search import Budget as DkBudget
from engine.doppelkopf.search import SearchPlayer as DkSearch
from engine.doppelkopf.state import State as DkState
from engine.doppelkopf.tricks import beats, winning_index
from engine.karnoffel.actions import action_notation as k_notation
from engine.karnoffel.cards import DECK, Card, Rank
from engine.karnoffel.hints import holds, strength
from engine.karnoffel.rules import Rules, RuleSet
from engine.karnoffel.search import Budget as KBudget
from engine.karnoffel.search import SearchPlayer as KSearch
from engine.karnoffel.state import Phase
from engine.karnoffel.state import State as KState
from engine.karnoffel.tricks import Role, resolve_trick, role_of, winner_index
from engine.karnoffel.view import known_cards
from engine.messages import Message

#: Small search budgets (as tests/karnoffel does) stand in for the default level in the
#: big sweeps: the same search, far fewer worlds. The real default level is
#: tested at fewer points.
QUICK_LEVELS: dict[str, Callable[[], Any]] = {
    "karnoffel": lambda: KSearch(KBudget(worlds=3, nodes=600, playout_worlds=2, bid_playouts=4)),
    "doppelkopf": lambda: DkSearch(DkBudget(plays=60, min_worlds=1, max_worlds=2)),
}

#: Karnöffel classic is played by 2, 4, 6 or 8: the decision points cycle through them.
CLASSIC_PLAYERS = (4, 4, 2, 6, 4, 8)


def _karnoffel(rule_set: str, number: int, seed: str) -> KState:
    players = CLASSIC_PLAYERS[number % len(CLASSIC_PLAYERS)] if rule_set == "classic" else 4
    rules = Rules(set=RuleSet(rule_set), players=players)
    return KState.new_match(rules, seed=seed, humans=())


def _biased(legal: list[str], stream: rng.Stream) -> str:
    """A random legal action favouring the rarer Doppelkopf games, so that
    marriages, poverties and solos occur among the decision points."""
    for rare in ("marriage", "poverty", "accept"):
        if rare in legal and stream.random() < 0.5:
            return rare
    if "healthy" in legal and stream.random() < 0.8:
        return "healthy"
    if "announce" in legal and len(legal) > 1 and stream.random() < 0.9:
        legal = [action for action in legal if action != "announce"]
    return stream.choice(legal)


CONFIGS: dict[str, Callable[[int, str], MatchState]] = {
    "classic": lambda n, seed: _karnoffel("classic", n, seed),
    "historic": lambda n, seed: _karnoffel("historic", n, seed),
    "doppelkopf": lambda n, seed: DkState.new_match(seed=seed, humans=()),
}


def decision_points(config: str, count: int, seed: str = "hints") -> Iterator[MatchState]:
    """``count`` positions where a seat must decide, each after a random number
    of random legal actions from the start of a seeded match."""
    stream = rng.Stream(rng.derive(seed, config))
    number = 0
    while number < count:
        state = CONFIGS[config](number, rng.derive(seed, config, number))
        for _ in range(stream.below(70)):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.settle_chance()
                continue
            legal = [state.action_text(action) for action in state.legal_actions()]
            state.apply_action(_biased(legal, stream))
        state.settle_chance()
        if state.is_terminal() or state.is_chance_node():
            continue
        number += 1
        yield state


def cards_of(param: str) -> list[str]:
    return [name.strip() for name in param.split(",") if name.strip()]


# --------------------------------------------------------------- Karnöffel
class _KFacts:
    """Facts of a Karnöffel position from the whole state, for the seat to act."""

    def __init__(self, state: KState, seat: int) -> None:
        assert state.chosen is not None
        self.state, self.seat = state, seat
        self.chosen = state.chosen
        self.rule = state.spec.trick_rule
        self.hand = list(state.hands[seat])
        self.partners = [s for s in range(state.players) if s != seat and s % 2 == seat % 2]
        self.partner_known = [c for s in self.partners for c in known_cards(state, seat, s)]
        self.trick = [card for _, card in state.trick]
        self.trick_seats = [s for s, _ in state.trick]
        self.played = set(self.trick) | {c for t in state.played for _, c in t.plays}
        mine = set(self.hand) | set(self.partner_known) | self.played
        self.outside = [card for card in DECK if card not in mine]
        leader = state.trick[0][0] if state.trick else seat
        later = [(leader + k) % state.players for k in range(len(self.trick) + 1, state.players)]
        self.later_opponents = [s for s in later if s % 2 != seat % 2]
        self.legal = [c for c in state.legal_actions() if isinstance(c, Card)]

    def strength(self, card: Card) -> int:
        return strength(card, self.chosen)

    def winner(self, cards: list[Card]) -> int:
        return winner_index(cards, self.chosen, self.rule)

    def really_sure(self, cards: list[Card], index: int) -> bool:
        """Whether card ``index`` wins whatever the later opponents play from
        the cards they really hold (the partners adding nothing)."""
        hands = [self.state.hands[s] for s in self.later_opponents]
        return all(self.winner(cards + list(combo)) == index for combo in product(*hands))

    def view_sure(self, cards: list[Card], index: int) -> bool:
        adds = len(self.later_opponents)
        return holds(cards, index, self.outside, adds, self.chosen, self.rule)

    def specials(self, cards: list[Card]) -> list[Card]:
        return [card for card in cards if role_of(card, self.chosen) is not None]


def karnoffel_claims(state: KState, seat: int, action: str, message: Message) -> list[str]:
    """What is untrue in ``message``, the reason given for ``action`` of ``seat``."""
    facts = _KFacts(state, seat)
    params = dict(message.params)
    key = message.key
    problems: list[str] = []

    def claim(ok: bool, what: str) -> None:
        if not ok:
            problems.append(f"{key}: {what} is not true ({message.text})")

    def card(name: str) -> Card:
        return Card.parse(params[name])

    karnoffel = Card(facts.chosen, Rank.UNTER)
    devil = Card(facts.chosen, Rank.SEVEN)
    if state.phase is Phase.PLAY:
        played = Card.parse(action)
        after = facts.trick + [played]
        position = len(facts.trick)
        now = facts.winner(after)
        claim(played in facts.hand, "the card is in the hand")
        if "card" in params:
            claim(card("card") == played, "the card named is the one played")
        winners = [c for c in facts.legal if facts.winner(facts.trick + [c]) == position]
        if "winner" in params:
            claim(card("winner") == after[now], "the winner named wins after the card")
        if "keep" in params and key != "hint_duck":
            others = [c for c in facts.hand if c != played]
            claim(card("keep") in others, "the card kept is in the hand")
            best = max(facts.strength(c) for c in others)
            claim(facts.strength(card("keep")) == best, "the card kept is the best one")
        if key.endswith("_lowest") and key != "hint_lead_lowest":
            claim(facts.strength(played) == min(map(facts.strength, facts.hand)), "lowest")
        before = facts.winner(facts.trick) if facts.trick else None
        checks: dict[str, Callable[[], None]] = {
            "hint_only_card": lambda: claim(len(state.legal_actions()) == 1, "the only card"),
            "hint_lead_karnoffel": lambda: claim(
                not facts.trick and role_of(played, facts.chosen) is Role.KARNOFFEL, "a lead"
            ),
            "hint_lead_devil_gone": lambda: claim(
                played == devil and card("karnoffel") == karnoffel and karnoffel in facts.played,
                "the Karnöffel has been played",
            ),
            "hint_lead_devil_own": lambda: claim(
                played == devil and karnoffel in facts.hand, "you hold the Karnöffel"
            ),
            "hint_lead_devil_partner": lambda: claim(
                played == devil and karnoffel in facts.partner_known,
                "the partner holds the Karnöffel",
            ),
            "hint_lead_devil": lambda: claim(
                played == devil and card("karnoffel") == karnoffel and not facts.trick,
                "a Devil lead",
            ),
            "hint_lead_sure": lambda: claim(
                not facts.trick and facts.really_sure([played], 0), "it wins whatever they play"
            ),
            "hint_lead_lowest": lambda: claim(
                facts.strength(played) == min(map(facts.strength, facts.hand))
                and card("best") in facts.hand
                and facts.strength(card("best")) == max(map(facts.strength, facts.hand)),
                "lowest card and best card",
            ),
            "hint_devil_not_led": lambda: claim(
                played == devil and bool(facts.trick), "the Devil not led"
            ),
        }
        threats = [c for c in facts.outside if facts.winner([*after, c]) == position + 1]
        lead_threats = [c for c in facts.outside if facts.winner([played, c]) == 1]
        checks |= {
            "hint_lead_one_threat": lambda: claim(
                lead_threats == [card("threat")], "only this card beats it on its own"
            ),
            "hint_lead_threats": lambda: claim(
                int(params["count"]) == len(lead_threats)
                and card("threat") in lead_threats
                and facts.strength(card("threat")) == max(map(facts.strength, lead_threats)),
                "the count and the strongest of the cards that beat it",
            ),
            "hint_lead_no_single_threat": lambda: claim(not lead_threats, "no card beats it"),
            "hint_win_for_now": lambda: claim(
                now == position and card("threat") in threats, "the threat beats it"
            ),
            "hint_win_no_single_threat": lambda: claim(
                now == position and not threats, "no single card beats it"
            ),
        }
        if before is not None:
            partner_winning = facts.trick_seats[before] in facts.partners
            opponent_winning = not partner_winning
            if "partner_card" in params:
                claim(
                    partner_winning and card("partner_card") == facts.trick[before],
                    "the partner's card is winning",
                )
            if "beaten" in params:
                claim(card("beaten") == facts.trick[before], "the card beaten was winning")
            checks |= {
                "hint_partner_sure": lambda: claim(
                    now == before and facts.really_sure(after, before), "the partner wins surely"
                ),
                "hint_partner_sure_lowest": lambda: claim(
                    now == before and facts.really_sure(after, before), "the partner wins surely"
                ),
                "hint_partner_ahead": lambda: claim(now == before, "the partner still wins"),
                "hint_partner_ahead_lowest": lambda: claim(now == before, "the partner still wins"),
                "hint_overtake": lambda: claim(now == position, "the card takes over"),
                "hint_overtake_sure": lambda: claim(
                    now == position and facts.really_sure(after, position), "it wins surely"
                ),
                "hint_disarm": lambda: _disarm(claim, facts, after, before, card("disarmed")),
                "hint_disarm_sure": lambda: (
                    _disarm(claim, facts, after, before, card("disarmed")),
                    claim(facts.really_sure(after, now), "the team wins surely"),
                ),
                "hint_win_last": lambda: claim(
                    opponent_winning and now == position and not facts.later_opponents,
                    "it wins and no opponent follows",
                ),
                "hint_win_last_cheapest": lambda: claim(
                    opponent_winning
                    and now == position
                    and not facts.later_opponents
                    and facts.strength(played) == min(map(facts.strength, winners)),
                    "the cheapest winner, no opponent after",
                ),
                "hint_win_sure": lambda: claim(
                    now == position and facts.really_sure(after, position), "it wins surely"
                ),
                "hint_win_sure_cheapest": lambda: claim(
                    now == position
                    and facts.really_sure(after, position)
                    and not any(
                        facts.view_sure([*facts.trick, c], position)
                        for c in winners
                        if facts.strength(c) < facts.strength(played)
                    ),
                    "it wins surely and no cheaper card surely does",
                ),
                "hint_duck": lambda: claim(
                    now != position
                    and card("keep") in winners
                    and after[now] not in facts.partner_known
                    and facts.trick_seats[now] not in facts.partners,
                    "a card that would win is kept and the opponents win",
                ),
                "hint_cannot_win": lambda: claim(not winners, "none of the cards wins"),
                "hint_cannot_win_lowest": lambda: claim(not winners, "none of the cards wins"),
                "hint_cannot_win_keep_devil": lambda: claim(
                    not winners and devil in facts.hand and played != devil,
                    "none wins and the Devil is kept",
                ),
                "hint_play_card": lambda: None,
            }
        check = checks.get(key)
        claim(
            check is not None, f"a known card reason (for {'lead' if before is None else 'follow'})"
        )
        if check is not None:
            check()
        return problems
    return problems + _karnoffel_call_claims(facts, action, message, params, claim)


def _disarm(
    claim: Callable[[bool, str], None], facts: _KFacts, after: list[Card], before: int, card: Card
) -> None:
    result = resolve_trick(after, facts.chosen, facts.rule)
    notes = {(note.key, dict(note.params).get("card")) for note in result.notes}
    powerless = any(
        (key, card.notation) in notes
        for key in ("powerless_king", "powerless_king_ober", "powerless_king_ober_unter")
    )
    seats = [*facts.trick_seats, facts.seat]
    claim(
        card == facts.trick[before]
        and facts.trick_seats[before] % 2 != facts.seat % 2
        and powerless
        and seats[result.winner] % 2 == facts.seat % 2,
        "the opponents' winning card loses its power and the team wins",
    )


def _karnoffel_call_claims(
    facts: _KFacts,
    action: str,
    message: Message,
    params: dict[str, str],
    claim: Callable[[bool, str], None],
) -> list[str]:
    problems: list[str] = []
    state = facts.state
    key = message.key
    own = facts.specials(facts.hand)
    partner = facts.specials(facts.partner_known)
    in_partner_hands = {c for s in facts.partners for c in state.hands[s]}
    if "cards" in params:
        claim(set(cards_of(params["cards"])) == {c.notation for c in own}, "the own specials")
    if "partner_cards" in params:
        named = set(cards_of(params["partner_cards"]))
        claim(named == {c.notation for c in partner}, "the partner's known specials")
        claim(named <= {c.notation for c in in_partner_hands}, "the partner holds them")
    if key.endswith(("_weak", "_partner")):
        claim(not own, "the seat holds no special")
    if key.endswith("_weak") and key != "hint_show_weak":
        best = max(facts.hand + facts.partner_known, key=facts.strength)
        claim(
            not partner and facts.strength(Card.parse(params["card"])) == facts.strength(best),
            "no known special in the team, the best card named",
        )
    bid = state.bid
    step = state.spec.raise_step
    numbers = {
        "raise": {"offered": bid.value + step},
        "pass": {"value": bid.value},
        "counter": {"offered": bid.offered, "next": (bid.offered or 0) + step},
        "accept": {"offered": bid.offered, "value": bid.value},
        "give-up": {"value": bid.value, "offered": bid.offered},
    }.get(action, {})
    for name, value in numbers.items():
        if name in params:
            claim(params[name] == str(value), f"{name} = {value}")
    if key == "hint_show":
        claim(action == "show" and bool(own), "a show with specials")
    elif key == "hint_show_weak":
        claim(
            action == "show"
            and not own
            and facts.strength(Card.parse(params["card"])) == max(map(facts.strength, facts.hand)),
            "a show without specials, the best card named",
        )
    elif key == "hint_no_show":
        claim(
            action == "no-show" and Card.parse(params["card"]) is state.face_up[facts.seat],
            "face up",
        )
    elif key == "hint_give_up_match":
        other = 1 - facts.seat % 2
        claim(
            action == "give-up" and state.scores[other] + (bid.offered or 0) >= state.rules.target,
            "losing the offer would end the match",
        )
    else:
        verb = key.removeprefix("hint_").split("_")[0]
        claim(verb == {"give-up": "give"}.get(action, action), f"the key fits the action {action}")
    return problems


# -------------------------------------------------------------- Doppelkopf
def doppelkopf_claims(state: DkState, seat: int, action: str, message: Message) -> list[str]:
    """What is untrue in ``message``, the reason given for ``action`` of ``seat``."""
    params = dict(message.params)
    key = message.key
    problems: list[str] = []
    view = state.view(seat)

    def claim(ok: bool, what: str) -> None:
        if not ok:
            problems.append(f"{key}: {what} is not true ({message.text})")

    hand = list(state.hands[seat])
    contract = state.contract if state.phase.value == "play" else Contract.NORMAL
    spec = CONTRACTS[contract]
    if view["contract"] is not None:
        contract = Contract(view["contract"]["trumps"])
        spec = CONTRACTS[contract]
    counted = {
        "trumps": lambda c: sum(spec.is_trump(x) for x in hand),
        "aces": lambda c: sum(x.rank is DkRank.ACE and not spec.is_trump(x) for x in hand),
    }
    phase = state.phase.value
    if phase == "reserve":
        normal = CONTRACTS[Contract.NORMAL]
        trumps = sum(normal.is_trump(x) for x in hand)
        if key.startswith("hint_dk_solo"):
            solo = {
                "solo-diamonds": Contract.DIAMONDS, "solo-hearts": Contract.HEARTS,
                "solo-spades": Contract.SPADES, "solo-clubs": Contract.CLUBS,
                "solo-queens": Contract.QUEENS, "solo-jacks": Contract.JACKS,
                "solo-aces": Contract.ACES,
            }[action]  # fmt: skip
            solo_spec = CONTRACTS[solo]
            if solo in (Contract.QUEENS, Contract.JACKS, Contract.ACES):
                claim(key == f"hint_dk_solo_{solo.value}", "the kind of solo")
            else:
                claim(
                    key.startswith("hint_dk_solo_suit") and params["suit"] == solo.value[0].upper(),
                    "the solo's trump suit",
                )
            if "trumps" in params or "count" in params:
                count = params.get("trumps", params.get("count"))
                claim(count == str(sum(solo_spec.is_trump(x) for x in hand)), "the solo's trumps")
            if "aces" in params:
                claim(params["aces"] == str(sum(x.rank is DkRank.ACE for x in hand)), "the aces")
            if "high" in params:
                claim(
                    cards_of(params["high"])
                    == [c.notation for c in dk_hints.high_trumps(hand, solo)],
                    "the high trumps",
                )
            return problems
        if "trumps" in params:
            claim(params["trumps"] == str(trumps), "the number of trumps")
        if "high" in params:
            high = [c.notation for c in dk_hints.high_trumps(hand, Contract.NORMAL)]
            claim(cards_of(params["high"]) == high, "the high trumps")
        expected = {
            "hint_dk_silent_solo": hand.count(CLUB_QUEEN) == 2 and action == "healthy",
            "hint_dk_marriage": hand.count(CLUB_QUEEN) == 2 and action == "marriage",
            "hint_dk_poverty": trumps <= 3 and action == "poverty",
            "hint_dk_healthy_few_trumps": trumps <= 3 and action == "healthy",
            "hint_dk_healthy_few_no_aces": trumps <= 3 and action == "healthy",
            "hint_dk_healthy": action == "healthy",
            "hint_dk_healthy_no_high": action == "healthy"
            and not dk_hints.high_trumps(hand, Contract.NORMAL),
        }
        claim(expected.get(key, False), "the reservation's reason")
        if "aces" in params:
            claim(params["aces"] == str(counted["aces"](None)), "the plain aces")
        return problems
    if phase == "poverty-answer":
        normal = CONTRACTS[Contract.NORMAL]
        claim(params["trumps"] == str(sum(normal.is_trump(x) for x in hand)), "the trumps")
        claim(key.removeprefix("hint_dk_").startswith(action), "the answer")
        return problems
    if phase in ("poverty-pass", "poverty-return"):
        normal = CONTRACTS[Contract.NORMAL]
        kind, _, names = action.partition(":")
        given = [DkCard.parse(c) for c in names.split(",")]
        claim(cards_of(params["cards"]) == [c.notation for c in given], "the cards given")
        if kind == "pass":
            trumps = [c.notation for c in hand if normal.is_trump(c)]
            claim(sorted(cards_of(params.get("trump_cards", ""))) == sorted(trumps), "all trumps")
        else:
            claim(params["trumps"] == str(sum(normal.is_trump(c) for c in given)), "trumps given")
            if "suit" in params:
                rest = list(hand)
                for c in given:
                    rest.remove(c)
                suit = params["suit"]
                had = any(c.suit.value == suit and not normal.is_trump(c) for c in hand)
                left = any(c.suit.value == suit and not normal.is_trump(c) for c in rest)
                claim(had and not left, "the suit is made void")
        return problems
    if (action == "announce") != key.startswith("hint_dk_announce"):
        return [f"{key}: not a reason for {action} ({message.text})"]
    if action == "announce":
        party = state.party_of(seat)
        level = state.levels[party] + 1
        claim(params["announcement"] == LEVELS[level].announcement(party), "the announcement")
        claim(params["trumps"] == str(counted["trumps"](None)), "the trumps")
        claim(params["aces"] == str(counted["aces"](None)), "the aces")
        if "high" in params:
            high = [c.notation for c in dk_hints.high_trumps(hand, contract)]
            claim(cards_of(params["high"]) == high, "the high trumps")
        return problems
    return problems + _dk_card_claims(state, seat, view, action, message, claim)


def _dk_card_claims(
    state: DkState,
    seat: int,
    view: dict[str, Any],
    action: str,
    message: Message,
    claim: Callable[[bool, str], None],
) -> list[str]:
    params = dict(message.params)
    key = message.key
    contract = state.contract
    spec = CONTRACTS[contract]
    hand = list(state.hands[seat])
    played = DkCard.parse(action)
    claim(played in hand and DkCard.parse(params["card"]) is played, "the card is played")
    second = state.rules.has(Variant.SECOND_HEART_TEN) and len(state.played) < TRICKS - 1
    trick = [card for _, card in state.trick]
    seats = [s for s, _ in state.trick]
    after = [*trick, played]
    position = len(trick)
    now = winning_index(after, contract, second_heart_ten=second)
    legal = [c for c in state.legal_actions() if isinstance(c, DkCard)]
    mine = state.party_of(seat)
    known = view["parties"]

    def known_partner(other: int) -> bool:
        return (
            other != seat
            and known[seat] is not None
            and known[other] == known[seat]
            and state.party_of(other) is mine
        )

    leader = state.trick[0][0] if state.trick else seat
    later = [(leader + k) % 4 for k in range(position + 1, 4)]
    later_opponents = [s for s in later if not known_partner(s)]

    def really_sure(best: DkCard) -> bool:
        return all(
            not beats(c, best, contract, second_heart_ten=second)
            for s in later_opponents
            for c in state.hands[s]
        )

    def wins(card: DkCard) -> bool:
        return winning_index([*trick, card], contract, second_heart_ten=second) == position

    points = sum(c.points for c in after)
    if "points" in params and key.startswith(("hint_dk_ruff", "hint_dk_win_sure")):
        claim(params["points"] == str(points), "the points in the trick")
    elif "points" in params:
        claim(params["points"] == str(played.points), "the card's points")
    if "winner" in params:
        claim(DkCard.parse(params["winner"]) is after[now], "the winner named")
    winners = [c for c in legal if wins(c)]
    others = [(s, c) for s in range(4) if s != seat for c in state.hands[s]]
    if trick:
        before = winning_index(trick, contract, second_heart_ten=second)
        if "partner_card" in params:
            claim(
                known_partner(seats[before])
                and DkCard.parse(params["partner_card"]) is trick[before],
                "the partner's card is winning",
            )
        if "beaten" in params:
            claim(DkCard.parse(params["beaten"]) is trick[before], "the card beaten")
        led = spec.suit_of(trick[0])
        checks = {
            "hint_dk_fox_home": lambda: claim(
                played.notation == "DA" and now == before and really_sure(trick[before]),
                "the fox goes onto a sure trick",
            ),
            "hint_dk_partner_sure": lambda: claim(
                now == before and really_sure(trick[before]) and played.points > 0,
                "the partner wins surely and the card adds points",
            ),
            "hint_dk_partner_sure_nothing": lambda: claim(
                now == before and really_sure(trick[before]) and played.points == 0,
                "the partner wins surely and the card adds no points",
            ),
            "hint_dk_partner_ahead": lambda: claim(
                now == before and played.points > 0, "the partner still wins, the card adds points"
            ),
            "hint_dk_partner_ahead_nothing": lambda: claim(
                now == before and played.points == 0, "the partner still wins, the card adds none"
            ),
            "hint_dk_overtake_sure": lambda: claim(
                now == position and really_sure(played), "it wins surely"
            ),
            "hint_dk_overtake": lambda: claim(now == position, "it takes over"),
            "hint_dk_overtake_anyway": lambda: claim(
                now == position and really_sure(trick[before]), "the partner won surely anyway"
            ),
            "hint_dk_catch_fox": lambda: _fox(claim, state, params, now == position),
            "hint_dk_catch_fox_sure": lambda: (
                _fox(claim, state, params, now == position),
                claim(really_sure(played), "it wins surely"),
            ),
            "hint_dk_ruff": lambda: claim(
                now == position
                and spec.is_trump(played)
                and led is not None
                and not any(spec.suit_of(c) is led for c in hand),
                "a trump on a suit the seat lacks",
            ),
            "hint_dk_ruff_sure": lambda: claim(
                now == position
                and really_sure(played)
                and led is not None
                and not any(spec.suit_of(c) is led for c in hand),
                "a sure trump on a suit the seat lacks",
            ),
            "hint_dk_win_sure": lambda: claim(
                now == position and really_sure(played), "it wins surely"
            ),
            "hint_dk_win_now": lambda: claim(now == position, "it leads the trick"),
            "hint_dk_duck": lambda: claim(
                now != position and DkCard.parse(params["keep"]) in winners, "a winner is kept"
            ),
            "hint_dk_keep_charlie": lambda: claim(
                not winners and "CJ" in [c.notation for c in hand] and played.notation != "CJ",
                "Charlie is kept",
            ),
            "hint_dk_follow_low": lambda: claim(
                not winners and len(set(legal)) < len(set(hand)) and spec.suit_of(played) is led,
                "the seat must follow and cannot win",
            ),
            "hint_dk_follow_trump_low": lambda: claim(
                not winners and len(set(legal)) < len(set(hand)) and led is None,
                "the seat must follow trumps and cannot win",
            ),
            "hint_dk_cannot_win": lambda: claim(not winners, "no card wins"),
        }
    else:
        higher = [
            c for _, c in others
            if spec.suit_of(c) is played.suit and not spec.is_trump(played)
            and spec.power(c) > spec.power(played)
        ]  # fmt: skip
        suit_played = any(
            spec.suit_of(c) is played.suit and not spec.is_trump(c)
            for t in state.played
            for _, c in t.plays
        )
        trumps = [c for c in hand if spec.is_trump(c)]
        checks = {
            "hint_dk_lead_top_trump": lambda: claim(
                spec.is_trump(played) and really_sure(played), "no card beats the trump"
            ),
            "hint_dk_lead_trump_solo": lambda: claim(
                spec.is_trump(played)
                and state.declarer == seat
                and len(state.re_seats) == 1
                and params["count"] == str(len(trumps)),
                "the soloist's trump lead",
            ),
            "hint_dk_lead_trump_long": lambda: claim(
                spec.is_trump(played)
                and params["count"] == str(len(trumps))
                and params["size"] == str(len(hand))
                and 2 * len(trumps) >= len(hand),
                "most of the hand is trumps",
            ),
            "hint_dk_lead_trump": lambda: claim(
                spec.is_trump(played) and params["count"] == str(len(trumps)), "a trump lead"
            ),
            "hint_dk_lead_top_no_trumps": lambda: claim(
                not spec.trumps and not higher, "no trumps, no higher card"
            ),
            "hint_dk_lead_top_fresh": lambda: claim(
                not higher and not suit_played, "no higher card, the suit not played"
            ),
            "hint_dk_lead_top_plain": lambda: claim(not higher, "no higher card out"),
            "hint_dk_lead_low": lambda: claim(played.points <= 4, "a low card"),
            "hint_dk_lead_suit": lambda: claim(
                params["count"]
                == str(sum(spec.suit_of(c) is played.suit for c in hand if not spec.is_trump(c))),
                "the suit's count",
            ),
        }
    checks |= {
        "hint_dk_last_card": lambda: claim(len(hand) == 1, "the last card"),
        "hint_dk_charlie_last": lambda: claim(
            len(hand) == 1 and played.notation == "CJ" and really_sure(played), "Charlie wins"
        ),
        "hint_dk_only_card": lambda: claim(len(set(legal)) == 1, "the only card"),
        "hint_dk_only_trump": lambda: claim(len(set(legal)) == 1, "the only trump"),
        "hint_dk_only_follow": lambda: claim(len(set(legal)) == 1, "the only card of the suit"),
    }
    check = checks.get(key)
    claim(check is not None, "a known card reason")
    if check is not None:
        check()
    return []


def _fox(
    claim: Callable[[bool, str], None], state: DkState, params: dict[str, str], wins: bool
) -> None:
    fox_seat = int(params["seat"])
    claim(
        wins and any(s == fox_seat and c.notation == "DA" for s, c in state.trick),
        "the seat's fox is in the trick and the card wins it",
    )


def claims_problems(state: MatchState, seat: int, action: str, message: Message) -> list[str]:
    if isinstance(state, KState):
        return karnoffel_claims(state, seat, action, message)
    assert isinstance(state, DkState)
    return doppelkopf_claims(state, seat, action, message)


def notation(state: MatchState, action: Any) -> str:
    return k_notation(action) if isinstance(state, KState) else dk_notation(action)
