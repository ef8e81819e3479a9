"""The rules pages in Debian's Chromium under the site's CSP header, at 360x640:
no console error (a CSP refusal is one), no request to another origin, nothing
wider than the phone; the language switch, search and the way back to the
table work."""

from __future__ import annotations

import sys
from typing import Any

import pytest
from docs_support import LANGUAGES, PAGES, DocsBuild, rules_path

pytest_plugins = ("docs_fixtures",)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(sys.platform == "emscripten", reason="needs Chromium and a server"),
]

#: Elements that stick out of the viewport sideways, unless they sit inside a
#: scrolling box of their own (wide tables scroll in Material's wrapper). Wholly
#: off-screen ones are the folded-away navigation drawer.
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const scrolls = (el) => {
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (/(auto|scroll|hidden)/.test(style.overflowX)) return true;
    }
    return false;
  };
  const wide = [];
  for (const el of document.querySelectorAll("body *")) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || getComputedStyle(el).visibility === "hidden") continue;
    const cut = box.right > width + 1 || (box.left < -1 && box.right > 0);
    if (cut && !scrolls(el)) {
      const where = `${Math.round(box.left)}..${Math.round(box.right)}`;
      wide.push(`${el.tagName.toLowerCase()}.${el.className} ${where}`);
    }
  }
  return { page: document.documentElement.scrollWidth, width, wide: wide.slice(0, 10) };
}"""
MATERIAL_READY = "() => document.querySelector('.md-search__form') !== null && !!window.component$"


def open_page(site_page: Any, path: str) -> None:
    site_page.goto("rules/" + path)  # "load": its pictures are in; no idle wait
    site_page.page.wait_for_function(MATERIAL_READY)


@pytest.mark.parametrize("page", list(PAGES))
@pytest.mark.parametrize("language", LANGUAGES)
def test_each_page_is_clean_and_fits_a_phone(docs_browser: Any, language: str, page: str) -> None:
    def check(site_page: Any) -> None:
        open_page(site_page, rules_path(language, page))
        assert site_page.page.evaluate("() => document.documentElement.lang") == language
        overflow = site_page.page.evaluate(OVERFLOW)
        assert overflow["page"] <= overflow["width"] and not overflow["wide"], overflow
        # Every picture loaded (a card the CSP or a wrong path refused would be broken).
        broken = site_page.page.evaluate(
            "() => [...document.images].filter((i) => !i.complete || i.naturalWidth === 0)"
            ".map((i) => i.getAttribute('src'))"
        )
        assert not broken, broken
        site_page.assert_clean()

    docs_browser.run(check)


def test_the_language_switch_keeps_the_page(docs_browser: Any) -> None:
    def check(site_page: Any) -> None:
        open_page(site_page, "karnoffel/")
        assert site_page.page.locator("a.md-select__link").count() == len(LANGUAGES)
        site_page.page.locator("a.md-select__link[hreflang='de']").evaluate("(a) => a.click()")
        site_page.page.wait_for_url("**/rules/de/karnoffel/")
        site_page.page.wait_for_function(MATERIAL_READY)
        assert site_page.page.evaluate("() => document.documentElement.lang") == "de"
        site_page.assert_clean()

    docs_browser.run(check)


def test_a_section_link_opens_at_its_anchor(docs_browser: Any) -> None:
    def check(site_page: Any) -> None:
        open_page(site_page, "es/karnoffel/#devil")
        in_view = site_page.page.evaluate(
            "() => { const box = document.getElementById('devil').getBoundingClientRect();"
            " return box.top >= 0 && box.top < innerHeight; }"
        )
        assert in_view
        site_page.assert_clean()

    docs_browser.run(check)


@pytest.mark.parametrize(
    ("language", "query"), [("en", "Devil"), ("de", "Teufel"), ("es", "Diablo"), ("zh", "魔鬼")]
)
def test_search_works_under_the_csp(docs_browser: Any, language: str, query: str) -> None:
    def check(site_page: Any) -> None:
        open_page(site_page, rules_path(language, "index"))
        site_page.page.keyboard.press("s")  # Material's search shortcut
        search = site_page.page.locator("input.md-search__input")
        search.press_sequentially(query)
        search.press("End")  # a key Material hears after characters typed without keys (CJK)
        site_page.page.wait_for_function(
            "() => document.querySelectorAll('.md-search-result__item').length > 0"
        )
        site_page.assert_clean()

    docs_browser.run(check)


def test_the_way_back_leads_to_the_table(docs_browser: Any) -> None:
    def check(site_page: Any) -> None:
        open_page(site_page, "zh/fair-play/")
        href = site_page.page.locator(".stichtag-back a").evaluate("(a) => a.href")
        assert href == site_page.base_url

    docs_browser.run(check)


def test_a_csp_refusal_would_show_as_a_console_error(
    docs_browser: Any, docs_build: DocsBuild
) -> None:
    """What the page tests rely on: under the served header, inline code is refused loudly."""
    probe = docs_build.site / "csp-probe.html"
    probe.write_text(
        "<!doctype html><title>probe</title><script>document.title = 'ran';</script>"
        '<p style="color: red">inline style</p>',
        encoding="utf-8",
    )

    def check(site_page: Any) -> None:
        site_page.goto("csp-probe.html", wait_until="load")
        site_page.page.wait_for_function("() => document.readyState === 'complete'")
        assert site_page.page.title() == "probe"
        refused = [e for e in site_page.console_errors if "Content Security Policy" in e]
        assert len(refused) >= 2, site_page.console_errors

    try:
        docs_browser.run(check)
    finally:
        probe.unlink()
