"""The site's security headers: the page's <meta> policy is the server's, and the
header adds what a <meta> cannot carry."""

from __future__ import annotations

import re
from pathlib import Path

from sitebuild.server import CSP, CSP_HEADER

ROOT = Path(__file__).resolve().parents[2]


def test_the_page_carries_the_sites_policy_and_the_header_forbids_framing() -> None:
    for page in ("index.html", "room.html"):  # the table, and a room's invite page
        html = (ROOT / "web" / page).read_text(encoding="utf-8")
        meta = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html)
        assert meta is not None and meta.group(1) == CSP, page
    for directive in (
        "base-uri 'none'",
        "form-action 'none'",
        "script-src 'self' 'wasm-unsafe-eval'",
    ):
        assert directive in CSP
    assert "unsafe-eval'" not in CSP.replace("wasm-unsafe-eval", "")
    assert CSP_HEADER == CSP + "; frame-ancestors 'none'"
