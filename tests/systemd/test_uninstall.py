"""systemd/uninstall.sh --dry-run: the exact plan, and the refusals.

Whether the unit and /usr/local/bin/refbox are installed is read from the file system. To see
the plan for an installed box on any machine, those two directories are replaced in a private
mount namespace (``unshare``), where the script runs with --dry-run; the host is untouched.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.systemd.dryrun import UNINSTALL, as_unprivileged, needs_scripts, run_script

pytestmark = needs_scripts

UNIT_DIR = Path("/etc/systemd/system")
BIN_DIR = Path("/usr/local/bin")
UNIT = UNIT_DIR / "refbox.service"
LINK = BIN_DIR / "refbox"
REMOVE_SERVICE = [
    ["systemctl", "disable", "--now", "refbox.service"],
    ["rm", "-f", str(UNIT)],
    ["systemctl", "daemon-reload"],
]
REMOVE_LINK = [["rm", "-f", str(LINK)]]
REMOVE_CODE = [["rm", "-rf", "/opt/refbox"]]
PURGE = [["rm", "-rf", "/var/lib/refbox", "/etc/refbox"]]

host_is_clean = pytest.mark.skipif(
    UNIT.exists() or LINK.is_symlink(), reason="refbox is installed on this machine"
)


def installed_box(tmp_path: Path) -> list[str]:
    """A command prefix that shows the script an installed refbox (see the module doc)."""
    unshare = shutil.which("unshare")
    if unshare is None or not UNIT_DIR.is_dir() or not BIN_DIR.is_dir():
        pytest.skip("needs unshare (util-linux), /etc/systemd/system and /usr/local/bin")
    units = tmp_path / "units"
    units.mkdir()
    (units / "refbox.service").write_text("[Service]\nExecStart=/bin/true\n")
    links = tmp_path / "links"
    links.mkdir()
    (links / "refbox").symlink_to("/opt/refbox/venv/bin/refbox")
    (links / "other").symlink_to("/usr/bin/true")
    prefix = [unshare, "--user", "--map-root-user", "--mount", "--", "sh", "-c",
              'mount --bind "$1" "$2" && mount --bind "$3" "$4" && shift 4 && exec "$@"',
              "sh", str(units), str(UNIT_DIR), str(links), str(BIN_DIR)]
    probe = subprocess.run([*prefix, "true"], capture_output=True, text=True, check=False)
    if probe.returncode != 0:
        pytest.skip(f"cannot make a private mount namespace here: {probe.stderr.strip()}")
    return prefix


@host_is_clean
def test_nothing_installed(tmp_path):
    result = run_script(UNINSTALL, ["--dry-run"], tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.plan == REMOVE_CODE
    assert "nothing to stop" in result.stderr
    assert "kept /var/lib/refbox (games, tags) and /etc/refbox (board)" in result.stderr


def test_installed_box(tmp_path):
    result = run_script(UNINSTALL, ["--dry-run"], tmp_path, prefix=installed_box(tmp_path))
    assert result.returncode == 0, result.stderr
    assert result.plan == [*REMOVE_SERVICE, *REMOVE_LINK, *REMOVE_CODE]


def test_purge_removes_state_config_and_user(tmp_path):
    result = run_script(UNINSTALL, ["--dry-run", "--purge"], tmp_path,
                        prefix=installed_box(tmp_path),
                        known=["passwd:refbox", "group:refbox"])
    assert result.returncode == 0, result.stderr
    # userdel takes the user's own group with it: no groupdel.
    assert result.plan == [*REMOVE_SERVICE, *REMOVE_LINK, *REMOVE_CODE, *PURGE,
                           ["userdel", "refbox"]]


@host_is_clean
def test_purge_removes_a_group_left_without_its_user(tmp_path):
    result = run_script(UNINSTALL, ["--dry-run", "--purge"], tmp_path, known=["group:refbox"])
    assert result.returncode == 0, result.stderr
    assert result.plan == [*REMOVE_CODE, *PURGE, ["groupdel", "refbox"]]


@host_is_clean
def test_purge_twice_is_harmless(tmp_path):
    result = run_script(UNINSTALL, ["--dry-run", "--purge"], tmp_path, known=[])
    assert result.returncode == 0, result.stderr
    assert result.plan == [*REMOVE_CODE, *PURGE]


def test_a_foreign_refbox_command_is_left_alone(tmp_path):
    prefix = installed_box(tmp_path)
    (tmp_path / "links" / "refbox").unlink()
    (tmp_path / "links" / "refbox").symlink_to("/home/pi/.venv/bin/refbox")
    result = run_script(UNINSTALL, ["--dry-run"], tmp_path, prefix=prefix)
    assert result.returncode == 0, result.stderr
    assert result.plan == [*REMOVE_SERVICE, *REMOVE_CODE]


def test_refuses_to_run_without_root(tmp_path):
    result = run_script(UNINSTALL, ["--purge"], tmp_path, prefix=as_unprivileged())
    assert result.returncode == 1 and result.plan == []
    assert "must be run as root: sudo" in result.stderr and "--purge" in result.stderr


def test_unknown_argument_shows_the_usage(tmp_path):
    result = run_script(UNINSTALL, ["--dry-run", "--everything"], tmp_path)
    assert result.returncode == 2 and result.plan == []
    assert "sudo systemd/uninstall.sh [--purge] [--dry-run]" in result.stderr


def test_scripts_are_executable():
    for script in (UNINSTALL, UNINSTALL.with_name("install.sh")):
        assert os.access(script, os.X_OK), f"{script} is not executable (chmod +x)"
