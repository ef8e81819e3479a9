"""The docstring examples of every engine module are tests too (the one doctest runner)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import engine

MODULES = sorted(
    ["engine"] + [info.name for info in pkgutil.walk_packages(engine.__path__, "engine.")]
)


def test_every_module_of_each_game_is_found() -> None:
    for name in (
        "engine.rng",
        "engine.records",
        "engine.karnoffel.state",
        "engine.doppelkopf.view",
    ):
        assert name in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0
