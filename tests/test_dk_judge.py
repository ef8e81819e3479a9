"""The FreeDoko judge's positions and tables (``benchmarks/bench_doppelkopf_judge.py``;
it asks FreeDoko nothing here)."""

from __future__ import annotations

from typing import Any

from benchmarks.bench_doppelkopf_judge import (
    agreement,
    card_decisions,
    card_kind,
    lead_kinds,
    lead_shares,
    soloist_ace_leads,
)
from engine import players
from engine.doppelkopf.rules import Contract
from engine.doppelkopf.state import new_match

SEED = "fd-judge"


def _match_row(seat: int, hands: int = 2) -> dict[str, Any]:
    """The first ``hands`` hands of SEED played by the easy level in every seat."""
    state = new_match(seed=SEED, humans=())
    while len(state.results) < hands:
        state.settle_chance()
        actor = state.current_player()
        state.apply_action(players.choose_action("easy", state.view(actor), "x"))
    actions = [state.action_text(action) for action in state.actions]
    return {"row": "freedoko-match", "seed": SEED, "engine_seat": seat, "actions": actions}


def test_each_decision_is_the_seats_turn_in_freedokos_position_of_the_same_game() -> None:
    for seat in range(4):
        match = _match_row(seat)
        decisions = list(card_decisions(match))
        assert decisions, "the level's seat had a real choice somewhere"
        replayed = new_match(seed=SEED)
        choices = 0
        for action in match["actions"]:
            replayed.settle_chance()
            legal = {replayed.action_text(a) for a in replayed.legal_actions()} - {"announce"}
            if (
                replayed.current_player() == seat
                and replayed.phase.value == "play"
                and action != "announce"
                and len(legal) > 1
            ):
                decision, position = decisions[choices]
                choices += 1
                assert decision["ours"] == action and decision["legal"] == sorted(legal)
                assert decision["trick"] == len(replayed.played)
                assert decision["party"] == replayed.party_of(seat).value
                assert position["to_move"] == seat and position["leader"] == replayed.forehand
                assert position["hands"] == [
                    [card.notation for card in hand] for hand in replayed.deal.hands()
                ]
                played = [a[2] for a in position["actions"] if a[0] == "card"]
                on_table = [card.notation for trick in replayed.played for _, card in trick.plays]
                on_table += [card.notation for _, card in replayed.trick]
                assert sorted(played) == sorted(on_table)
                assert len(position["reservations"]) == 4
            replayed.apply_action(action)
        assert choices == len(decisions)


def _decision(party: str, trick: int, in_trick: int, ours: str, fd: str) -> dict[str, Any]:
    return {
        "contract": "normal",
        "party": party,
        "trick": trick,
        "in_trick": in_trick,
        "ours": ours,
        "fd": fd,
        "fd_decision": "card",
    }


def test_the_tables_count_agreement_and_the_kinds_of_early_leads() -> None:
    decisions = [
        _decision("kontra", 0, 0, "CQ", "HA"),
        _decision("kontra", 1, 0, "SA", "SA"),
        _decision("kontra", 2, 2, "C9", "C9"),
        _decision("re", 9, 1, "DJ", "HQ"),
        {**_decision("re", 0, 0, "CQ", "SA"), "contract": "jacks"},  # a solo: not counted
        {**_decision("re", 0, 0, "CQ", "SA"), "fd_decision": "reservation"},
    ]
    assert agreement(decisions) == {
        ("kontra", "lead", "tricks 1-4"): (2, 1),
        ("kontra", "follow", "tricks 1-4"): (1, 1),
        ("re", "follow", "tricks 9-12"): (1, 0),
    }
    assert lead_kinds(decisions, "tricks 1-4") == {
        ("trump", "plain ace"): 1,
        ("plain ace", "plain ace"): 1,
    }
    assert lead_kinds(decisions, "tricks 9-12") == {}
    assert card_kind("H10", Contract.NORMAL) == "trump"
    assert card_kind("H10", Contract.ACES) == "plain card"


def test_lead_shares_count_only_leads_with_a_plain_card_and_a_trump_to_choose_from() -> None:
    both = ["CQ", "D9", "SA", "S9"]
    decisions = [
        {**_decision("kontra", 0, 0, "CQ", "S9"), "legal": both},
        {**_decision("kontra", 1, 0, "SA", "SA"), "legal": both},
        {**_decision("kontra", 2, 0, "D9", "DJ"), "legal": ["D9", "DJ"]},  # trumps only
        {**_decision("kontra", 2, 1, "CQ", "S9"), "legal": both},  # following
        {**_decision("re", 5, 0, "H10", "D9"), "legal": ["H10", "D9", "C9"]},
        {**_decision("re", 5, 0, "S9", "SA"), "legal": both, "contract": "jacks"},  # a solo
    ]
    # (leads, trump leads: ours, FreeDoko's, queen or heart ten leads: ours, FreeDoko's)
    assert lead_shares(decisions) == {
        ("kontra", "tricks 1-4"): (2, 1, 0, 1, 0),
        ("re", "tricks 5-8"): (1, 1, 1, 1, 0),
    }


def test_the_soloists_ace_leads_count_its_leads_while_it_held_a_plain_ace() -> None:
    def solo(
        contract: str, party: str, trick: int, ours: str, fd: str, legal: list[str]
    ) -> dict[str, Any]:
        decision = _decision(party, trick, 0, ours, fd)
        return {**decision, "kind": "solo", "contract": contract, "legal": legal}

    decisions = [
        solo("hearts", "re", 0, "HQ", "CA", ["HQ", "CA", "S9"]),
        solo("hearts", "re", 1, "CA", "CA", ["HQ", "CA"]),
        solo("hearts", "re", 2, "HA", "HQ", ["HQ", "HA"]),  # the heart ace is a trump
        solo("hearts", "kontra", 0, "C9", "CA", ["CA", "C9"]),  # a defender
        solo("aces", "re", 5, "S10", "SA", ["SA", "S10"]),
        solo("jacks", "re", 9, "CJ", "CJ", ["CJ", "DA"]),
        {**_decision("re", 0, 0, "HQ", "SA"), "kind": "normal", "legal": ["HQ", "SA"]},
    ]
    assert soloist_ace_leads(decisions) == {
        ("suit solo", "tricks 1-4"): (2, 1, 2),
        ("aces solo", "tricks 5-8"): (1, 0, 1),
        ("queens or jacks solo", "tricks 9-12"): (1, 0, 0),
    }
