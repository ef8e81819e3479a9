"""One word for one thing (issue 44): each language's term base
(docs/terms/<lang>.json) gives the chosen word for each game concept and the
wrong alternatives; no catalog entry (engine/locales/<lang>.json) and no rules
page (docs/<lang>/*.md) may use a wrong one.

A term base is ``{concept: {"term": chosen word, "wrong": [...]}}``. A wrong
alternative is either words, found in any case and only as whole words where
it starts or ends with a letter ("Contra" is not inside "Kontra"), or
``re:`` and a regular expression, matched as written (case-sensitive: German
"Sie sind dran" is wrong, "sie" is not)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
TERMS = ROOT / "docs" / "terms"
#: Keys being rewritten on another branch at the time of writing (the Karnöffel
#: classic tutorial, issue 44's newcomer work): checked once that rewrite is merged.
LETTER = "A-Za-zÀ-ÖØ-öø-ÿ"


def term_base(language: str) -> dict[str, dict[str, object]]:
    terms: dict[str, dict[str, object]] = json.loads(
        (TERMS / f"{language}.json").read_text(encoding="utf-8")
    )
    return terms


def pattern(wrong: str) -> re.Pattern[str]:
    """The regular expression of one wrong alternative (see the module docstring)."""
    if wrong.startswith("re:"):
        return re.compile(wrong[3:])
    before = rf"(?<![{LETTER}])" if re.match(rf"[{LETTER}]", wrong) else ""
    after = rf"(?![{LETTER}])" if re.search(rf"[{LETTER}]$", wrong) else ""
    return re.compile(before + re.escape(wrong) + after, re.IGNORECASE)


def texts(language: str) -> dict[str, str]:
    """Every text of ``language``: catalog entries by key, rules pages by file."""
    catalog = json.loads((ROOT / "engine" / "locales" / f"{language}.json").read_text("utf-8"))
    found = dict(catalog)
    for page in sorted((ROOT / "docs" / language).glob("*.md")):
        found[f"docs/{language}/{page.name}"] = page.read_text(encoding="utf-8")
    return found


def wrong_uses(terms: dict[str, dict[str, object]], found: dict[str, str]) -> list[str]:
    uses = []
    for concept, entry in terms.items():
        for wrong in entry["wrong"]:  # type: ignore[attr-defined]
            for where, text in found.items():
                for match in pattern(wrong).finditer(text):
                    start = max(0, match.start() - 30)
                    context = text[start : match.end() + 30].replace("\n", " ")
                    uses.append(
                        f"{where}: {match.group(0)!r} for {concept} (say {entry['term']}): …{context}…"
                    )
    return uses


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_term_base_is_well_formed(language: str) -> None:
    terms = term_base(language)
    assert len(terms) >= 20, "a term base covers the games' concepts"
    for concept, entry in terms.items():
        assert set(entry) == {"term", "wrong"}, concept
        assert isinstance(entry["term"], str) and entry["term"], concept
        assert isinstance(entry["wrong"], list), concept
        for wrong in entry["wrong"]:
            assert isinstance(wrong, str) and wrong.strip(), concept
            pattern(wrong)  # compiles


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_text_uses_a_wrong_term(language: str) -> None:
    uses = wrong_uses(term_base(language), texts(language))
    assert not uses, f"{len(uses)} wrong terms (docs/terms/{language}.json):\n" + "\n".join(uses)


def test_the_scan_finds_wrong_terms_and_only_those() -> None:
    terms = {
        "Re / Kontra": {"term": "Kontra", "wrong": ["Contra"]},
        "opponents": {"term": "die Gegner", "wrong": ["re:\\bSie sind\\b"]},
        "daily": {"term": "每日对局", "wrong": ["每日一局"]},
    }
    found = {
        "a": "Kontra sagt an.",
        "b": "Re oder contra?",
        "c": "Sie sind dran.",
        "d": "Jetzt sind sie dran.",
        "e": "今天的每日一局",
        "f": "Contrary to",
    }
    assert [use.split(":")[0] for use in wrong_uses(terms, found)] == ["b", "c", "e"]


#: Chinese spacing (the term base writes "第 N 副", "Re 方"): a space between a Han
#: character and a Latin letter or a digit, as the page's formatter does (web/js/texts.js).
HAN = "\u3400-\u9fff\uf900-\ufaff"
UNSPACED_HAN = re.compile(rf"[{HAN}][0-9A-Za-zÀ-ɏ]|[0-9A-Za-zÀ-ɏ][{HAN}]")
#: What is not prose on a rules page: link targets, attribute lists, tags, code.
NOT_PROSE = re.compile(r"\]\([^)]*\)|\{[#.][^}]*\}|<[^>]+>|`[^`]*`")


def test_chinese_rules_pages_space_han_and_latin() -> None:
    unspaced = []
    for page in sorted((ROOT / "docs" / "zh").glob("*.md")):
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            for match in UNSPACED_HAN.finditer(NOT_PROSE.sub(" ", line)):
                unspaced.append(f"{page.name}:{number}: {match.group(0)!r} in {line.strip()[:80]}")
    assert not unspaced, f"{len(unspaced)} places:\n" + "\n".join(unspaced)
