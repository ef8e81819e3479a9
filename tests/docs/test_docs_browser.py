"""The rules pages in Debian's Chromium under the site's CSP header, at 360x640:
no console error (a CSP refusal is one), no request to another origin, nothing
wider than the phone; the language switch, search and the way back to the
table work."""

from __future__ import annotations

from typing import Any

import pytest
from docs_support import LANGUAGES, PAGES, rules_path

pytestmark = pytest.mark.browser

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
    site_page.goto("rules/" + path, wait_until="networkidle")
    site_page.page.wait_for_function(MATERIAL_READY)


@pytest.mark.parametrize("page", list(PAGES))
@pytest.mark.parametrize("language", LANGUAGES)
def test_each_page_is_clean_and_fits_a_phone(docs_page: Any, language: str, page: str) -> None:
    open_page(docs_page, rules_path(language, page))
    assert docs_page.page.evaluate("() => document.documentElement.lang") == language
    overflow = docs_page.page.evaluate(OVERFLOW)
    assert overflow["page"] <= overflow["width"] and not overflow["wide"], overflow
    # Every picture loaded (a card the CSP or a wrong path refused would be broken).
    broken = docs_page.page.evaluate(
        "() => [...document.images].filter((i) => !i.complete || i.naturalWidth === 0)"
        ".map((i) => i.getAttribute('src'))"
    )
    assert not broken, broken
    docs_page.assert_clean()


def test_the_language_switch_keeps_the_page(docs_page: Any) -> None:
    open_page(docs_page, "karnoffel/")
    links = docs_page.page.locator("a.md-select__link")
    assert links.count() == len(LANGUAGES)
    docs_page.page.locator("a.md-select__link[hreflang='de']").evaluate("(a) => a.click()")
    docs_page.page.wait_for_url("**/rules/de/karnoffel/")
    docs_page.page.wait_for_function(MATERIAL_READY)
    assert docs_page.page.evaluate("() => document.documentElement.lang") == "de"
    docs_page.assert_clean()


def test_a_section_link_opens_at_its_anchor(docs_page: Any) -> None:
    open_page(docs_page, "es/karnoffel/#devil")
    in_view = docs_page.page.evaluate(
        "() => { const box = document.getElementById('devil').getBoundingClientRect();"
        " return box.top >= 0 && box.top < innerHeight; }"
    )
    assert in_view
    docs_page.assert_clean()


@pytest.mark.parametrize(
    ("language", "query"), [("en", "Devil"), ("de", "Teufel"), ("es", "Diablo"), ("zh", "魔鬼")]
)
def test_search_works_under_the_csp(docs_page: Any, language: str, query: str) -> None:
    open_page(docs_page, rules_path(language, "index"))
    docs_page.page.keyboard.press("s")  # Material's search shortcut
    search = docs_page.page.locator("input.md-search__input")
    search.press_sequentially(query)
    search.press("End")  # a key Material hears after characters typed without keys (CJK)
    docs_page.page.wait_for_function(
        "() => document.querySelectorAll('.md-search-result__item').length > 0"
    )
    docs_page.assert_clean()


def test_the_way_back_leads_to_the_table(docs_page: Any) -> None:
    open_page(docs_page, "zh/fair-play/")
    href = docs_page.page.locator(".stichtag-back a").evaluate("(a) => a.href")
    assert href == docs_page.base_url


def test_a_csp_refusal_would_show_as_a_console_error(docs_page: Any, docs_build: Any) -> None:
    """What the page tests rely on: under the served header, inline code is refused loudly."""
    probe = docs_build.site / "csp-probe.html"
    probe.write_text(
        "<!doctype html><title>probe</title><script>document.title = 'ran';</script>"
        '<p style="color: red">inline style</p>',
        encoding="utf-8",
    )
    try:
        docs_page.goto("csp-probe.html", wait_until="load")
        docs_page.page.wait_for_function("() => document.readyState === 'complete'")
        assert docs_page.page.title() == "probe"
        refused = [e for e in docs_page.console_errors if "Content Security Policy" in e]
        assert len(refused) >= 2, docs_page.console_errors
    finally:
        probe.unlink()
