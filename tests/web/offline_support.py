"""Helpers for the offline tests: a copy of the built site served on its own
port (so a test can stop the server, or deploy a second build into it), and
CSP-safe waits for the service worker and the engine's snapshot."""

from __future__ import annotations

import json
import os
import shutil
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from sitebuild.compress import compress_site
from sitebuild.offline import (
    PRECACHE_DAYS_AHEAD,
    PUZZLE_BUNDLE,
    SERVICE_WORKER,
    write_service_worker,
)
from sitebuild.server import make_server

# Playwright's wait_for_function takes a returned promise as a truthy value, so
# these polls start an asynchronous check and answer with the previous one's result.
#: The service worker is activated, with nothing new installing or waiting.
WORKER_SETTLED_JS = """() => {
  const box = (globalThis.__offlineChecks ??= {});
  navigator.serviceWorker.getRegistration().then((registration) => {
    box.settled = !!registration && !!registration.active && registration.active.state === "activated"
      && !registration.installing && !registration.waiting;
  });
  return box.settled === true;
}"""
#: The engine worker has kept its memory snapshot for the next visit.
SNAPSHOT_KEPT_JS = """() => {
  const box = (globalThis.__offlineChecks ??= {});
  (async () => {
    const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle("stichtag-snapshot");
    for await (const name of dir.keys()) {
      // NAME.bin appears only whole (snapshot-store.js writes NAME.part, then renames it)
      if (name.endsWith(".bin")) box.kept = (await (await dir.getFileHandle(name)).getFile()).size > 0;
    }
  })().catch(() => {});
  return box.kept === true;
}"""
#: How many snapshots are kept (files in the engine worker's OPFS folder).
SNAPSHOTS_JS = """async () => {
  try {
    const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle("stichtag-snapshot");
    let count = 0;
    for await (const name of dir.keys()) count += name.endsWith(".bin") ? 1 : 0;
    return count;
  } catch {
    return 0;
  }
}"""
#: The precache caches of every version the service worker keeps.
PRECACHES_JS = (
    """async () => (await caches.keys()).filter((name) => name.startsWith("stichtag-precache-"))"""
)


def bundle_day(site: Path) -> date:
    """A day for which the site's dailies bundle is what its build wrote.

    The bundle holds the dailies up to some days after the build's day, so a
    test that rewrites the service worker after midnight would otherwise
    bundle one day more: a change the test did not make, and a hash no
    deployed file has."""
    days = [
        date.fromisoformat(key.split("/")[1])
        for key in json.loads((site / PUZZLE_BUNDLE).read_text())
    ]
    return max(days) - timedelta(days=PRECACHE_DAYS_AHEAD)


def rewrite_service_worker(site: Path) -> None:
    """The precache list and service worker again, for the build's own day."""
    write_service_worker(site, bundle_day(site))


@dataclass
class Deployment:
    """A copy of the site, served until :meth:`stop`."""

    root: Path
    url: str
    server: Any

    def stop(self) -> None:
        """Take the site offline: nothing answers on its port any more."""
        self.server.shutdown()
        self.server.server_close()

    def put_out_only_the_service_worker(
        self, change: Callable[[Path], None], scratch: Path
    ) -> None:
        """Half a deployment: make the next build in ``scratch`` (a copy of the site
        changed by ``change``) and put out only its service worker, in one rename.
        The browser may look for an update at any moment (Chromium does after every
        navigation), so it must never see the new worker beside the new files."""
        shutil.copytree(self.root, scratch)
        change(scratch)
        rewrite_service_worker(scratch)
        for twin in (".br", ".gz"):  # no compressed copy of the old worker outlives it
            (self.root / f"{SERVICE_WORKER}{twin}").unlink(missing_ok=True)
        os.replace(scratch / SERVICE_WORKER, self.root / SERVICE_WORKER)


@contextmanager
def deployed_copy(
    site_dir: Path, tmp_path: Path, rules_placeholder: bool = True
) -> Iterator[Deployment]:
    """Serve a copy of the built site; with ``rules_placeholder``, a rules page is
    added when the build has none yet (the rules pages come from another branch)."""
    root = tmp_path / "site"
    shutil.copytree(site_dir, root)
    if rules_placeholder and not (root / "rules" / "index.html").exists():
        (root / "rules").mkdir(exist_ok=True)
        (root / "rules" / "index.html").write_text(
            '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Rules</title>'
            '<link rel="icon" href="../favicon.svg" type="image/svg+xml"></head>'
            "<body><h1>The rules</h1><p>A placeholder for the rules pages.</p></body></html>\n"
        )
        rewrite_service_worker(root)
        compress_site(root)
    server = make_server(root, "127.0.0.1", 0, quiet=True)
    threading.Thread(target=server.serve_forever, name="offline-site", daemon=True).start()
    deployment = Deployment(root, f"http://127.0.0.1:{server.server_address[1]}/", server)
    try:
        yield deployment
    finally:
        try:
            deployment.stop()
        except OSError:
            pass  # already stopped


def wait_worker_settled(page: Any, timeout_ms: int = 120_000) -> None:
    page.wait_for_function(WORKER_SETTLED_JS, timeout=timeout_ms, polling=250)


def wait_snapshot_kept(page: Any, timeout_ms: int = 120_000) -> None:
    page.wait_for_function(SNAPSHOT_KEPT_JS, timeout=timeout_ms, polling=250)
