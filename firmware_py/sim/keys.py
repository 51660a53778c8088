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
up. Terminals have no key-up events: call :meth:`SimKeys.tap` for every character and
:meth:`SimKeys.tick` from the loop; a tap holds the key for ``duration`` seconds, and a tap
of a key that is still down extends it, so a held key's auto-repeat keeps it held.
"""

from __future__ import annotations

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
TAP_SECONDS = 0.15


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


class SimKeys:
    """Presses and releases mock pins for keys; knows which keys are down."""

    def __init__(self, key_map: KeyMap, pin_factory: MockFactory) -> None:
        self.key_map = key_map
        self._factory = pin_factory
        self._down: set[str] = set()
        self._release_at: dict[str, float] = {}

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
        self._release_at.pop(binding.key, None)
        if binding.key in self._down:
            self._down.discard(binding.key)
            self._drive(binding, pressed=False)
        return True

    def tap(self, key: str, now: float, duration: float = TAP_SECONDS) -> bool:
        """Press now and release at ``now + duration`` (on a later :meth:`tick`)."""
        if not self.press(key):
            return False
        self._release_at[key.lower()] = now + duration
        return True

    def tick(self, now: float) -> None:
        """Release tapped keys whose time is up."""
        for key, at in sorted(self._release_at.items(), key=lambda item: item[1]):
            if at <= now:
                self.release(key)

    def release_all(self) -> None:
        for key in sorted(self._down):
            self.release(key)

    def _drive(self, binding: KeyBinding, *, pressed: bool) -> None:
        pin = self._factory.pin(binding.gpio)
        if pressed == binding.pull_up:
            pin.drive_low()
        else:
            pin.drive_high()
