"""Newcomer regressions, issue 24 item 5: systemd/install.sh as a new user meets it.

One test per reported item. More of the installer's dry run: tests/systemd/test_install.py
and tests/systemd/test_install_lgpio.py (lgpio's three sources). The real install on plain
Debian arm64, where the archive has no python3-lgpio, is checked by
`sudo systemd/test-boot.sh --arch arm64` (docs/install.md, "The boot test"): it needs root,
systemd-nspawn, qemu-user and the network, and takes minutes, so it stays out of this suite
as the other boot checks do.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.systemd.dryrun import (
    INSTALL,
    MUTATING,
    ROOT,
    SYSTEM_PYTHON,
    UNINSTALL,
    as_unprivileged,
    needs_scripts,
    run_script,
)

pytestmark = needs_scripts

LGPIO_DOC = 'docs/install.md, "lgpio without Raspberry Pi OS"'
# What an install creates: none of it may appear through a dry run.
INSTALLED = [Path(p) for p in ("/etc/refbox", "/opt/refbox", "/usr/local/bin/refbox",
                               "/etc/systemd/system/refbox.service",
                               "/etc/systemd/system/refbox.service.d")]
ACCOUNTS = [Path("/etc/passwd"), Path("/etc/group"), Path("/etc/shadow"), Path("/etc/gshadow")]


@pytest.fixture
def shared_tmp() -> Iterator[Path]:
    """A folder the unprivileged user can read (pytest's tmp_path is 0700)."""
    folder = Path(tempfile.mkdtemp(prefix="refbox-dry-run-"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        shutil.rmtree(folder)


def system_python_version() -> tuple[int, int]:
    out = subprocess.run([str(SYSTEM_PYTHON), "-c", "import sys; print(*sys.version_info[:2])"],
                         capture_output=True, text=True, check=True).stdout.split()
    return int(out[0]), int(out[1])


def lgpio_line(machine: str, would: bool) -> str:
    """The installer's line for an archive without python3-lgpio on a glibc 2.34+ system."""
    major, minor = system_python_version()
    where = f"Python {major}.{minor} on {machine}"
    head = "python3-lgpio is not in this system's apt archive (Raspberry Pi OS has it)"
    if (3, 9) <= (major, minor) <= (3, 12):
        verb = "would come" if would else "comes"
        return (f"install.sh: {head}: lgpio {verb} from the Python package index instead, a "
                f"ready-made wheel for {where} ({LGPIO_DOC})")
    verb = "pip would compile" if would else "pip compiles"
    return f"install.sh: {head}, and no ready-made lgpio wheel fits {where}: {verb}"


@pytest.mark.parametrize(("script", "first"), [
    (INSTALL, "sudo systemd/install.sh [--board NAME|FILE] [--no-start] [--dry-run] "
              "[--test-system]"),
    (UNINSTALL, "sudo systemd/uninstall.sh [--purge] [--dry-run]"),
])
@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_help_prints_the_usage_and_exits_0(tmp_path, script, first, flag):
    result = run_script(script, [flag], tmp_path)
    assert result.returncode == 0
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[0].strip() == first
    assert "  --dry-run  " in result.stdout or "  --dry-run          " in result.stdout
    assert lines[-1].strip().startswith(("-h, --help", "of them (no root needed)"))


def _trace(log_prefix: Path) -> tuple[list[str], list[str]]:
    """From strace -ff files: (programs run, file changes tried); bash opening /dev/null and
    /dev/tty (job control) for writing is no change."""
    programs, changes = [], []
    writing = re.compile(r"O_WRONLY|O_RDWR|O_CREAT|O_TRUNC|O_APPEND")
    changing = ("mkdir", "mkdirat", "unlink", "unlinkat", "rename", "renameat", "renameat2",
                "link", "linkat", "symlink", "symlinkat", "chmod", "fchmodat", "chown",
                "fchownat", "lchown", "truncate", "creat", "utimensat")
    for log in log_prefix.parent.glob(log_prefix.name + ".*"):
        for line in log.read_text(errors="replace").splitlines():
            call = re.match(r"(\w+)\((.*)", line)
            if call is None:
                continue
            name, rest = call.groups()
            if name == "execve":
                programs.append(rest.split('"')[1])
            elif name in changing or (name.startswith("open") and writing.search(rest)):
                if not rest.startswith(('AT_FDCWD, "/dev/null"', 'AT_FDCWD, "/dev/tty"')):
                    changes.append(line)
    return programs, changes


@pytest.mark.skipif(shutil.which("strace") is None, reason="strace is not installed")
@pytest.mark.skipif(shutil.which("raspi-config") is not None, reason="a real raspi-config")
@pytest.mark.skipif(Path("/etc/refbox/board.toml").exists(), reason="refbox is installed here")
def test_dry_run_says_would_and_changes_nothing(shared_tmp, tmp_path):
    """Missing groups, no python3-lgpio, the companion's drop-in: each told as "would"; and
    under strace no program that changes the system runs and no file is written."""
    profile = shared_tmp / "phones.toml"
    text = (ROOT / "hw/two-seat.toml").read_text(encoding="utf-8")
    profile.write_text(text.replace("enabled = false", "enabled = true", 1), encoding="utf-8")
    before = {path: path.exists() for path in INSTALLED}
    accounts = {path: path.read_bytes() for path in ACCOUNTS if path.exists()}
    trace = tmp_path / "trace"
    strace = [shutil.which("strace") or "strace", "-ff", "-qq", "-o", str(trace),
              "-e", "trace=%file"]
    result = run_script(INSTALL, ["--dry-run", "--board", str(profile)], shared_tmp,
                        known=["group:dialout"], apt=(), machine="aarch64",
                        prefix=[*strace, *as_unprivileged()])
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines() == [
        lgpio_line("aarch64", would=True),
        *(f"install.sh: group {g} is missing: would create it; without a udev rule giving the "
          f"matching /dev nodes to group {g}, refbox could not open them"
          for g in ("gpio", "i2c", "spi")),
        "install.sh: raspi-config not found: enable I2C, SPI and the serial port yourself "
        "(docs/hardware.md)",
        "install.sh: the board enables the phone companion: the service would be allowed the "
        "local network",
        "install.sh: dry run: nothing was changed; a real run (sudo, without --dry-run) would "
        "run the commands above",
    ]
    assert ["groupadd", "--system", "gpio"] in result.plan  # planned, not run:
    programs, changes = _trace(trace)
    assert programs, "strace saw no program start: the trace is not working"
    assert [p for p in programs if Path(p).name in MUTATING] == []
    assert changes == []
    assert {path: path.exists() for path in INSTALLED} == before
    assert {path: path.read_bytes() for path in accounts} == accounts


def test_a_misspelt_board_lists_exactly_the_boards_it_accepts(tmp_path):
    listed = []
    for test_system in ([], ["--test-system"]):
        result = run_script(INSTALL, ["--dry-run", *test_system, "--board", "two-seet"],
                            tmp_path)
        assert result.returncode == 1 and result.plan == []
        found = re.search(r"the installer accepts (.*) or the path of your own \.toml file$",
                          result.stderr.strip())
        assert found is not None, result.stderr
        names = found.group(1).split(", ")
        for name in names:  # every board listed is accepted
            accepted = run_script(INSTALL, ["--dry-run", *test_system, "--board", name],
                                  tmp_path)
            assert accepted.returncode == 0, (name, accepted.stderr)
        listed.append(names)
    assert listed == [["six-seat-mux", "two-seat"], ["sim", "six-seat-mux", "two-seat"]]
    refused = run_script(INSTALL, ["--dry-run", "--board", "sim"], tmp_path)
    assert refused.returncode == 1  # ... and the one left out is refused
    assert "choose six-seat-mux, two-seat or the path of your own .toml file" in refused.stderr


def test_without_python3_lgpio_it_says_so_before_anything_changes(tmp_path):
    """Plain Debian arm64: the archive has no python3-lgpio. The installer says so first and
    plans lgpio from the package index (the `pi` extra) instead of a failing apt-get."""
    result = run_script(INSTALL, ["--dry-run", "--no-start"], tmp_path, apt=(),
                        machine="aarch64", merge=True)
    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()
    assert lines[0] == lgpio_line("aarch64", would=True)
    assert lines[1] == "apt-get update"
    assert lines[2].startswith("apt-get install -y --no-install-recommends python3-venv ")
    assert "python3-lgpio" not in result.stderr.replace(lines[0], "")
    assert any(line.endswith("install --no-cache-dir '/opt/refbox/src[pi,phones]'")
               for line in lines)
