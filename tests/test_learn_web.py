"""The page's side of learning (issue 11), read from the sources: the params the
page puts in words are the engine's PARAM_KINDS, and the Karnöffel tutorials
name suits only through params (the page may show German or French faces)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from engine.hints import PARAM_KINDS

ROOT = Path(__file__).resolve().parents[1]
MESSAGES_JS = (ROOT / "web" / "js" / "table" / "messages.js").read_text(encoding="utf-8")
EN = json.loads((ROOT / "engine" / "locales" / "en.json").read_text(encoding="utf-8"))
#: Every suit's name with either face, in English.
SUIT_NAMES = {EN[f"suit.{faces}.{suit}"] for faces in ("german", "french") for suit in "ALHB"}


def js_param_kinds() -> dict[str, list[str]]:
    block = re.search(r"export const PARAM_KINDS = \{(.*?)\};", MESSAGES_JS, re.DOTALL)
    assert block, "messages.js lists PARAM_KINDS"
    kinds = {}
    for kind, names in re.findall(r"(\w+): \[([^\]]*)\]", block.group(1)):
        kinds[kind] = re.findall(r'"(\w+)"', names)
    return kinds


def test_the_page_words_every_card_and_seat_param_the_engine_names() -> None:
    page = js_param_kinds()
    for kind in ("card", "cards", "seat"):
        engine = sorted(name for name, of in PARAM_KINDS.items() if of == kind)
        assert sorted(page[kind]) == engine, kind


def test_the_karnoffel_tutorials_name_no_suit_in_their_texts() -> None:
    for key, text in EN.items():
        if key.startswith(("tutorial_kc_", "tutorial_kh_")):
            named = sorted(name for name in SUIT_NAMES if re.search(rf"\b{name}\b", text))
            assert not named, f"{key} names {named}: give the suit as a {{{{suit}}}} param"
