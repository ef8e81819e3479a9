"""How hard a Doppelkopf search player thinks: :class:`Budget`, the knobs of
:class:`~engine.doppelkopf.search.SearchPlayer`, which counts simulated card
plays and worlds, never time (``engine/doppelkopf/players.py`` sets them per
level; ``benchmarks/results/dk_players.md`` measures them).

>>> Budget(plays=300).plays, Budget().solo_defence_margin is None
(300, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.doppelkopf.beliefs import Beliefs
from engine.doppelkopf.heuristic import POVERTY_ACES
from engine.doppelkopf.rules import SUIT_SOLOS, Contract, GameKind

__all__ = ["Budget"]


@dataclass(frozen=True, slots=True)
class Budget:
    """How hard a search player thinks (counts only, never time)."""

    #: Simulated card plays per card decision, over all worlds and cards.
    plays: int = 2400
    #: Fewest and most worlds per card decision played out.
    min_worlds: int = 4
    max_worlds: int = 40
    #: Solve the ending exactly once this many tricks (the current one
    #: included) remain; 0: play out to the end.
    endgame_tricks: int = 0
    #: Worlds per card decision in a solved ending.
    endgame_worlds: int = 20
    #: Worlds for an announcement decision (0: the heuristic's rule).
    announce_worlds: int = 0
    #: Average gain (game points) an announcement must bring (negative: the
    #: loss the play-outs may forecast for it).
    announce_margin: float = 0.4
    #: The margin when the seat is Kontra (its party's announcement is
    #: "Kontra" or beyond); ``None``: ``announce_margin``.
    kontra_announce_margin: float | None = None
    #: The margin of Re's announcements in a poverty (its player and the seat
    #: that took it); ``None``: ``announce_margin``.
    poverty_re_margin: float | None = None
    #: Whether Kontra may answer Re's announcement with its first one (False:
    #: Kontra announces only before Re has).
    kontra_answers: bool = True
    #: The margin of the three defenders' announcements against another seat's
    #: declared solo; ``None``: the Kontra margin. The play-outs deal the
    #: soloist an average hand, not one it chose to play alone, so they
    #: overrate the defence (``benchmarks/results/dk_players.md``).
    solo_defence_margin: float | None = None
    #: Worlds per candidate game for a reservation (0: the heuristic's rule).
    reserve_worlds: int = 0
    #: Average gain (game points) a solo must bring over the best game
    #: without one; negative: by how much the play-outs may rank it lower.
    solo_margin: float = 1.0
    #: The same for the suit solos alone (``None``: ``solo_margin``).
    suit_margin: float | None = None
    #: How many cards looser than :func:`_solo_plausible`'s thresholds a hand
    #: may be and still have its solos played out.
    solo_slack: int = 0
    #: The same for the aces solo (``None``: ``solo_slack``). Hard's aces solos
    #: with four aces lost against FreeDoko's profi (27 solos, −36 points; with
    #: five or more 15, +12), yet dropping them (0) lost 21 points in the
    #: replays (``benchmarks/results/dk_players.md``, twenty-fourth round).
    aces_slack: int | None = None
    #: The same for the suit solos (``None``: ``solo_slack``; negative: stricter
    #: than the first cut's eight trumps).
    suit_slack: int | None = None
    #: Racing the cards' play-outs (:class:`Race`): a card stops being played
    #: out once it trails the leader by this many standard errors (0: never),
    #: after ``race_after`` worlds; ``max_worlds`` still caps the worlds.
    race: float = 0.0
    race_after: int = 8
    #: Play-outs in which the players know every hand of the world when they
    #: judge whether a card can still be beaten (:class:`Simulation`).
    open_playouts: bool = False
    #: Card play-outs of a normal game in which the players know only the
    #: parties the table has seen (:class:`Simulation`), not every party.
    hidden_parties: bool = False
    #: Worlds drawn per decision and weighed by how well they explain the
    #: other seats' plays (:class:`~engine.doppelkopf.inference.InferredSampler`;
    #: 0: every consistent world equally likely).
    candidates: int = 0
    #: Each card's play-outs grow a tree of the play after it (:class:`CardTree`),
    #: so the seats' later choices there hold in every world; its UCB
    #: exploration constant, in game points.
    trees: bool = False
    tree_exploration: float = 3.0
    #: The most plain aces a hand may hold to declare a poverty (where the rules
    #: allow one); the heuristic's rule is 2. FreeDoko's profi declares poverties
    #: with three to five plain aces. Hard's 4 turned the hands of three or four
    #: aces it had played healthy from a loss into a gain against FreeDoko
    #: (``benchmarks/results/dk_players.md``, thirty-first round).
    poverty_aces: int = POVERTY_ACES
    #: In a normal game the worlds give the two club queens to two seats: one
    #: seat holding both would have said so, unless it plays a silent solo,
    #: which players seldom do (:class:`~engine.doppelkopf.knowledge.WorldSampler`;
    #: False: every consistent deal equally likely, silent solos included).
    #: Truer worlds, yet fewer points for Kontra against FreeDoko
    #: (``benchmarks/results/dk_players.md``, twenty-third round).
    queens_apart: bool = False
    #: Take a poverty when twice the hand's trumps plus its high trumps reach
    #: this (0: the heuristic's rule, seven trumps with three high). At 20 it
    #: takes about as FreeDoko's profi does, for no measured gain (twenty-third round).
    take_worth: int = 0
    #: Without a solo, lead the plain ace the heuristic picks (a suit not yet
    #: played round, no enemy known void in it) without searching. Where the
    #: search leads a trump instead, FreeDoko's profi mostly leads that ace
    #: (``benchmarks/bench_doppelkopf_judge.py``).
    ace_leads: bool = False
    #: Kontra in a game without a solo, on lead before the exact ending, leads
    #: a plain card when it holds one (the search picks which). Where both
    #: were legal in tricks 1-8, FreeDoko's profi led a trump in one Kontra
    #: lead of nine, the search in one of three (``bench_doppelkopf_judge.py``).
    #: Hard's Kontra hands replayed: +0.038 [+0.007, +0.069] per seat and hand
    #: (``benchmarks/results/dk_players.md``, twenty-fifth round).
    kontra_plain_leads: bool = False
    #: Kontra in a game without a solo, on lead before the exact ending with
    #: only trumps in hand, leads no queen and no heart ten while it holds a
    #: jack or a diamond. In such leads in normal games and marriages,
    #: FreeDoko's profi led a queen or heart ten in 44 of 177, the search in
    #: 108 (``bench_doppelkopf_judge.py``, C9's cards). Hard's Kontra hands
    #: replayed: +0.016 [+0.005, +0.027] per seat and hand (132 seeds,
    #: twenty-eighth round).
    kontra_low_trump_leads: bool = False
    #: Re in a game without a solo, on lead before the exact ending, leads no
    #: queen and no heart ten when it holds another card. Where a plain card
    #: and a trump were legal, FreeDoko's profi led one in 1% of Re's leads in
    #: tricks 1-4 and 7% in tricks 5-8, the search in 11% and 27%. Hard's Re
    #: hands replayed: +0.017 [−0.016, +0.050], two seed sets of five below 0
    #: (twenty-fifth and twenty-sixth rounds).
    re_low_leads: bool = False
    #: Re in a game without a solo, on lead before the exact ending while it
    #: holds a plain card, leads no trump but its lowest. Where both were
    #: legal, FreeDoko's profi led a low diamond in 14% of Re's leads in tricks
    #: 1-4 and 23% in tricks 5-8, the search in 3% and 8% (twenty-sixth round).
    #: Hard's Re hands replayed on the four sets its knobs were chosen on:
    #: +0.035 [−0.004, +0.075] per seat and hand (162 seeds; twenty-seventh round).
    re_lowest_trump: bool = False
    #: Re in a normal game or a marriage, on lead before the exact ending with
    #: only trumps in hand, leads no queen and no heart ten while it holds a
    #: jack or a diamond. In such leads FreeDoko's profi led a queen or heart
    #: ten in 96 of 326, the search in 197 (C9's cards, twenty-eighth round).
    #: Not in a poverty: there FreeDoko's taker led one in 113 of 125. Hard's
    #: Re hands replayed: +0.013 [−0.006, +0.033] per seat and hand (130 seeds,
    #: twenty-eighth round).
    re_low_trump_leads: bool = False
    #: The defenders against another seat's declared solo, on lead before the
    #: exact ending, lead a plain card when they hold one. Where both were
    #: legal in suit solos, FreeDoko's profi led no trump in 65 defenders' leads,
    #: the search 25 (``bench_doppelkopf_judge.py``). Hard's defences replayed:
    #: +0.003 [−0.001, +0.008] per seat and hand (twenty-sixth round).
    solo_defence_plain_leads: bool = False
    #: The declarer of a suit solo or an aces solo, on lead before the exact
    #: ending, leads a plain ace when it holds one (the search picks which).
    #: Where it held one, FreeDoko's profi led a plain ace in 52 of 52 such
    #: leads in tricks 1-4 of suit solos and in 83 of 83 in tricks 1-8 of aces
    #: solos, the search in 11 and 34: it draws trumps first
    #: (``bench_doppelkopf_judge.py report``, the three judged sets). Hard's
    #: solos replayed: +0.036 [+0.006, +0.065] per seat and hand on the four
    #: sets it was adopted on (176 seeds), −0.002 [−0.062, +0.058] on the fresh
    #: ``fd-s29`` (``benchmarks/results/dk_players.md``, thirtieth round).
    soloist_ace_leads: bool = False
    #: Where the seat did not see a poverty's returned cards: the odds, per
    #: trump, that its taker returned one more trump rather than one fewer
    #: (:class:`~engine.doppelkopf.knowledge.WorldSampler`; 1.0: every
    #: consistent deal equally likely). Takers return no trump in about four
    #: poverties of five, one in one of six; yet at 0.2 and 0.5 the Kontra seats
    #: lost points (``benchmarks/results/dk_players.md``, twenty-third round).
    return_odds: float = 1.0
    #: In a normal game, the fewest trumps (held and played) the worlds give a
    #: seat that announced (:class:`~engine.doppelkopf.knowledge.WorldSampler`;
    #: 0: every consistent deal equally likely, however weak the announcer).
    #: FreeDoko's profi announces with 8.2 trumps, where uniform worlds give 7.1;
    #: at 9 Hard's replayed normal games gained +0.019 [−0.009, +0.047] per seat
    #: and hand (``benchmarks/results/dk_players.md``, twenty-fourth round).
    announcer_trumps: int = 0
    #: In another seat's declared solo, how many trumps beyond a quarter of
    #: the contract's the worlds give the soloist (held and played;
    #: :class:`~engine.doppelkopf.knowledge.WorldSampler`; 0: every consistent
    #: deal equally likely, as if the soloist had not chosen to play alone).
    #: Truer worlds, yet at 3 and 4 the defenders lost points against
    #: FreeDoko's profi (twenty-fourth round).
    soloist_extra: int = 0

    @property
    def beliefs(self) -> Beliefs:
        """What the seat's worlds believe beyond the facts.

        >>> Budget(announcer_trumps=9).beliefs
        Beliefs(queens_apart=False, return_odds=1.0, announcer_trumps=9, soloist_extra=0)
        """
        return Beliefs(
            self.queens_apart, self.return_odds, self.announcer_trumps, self.soloist_extra
        )

    def slack_of(self, contract: Contract) -> int:
        """How much looser than the first cut's thresholds a hand may be to
        have its solo of ``contract`` played out.

        >>> budget = Budget(solo_slack=1, aces_slack=0, suit_slack=-2)
        >>> [budget.slack_of(c) for c in (Contract.ACES, Contract.HEARTS, Contract.JACKS)]
        [0, -2, 1]
        """
        if contract is Contract.ACES and self.aces_slack is not None:
            return self.aces_slack
        if contract in SUIT_SOLOS and self.suit_slack is not None:
            return self.suit_slack
        return self.solo_slack

    def solo_margin_of(self, contract: Contract) -> float:
        """The average gain a solo of ``contract`` must bring over the best
        game without one.

        >>> budget = Budget(solo_margin=-1.0, suit_margin=2.0)
        >>> [budget.solo_margin_of(c) for c in (Contract.CLUBS, Contract.QUEENS)]
        [2.0, -1.0]
        """
        if contract in SUIT_SOLOS and self.suit_margin is not None:
            return self.suit_margin
        return self.solo_margin

    def announcement_margin(self, kontra: bool, kind: GameKind) -> float:
        """The average gain an announcement of the seat's party must beat in a
        game of ``kind``: the most specific margin set, else the common one.

        >>> budget = Budget(announce_margin=0.5, kontra_announce_margin=1.0,
        ...                 solo_defence_margin=9.0)
        >>> [budget.announcement_margin(kontra, kind) for kontra, kind in
        ...  ((False, GameKind.SOLO), (True, GameKind.NORMAL), (True, GameKind.SOLO))]
        [0.5, 1.0, 9.0]
        """
        specific: tuple[float | None, ...]
        if kontra:
            specific = (
                self.solo_defence_margin if kind is GameKind.SOLO else None,
                self.kontra_announce_margin,
            )
        else:
            specific = (self.poverty_re_margin if kind is GameKind.POVERTY else None,)
        return next((margin for margin in specific if margin is not None), self.announce_margin)
