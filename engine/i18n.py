"""The message catalogs: every text a person sees or hears, by key, in each language.

One catalog per language (``engine/locales/<lang>.json``, i18next JSON v4:
flat keys, ``{{name}}`` placeholders, ``_one``/``_other`` plural and
``_us``/``_them``/``_you``/``_other`` context suffixes). The English catalog
is the one source of the English wording: the engine renders its messages'
``text`` from it here, and the page renders every language from the same
catalogs (``web/js/texts.js``), naming cards, seats and teams in words.

Some parameters name other catalog entries instead of carrying words: a
``phase`` is a message key, a ``party`` is ``party.<id>``, an
``announcement`` or ``level`` is ``announcement.<id>``.

>>> render("card_in_wrong_phase", {"phase": "phase_show"})
'Cards cannot be played now: players are deciding whether to show their hands.'
>>> render("dk_score_level_missed", {"party": "kontra", "level": "no90"})
'Kontra announced no 90 and missed it: +2.'

A list of cards (kind ``cards``, :data:`PARAM_KINDS`) travels as notations
joined by ``","``; the engine's own text reads it with a space after each comma:

>>> render("hint_show", {"cards": "BU,LK"}).split("; ")[0]
'Show your hand to your partner: they learn that you hold the BU, LK and can plan with it'

A ``count`` param picks a plural entry (``key_one``, ``key_other``, ...) by
the language's CLDR plural rules, as ``Intl.PluralRules`` does on the page:

>>> render("table.hand.cards", {"count": 1}), render("table.hand.cards", {"count": 4})
('1 card', '4 cards')
>>> plural_category("de", 1), plural_category("es", 1_000_000), plural_category("zh", 1)
('one', 'many', 'other')

A card param may ask for a grammatical form, ``{{card:acc}}`` (one of
:data:`CARD_FORMS`): in a language whose catalog has the articles
(``card.article.<form>.<gender>``, :data:`GRAMMAR_PREFIXES`) the card is named
with its definite article in that case, its gender by its rank and faces.
Given the ``game``, cards are named in words as the page names them:

>>> render("hint_dk_cannot_win", {"winner": "CQ", "card": "H10", "points": 10}, "de", "doppelkopf")
'Gegen die Kreuz-Dame kommst du nicht an: Gib die Herz-Zehn ab (10 Augen).'
>>> [card_words(card, "de", "doppelkopf", "acc") for card in ("SK", "H10", "CA")]
['den Pik-König', 'die Herz-Zehn', 'das Kreuz-Ass']
>>> card_words("LU", "de", "karnoffel", "dat"), card_words("LU", "en", "karnoffel", "dat")
('dem Laub-Unter', 'Leaves Unter')

A weak noun takes its declined form where the catalog gives one
(``card.declined.<faces>.<rank>.<form>``):

>>> [card_words("CJ", "de", "doppelkopf", form) for form in ("nom", "acc", "dat")]
['der Kreuz-Bube', 'den Kreuz-Buben', 'dem Kreuz-Buben']

Without a game a card stays its notation, form or not: the engine's own text.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from typing import Any

__all__ = [
    "CARD_FORMS",
    "ENTRY_PREFIXES",
    "GRAMMAR_PREFIXES",
    "LANGUAGES",
    "PARAM_KINDS",
    "PLACEHOLDER",
    "PLURAL_CATEGORIES",
    "card_words",
    "catalog",
    "placeholder_form",
    "plural_category",
    "render",
]

#: The site's languages; English is the source.
LANGUAGES = ("en", "de", "es", "zh")
#: An i18next placeholder: ``{{name}}``, or ``{{name:form}}`` for a card in a
#: grammatical form (:data:`CARD_FORMS`); its one group is the name.
PLACEHOLDER = re.compile(r"\{\{(\w+)(?::\w+)?\}\}")
#: The grammatical forms a card param may ask for: the case of its article.
CARD_FORMS = ("nom", "acc", "dat")
#: Catalog entries only a language whose words inflect has (German): a card's
#: article by form and gender, and each rank's gender by the game's faces.
GRAMMAR_PREFIXES = ("card.article.", "card.gender.", "card.declined.")
#: How each game names its cards: the catalog entries of a card's name, its
#: suits (by the notation's suit letter) and ranks, and the gender key's faces.
_CARD_NAMING = {
    "karnoffel": ("card.name", "suit.german.", {}, "rank.german.", "german"),
    "doppelkopf": (
        "dk.card.name",
        "suit.french.",
        {"C": "A", "S": "L", "D": "B"},
        "dk.rank.",
        "french",
    ),
}
#: The CLDR plural categories each language's catalog needs for whole numbers
#: (Spanish "many", for whole millions, falls back to "other" as on the page).
PLURAL_CATEGORIES = {
    "en": ("one", "other"),
    "de": ("one", "other"),
    "es": ("one", "other"),
    "zh": ("other",),
}
#: What each parameter of an engine message holds: the one declared place a
#: renderer learns how to put a parameter in words (the page gets this table
#: from the build, ``js/param-kinds.js``; :class:`engine.messages.Message`
#: refuses a parameter not named here). The kinds:
#:
#: - ``card``: a card's notation (``CQ``, ``BU``); ``cards``: notations joined by
#:   ``","`` with no space; ``suit``/``rank``: a suit's or rank's letter;
#: - ``seat``: a seat number, named relative to the reader. The order of the
#:   seat params is their precedence: the first one present is the message's
#:   subject (its ``_you``/``_yours``/``_other`` variant); ``team``: a team's
#:   number (its ``_us``/``_them`` variant);
#: - ``party``, ``announcement``, ``phase``: the id of another catalog entry
#:   (:data:`ENTRY_PREFIXES`);
#: - ``date``: a ``YYYY-MM-DD`` date; ``number``: a whole number (a count,
#:   points, a value, a trick's number); ``action``: an action's notation;
#:   ``text``: words or a quoted input, shown as they are.
PARAM_KINDS: dict[str, str] = {
    **dict.fromkeys(
        ("card", "partner_card", "keep", "best", "winner", "beaten", "threat", "karnoffel",
         "devil", "disarmed", "charlie", "other"),
        "card",
    ),
    **dict.fromkeys(("cards", "partner_cards", "high", "trump_cards"), "cards"),
    "suit": "suit",
    "rank": "rank",
    **dict.fromkeys(("to_act", "seat", "bridegroom", "poor", "dealer"), "seat"),
    "team": "team",
    "party": "party",
    **dict.fromkeys(("announcement", "level"), "announcement"),
    "phase": "phase",
    **dict.fromkeys(("date", "first"), "date"),
    **dict.fromkeys(
        ("count", "points", "value", "offered", "next", "trumps", "aces", "size", "target",
         "confirmed", "number", "trick", "held", "needed", "limit", "found", "expected",
         "most"),
        "number",
    ),
    "action": "action",
    **dict.fromkeys(("id", "text", "detail", "file", "field", "op", "game"), "text"),
}  # fmt: skip
#: The kinds whose parameter names another catalog entry: the prefix of its key.
ENTRY_PREFIXES = {"party": "party.", "announcement": "announcement.", "phase": ""}


@cache
def catalog(language: str = "en") -> dict[str, str]:
    """The catalog of ``language`` (one of :data:`LANGUAGES`)."""
    if language not in LANGUAGES:
        raise ValueError(f"no catalog for {language!r} ({', '.join(LANGUAGES)})")
    text = resources.files("engine").joinpath("locales", f"{language}.json").read_text("utf-8")
    entries: dict[str, str] = json.loads(text)
    return entries


def plural_category(language: str, count: int) -> str:
    """The CLDR plural category of the whole number ``count`` in ``language``
    (the rules ``Intl.PluralRules`` applies: one/other; Spanish many; Chinese other)."""
    if language == "zh":
        return "other"
    if count == 1:
        return "one"
    if language == "es" and count != 0 and count % 1_000_000 == 0:
        return "many"
    return "other"


def _entry_key(entries: dict[str, str], key: str, values: dict[str, Any], language: str) -> str:
    """``key``, or its plural form for a ``count`` param (then ``_other``)."""
    if key in entries or "count" not in values:
        return key
    form = f"{key}_{plural_category(language, int(values['count']))}"
    return form if form in entries else f"{key}_other"


def placeholder_form(match: re.Match[str]) -> str:
    """The form a :data:`PLACEHOLDER` match asks for (``acc``), or ``""``."""
    return match.group(0)[2:-2].partition(":")[2]


def card_words(notation: str, language: str, game: str, form: str = "") -> str:
    """The card ``notation`` of ``game`` named in ``language``, with its definite
    article in ``form`` where the catalog has one (see the module docstring);
    as web/js/cards.js and web/js/table/doppelkopf.js name it."""
    entries = catalog(language)
    name_key, suit_prefix, suit_letters, rank_prefix, faces = _CARD_NAMING[game]
    suit, rank = notation[0], notation[1:]
    suit_key, rank_key = f"{suit_prefix}{suit_letters.get(suit, suit)}", f"{rank_prefix}{rank}"
    name = entries[name_key].replace("{{suit}}", entries.get(suit_key, suit))
    declined = entries.get(f"card.declined.{faces}.{rank}.{form}") if form else None
    name = name.replace("{{rank}}", declined or entries.get(rank_key, rank))
    gender = entries.get(f"card.gender.{faces}.{rank}", "")
    article = entries.get(f"card.article.{form}.{gender}", "") if form and gender else ""
    return f"{article} {name}" if article else name


def render(
    key: str, params: dict[str, Any] | None = None, language: str = "en", game: str = ""
) -> str:
    """The entry ``key`` with its placeholders filled (see the module docstring):
    cards as notations, or named in words when ``game`` is given."""
    entries = catalog(language)
    values = params or {}
    key = _entry_key(entries, key, values, language)

    def fill(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in values:
            return match.group(0)
        value = str(values[name])
        kind = PARAM_KINDS.get(name, "")
        prefix = ENTRY_PREFIXES.get(kind)
        if prefix is not None and f"{prefix}{value}" in entries:
            return render(f"{prefix}{value}", None, language)
        if kind == "card" and game:
            return card_words(value, language, game, placeholder_form(match))
        if kind == "cards":
            return ", ".join(value.split(","))
        return value

    return PLACEHOLDER.sub(fill, entries[key])
