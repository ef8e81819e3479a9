"""The message catalogs: every text a person sees or hears, by key, in each language.

One catalog per language (``engine/locales/<lang>.json``, i18next JSON v4:
flat keys, ``{{name}}`` placeholders, ``_one``/``_other`` plural and
``_us``/``_them``/``_you``/``_other`` context suffixes). The English catalog
is the one source of the English wording: the engine renders its messages'
``text`` from it here, and the page renders every language from the same
catalogs (``web/js/i18n.js``), naming cards, seats and teams in words.

Some parameters name other catalog entries instead of carrying words: a
``phase`` is a message key, a ``party`` is ``party.<id>``, an
``announcement`` or ``level`` is ``announcement.<id>``.

>>> render("card_in_wrong_phase", {"phase": "phase_show"})
'Cards cannot be played now: players are deciding whether to show their hands.'
>>> render("dk_score_below", {"party": "kontra", "level": "no90"})
'Kontra stayed below no 90: +1.'
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from typing import Any

__all__ = ["LANGUAGES", "PLACEHOLDER", "catalog", "render"]

#: The site's languages; English is the source.
LANGUAGES = ("en", "de", "es", "zh")
#: An i18next placeholder: ``{{name}}``.
PLACEHOLDER = re.compile(r"\{\{(\w+)\}\}")
#: Parameters that name a catalog entry (a prefix and the id) rather than words.
_ENTRY_PARAMS = {
    "phase": "",
    "party": "party.",
    "announcement": "announcement.",
    "level": "announcement.",
}


@cache
def catalog(language: str = "en") -> dict[str, str]:
    """The catalog of ``language`` (one of :data:`LANGUAGES`)."""
    if language not in LANGUAGES:
        raise ValueError(f"no catalog for {language!r} ({', '.join(LANGUAGES)})")
    text = resources.files("engine").joinpath("locales", f"{language}.json").read_text("utf-8")
    entries: dict[str, str] = json.loads(text)
    return entries


def render(key: str, params: dict[str, Any] | None = None, language: str = "en") -> str:
    """The entry ``key`` with its placeholders filled (see the module docstring)."""
    entries = catalog(language)
    values = params or {}

    def fill(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in values:
            return match.group(0)
        value = str(values[name])
        prefix = _ENTRY_PARAMS.get(name)
        if prefix is not None and f"{prefix}{value}" in entries:
            return render(f"{prefix}{value}", None, language)
        return value

    return PLACEHOLDER.sub(fill, entries[key])
