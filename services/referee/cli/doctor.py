"""``refbox doctor``: walk through every screen, button, reader and the buzzer of a board.

    refbox doctor [--board PROFILE] [--yes] [--timeout SECONDS]

Each seat's screen shows its name; then each button is asked for, each reader is asked for a
tap (press Enter to skip a step; a step fails after ``--timeout`` seconds, default 20), the
buzzer beeps. The end is a pass/fail table with what to check for every failure. ``--yes``
answers yes to the "do you see / hear it" questions (the presses and taps are still needed).
Exit status: 0 if nothing failed, 1 otherwise, 130 if interrupted.
"""

from __future__ import annotations

import argparse
import select
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from services.referee.cli import DEFAULT_BOARD

if TYPE_CHECKING:  # the doctor (gpiozero, Pillow, the drivers) is imported when it runs
    from firmware_py.specs import Clock
    from services.referee.doctor import Console, Devices

DEFAULT_TIMEOUT = 20.0
"""The doctor's DEFAULT_TIMEOUT, written out so that building the parser does not import the
doctor (a test checks they agree)."""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("doctor", help="check screens, buttons, readers and buzzer")
    parser.add_argument(
        "--board",
        default=DEFAULT_BOARD,
        metavar="PROFILE",
        help="board profile name or path (default: %(default)s)",
    )
    parser.add_argument(
        "--yes", action="store_true", help='answer yes to every "do you see/hear it" question'
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help="how long each press or tap step waits (default: %(default)g)",
    )
    parser.set_defaults(handler=run)


def run(
    args: argparse.Namespace,
    *,
    devices: Devices | None = None,
    console: Console | None = None,
    clock: Clock = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
) -> int:
    from firmware_py.errors import HardwareError
    from firmware_py.profile import load_profile
    from services.referee.doctor import Doctor, hardware_devices
    from services.referee.doctor_report import format_report

    console = console or terminal_console()
    try:
        profile = load_profile(args.board)
        if devices is None and not profile.simulated:
            devices = hardware_devices()
    except HardwareError as exc:
        console.say(f"refbox doctor: {exc}")
        return 1
    except ImportError as exc:
        console.say(f"refbox doctor: a hardware module is missing ({exc}); reinstall refbox")
        return 1
    doctor = Doctor(
        profile,
        devices,
        console,
        clock,
        sleep,
        timeout=args.timeout,
        assume_yes=args.yes,
    )
    try:
        results = doctor.run()
    except KeyboardInterrupt:
        console.say("\nrefbox doctor: interrupted")
        return 130
    console.say("")
    console.say(format_report(results))
    return 1 if any(check.status == "FAIL" for check in results) else 0


def terminal_console() -> Console:
    """Print, ``input()``, and Enter-to-skip read from stdin without blocking."""
    from services.referee.doctor import Console

    def say(text: str) -> None:
        print(text, flush=True)

    def skip_requested() -> bool:
        try:
            ready, _, _ = select.select([sys.stdin], [], [], 0)
        except (OSError, ValueError):  # no selectable stdin (Windows, closed)
            return False
        if not ready:
            return False
        sys.stdin.readline()
        return True

    return Console(say=say, ask=input, skip_requested=skip_requested)
