"""Settings for the whole test suite.

Inside Pyodide (``tests/pyodide``: the engine's tests again, under Node) each
Hypothesis property runs a quarter of its examples. The run is there to show
that the engine gives the same results in Pyodide as on CPython, where every
example runs; Python there is about twice as slow, and the full count would
make that one run a third of the suite's time.
"""

from __future__ import annotations

import sys

import pytest

#: Share of each property's examples run inside Pyodide (at least MIN_EXAMPLES).
PYODIDE_EXAMPLE_SHARE = 0.25
MIN_EXAMPLES = 5


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if sys.platform != "emscripten":
        return
    from hypothesis import settings

    for item in items:
        test = getattr(item, "obj", None)
        # What @settings attached to a @given test (Hypothesis reads it at run time).
        current = getattr(test, "_hypothesis_internal_use_settings", None)
        if isinstance(current, settings) and not getattr(test, "_fewer_in_pyodide", False):
            examples = max(MIN_EXAMPLES, round(current.max_examples * PYODIDE_EXAMPLE_SHARE))
            test._hypothesis_internal_use_settings = settings(current, max_examples=examples)  # type: ignore[union-attr]
            test._fewer_in_pyodide = True  # type: ignore[union-attr]
