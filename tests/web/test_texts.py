"""The page's renderers of texts (web/js/texts.js, web/js/table/messages.js) in each
language, run in Chromium on the built site's own modules and catalogs: sentences
run together as the language writes them (no space after a Chinese full stop); a
text that starts with a name Spanish writes in lower case starts with a capital;
counts pick their plural forms; an engine message names seats, calls and cards
in words, never by number or notation (the translators' findings, issue 10)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import ROOT, SERVICE_WORKERS

LOCALES = ROOT / "engine" / "locales"
LANGUAGES = ("en", "de", "es", "zh")

#: Loads the modules and a language's catalog into the page (globalThis.textModules).
LOAD = """async (language) => {
  const texts = await import("/js/texts.js");
  const messages = await import("/js/table/messages.js");
  const layout = await import("/js/table/layout.js");
  const hand = await import("/js/table/hand.js");
  const entries = await (await fetch(`/locales/${language}.json`)).json();
  await texts.useLanguage(language, entries);
  globalThis.textModules = { texts, messages, layout, hand };
}"""


#: Chinese spaces a filled-in value that meets Han with a Latin letter or a digit (texts.js).
HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
LATIN = re.compile(r"[0-9A-Za-z\u00c0-\u024f]")


def filled(language: str, entry: str, params: dict[str, str]) -> str:
    """``entry`` with its placeholders filled as texts.js fills them in ``language``."""
    out = ""
    # ({{card:acc}} too: the test's card names have no article to add.)
    for part in re.split(r"(\{\{\w+(?::\w+)?\}\})", entry):
        name = re.fullmatch(r"\{\{(\w+)(?::\w+)?\}\}", part)
        value = params.get(name[1], part) if name else part
        if language == "zh" and out and value:
            a, b = out[-1], value[0]
            if (HAN.match(a) and LATIN.match(b)) or (LATIN.match(a) and HAN.match(b)):
                out += " "
        out += value
    return out


def catalog(language: str) -> dict[str, str]:
    entries: dict[str, str] = json.loads((LOCALES / f"{language}.json").read_text("utf-8"))
    return entries


@pytest.fixture(scope="module")
def page(browser: Any, site_url: str) -> Iterator[Any]:
    context = browser.new_context(service_workers=SERVICE_WORKERS)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda err: errors.append(str(err)))
    # A document of the site's origin that starts no engine: the modules are imported into it.
    tab.goto(site_url + "favicon.svg")
    try:
        yield tab
    finally:
        context.close()
    assert errors == []


def run(page: Any, language: str, body: str) -> Any:
    """``body`` (a function body) run with texts, messages and layout in ``language``."""
    page.evaluate(LOAD, language)
    return page.evaluate(
        "() => { const { texts, messages, layout, hand } = globalThis.textModules;\n" + body + "}"
    )


def test_sentences_run_together_as_the_language_writes_them(page: Any) -> None:
    body = 'return texts.sentences(["One.", "", "Two."]);'
    assert run(page, "en", body) == "One. Two."
    assert run(page, "zh", 'return texts.sentences(["一。", "", "二。"]);') == "一。二。"


def test_a_text_that_starts_with_a_lower_case_name_starts_with_a_capital(page: Any) -> None:
    es = catalog("es")
    body = """return [
      texts.sentence("table.card.why", { card: "rey de bellotas", reason: "no." }),
      texts.capitalized("él"), texts.capitalized(""),
      messages.formatMessage({ key: "dk_must_follow_trump", params: { card: "x" } }, {},
        { card: () => "as de diamantes", suit: String, rank: String }),
    ];"""
    why, accented, empty, message = run(page, "es", body)
    assert why == es["table.card.why"].replace("{{card}}", "Rey de bellotas").replace(
        "{{reason}}", "no."
    )
    assert (accented, empty) == ("Él", "")
    assert message[0].isupper()


@pytest.mark.parametrize("language", LANGUAGES)
def test_counts_pick_their_plural_forms(page: Any, language: str) -> None:
    entries = catalog(language)
    body = """return [1, 3].map((count) => [
      texts.t("stats.chart_label", { count }),
      texts.t("table.hand.cards", { count }),
      texts.t("dk.panel.winners_won", { names: "N", count }),
    ]);"""
    one, three = run(page, language, body)
    form = "one" if language != "zh" else "other"
    assert one[0] == filled(language, entries[f"stats.chart_label_{form}"], {"count": "1"})
    assert three[1] == filled(language, entries["table.hand.cards_other"], {"count": "3"})
    assert one[2] == filled(language, entries[f"dk.panel.winners_won_{form}"], {"names": "N"})
    if language == "en":
        assert one == ["Result of the last daily played on its day", "1 card", "N wins the match"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_engine_messages_name_seats_calls_and_cards_in_words(page: Any, language: str) -> None:
    entries = catalog(language)
    body = """
      const seating = layout.seating({ players: 4, seat: 0, teams: null });
      const names = { card: (c) => `<${c}>`, suit: String, rank: String,
                      action: (a) => texts.t(`kf.call.${a}`) };
      const say = (key, params) => messages.formatMessage({ key, params, text: "" }, { seating }, names);
      return {
        west: seating.seats[1].name,
        north: seating.seats[2].name,
        fox: say("hint_dk_catch_fox", { seat: "1", card: "DA" }),
        notYours: say("hint_not_your_turn", { seat: "0", to_act: "2" }),
        wrongCall: say("tutorial_wrong_move", { action: "pass" }),
        wrongCard: say("tutorial_wrong_card", { card: "AU" }),
        below: say("dk_score_below", { party: "kontra", level: "no90", points: "90" }),
        leadOne: say("hint_dk_lead_suit", { card: "HA", suit: "H", count: "1" }),
      };"""
    said = run(page, language, body)
    assert said["west"] in said["fox"] and "1" not in said["fox"]
    assert said["north"] in said["notYours"] and "0" not in said["notYours"]
    assert entries["kf.call.pass"] in said["wrongCall"] and "'pass'" not in said["wrongCall"]
    assert "<AU>" in said["wrongCard"]
    assert "90" in said["below"] and entries["announcement.no90"] not in said["below"]
    form = "one" if language != "zh" else "other"
    lead = entries[f"hint_dk_lead_suit_{form}"]
    expected = filled(language, lead, {"card": "<HA>", "suit": "H", "count": "1"})
    assert said["leadOne"] == expected[0].upper() + expected[1:]


@pytest.mark.parametrize("language", LANGUAGES)
def test_why_a_card_cannot_be_played_names_it_once(page: Any, language: str) -> None:
    entries = catalog(language)
    body = """return [
      hand.whyNot("<K>", "<K> x.", true),
      hand.whyNot("<K>", "x.", false),
      hand.whyNot("<K>", "", false),
    ];"""
    named, unnamed, bare = run(page, language, body)
    assert named == "<K> x."
    why = entries["table.card.why"].replace("{{card}}", "<K>")
    assert unnamed == why.replace("{{reason}}", "x.")
    assert bare == why.replace("{{reason}}", entries["table.card.cannot_play_now"])


def test_chinese_spaces_a_filled_in_latin_name_or_number_from_han(page: Any) -> None:
    # The catalog cannot know whether a param starts or ends with a letter (a
    # card "绿叶 K", a name "West", a date "2026年12月3日"): the formatter spaces it.
    body = """return [
      texts.t("table.move.card", { who: "West", card: "绿叶 K" }),
      texts.t("daily_future", { date: "2026年12月3日" }),
      texts.formatList(["红心 9", "绿叶 K"]),
      texts.t("table.move.card", { who: "西家", card: "红心 10" }),
    ];"""
    assert run(page, "zh", body) == [
        "West 打出绿叶 K。",
        "2026年12月3日的每日对局还没有推出。",
        "红心 9 和绿叶 K",
        "西家打出红心 10。",
    ]
    # Other languages are filled in as written.
    assert run(page, "en", 'return texts.formatList(["Hearts 9", "Leaves King"]);') == (
        "Hearts 9 and Leaves King"
    )
