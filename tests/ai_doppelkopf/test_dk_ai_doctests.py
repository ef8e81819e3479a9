"""The Doppelkopf players' docstring examples are tests too."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["knowledge", "heuristic", "search", "solver", "players"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(f"engine.doppelkopf.{name}")
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0
