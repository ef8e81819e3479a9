"""Subresource integrity: the ``integrity`` value the page checks a file against."""

from __future__ import annotations

import base64
import hashlib


def sri(data: bytes) -> str:
    """``sha256-`` and the base64 SHA-256 of ``data`` (what ``fetch(..., {integrity})`` checks).

    >>> sri(b"")
    'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='
    """
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()
