"""The message catalogs (engine/locales/<lang>.json, issue 10): every language has
every English key and no other, each translation has exactly the English
placeholders, plural entries have the CLDR categories each language needs, and
the plural and context suffixes are used one way only. The engine renders the
share text from each catalog.

A translator's catalog that is not written yet is skipped (with the reason);
one that exists but is incomplete fails."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine import daily
from engine.bridge import BridgeError, Session
from engine.i18n import (
    CARD_FORMS,
    GRAMMAR_PREFIXES,
    LANGUAGES,
    PARAM_KINDS,
    PLACEHOLDER,
    PLURAL_CATEGORIES,
    placeholder_form,
    plural_category,
    render,
)

LOCALES = Path(__file__).resolve().parents[2] / "engine" / "locales"
#: The plural suffixes (CLDR categories) a key may end in.
PLURALS = ("zero", "one", "two", "few", "many", "other")
#: The context suffixes the page picks for the viewer (web/js/table/messages.js,
#: the tables): a team (us/them), a seat (you, yours, other).
CONTEXTS = ("us", "them", "you", "yours", "other")
#: A placeholder of the old single-brace form, which i18next would print as it is.
SINGLE_BRACE = re.compile(r"(?<!\{)\{\w+\}(?!\})")


def read(language: str) -> dict[str, str]:
    entries = json.loads((LOCALES / f"{language}.json").read_text(encoding="utf-8"))
    assert isinstance(entries, dict)
    return entries


EN = read("en")


def translation(language: str) -> dict[str, str]:
    """The catalog of ``language``; skipped while its translator has not delivered it."""
    if not (LOCALES / f"{language}.json").exists():
        pytest.skip(f"engine/locales/{language}.json is not written yet (its translator is on it)")
    return read(language)


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def plural_bases(entries: dict[str, str]) -> set[str]:
    """The keys of plural families: ``base`` for ``base_one`` / ``base_other``."""
    return {key.removesuffix("_one") for key in entries if key.endswith("_one")}


def needed_in(language: str, key: str) -> bool:
    """Whether ``language`` needs ``key``: a plural form of a category the
    language does not have (Chinese ``_one``) is not needed (it falls back to
    ``_other``, on the page as in the engine)."""
    plural = split_suffix(key, PLURALS)
    if plural is None or f"{plural[0]}_other" not in EN:
        return True
    return plural[1] in PLURAL_CATEGORIES[language]


def split_suffix(key: str, suffixes: tuple[str, ...]) -> tuple[str, str] | None:
    for suffix in suffixes:
        if key.endswith(f"_{suffix}"):
            return key[: -len(suffix) - 1], suffix
    return None


# ------------------------------------------------------------- the English source
def test_english_entries_are_texts_with_i18next_placeholders() -> None:
    assert len(EN) > 400
    assert all(isinstance(value, str) for value in EN.values())
    empty = [key for key, value in EN.items() if not value and not key.startswith("game.prefix.")]
    assert empty == []
    assert [key for key, value in EN.items() if SINGLE_BRACE.search(value)] == []


def test_plural_families_are_complete_and_stand_alone() -> None:
    for base in plural_bases(EN):
        assert f"{base}_other" in EN, f"{base}_one without {base}_other"
        assert base not in EN, f"{base} is both a text and a plural family"
        # "one" is exactly 1 in English, German and Spanish: its form may say it in words.
        one, other = placeholders(EN[f"{base}_one"]), placeholders(EN[f"{base}_other"])
        assert one - {"count"} == other - {"count"}, base
    odd = [
        key
        for key in EN
        if (found := split_suffix(key, PLURALS)) and found[1] not in ("one", "other")
    ]
    assert odd == [], "English needs only one and other"


def test_context_variants_have_their_plain_entry() -> None:
    plural = plural_bases(EN)
    for key in EN:
        found = split_suffix(key, CONTEXTS)
        if found is None:
            continue
        base, context = found
        if context == "other" and base in plural:
            continue  # a plural form, not a context
        assert base in EN, f"{key}: the variant of a key that does not exist"
        # A count would make the page read the context `_other` as a plural form.
        assert "count" not in placeholders(EN[base]), f"{base}: context variants and a count"
    for key in EN:
        if key.endswith(("_us", "_them")):
            base = key.rsplit("_", 1)[0]
            assert f"{base}_us" in EN and f"{base}_them" in EN, f"{base}: _us and _them go together"


def test_no_key_is_both_a_plural_form_and_a_context() -> None:
    ambiguous = [
        f"{base}_other"
        for base in plural_bases(EN)
        if any(f"{base}_{context}" in EN for context in ("you", "yours", "us", "them"))
    ]
    assert ambiguous == []


def test_the_python_plural_rules_are_cldr_s() -> None:
    # The categories Intl.PluralRules gives for whole numbers (checked against the
    # browser's in tests/web/test_languages.py).
    assert [plural_category("en", n) for n in (0, 1, 2, 21)] == ["other", "one", "other", "other"]
    assert [plural_category("de", n) for n in (0, 1, 2, 1_000_000)] == [
        "other",
        "one",
        "other",
        "other",
    ]
    assert [plural_category("es", n) for n in (1, 2, 1_000_000)] == ["one", "other", "many"]
    assert {plural_category("zh", n) for n in range(5)} == {"other"}
    assert set(PLURAL_CATEGORIES) == set(LANGUAGES)


# ------------------------------------------------------------- the translations
TRANSLATED = [language for language in LANGUAGES if language != "en"]


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_language_has_exactly_the_english_keys(language: str) -> None:
    entries = translation(language)
    missing = sorted(key for key in set(EN) - set(entries) if needed_in(language, key))
    # (A language's own grammar, a card's article and gender, only it has.)
    extra = sorted(key for key in set(entries) - set(EN) if not key.startswith(GRAMMAR_PREFIXES))
    assert (missing, extra) == ([], []), f"{language}: missing {missing}, not in English {extra}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_translation_has_the_english_placeholders(language: str) -> None:
    entries = translation(language)
    wrong = {
        key: (sorted(placeholders(EN[key])), sorted(placeholders(text)))
        for key, text in entries.items()
        if key in EN and placeholders(text) != placeholders(EN[key])
    }
    assert wrong == {}, f"{language}: (English, translation) placeholders differ"
    assert all(isinstance(text, str) for text in entries.values())
    empty = [k for k, text in entries.items() if not text.strip() and EN.get(k, "").strip()]
    assert empty == [], f"{language}: empty translations"
    assert [key for key, text in entries.items() if SINGLE_BRACE.search(text)] == []


def form_problems(text: str) -> list[str]:
    """The placeholders of ``text`` asking for a form they cannot have."""
    problems = []
    for match in PLACEHOLDER.finditer(text):
        form = placeholder_form(match)
        if form and PARAM_KINDS.get(match.group(1)) != "card":
            problems.append(f"{match.group(0)}: a form on a param that is no card")
        elif form and form not in CARD_FORMS:
            problems.append(f"{match.group(0)}: no such form ({', '.join(CARD_FORMS)})")
    return problems


def test_the_form_check_catches_what_it_looks_for() -> None:
    assert form_problems("Spiel {{card:acc}} aus, {{best:dat}} {{count}} {{card}}") == []
    assert form_problems("{{count:acc}} und {{card:gen}}") == [
        "{{count:acc}}: a form on a param that is no card",
        "{{card:gen}}: no such form (nom, acc, dat)",
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_only_a_card_asks_for_a_form_and_a_known_one(language: str) -> None:
    entries = read(language)
    wrong = {key: form_problems(text) for key, text in entries.items() if form_problems(text)}
    assert wrong == {}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_language_with_articles_has_them_for_every_form_and_rank(language: str) -> None:
    entries = read(language)
    genders = {value for key, value in entries.items() if key.startswith("card.gender.")}
    articles = {key for key in entries if key.startswith("card.article.")}
    if not articles:
        return  # (the language names a card the same in every sentence)
    assert articles == {f"card.article.{f}.{g}" for f in CARD_FORMS for g in ("m", "f", "n")}
    assert genders <= {"m", "f", "n"}
    # (French faces: Karnöffel's ranks, rank.french.*, and Doppelkopf's, dk.rank.*.)
    for faces, prefixes in (
        ("german", ("rank.german.",)),
        ("french", ("rank.french.", "dk.rank.")),
    ):
        ranks = {key.split(".")[-1] for key in EN if key.startswith(prefixes)}
        assert {r for r in ranks if f"card.gender.{faces}.{r}" not in entries} == set(), faces


@pytest.mark.parametrize("language", TRANSLATED)
def test_plural_entries_have_the_language_s_categories(language: str) -> None:
    entries = translation(language)
    needed = PLURAL_CATEGORIES[language]
    missing = [
        f"{base}_{category}"
        for base in plural_bases(EN)
        for category in needed
        if f"{base}_{category}" not in entries
    ]
    assert missing == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_share_text_is_worded_in_each_language(language: str) -> None:
    if language != "en":
        translation(language)
    for game, score in (("karnoffel", (7, 4)), ("doppelkopf", (-4, 6))):
        text = daily.share_text(game, 12, True, score, [True, None, False], "https://x/", language)
        line = daily.share_line(game, 12, False, score, [True], language)
        assert "{{" not in text + line
        assert text.splitlines()[0] == render(
            "share.text.title",
            {"game": render(f"game.{game}", None, language), "number": 12},
            language,
        )
        assert text.endswith("\n🟩⬜🟥\nhttps://x/")
        assert "12" in line


def test_the_share_op_words_the_share_text_in_the_language_asked_for() -> None:
    session = Session()
    pinned = daily.pinned_daily("doppelkopf", daily.daily_date(1))
    reply = session.op_daily(
        {
            "game": "doppelkopf",
            "date": "2026-12-01",
            "today": "2026-12-01",
            "pinned": pinned,
            "level": "random",
        }
    )
    reply = {"ok": True, "view": reply["view"], "turn": reply["turn"]}
    for _ in range(2000):
        if reply["turn"]["who"] == "person":
            reply = session.op_act({"action": reply["view"]["legal"][0]})
        elif reply["turn"]["who"] == "computer":
            reply = session.op_step({})
        elif reply["view"]["phase"] == "deal":
            reply = session.op_deal({})
        else:
            break
    english = session.op_share({"address": "https://x/"})
    assert english == session.op_share({"address": "https://x/", "lang": "en"})
    assert english["text"].startswith("Stichtag · Doppelkopf #1\n")
    for language in LANGUAGES:
        if (LOCALES / f"{language}.json").exists():
            shared = session.op_share({"address": "https://x/", "lang": language})
            assert shared["text"].splitlines()[0] == render(
                "share.text.title",
                {"game": render("game.doppelkopf", None, language), "number": 1},
                language,
            )
            assert shared["won"] == english["won"]
    with pytest.raises(BridgeError):
        session.op_share({"address": "x", "lang": "fr"})


# ------------------------------------------------------- the translators' findings
#: A count right before the thing it counts ("{{count}} cards", "{{count}} {{suit}} cards").
COUNTED_NOUN = re.compile(r"\{\{count\}\} (\{\{\w+\}\} )?(?!of\b)[a-z]")
#: Counts the engine never gives as 1 (one threat has its own text, hint_lead_one_threat).
NEVER_ONE = {"hint_lead_threats"}
#: An English text that names a seat by its number ("seat {{seat}}", as the engine's text does).
SEAT_NUMBER = re.compile(r"\b[Ss]eat \{\{(\w+)\}\}")


def test_a_counted_noun_has_its_plural_forms() -> None:
    """ "the last 1 dailies", "1 cards": a text that counts a noun is a plural family."""
    unformed = [
        key
        for key, text in EN.items()
        if COUNTED_NOUN.search(text) and split_suffix(key, PLURALS) is None and key not in NEVER_ONE
    ]
    assert unformed == [], "a count without _one/_other forms"


def test_a_team_s_texts_say_us_and_them_in_the_sentence() -> None:
    """ "Us passes": the page's texts about a team have the _us and _them sentences."""
    plain = [
        key
        for key, text in EN.items()
        if "team" in placeholders(text) and split_suffix(key, CONTEXTS) is None
    ]
    assert plain
    lacking = [key for key in plain if f"{key}_us" not in EN or f"{key}_them" not in EN]
    assert lacking == []


def test_a_seat_named_by_number_has_the_page_s_variant() -> None:
    """The engine's English says "seat 2"; the page names the seat ("West", "you"),
    so every such text has the variant the page shows (web/js/table/messages.js)."""
    numbered = [
        key for key, text in EN.items() if SEAT_NUMBER.search(text) and key != "seat.unknown"
    ]
    assert numbered
    lacking = [
        key
        for key in numbered
        if not any(f"{key}_{variant}" in EN for variant in ("other", "you", "yours"))
    ]
    assert lacking == []
    for key in numbered:
        for variant in ("other", "you", "yours"):
            if f"{key}_{variant}" in EN:
                assert not SEAT_NUMBER.search(EN[f"{key}_{variant}"]), f"{key}_{variant}"


def test_the_score_below_a_level_names_the_card_points() -> None:
    """ "Kontra stayed below no 90" says nothing: the line names the card points."""
    for language in LANGUAGES:
        text = render(
            "dk_score_below", {"party": "kontra", "level": "no90", "points": "90"}, language
        )
        assert "90" in text and render("announcement.no90", None, language) not in text, language


def test_every_sentence_ends_as_its_siblings_do() -> None:
    """A save's reason is a sentence inside "…: {{reason}} It was set aside": it ends
    with a full stop in every language, as the other reasons do."""
    for language in LANGUAGES:
        entries = read(language)
        reasons = [key for key in entries if key.startswith("save.")]
        endings = {key: entries[key][-1] for key in reasons}
        assert set(endings.values()) <= {".", "。"}, (language, endings)


def test_karnoffel_tutorials_name_suits_by_param() -> None:
    """A suit's name depends on the faces chosen (Acorns or Clubs): the tutorials'
    texts take it as a {{suit}} param, which the page names in the table's faces."""
    face_bound = {
        EN[f"suit.{faces}.{suit}"]
        for faces in ("german", "french")
        for suit in "ALHB"
        if EN[f"suit.german.{suit}"] != EN[f"suit.french.{suit}"]
    }
    assert face_bound == {"Acorns", "Leaves", "Bells", "Clubs", "Spades", "Diamonds"}
    named = [
        key
        for key, text in EN.items()
        if key.startswith(("tutorial_kc_", "tutorial_kh_"))
        and any(re.search(rf"\b{name}\b", text) for name in face_bound)
    ]
    assert named == []
