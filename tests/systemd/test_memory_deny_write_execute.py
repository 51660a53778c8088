"""MemoryDenyWriteExecute=yes does not break refbox: its whole stack runs under the same rules.

The unit sets it, and a Python library that JIT-compiles or builds ctypes callbacks the old way
(writable and executable memory) would then die on the Pi only. This runs refbox's imports, a
ctypes callback, a new journal (schema written, WAL mode) and a screen image under an
equivalent seccomp filter (tests/systemd/mdwe_exec.py), and checks that the filter really
refuses W+X memory.
"""

from __future__ import annotations

import platform
import subprocess
import sys
from pathlib import Path

import pytest

from tests.systemd.mdwe_exec import ARCHES

ROOT = Path(__file__).resolve().parents[2]
HELPER = Path(__file__).with_name("mdwe_exec.py")

pytestmark = pytest.mark.skipif(
    sys.platform != "linux" or platform.machine() not in ARCHES,
    reason="the seccomp filter is written for Linux on x86-64 and arm64",
)

WORKLOAD = r"""
import ctypes, mmap, os, sys, tempfile
try:
    mmap.mmap(-1, 4096, prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC)
    print("W+X mapping allowed")
except PermissionError:
    print("W+X mapping refused")

callback = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_int)(lambda x: x + 1)
print("ctypes callback", callback(41))

import gpiozero, serial, smbus2, sqlite3
import luma.core.device, luma.oled.device
from PIL import Image, ImageDraw
import firmware_py.buttons, firmware_py.feedback, firmware_py.rfid, firmware_py.screens
from firmware_py.profile import load_profile
from services.referee.journal import Journal
from services.referee.notify import Notifier

load_profile("two-seat")
image = Image.new("1", (128, 64))
ImageDraw.Draw(image).text((0, 0), "refbox", fill=1)
with tempfile.TemporaryDirectory() as folder:
    journal = Journal(os.path.join(folder, "refbox.sqlite"))
    journal.close()
Notifier({}).ready()
print("stack ok")
"""


def test_refbox_runs_under_memory_deny_write_execute():
    result = subprocess.run(
        [sys.executable, str(HELPER), sys.executable, "-c", WORKLOAD],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines() == ["W+X mapping refused", "ctypes callback 42", "stack ok"]
