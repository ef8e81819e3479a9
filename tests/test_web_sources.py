"""The web shim's shape (issues 14 and 10), read from its sources: stylesheets are
linked from index.html and never injected by a script; no module branches on a
game's name (each game's table and set-up is chosen from one map); every text
key a module or index.html asks for is in the English catalog
(engine/locales/en.json); no English sentence is left in a script; the rules
sections the table links to are in the rules pages' contract (docs/anchors.json)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from engine.games import GAMES

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
EN = json.loads((ROOT / "engine" / "locales" / "en.json").read_text(encoding="utf-8"))
#: A script that adds a stylesheet: a <link> or <style> element, or a .css address.
INJECTS_CSS = re.compile(
    r"""createElement\(\s*["'](link|style)["']|["']stylesheet["']|\.css\b|insertRule|adoptedStyleSheets"""
)
#: A literal text key asked for: t("key" / plural("key" / nodes("key" / sentence("key".
TEXT_CALL = re.compile(r"""\b(t|plural|nodes|sentence)\(\s*"([^"]+)"\s*[,)]""")
#: A key built on a literal prefix: t(`kf.call.${call}` / has(`dk.variant.${v}`.
TEXT_PREFIX_CALL = re.compile(r"""\b(?:t|plural|nodes|sentence|has)\(\s*`([^`$]+)\$\{""")
#: A text glued to another with a space (` ${t("detail")}`, t(...) + " "): the order
#: and the gap are the language's, so the whole sentence is one catalog entry (or
#: sentences() runs whole sentences together).
GLUED_TEXT = re.compile(
    r"""`\s+\$\{(?:t|plural|sentence)\(|\)\s*\+\s*["'`]\s|["'`]\s["'`]\s*\+\s*(?:t|plural)\("""
)
#: A key of index.html's skeleton: data-t="key", data-t-label="key".
HTML_KEY = re.compile(r"""data-t(?:-label)?="([^"]+)\"""")
#: The keys filling a skeleton label's placeholders: data-t-args="name=key role=key".
HTML_ARGS = re.compile(r"""data-t-args="([^"]+)\"""")
#: A word that reads as English text: capitalised, not part of a camelCase name.
CAPITALISED = re.compile(r"(?<![^\W\d_])[A-Z][^\W\d_A-Z]{2,}(?![^\W\d_])")
#: Capitalised words in scripts that are not text a person reads.
NOT_TEXT = {
    "Home",  # KeyboardEvent.key values
    "End",
    "Escape",
    "EngineError",  # error names
    "EngineRefusal",
    "Error",
    "Stichtag",  # the site's name
    "Hans",  # the script subtag of zh-Hans
    "None",  # Python run in the worker (engine-boot.js)
}
#: The languages by their own names in the language menu (the same in every language).
ENDONYMS = {"English", "Deutsch", "Español"}


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


# ------------------------------------------------------------------ text keys
def is_plural(key: str) -> bool:
    return f"{key}_one" in EN and f"{key}_other" in EN


def test_every_literal_text_key_is_in_the_english_catalog() -> None:
    missing = []
    for path in modules():
        for function, key in TEXT_CALL.findall(code(path)):
            found = is_plural(key) if function == "plural" else key in EN or is_plural(key)
            if not found:
                missing.append(f"{name(path)}: {key}")
        for prefix in TEXT_PREFIX_CALL.findall(code(path)):
            if not any(key.startswith(prefix) for key in EN):
                missing.append(f"{name(path)}: {prefix}…")
    assert not missing, "\n".join(missing)


def test_every_key_of_the_skeleton_is_in_the_english_catalog() -> None:
    html = (WEB / "index.html").read_text(encoding="utf-8")
    keys = HTML_KEY.findall(html)
    keys += [pair.split("=")[1] for args in HTML_ARGS.findall(html) for pair in args.split()]
    assert len(keys) > 10, "index.html names no text keys"
    assert [key for key in keys if key not in EN] == []


# ---------------------------------------------------------- no English left
def string_literals(source: str) -> list[tuple[int, str]]:
    """The string literals of a script as (line, text): '…', "…" and the literal
    parts of `…${…}…`, outside comments and regular expressions. A small lexer,
    enough for the site's own code (no nested template literals)."""
    out: list[tuple[int, str]] = []
    i, line, n = 0, 1, len(source)
    previous = "("  # the last significant token: tells a regex from a division
    while i < n:
        c = source[i]
        if c == "\n":
            line += 1
            i += 1
        elif source.startswith("//", i):
            end = source.find("\n", i)
            i = n if end < 0 else end
        elif source.startswith("/*", i):
            end = source.index("*/", i + 2)
            line += source.count("\n", i, end)
            i = end + 2
        elif c in "\"'`":
            j, text, start = i + 1, [], line
            while source[j] != c:
                if source[j] == "\\":
                    j += 1
                elif c == "`" and source.startswith("${", j):
                    depth, j = 1, j + 2
                    while depth:
                        depth += {"{": 1, "}": -1}.get(source[j], 0)
                        j += 1
                    text.append(" ")
                    continue
                line += source[j] == "\n"
                text.append(source[j])
                j += 1
            out.append((start, "".join(text)))
            i, previous = j + 1, "a"
        elif c == "/" and previous in "(,=:[!&|?{};+-*%<>~^r":
            j, in_class = i + 1, False
            while source[j] != "/" or in_class:
                if source[j] == "\\":
                    j += 1
                elif source[j] in "[]":
                    in_class = source[j] == "["
                j += 1
            i, previous = j + 1, "a"
        elif c.isalnum() or c in "_$":
            match = re.compile(r"[\w$]+").match(source, i)
            assert match
            # After `return` (or typeof, …) a slash starts a regex.
            previous = "r" if match.group(0) in ("return", "typeof", "case") else "a"
            i = match.end()
        else:
            if not c.isspace():
                previous = c
            i += 1
    return out


def english_literals(path: Path) -> list[str]:
    """Literals of ``path`` that read as English (a capitalised word, see CAPITALISED)."""
    found = []
    for line, text in string_literals(path.read_text(encoding="utf-8")):
        if text.lstrip().startswith("<"):
            continue  # card-art.js's SVG markup (its <text> holds only ranks)
        words = [word for word in CAPITALISED.findall(text) if word not in NOT_TEXT | ENDONYMS]
        if words:
            found.append(f"{name(path)}:{line}: {text!r}")
    return found


def test_no_script_glues_texts_together_with_spaces() -> None:
    found = [line for path in modules() for line in lines_matching(GLUED_TEXT, path)]
    assert not found, "one catalog entry per sentence:\n" + "\n".join(found)


def test_no_english_text_is_left_in_a_script() -> None:
    found = [line for path in modules() for line in english_literals(path)]
    assert not found, "texts belong in engine/locales/en.json:\n" + "\n".join(found)


def test_the_text_scan_finds_english_and_skips_code(tmp_path: Path) -> None:
    script = tmp_path / "bad.js"
    script.write_text(
        'const a = "Loading the card engine…"; // "Not this"\n'
        'const b = /["\']Nor this/g; const q = x / y / "Over";\n'
        "/* 'Nor this' */ const c = `Won ${n} of ${t(`x`)}`;\n"
        'const d = { key: "ArrowRight", name: "EngineError", cls: "tag tag-dealer" };\n'
        "function f() { return /\\{\\{(\\w+)\\}\\}/g; }\n"
        'const e = t("menu.today");\n',
        encoding="utf-8",
    )
    assert english_literals(script) == [
        "bad.js:1: 'Loading the card engine…'",
        "bad.js:2: 'Over'",
        "bad.js:3: 'Won   of  '",
    ]


# ------------------------------------------------------------------ rules links
def test_the_rules_sections_the_table_links_are_in_the_contract() -> None:
    anchors = json.loads((ROOT / "docs" / "anchors.json").read_text(encoding="utf-8"))
    source = (WEB / "js" / "rules.js").read_text(encoding="utf-8")
    table = source[source.index("export const SECTIONS") :]
    table = table[: table.index("};")]
    sections = set(re.findall(r""":\s*"([a-z-]+)",""", table))
    assert len(sections) > 5, "rules.js names no sections"
    listed = {section for ids in anchors.values() for section in ids}
    assert sections - listed == set()


def test_the_checks_catch_a_branch_and_an_injected_stylesheet(tmp_path: Path) -> None:
    assert game_branches('if (view.game === "doppelkopf") return;') == ['=== "doppelkopf"']
    assert game_branches("const other = game !== 'karnoffel' ? 1 : 2;") == ["!== 'karnoffel'"]
    assert game_branches('switch (game) { case "karnoffel": }') == ['case "karnoffel"']
    assert game_branches("const table = tables[view.game];") == []
    bad = tmp_path / "bad.js"
    bad.write_text('const link = document.createElement("link");\nlink.href = "x.css";\n')
    assert len(lines_matching(INJECTS_CSS, bad)) == 2
    glued = tmp_path / "glued.js"
    glued.write_text(
        'detail = ` ${t("kf.call.detail", { offered })}`;\n'
        'return t(`kf.call.${call}`) + " " + detail;\n'
        'const x = " " + t("a");\n'
        'const fine = sentences([t("a"), t("b")]);\n'
    )
    assert len(lines_matching(GLUED_TEXT, glued)) == 3
