"""Helpers for the parser tests: cutting a byte stream into chunks as reads would."""

from __future__ import annotations

import itertools


def split(data: bytes, cuts: list[int]) -> list[bytes]:
    """``data`` cut at ``cuts`` (taken modulo its length + 1): the chunks, in order."""
    points = sorted({0, len(data), *(c % (len(data) + 1) for c in cuts)})
    return [data[a:b] for a, b in itertools.pairwise(points)]
