"""The public screen's join page: the QR code drawn is the join address's, module for module."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from services.referee.box.joinpage import MODULE, QUIET, join_page
from services.referee.companion.qr import address_lines, join_address, qr_matrix

LONGEST = "http://192.168.100.200:8032/"


def drawn_modules(url: str, code: str) -> list[list[bool]]:
    image = join_page(url, code).image
    size = len(qr_matrix(join_address(url, code)))
    side = (size + 2 * QUIET) * MODULE
    top = (64 - side) // 2
    return [[image.getpixel(((x + QUIET) * MODULE, top + (y + QUIET) * MODULE)) == 0
             for x in range(size)] for y in range(size)]


def test_the_join_address_is_in_capitals_with_the_code() -> None:
    assert join_address(LONGEST, "K7PX") == "HTTP://192.168.100.200:8032/J/K7PX"


def test_the_longest_lan_address_fits_a_version_2_symbol_on_the_screen() -> None:
    assert len(qr_matrix(join_address(LONGEST, "K7PX"))) == 25
    page = join_page(LONGEST, "K7PX")
    assert page.overflow == []
    assert page.texts == ["PHONES", "192.168.", "100.200", ":8032", "code K7PX"]


def test_every_module_drawn_is_the_symbols_and_the_quiet_zone_is_light() -> None:
    url = "http://10.0.0.5:8032/"
    assert drawn_modules(url, "ABCD") == qr_matrix(join_address(url, "ABCD"))
    image = join_page(url, "ABCD").image
    side = (25 + 2 * QUIET) * MODULE
    top = (64 - side) // 2
    quiet = [image.getpixel((x, top + 1)) for x in range(side)]
    assert quiet == [1] * side


@pytest.mark.parametrize("host_port,lines", [
    ("10.0.0.5:8032", ["10.0.0.5", ":8032"]),
    ("192.168.100.200:8032", ["192.168.", "100.200", ":8032"]),
    ("127.0.0.1:80", ["127.0.0.1", ":80"]),
])
def test_the_address_breaks_after_a_dot_or_before_the_port(host_port: str,
                                                            lines: list[str]) -> None:
    assert address_lines(host_port, 10) == lines


@pytest.mark.skipif(shutil.which("zbarimg") is None, reason="zbarimg (zbar-tools) not installed")
def test_a_qr_reader_reads_the_address(tmp_path: Path) -> None:
    picture = tmp_path / "join.png"
    join_page(LONGEST, "K7PX").image.convert("L").resize((512, 256)).save(picture)
    read = subprocess.run(["zbarimg", "-q", "--raw", str(picture)], capture_output=True,
                          text=True, check=False)
    assert read.stdout.strip() == "HTTP://192.168.100.200:8032/J/K7PX"
