"""The Doppelkopf modules' docstring examples are tests too."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["cards", "rules", "actions", "tricks", "scoring", "state", "__init__"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module_name = "engine.doppelkopf" if name == "__init__" else f"engine.doppelkopf.{name}"
    module = importlib.import_module(module_name)
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0
