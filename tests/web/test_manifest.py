"""The web app manifest: valid for Chromium (no manifest errors, installable),
with the icons Chrome needs (192 and 512 px, also maskable), the theme colour
of the page and a standalone display."""

from __future__ import annotations

import json
import re
import struct
from pathlib import Path
from typing import Any

from conftest import SitePage

ROOT = Path(__file__).resolve().parents[2]


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", f"{path} is not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_manifest_names_the_app_its_icons_and_colours(site_dir: Path) -> None:
    manifest = json.loads((site_dir / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] and manifest["short_name"]
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    html = (site_dir / "index.html").read_text(encoding="utf-8")
    theme = re.search(r'<meta name="theme-color" content="([^"]+)">', html)
    assert theme is not None and manifest["theme_color"] == theme.group(1)
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["background_color"])
    assert '<link rel="manifest" href="manifest.webmanifest">' in html
    sizes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    for needed in ("192x192", "512x512"):
        assert (needed, "any") in sizes and (needed, "maskable") in sizes
    for icon in manifest["icons"]:
        width, height = png_size(site_dir / icon["src"])
        assert f"{width}x{height}" == icon["sizes"], icon
        assert icon["type"] == "image/png"


def test_the_icons_are_the_same_on_every_build(tmp_path: Path) -> None:
    from sitebuild.icons import draw_icon

    svg = (ROOT / "web" / "favicon.svg").read_text(encoding="utf-8")
    assert draw_icon(48, "any", svg) == draw_icon(48, "any", svg)


def test_chromium_reads_the_manifest_without_errors_and_could_install(
    site_page: SitePage,
) -> None:
    site_page.goto()
    site_page.wait_engine_ready()
    cdp = site_page.page.context.new_cdp_session(site_page.page)
    manifest: dict[str, Any] = cdp.send("Page.getAppManifest")
    assert manifest["url"].endswith("/manifest.webmanifest")
    assert manifest["errors"] == [], manifest["errors"]
    parsed = manifest.get("manifest") or {}
    if parsed:  # Chromium's own parse (its enum names, e.g. "kStandalone")
        assert str(parsed.get("display")).lower().endswith("standalone"), parsed
    installability = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # Playwright's contexts are incognito ones, where Chromium installs nothing.
    problems = [error for error in installability if error["errorId"] != "in-incognito"]
    assert problems == [], problems
    site_page.assert_clean()
