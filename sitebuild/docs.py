"""The rules pages: mkdocs, four languages → ``site/rules/``, offline.

1. card pictures: ``scripts/card_pictures.mjs`` (Node) draws every card the
   pages may show with the site's own card art as standalone SVG files,
   cached in ``.cache/cards/<key>/`` (the key hashes the art, its stylesheet
   and the script);
2. staging: ``docs/`` (without its README and the theme overrides), the card
   pictures (``cards/german/``, ``cards/french/``) and the site's favicon are
   copied into a temporary folder: the build never writes into ``docs/``;
3. mkdocs builds ``mkdocs.yml`` with ``docs_dir`` set to that folder, failing on
   any warning (a broken link or anchor), with the site's Content-Security-Policy
   (:data:`sitebuild.server.CSP`) handed to the templates as ``extra.csp``.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from sitebuild.paths import CACHE as BUILD_CACHE
from sitebuild.paths import ROOT, log
from sitebuild.server import CSP

DOCS = ROOT / "docs"
CONFIG = ROOT / "mkdocs.yml"
CACHE = BUILD_CACHE / "cards"
CARD_SCRIPT = ROOT / "scripts" / "card_pictures.mjs"
#: What the card pictures are drawn from: a change to any of them redraws them.
CARD_SOURCES = (
    CARD_SCRIPT,
    ROOT / "web" / "js" / "card-art.js",
    ROOT / "web" / "css" / "cards.css",
)
FAVICON = ROOT / "web" / "favicon.svg"
#: Files of docs/ that are not part of the built pages.
NOT_STAGED = ("README.md", "theme", "terms")


def card_pictures() -> Path:
    """The folder of card pictures (``german/``, ``french/``), drawn if not cached."""
    digest = hashlib.sha256()
    for source in CARD_SOURCES:
        digest.update(source.read_bytes())
    cached = CACHE / digest.hexdigest()[:16]
    if (cached / "german").is_dir() and (cached / "french").is_dir():
        return cached
    if shutil.which("node") is None:
        sys.exit("build.py: node is needed to draw the card pictures; install Node.js")
    CACHE.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="drawing-", dir=CACHE))
    subprocess.run(
        ["node", str(CARD_SCRIPT), "--out", str(tmp)],
        cwd=ROOT,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    try:
        os.replace(tmp, cached)
    except OSError:  # drawn meanwhile by another build: keep that one
        shutil.rmtree(tmp)
    return cached


def stage(into: Path) -> Path:
    """Copy the page sources, card pictures and favicon into ``into``; return it."""
    shutil.copytree(DOCS, into, ignore=lambda folder, names: _not_staged(folder, names))
    shutil.copytree(card_pictures(), into / "cards")
    (into / "assets").mkdir(exist_ok=True)
    shutil.copy2(FAVICON, into / "assets" / "favicon.svg")
    return into


def _not_staged(folder: str, names: list[str]) -> list[str]:
    if Path(folder) != DOCS:
        return [name for name in names if name.startswith(".") or name.endswith("~")]
    return [name for name in names if name in NOT_STAGED or name.startswith(".")]


class DocsBuildError(RuntimeError):
    """mkdocs warned (a broken link or anchor, a missing file...): the pages are not right."""


class _WarningCounter(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def build_pages(out: Path, csp: str = CSP) -> None:
    """Build the rules pages into ``out`` (emptied first).

    Any mkdocs warning fails the build (``DocsBuildError``), like strict mode;
    counted here rather than by mkdocs' own strict mode, which stops at the
    first language with a warning and so hides the others' problems.
    """
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config

    counter = _WarningCounter()
    logging.getLogger("mkdocs").addHandler(counter)
    try:
        with tempfile.TemporaryDirectory(prefix="stichtag-docs-") as tmp:
            docs_dir = stage(Path(tmp) / "docs")
            config = load_config(config_file=str(CONFIG), docs_dir=str(docs_dir), site_dir=str(out))
            config.extra["csp"] = csp
            config.plugins.on_startup(command="build", dirty=False)
            try:
                mkdocs_build(config)
            finally:
                config.plugins.on_shutdown()
    finally:
        logging.getLogger("mkdocs").removeHandler(counter)
    if counter.messages:
        raise DocsBuildError(
            f"{len(counter.messages)} mkdocs warnings:\n" + "\n".join(counter.messages)
        )
    prune(out)


#: Built files the site does not serve: a sitemap and mkdocs' 404 page need the
#: site's absolute address, which a static site servable from any sub-path does
#: not have (and the pages link neither); Material's own favicon is replaced.
UNSERVED = ("404.html", "sitemap.xml", "sitemap.xml.gz", "assets/images/favicon.png")
SOURCE_MAP_COMMENT = re.compile(
    rb"\n?(//# sourceMappingURL=\S+|/\*# sourceMappingURL=\S+ ?\*/)\s*$"
)


def prune(out: Path) -> None:
    """Drop what the pages never load: the sitemap, the 404 page, Material's own
    favicon, source maps (with the comments naming them) and the search
    languages the pages do not use."""
    for name in UNSERVED:
        (out / name).unlink(missing_ok=True)
    for source_map in out.rglob("*.map"):
        source_map.unlink()
        built = source_map.with_suffix("")
        if built.exists():
            built.write_bytes(SOURCE_MAP_COMMENT.sub(b"\n", built.read_bytes()))
    lunr = out / "assets" / "javascripts" / "lunr"
    index = out / "search" / "search_index.json"
    if lunr.is_dir() and index.exists():
        languages = json.loads(index.read_text(encoding="utf-8"))["config"]["lang"]
        keep = {"lunr.stemmer.support.min.js", "lunr.multi.min.js"}
        keep |= {f"lunr.{language}.min.js" for language in languages}
        for script in lunr.rglob("*.js"):
            if script.name not in keep:
                script.unlink()


def build_docs(site: Path) -> None:
    """The rules pages → ``site/rules/`` (any mkdocs warning stops the build)."""
    build_pages(site / "rules")
    log("rules pages built")
