"""Examples in the docs run as written (python-chess style doctests)."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"


@pytest.mark.parametrize("name", ["engine-api.md"])
def test_doctests_in_docs(name):
    result = doctest.testfile(str(DOCS / name), module_relative=False,
                              optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
