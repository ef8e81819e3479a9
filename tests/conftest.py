"""Settings for the whole test suite.

Inside Pyodide (``tests/pyodide``: the engine's tests again, under Node) each
Hypothesis property runs a quarter of its examples. The run is there to show
that the engine gives the same results in Pyodide as on CPython, where every
example runs; Python there is about twice as slow, and the full count would
make that one run a third of the suite's time. For the same reason a test
marked ``heavy`` (a whole sweep: every point of a match, a strength sample, a
daily replayed through every request) runs on CPython only; its lighter
siblings run in both.
"""

from __future__ import annotations

import sys

import pytest

#: Share of each property's examples run inside Pyodide (at least MIN_EXAMPLES).
PYODIDE_EXAMPLE_SHARE = 0.25
MIN_EXAMPLES = 5


#: Where the longest tests live, longest first: the run starts them first, so that
#: one of them is never left running alone at the end (xdist hands each worker a
#: share of the tests in this order, and the short ones fill the gaps).
LONGEST_FIRST = ("tests/pyodide/", "tests/web/", "tests/docs/")


def _longest_first(item: pytest.Item) -> int:
    return next(
        (rank for rank, folder in enumerate(LONGEST_FIRST) if item.nodeid.startswith(folder)),
        len(LONGEST_FIRST),
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if sys.platform != "emscripten":
        items.sort(key=_longest_first)
        return
    from hypothesis import settings

    heavy = [item for item in items if item.get_closest_marker("heavy")]
    if heavy:
        config.hook.pytest_deselected(items=heavy)
        items[:] = [item for item in items if not item.get_closest_marker("heavy")]
    for item in items:
        test = getattr(item, "obj", None)
        # What @settings attached to a @given test (Hypothesis reads it at run time).
        current = getattr(test, "_hypothesis_internal_use_settings", None)
        if isinstance(current, settings) and not getattr(test, "_fewer_in_pyodide", False):
            examples = max(MIN_EXAMPLES, round(current.max_examples * PYODIDE_EXAMPLE_SHARE))
            test._hypothesis_internal_use_settings = settings(current, max_examples=examples)  # type: ignore[union-attr]
            test._fewer_in_pyodide = True  # type: ignore[union-attr]
