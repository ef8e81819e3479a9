"""The page's side of learning (issue 11), read from the sources: the params the
page puts in words are the engine's PARAM_KINDS."""

from __future__ import annotations

import re
from pathlib import Path

from engine.hints import PARAM_KINDS

ROOT = Path(__file__).resolve().parents[1]
MESSAGES_JS = (ROOT / "web" / "js" / "table" / "messages.js").read_text(encoding="utf-8")


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
