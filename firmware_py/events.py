"""Input events: the only thing hardware hands to the rest of refbox.

Hardware callbacks build one of these and put it on the daemon's queue; they never touch
game state. ``at`` is the injectable clock's reading (seconds, monotonic) when it happened.
``seat`` is the seat name from the board profile (``"seat1"``, ...) or ``"table"`` for shared
parts.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ButtonPressed:
    """A short press, reported on release once it is known not to be a hold or double press."""

    seat: str
    button: str
    at: float


@dataclass(frozen=True)
class ButtonHeld:
    """The button has been held down for the profile's hold time (reported once per hold)."""

    seat: str
    button: str
    at: float


@dataclass(frozen=True)
class ButtonDoublePressed:
    """Two presses within the double-press window."""

    seat: str
    button: str
    at: float


@dataclass(frozen=True)
class ButtonDown:
    """The button went down (after debounce). Used for hold-to-peek."""

    seat: str
    button: str
    at: float


@dataclass(frozen=True)
class ButtonUp:
    """The button came up (after debounce). Ends a hold-to-peek."""

    seat: str
    button: str
    at: float


@dataclass(frozen=True)
class TagPlaced:
    """A tag arrived on a reader: exactly one per placement."""

    seat: str
    reader: str
    tag: str
    at: float


@dataclass(frozen=True)
class TagRemoved:
    """The tag left the reader: exactly one per placement."""

    seat: str
    reader: str
    tag: str
    at: float


@dataclass(frozen=True)
class DeviceStatus:
    """A device went offline or came back (screens, readers)."""

    device: str
    path: str
    online: bool
    reason: str
    at: float


InputEvent = (
    ButtonPressed
    | ButtonHeld
    | ButtonDoublePressed
    | ButtonDown
    | ButtonUp
    | TagPlaced
    | TagRemoved
    | DeviceStatus
)
