"""Every text of every catalog rendered as the page renders it (issue 44).

Each key of each language goes through the page's own formatters under Node
(web/js/texts.js; an engine message through web/js/table/messages.js by way of
its game's table, its params worded by their kinds as the engine declares them,
engine/i18n.py PARAM_KINDS). The params are typical ones of their kind, or the
very ones a tutorial step passes. A text fails when it shows:

- a placeholder left unfilled, or two spaces in a row;
- a card's notation ("CQ", "H10", "BU") instead of its name;
- a number param not as a number of its own ("7-Trümpfe"), or a card param
  without its card's name (a list of cards worded as a number, or cut wrong);
- a card param's name said twice ("su reina de tréboles, la reina de tréboles");
- in German and Spanish, a card named with a digit ("Herz-9", "9 de corazones")
  where the rules pages and the players say the number ("Herz-Neun");
- in Chinese, a Han character against a Latin letter or a digit without a space
  ("绿叶 K领先"), or a space between two Han characters ("3日 的").
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from engine.i18n import LANGUAGES, PARAM_KINDS, PLACEHOLDER, card_words
from sitebuild.site import param_kinds_module

ROOT = Path(__file__).resolve().parents[1]
LOCALES = ROOT / "engine" / "locales"
TUTORIALS = ROOT / "engine" / "tutorial_data"
RENDER = Path(__file__).with_name("render_texts.mjs")
VARIANT = re.compile(r"_(us|them|you|yours|other|one)$")
#: A card's notation standing in a text: Doppelkopf's, then Karnöffel's.
CARD_CODE = re.compile(
    r"(?<![A-Za-z0-9])(?:[CSHD](?:10|[AKQJ9])|[ALHB](?:10|[2-9UOK]))(?![A-Za-z0-9])"
)
#: Texts that hold card notations on purpose: "How to play" draws each as the card.
DRAWN_NOTATIONS = {"help_dk_trumps"}
#: Texts that name a card param's card again on purpose: "your trumps are the Ten
#: of Hearts, ...: the Ten of Hearts is the highest trump".
NAMED_AGAIN = {"tutorial_dk_00_do"}
#: Typical cards of each game for a message's card params, one per param.
CARDS = {
    "doppelkopf": ["SK", "H9", "CJ", "S10", "HA", "DQ"],
    "karnoffel": ["H9", "LK", "B3", "A10", "HO", "L8"],
}
SUITS = {"doppelkopf": "H", "karnoffel": "L"}
RANKS = {"doppelkopf": "K", "karnoffel": "K"}
#: Languages whose players say a number card's rank as a word: "die Herz-Neun".
RANK_WORDS = {"de", "es"}
HAN = "\u3400-\u9fff\uf900-\ufaff"
#: Chinese spacing (docs/terms/zh.json): a space between Han and Latin, none between Han.
UNSPACED = re.compile(rf"[{HAN}][0-9A-Za-zÀ-ɏ]|[0-9A-Za-zÀ-ɏ][{HAN}]|[{HAN}] [{HAN}]")
#: A date as Intl writes it in Chinese: its digits touch 年/月/日 by design.
HAN_DATE = re.compile(r"(?:\d{4}年)?\d{1,2}月\d{1,2}日")
#: Words for the params of the page's own texts (the page words them itself).
PAGE_WORDS = {"who": "West", "name": "West", "names": "West", "card": "Ace", "role": "partner"}


def catalog(language: str) -> dict[str, str]:
    entries: dict[str, str] = json.loads((LOCALES / f"{language}.json").read_text("utf-8"))
    return entries


def game_of(key: str) -> str:
    return "doppelkopf" if re.match(r"(tutorial_|hint_|review_|help_)?dk[_.]", key) else "karnoffel"


def is_message(key: str) -> bool:
    """An engine message's key (the page's own texts are dotted: "table.card.why")."""
    return "." not in key


def tutorial_params() -> dict[str, list[dict[str, Any]]]:
    """The params each tutorial message is shown with, by key."""
    found: dict[str, list[dict[str, Any]]] = {}

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("key"), str) and "params" in node:
                found.setdefault(node["key"], []).append(node["params"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for path in sorted(TUTORIALS.glob("*.json")):
        walk(json.loads(path.read_text("utf-8")))
    return found


def typical_params(key: str, names: set[str]) -> dict[str, Any]:
    """Params of their kinds for an engine message: seats as the variant wants
    them (South, seat 0, is the viewer), a count for the plural form, numbers
    from 7 up, a different card for each card param."""
    game, variant = game_of(key), (VARIANT.search(key) or [None, ""])[1]
    cards = iter(CARDS[game])
    numbers = iter(range(7, 99))
    seats = iter([0, 2] if variant == "you" else [1, 0] if variant == "yours" else [1, 3, 2])
    params: dict[str, Any] = {}
    for name in sorted(names, key=list(PARAM_KINDS).index):
        kind = PARAM_KINDS[name]
        if name == "count":
            params[name] = 1 if variant == "one" else 3
        elif kind == "card" or kind == "action":
            params[name] = next(cards)
        elif kind == "cards":
            params[name] = f"{next(cards)},{next(cards)}"
        elif kind == "seat":
            params[name] = next(seats)
        elif kind == "team":
            params[name] = 1 if variant == "them" else 0
        elif kind == "number":
            params[name] = next(numbers)
        else:
            params[name] = {
                "suit": SUITS[game],
                "rank": RANKS[game],
                "party": "re",
                "announcement": "no90",
                "phase": "phase_show",
                "date": "2026-12-03",
            }.get(kind, "abc")
    return params


def jobs(language: str) -> list[dict[str, Any]]:
    entries, shown = catalog(language), tutorial_params()
    out = []
    for key, text in entries.items():
        names = set(PLACEHOLDER.findall(text)) | set(
            PLACEHOLDER.findall(catalog("en").get(key, ""))
        )
        if is_message(key) and names <= set(PARAM_KINDS):
            for number, params in enumerate(shown.get(key) or [typical_params(key, names)]):
                job = {"key": key, "params": params, "game": game_of(key), "message": True}
                out.append({"id": f"{key}#{number}", **job})
        else:
            params = {name: PAGE_WORDS.get(name, 3) for name in names}
            if key.endswith("_one"):
                params["count"] = 1
            out.append({"id": key, "key": key, "params": params})
    return out


@pytest.fixture(scope="module")
def js_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The page's modules with the build's js/param-kinds.js beside them."""
    if shutil.which("node") is None:
        pytest.skip("Node is not installed")
    target = tmp_path_factory.mktemp("js") / "js"
    shutil.copytree(ROOT / "web" / "js", target)
    (target / "param-kinds.js").write_text(param_kinds_module(), encoding="utf-8")
    yield target


def _render_in_node(js_dir: Path, language: str, entries: dict[str, str], todo: list[Any]) -> Any:
    """The page's own formatters (tests/render_texts.mjs) on ``todo``: {id: result}."""
    payload = json.dumps({"language": language, "entries": entries, "jobs": todo})
    done = subprocess.run(
        ["node", str(RENDER), str(js_dir)],
        input=payload,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return json.loads(done.stdout)


@cache
def _rendered(language: str, js_dir: Path) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    todo = jobs(language)
    rendered: dict[str, Any] = _render_in_node(js_dir, language, catalog(language), todo)
    return todo, rendered


def spacing_problems(text: str) -> list[str]:
    """Where a Chinese text breaks its spacing convention (see UNSPACED)."""
    plain = HAN_DATE.sub(lambda _: "0\x00日", text)  # (a digit first, 日 last)
    return [f"spacing at {match.group(0)!r}" for match in UNSPACED.finditer(plain)]


def problems_of(
    job: dict[str, Any], text: str, cards: dict[str, str], entry: str, language: str = "en"
) -> list[str]:
    found = []
    if language == "zh":
        found += spacing_problems(text)
    if language == "de" and (weak := re.search(r"\b(?:den|dem) [\w-]+-Bube\b", text)):
        found.append(f"a weak noun not declined: {weak.group(0)!r}")
    if language in RANK_WORDS and job.get("message"):
        found += [
            f"card named with a digit: {name!r}"
            for name in cards.values()
            if re.search(r"\d", name)
        ]
    if PLACEHOLDER.search(text):
        found.append("a placeholder is left")
    if "  " in text:
        found.append("two spaces in a row")
    if job["key"] not in DRAWN_NOTATIONS and (codes := CARD_CODE.findall(text)):
        found.append(f"card notation {', '.join(codes)} in the text")
    if not job.get("message"):
        return found
    placed_names = PLACEHOLDER.findall(entry)  # ({{card}} and {{card:acc}} alike)
    for name, value in job["params"].items():
        if name not in placed_names:
            continue
        kind = PARAM_KINDS[name]
        # A number of its own: not "7-" cut from a card's name (German "3-mal" is fine).
        alone = rf"(?<![0-9A-Za-z\-]){value}(?![0-9A-Za-z]|-(?![^\W\d_]))"
        if kind == "number" and not re.search(alone, text):
            found.append(f"{name}={value} is not shown as a number")
        if kind in ("card", "cards"):
            placed = placed_names.count(name)
            for code in str(value).split(","):
                # (not inside a longer word: "eine der beiden Kreuz-Damen")
                said = sum(
                    len(re.findall(rf"{re.escape(name)}(?![a-zà-ÿ])", text, re.IGNORECASE))
                    for name in spoken_forms(cards[code], language)
                )
                if said == 0:
                    found.append(f"{name}: {code} is not named ({cards[code]!r})")
                elif said > placed and job["key"] not in NAMED_AGAIN:
                    found.append(f"{name}: {cards[code]!r} is said {said} times")
    return found


def spoken_forms(name: str, language: str) -> set[str]:
    """A card's name and its declined forms (German "Kreuz-Buben": card.declined.*)."""
    entries = catalog(language)
    forms = {name}
    for key, declined in entries.items():
        if key.startswith("card.declined."):
            faces, rank = key.split(".")[2:4]
            for base in (entries.get(f"rank.{faces}.{rank}"), entries.get(f"dk.rank.{rank}")):
                if base and name.endswith(base):
                    forms.add(name[: -len(base)] + declined)
    return forms


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_text_renders_cleanly(language: str, js_dir: Path) -> None:
    todo, rendered = _rendered(language, js_dir)
    entries = catalog(language)
    assert len(rendered) == len(todo) >= len(entries)
    problems = []
    for job in todo:
        result = rendered[job["id"]]
        for problem in problems_of(
            job, result["text"], result["cards"], entries[job["key"]], language
        ):
            problems.append(f"{job['id']}: {problem}: {result['text']!r}")
    assert not problems, f"{len(problems)} broken texts:\n" + "\n".join(problems)


def test_a_card_asked_for_in_a_form_has_its_article_on_the_page_as_in_the_engine(
    js_dir: Path,
) -> None:
    entries = {**catalog("de"), "x": "{{card:acc}} / {{card:dat}} / {{card:nom}} / {{card}}"}
    params = {"SK": "den Pik-König / dem Pik-König / der Pik-König / Pik-König"}
    params |= {"H10": "die Herz-Zehn / der Herz-Zehn / die Herz-Zehn / Herz-Zehn"}
    params |= {"CA": "das Kreuz-Ass / dem Kreuz-Ass / das Kreuz-Ass / Kreuz-Ass"}
    params |= {"CJ": "den Kreuz-Buben / dem Kreuz-Buben / der Kreuz-Bube / Kreuz-Bube"}
    todo = [
        {"id": card, "key": "x", "params": {"card": card}, "game": "doppelkopf", "message": True}
        for card in params
    ]
    todo.append(
        {"id": "LU", "key": "x", "params": {"card": "LU"}, "game": "karnoffel", "message": True}
    )
    done = _render_in_node(js_dir, "de", entries, todo)
    rendered = {key: value["text"] for key, value in done.items()}
    wanted = {**params, "LU": "Den Laub-Unter / dem Laub-Unter / der Laub-Unter / Laub-Unter"}
    wanted = {card: text[0].upper() + text[1:] for card, text in wanted.items()}  # (a sentence)
    assert rendered == wanted
    engine = [card_words(card, "de", "doppelkopf", "acc") for card in ("SK", "H10", "CA", "CJ")]
    assert engine == ["den Pik-König", "die Herz-Zehn", "das Kreuz-Ass", "den Kreuz-Buben"]
    # A language without articles names the card alone, in any form.
    english = {**catalog("en"), "x": entries["x"]}
    assert _render_in_node(js_dir, "en", english, todo[:1])["SK"]["text"] == " / ".join(
        ["King of Spades"] * 4
    )


def test_every_param_of_an_engine_message_has_a_kind() -> None:
    # An engine message's key has no dot; its params are worded by their kinds.
    for key, text in catalog("en").items():
        if is_message(key):
            assert set(PLACEHOLDER.findall(text)) <= set(PARAM_KINDS), key


def test_the_checks_catch_what_they_look_for() -> None:
    job: dict[str, Any] = {"key": "k", "message": True, "params": {"trumps": 7, "card": "CQ"}}
    entry = "{{trumps}} {{card}}"
    cards = {"CQ": "Queen of Clubs"}
    assert problems_of(job, "7 Queen of Clubs", cards, entry) == []
    assert problems_of(job, "7-mal Queen of Clubs", cards, entry) == []
    assert problems_of(job, "Bei 7- Trümpfen Queen of Clubs", cards, entry) == [
        "trumps=7 is not shown as a number"
    ]
    assert problems_of(job, "7  Queen of Clubs, the Queen of Clubs", cards, entry) == [
        "two spaces in a row",
        "card: 'Queen of Clubs' is said 2 times",
    ]
    assert problems_of(job, "7 Herz-Zehn, -CQ {{x}}", cards, entry) == [
        "a placeholder is left",
        "card notation CQ in the text",
        "card: CQ is not named ('Queen of Clubs')",
    ]
    assert problems_of(job, "7 Herz-9", {"CQ": "Herz-9"}, entry, "de") == [
        "card named with a digit: 'Herz-9'"
    ]
    bube = {"CQ": "Kreuz-Bube"}
    assert problems_of(job, "7 mit dem Kreuz-Buben", bube, entry, "de") == []
    assert problems_of(job, "7 mit dem Kreuz-Bube", bube, entry, "de") == [
        "a weak noun not declined: 'dem Kreuz-Bube'"
    ]


def test_the_chinese_spacing_check_catches_what_it_looks_for() -> None:
    assert spacing_problems("目前是绿叶 K 领先，West 赢了 7 墩。2026年12月3日没有每日对局。") == []
    assert spacing_problems("目前是绿叶 K领先") == ["spacing at 'K领'"]
    assert spacing_problems("红心10最大") == ["spacing at '心1'", "spacing at '0最'"]
    assert spacing_problems("2026年12月3日 的每日对局") == ["spacing at '日 的'"]
