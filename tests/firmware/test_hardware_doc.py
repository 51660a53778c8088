"""docs/hardware.md stays true: wiring tables match the profiles, the key legend the key map."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from firmware_py.profile import load_profile
from firmware_py.profile_checks import PHYSICAL_PIN
from firmware_py.sim.keys import build_key_map, legend_lines

DOC = Path(__file__).resolve().parents[2] / "docs" / "hardware.md"
TABLE_PARTS = {
    "buzzer_gpio": "buzzer",
    "status_led_gpio": "status LED",
    "public_screen.gpio_dc": "public screen DC",
    "public_screen.gpio_rst": "public screen RES",
}


def section(title: str) -> str:
    """The text under the heading ``title`` up to the next heading of level 2 or 3."""
    text = DOC.read_text(encoding="utf-8")
    start = re.search(rf"^##+ {re.escape(title)}\n", text, re.M)
    assert start is not None, title
    end = re.compile(r"^###? ", re.M).search(text, start.end())
    return text[start.end() : end.start() if end else len(text)]


def expected_rows(name: str) -> list[tuple[str, str, str, str]]:
    profile = load_profile(name)
    rows = [
        (seat.name, f"{b.role} button", f"GPIO{b.gpio}", str(PHYSICAL_PIN[b.gpio]))
        for seat in profile.seats
        for b in seat.buttons
    ]
    for field, part in TABLE_PARTS.items():
        owner, _, key = field.rpartition(".")
        gpio = getattr(getattr(profile, owner) if owner else profile, key, None)
        if gpio is not None:
            rows.append(("table", part, f"GPIO{gpio}", str(PHYSICAL_PIN[gpio])))
    return rows


@pytest.mark.parametrize("name", ["two-seat", "six-seat-mux"])
def test_wiring_table_matches_the_profile(name: str) -> None:
    found = re.findall(
        r"^\| (seat\d|table) \| ([^|]+?) \| (GPIO\d+) \| (\d+) \|$", section(f"{name} wiring"), re.M
    )
    assert found == expected_rows(name)


def test_key_legend_matches_the_sim_key_map() -> None:
    profile = load_profile("sim")
    legend = re.search(r"```\n(.*?)```", section("The simulated board"), re.S)
    assert legend is not None
    assert legend[1].splitlines() == legend_lines(build_key_map(profile), profile)
