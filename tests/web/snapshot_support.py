"""A fresh browser context that already keeps the engine's memory snapshot, as a
person's browser does from the second visit on.

A first visit boots Pyodide and, once its page is quiet, keeps a snapshot of the
whole engine's memory in the origin private file system (web/js/snapshot-maker.js,
snapshot-store.js); every later visit restores it. Measured here: a page's visit
costs about 10.5 CPU-s in a fresh context and 6 CPU-s with the snapshot kept,
while a shared HTTP cache saves nothing. So the browser tests start from a kept
snapshot unless they test the first visit itself: the snapshot is made once per
build and run (a real first visit; under pytest-xdist one worker makes it for all)
and each test process writes its files into each new context before the test's
first page, leaving the context otherwise fresh. The files reach the page from the
test site's server (:class:`SnapshotHandler`): through Playwright, 20 MB take 4-6 s."""

from __future__ import annotations

import base64
import fcntl
import json
import os
import shutil
from typing import Any
from urllib.request import urlopen

from conftest import ROOT, SERVICE_WORKERS
from offline_support import wait_snapshot_kept

from sitebuild.server import SiteHandler

#: The kept snapshot files, {name: base64}.
_READ_JS = """async () => {
  const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle("stichtag-snapshot");
  const files = {};
  for await (const [name, handle] of dir.entries()) {
    if (!name.endsWith(".bin")) continue;
    const bytes = new Uint8Array(await (await handle.getFile()).arrayBuffer());
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    files[name] = btoa(binary);
  }
  return files;
}"""

#: Where the test site's server serves the kept snapshot files, and at PREFIX itself
#: a blank page of the site's origin to write them from. It names its icon: a document
#: without one (favicon.svg opened as a page) has Chrome ask for /favicon.ico, and that
#: 404 could reach the console of the test's next page.
PREFIX = "/__test_snapshot__/"
BLANK_PAGE = (
    b'<!doctype html><html lang="en"><head><meta charset="utf-8">'
    b'<link rel="icon" href="data:,"><title>Snapshot</title></head><body></body></html>'
)

#: Fetch each named file from the site's PREFIX and write them all into the OPFS folder
#: the engine worker reads; false (and nothing written) where the server has none.
_WRITE_JS = """async ([prefix, names]) => {
  const replies = await Promise.all(names.map((name) => fetch(prefix + name)));
  if (!replies.every((reply) => reply.ok)) return false;
  const root = await navigator.storage.getDirectory();
  const dir = await root.getDirectoryHandle("stichtag-snapshot", {create: true});
  for (const [i, name] of names.entries()) {
    const writable = await (await dir.getFileHandle(name, {create: true})).createWritable();
    await writable.write(await replies[i].arrayBuffer());
    await writable.close();
  }
  return true;
}"""

#: {snapshot key of a build: its snapshot files' names}, made once per test process.
_KEPT: dict[str, list[str]] = {}
#: The snapshot files' bytes by name, for :class:`SnapshotHandler`.
_SERVED: dict[str, bytes] = {}


class SnapshotHandler(SiteHandler):
    """The site's handler, plus the snapshot files kept by this test process at PREFIX."""

    def do_GET(self) -> None:
        if not self.path.startswith(PREFIX):
            super().do_GET()
            return
        blank = self.path == PREFIX
        body = BLANK_PAGE if blank else _SERVED.get(self.path[len(PREFIX) :])
        if body is None:
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/html" if blank else "application/octet-stream")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def _snapshot_key(site_url: str) -> str:
    with urlopen(site_url + "build.json") as reply:
        return str(json.load(reply)["snapshot_key"])


def _first_visit_snapshot(browser: Any, site_url: str) -> dict[str, bytes]:
    """The snapshot files a real first visit of ``site_url`` keeps."""
    context = browser.new_context(service_workers=SERVICE_WORKERS)
    try:
        page = context.new_page()
        page.goto(site_url + "?level=random&pace=0")
        wait_snapshot_kept(page, timeout_ms=150_000)
        files: dict[str, str] = page.evaluate(_READ_JS)
        assert files, "the first visit kept no snapshot"
        return {name: base64.b64decode(text) for name, text in files.items()}
    finally:
        context.close()


#: Where the test processes of one pytest-xdist run share the snapshot they keep.
SHARED = ROOT / ".cache" / "test-snapshots"


def _run_snapshot(browser: Any, site_url: str, key: str) -> dict[str, bytes]:
    """The first visit's snapshot files, made once per run: under pytest-xdist the first
    worker to ask makes them (a first visit costs some 11 CPU-s) and the others read
    its files; a run without workers makes its own."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if run is None:
        return _first_visit_snapshot(browser, site_url)
    SHARED.mkdir(parents=True, exist_ok=True)
    folder = SHARED / f"{run}-{key}"
    with open(SHARED / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if folder.is_dir():
            return {path.name: path.read_bytes() for path in folder.iterdir()}
        files = _first_visit_snapshot(browser, site_url)
        for old in SHARED.iterdir():  # an earlier run's
            if old.is_dir() and not old.name.startswith(f"{run}-"):
                shutil.rmtree(old)
        part = SHARED / f"{run}-{key}.part"
        part.mkdir()
        for name, data in files.items():
            (part / name).write_bytes(data)
        part.rename(folder)
        return files


def _serves_snapshots(site_url: str) -> bool:
    """Whether ``site_url``'s server is a :class:`SnapshotHandler`'s."""
    try:
        with urlopen(site_url + PREFIX.lstrip("/")) as reply:
            return bool(reply.status == 200)
    except OSError:  # HTTPError 404 included
        return False


def keep_snapshot(browser: Any, page: Any, site_url: str) -> None:
    """Give ``page``'s fresh context the snapshot a first visit of ``site_url`` keeps
    (the page is left on a blank page of the site, before the test's first visit). A
    site whose server is not a :class:`SnapshotHandler`'s gets a first visit: the page
    is left where it is."""
    if not _serves_snapshots(site_url):
        return
    key = _snapshot_key(site_url)
    if key not in _KEPT:
        files = _run_snapshot(browser, site_url, key)
        _SERVED.update(files)
        _KEPT[key] = sorted(files)
    page.goto(site_url + PREFIX.lstrip("/"))  # OPFS belongs to the origin: be on it
    assert page.evaluate(_WRITE_JS, [PREFIX, _KEPT[key]]), "the snapshot was not written"
