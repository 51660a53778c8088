"""Run systemd/install.sh and uninstall.sh with --dry-run in a controlled environment.

The scripts probe the system (getent, raspi-config, /usr/bin/python3) before printing their
plan. A directory of stand-ins goes first on PATH so that the plan does not depend on the
machine running the tests:

* ``getent`` answers from ``known`` ("group:gpio", "passwd:refbox", ...);
* ``raspi-config`` (only when ``raspi`` is given) answers ``nonint get_NAME`` from it;
* ``apt-cache policy`` answers from ``apt`` (the packages the archive has; by default
  Raspberry Pi OS's python3-lgpio) and ``apt_lists`` (whether apt fetched its lists);
* ``uname -m`` (only when ``machine`` is given) answers ``machine``;
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

MUTATING = ("apt-get", "groupadd", "groupdel", "groupmod", "useradd", "usermod", "userdel",
            "systemctl", "install", "cp", "rm", "mkdir", "ln", "mv", "touch", "tee", "chmod",
            "chown", "dpkg", "pip", "pip3")
DEVICE_GROUPS = ("gpio", "i2c", "spi", "dialout")
RASPBERRY_PI_OS = tuple(f"group:{g}" for g in DEVICE_GROUPS)
RASPBERRY_PI_OS_APT = ("python3-lgpio",)  # the packages apt-cache knows beyond plain Debian


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
    stderr: str  # with merge=True: stdout and stderr as they came, and plan is empty
    stdout: str = ""


def _write(path: Path, text: str) -> None:
    path.write_text(text)
    path.chmod(0o755)


APT_CACHE = """#!/bin/sh
if [ "$1" = policy ] && [ $# -eq 1 ]; then
  printf 'Package files:\\n 100 /var/lib/dpkg/status\\n     release a=now\\n'
  if [ -n "$FAKE_APT_LISTS" ]; then
    echo " 500 http://deb.debian.org/debian bookworm/main arm64 Packages"
  fi
  exit 0
fi
if [ "$1" = policy ] && [ $# -eq 2 ]; then
  for p in $FAKE_APT; do
    if [ "$p" = "$2" ]; then
      printf '%s:\\n  Installed: (none)\\n  Candidate: 2.2-1\\n' "$2"; exit 0
    fi
  done
  for p in $FAKE_APT_NONE; do
    if [ "$p" = "$2" ]; then
      printf '%s:\\n  Installed: (none)\\n  Candidate: (none)\\n' "$2"; exit 0
    fi
  done
  exit 0
fi
echo "dry run executed apt-cache $*" >&2
exit 99
"""


def stand_ins(
    folder: Path, raspi: Mapping[str, str] | None, machine: str | None = None
) -> Path:
    bin_dir = folder / "bin"
    bin_dir.mkdir(exist_ok=True)
    _write(bin_dir / "getent", '#!/bin/sh\nfor e in $FAKE_GETENT; do\n'
           '  if [ "$e" = "$1:$2" ]; then echo "$2:x:999:"; exit 0; fi\ndone\nexit 2\n')
    for name in MUTATING:
        _write(bin_dir / name, f'#!/bin/sh\necho "dry run executed {name} $*" >&2\nexit 99\n')
    _write(bin_dir / "apt-cache", APT_CACHE)
    if machine is not None:
        _write(bin_dir / "uname", f'#!/bin/sh\n[ "$1" = -m ] && echo {machine} && exit 0\n'
               'echo "unexpected uname $*" >&2\nexit 99\n')
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
    apt: Iterable[str] = RASPBERRY_PI_OS_APT,
    apt_none: Iterable[str] = (),
    apt_lists: bool = True,
    machine: str | None = None,
    merge: bool = False,
) -> Result:
    """Run ``prefix + bash script args``; ``prefix`` is e.g. a setpriv or unshare command."""
    bin_dir = stand_ins(tmp_path, raspi, machine)
    env = {
        **os.environ,
        "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '/usr/bin:/bin')}",
        "FAKE_GETENT": " ".join(known),
        "FAKE_APT": " ".join(apt),
        "FAKE_APT_NONE": " ".join(apt_none),
        "FAKE_APT_LISTS": "1" if apt_lists else "",
    }
    proc = subprocess.run(
        [*prefix, "bash", str(script), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT if merge else subprocess.PIPE,
        text=True,
        env=env,
        cwd=cwd or tmp_path,
        check=False,
        timeout=60,
    )
    if merge:
        return Result(proc.returncode, [], proc.stdout, proc.stdout)
    plan = [shlex.split(line) for line in proc.stdout.splitlines()]
    return Result(proc.returncode, plan, proc.stderr, proc.stdout)


def as_unprivileged() -> list[str]:
    """A command prefix that runs as a user that is not root (empty when already not root)."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root and setpriv (util-linux) is missing to drop privileges")
    return [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", "--"]

