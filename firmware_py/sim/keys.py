"""The keyboard as the buttons of a simulated board.

Keys drive the gpiozero mock pins of the profile's buttons (press = ``drive_low`` for a
pull-up button, ``drive_high`` for a pull-down one), so the sim goes through the real
:mod:`firmware_py.buttons` code: debounce, holds and double presses included.

The key map, built from the profile:

* seat N gets keyboard column N: ``1 q a z`` for seat 1, ``2 w s x`` for seat 2, ... up to
  ``0 p ; /`` for seat 10. Its buttons go down the column in this order of preference:
  peek (the digit: hold your seat number to peek), ok, next, prev, back, up, down, left,
  right; the first four the seat has get the column's four keys;
* a seat's further buttons (``back`` on the sim profile), then the table buttons, take the
  function keys F1..F12 in seat order;
* what is left over gets no key and is listed in :attr:`KeyMap.unmapped`.

Key names are spelled as ``pygame.key.name()`` spells them: ``"1"``, ``"q"``, ``","``,
``"f1"``. Window frontends call :meth:`SimKeys.press`/:meth:`SimKeys.release` on key down and
up. Terminals have no key-up events: :mod:`firmware_py.sim.terminal_keys` turns their bytes
into short presses and holds.
"""

from __future__ import annotations

import itertools
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from firmware_py.specs import BoardProfile, ButtonSpec

if TYPE_CHECKING:
    from gpiozero.pins.mock import MockFactory

log = logging.getLogger(__name__)

KEY_COLUMNS = ("1qaz", "2wsx", "3edc", "4rfv", "5tgb", "6yhn", "7ujm", "8ik,", "9ol.", "0p;/")
ROLE_PREFERENCE = ("peek", "ok", "next", "prev", "back", "up", "down", "left", "right", "menu")
EXTRA_KEYS = tuple(f"f{n}" for n in range(1, 13))


@dataclass(frozen=True)
class KeyBinding:
    key: str
    seat: str
    role: str
    gpio: int
    pull_up: bool = True


@dataclass(frozen=True)
class KeyMap:
    bindings: tuple[KeyBinding, ...]
    unmapped: tuple[tuple[str, str], ...] = ()  # (seat, role) without a key

    def get(self, key: str) -> KeyBinding | None:
        return next((b for b in self.bindings if b.key == key.lower()), None)

    def key_for(self, seat: str, role: str) -> str | None:
        return next((b.key for b in self.bindings if (b.seat, b.role) == (seat, role)), None)


def build_key_map(profile: BoardProfile) -> KeyMap:
    """The key map of ``profile`` (see the module doc for the layout)."""
    bindings: list[KeyBinding] = []
    overflow: list[tuple[str, ButtonSpec]] = []
    for index, seat in enumerate(profile.seats):
        ordered = sorted(seat.buttons, key=lambda b: ROLE_PREFERENCE.index(b.role))
        column = KEY_COLUMNS[index] if index < len(KEY_COLUMNS) else ""
        for key, spec in zip(column, ordered, strict=False):
            bindings.append(KeyBinding(key, seat.name, spec.role, spec.gpio, spec.pull_up))
        overflow += [(seat.name, spec) for spec in ordered[len(column) :]]
    overflow += [("table", spec) for spec in profile.table_buttons]
    for key, (seat_name, spec) in zip(EXTRA_KEYS, overflow, strict=False):
        bindings.append(KeyBinding(key, seat_name, spec.role, spec.gpio, spec.pull_up))
    unmapped = tuple((seat, spec.role) for seat, spec in overflow[len(EXTRA_KEYS) :])
    if unmapped:
        log.warning("no key for %s", ", ".join(f"{s} {r}" for s, r in unmapped))
    return KeyMap(tuple(bindings), unmapped)


def legend_lines(key_map: KeyMap, profile: BoardProfile) -> list[str]:
    """One line per seat (and the table), e.g. ``Seat 1: ok q  next a  prev z  back F1  peek 1``.

    Roles appear in the seat's button order; keys are shown upper-case.
    """
    groups = [(seat.name, seat.label, seat.buttons) for seat in profile.seats]
    groups.append(("table", "Table", profile.table_buttons))
    lines = []
    for name, label, buttons in groups:
        keys = [(b.role, key_map.key_for(name, b.role)) for b in buttons]
        shown = [f"{role} {key.upper()}" for role, key in keys if key is not None]
        if shown:
            lines.append(f"{label}: {'  '.join(shown)}")
    if key_map.unmapped:
        lines.append("no key: " + ", ".join(f"{seat} {role}" for seat, role in key_map.unmapped))
    return lines


def compact_legend(key_map: KeyMap, profile: BoardProfile) -> str:
    """The key map in one line, each role with its keys in seat order, e.g.
    ``Seats 1-6: ok QWERTY  next ASDFGH  prev ZXCVBN  back F1-F6  peek 123456`` (``-`` for
    a seat without that button)."""
    roles = [r for r in ROLE_PREFERENCE if any(seat.button(r) for seat in profile.seats)]
    roles.sort(key=lambda role: _first_position(profile, role))
    parts = [f"{role} {_keys_text([key_map.key_for(s.name, role) for s in profile.seats])}"
             for role in roles]
    table = [f"{b.role} {key.upper()}" for b in profile.table_buttons
             if (key := key_map.key_for("table", b.role)) is not None]
    count = len(profile.seats)
    head = "Seat 1" if count == 1 else f"Seats 1-{count}"
    return f"{head}: {'  '.join(parts)}" + (f"  table: {'  '.join(table)}" if table else "")


def _first_position(profile: BoardProfile, role: str) -> int:
    """Where ``role`` first comes in a seat's button order (the legend's order)."""
    return min((index for seat in profile.seats for index, button in enumerate(seat.buttons)
                if button.role == role), default=len(ROLE_PREFERENCE))


def _keys_text(keys: list[str | None]) -> str:
    shown = [key.upper() if key is not None else "-" for key in keys]
    if all(len(key) == 1 for key in shown):
        return "".join(shown)
    numbers = [int(key[1:]) if key.startswith("F") and key[1:].isdigit() else -1 for key in shown]
    steps = itertools.pairwise(numbers)
    if len(numbers) > 1 and numbers[0] > 0 and all(b == a + 1 for a, b in steps):
        return f"{shown[0]}-{shown[-1]}"
    return ",".join(shown)


class SimKeys:
    """Presses and releases mock pins for keys; knows which keys are down."""

    def __init__(self, key_map: KeyMap, pin_factory: MockFactory) -> None:
        self.key_map = key_map
        self._factory = pin_factory
        self._down: set[str] = set()

    def is_down(self, key: str) -> bool:
        return key.lower() in self._down

    def press(self, key: str) -> bool:
        """Key down; False if the key is not mapped (the frontend may use it)."""
        binding = self.key_map.get(key)
        if binding is None:
            return False
        if binding.key not in self._down:
            self._down.add(binding.key)
            self._drive(binding, pressed=True)
        return True

    def release(self, key: str) -> bool:
        binding = self.key_map.get(key)
        if binding is None:
            return False
        if binding.key in self._down:
            self._down.discard(binding.key)
            self._drive(binding, pressed=False)
        return True

    def release_all(self) -> None:
        for key in sorted(self._down):
            self.release(key)

    def _drive(self, binding: KeyBinding, *, pressed: bool) -> None:
        pin = self._factory.pin(binding.gpio)
        if pressed == binding.pull_up:
            pin.drive_low()
        else:
            pin.drive_high()
