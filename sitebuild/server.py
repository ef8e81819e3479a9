"""Serving the built site on localhost (``build.py serve`` and the browser
tests) with the site's MIME types and security headers."""

from __future__ import annotations

import functools
import http.server
import os
import socketserver
import sys
from pathlib import Path

from sitebuild.paths import ROOT, SITE

#: Content Security Policy of the site: the page's <meta> tag carries the same
#: policy; ``serve`` also sends it as a header because a worker takes its
#: policy from its own response headers, not from the page.
CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
    "connect-src 'self'; style-src 'self'; img-src 'self' data:; "
    "base-uri 'none'; form-action 'none'"
)
#: The header adds what a <meta> policy cannot carry: no page may frame the site.
CSP_HEADER = CSP + "; frame-ancestors 'none'"

#: MIME types the site needs; anything else falls back to mimetypes' guess.
MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".txt": "text/plain; charset=utf-8",
    ".webmanifest": "application/manifest+json",
    ".woff2": "font/woff2",
}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static file handler with the site's MIME types and security headers."""

    quiet = False

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        suffix = Path(str(path)).suffix.lower()
        return MIME_TYPES.get(suffix) or super().guess_type(path)

    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", CSP_HEADER)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    """Threaded HTTP server; threads die with the process."""

    daemon_threads = True
    allow_reuse_address = True


def make_server(
    directory: Path = SITE, host: str = "127.0.0.1", port: int = 0, quiet: bool = False
) -> SiteServer:
    """An HTTP server for ``directory`` (port 0 = any free port); not started."""
    handler = functools.partial(
        type("Handler", (SiteHandler,), {"quiet": quiet}), directory=str(directory)
    )
    return SiteServer((host, port), handler)


def serve(host: str, port: int) -> None:
    """Serve site/ until interrupted."""
    try:
        server = make_server(SITE, host, port)
    except OSError as err:
        sys.exit(
            f"build.py: cannot listen on {host}:{port} ({err.strerror}); "
            "pick another port with --port N (0 = any free port)"
        )
    url = f"http://{server.server_address[0]}:{server.server_address[1]}/"
    print(f"Serving {SITE.relative_to(ROOT)}/ at {url}  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print()
    finally:
        server.server_close()
