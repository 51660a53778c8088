"""``refbox run``: the daemon (what systemd starts on the box)."""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
import time
from types import FrameType

EX_CONFIG = 78  # sysexits.h: configuration error (a bad board profile or packs folder)
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
HANG_ENV = "REFBOX_TEST_HANG_SIGNAL"  # a test hook: docs/install.md, "The boot test"
HANG_SIGNALS = {"USR1": signal.SIGUSR1, "USR2": signal.SIGUSR2}


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("run", help="run the referee daemon on a board")
    parser.add_argument("--board", default="sim", help="board profile name or file (default sim)")
    parser.add_argument("--data", default=None,
                        help="state directory: journal and tag registry (default "
                             "$REFBOX_DATA, else /var/lib/refbox if it exists, else "
                             "~/.local/share/refbox)")
    parser.add_argument("--log-level", default="INFO", type=str.upper, choices=LOG_LEVELS,
                        help="how much the log says: %(choices)s (default %(default)s; "
                             "any case)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    # The daemon's machinery is imported when the daemon runs, not when the parser is built.
    import faulthandler
    import logging

    from firmware_py.errors import HardwareError, ProfileError
    from services.games.core import DataError, GameError
    from services.referee.assemble import hardware_box
    from services.referee.box.daemon import default_data_dir, install_stop_signals, settle
    from services.referee.errors import RefereeError
    from services.referee.notify import Notifier

    logging.basicConfig(level=args.log_level,
                        format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr)
    notifier = Notifier()
    hang = os.environ.get(HANG_ENV, "")
    if hang:
        if hang not in HANG_SIGNALS:
            print(f"refbox run: {HANG_ENV}={hang[:20]!r} is not a signal name: USR1 or USR2",
                  file=sys.stderr)
            return 2
        signal.signal(HANG_SIGNALS[hang], hang_forever)
        logging.getLogger(__name__).warning("test hook: SIG%s hangs the event loop", hang)
    stop = threading.Event()
    faulthandler.enable()  # a watchdog kill (SIGABRT) then logs where the loop was stuck
    restore = install_stop_signals(stop)  # before READY: a SIGTERM right after it pauses
    try:
        try:
            box = hardware_box(args.board, args.data or default_data_dir(), notify=notifier)
            box.start()
            settle()
        except (ProfileError, DataError) as error:  # a bad profile, a file for packs/
            print(f"refbox run: {error}", file=sys.stderr)
            return EX_CONFIG  # systemd does not restart on it (RestartPreventExitStatus)
        except (HardwareError, RefereeError, GameError) as error:
            print(f"refbox run: {error}", file=sys.stderr)
            return 2
        try:
            box.run(stop)  # returns at once, pausing the game, if stop came during start
        finally:
            box.close()
    finally:
        restore()
    return 0


def hang_forever(signum: int, frame: FrameType | None) -> None:
    """The boot test's fault (``REFBOX_TEST_HANG_SIGNAL``): the signal arrives in the main
    thread, which runs the event loop, and stays here, so no watchdog ping follows and systemd
    must abort and restart the daemon."""
    import logging

    logging.getLogger(__name__).warning("test hook: the event loop hangs now")
    while True:
        time.sleep(3600)
