"""Run systemd/install.sh and uninstall.sh with --dry-run in a controlled environment.

The scripts probe the system (getent, raspi-config, /usr/bin/python3) before printing their
plan. A directory of stand-ins goes first on PATH so that the plan does not depend on the
machine running the tests:

* ``getent`` answers from ``known`` ("group:gpio", "passwd:refbox", ...);
* ``raspi-config`` (only when ``raspi`` is given) answers ``nonint get_NAME`` from it;
* every command that changes the system (apt-get, useradd, systemctl, cp, rm, ...) fails
  loudly, so a plan line that got executed instead of printed fails the test and changes
  nothing.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
INSTALL = ROOT / "systemd" / "install.sh"
UNINSTALL = ROOT / "systemd" / "uninstall.sh"
SYSTEM_PYTHON = Path("/usr/bin/python3")

MUTATING = ("apt-get", "groupadd", "groupdel", "useradd", "usermod", "userdel", "systemctl",
            "install", "cp", "rm", "mkdir", "ln")
DEVICE_GROUPS = ("gpio", "i2c", "spi", "dialout")
RASPBERRY_PI_OS = tuple(f"group:{g}" for g in DEVICE_GROUPS)


def _system_python_ok() -> bool:
    if not SYSTEM_PYTHON.exists():
        return False
    probe = subprocess.run(
        [str(SYSTEM_PYTHON), "-c", "import sys; print(sys.version_info >= (3, 11))"],
        capture_output=True, text=True, check=False,
    )
    return probe.stdout.strip() == "True"


needs_scripts = pytest.mark.skipif(
    sys.platform != "linux" or shutil.which("bash") is None or not _system_python_ok(),
    reason="the install scripts need Linux, bash and /usr/bin/python3 >= 3.11 (they check the "
    "board with the system Python)",
)


@dataclass(frozen=True)
class Result:
    returncode: int
    plan: list[list[str]]  # stdout, one command per line, split as a shell would
    stderr: str


def _write(path: Path, text: str) -> None:
    path.write_text(text)
    path.chmod(0o755)


def stand_ins(folder: Path, raspi: Mapping[str, str] | None) -> Path:
    bin_dir = folder / "bin"
    bin_dir.mkdir(exist_ok=True)
    _write(bin_dir / "getent", '#!/bin/sh\nfor e in $FAKE_GETENT; do\n'
           '  if [ "$e" = "$1:$2" ]; then echo "$2:x:999:"; exit 0; fi\ndone\nexit 2\n')
    for name in MUTATING:
        _write(bin_dir / name, f'#!/bin/sh\necho "dry run executed {name} $*" >&2\nexit 99\n')
    if raspi is not None:
        answers = "\n".join(f'  "nonint get_{k}") echo {v} ;;' for k, v in raspi.items())
        _write(bin_dir / "raspi-config",
               f'#!/bin/sh\ncase "$1 $2" in\n{answers}\n'
               '  *) echo "dry run executed raspi-config $*" >&2; exit 99 ;;\nesac\n')
    return bin_dir


def run_script(
    script: Path,
    args: Sequence[str],
    tmp_path: Path,
    *,
    known: Iterable[str] = RASPBERRY_PI_OS,
    raspi: Mapping[str, str] | None = None,
    prefix: Sequence[str] = (),
    cwd: Path | None = None,
) -> Result:
    """Run ``prefix + bash script args``; ``prefix`` is e.g. a setpriv or unshare command."""
    bin_dir = stand_ins(tmp_path, raspi)
    env = {
        **os.environ,
        "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '/usr/bin:/bin')}",
        "FAKE_GETENT": " ".join(known),
    }
    proc = subprocess.run(
        [*prefix, "bash", str(script), *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd or tmp_path,
        check=False,
        timeout=60,
    )
    plan = [shlex.split(line) for line in proc.stdout.splitlines()]
    return Result(proc.returncode, plan, proc.stderr)


def as_unprivileged() -> list[str]:
    """A command prefix that runs as a user that is not root (empty when already not root)."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root and setpriv (util-linux) is missing to drop privileges")
    return [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", "--"]

