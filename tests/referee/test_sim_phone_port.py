"""`refbox sim --phone-port`: a port a user may open, else a clear refusal (no traceback)."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize("given,words", [
    ("70000", "70000 is out of range; allowed: 1024..65535"),
    ("80", "80 is out of range; allowed: 1024..65535"),
    ("abc", "'abc' is not a port number; allowed: 1024..65535"),
])
def test_a_bad_phone_port_is_refused_in_words(given: str, words: str) -> None:
    run = subprocess.run([sys.executable, "-m", "services.referee.cli", "sim", "--phone-port",
                          given, "--script", "/dev/null"], capture_output=True, text=True,
                         check=False, timeout=60)
    assert run.returncode == 2
    assert run.stderr.strip().endswith(f"argument --phone-port: {words}")
    assert "Traceback" not in run.stderr
