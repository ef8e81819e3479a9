"""Serving the built site on localhost (``build.py serve`` and the browser
tests) with the site's MIME types and security headers, and its ``.br`` /
``.gz`` twins the way static hosts serve them: ``Content-Encoding`` chosen by
the request's ``Accept-Encoding``, ``Vary: Accept-Encoding``."""

from __future__ import annotations

import functools
import http.server
import os
import socketserver
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

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


#: Precompressed twins, best first: (Content-Encoding, file suffix).
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))


def accepted_encodings(header: str | None) -> set[str]:
    """The codings an ``Accept-Encoding`` header allows (``q=0`` refuses one)."""
    accepted = set()
    for item in (header or "").split(","):
        name, _, params = item.strip().partition(";")
        q = params.strip().removeprefix("q=") if params.strip().startswith("q=") else "1"
        try:
            if float(q) > 0:
                accepted.add(name.strip().lower())
        except ValueError:
            continue
    return accepted


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static file handler with the site's MIME types, security headers and
    precompressed twins."""

    quiet = False
    #: Set per request by send_head: the twin served and its coding, if any.
    twin: str | None = None
    content_encoding: str | None = None
    has_twins = False

    def send_head(self):  # type: ignore[no-untyped-def]
        self.twin = self.content_encoding = None
        path = super().translate_path(self.path)
        if os.path.isdir(path) and urlsplit(self.path).path.endswith("/"):
            path = os.path.join(path, "index.html")
        self.has_twins = any(os.path.isfile(path + suffix) for _, suffix in ENCODINGS)
        if os.path.isfile(path) and not path.endswith(tuple(s for _, s in ENCODINGS)):
            accepted = accepted_encodings(self.headers.get("Accept-Encoding"))
            for coding, suffix in ENCODINGS:
                if coding in accepted and os.path.isfile(path + suffix):
                    self.twin, self.content_encoding = path + suffix, coding
                    break
        return super().send_head()

    def translate_path(self, path: str) -> str:
        if self.twin is not None and path == self.path:
            return self.twin
        return super().translate_path(path)

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        name = str(path)
        if self.content_encoding is not None and name == self.twin:
            name = name.rsplit(".", 1)[0]  # the type of what was compressed
        suffix = Path(name).suffix.lower()
        return MIME_TYPES.get(suffix) or super().guess_type(name)

    def end_headers(self) -> None:
        if self.content_encoding is not None:
            self.send_header("Content-Encoding", self.content_encoding)
        if self.has_twins:
            self.send_header("Vary", "Accept-Encoding")
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

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser that hangs up mid-reply (a page navigated away, a fetch
        # aborted) is no error of the server: only a real one is printed.
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def make_server(
    directory: Path = SITE,
    host: str = "127.0.0.1",
    port: int = 0,
    quiet: bool = False,
    handler_class: type[SiteHandler] = SiteHandler,
) -> SiteServer:
    """An HTTP server for ``directory`` (port 0 = any free port); not started."""
    handler = functools.partial(
        type("Handler", (handler_class,), {"quiet": quiet}), directory=str(directory)
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
