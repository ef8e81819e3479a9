"""The rules pages build (build.py's build_docs into a temporary folder) and obey the
site's rules: every page in four languages with the stable anchors, links and
anchors that resolve, nothing from another origin, nothing the CSP refuses,
card pictures that stand alone."""

from __future__ import annotations

import json
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from docs_support import (
    ANCHORS,
    DOCS,
    LANGUAGES,
    PAGES,
    SUIT_WORDS,
    URL_ATTRIBUTES,
    DocsBuild,
    foreign_references,
    is_foreign,
    rules_path,
    scan_html,
    source_path,
)

from sitebuild.server import CSP

pytest_plugins = ("docs_fixtures",)

pytestmark = pytest.mark.skipif(
    sys.platform == "emscripten", reason="builds with mkdocs and Node (subprocesses)"
)

GERMAN_CARDS = [
    s + r for s in "ALHB" for r in ("K", "O", "U", "10", "9", "8", "7", "6", "5", "4", "3", "2")
]
FRENCH_CARDS = [s + r for s in "CSHD" for r in ("A", "10", "K", "Q", "J", "9")]
LANGUAGE_PAGES = [(language, page) for language in LANGUAGES for page in PAGES]


def built_page(docs_build: DocsBuild, language: str, page: str) -> Path:
    return docs_build.rules / rules_path(language, page) / "index.html"


def html_files(docs_build: DocsBuild) -> list[Path]:
    return sorted(docs_build.rules.rglob("*.html"))


# ------------------------------------------------------------------ pages and languages


@pytest.mark.parametrize(("language", "page"), LANGUAGE_PAGES)
def test_every_page_is_written_and_built_in_every_language(
    docs_build: DocsBuild, language: str, page: str
) -> None:
    assert source_path(language, page).exists(), f"docs/{language}/{page}.md is missing"
    built = built_page(docs_build, language, page)
    assert built.exists(), f"rules/{rules_path(language, page)} was not built"
    html = built.read_text(encoding="utf-8")
    assert re.search(rf'<html lang="{language}"', html), f"{built}: html lang is not {language}"


def test_no_other_pages_and_languages_than_the_contract() -> None:
    sources = sorted(p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md"))
    expected = sorted(["README.md"] + [f"{lang}/{page}.md" for lang, page in LANGUAGE_PAGES])
    assert sources == expected


@pytest.mark.parametrize("page", [page for page in PAGES if page != "doppelkopf"])
def test_translations_are_not_copies_of_the_english_page(docs_build: DocsBuild, page: str) -> None:
    """A missing translation would silently fall back to English (fallback_to_default)."""

    def paragraphs(language: str) -> set[str]:
        text = "".join(scan_html(built_page(docs_build, language, page)).article_text)
        return {line.strip() for line in text.split("\n") if len(line.strip()) > 40}

    english = paragraphs("en")
    assert len(english) > 5
    for language in LANGUAGES[1:]:
        shared = english & paragraphs(language)
        assert not shared, f"{language}/{page} has English paragraphs: {sorted(shared)[:3]}"
    chinese = "".join(scan_html(built_page(docs_build, "zh", page)).article_text)
    assert len(re.findall(r"[\u4e00-\u9fff]", chinese)) > 200, f"zh/{page} has little Chinese"


def test_the_build_writes_nothing_into_docs(docs_build: DocsBuild) -> None:
    assert docs_build.docs_before == docs_build.docs_after, "building changed files under docs/"
    assert not (DOCS / "cards").exists()


# ------------------------------------------------------------------------- anchors


def test_anchors_json_lists_the_contract_pages() -> None:
    assert set(ANCHORS) <= set(PAGES) - {"index"}
    for page, ids in ANCHORS.items():
        assert ids and len(ids) == len(set(ids)), f"{page}: empty or repeated ids"
        assert all(re.fullmatch(r"[a-z][a-z0-9-]*", anchor) for anchor in ids), ids
    assert ANCHORS["karnoffel"][:3] == ["goal", "deal", "chosen-suit"]


@pytest.mark.parametrize("page", sorted(ANCHORS))
def test_every_stable_anchor_exists_in_every_language_in_the_same_order(
    docs_build: DocsBuild, page: str
) -> None:
    orders = {}
    for language in LANGUAGES:
        ids = scan_html(built_page(docs_build, language, page)).ids
        missing = [anchor for anchor in ANCHORS[page] if anchor not in ids]
        assert not missing, f"{language}/{page}: anchors missing: {missing}"
        orders[language] = sorted(ANCHORS[page], key=ids.index)
    assert all(order == orders["en"] for order in orders.values()), orders


def test_anchors_json_is_published_for_the_table(docs_build: DocsBuild) -> None:
    published = json.loads((docs_build.rules / "anchors.json").read_text(encoding="utf-8"))
    assert published == ANCHORS


# ---------------------------------------------------------------------- links


def _target(site: Path, page: Path, url: str) -> tuple[Path, str]:
    parts = urlsplit(url)
    path = unquote(parts.path)
    if not path:
        return page, parts.fragment
    target = (page.parent / path).resolve()
    if url.split("#")[0].endswith("/") or target.is_dir():
        target = target / "index.html"
    return target, parts.fragment


def test_every_internal_link_and_anchor_resolves(docs_build: DocsBuild) -> None:
    site = docs_build.site.resolve()
    ids: dict[Path, set[str]] = {}
    broken = []
    for page in html_files(docs_build):
        page = page.resolve()
        scan = scan_html(page)
        for element in scan.elements:
            for attribute in URL_ATTRIBUTES:
                url = element.attrs.get(attribute)
                if url is None or url.startswith("data:"):
                    continue
                urls = [u.split()[0] for u in url.split(",")] if attribute == "srcset" else [url]
                for one in urls:
                    if is_foreign(one):
                        broken.append(f"{page.relative_to(site)}: {one} leaves the site")
                        continue
                    target, fragment = _target(site, page, one)
                    if not target.is_relative_to(site) or not target.exists():
                        broken.append(f"{page.relative_to(site)}: {one} (no {target})")
                        continue
                    if fragment and target.suffix == ".html":
                        if target not in ids:
                            ids[target] = set(scan_html(target).ids)
                        if fragment not in ids[target]:
                            broken.append(f"{page.relative_to(site)}: {one} (no #{fragment})")
    assert not broken, "\n".join(broken)


def test_links_are_relative(docs_build: DocsBuild) -> None:
    absolute = []
    for page in html_files(docs_build):
        for element in scan_html(page).elements:
            for attribute in ("href", "src"):
                url = element.attrs.get(attribute, "")
                if url.startswith("/"):
                    absolute.append(f"{page.relative_to(docs_build.site)}: {url}")
    assert not absolute, "absolute paths break serving from a sub-path:\n" + "\n".join(absolute)


def test_no_reference_to_another_origin_in_any_built_file(docs_build: DocsBuild) -> None:
    found = foreign_references(docs_build.rules)
    assert not found, "\n".join(found)


def test_the_foreign_reference_check_catches_them(tmp_path: Path) -> None:
    (tmp_path / "a.html").write_text('<link href="https://fonts.example/x.css"><img src="ok.svg">')
    (tmp_path / "b.css").write_text(
        "a{background:url(//cdn.example/x.png)} b{background:url(data:,)}"
    )
    (tmp_path / "c.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg"><use href="#a"/></svg>'
    )
    assert len(foreign_references(tmp_path)) == 2


# --------------------------------------------------------------------------- CSP


def test_pages_hold_nothing_the_csp_refuses(docs_build: DocsBuild) -> None:
    problems = []
    for page in html_files(docs_build):
        name = page.relative_to(docs_build.site)
        scan = scan_html(page)
        for attrs, text in scan.scripts:
            if "src" not in attrs and attrs.get("type") != "application/json":
                problems.append(f"{name}: inline script {text[:60]!r}")
        if scan.style_elements:
            problems.append(f"{name}: {scan.style_elements} <style> elements")
        for element in scan.elements:
            if "style" in element.attrs:
                problems.append(f"{name}: <{element.tag} style=...>")
            handlers = [attr for attr in element.attrs if attr.startswith("on")]
            if handlers:
                problems.append(f"{name}: <{element.tag}> has {handlers}")
            href = element.attrs.get("href", "")
            if href.lower().startswith("javascript:"):
                problems.append(f"{name}: javascript: link")
        metas = [
            e.attrs.get("content")
            for e in scan.elements
            if e.tag == "meta" and e.attrs.get("http-equiv") == "Content-Security-Policy"
        ]
        if metas != [CSP]:
            problems.append(f"{name}: CSP meta tags {metas}")
    assert not problems, "\n".join(problems)


def test_no_web_fonts(docs_build: DocsBuild) -> None:
    assert not list(docs_build.rules.rglob("*.woff*"))
    for css in docs_build.rules.rglob("*.css"):
        assert "@font-face" not in css.read_text(encoding="utf-8"), css


# ------------------------------------------------------------------- card pictures


def test_card_pictures_are_all_there_and_stand_alone(docs_build: DocsBuild) -> None:
    cards = docs_build.rules / "cards"
    assert sorted(p.stem for p in (cards / "german").glob("*.svg")) == sorted(GERMAN_CARDS)
    assert sorted(p.stem for p in (cards / "french").glob("*.svg")) == sorted(FRENCH_CARDS)
    for svg in sorted(cards.rglob("*.svg")):
        text = svg.read_text(encoding="utf-8")
        root = ET.fromstring(text)  # well-formed XML
        assert root.tag == "{http://www.w3.org/2000/svg}svg", svg
        assert root.get("width") and root.get("height") and root.get("viewBox"), svg
        assert "<style" not in text and "class=" not in text and "currentColor" not in text, svg
        assert "fill=" in text, svg


def test_card_pictures_keep_the_tables_colours(docs_build: DocsBuild) -> None:
    css = (Path(__file__).resolve().parents[2] / "web" / "css" / "cards.css").read_text()
    colours = dict(re.findall(r"\.suit-([ALHB]) \{ color: (#[0-9a-f]{6}); \}", css))
    assert len(colours) == 4
    for suit, colour in colours.items():
        assert (
            f'fill="{colour}"'
            in (docs_build.rules / "cards" / "german" / f"{suit}K.svg").read_text()
        )
    french = {"C": "A", "S": "L", "H": "H", "D": "B"}
    for suit, art in french.items():
        svg = (docs_build.rules / "cards" / "french" / f"{suit}Q.svg").read_text()
        assert f'fill="{colours[art]}"' in svg and ">Q</text>" in svg


#: The card faces each page shows: German for Karnöffel, French for Doppelkopf.
DECKS = {
    "index": "german",
    "karnoffel": "german",
    "karnoffel-historic": "german",
    "doppelkopf": "french",
}


@pytest.mark.parametrize(("language", "page"), LANGUAGE_PAGES)
def test_card_pictures_have_alt_text_in_the_pages_language(
    docs_build: DocsBuild, language: str, page: str
) -> None:
    problems = []
    for element in scan_html(built_page(docs_build, language, page)).elements:
        if element.tag != "img":
            continue
        alt, src = element.attrs.get("alt", "").strip(), element.attrs.get("src", "")
        if not alt:
            problems.append(f"{src}: no alt text")
        match = re.search(r"cards/(german|french)/([A-Z])\w*\.svg$", src)
        if match and page in DECKS and match.group(1) != DECKS[page]:
            problems.append(f"{src}: {page} shows {DECKS[page]} faces")
        if match:
            words = SUIT_WORDS[match.group(1)][language][match.group(2)]
            if not any(word.lower() in alt.lower() for word in words):
                problems.append(f"{src}: alt {alt!r} does not name the suit ({' / '.join(words)})")
    assert not problems, f"{language}/{page}:\n" + "\n".join(problems)


#: Texts of the theme (Material's own words) that must not stay English in a translation.
THEME_ENGLISH = re.compile(r'(?:alt|title|aria-label)="(?:logo|Dark|Light|Search|Share|Clear)"')


@pytest.mark.parametrize(("language", "page"), [lp for lp in LANGUAGE_PAGES if lp[0] != "en"])
def test_the_theme_s_own_texts_are_in_the_page_s_language(
    docs_build: DocsBuild, language: str, page: str
) -> None:
    """The palette toggles and the logo are named in the page's language (mkdocs.yml)."""
    text = built_page(docs_build, language, page).read_text(encoding="utf-8")
    assert THEME_ENGLISH.findall(text) == []
