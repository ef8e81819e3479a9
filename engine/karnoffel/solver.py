"""An exact solver for one Karnöffel deal with all cards open.

The question it answers is the one the deal asks: does team 0 take three
tricks first? It is a boolean minimax with the first winning card ending
every search (alpha-beta on two values), a transposition table at the start
of each trick, and two ways of looking at fewer cards:

- **equivalent cards**: two cards of one hand that no card still in play
  separates in any trick order (for example ``H9`` and ``H7`` once ``H8`` is
  out of play) win and lose the same tricks, so only one of them is tried;
- **move ordering**: the side that wants a trick tries its cheapest winner
  first, the side that cannot (or need not) win it throws its least useful
  card first, so that the first card tried is usually the best.

Cards are deck indices and hands are bit sets (:mod:`engine.karnoffel.knowledge`).
Nodes are counted so that a caller can budget the work (never by time).

>>> from engine.karnoffel.cards import Card, Suit
>>> from engine.karnoffel.knowledge import mask_of
>>> def hand(*cards: str) -> int:
...     return mask_of(Card.parse(card).index for card in cards)
>>> solver = Solver(Suit.BELLS, "classic", players=2)
>>> # Two players, one trick each so far: the Karnöffel takes the last trick.
>>> solver.team_wins(0, (hand("BU", "H2"), hand("HK", "L2")), leader=1, trick=(), won=(1, 1))
True
>>> values = solver.move_values(1, (hand("BU", "H2"), hand("HK", "L2")), 1, (), (1, 1))
>>> {DECK[card].notation: wins for card, wins in values.items()}  # seat 1 leads: both lose
{'L2': False, 'HK': False}
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.karnoffel.cards import DECK, Rank, Suit
from engine.karnoffel.knowledge import bits
from engine.karnoffel.rules import TRICKS_TO_WIN
from engine.karnoffel.trick_strengths import strengths
from engine.karnoffel.tricks import Role, role_of

__all__ = ["OutOfBudget", "Solver", "equivalence_orders", "keep_order", "sure_trick_spoilers"]


class OutOfBudget(Exception):
    """The solver has used up its node budget."""


#: Worth of keeping a card (higher: keep longer), the solver's move ordering;
#: plain cards count their rank order (2..12).
_KEEP_ROLE = {
    Role.KARNOFFEL: 100,
    Role.POPE: 90,
    Role.DEVIL: 85,
    Role.EMPEROR: 80,
    Role.PARTIAL_3: 45,
    Role.PARTIAL_4: 40,
    Role.PARTIAL_5: 35,
}


def keep_order(chosen: Suit) -> list[int]:
    """Every deck index, least worth keeping first (the order cards are thrown in).

    >>> from engine.karnoffel.cards import Card
    >>> order = keep_order(Suit.BELLS)
    >>> order.index(Card.parse("H2").index) < order.index(Card.parse("HK").index)
    True
    >>> DECK[order[-1]]
    BU
    """

    def worth(card: int) -> tuple[int, int]:
        role = role_of(DECK[card], chosen)
        return (_KEEP_ROLE[role] if role is not None else DECK[card].rank.order, card)

    return sorted(range(len(DECK)), key=worth)


# Trick orders in which two cards are "neighbours": cards adjacent in one of
# them with nothing still in play between them are interchangeable.
_PLAIN_RANKS = (Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN, Rank.SIX, Rank.FIVE,
                Rank.FOUR, Rank.THREE, Rank.TWO)  # fmt: skip


def equivalence_orders(chosen: Suit, rule: str) -> list[list[int]]:
    """Chains of cards (strongest first) within which cards only differ by
    rank: any two cards of a hand with no card in play between them in a
    chain are interchangeable in every trick of the deal.

    Only cards without side effects are chained: the plain 10..2 of the
    other suits (Kings, Obers and Unters disarm partial trumps in classic and
    sit between the chosen suit's cards in historic), and the chosen suit's
    powerless 10, 9, 8.

    >>> [[DECK[card].notation for card in chain] for chain in equivalence_orders(Suit.BELLS, "classic")][-1]
    ['B10', 'B9', 'B8']
    """
    index = {(card.suit, card.rank): i for i, card in enumerate(DECK)}
    chains = [[index[suit, rank] for rank in _PLAIN_RANKS] for suit in Suit if suit is not chosen]
    chains.append([index[chosen, rank] for rank in (Rank.TEN, Rank.NINE, Rank.EIGHT)])
    del rule  # the same chains hold in both rule sets (see the doc above)
    return chains


def sure_trick_spoilers(chosen: Suit) -> list[tuple[int, int, int]]:
    """The chosen suit's specials that can be *sure tricks*: each with the
    cards (bit sets) that could stop it winning if the other team holds
    them, and the face cards that disarm it (partial trumps) if any other
    hand holds them. A special with neither wins the trick it is played to,
    in both rule sets, however the others play.

    >>> from engine.karnoffel.cards import Card
    >>> sure = {card: (stronger, faces) for card, stronger, faces in sure_trick_spoilers(Suit.BELLS)}
    >>> sure[Card.parse("BU").index], [DECK[c] for c in range(48) if sure[Card.parse("B6").index][0] >> c & 1]
    ((0, 0), [BU, B7])
    """
    index = {(card.suit, card.rank): i for i, card in enumerate(DECK)}
    beaten_by = {
        Role.KARNOFFEL: (),
        Role.POPE: (Rank.UNTER, Rank.SEVEN),
        Role.EMPEROR: (Rank.UNTER, Rank.SEVEN, Rank.SIX),
        Role.PARTIAL_3: (Rank.UNTER, Rank.SEVEN, Rank.SIX, Rank.TWO),
        Role.PARTIAL_4: (Rank.UNTER, Rank.SEVEN, Rank.SIX, Rank.TWO, Rank.THREE),
        Role.PARTIAL_5: (Rank.UNTER, Rank.SEVEN, Rank.SIX, Rank.TWO, Rank.THREE, Rank.FOUR),
    }
    # Partial trumps lose to (classic: are disarmed by) Kings; the 4 also by
    # Obers, the 5 by Unters, whoever plays them, the partner included.
    disarmers = {
        Role.PARTIAL_3: (Rank.KING,),
        Role.PARTIAL_4: (Rank.KING, Rank.OBER),
        Role.PARTIAL_5: (Rank.KING, Rank.OBER, Rank.UNTER),
    }
    sure = []
    for card, deck_card in enumerate(DECK):
        role = role_of(deck_card, chosen)
        if role is None or role is Role.DEVIL:
            continue
        stronger = sum(1 << index[chosen, rank] for rank in beaten_by[role])
        faces = 0
        for rank in disarmers.get(role, ()):
            faces |= sum(1 << index[suit, rank] for suit in Suit)
        sure.append((card, stronger, faces & ~stronger & ~(1 << card)))
    return sure


class Solver:
    """Exact play of one deal, all hands open (see the module doc).

    One solver serves one chosen suit, rule and player count; its memo holds
    positions of every world it was asked about (keys include all hands), so
    it can be reused across worlds until ``clear()``.
    """

    #: Forget the memo beyond this many positions (bounds memory in the browser).
    MEMO_LIMIT = 1 << 18

    def __init__(self, chosen: Suit, rule: str, players: int) -> None:
        self.chosen = chosen
        self.rule = rule
        self.players = players
        self.nodes = 0
        self.node_limit = 1 << 62
        self.memo: dict[tuple[int, ...], bool] = {}
        self._order = keep_order(chosen)
        self._rank_in_order = [0] * len(DECK)
        for position, card in enumerate(self._order):
            self._rank_in_order[card] = position
        self._devil_bit = 1 << next(
            i for i, card in enumerate(DECK) if role_of(card, chosen) is Role.DEVIL
        )
        # For each card: the chain it belongs to (bit set) and the cards above
        # and below it in that chain, for the equivalence test.
        self._chain_of = [0] * len(DECK)
        self._between: dict[tuple[int, int], int] = {}
        for chain in equivalence_orders(chosen, rule):
            mask = sum(1 << card for card in chain)
            for i, card in enumerate(chain):
                self._chain_of[card] = mask
                for j in range(i + 1, len(chain)):
                    between = sum(1 << chain[k] for k in range(i + 1, j))
                    self._between[card, chain[j]] = between
                    self._between[chain[j], card] = between
        self._sure = sure_trick_spoilers(chosen)
        self._sure_mask = sum(1 << card for card, _, _ in self._sure)
        self._spoilers = {card: (stronger, faces) for card, stronger, faces in self._sure}
        self._beats = [-1] * len(DECK)
        # Led cards whose strength no other card can lower (classic partial
        # trumps lose theirs to faces played after them): for these, beating
        # them alone is the only way to beat them.
        self._steady = sum(
            1 << card
            for card, deck_card in enumerate(DECK)
            if rule != "classic"
            or role_of(deck_card, chosen) not in (Role.PARTIAL_3, Role.PARTIAL_4, Role.PARTIAL_5)
        )
        self._moves_memo: dict[tuple[int, int], list[int]] = {}
        self._moves_by_chains: dict[tuple[int, int], list[int]] = {}
        self._chains_of_hand: dict[int, int] = {}
        self.strengths = strengths(chosen, rule)
        self._prefixes = self.strengths.prefixes
        self.hands: list[int] = []
        self._in_play = 0

    def clear(self) -> None:
        self.memo.clear()

    # ---------------------------------------------------------------- API
    def team_wins(
        self,
        team: int,
        hands: Sequence[int],
        leader: int,
        trick: tuple[int, ...],
        won: tuple[int, int],
    ) -> bool:
        """Whether ``team`` takes three tricks first from this position, with
        best play by everybody and all cards open."""
        self.hands = list(hands)
        self._in_play = 0
        for card in trick:
            self._in_play |= 1 << card
        for hand in hands:
            self._in_play |= hand
        zero_wins = self._node(leader, trick, won[0], won[1])
        return zero_wins == (team == 0)

    def move_values(
        self,
        team: int,
        hands: Sequence[int],
        leader: int,
        trick: tuple[int, ...],
        won: tuple[int, int],
        cards: Sequence[int] | None = None,
    ) -> dict[int, bool]:
        """For each card the seat to play may play (or each of ``cards``):
        does ``team`` win after it?"""
        seat = (leader + len(trick)) % self.players
        hand = hands[seat]
        if not trick and won == (0, 0):
            hand &= ~self._devil_bit
        in_play = 0
        for card in trick:
            in_play |= 1 << card
        for other in hands:
            in_play |= other
        self._in_play = in_play
        wanted = list(bits(hand)) if cards is None else list(cards)
        stands_for = {card: self._representative(card, hand) for card in wanted}
        values: dict[int, bool] = {}
        for card in self._moves(hand):
            if card in stands_for.values():
                after = list(hands)
                after[seat] = hands[seat] & ~(1 << card)
                values[card] = self._after_card(team, after, leader, trick + (card,), won)
                self._in_play = in_play
        return {card: values[stands_for[card]] for card in wanted}

    def _after_card(
        self, team: int, hands: list[int], leader: int, trick: tuple[int, ...], won: tuple[int, int]
    ) -> bool:
        if len(trick) < self.players:
            return self.team_wins(team, hands, leader, trick, won)
        taker = (leader + self.strengths.winner(trick)) % self.players
        won0, won1 = (won[0] + 1, won[1]) if taker % 2 == 0 else (won[0], won[1] + 1)
        if won0 >= TRICKS_TO_WIN or won1 >= TRICKS_TO_WIN:
            return (won0 >= TRICKS_TO_WIN) == (team == 0)
        return self.team_wins(team, hands, taker, (), (won0, won1))

    # ------------------------------------------------------------ search
    def _surely_takes(
        self, team: int, ours: int, theirs: int, leader: int, first_trick: bool, need: int
    ) -> bool:
        """Whether ``team`` (holding ``ours``) takes ``need`` more tricks
        whatever the others (holding ``theirs``) do: its cards that win any
        trick they are played to, plus one if it leads now a card that no card
        of the other team beats when led."""
        leads_now = leader % 2 == team
        if (ours & self._sure_mask).bit_count() + leads_now < need:
            return False
        hands = self.hands
        count = 0
        counted = 0
        spoilers = self._spoilers
        sure = ours & self._sure_mask
        while sure:
            low = sure & -sure
            sure ^= low
            card = low.bit_length() - 1
            stronger, faces = spoilers[card]
            if stronger & theirs:
                continue
            if faces:
                holder = next(hand for hand in hands if hand >> card & 1)
                if faces & (ours | theirs) & ~holder:
                    continue
            count += 1
            counted |= 1 << card
        if count >= need:
            return True
        if not leads_now or count + 1 < need:
            return False
        leads = hands[leader] & ~counted & self._steady
        if first_trick:
            leads &= ~self._devil_bit
        while leads:
            low = leads & -leads
            leads ^= low
            if not self._beats_lead(low.bit_length() - 1) & theirs:
                return True
        return False

    def _beats_lead(self, led: int) -> int:
        """The cards (bit set) that beat ``led`` in a trick of the two alone."""
        beats = self._beats[led]
        if beats < 0:
            winner = self.strengths.winner
            beats = 0
            for card in range(len(DECK)):
                if card != led and winner((led, card)) == 1:
                    beats |= 1 << card
            self._beats[led] = beats
        return beats

    def _moves(self, playable: int) -> list[int]:
        """The playable cards, least worth keeping first, one of each class of
        equivalent cards (see the module doc)."""
        key = (playable, self._in_play)
        moves = self._moves_memo.get(key)
        if moves is not None:
            return moves
        # Only the cards in play in the chains of the hand's cards matter: a
        # second memo by those alone is hit where the first one misses.
        chains = self._chains_of_hand.get(playable)
        if chains is None:
            chains = 0
            for card in bits(playable):
                chains |= self._chain_of[card]
            self._chains_of_hand[playable] = chains
        narrow = (playable, self._in_play & chains)
        moves = self._moves_by_chains.get(narrow)
        if moves is not None:
            self._remember_moves(key, narrow, moves)
            return moves
        cards = sorted(bits(playable), key=self._rank_in_order.__getitem__)
        if len(cards) > 1:
            chain_of = self._chain_of
            between = self._between
            in_play = self._in_play
            kept: list[int] = []
            for card in cards:
                chain = chain_of[card]
                if chain:
                    for other in kept:
                        if chain_of[other] == chain and not between[card, other] & in_play:
                            break
                    else:
                        kept.append(card)
                else:
                    kept.append(card)
            cards = kept
        self._remember_moves(key, narrow, cards)
        return cards

    def _remember_moves(
        self, key: tuple[int, int], narrow: tuple[int, int], moves: list[int]
    ) -> None:
        if len(self._moves_memo) > self.MEMO_LIMIT:
            self._moves_memo.clear()
            self._moves_by_chains.clear()
            self._chains_of_hand.clear()
        self._moves_memo[key] = self._moves_by_chains[narrow] = moves

    def _representative(self, card: int, hand: int) -> int:
        """The card of ``hand`` that the search tries in place of ``card``."""
        for other in self._moves(hand):
            if other == card or (
                self._chain_of[card]
                and self._chain_of[other] == self._chain_of[card]
                and not self._between[card, other] & self._in_play
            ):
                return other
        raise AssertionError(f"no equivalent of card {card}")  # pragma: no cover

    def _node(self, leader: int, trick: tuple[int, ...], won0: int, won1: int) -> bool:
        """Whether team 0 wins; the seat to play is ``leader + len(trick)``.
        ``self._in_play`` holds the cards in hands and in the trick."""
        # The hot loop of every search: the memo look-ups of ``_moves`` and
        # ``Strengths.prefix`` are inlined (each falls back to its method).
        players = self.players
        hands = self.hands
        if trick:
            seat = (leader + len(trick)) % players
            hand = hands[seat]
            prefix = self._prefixes.get(trick) or self.strengths.prefix(trick)
            taking = prefix.taking
            cards = self._moves_memo.get((hand, self._in_play)) or self._moves(hand)
            if (leader + prefix.winning) % 2 != seat % 2 and taking & hand:
                # The other side wins the trick so far: try the cards that take it first.
                cards = [card for card in cards if taking >> card & 1] + [
                    card for card in cards if not taking >> card & 1
                ]
        else:
            key = (*hands, leader, won0, won1)
            cached = self.memo.get(key)
            if cached is not None:
                return cached
            first_trick = won0 == won1 == 0
            team0 = team1 = 0
            for seat in range(0, players, 2):
                team0 |= hands[seat]
            for seat in range(1, players, 2):
                team1 |= hands[seat]
            # The cheap half of ``_surely_takes`` first: too few sure-trick cards.
            sure = self._sure_mask
            if (team0 & sure).bit_count() + (leader % 2 == 0) >= TRICKS_TO_WIN - won0 and (
                self._surely_takes(0, team0, team1, leader, first_trick, TRICKS_TO_WIN - won0)
            ):
                return True
            if (team1 & sure).bit_count() + (leader % 2 == 1) >= TRICKS_TO_WIN - won1 and (
                self._surely_takes(1, team1, team0, leader, first_trick, TRICKS_TO_WIN - won1)
            ):
                return False
            hand = hands[leader]
            if hand.bit_count() <= 2:
                if players == 4 and hand.bit_count() == 2 and won0 + won1 == 3:
                    result = self._two_cards_each(leader, won0, won1)
                else:
                    result = self._last_tricks(leader, (), won0, won1)
                self._remember(key, result)
                return result
            seat = leader
            playable = hand & ~self._devil_bit if first_trick else hand
            # Strong leads first: they decide most positions at once.
            cards = (self._moves_memo.get((playable, self._in_play)) or self._moves(playable))[::-1]
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise OutOfBudget
        wants = seat % 2 == 0  # the value team 0 hopes for is True
        result = not wants
        if len(trick) < players - 1:
            for card in cards:
                hands[seat] = hand & ~(1 << card)
                if self._node(leader, (*trick, card), won0, won1) == wants:
                    result = wants
                    break
        else:
            flag = self.strengths.flag
            after = prefix.after
            in_play = rest = self._in_play
            for played in trick:  # the trick's cards leave play for the tricks after it
                rest &= ~(1 << played)
            for card in cards:
                hands[seat] = hand & ~(1 << card)
                taker = seat if taking >> card & 1 else (leader + after[flag[card]]) % players
                self._in_play = rest & ~(1 << card)
                if taker % 2 == 0:
                    value = won0 + 1 >= TRICKS_TO_WIN or self._node(taker, (), won0 + 1, won1)
                else:
                    value = won1 + 1 < TRICKS_TO_WIN and self._node(taker, (), won0, won1 + 1)
                if value == wants:
                    result = wants
                    break
            self._in_play = in_play
        hands[seat] = hand
        if not trick:
            self._remember(key, result)
        return result

    def _remember(self, key: tuple[int, ...], result: bool) -> None:
        if len(self.memo) > self.MEMO_LIMIT:
            self.memo.clear()
        self.memo[key] = result

    def _two_cards_each(self, leader: int, won0: int, won1: int) -> bool:
        """:meth:`_last_tricks` for four players holding two cards each, the
        deal still open: the two tricks left in plain nested loops (each seat
        plays one card now, its other card in the last trick)."""
        self.nodes += 1
        hands = self.hands
        strengths = self.strengths
        flag = strengths.flag
        seats = [(leader + k) % 4 for k in range(4)]
        pairs = []
        for seat in seats:
            hand = hands[seat]
            low = hand & -hand
            first = low.bit_length() - 1
            second = (hand ^ low).bit_length() - 1
            pairs.append(((first, second), (second, first)))
        first_wants = seats[0] % 2 == 0  # seats 0 and 2 of the trick are one team

        def last_trick(taker_position: int, rest: tuple[int, int, int, int]) -> bool:
            """Team 0 wins the last trick led by the trick's seat ``taker_position``."""
            order = rest[taker_position:] + rest[:taker_position]
            return seats[(taker_position + strengths.winner(order)) % 4] % 2 == 0

        result_0 = not first_wants
        for card_0, keep_0 in pairs[0]:
            result_1 = first_wants
            for card_1, keep_1 in pairs[1]:
                prefix = strengths.prefix((card_0, card_1))
                result_2 = not first_wants
                for card_2, keep_2 in pairs[2]:
                    trick = (card_0, card_1, card_2)
                    last = strengths.prefix(trick)
                    result_3 = first_wants
                    for card_3, keep_3 in pairs[3]:
                        if last.taking >> card_3 & 1:
                            position = 3
                        else:
                            position = last.after[flag[card_3]]
                        if seats[position] % 2 == 0:
                            value = won0 + 1 >= TRICKS_TO_WIN or last_trick(
                                position, (keep_0, keep_1, keep_2, keep_3)
                            )
                        else:
                            value = won1 + 1 < TRICKS_TO_WIN and last_trick(
                                position, (keep_0, keep_1, keep_2, keep_3)
                            )
                        if value != first_wants:  # the fourth seat is of the other team
                            result_3 = value
                            break
                    if result_3 == first_wants:
                        result_2 = first_wants
                        break
                del prefix
                if result_2 != first_wants:
                    result_1 = result_2
                    break
            if result_1 == first_wants:
                result_0 = first_wants
                break
        return result_0

    def _last_tricks(self, leader: int, trick: tuple[int, ...], won0: int, won1: int) -> bool:
        """Whether team 0 wins once every hand holds at most two cards (the
        last two tricks): plain minimax, without memo or move ordering."""
        self.nodes += 1
        players = self.players
        hands = self.hands
        seat = (leader + len(trick)) % players
        hand = hands[seat]
        wants = seat % 2 == 0
        last = len(trick) == players - 1
        if last:
            prefix = self.strengths.prefix(trick)
            taking = prefix.taking
            after = prefix.after
            flag = self.strengths.flag
        rest = hand
        while rest:
            bit = rest & -rest
            rest ^= bit
            card = bit.bit_length() - 1
            hands[seat] = hand ^ bit
            if not last:
                value = self._last_tricks(leader, (*trick, card), won0, won1)
            else:
                taker = seat if taking & bit else (leader + after[flag[card]]) % players
                if taker % 2 == 0:
                    if won0 + 1 >= TRICKS_TO_WIN:
                        value = True
                    else:
                        value = self._last_tricks(taker, (), won0 + 1, won1)
                elif won1 + 1 >= TRICKS_TO_WIN:
                    value = False
                else:
                    value = self._last_tricks(taker, (), won0, won1 + 1)
            hands[seat] = hand
            if value == wants:
                return value
        return not wants
