"""The example markers of the rules pages: parsing and checking against the engine.

A worked example in ``docs/<lang>/*.md`` is marked by an HTML comment on the
line right before it (grammar and kinds: docs/README.md)::

    <!-- check: karnoffel-trick rules=classic chosen=B cards=H9,B3,LK,H2 winner=0 -->

Every HTML comment in a page must be such a marker, so a mistyped marker is
an error instead of an unchecked example. If the example right after the
marker (the lines up to the next blank line) shows card pictures, they must
be the marker's cards in the marker's order, and the winning card must be
the one picture with the class ``win``.

>>> [marker] = parse_markers("<!-- check: karnoffel-trick rules=classic chosen=B "
...     "cards=H9,B3,LK,H2 winner=0 -->\\nThe Hearts 9 wins.\\n", "x.md")
>>> marker.kind, marker.fields["cards"], marker.line
('karnoffel-trick', 'H9,B3,LK,H2', 1)
>>> check_marker(marker)
[]
>>> parse_markers("<!-- chek: karnoffel-trick -->\\ntext\\n", "x.md")
Traceback (most recent call last):
...
docs_markers.MarkerError: x.md:1: an HTML comment that is not a check marker ...
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from engine import doppelkopf, karnoffel
from engine.doppelkopf.rules import Contract, Party
from engine.doppelkopf.scoring import Extra, ExtraKind, HandSummary, score_hand

COMMENT = re.compile(r"<!--(.*?)-->", re.DOTALL)
MARKER = re.compile(r"^\s*check:\s+(?P<kind>[\w-]+)(?P<fields>(\s+[\w-]+=\S+)*)\s*$")
#: A card picture in Markdown: ![alt](path/cards/<deck>/<card>.svg){attributes}
PICTURE = re.compile(
    r"!\[(?P<alt>[^\]]*)\]\((?P<src>[^)\s]*cards/(?P<deck>german|french)/(?P<card>\w+)\.svg)\)"
    r"(?:\{(?P<attrs>[^}]*)\})?"
)


class MarkerError(ValueError):
    """A marker that does not follow the grammar (unknown kind or key, bad value...)."""


@dataclass(frozen=True)
class Marker:
    path: str
    line: int
    kind: str
    fields: dict[str, str]
    #: The example: the lines after the marker up to the next blank line.
    example: tuple[str, ...] = field(default=())

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line}"


@dataclass(frozen=True)
class Kind:
    required: frozenset[str]
    optional: frozenset[str]
    #: Returns the problems found (empty when the example is right).
    check: Callable[[Marker], list[str]]
    #: The deck of the card pictures, or None if the kind shows none.
    deck: str | None


def _cards(value: str) -> list[str]:
    cards = value.split(",")
    if not all(cards):
        raise MarkerError(f"empty card in the list {value!r}")
    return cards


def _int(value: str, name: str) -> int:
    if not re.fullmatch(r"-?\d+", value):
        raise MarkerError(f"{name}={value!r} is not a whole number")
    return int(value)


def _yes_no(value: str, name: str) -> bool:
    if value not in ("yes", "no"):
        raise MarkerError(f"{name}={value!r}: write yes or no")
    return value == "yes"


def _choice(value: str, name: str, choices: tuple[str, ...]) -> str:
    if value not in choices:
        raise MarkerError(f"{name}={value!r}: one of {', '.join(choices)}")
    return value


def _winner_check(marker: Marker, actual: int, why: str) -> list[str]:
    expected = _int(marker.fields["winner"], "winner")
    cards = _cards(marker.fields["cards"])
    if not 0 <= expected < len(cards):
        return [f"{marker.where}: winner={expected} is not an index of the {len(cards)} cards"]
    if actual != expected:
        return [
            (
                f"{marker.where}: the page says {cards[expected]} (winner={expected}) wins "
                f"{','.join(cards)}, the engine says {cards[actual]} (winner={actual}): {why}"
            )
        ]
    return []


def check_karnoffel_trick(marker: Marker) -> list[str]:
    fields = marker.fields
    rules = _choice(fields["rules"], "rules", ("classic", "historic"))
    chosen = _choice(fields["chosen"], "chosen", ("A", "L", "H", "B"))
    result = karnoffel.explain_trick(_cards(fields["cards"]), chosen, rules)
    return _winner_check(marker, result.winner, result.reason.text)


def check_karnoffel_chosen(marker: Marker) -> list[str]:
    expected = _choice(marker.fields["chosen"], "chosen", ("A", "L", "H", "B"))
    actual = karnoffel.chosen_suit(_cards(marker.fields["face-up"]))
    if actual != expected:
        return [f"{marker.where}: the page says chosen={expected}, the engine says {actual}"]
    return []


def check_doppelkopf_trick(marker: Marker) -> list[str]:
    fields = marker.fields
    game = _choice(fields["game"], "game", tuple(contract.value for contract in Contract))
    second = _yes_no(fields.get("second-heart-ten", "no"), "second-heart-ten")
    result = doppelkopf.explain_trick(_cards(fields["cards"]), game, second_heart_ten=second)
    return _winner_check(marker, result.winner, result.reason.text)


def _extras(value: str) -> tuple[Extra, ...]:
    extras = []
    for item in value.split(","):
        parts = item.split(":")
        if len(parts) != 3:
            raise MarkerError(f"extra {item!r}: write kind:party:trick, e.g. fox:re:3")
        kind, party, trick = parts
        kinds = tuple(extra.value for extra in ExtraKind)
        extras.append(
            Extra(
                ExtraKind(_choice(kind, "extra kind", kinds)),
                Party(_choice(party, "extra party", ("re", "kontra"))),
                _int(trick, "extra trick"),
            )
        )
    return tuple(extras)


def check_doppelkopf_score(marker: Marker) -> list[str]:
    fields = marker.fields
    summary = HandSummary(
        re_points=_int(fields["re_points"], "re_points"),
        re_tricks=_int(fields["re_tricks"], "re_tricks"),
        kontra_tricks=_int(fields["kontra_tricks"], "kontra_tricks"),
        re_level=_int(fields.get("re_level", "0"), "re_level"),
        kontra_level=_int(fields.get("kontra_level", "0"), "kontra_level"),
        solo=_yes_no(fields.get("solo", "no"), "solo"),
        extras=_extras(fields["extras"]) if "extras" in fields else (),
    )
    expected_winner = _choice(fields["winner"], "winner", ("re", "kontra", "none"))
    expected_value = _int(fields["value"], "value")
    score = score_hand(summary)
    winner = score.winner.value if score.winner is not None else "none"
    if (winner, score.re_value) != (expected_winner, expected_value):
        lines = "; ".join(f"{item.value:+d} {item.message.text}" for item in score.items)
        return [
            (
                f"{marker.where}: the page says winner={expected_winner} value={expected_value}, "
                f"the engine says winner={winner} value={score.re_value} ({lines})"
            )
        ]
    return []


KINDS: dict[str, Kind] = {
    "karnoffel-trick": Kind(
        frozenset({"rules", "chosen", "cards", "winner"}),
        frozenset(),
        check_karnoffel_trick,
        "german",
    ),
    "karnoffel-chosen": Kind(
        frozenset({"face-up", "chosen"}), frozenset(), check_karnoffel_chosen, "german"
    ),
    "doppelkopf-trick": Kind(
        frozenset({"game", "cards", "winner"}),
        frozenset({"second-heart-ten"}),
        check_doppelkopf_trick,
        "french",
    ),
    "doppelkopf-score": Kind(
        frozenset({"re_points", "re_tricks", "kontra_tricks", "winner", "value"}),
        frozenset({"re_level", "kontra_level", "solo", "extras"}),
        check_doppelkopf_score,
        None,
    ),
}


def parse_markers(text: str, path: str) -> list[Marker]:
    """Every marker of a page, in order; ``MarkerError`` on any malformed comment."""
    lines = text.split("\n")
    markers = []
    for match in COMMENT.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        where = f"{path}:{line}"
        body = match.group(1)
        parsed = MARKER.match(body)
        if "\n" in body or parsed is None:
            raise MarkerError(
                f"{where}: an HTML comment that is not a check marker "
                f"(pages use comments only as `<!-- check: KIND key=value ... -->`, one line): "
                f"{match.group(0)[:80]!r}"
            )
        kind_name = parsed.group("kind")
        kind = KINDS.get(kind_name)
        if kind is None:
            raise MarkerError(f"{where}: unknown kind {kind_name!r} (known: {', '.join(KINDS)})")
        fields: dict[str, str] = {}
        for token in parsed.group("fields").split():
            key, _, value = token.partition("=")
            if key in fields:
                raise MarkerError(f"{where}: {key} given twice")
            if key not in kind.required | kind.optional:
                raise MarkerError(f"{where}: unknown key {key!r} for {kind_name}")
            fields[key] = value
        missing = sorted(kind.required - fields.keys())
        if missing:
            raise MarkerError(f"{where}: {kind_name} needs {', '.join(missing)}")
        if lines[line - 1].strip() != match.group(0):
            raise MarkerError(f"{where}: a marker stands alone on its line")
        example = []
        rest = lines[line:]
        # Markers may stand in a run (each trick of a table, say): the run shares
        # the example that follows its last marker.
        while rest and rest[0].lstrip().startswith("<!-- check:"):
            rest = rest[1:]
        for following in rest:
            if not following.strip():
                break
            example.append(following)
        if not example or example[0].lstrip().startswith(("<!--", "#")):
            raise MarkerError(f"{where}: the example must follow right after the marker")
        markers.append(Marker(path, line, kind_name, fields, tuple(example)))
    return markers


def check_pictures(marker: Marker) -> list[str]:
    """The example's card pictures are the marker's cards; the winner is marked ``.win``."""
    kind = KINDS[marker.kind]
    pictures = [match for line in marker.example for match in PICTURE.finditer(line)]
    if not pictures:
        return []
    if kind.deck is None:
        return [f"{marker.where}: {marker.kind} examples show no card pictures"]
    problems = []
    decks = {picture.group("deck") for picture in pictures}
    if decks != {kind.deck}:
        problems.append(f"{marker.where}: {marker.kind} pictures come from cards/{kind.deck}/")
    shown = [picture.group("card") for picture in pictures]
    cards = _cards(marker.fields["face-up" if marker.kind == "karnoffel-chosen" else "cards"])
    if shown != cards:
        problems.append(f"{marker.where}: the pictures show {shown}, the marker says {cards}")
    marked = [i for i, picture in enumerate(pictures) if ".win" in (picture.group("attrs") or "")]
    if marker.kind == "karnoffel-chosen":
        chosen = marker.fields["chosen"]
        if len(marked) != 1 or not shown[marked[0]].startswith(chosen):
            problems.append(f"{marker.where}: mark the one face-up card that fixes the suit .win")
    elif marked != [_int(marker.fields["winner"], "winner")]:
        problems.append(
            f"{marker.where}: the picture marked .win is {marked}, the winner is "
            f"{marker.fields['winner']}"
        )
    return problems


def check_marker(marker: Marker) -> list[str]:
    """Everything wrong with one marked example (the engine's verdict and the pictures)."""
    try:
        return KINDS[marker.kind].check(marker) + check_pictures(marker)
    except (MarkerError, ValueError) as error:
        return [f"{marker.where}: {error}"]


def markers_of(path: Path, root: Path) -> list[Marker]:
    return parse_markers(path.read_text(encoding="utf-8"), path.relative_to(root).as_posix())
