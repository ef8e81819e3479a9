"""The rules pages: mkdocs, four languages → ``site/rules/``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from sitebuild.paths import ROOT, log


def build_docs(out: Path) -> None:
    """Build the rules pages with the locked mkdocs when ``mkdocs.yml`` exists."""
    config = ROOT / "mkdocs.yml"
    if config.exists():
        command = [sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config)]
        subprocess.run([*command, "-d", str(out / "rules")], cwd=ROOT, check=True)
        log("rules pages built")
