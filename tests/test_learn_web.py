"""The page words an engine message's params by their kinds as the engine declares
them (engine/i18n.py PARAM_KINDS), written into the site by the build
(js/param-kinds.js), never by a list of param names kept in a script (issue 44:
``trumps``, a number, was worded as a list of cards)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from engine.i18n import ENTRY_PREFIXES, PARAM_KINDS
from sitebuild.site import param_kinds_module

ROOT = Path(__file__).resolve().parents[1]
WEB_JS = ROOT / "web" / "js"
MESSAGES_JS = (WEB_JS / "table" / "messages.js").read_text(encoding="utf-8")


def exported(module: str, name: str) -> dict[str, str]:
    block = re.search(rf"export const {name} = Object\.freeze\((\{{.*?\}})\);", module, re.DOTALL)
    assert block, f"the module exports {name}"
    table: dict[str, str] = json.loads(block.group(1))
    return table


def test_the_build_writes_the_engines_param_kinds_for_the_page() -> None:
    module = param_kinds_module()
    assert exported(module, "PARAM_KINDS") == PARAM_KINDS
    assert list(exported(module, "PARAM_KINDS")) == list(PARAM_KINDS)  # seats: subject first
    assert exported(module, "ENTRY_PREFIXES") == ENTRY_PREFIXES
    assert 'from "../param-kinds.js"' in MESSAGES_JS


def test_no_script_keeps_its_own_list_of_param_names() -> None:
    lists = []
    for path in sorted(WEB_JS.rglob("*.js")):
        for literal in re.findall(r"\[([^\[\]]*)\]", path.read_text(encoding="utf-8")):
            names = re.findall(r'"(\w+)"', literal)
            declared = [
                name for name in names if PARAM_KINDS.get(name) in ("card", "cards", "seat")
            ]
            if len(declared) >= 2:
                lists.append(f"{path.relative_to(WEB_JS)}: [{literal.strip()}]")
    assert lists == [], "take a param's kind from js/param-kinds.js:\n" + "\n".join(lists)


def test_a_param_name_has_one_kind_in_every_message() -> None:
    # dk_pass_needs_trumps once passed a list of cards as "trumps", a count elsewhere.
    assert PARAM_KINDS["trumps"] == "number"
    assert PARAM_KINDS["trump_cards"] == "cards"
