"""The one exception family of the hardware layer.

Every error names the device (a friendly name such as ``seat 2 reader``) and, where there is
one, its path (``/dev/ttyUSB0``, ``i2c-1@0x3C/ch3``, ``GPIO17``) so a maker can find the wire.
"""

from __future__ import annotations


class HardwareError(Exception):
    """Base of every hardware-layer error."""

    def __init__(self, device: str, message: str, path: str | None = None) -> None:
        self.device = device
        self.path = path
        self.message = message
        where = f"{device} ({path})" if path else device
        super().__init__(f"{where}: {message}")


class ProfileError(HardwareError):
    """A board profile is invalid: carries the file and the field."""

    def __init__(self, file: str, field: str, message: str) -> None:
        self.file = file
        self.field = field
        super().__init__(device="board profile", message=f"{field}: {message}", path=file)


class DeviceOffline(HardwareError):
    """A device stopped answering (I2C error, serial port gone)."""
