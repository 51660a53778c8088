"""The daemon's pin factory for a real board, where the GPIO library stops.

Run by systemd/test-boot.sh in the arm64 root as the service user, from a folder it can write
(lgpio makes its notification pipes in the working directory, as the unit's
WorkingDirectory= allows). Prints what lgpio's C library says to opening /dev/gpiochip0, then
why the daemon's choice of pin factory (``make_pin_factory``) failed, on one line.
"""

from __future__ import annotations

import lgpio  # type: ignore[import-not-found]

from firmware_py.buttons import make_pin_factory
from firmware_py.errors import HardwareError
from firmware_py.profile import load_profile


def main() -> None:
    try:
        lgpio.gpiochip_open(0)
    except lgpio.error as exc:
        print("lgpio C library:", exc, end="; ")
    try:
        make_pin_factory(load_profile("two-seat"))
    except HardwareError as exc:
        print("pin factory:", exc)
    else:
        print("pin factory: a working one")


if __name__ == "__main__":
    main()
