"""The steps of `build.py`, one module per job (see build.py)."""
