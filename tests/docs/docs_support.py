"""What the rules-page tests share: the page and language lists, reading built HTML,
finding references to other origins."""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
LANGUAGES = ("en", "de", "es", "zh")
DEFAULT_LANGUAGE = "en"
#: Page name -> its folder under rules/ ("" is the index).
PAGES = {
    "index": "",
    "karnoffel": "karnoffel/",
    "karnoffel-historic": "karnoffel-historic/",
    "doppelkopf": "doppelkopf/",
    "fair-play": "fair-play/",
}
ANCHORS: dict[str, list[str]] = json.loads((DOCS / "anchors.json").read_text(encoding="utf-8"))

#: The suit names a card picture's alt text uses, by deck, language and suit
#: (the games' own words; a few have two common spellings).
SUIT_WORDS: dict[str, dict[str, dict[str, tuple[str, ...]]]] = {
    "german": {
        "en": {"A": ("Acorns",), "L": ("Leaves",), "H": ("Hearts",), "B": ("Bells",)},
        "de": {"A": ("Eichel",), "L": ("Laub",), "H": ("Herz",), "B": ("Schellen",)},
        "es": {"A": ("bellotas",), "L": ("hojas",), "H": ("corazones",), "B": ("cascabeles",)},
        "zh": {"A": ("橡果",), "L": ("绿叶",), "H": ("红心",), "B": ("铃铛",)},
    },
    "french": {
        "en": {"C": ("Clubs",), "S": ("Spades",), "H": ("Hearts",), "D": ("Diamonds",)},
        "de": {"C": ("Kreuz",), "S": ("Pik",), "H": ("Herz",), "D": ("Karo",)},
        "es": {"C": ("tréboles",), "S": ("picas",), "H": ("corazones",), "D": ("diamantes",)},
        "zh": {"C": ("梅花",), "S": ("黑桃",), "H": ("红心",), "D": ("方块", "方片")},
    },
}


def rules_path(language: str, page: str) -> str:
    """The page's path under rules/ (binding URL contract)."""
    prefix = "" if language == DEFAULT_LANGUAGE else f"{language}/"
    return prefix + PAGES[page]


def source_path(language: str, page: str) -> Path:
    return DOCS / language / f"{page}.md"


def tree_digest(folder: Path) -> str:
    """A digest of every file's path and content under ``folder``."""
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


@dataclass(frozen=True)
class DocsBuild:
    """A built site: ``web/`` at the root, the rules pages in ``rules/``."""

    site: Path
    #: tree_digest(docs/) before and after the build.
    docs_before: str
    docs_after: str

    @property
    def rules(self) -> Path:
        return self.site / "rules"


@dataclass
class Element:
    tag: str
    attrs: dict[str, str]


class HtmlScan(HTMLParser):
    """The parts of a built page the tests look at."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: list[str] = []
        self.elements: list[Element] = []
        #: (attributes, text) of every <script>.
        self.scripts: list[tuple[dict[str, str], str]] = []
        self.style_elements = 0
        self.text: list[str] = []
        #: The text of the page's own content (<article>), without the theme around it.
        self.article_text: list[str] = []
        self._articles = 0
        self._script: dict[str, str] | None = None
        self._script_text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        self.elements.append(Element(tag, values))
        if "id" in values:
            self.ids.append(values["id"])
        if tag == "a" and "name" in values:
            self.ids.append(values["name"])
        if tag == "script":
            self._script, self._script_text = values, []
        if tag == "style":
            self.style_elements += 1
        if tag == "article":
            self._articles += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self._articles -= 1
        if tag == "script" and self._script is not None:
            self.scripts.append((self._script, "".join(self._script_text)))
            self._script = None

    def handle_data(self, data: str) -> None:
        if self._script is not None:
            self._script_text.append(data)
        else:
            self.text.append(data)
            if self._articles:
                self.article_text.append(data)


def scan_html(path: Path) -> HtmlScan:
    scan = HtmlScan()
    scan.feed(path.read_text(encoding="utf-8"))
    scan.close()
    return scan


#: Attributes that name another resource or page.
URL_ATTRIBUTES = ("href", "src", "srcset", "action", "formaction", "poster", "data", "xlink:href")
#: src=/href=/url()/@import references anywhere in a text file (HTML, CSS, JS, SVG...).
REFERENCE = re.compile(
    r"""(?:\b(?:src|href|srcset|action|formaction|poster|xlink:href)\s*=\s*"""
    r"""(?P<q>["'])(?P<attr>[^"']*)(?P=q))"""
    r"""|(?:url\(\s*(?P<uq>["']?)(?P<url>[^"')\s]*)(?P=uq)\s*\))"""
    r"""|(?:@import\s+(?P<iq>["'])(?P<import>[^"']*)(?P=iq))""",
    re.IGNORECASE,
)
TEXT_SUFFIXES = (".html", ".css", ".js", ".svg", ".json", ".xml", ".txt", ".webmanifest")


def is_foreign(url: str) -> bool:
    """Whether a reference leaves the site: a scheme (other than data:) or //host."""
    url = url.strip()
    if url.startswith("//"):
        return True
    scheme = urlsplit(url).scheme.lower()
    return bool(scheme) and scheme != "data"


def foreign_references(site: Path) -> list[str]:
    """Every src/href/url()/@import to another origin in any text file under ``site``."""
    found = []
    for path in sorted(p for p in site.rglob("*") if p.suffix in TEXT_SUFFIXES):
        text = path.read_text(encoding="utf-8", errors="replace")
        for match in REFERENCE.finditer(text):
            url = match.group("attr") or match.group("url") or match.group("import") or ""
            if is_foreign(url):
                found.append(f"{path.relative_to(site)}: {match.group(0)[:120]}")
    return found
