"""The docstring examples of the engine's modules are tests too.

Covers ``engine/*.py`` and ``engine/karnoffel/``; the Doppelkopf modules
have their own (``tests/doppelkopf/test_dk_doctests.py``).
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import engine
import engine.karnoffel

MODULES = sorted(
    [info.name for info in pkgutil.iter_modules(engine.__path__, "engine.") if not info.ispkg]
    + [info.name for info in pkgutil.iter_modules(engine.karnoffel.__path__, "engine.karnoffel.")]
    + ["engine", "engine.karnoffel"]
)


def test_the_core_modules_are_covered() -> None:
    for name in (
        "engine.rng",
        "engine.records",
        "engine.karnoffel.state",
        "engine.karnoffel.tricks",
    ):
        assert name in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0
