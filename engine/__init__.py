"""Stichtag's engine: rules, game state, records and computer players.

Pure Python, no I/O: the same on CPython >= 3.11 and in Pyodide.
Games: :mod:`engine.karnoffel`. Records: :mod:`engine.records`.
The web worker talks to :mod:`engine.bridge`.
"""

__version__ = "0.1.0"
