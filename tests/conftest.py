"""Settings for the whole test suite.

Inside Pyodide (``tests/pyodide``: the engine's tests again, under Node) each
Hypothesis property runs a tenth of its examples. The run is there to show
that the engine gives the same results in Pyodide as on CPython, where every
example runs; Python there is about twice as slow, and the full count would
make that one run a third of the suite's time. For the same reason a test
marked ``heavy`` (a whole sweep: every point of a match, a strength sample, a
daily replayed through every request) runs on CPython only; its lighter
siblings run in both. A test with many parameters (seeds, positions, rule sets)
runs PYODIDE_PARAMETERS of them there, spread over the list: a platform
difference shows in any of them, and CPython runs them all.
"""

from __future__ import annotations

import sys

import pytest

#: Share of each property's examples run inside Pyodide (at least MIN_EXAMPLES).
PYODIDE_EXAMPLE_SHARE = 0.1
MIN_EXAMPLES = 5
#: How many of a parametrized test's cases run inside Pyodide (first, last and between).
PYODIDE_PARAMETERS = 3


#: Where the longest tests live, longest first: the run starts them first, so that
#: one of them is never left running alone at the end (xdist hands each worker a
#: share of the tests in this order, and the short ones fill the gaps).
LONGEST_FIRST = ("tests/pyodide/", "tests/web/", "tests/docs/")


def _longest_first(item: pytest.Item) -> int:
    return next(
        (rank for rank, folder in enumerate(LONGEST_FIRST) if item.nodeid.startswith(folder)),
        len(LONGEST_FIRST),
    )


def _spread_parameters(items: list[pytest.Item]) -> list[pytest.Item]:
    """The cases beyond PYODIDE_PARAMETERS of each parametrized test (evenly spread)."""
    groups: dict[str, list[pytest.Item]] = {}
    for item in items:
        if isinstance(item, pytest.Function) and item.name != item.originalname:
            groups.setdefault(f"{item.path}::{item.originalname}", []).append(item)
    spared: list[pytest.Item] = []
    for cases in groups.values():
        if len(cases) > PYODIDE_PARAMETERS:
            last = len(cases) - 1
            kept = {round(i * last / (PYODIDE_PARAMETERS - 1)) for i in range(PYODIDE_PARAMETERS)}
            spared += [case for index, case in enumerate(cases) if index not in kept]
    return spared


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if sys.platform != "emscripten":
        items.sort(key=_longest_first)
        return
    from hypothesis import settings

    heavy = [item for item in items if item.get_closest_marker("heavy")]
    if heavy:
        config.hook.pytest_deselected(items=heavy)
        items[:] = [item for item in items if not item.get_closest_marker("heavy")]
    spared = _spread_parameters(items)
    if spared:
        config.hook.pytest_deselected(items=spared)
        gone = set(map(id, spared))
        items[:] = [item for item in items if id(item) not in gone]
    for item in items:
        test = getattr(item, "obj", None)
        # What @settings attached to a @given test (Hypothesis reads it at run time).
        current = getattr(test, "_hypothesis_internal_use_settings", None)
        if isinstance(current, settings) and not getattr(test, "_fewer_in_pyodide", False):
            examples = max(MIN_EXAMPLES, round(current.max_examples * PYODIDE_EXAMPLE_SHARE))
            test._hypothesis_internal_use_settings = settings(current, max_examples=examples)  # type: ignore[union-attr]
            test._fewer_in_pyodide = True  # type: ignore[union-attr]
