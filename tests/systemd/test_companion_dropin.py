"""systemd/companion.conf: the network the phone companion needs, and nothing more."""

from __future__ import annotations

import ipaddress
import re
import subprocess
from pathlib import Path

import pytest

from tests.systemd.test_unit import ANALYZE, MAX_EXPOSURE, UNIT, needs_analyze
from tests.systemd.unitfile import read_unit, values

DROP_IN = UNIT.with_name("companion.conf")
PRIVATE = [ipaddress.ip_network(n) for n in
           ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7")]


def service() -> list[tuple[str, str]]:
    return read_unit(DROP_IN)["Service"]


def test_the_drop_in_opens_the_network_and_resets_the_address_families():
    section = service()
    assert values(section, "PrivateNetwork") == ["no"]
    assert values(section, "RestrictAddressFamilies") == ["", "AF_UNIX AF_INET AF_INET6"]
    assert "IPAddressDeny" not in dict(section)  # the unit's IPAddressDeny=any stays


def test_only_this_machine_and_the_local_networks_are_allowed():
    (allowed,) = values(service(), "IPAddressAllow")
    for entry in allowed.split():
        if entry in ("localhost", "link-local"):
            continue
        network = ipaddress.ip_network(entry)
        assert network in PRIVATE, f"{entry} is not a private range"


def merged_unit(tmp_path: Path) -> Path:
    """The unit with the drop-in's settings added, as systemd merges them."""
    unit = UNIT.read_text(encoding="utf-8")
    extra = DROP_IN.read_text(encoding="utf-8").split("[Service]", 1)[1]
    path = tmp_path / "refbox.service"
    path.write_text(unit.replace("\n[Install]", f"\n{extra}\n[Install]"), encoding="utf-8")
    return path


def exposure(path: Path) -> float:
    result = subprocess.run([ANALYZE, "security", "--offline=true", "--no-pager", str(path)],
                            capture_output=True, text=True, check=False)
    found = re.search(r"Overall exposure level for refbox\.service: (\d+\.\d+)",
                      result.stdout + result.stderr)
    if found is None:
        pytest.fail(result.stdout + result.stderr)
    return float(found.group(1))


@needs_analyze
def test_with_the_companion_the_unit_still_rates_at_most_2_5(tmp_path):
    with_network = exposure(merged_unit(tmp_path))
    assert with_network <= MAX_EXPOSURE
    assert with_network > exposure(UNIT)  # the counter-check: the drop-in was read


@needs_analyze
def test_the_documented_scores_are_the_measured_ones(tmp_path):
    text = (UNIT.parents[1] / "docs" / "install.md").read_text(encoding="utf-8")
    documented = re.search(r"\*\*(\d+\.\d+) \w+\*\* with the companion,\s+\*\*(\d+\.\d+) \w+\*\* "
                           r"without", text)
    assert documented, "docs/install.md states: **1.2 OK** with the companion, **0.4 SAFE** without"
    version = subprocess.run([ANALYZE, "--version"], capture_output=True, text=True,
                             check=True).stdout.split()[1]
    if version != "252":
        pytest.skip(f"docs/install.md quotes systemd 252, this is {version}")
    assert (float(documented.group(1)), float(documented.group(2))) == (
        exposure(merged_unit(tmp_path)), exposure(UNIT))
