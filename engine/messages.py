"""Translatable messages: a key plus parameters, with English text.

Explanations (why a trick was won) and refusals (why an action is illegal)
are data, so that the table can show them in any language. English
templates live here, in one place; the web UI keeps its own translations by
the same keys and falls back to the English ``text``.

>>> m = Message.of("powerless_king", card="B3")
>>> m.text
'B3 is powerless: a King is in the trick.'
>>> m.to_json()
{'key': 'powerless_king', 'params': {'card': 'B3'}, 'text': 'B3 is powerless: a King is in the trick.'}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["QUOTE_LIMIT", "TEMPLATES", "Message", "quoted"]

#: What a message quotes of a bad input at most (a 2 MB action is not echoed back).
QUOTE_LIMIT = 60


def quoted(value: object) -> str:
    """``value`` as a message quotes a bad input: its ``repr``, cut to QUOTE_LIMIT
    characters (a 2 MB action is not echoed back).

    >>> quoted("ZZ"), quoted(None), len(quoted("x" * 100)), quoted("x" * 100)[-2:]
    ("'ZZ'", 'None', 60, 'x…')
    """
    text = repr(value)
    return text if len(text) <= QUOTE_LIMIT else text[: QUOTE_LIMIT - 1] + "…"


TEMPLATES: dict[str, str] = {
    # --- Karnöffel trick explanations -----------------------------------
    "win_karnoffel": "{card} wins: the Karnöffel beats every card.",
    "win_devil_led": "{card} wins: the Devil was led and only the Karnöffel beats it.",
    "win_pope": "{card} wins: the Pope beats everything but the Karnöffel and a led Devil.",
    "win_emperor": "{card} wins: the Emperor beats everything but the Karnöffel, a led Devil and the Pope.",
    "win_partial_3": "{card} wins: the chosen-suit 3 keeps its power, no King is in the trick.",
    "win_partial_4": "{card} wins: the chosen-suit 4 keeps its power, no King or Ober is in the trick.",
    "win_partial_5": "{card} wins: the chosen-suit 5 keeps its power, no King, Ober or Unter is in the trick.",
    "win_led_suit": "{card} wins: the highest card of the suit led ({suit}).",
    "win_only_card": "{card} wins: it is the only card in the trick.",
    "win_historic_order": "{card} wins: the highest card of the suit led and the chosen suit in the historic order.",
    "powerless_king": "{card} is powerless: a King is in the trick.",
    "powerless_king_ober": "{card} is powerless: a King or an Ober is in the trick.",
    "powerless_king_ober_unter": "{card} is powerless: a King, an Ober or an Unter is in the trick.",
    "devil_not_led": "{card} cannot win: the Devil wins only when it is led.",
    "off_suit": "{card} cannot win: it is neither of the suit led nor a trump.",
    "chosen_plain": "{card} cannot win: the chosen suit's {rank} has no power.",
    # --- Karnöffel deal / match results ---------------------------------
    "deal_won_tricks": "Team {team} wins the deal with three tricks and scores {points}.",
    "deal_won_give_up": "Team {team} gave up; the other team scores {points}.",
    "match_won": "Team {team} wins the match {score}.",
    # --- dailies --------------------------------------------------------
    "daily_bad_date": "{text} is not a date (YYYY-MM-DD).",
    "daily_before_first": "There is no daily for {date}: the first daily is {first}.",
    "daily_future": "The daily for {date} is not out yet.",
    "daily_not_pinned": "No daily is pinned for {date} yet.",
    # --- refusals -------------------------------------------------------
    "game_over": "The match is over: no more actions.",
    "chance_pending": "The cards must be dealt first.",
    "not_a_chance_node": "No deal is due now.",
    "bad_deal": "That deal is not valid: {detail}.",
    "not_your_turn": "It is seat {to_act}'s turn, not seat {seat}'s.",
    "unknown_action": "{action} is not an action of this game.",
    "card_not_in_hand": "{card} is not in the hand.",
    "devil_first_lead": "{card} is the Devil: it may not be led to the first trick.",
    "card_in_wrong_phase": "Cards cannot be played now: {phase}.",
    "call_in_wrong_phase": "'{action}' is not possible now: {phase}.",
    "raise_locked": "No raise: the confirmed value {value} would let a team reach the target {target}.",
    "counter_locked": "No counter-raise: the offered value {value} would let a team reach the target {target}.",
    "counter_used": "Only one counter-raise is allowed per bidding window.",
    "not_after_counter": "A counter-raise can only be accepted or given up.",
    "phase_play": "cards are being played",
    "phase_show": "players are deciding whether to show their hands",
    "phase_bid_window": "the team in the bidding window may pass or raise",
    "phase_bid_answer_raise": "the raise must be answered: accept, counter-raise or give up",
    "phase_bid_answer_counter": "the counter-raise must be answered: accept or give up",
    # --- Doppelkopf (dk_) ------------------------------------------------
    "dk_win_trump": "{card} wins: the highest trump in the trick.",
    "dk_win_first_copy": "{card} wins: the highest card, and of two equal cards the first played wins.",
    "dk_win_second_heart_ten": "{card} wins: the second H10 beats the first (variant).",
    "dk_equal_card_later": "The second {card} loses to the first.",
    "dk_must_follow_trump": "{card} cannot be played: a trump was led and you hold a trump.",
    "dk_must_follow_suit": "{card} cannot be played: {suit} was led and you hold {suit}.",
    "dk_marriage_needs_queens": "A marriage needs both club queens (CQ).",
    "dk_poverty_too_many_trumps": "A poverty allows three trumps at most; you hold {count}.",
    "dk_exchange_not_in_hand": "{cards}: not all of these cards are in the hand.",
    "dk_pass_needs_trumps": "The three cards passed must include all your trumps ({trumps}).",
    "dk_announce_marriage_pending": "No announcement yet: the marriage partner is not found.",
    "dk_announce_nothing_left": "{party} has announced everything up to schwarz.",
    "dk_announce_too_late": "Too late for {announcement}: it needs {needed} cards in hand, you hold {held}.",
    "dk_phase_reserve": "players are saying healthy or making a reservation",
    "dk_phase_poverty_pass": "the poor player is passing three cards",
    "dk_phase_poverty_answer": "players are accepting or declining the poverty",
    "dk_phase_poverty_return": "the player who took the poverty is returning three cards",
    "dk_marriage_partner": "Seat {seat} won trick {trick} and is the partner of seat {bridegroom}.",
    "dk_marriage_alone": "Nobody else won one of the first three tricks: seat {bridegroom} plays alone.",
    "dk_redeal": "Nobody took seat {poor}'s poverty: the cards are dealt again.",
    "dk_hand_won": "{party} wins the hand with {points} card points and scores {value}.",
    "dk_hand_nobody": "Nobody wins the hand: both parties missed their announcements.",
    "dk_score_nobody": "Both parties missed their announcements: nobody scores.",
    "dk_score_won": "{party} wins: +1.",
    "dk_score_against_queens": "Won against the club queens: +1.",
    "dk_score_announcement": "{announcement} was announced: +2.",
    "dk_score_below": "{party} stayed below {level}: +1.",
    "dk_score_schwarz": "{party} took no trick (schwarz): +1.",
    "dk_score_level_announced": "{party} announced {level}: +1.",
    "dk_score_level_missed": "{party} announced {level} and missed it: +2.",
    "dk_score_fox": "{party} caught a fox (DA) in trick {trick}: +1.",
    "dk_score_charlie": "{party} won the last trick with Charlie (CJ): +1.",
    "dk_score_charlie_caught": "{party} caught Charlie (CJ) in the last trick: +1.",
    "dk_score_doppelkopf": "{party} won a trick of 40 or more points (trick {trick}): +1.",
}


@dataclass(frozen=True, slots=True)
class Message:
    """A message key with parameters; ``text`` renders it in English."""

    key: str
    params: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, key: str, **params: object) -> Message:
        if key not in TEMPLATES:
            raise KeyError(f"unknown message key {key!r}")
        return cls(key, tuple((name, str(value)) for name, value in params.items()))

    @property
    def text(self) -> str:
        return TEMPLATES[self.key].format(**dict(self.params))

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params), "text": self.text}

    def __str__(self) -> str:
        return self.text
