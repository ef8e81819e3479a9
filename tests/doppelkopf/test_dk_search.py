"""The Doppelkopf search's parts: racing the cards' play-outs, open play-outs, card trees."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace

import pytest
from dk_ai_support import QUICK, hands_deal, position
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import players, rng
from engine.doppelkopf.card_tree import CardTree, _Node
from engine.doppelkopf.cards import Card, Rank
from engine.doppelkopf.heuristic import heuristic_card, legal_cards
from engine.doppelkopf.knowledge import Knowledge, WorldSampler, read_view
from engine.doppelkopf.players import BUDGETS
from engine.doppelkopf.playout import INDEX, TABLES, Simulation, _beaten_exactly
from engine.doppelkopf.rules import CONTRACTS, Contract, Party
from engine.doppelkopf.search import Budget, Race, SearchPlayer
from engine.doppelkopf.state import GameKind, Phase, State


def test_a_card_that_trails_clearly_leaves_the_race() -> None:
    race = Race(3, preferred=0, margin=2.0, after=4)
    for world in range(8):
        race.add([[0.0, -3.0 - world % 2, 1.0 if world % 2 else -1.0][i] for i in race.alive])
    assert race.alive == [0, 2]
    assert race.worlds == 8
    assert race.scores[1] == [-3.0, -4.0, -3.0, -4.0]  # played out until it was dropped
    assert len(race.scores[0]) == len(race.scores[2]) == 8


def test_no_card_leaves_before_enough_worlds_or_without_a_margin() -> None:
    early = Race(2, preferred=0, margin=2.0, after=5)
    plain = Race(2, preferred=0, margin=0.0, after=1)
    for _ in range(4):
        early.add([1.0, -5.0])
        plain.add([1.0, -5.0])
    assert early.alive == plain.alive == [0, 1]
    plain.add([1.0, -5.0])
    assert plain.alive == [0, 1]  # margin 0: the plain search, every card in every world


def test_a_close_card_stays_and_ties_go_to_the_heuristics_card() -> None:
    race = Race(2, preferred=1, margin=2.0, after=2)
    for scores in ([1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [0.0, 0.0]):
        race.add(scores)
    assert race.alive == [0, 1]
    assert race.best() == 1


def test_only_the_leader_is_left_when_every_other_card_loses_in_every_world() -> None:
    race = Race(4, preferred=3, margin=1.0, after=3)
    for _ in range(3):
        race.add([2.0, 1.0, 1.0, 1.0])
    assert race.alive == [0]
    assert race.best() == 0


@settings(max_examples=30, deadline=None)
@given(
    seed=st.text("abcdef", min_size=1, max_size=6), steps=st.integers(5, 52), trees=st.booleans()
)
def test_a_raced_search_chooses_a_legal_card_deterministically(
    seed: str, steps: int, trees: bool
) -> None:
    state = position(seed, steps)
    if state.phase is not Phase.PLAY:
        return
    seat = state.current_player()
    view = state.view(seat)
    player = SearchPlayer(
        Budget(
            plays=600,
            min_worlds=2,
            max_worlds=12,
            race=1.5,
            race_after=3,
            open_playouts=True,
            trees=trees,
        )
    )
    known = read_view(view)
    card = player.choose_card(known, rng.Stream(seed))
    assert card in legal_cards(known.hand, known.trick, known.contract)
    assert player.choose_card(known, rng.Stream(seed)) is card


def _normal_state(hands: list[str]) -> State:
    state = State(seed="open", humans=())
    state.apply_action(hands_deal(hands))
    for _ in range(4):
        state.apply_action("healthy")
    return state


def test_open_play_outs_know_who_can_still_beat_a_card() -> None:
    tables = TABLES[Contract.NORMAL]
    second_ten = False
    card = Card.parse
    # Hearts led: seat 2 still has a heart (must follow, cannot beat the ace),
    # seat 3 is void in hearts and holds a trump: it can ruff.
    hands: list[list[int]] = [
        [],
        [],
        [INDEX[card("H9")], INDEX[card("DJ")]],
        [INDEX[card("DK")], INDEX[card("SA")]],
    ]
    hearts = tables.suit[INDEX[card("HA")]]
    ace = INDEX[card("HA")]
    assert not _beaten_exactly(tables, ace, hearts, [2], hands, second_ten)
    assert _beaten_exactly(tables, ace, hearts, [3], hands, second_ten)
    # A high trump: only a higher trump beats it.
    trumps = tables.suit[INDEX[card("DJ")]]
    assert _beaten_exactly(tables, INDEX[card("DK")], trumps, [2], hands, second_ten)
    assert not _beaten_exactly(tables, INDEX[card("CQ")], trumps, [2, 3], hands, second_ten)


@settings(max_examples=40, deadline=None)
@given(seed=st.text("abcdefgh", min_size=1, max_size=6), steps=st.integers(4, 60))
def test_open_play_outs_play_a_whole_legal_hand(seed: str, steps: int) -> None:
    """The hand is played to its end: all twelve tricks and all 240 points
    (the cards come from each seat's legal cards, as in the plain play-outs)."""
    state = position(seed, steps)
    if state.phase is not Phase.PLAY:
        return
    known = read_view(state.view(state.current_player()))
    simulation = Simulation(known, open_playouts=True)
    dealt = simulation.world([list(hand) for hand in state.hands])
    done = simulation.finish(dealt, None)
    assert sum(done.points_of) == 240
    assert sum(done.tricks_won) == 12
    assert done.re_seats == simulation.finish(dealt, None).re_seats


def _positions_in_play(
    prefix: str, count: int, steps: int
) -> Iterator[tuple[Knowledge, list[list[Card]]]]:
    """Of the seeded positions ``prefix0`` … after ``steps`` actions, those in card
    play: what the seat to play knows, and the whole deal as it stands."""
    for number in range(count):
        state = position(f"{prefix}{number}", steps)
        if state.phase is Phase.PLAY:
            known = read_view(state.view(state.current_player()))
            yield known, [list(hand) for hand in state.hands]


def test_open_play_outs_differ_from_the_heuristics_somewhere() -> None:
    """Guard: the switch changes play-outs (else the tests above prove nothing)."""
    differ = 0
    for known, world in _positions_in_play("differ", 30, steps=8):
        plain, open_ = Simulation(known), Simulation(known, open_playouts=True)
        differ += plain.finish(plain.world(world), None) != open_.finish(open_.world(world), None)
    assert differ > 0


def _tree_nodes(node: _Node) -> list[_Node]:
    return [node, *(deeper for child in node.children.values() for deeper in _tree_nodes(child))]


@settings(max_examples=25, deadline=None)
@given(seed=st.text("abcdefgh", min_size=1, max_size=6), steps=st.integers(4, 40))
def test_a_card_tree_grows_at_most_one_node_per_play_and_counts_its_visits(
    seed: str, steps: int
) -> None:
    """Every play after the first adds at most one node (none once a line is
    searched to the end); a node's children were visited no more often than it
    was, and only when they could be played."""
    state = position(seed, steps)
    if state.phase is not Phase.PLAY:
        return
    known = read_view(state.view(state.current_player()))
    simulation = Simulation(known, open_playouts=True)
    sampler = WorldSampler(known)
    stream = rng.Stream(seed)
    card = INDEX[legal_cards(known.hand, known.trick, known.contract)[0]]
    tree = CardTree(known.seat, card, exploration=3.0)
    plays = 30
    for _ in range(plays):
        score = tree.play(simulation, simulation.world(sampler.sample(stream)))
        assert -100 < score < 100
    nodes = _tree_nodes(tree.root)
    assert tree.root.visits == plays
    assert 1 < len(nodes) <= plays  # the root and at most one new node per later play
    for node in nodes:
        assert sum(child.visits for child in node.children.values()) <= node.visits
        for child in node.children.values():
            assert child.available >= child.visits >= 1


def test_a_card_tree_tries_the_heuristics_card_first_then_the_best_by_ucb() -> None:
    tree = CardTree(0, 0, exploration=1.0)
    node = _Node()
    assert tree._select(node, [3, 5, 7], heuristic=5) == (5, True)
    node.children[5] = _Node()
    assert tree._select(node, [3, 5, 7], heuristic=5) == (3, True)
    for card in (3, 7):
        node.children[card] = _Node()
    for card, (visits, total) in {3: (10, 10.0), 5: (10, 0.0), 7: (10, 40.0)}.items():
        child = node.children[card]
        child.visits, child.total, child.available = visits, total, visits
    assert tree._select(node, [3, 5, 7], heuristic=5) == (7, False)
    assert tree._select(node, [3, 5], heuristic=5) == (3, False)  # 7 is not legal here
    assert node.children[7].available == 11  # counted only where it could be played
    assert node.children[3].available == 12


def test_card_trees_change_the_search_somewhere() -> None:
    """Guard: the switch changes decisions (else the tests above prove nothing)."""
    differ = 0
    for number in range(30):
        state = position(f"trees{number}", 8 + number % 20)
        if state.phase is not Phase.PLAY:
            continue
        known = read_view(state.view(state.current_player()))
        plain = Budget(plays=2400, race=2.0, open_playouts=True)
        with_trees = Budget(plays=2400, race=2.0, open_playouts=True, trees=True)
        differ += SearchPlayer(plain).choose_card(known, rng.Stream("t")) != SearchPlayer(
            with_trees
        ).choose_card(known, rng.Stream("t"))
    assert differ > 0


def _first_announcing_seats() -> dict[str, State]:
    """A normal game's first trick, one position per party: the seat to play may
    announce and knows its party (its club queen, or none)."""
    found: dict[str, State] = {}
    for number in range(20):
        state = State(seed=f"kontra-margin/{number}", humans=())
        state.settle_chance()
        while state.phase is Phase.RESERVE:
            state.apply_action("healthy")
        seat = state.current_player()
        known = read_view(state.view(seat))
        party = known.parties[seat]
        if (
            state.phase is Phase.PLAY
            and party is not None
            and "announce" in state.view(seat)["legal"]
        ):
            found.setdefault(party.value, state)
        if len(found) == 2:
            return found
    raise AssertionError("no position with both parties found")


def _pays(known: Knowledge, **margins: float) -> bool:
    """Whether QUICK with the margins announces (the same worlds every time)."""
    player = SearchPlayer(replace(QUICK, **margins))  # type: ignore[arg-type]
    return player.announcement_pays(known, rng.Stream("g"))


def _assert_margin_of_its_own(known: Knowledge, normal: Knowledge, fallback: str, own: str) -> None:
    """In ``known`` the seat announces by the margin ``own`` once it is set (else by
    ``fallback``); in ``normal``, a game ``own`` is not about, by ``fallback`` alone."""
    assert _pays(known, **{fallback: -99.0})
    assert not _pays(known, **{fallback: -99.0, own: 99.0})
    assert _pays(known, **{fallback: 99.0, own: -99.0})
    assert _pays(normal, **{fallback: -99.0, own: 99.0})


def test_kontra_announces_by_its_own_margin_and_re_by_the_common_one() -> None:
    for party, state in _first_announcing_seats().items():
        known = read_view(state.view(state.current_player()))
        gain = SearchPlayer(QUICK).announcement_gain(known, rng.Stream("g"))
        assert gain is not None
        assert _pays(known, announce_margin=gain - 0.5)
        assert not _pays(known, announce_margin=gain + 0.5)
        # The Kontra margin decides for Kontra alone, whatever the common one says.
        strict = _pays(known, announce_margin=gain - 0.5, kontra_announce_margin=gain + 0.5)
        loose = _pays(known, announce_margin=gain + 0.5, kontra_announce_margin=gain - 0.5)
        assert (strict, loose) == ((False, True) if party == "kontra" else (True, False))


def test_hidden_parties_change_only_normal_games_play_outs() -> None:
    """A normal game's play-outs with the parties hidden differ somewhere from
    those with every party known; other games' are the same."""
    differ = same_elsewhere = 0
    for known, world in _positions_in_play("hidden", 40, steps=6):
        plain, hidden = Simulation(known), Simulation(known, hidden_parties=True)
        done = plain.finish(plain.world(world), None)
        hidden_done = hidden.finish(hidden.world(world), None)
        assert sum(hidden_done.points_of) == 240
        if known.kind is GameKind.NORMAL:
            differ += done != hidden_done
        else:
            assert done == hidden_done
            same_elsewhere += 1
    assert differ > 0 and same_elsewhere > 0


def _kontra_after_re_announced() -> State:
    """A normal game in which Re has announced and a Kontra seat may answer."""
    for number in range(20):
        state = State(seed=f"kontra-answer/{number}", humans=())
        state.settle_chance()
        while state.phase is Phase.RESERVE:
            state.apply_action("healthy")
        if state.kind is not GameKind.NORMAL:
            continue
        while state.phase is Phase.PLAY and len(state.played) < 3:
            seat = state.current_player()
            legal = state.view(seat)["legal"]
            party = read_view(state.view(seat)).parties[seat]
            if "announce" in legal and party is not None:
                if party.value == "re" and not state.announcements:
                    state.apply_action("announce")
                    continue
                if party.value == "kontra" and state.announcements:
                    return state
            state.apply_action(next(action for action in legal if action != "announce"))
    raise AssertionError("no Kontra seat after Re's announcement found")


def test_kontra_may_be_kept_from_answering_res_announcement() -> None:
    state = _kontra_after_re_announced()
    known = read_view(state.view(state.current_player()))
    assert known.levels == (1, 0)
    assert _pays(known, kontra_announce_margin=-99.0)
    assert not _pays(known, kontra_announce_margin=-99.0, kontra_answers=False)


def _defender_of_a_declared_solo() -> State:
    """A clubs solo declared by the first seat to reserve, at the first turn of
    a defender who may announce."""
    state = State(seed="solo-defence", humans=())
    state.settle_chance()
    state.apply_action("solo-clubs")
    while state.phase is Phase.RESERVE:
        state.apply_action("healthy")
    assert state.kind is GameKind.SOLO
    while state.phase is Phase.PLAY:
        seat = state.current_player()
        legal = state.view(seat)["legal"]
        if seat != state.declarer and "announce" in legal:
            return state
        state.apply_action(next(action for action in legal if action != "announce"))
    raise AssertionError("no defender of the solo could announce")


def test_a_solos_defenders_announce_by_their_own_margin() -> None:
    state = _defender_of_a_declared_solo()
    known = read_view(state.view(state.current_player()))
    assert known.parties[known.seat] is Party.KONTRA
    # A normal game's Kontra keeps the Kontra margin whatever the solo one says.
    kontra = _kontra_after_re_announced()
    normal = read_view(kontra.view(kontra.current_player()))
    _assert_margin_of_its_own(known, normal, "kontra_announce_margin", "solo_defence_margin")


def _re_seat_of_a_poverty() -> State:
    """A poverty declared by the first seat and taken, at the first card of a Re
    seat (the easy players decide the poverty's steps)."""
    state = State(seed="poverty-re/59", humans=())
    state.settle_chance()
    state.apply_action("poverty")
    while state.phase is not Phase.PLAY:
        view = state.view(state.current_player())
        state.apply_action(players.choose_action("easy", view, "poverty-re"))
        state.settle_chance()
    assert state.kind is GameKind.POVERTY
    assert state.current_player() in state.re_seats
    return state


def test_a_povertys_re_party_announces_by_its_own_margin() -> None:
    state = _re_seat_of_a_poverty()
    known = read_view(state.view(state.current_player()))
    assert known.parties[known.seat] is Party.RE
    # A normal game's Re keeps the common margin whatever the poverty's says.
    normal_re = _first_announcing_seats()["re"]
    normal = read_view(normal_re.view(normal_re.current_player()))
    _assert_margin_of_its_own(known, normal, "announce_margin", "poverty_re_margin")


def test_ace_leads_cash_the_heuristics_fresh_ace_where_the_search_would_not() -> None:
    """With ``ace_leads`` a seat leading a game without a solo plays the fresh plain
    ace the heuristic picks; the searched choice differs in some of these positions."""
    cashing = SearchPlayer(replace(QUICK, ace_leads=True))
    searching = SearchPlayer(QUICK)
    leads = differ = 0
    for known, _ in _positions_in_play("ace-leads", 25, steps=8):
        preferred = heuristic_card(known)
        if known.trick or known.contract is not Contract.NORMAL or preferred.rank is not Rank.ACE:
            continue
        if CONTRACTS[Contract.NORMAL].is_trump(preferred):
            continue
        leads += 1
        seed = f"ace-leads/{leads}"
        assert cashing.choose_card(known, rng.Stream(seed)) == preferred
        differ += searching.choose_card(known, rng.Stream(seed)) != preferred
    assert leads >= 3 and differ >= 1, (leads, differ)
    assert BUDGETS["hard"].ace_leads and BUDGETS["medium"].ace_leads


def _high_trump(card: Card) -> bool:
    return CONTRACTS[Contract.NORMAL].is_trump(card) and (
        card.rank is Rank.QUEEN or card == Card.parse("H10")
    )


@pytest.mark.parametrize(
    ("knob", "party", "barred"),
    [
        ("kontra_plain_leads", Party.KONTRA, CONTRACTS[Contract.NORMAL].is_trump),
        ("re_low_leads", Party.RE, _high_trump),
    ],
)
def test_a_lead_rule_keeps_its_partys_barred_cards_while_it_holds_others(
    knob: str, party: Party, barred: Callable[[Card], bool]
) -> None:
    """With the knob, a seat of ``party`` leading a game without a solo before
    the exact ending leads no barred card while it holds another (Kontra: no
    trump; Re: no queen or heart ten); the plain search leads one somewhere."""
    ruled = SearchPlayer(replace(QUICK, **{knob: True}))
    searching = SearchPlayer(QUICK)
    leads = barred_leads = 0
    for known, _ in _positions_in_play(knob, 80, steps=20):
        if known.trick or known.contract is not Contract.NORMAL:
            continue
        if known.parties[known.seat] is not party or len(known.played) > 8:
            continue
        moves = legal_cards(known.hand, known.trick, known.contract)
        if all(map(barred, moves)) or not any(map(barred, moves)):
            continue
        leads += 1
        seed = f"{knob}/{leads}"
        assert not barred(ruled.choose_card(known, rng.Stream(seed)))
        barred_leads += barred(searching.choose_card(known, rng.Stream(seed)))
    assert leads >= 5 and barred_leads >= 1, (leads, barred_leads)
    assert BUDGETS["hard"].kontra_plain_leads and not BUDGETS["hard"].re_low_leads


def test_res_trump_lead_is_its_lowest_while_it_holds_a_plain_card() -> None:
    """With ``re_lowest_trump`` Re, leading a game without a solo before the
    exact ending while it holds a plain card, leads no trump above its lowest;
    the plain search leads a higher one somewhere."""
    ruled = SearchPlayer(replace(QUICK, re_lowest_trump=True))
    searching = SearchPlayer(QUICK)
    order = CONTRACTS[Contract.NORMAL].trumps  # highest first
    leads = higher_leads = 0
    for known, _ in _positions_in_play("re_lowest_trump", 80, steps=20):
        if known.trick or known.contract is not Contract.NORMAL:
            continue
        if known.parties[known.seat] is not Party.RE or len(known.played) > 8:
            continue
        moves = legal_cards(known.hand, known.trick, known.contract)
        trumps = [move for move in moves if move in order]
        if len(set(trumps)) < 2 or len(trumps) == len(moves):
            continue
        lowest = max(trumps, key=order.index)
        leads += 1
        seed = f"re_lowest_trump/{leads}"
        assert ruled.choose_card(known, rng.Stream(seed)) not in set(trumps) - {lowest}
        higher_leads += searching.choose_card(known, rng.Stream(seed)) in set(trumps) - {lowest}
    assert leads >= 5 and higher_leads >= 1, (leads, higher_leads)
    assert BUDGETS["hard"].re_lowest_trump and not BUDGETS["medium"].re_lowest_trump


@pytest.mark.parametrize(
    ("party", "knob"), [(Party.KONTRA, "kontra_low_trump_leads"), (Party.RE, "re_low_trump_leads")]
)
def test_with_only_trumps_a_party_leads_no_queen_or_heart_ten_while_it_holds_a_lower_one(
    party: Party, knob: str
) -> None:
    """With ``kontra_low_trump_leads`` (``re_low_trump_leads``) Kontra (Re),
    leading a game without a solo before the exact ending with only trumps in
    hand, leads no queen and no heart ten while it holds a jack or a diamond;
    the plain search leads one somewhere. The play before spends plain cards
    first, to reach such hands; the other party is not bound."""
    ruled = SearchPlayer(replace(QUICK, **{knob: True}))
    searching = SearchPlayer(QUICK)
    is_trump = CONTRACTS[Contract.NORMAL].is_trump
    heart_ten = Card.parse("H10")

    def high(card: Card) -> bool:
        return card.rank is Rank.QUEEN or card == heart_ten

    leads = high_leads = others_high_leads = 0
    for number in range(40):
        state = State(seed=f"low-trumps/{number}", humans=())
        state.settle_chance()
        while state.phase is Phase.RESERVE:
            state.apply_action("healthy")
        stream = rng.Stream(f"low-trumps/{number}")
        while state.phase is Phase.PLAY and len(state.played) < 12 - QUICK.endgame_tricks:
            known = read_view(state.view(state.current_player()))
            moves = legal_cards(known.hand, known.trick, known.contract)
            if (
                not known.trick
                and known.kind is GameKind.NORMAL
                and all(map(is_trump, moves))
                and any(map(high, moves))
                and not all(map(high, moves))
            ):
                seed = f"low-trumps/{number}/{len(state.played)}"
                ruled_high = high(ruled.choose_card(known, rng.Stream(seed)))
                if known.parties[known.seat] is party:
                    leads += 1
                    assert not ruled_high
                    high_leads += high(searching.choose_card(known, rng.Stream(seed)))
                else:
                    others_high_leads += ruled_high
            plain = [move for move in moves if not is_trump(move)]
            state.apply_action(stream.choice(plain or moves))
    assert leads >= 5 and high_leads >= 1 and others_high_leads >= 1, (
        leads,
        high_leads,
        others_high_leads,
    )
    assert getattr(BUDGETS["hard"], knob) and not getattr(BUDGETS["medium"], knob)


def _solo_leads(
    prefix: str, solo: str, deals: int, tricks: int
) -> Iterator[tuple[int, int, Knowledge, str]]:
    """The leads in the first ``tricks`` tricks of deals ``prefix/0`` … where the
    first seat declared ``solo`` and the cards are played at random: the seat to
    lead, the declarer, what the seat knows, and a seed for its decision."""
    for number in range(deals):
        state = State(seed=f"{prefix}/{number}", humans=())
        state.settle_chance()
        for reservation in (solo, "healthy", "healthy", "healthy"):
            state.apply_action(reservation)
        assert state.declarer is not None
        stream = rng.Stream(f"{prefix}/{number}")
        while state.phase is Phase.PLAY and len(state.played) < tricks:
            seat = state.current_player()
            if not state.trick:
                seed = f"{prefix}/{number}/{len(state.played)}"
                yield seat, state.declarer, read_view(state.view(seat)), seed
            cards = [a for a in state.legal_actions() if state.action_text(a) != "announce"]
            state.apply_action(stream.choice(cards))


def test_the_defenders_of_a_solo_lead_plain_cards_while_they_hold_one() -> None:
    """With ``solo_defence_plain_leads`` a defender against another seat's
    declared solo leads no trump before the exact ending while it holds a plain
    card; the plain search leads one somewhere, and the soloist is not bound."""
    ruled = SearchPlayer(replace(QUICK, solo_defence_plain_leads=True))
    searching = SearchPlayer(QUICK)
    trumps = CONTRACTS[Contract.HEARTS].is_trump
    leads = trump_leads = soloist_trump_leads = 0
    for seat, declarer, known, seed in _solo_leads("solo-defence", "solo-hearts", 12, 8):
        moves = legal_cards(known.hand, known.trick, known.contract)
        if any(map(trumps, moves)) and not all(map(trumps, moves)):
            if seat == declarer:
                soloist_trump_leads += trumps(ruled.choose_card(known, rng.Stream(seed)))
            else:
                leads += 1
                assert known.parties[seat] is Party.KONTRA
                assert not trumps(ruled.choose_card(known, rng.Stream(seed)))
                trump_leads += trumps(searching.choose_card(known, rng.Stream(seed)))
    assert leads >= 5 and trump_leads >= 1 and soloist_trump_leads >= 1, (
        leads,
        trump_leads,
        soloist_trump_leads,
    )


@pytest.mark.parametrize(
    ("solo", "bound"), [("solo-hearts", True), ("solo-aces", True), ("solo-jacks", False)]
)
def test_the_soloist_of_a_suit_or_aces_solo_leads_a_plain_ace_while_it_holds_one(
    solo: str, bound: bool
) -> None:
    """With ``soloist_ace_leads`` the declarer of a suit solo or an aces solo,
    leading before the exact ending while it holds a plain ace, leads one; the
    plain search leads another card somewhere, and the defenders are not bound.
    In a jacks solo the declarer leads as the plain search does."""
    ruled = SearchPlayer(replace(QUICK, soloist_ace_leads=True))
    searching = SearchPlayer(QUICK)
    leads = other_leads = defenders_other_leads = 0
    tricks = 12 - QUICK.endgame_tricks
    for seat, declarer, known, seed in _solo_leads("soloist-aces", solo, 12, tricks):
        is_trump = CONTRACTS[known.contract].is_trump
        moves = legal_cards(known.hand, known.trick, known.contract)
        aces = {move for move in moves if move.rank is Rank.ACE and not is_trump(move)}
        if aces and len(aces) < len(set(moves)):
            if seat == declarer:
                leads += 1
                chosen = ruled.choose_card(known, rng.Stream(seed))
                searched = searching.choose_card(known, rng.Stream(seed))
                assert chosen in aces if bound else chosen == searched
                other_leads += searched not in aces
            else:
                defenders_other_leads += ruled.choose_card(known, rng.Stream(seed)) not in aces
    assert leads >= 5 and other_leads >= 1 and defenders_other_leads >= 1, (
        leads,
        other_leads,
        defenders_other_leads,
    )
    assert BUDGETS["hard"].soloist_ace_leads and not BUDGETS["medium"].soloist_ace_leads
