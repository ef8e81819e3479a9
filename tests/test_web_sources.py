"""The web shim's shape (issue 14), read from its sources: stylesheets are linked
from index.html and never injected by a script; no module branches on a game's
name (each game's table and set-up is chosen from one map); every literal text
key a module asks for is in the English table (web/js/texts.js)."""

from __future__ import annotations

import re
from pathlib import Path

from engine.games import GAMES

WEB = Path(__file__).resolve().parents[1] / "web"
#: A script that adds a stylesheet: a <link> or <style> element, or a .css address.
INJECTS_CSS = re.compile(
    r"""createElement\(\s*["'](link|style)["']|["']stylesheet["']|\.css\b|insertRule|adoptedStyleSheets"""
)
#: A literal text key asked for: t("key" / plural("key" / nodes("key".
TEXT_CALL = re.compile(r"""\b(t|plural|nodes)\(\s*"([^"]+)"\s*[,)]""")
#: A key of the English table in texts.js.
TEXT_KEY = re.compile(r"""^\s*"([^"]+)":\s""", re.MULTILINE)


def game_branches(source: str) -> list[str]:
    """Comparisons and cases on a game's name, e.g. ``view.game === "doppelkopf"``."""
    names = "|".join(re.escape(name) for name in GAMES)
    quoted = rf"""["'`](?:{names})["'`]"""
    pattern = re.compile(rf"""[=!]==?\s*{quoted}|{quoted}\s*[=!]==?|\bcase\s+{quoted}""")
    return [match.group(0) for match in pattern.finditer(source)]


def modules() -> list[Path]:
    return sorted((WEB / "js").rglob("*.js"))


def code(path: Path) -> str:
    """A module's source without its comment lines (which may quote code)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return "\n".join("" if line.lstrip().startswith(("//", "*", "/*")) else line for line in lines)


def name(path: Path) -> str:
    return str(path.relative_to(WEB)) if path.is_relative_to(WEB) else path.name


def lines_matching(pattern: re.Pattern[str], path: Path) -> list[str]:
    return [
        f"{name(path)}:{number}: {line.strip()}"
        for number, line in enumerate(code(path).splitlines(), start=1)
        if pattern.search(line)
    ]


def test_no_script_injects_a_stylesheet() -> None:
    found = [line for path in modules() for line in lines_matching(INJECTS_CSS, path)]
    assert not found, "stylesheets belong in index.html:\n" + "\n".join(found)


def test_index_links_every_stylesheet() -> None:
    html = (WEB / "index.html").read_text(encoding="utf-8")
    linked = set(re.findall(r'<link rel="stylesheet" href="([^"]+)">', html))
    assert linked == {f"css/{path.name}" for path in (WEB / "css").glob("*.css")}


def test_no_module_branches_on_a_game() -> None:
    found = [
        f"{name(path)}: {branch}" for path in modules() for branch in game_branches(code(path))
    ]
    assert not found, "choose from the tables / setups maps instead:\n" + "\n".join(found)


def test_every_literal_text_key_is_in_the_english_table() -> None:
    keys = set(TEXT_KEY.findall((WEB / "js" / "texts.js").read_text(encoding="utf-8")))
    missing = []
    for path in modules():
        for function, key in TEXT_CALL.findall(code(path)):
            wanted = [f"{key}_one", f"{key}_other"] if function == "plural" else [key]
            missing += [f"{name(path)}: {k}" for k in wanted if k not in keys]
    assert not missing, "\n".join(missing)


def test_the_checks_catch_a_branch_and_an_injected_stylesheet(tmp_path: Path) -> None:
    assert game_branches('if (view.game === "doppelkopf") return;') == ['=== "doppelkopf"']
    assert game_branches("const other = game !== 'karnoffel' ? 1 : 2;") == ["!== 'karnoffel'"]
    assert game_branches('switch (game) { case "karnoffel": }') == ['case "karnoffel"']
    assert game_branches("const table = tables[view.game];") == []
    bad = tmp_path / "bad.js"
    bad.write_text('const link = document.createElement("link");\nlink.href = "x.css";\n')
    assert len(lines_matching(INJECTS_CSS, bad)) == 2
