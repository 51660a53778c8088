"""Fixtures shared by the systemd tests."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture
def shared_tmp() -> Iterator[Path]:
    """A temporary directory that an unprivileged user can use too (pytest's is 0700)."""
    folder = Path(tempfile.mkdtemp(prefix="refbox-dry-run-"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        shutil.rmtree(folder)
