#!/usr/bin/env python3
"""Build the Stichtag static site into ``site/`` (and optionally serve it).

Usage::

    python3 build.py                 # build site/ from scratch
    python3 build.py serve [--port N] [--host H] [--no-build]
                                     # build, then serve site/ on localhost
    python3 build.py pin [--days N]  # pin the missing dailies (deals ~3 years, par 200 days ahead)
                                     # and the openings of those with par
    python3 build.py pin --no-par    # ... without par (par: [--par-days N] [--jobs N])
    python3 build.py pin --repin-par --games karnoffel   # par again, after a player change
    python3 build.py check-par       # recompute par for one day: fails if the players moved it
    python3 build.py deps            # install .venv (from the lock) and node_modules

Runs with the machine's plain ``python3`` (>= 3.11); the build itself re-runs
in ``.venv`` made from the hash-checked lock (mkdocs for the rules pages).
Each step is a module of ``sitebuild/``, named after its job:

- ``deps``     – ``npm ci`` when node_modules/pyodide is not the pinned version;
  the virtualenv from ``requirements/lock.txt``.
- ``runtime``  – the Pyodide runtime and a package-free lock (nothing can ever
  be fetched from a CDN) → ``site/pyodide/``; the standard library compiled to
  ``.pyc`` by Pyodide's own Python under Node (cached in ``.cache/stdlib/``).
- ``stdlib``   – only the stdlib modules Pyodide's boot and the engine import
  (traced under Node) → ``site/pyodide/python_stdlib.zip``.
- ``wheel``    – the ``engine`` package as a pure wheel, written directly
  (offline, reproducible), with Pyodide-compiled .pyc beside each module so
  the worker imports straight from it (zipimport) → ``site/py/``.
- ``site``     – ``web/`` → site root; the build info the worker reads.
- ``icons``    – the web app's PNG icons, drawn from ``web/favicon.svg``.
- ``snapshot`` – the key of the engine worker's memory snapshot (made on the
  device; a build can ship one for measuring).
- ``offline``  – ``sw.js``: the service worker with its precache list,
  versioned by content hash, and the precached dailies in one file.
- ``compress`` – ``.br`` (Node's zlib) and ``.gz`` twins beside larger files.
- ``openings`` – checks every pinned opening (the person's first decision of
  a daily, drawn before the engine is ready) against the engine; copies them
  → ``site/openings/``. Only ``pin`` writes into ``openings/``.
- ``puzzles``  – checks every pinned daily against the generator (fails
  loudly on drift; warns when fewer than 365 days of deals or 60 days of par
  are pinned ahead) and copies
  them → ``site/puzzles/``. Only ``pin`` writes into ``puzzles/``.
- ``docs``     – the rules pages with mkdocs → ``site/rules/``.
- ``server``   – serving ``site/`` with the site's MIME types and headers, and
  the ``.br``/``.gz`` twins by ``Accept-Encoding`` as static hosts do.

A build writes only into ``site/`` and ``.cache/``, never into the source tree.
All URLs in the site are relative, so it works from any sub-path, and the site
requests nothing from any other origin.
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from sitebuild.deps import ensure_node_modules, ensure_venv, in_venv
from sitebuild.openings import pin_openings
from sitebuild.paths import SITE
from sitebuild.puzzles import (
    PAR_DAYS,
    PIN_DAYS,
    PuzzleDriftError,
    check,
    check_par_sample,
    pin,
    pin_par,
)
from sitebuild.server import CSP, make_server, serve
from sitebuild.site import build

__all__ = ["CSP", "PuzzleDriftError", "build", "check", "main", "make_server", "pin"]


def main(argv: list[str] | None = None) -> None:
    """Command line: ``build`` (default), ``serve``, ``pin`` or ``deps``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("build", help="build site/ (the default)")
    p_serve = sub.add_parser("serve", help="build, then serve site/ on localhost")
    p_serve.add_argument("--port", type=int, default=8000, help="0 = any free port")
    p_serve.add_argument("--host", default="127.0.0.1")
    p_serve.add_argument("--no-build", action="store_true", help="serve the existing site/")
    p_pin = sub.add_parser("pin", help="pin the missing dailies into puzzles/ (then commit them)")
    p_pin.add_argument(
        "--days", type=int, default=PIN_DAYS, help="deals this far ahead (default: %(default)s)"
    )
    p_pin.add_argument(
        "--par-days", type=int, default=PAR_DAYS, help="par this far ahead (default: %(default)s)"
    )
    p_pin.add_argument("--jobs", type=int, default=1, help="par processes in parallel")
    p_pin.add_argument("--no-par", action="store_true", help="pin the deals only")
    p_pin.add_argument(
        "--repin-par",
        action="store_true",
        help="compute par again where it is pinned too, for the days after today only",
    )
    p_pin.add_argument(
        "--games", nargs="+", default=None, help="par of these games only (default: every game)"
    )
    p_check = sub.add_parser(
        "check-par", help="recompute par for one day and fail if it drifted from the pin"
    )
    p_check.add_argument("--date", default=None, help="YYYY-MM-DD (default: the last with par)")
    sub.add_parser("deps", help="install what the build and tests need (.venv, node_modules)")
    args = parser.parse_args(argv)

    if args.command == "deps":
        ensure_venv()
        ensure_node_modules()
        return
    if not in_venv():
        # The build needs the locked tools (mkdocs for the rules pages): run it
        # with the project's venv, made from the lock if needed.
        python = ensure_venv()
        os.execv(python, [str(python), str(Path(__file__).resolve()), *sys.argv[1:]])
    try:
        if args.command == "pin":
            written = pin(days=args.days)
            print(f"pinned {written} new dailies into puzzles/; commit them", flush=True)
            if not args.no_par:
                until = date.today() + timedelta(days=args.par_days)
                progress = functools.partial(print, flush=True)
                try:
                    done = pin_par(
                        jobs=args.jobs,
                        until=until,
                        repin=args.repin_par,
                        games=args.games,
                        progress=progress,
                    )
                except ValueError as error:  # an unknown game in --games
                    sys.exit(f"build.py pin: {error}")
                print(f"pinned par into {done} dailies; commit them", flush=True)
            opened = pin_openings()
            print(f"pinned {opened} openings into openings/; commit them", flush=True)
            return
        if args.command == "check-par":
            day = date.fromisoformat(args.date) if args.date else None
            try:
                compared = check_par_sample(day=day)
            except ValueError as error:  # a published day: its par is history
                sys.exit(f"build.py check-par: {error}")
            print(f"par holds for {len(compared)} pinned dailies: {', '.join(compared)}")
            return
        if args.command == "serve":
            if not args.no_build or not (SITE / "index.html").exists():
                build()
            serve(args.host, args.port)
            return
        build()
    except PuzzleDriftError as error:
        sys.exit(f"build.py: {error}")


if __name__ == "__main__":
    main()
