"""Every worked example marked in the rules pages is right, in every language:
run through the engine (Karnöffel and Doppelkopf trick winners, the chosen
suit, Doppelkopf hand scores), with pictures that show the marked cards."""

from __future__ import annotations

import doctest

import docs_markers
import pytest
from docs_markers import MarkerError, check_marker, markers_of, parse_markers
from docs_support import DOCS, LANGUAGES, PAGES, source_path

LANGUAGE_PAGES = [(language, page) for language in LANGUAGES for page in PAGES]


@pytest.mark.parametrize(("language", "page"), LANGUAGE_PAGES)
def test_every_marked_example_is_right(language: str, page: str) -> None:
    markers = markers_of(source_path(language, page), DOCS)
    problems = [problem for marker in markers for problem in check_marker(marker)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("page", ["karnoffel", "karnoffel-historic"])
def test_the_karnoffel_pages_show_the_same_examples_in_every_language(page: str) -> None:
    """Translations explain the same tricks: the markers match language by language."""
    by_language = {
        language: [(m.kind, m.fields) for m in markers_of(source_path(language, page), DOCS)]
        for language in LANGUAGES
    }
    assert len(by_language["en"]) >= 4, f"{page}: too few worked examples"
    for language, markers in by_language.items():
        assert markers == by_language["en"], f"{language}/{page} differs from en/{page}"


def test_the_classic_page_works_the_spec_examples() -> None:
    """The seeds' example deal and its tricks, and every rule-set difference of spec §4."""
    tricks = {
        (m.fields["rules"], m.fields["chosen"], m.fields["cards"])
        for page in ("karnoffel", "karnoffel-historic")
        for m in markers_of(source_path("en", page), DOCS)
        if m.kind == "karnoffel-trick"
    }
    for cards in ("H9,B3,LK,H2", "B9,B3,LK,H2", "B10,B4,HO,A2", "H8,B5,AU,H9"):
        assert ("classic", "B", cards) in tricks and ("historic", "B", cards) in tricks, cards


# ----------------------------------------------------------------- the checker itself

SCORE = "doppelkopf-score"
HAND_150 = "re_points=150 re_tricks=8 kontra_tricks=4"
GOOD = "<!-- check: karnoffel-trick rules=classic chosen=B cards=H9,B3,LK,H2 winner=0 -->\n"
PICTURES = (
    "![Hearts 9](../cards/german/H9.svg){{.card{0}}}\n"
    "![Bells 3](../cards/german/B3.svg){{.card}}\n"
    "![Leaves King](../cards/german/LK.svg){{.card{1}}}\n"
    "![Hearts 2](../cards/german/H2.svg){{.card}}\n"
)


def problems_of(text: str) -> list[str]:
    return [problem for marker in parse_markers(text, "x.md") for problem in check_marker(marker)]


def test_the_checker_doctests() -> None:
    failures, tried = doctest.testmod(docs_markers, optionflags=doctest.ELLIPSIS)
    assert tried and not failures


def test_a_right_example_passes() -> None:
    assert problems_of(GOOD + PICTURES.format(" .win", "")) == []
    assert problems_of(GOOD + "The Hearts 9 wins.\n") == []


def test_a_wrong_winner_fails_with_the_engines_reason() -> None:
    [problem] = problems_of(GOOD.replace("winner=0", "winner=1") + "text\n")
    assert "x.md:1" in problem and "the engine says H9" in problem


def test_pictures_must_show_the_marked_cards_and_mark_the_winner() -> None:
    assert problems_of(GOOD + PICTURES.format("", " .win"))  # the wrong card marked
    assert problems_of(GOOD + PICTURES.format("", ""))  # no card marked
    swapped = PICTURES.format(" .win", "").replace("B3.svg", "B4.svg")
    assert problems_of(GOOD + swapped)


def test_doppelkopf_pictures_come_from_the_french_cards() -> None:
    marker = "<!-- check: doppelkopf-trick game=normal cards=SA,S10,DJ,SA winner=2 -->\n"
    row = (
        "![Spades Ace](../cards/{0}/SA.svg){{.card}}\n"
        "![Spades 10](../cards/{0}/S10.svg){{.card}}\n"
        "![Diamonds Jack](../cards/{0}/DJ.svg){{.card .win}}\n"
        "![Spades Ace](../cards/{0}/SA.svg){{.card}}\n"
    )
    assert problems_of(marker + row.format("french")) == []
    assert problems_of(marker + row.format("german"))
    score = f"<!-- check: {SCORE} re_points=121 re_tricks=6 kontra_tricks=6 winner=re value=1 -->\n"
    assert problems_of(score + row.format("french"))  # a score shows no cards


@pytest.mark.parametrize(
    "marker",
    [
        "<!-- check: karnoffel-tricks rules=classic chosen=B cards=H9 winner=0 -->",  # kind
        "<!-- check: karnoffel-trick rule=classic chosen=B cards=H9 winner=0 -->",  # key
        "<!-- check: karnoffel-trick rules=classic cards=H9 winner=0 -->",  # missing key
        "<!-- check: karnoffel-trick rules=classic rules=classic chosen=B cards=H9 winner=0 -->",
        "<!-- chek: karnoffel-trick rules=classic chosen=B cards=H9 winner=0 -->",  # not a marker
        "<!-- check: karnoffel-trick rules=classic\n chosen=B cards=H9 winner=0 -->",  # two lines
        "<!-- a note to the translator -->",
    ],
)
def test_a_malformed_marker_is_an_error(marker: str) -> None:
    with pytest.raises(MarkerError):
        parse_markers(marker + "\ntext\n", "x.md")


def test_a_marker_needs_its_example_right_after_it() -> None:
    with pytest.raises(MarkerError):
        parse_markers(GOOD + "\ntext\n", "x.md")


@pytest.mark.parametrize(
    ("marker", "right"),
    [
        ("karnoffel-trick rules=historic chosen=B cards=H9,B3,LK,H2 winner=1", True),
        ("karnoffel-trick rules=modern chosen=B cards=H9,B3 winner=1", False),
        ("karnoffel-trick rules=classic chosen=B cards=H9,X3 winner=0", False),
        ("karnoffel-chosen face-up=H9,B4,AK,L10 chosen=B", True),
        ("karnoffel-chosen face-up=H9,B4,AK,L10 chosen=H", False),
        ("doppelkopf-trick game=normal cards=SA,S10,DJ,SA winner=2", True),
        ("doppelkopf-trick game=normal second-heart-ten=yes cards=H10,H10 winner=1", True),
        ("doppelkopf-trick game=normal cards=H10,H10 winner=1", False),
        ("doppelkopf-trick game=jacks cards=HA,CQ,HK winner=0", True),
        ("doppelkopf-score re_points=121 re_tricks=6 kontra_tricks=6 winner=re value=1", True),
        ("doppelkopf-score re_points=120 re_tricks=6 kontra_tricks=6 winner=re value=1", False),
        (
            f"{SCORE} re_points=120 re_tricks=6 kontra_tricks=6 kontra_level=1 winner=re value=3",
            True,
        ),
        (f"{SCORE} {HAND_150} extras=fox:re:3,doppelkopf:kontra:5 winner=re value=1", True),
        (f"{SCORE} {HAND_150} extras=fox:re winner=re value=2", False),
        (f"{SCORE} {HAND_150} solo=maybe winner=re value=2", False),
    ],
)
def test_every_kind_is_checked_by_the_engine(marker: str, right: bool) -> None:
    assert (problems_of(f"<!-- check: {marker} -->\ntext\n") == []) is right
