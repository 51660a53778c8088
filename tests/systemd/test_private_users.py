"""Why the unit may keep PrivateUsers=yes: unmapped supplementary groups still open files.

With PrivateUsers=yes systemd sets the service's supplementary groups (gpio, i2c, spi,
dialout), then enters a user namespace that maps only root and refbox. The device nodes then
look owned by nobody:nogroup, but the kernel checks access against the process's real group
list. This test shows that kernel rule on a file standing in for /dev/gpiochip0 (root:GROUP,
0660): readable from a user namespace that does not map GROUP, refused without the group.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

GROUP = 54321  # no such group needs to exist: the kernel compares numbers
NOBODY = 65534

SETPRIV = shutil.which("setpriv")
UNSHARE = shutil.which("unshare")
pytestmark = pytest.mark.skipif(
    os.geteuid() != 0 or SETPRIV is None or UNSHARE is None,
    reason="needs root (to give a file to a foreign group), setpriv and unshare (util-linux)",
)


def read_as_nobody(
    path: Path, groups: str, *, in_user_namespace: bool
) -> subprocess.CompletedProcess[str]:
    command = [SETPRIV, f"--reuid={NOBODY}", f"--regid={NOBODY}", groups, "--"]
    if in_user_namespace:
        command += [UNSHARE, "--user", f"--map-user={NOBODY}", f"--map-group={NOBODY}", "--"]
    command += ["sh", "-c", 'id -G; cat "$1"', "sh", str(path)]
    return subprocess.run(command, capture_output=True, text=True, check=False)


@pytest.fixture
def device() -> Iterator[Path]:
    folder = Path(tempfile.mkdtemp(prefix="refbox-userns-"))
    folder.chmod(0o755)
    node = folder / "gpiochip0"
    node.write_text("pins\n")
    os.chown(node, 0, GROUP)
    node.chmod(0o660)
    yield node
    shutil.rmtree(folder)


def test_an_unmapped_supplementary_group_still_grants_access(device):
    probe = read_as_nobody(device, f"--groups={GROUP}", in_user_namespace=True)
    if probe.returncode != 0 and "unshare" in probe.stderr:
        pytest.skip(f"user namespaces are not available here: {probe.stderr.strip()}")
    assert probe.returncode == 0, probe.stderr
    ids, content = probe.stdout.splitlines()
    assert str(GROUP) not in ids.split()  # the group is not visible inside...
    assert content == "pins"  # ...and still opens the file


def test_without_the_group_the_file_is_refused(device):
    result = read_as_nobody(device, "--clear-groups", in_user_namespace=False)
    assert result.returncode != 0
    assert "Permission denied" in result.stderr
