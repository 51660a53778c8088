"""systemd/install.sh --dry-run: the exact plan, and the refusals."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest

from tests.systemd.dryrun import (
    INSTALL,
    RASPBERRY_PI_OS,
    ROOT,
    as_unprivileged,
    needs_scripts,
    run_script,
)
from tests.systemd.unitfile import read_unit, single

pytestmark = needs_scripts

BOARD_FILE = Path("/etc/refbox/board.toml")
RASPI_DONE = {"i2c": "0", "spi": "0", "serial_hw": "0", "serial_cons": "1"}
RASPI_FRESH = {"i2c": "1", "spi": "1", "serial_hw": "1", "serial_cons": "0"}
no_board_yet = pytest.mark.skipif(
    BOARD_FILE.exists(), reason=f"{BOARD_FILE} exists here: the installer keeps it"
)
no_raspi_config = pytest.mark.skipif(
    shutil.which("raspi-config") is not None, reason="this machine has a real raspi-config"
)

APT = [
    ["apt-get", "update"],
    ["apt-get", "install", "-y", "--no-install-recommends", "python3-venv", "python3-lgpio",
     "python3-spidev", "python3-smbus2", "i2c-tools"],
]
USERADD = ["useradd", "--system", "--user-group", "--no-create-home", "--home-dir",
           "/nonexistent", "--shell", "/usr/sbin/nologin", "--comment", "refbox referee box",
           "--groups", "gpio,i2c,spi,dialout", "refbox"]
SOURCES = [str(ROOT / part) for part in
           ("pyproject.toml", "README.md", "services", "firmware_py", "hw")]
VENV = [
    ["/usr/bin/python3", "-m", "venv", "--system-site-packages", "/opt/refbox/venv"],
    ["rm", "-rf", "/opt/refbox/src"],
    ["mkdir", "-p", "/opt/refbox/src"],
    ["cp", "-R", *SOURCES, "/opt/refbox/src/"],
    ["/opt/refbox/venv/bin/pip", "install", "--no-cache-dir", "/opt/refbox/src[pi,phones]"],
    ["/opt/refbox/venv/bin/python", "-m", "compileall", "-q", "/opt/refbox/venv/lib"],
    ["ln", "-sfn", "/opt/refbox/venv/bin/refbox", "/usr/local/bin/refbox"],
    ["install", "-d", "-m", "0755", "/etc/refbox"],
]
SERVICE = [
    ["install", "-m", "0644", str(ROOT / "systemd/refbox.service"),
     "/etc/systemd/system/refbox.service"],
    ["systemctl", "daemon-reload"],
    ["systemctl", "enable", "refbox.service"],
]
RESTART = [["systemctl", "restart", "refbox.service"]]


def board(source: Path | str) -> list[list[str]]:
    return [["install", "-m", "0644", str(source), str(BOARD_FILE)]]


def raspi_do(*settings: tuple[str, str]) -> list[list[str]]:
    return [["raspi-config", "nonint", f"do_{name}", value] for name, value in settings]


@no_board_yet
def test_fresh_raspberry_pi_os(tmp_path):
    result = run_script(INSTALL, ["--dry-run"], tmp_path, raspi=RASPI_FRESH)
    assert result.returncode == 0, result.stderr
    assert result.plan == [
        *APT,
        USERADD,
        *raspi_do(("i2c", "0"), ("spi", "0"), ("serial_hw", "0"), ("serial_cons", "1")),
        *VENV,
        *board(ROOT / "hw/two-seat.toml"),
        *SERVICE,
    ]
    # The hardware settings need a reboot: the service is enabled, not started now.
    assert ("I2C/SPI/serial settings would change: the install would ask for a reboot to apply "
            "them, and refbox would start at boot") in result.stderr


@no_board_yet
def test_update_of_a_configured_box(tmp_path):
    result = run_script(INSTALL, ["--dry-run"], tmp_path, raspi=RASPI_DONE,
                        known=[*RASPBERRY_PI_OS, "passwd:refbox"])
    assert result.returncode == 0, result.stderr
    assert result.plan == [
        *APT,
        ["usermod", "--append", "--groups", "gpio,i2c,spi,dialout", "refbox"],
        *VENV,
        *board(ROOT / "hw/two-seat.toml"),
        *SERVICE,
        *RESTART,
    ]
    assert "reboot" not in result.stderr


@no_board_yet
def test_only_the_serial_console_left_to_switch_off(tmp_path):
    raspi = {**RASPI_DONE, "serial_cons": "0"}
    result = run_script(INSTALL, ["--dry-run"], tmp_path, raspi=raspi)
    assert raspi_do(("serial_cons", "1"))[0] in result.plan
    assert not [line for line in result.plan if line[:3] == ["raspi-config", "nonint", "do_i2c"]]
    assert RESTART[0] not in result.plan


@no_board_yet
@no_raspi_config
def test_missing_groups_are_created_and_explained(tmp_path):
    result = run_script(INSTALL, ["--dry-run"], tmp_path, known=["group:dialout"])
    assert result.returncode == 0, result.stderr
    assert result.plan[2:6] == [
        ["groupadd", "--system", "gpio"],
        ["groupadd", "--system", "i2c"],
        ["groupadd", "--system", "spi"],
        USERADD,
    ]
    assert "group gpio is missing" in result.stderr and "udev rule" in result.stderr
    assert "raspi-config not found" in result.stderr
    assert result.plan[-1] == RESTART[0]


@no_board_yet
def test_no_start(tmp_path):
    result = run_script(INSTALL, ["--dry-run", "--no-start"], tmp_path, raspi=RASPI_DONE)
    assert result.returncode == 0, result.stderr
    assert result.plan[-len(SERVICE):] == SERVICE
    assert RESTART[0] not in result.plan
    assert "--no-start" in result.stderr


@no_board_yet
def test_board_by_shipped_name(tmp_path):
    result = run_script(INSTALL, ["--dry-run", "--board", "six-seat-mux"], tmp_path,
                        raspi=RASPI_DONE)
    assert result.returncode == 0, result.stderr
    assert board(ROOT / "hw/six-seat-mux.toml")[0] in result.plan


@no_board_yet
def test_board_by_relative_path_becomes_absolute(tmp_path):
    (tmp_path / "boxes").mkdir()
    mine = tmp_path / "boxes" / "my-box.toml"
    shutil.copy(ROOT / "hw/two-seat.toml", mine)
    result = run_script(INSTALL, ["--dry-run", "--board=boxes/my-box.toml"], tmp_path,
                        raspi=RASPI_DONE, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert board(mine)[0] in result.plan


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ("nope", "no board profile named 'nope'; the installer accepts six-seat-mux, two-seat "
                 "or the path of your own .toml file"),
        ("sim", "board profile 'sim' is simulated"),
        ("./missing.toml", "board profile (./missing.toml): file: cannot read the profile"),
    ],
)
def test_bad_board_is_refused_before_anything(tmp_path, given, message):
    result = run_script(INSTALL, ["--dry-run", "--board", given], tmp_path)
    assert result.returncode == 1
    assert result.plan == []
    assert f"install.sh: --board {given} refused: " in result.stderr
    assert message in result.stderr


def test_an_invalid_profile_file_is_refused_with_the_loader_message(tmp_path):
    text = (ROOT / "hw/two-seat.toml").read_text().replace("ok = 17", "ok = 99")
    (tmp_path / "bad.toml").write_text(text)
    result = run_script(INSTALL, ["--dry-run", "--board", "bad.toml"], tmp_path, cwd=tmp_path)
    assert result.returncode == 1 and result.plan == []
    assert "seats[0].buttons.ok" in result.stderr


def test_board_needs_a_value(tmp_path):
    result = run_script(INSTALL, ["--dry-run", "--board"], tmp_path)
    assert result.returncode == 1 and result.plan == []
    assert "--board needs a profile name or a .toml file" in result.stderr


def test_unknown_argument_shows_the_usage(tmp_path):
    result = run_script(INSTALL, ["--dry-run", "--frobnicate"], tmp_path)
    assert result.returncode == 2 and result.plan == []
    assert "unknown argument: --frobnicate" in result.stderr
    assert "sudo systemd/install.sh [--board NAME|FILE] [--no-start] [--dry-run]" in result.stderr


def test_refuses_to_run_without_root(tmp_path):
    result = run_script(INSTALL, ["--board", "two-seat"], tmp_path, prefix=as_unprivileged())
    assert result.returncode == 1 and result.plan == []
    assert "must be run as root: sudo" in result.stderr
    assert "--board two-seat" in result.stderr


@no_board_yet
def test_dry_run_needs_no_root(shared_tmp):
    result = run_script(INSTALL, ["--dry-run"], shared_tmp, prefix=as_unprivileged(),
                        raspi=RASPI_DONE)
    assert result.returncode == 0, result.stderr
    assert result.plan == [
        *APT,
        USERADD,
        *VENV,
        *board(ROOT / "hw/two-seat.toml"),
        *SERVICE,
        *RESTART,
    ]


def test_the_copied_sources_are_what_pip_needs():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    needed = {"pyproject.toml", project["project"]["readme"]}
    for pattern in project["tool"]["setuptools"]["packages"]["find"]["include"]:
        needed.add(pattern.rstrip("*"))
    assert {Path(source).name for source in SOURCES} == needed


def test_plan_and_unit_agree_on_the_paths():
    service = read_unit(ROOT / "systemd/refbox.service")["Service"]
    exec_start = single(service, "ExecStart").split()
    assert exec_start[0] == VENV[4][0].replace("/pip", "/refbox")
    assert exec_start[exec_start.index("--board") + 1] == str(BOARD_FILE)
    assert exec_start[exec_start.index("--data") + 1] == "/var/lib/" + single(
        service, "StateDirectory")
    assert str(BOARD_FILE.parent) == "/etc/" + single(service, "ConfigurationDirectory")
    assert SERVICE[0][-1].endswith("/" + "refbox.service")


def test_the_test_system_switch_allows_the_sim_board_on_plain_debian(tmp_path):
    """systemd/test-boot.sh's way through plain Debian (docs/install.md, "The boot test")."""
    result = run_script(INSTALL, ["--dry-run", "--test-system", "--board", "sim"], tmp_path,
                        apt=())
    assert result.returncode == 0, result.stderr
    assert "--test-system: a test install on plain Debian" in result.stderr
    assert ["apt-get", "install", "-y", "--no-install-recommends", "python3-venv",
            "python3-spidev", "python3-smbus2", "i2c-tools"] in result.plan
    assert ["/opt/refbox/venv/bin/pip", "install", "--no-cache-dir",
            "/opt/refbox/src[pi,phones,sim]"] in result.plan


def test_the_usage_names_the_test_switch(tmp_path):
    result = run_script(INSTALL, ["--dry-run", "--frobnicate"], tmp_path)
    assert "--test-system      for systemd/test-boot.sh only" in result.stderr


@no_board_yet
def test_a_board_with_the_phone_companion_gets_the_network_drop_in(tmp_path):
    profile = tmp_path / "phones.toml"
    text = (ROOT / "hw/two-seat.toml").read_text(encoding="utf-8")
    profile.write_text(text.replace("enabled = false", "enabled = true", 1), encoding="utf-8")
    assert tomllib.loads(profile.read_text(encoding="utf-8"))["companion"]["enabled"] is True
    result = run_script(INSTALL, ["--dry-run", "--board", str(profile)], tmp_path,
                        raspi=RASPI_DONE, known=[*RASPBERRY_PI_OS, "passwd:refbox"])
    assert result.returncode == 0, result.stderr
    unit = result.plan.index(SERVICE[0])
    assert result.plan[unit + 1:unit + 3] == [
        ["install", "-d", "-m", "0755", "/etc/systemd/system/refbox.service.d"],
        ["install", "-m", "0644", str(ROOT / "systemd/companion.conf"),
         "/etc/systemd/system/refbox.service.d/companion.conf"],
    ]
    assert "the service would be allowed the local network" in result.stderr
