"""The exact open-card solver and its fast trick tables, against plain rules."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import rng
from engine.karnoffel.cards import DECK, Suit
from engine.karnoffel.knowledge import bits
from engine.karnoffel.rules import TRICKS_TO_WIN
from engine.karnoffel.solver import Solver, equivalence_orders, sure_trick_spoilers
from engine.karnoffel.trick_strengths import strengths
from engine.karnoffel.tricks import Role, role_of, trick_table, winner_index

tricks = st.lists(st.sampled_from(range(len(DECK))), min_size=1, max_size=8, unique=True)
rule_names = st.sampled_from(["classic", "historic"])
suits = st.sampled_from(list(Suit))


@given(cards=tricks, chosen=suits, rule=rule_names)
def test_trick_table_agrees_with_the_rules(cards: list[int], chosen: Suit, rule: str) -> None:
    table = trick_table(chosen, rule)
    expected = winner_index([DECK[i] for i in cards], chosen, rule)
    assert table.winner(tuple(cards)) == expected
    # Only the led card or a contender (led suit or chosen suit) ever wins.
    assert expected == 0 or table.contenders(cards[0]) >> cards[expected] & 1


@given(cards=tricks, chosen=suits, rule=rule_names)
def test_strength_tables_agree_with_the_rules(cards: list[int], chosen: Suit, rule: str) -> None:
    """The solver's derived tables give the rules' winner, and the prefix
    facts (who wins so far, which next card takes the trick) agree too."""
    table = strengths(chosen, rule)
    trick = tuple(cards)
    assert table.winner(trick) == winner_index([DECK[i] for i in cards], chosen, rule)
    if len(trick) > 1:
        prefix = table.prefix(trick[:-1])
        assert prefix.winning == winner_index([DECK[i] for i in cards[:-1]], chosen, rule)
        assert table.completed(trick[:-1], trick[-1]) == table.winner(trick)
        takes = winner_index([DECK[i] for i in cards], chosen, rule) == len(trick) - 1
        assert bool(prefix.taking >> trick[-1] & 1) == takes


@given(
    cards=st.lists(st.sampled_from(range(len(DECK))), min_size=2, max_size=8, unique=True),
    chosen=suits,
    rule=rule_names,
    data=st.data(),
)
def test_a_sure_trick_wins_every_trick_it_is_played_to(
    cards: list[int], chosen: Suit, rule: str, data: st.DataObject
) -> None:
    """A special none of whose spoilers (and, for partial trumps, no
    disarming face) is in the trick wins it, wherever it is played."""
    for card, stronger, faces in sure_trick_spoilers(chosen):
        others = [c for c in cards if c != card and not (stronger | faces) >> c & 1]
        if not others:
            continue
        position = data.draw(st.integers(0, len(others)))
        trick = [*others[:position], card, *others[position:]]
        if role_of(DECK[trick[0]], chosen) is Role.DEVIL and trick[0] != card:
            continue  # a led Devil is one of the spoilers (excluded above) or the card itself
        assert winner_index([DECK[c] for c in trick], chosen, rule) == position


@given(
    chosen=suits,
    rule=rule_names,
    data=st.data(),
)
def test_equivalent_cards_are_interchangeable(chosen: Suit, rule: str, data: st.DataObject) -> None:
    """Swapping two cards of a chain in a trick, with no chain card between
    them in the trick, changes nothing about who wins."""
    chain = data.draw(st.sampled_from(equivalence_orders(chosen, rule)))
    a, b = sorted(data.draw(st.lists(st.sampled_from(chain), min_size=2, max_size=2, unique=True)))
    between = set(range(a + 1, b))
    others = data.draw(
        st.lists(
            st.sampled_from([c for c in range(len(DECK)) if c not in between | {a, b}]),
            max_size=6,
            unique=True,
        )
    )
    position = data.draw(st.integers(0, len(others)))
    with_a = [*others[:position], a, *others[position:]]
    with_b = [*others[:position], b, *others[position:]]
    assert winner_index([DECK[c] for c in with_a], chosen, rule) == winner_index(
        [DECK[c] for c in with_b], chosen, rule
    )


def brute_force(
    hands: tuple[int, ...],
    leader: int,
    trick: tuple[int, ...],
    won: tuple[int, int],
    team: int,
    chosen: Suit,
    rule: str,
) -> bool:
    """Plain minimax over every card on the rules' own winner: no pruning, no memo."""
    if max(won) >= TRICKS_TO_WIN:
        return won[team] >= TRICKS_TO_WIN
    players = len(hands)
    seat = (leader + len(trick)) % players
    hand = hands[seat]
    if not trick and won == (0, 0):
        devil = next(i for i, card in enumerate(DECK) if role_of(card, chosen) is Role.DEVIL)
        hand &= ~(1 << devil)
    results = []
    for card in bits(hand):
        child = hands[:seat] + (hands[seat] & ~(1 << card),) + hands[seat + 1 :]
        played = trick + (card,)
        if len(played) == players:
            taker = (leader + winner_index([DECK[c] for c in played], chosen, rule)) % players
            child_won = (won[0] + (taker % 2 == 0), won[1] + (taker % 2 == 1))
            results.append(brute_force(child, taker, (), child_won, team, chosen, rule))
        else:
            results.append(brute_force(child, leader, played, won, team, chosen, rule))
    return any(results) if seat % 2 == team else all(results)


@settings(max_examples=80, deadline=None)
@given(
    seed=st.text("xyz", min_size=1, max_size=6),
    rule=rule_names,
    players=st.sampled_from([2, 4]),
    won=st.sampled_from([(2, 1), (1, 2), (1, 1), (2, 0), (0, 2), (0, 0)]),
    leader=st.integers(0, 3),
    in_trick=st.integers(0, 3),
    team=st.integers(0, 1),
)
def test_solver_agrees_with_brute_force(
    seed: str,
    rule: str,
    players: int,
    won: tuple[int, int],
    leader: int,
    in_trick: int,
    team: int,
) -> None:
    """Small positions (short hands, some with a trick under way): the
    solver's value and every card's value match plain minimax."""
    leader %= players
    in_trick %= players
    size = 5 - sum(won) if sum(won) else (4 if players == 2 else 3)
    if players == 4 and sum(won) == 0 and in_trick:
        size = 3
    stream = rng.Stream(seed)
    dealt = stream.shuffled(range(len(DECK)))
    chosen = DECK[dealt[-1]].suit
    hands = [sum(1 << card for card in dealt[size * s : size * (s + 1)]) for s in range(players)]
    trick: tuple[int, ...] = ()
    for position in range(in_trick):  # the first seats of the trick have played one card
        seat = (leader + position) % players
        card = max(bits(hands[seat]))
        if not won[0] + won[1] and not position and role_of(DECK[card], chosen) is Role.DEVIL:
            card = min(bits(hands[seat]))
        hands[seat] &= ~(1 << card)
        trick += (card,)
    solver = Solver(chosen, rule, players)
    position_hands = tuple(hands)
    expected = brute_force(position_hands, leader, trick, won, team, chosen, rule)
    assert solver.team_wins(team, position_hands, leader, trick, won) == expected
    values = solver.move_values(team, position_hands, leader, trick, won)
    seat = (leader + len(trick)) % players
    for card, wins in values.items():
        child = list(position_hands)
        child[seat] &= ~(1 << card)
        played = trick + (card,)
        if len(played) < players:
            assert wins == brute_force(tuple(child), leader, played, won, team, chosen, rule)
        else:
            taker = (leader + winner_index([DECK[c] for c in played], chosen, rule)) % players
            child_won = (won[0] + (taker % 2 == 0), won[1] + (taker % 2 == 1))
            assert wins == brute_force(tuple(child), taker, (), child_won, team, chosen, rule)
    # The position's value is the best card's for the seat to play.
    best = any if seat % 2 == team else all
    assert best(values.values()) == expected


def test_the_solver_finishes_whole_deals_within_its_usual_nodes() -> None:
    """20-card deals solved from the first lead, every card valued: a few
    thousand nodes each (the search budgets rely on it; never timed)."""
    worst = 0
    for number in range(10):
        dealt = rng.Stream(f"whole/{number}").shuffled(range(len(DECK)))[:20]
        hands = tuple(sum(1 << c for c in dealt[5 * s : 5 * s + 5]) for s in range(4))
        solver = Solver(DECK[dealt[0]].suit, "classic", 4)
        solver.move_values(0, hands, 0, (), (0, 0))
        worst = max(worst, solver.nodes)
    assert worst < 60000
