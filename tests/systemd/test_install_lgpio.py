"""systemd/install.sh --dry-run: where lgpio comes from (systemd/lgpio-source.sh).

apt-cache and uname are stand-ins (tests/systemd/dryrun.py), so each case runs on any
machine. The real install without python3-lgpio (plain Debian arm64, the package index's
wheel) is checked by `sudo systemd/test-boot.sh --arch arm64`.
"""

from __future__ import annotations

import pytest

from tests.systemd.dryrun import INSTALL, ROOT, needs_scripts, run_script

pytestmark = needs_scripts

BUILD = ["swig", "gcc", "libc6-dev", "python3-dev"]
HEAD = "python3-lgpio is not in this system's apt archive (Raspberry Pi OS has it)"


def apt_install(plan: list[list[str]]) -> list[str]:
    return next(line[4:] for line in plan if line[:2] == ["apt-get", "install"])


def pip_install(plan: list[list[str]]) -> list[str]:
    return next(line for line in plan if "install" in line and line[-1].startswith("/opt/"))


def test_raspberry_pi_os_takes_python3_lgpio_from_apt_without_a_word(tmp_path):
    result = run_script(INSTALL, ["--dry-run"], tmp_path, machine="aarch64")
    assert result.returncode == 0, result.stderr
    assert "python3-lgpio" in apt_install(result.plan)
    assert "lgpio" not in result.stderr
    assert pip_install(result.plan)[0] == "/opt/refbox/venv/bin/pip"


@pytest.mark.parametrize("listed", [False, True], ids=["unknown-package", "candidate-none"])
def test_an_archive_without_it_gets_the_wheel_from_the_package_index(tmp_path, listed):
    apt_none = ("python3-lgpio",) if listed else ()
    result = run_script(INSTALL, ["--dry-run"], tmp_path, apt=(), apt_none=apt_none,
                        machine="x86_64")
    assert result.returncode == 0, result.stderr
    assert apt_install(result.plan) == ["python3-venv", "python3-spidev", "python3-smbus2",
                                        "i2c-tools"]
    assert pip_install(result.plan) == ["/opt/refbox/venv/bin/pip", "install", "--no-cache-dir",
                                        "/opt/refbox/src[pi,phones]"]
    line = result.stderr.splitlines()[0]
    if "ready-made wheel" in line:  # the system Python is 3.9 .. 3.12 (glibc 2.34 or later)
        assert line.startswith(f"install.sh: {HEAD}: lgpio would come from the Python "
                               "package index instead, a ready-made wheel for Python 3.")
        assert line.endswith(' on x86_64 (docs/install.md, "lgpio without Raspberry Pi OS")')
    else:
        assert "no ready-made lgpio wheel fits Python 3." in line


def test_no_wheel_fits_so_pip_compiles_lgpio_with_its_build_tools(tmp_path):
    """riscv64: lgpio has no wheel for it; the lg library is built in (PYPI=1)."""
    result = run_script(INSTALL, ["--dry-run", "--board", "six-seat-mux"], tmp_path, apt=(),
                        machine="riscv64")
    assert result.returncode == 0, result.stderr
    assert apt_install(result.plan) == ["python3-venv", "python3-spidev", "python3-smbus2",
                                        "i2c-tools", *BUILD]
    assert pip_install(result.plan) == ["env", "PYPI=1", "/opt/refbox/venv/bin/pip", "install",
                                        "--no-cache-dir", "/opt/refbox/src[pi,phones]"]
    line = result.stderr.splitlines()[0]
    assert line.startswith(f"install.sh: {HEAD}, and no ready-made lgpio wheel fits Python 3.")
    assert line.endswith(" on riscv64: pip would compile lgpio from its source, which needs "
                         "swig gcc libc6-dev python3-dev (would be installed with apt first; "
                         'docs/install.md, "lgpio without Raspberry Pi OS")')


def test_apt_without_package_lists_is_said_and_planned_for_an_archive_without_it(tmp_path):
    result = run_script(INSTALL, ["--dry-run"], tmp_path, apt=(), apt_lists=False,
                        machine="aarch64")
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines()[0] == (
        "install.sh: apt has no package lists yet: a real run would fetch them (apt-get "
        "update) and take python3-lgpio from apt if the archive has it; the plan below is for "
        "an archive without it")
    assert result.plan.count(["apt-get", "update"]) == 1
    assert "python3-lgpio" not in apt_install(result.plan)


def test_the_section_the_messages_name_exists_and_lists_the_build_packages():
    doc = (ROOT / "docs/install.md").read_text(encoding="utf-8")
    source = (ROOT / "systemd/lgpio-source.sh").read_text(encoding="utf-8")
    assert "\n### lgpio without Raspberry Pi OS\n" in doc
    assert "readonly LGPIO_DOC='docs/install.md, \"lgpio without Raspberry Pi OS\"'" in source
    assert f"readonly LGPIO_BUILD_PACKAGES=({' '.join(BUILD)})" in source
    assert f"`{' '.join(BUILD)}`" in doc
