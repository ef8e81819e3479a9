"""The search player's parts: the trick table, the solver, the search itself."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import players, rng
from engine.karnoffel.cards import DECK, Suit
from engine.karnoffel.knowledge import bits
from engine.karnoffel.rules import TRICKS_TO_WIN, Rules, RuleSet
from engine.karnoffel.search import Solver
from engine.karnoffel.state import Phase, new_match
from engine.karnoffel.tricks import trick_table, winner_index

tricks = st.lists(st.sampled_from(range(len(DECK))), min_size=1, max_size=8, unique=True)
rule_names = st.sampled_from(["classic", "historic"])


@given(cards=tricks, chosen=st.sampled_from(list(Suit)), rule=rule_names)
def test_trick_table_agrees_with_the_rules(cards: list[int], chosen: Suit, rule: str) -> None:
    table = trick_table(chosen, rule)
    expected = winner_index([DECK[i] for i in cards], chosen, rule)
    assert table.winner(tuple(cards)) == expected
    # Only the led card or a contender (led suit or chosen suit) ever wins.
    assert expected == 0 or table.contenders(cards[0]) >> cards[expected] & 1


def brute_force(
    hands: tuple[int, ...],
    leader: int,
    trick: tuple[int, ...],
    won: tuple[int, int],
    team: int,
    solver: Solver,
) -> bool:
    """Plain minimax over every card, no pruning and no memo."""
    if max(won) >= TRICKS_TO_WIN:
        return won[team] >= TRICKS_TO_WIN
    players = len(hands)
    seat = (leader + len(trick)) % players
    hand = hands[seat]
    if not trick and won == (0, 0):
        hand &= ~(1 << solver.devil)
    results = []
    for card in bits(hand):
        child = hands[:seat] + (hands[seat] & ~(1 << card),) + hands[seat + 1 :]
        played = trick + (card,)
        if len(played) == players:
            taker = (leader + solver.table.winner(played)) % players
            child_won = (won[0] + (taker % 2 == 0), won[1] + (taker % 2 == 1))
            results.append(brute_force(child, taker, (), child_won, team, solver))
        else:
            results.append(brute_force(child, leader, played, won, team, solver))
    return any(results) if seat % 2 == team else all(results)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.text("xyz", min_size=1, max_size=6),
    rule=rule_names,
    won=st.sampled_from([(2, 1), (1, 2), (1, 1), (2, 0), (0, 2), (0, 0)]),
    leader=st.integers(0, 3),
    team=st.integers(0, 1),
)
def test_solver_agrees_with_brute_force(
    seed: str, rule: str, won: tuple[int, int], leader: int, team: int
) -> None:
    size = 5 - sum(won) if sum(won) else 3  # (0, 0): the first trick, short hands
    stream = rng.Stream(seed)
    dealt = stream.shuffled(range(len(DECK)))[: 4 * size]
    hands = tuple(
        sum(1 << card for card in dealt[size * seat : size * (seat + 1)]) for seat in range(4)
    )
    chosen = DECK[dealt[0]].suit
    solver = Solver(team, trick_table(chosen, rule), 4, node_limit=10**6)
    assert solver.wins(hands, leader, (), won) == brute_force(hands, leader, (), won, team, solver)


def play_deal(rules: Rules, seed: str, levels: tuple[str, str]) -> int:
    state = new_match(rules, seed=seed, humans=())
    while state.phase is not Phase.DEAL and not state.is_terminal():
        seat = state.current_player()
        view = state.view(seat)
        state.apply_action(
            players.choose_action(levels[seat % 2], view, players.seed_for(state, seat))
        )
    return state.results[-1].winner_team


def test_search_beats_random_in_a_small_duplicate_sample() -> None:
    """Deterministic: the same 8 deal pairs every run (the benchmark measures properly)."""
    wins = 0
    for number in range(8):
        for search_team in (0, 1):
            levels = ("hard", "random") if search_team == 0 else ("random", "hard")
            wins += play_deal(Rules(set=RuleSet.CLASSIC), f"quick/{number}", levels) == search_team
    assert wins >= 11, f"search won only {wins} of 16 deals against random"


GOLDEN = {
    # The default level playing all four seats of the first deal of seed "golden".
    # Identical on CPython and in Pyodide; a change of strategy or budget changes it
    # on purpose (then update it), anything else is a determinism bug.
    "classic": "H8 HO B6 B9 B2 L3 HK B4 H5 H7 BO L2 A8 AK L9 B3 BK AO L6 A10",
    "historic": "pass raise accept show show show show pass raise accept show show show show "
    "pass pass AK L2 B2 L9 A10 L6 B4 L3 H7 AO B6 B3",
}


def test_the_default_level_plays_a_pinned_deal() -> None:
    for rule_set, expected in GOLDEN.items():
        state = new_match(Rules(set=RuleSet(rule_set)), seed="golden", humans=())
        actions = []
        while state.phase is not Phase.DEAL and not state.is_terminal():
            seat = state.current_player()
            view = state.view(seat)
            actions.append(
                players.choose_action(players.DEFAULT_LEVEL, view, players.seed_for(state, seat))
            )
            state.apply_action(actions[-1])
        assert " ".join(actions) == expected, rule_set
