"""``refbox sim``: the real daemon on the simulated board.

    refbox sim [GAME] [--board sim] [--data DIR] [--screens pygame|terminal|memory]
               [--no-phones] [--phone-port PORT]
    refbox sim [GAME] --script FILE [--capture DIR] [--seed S]

Interactive: the screens are laid out around a table in a pygame window where a display
exists, in the terminal otherwise (as text, inverted cells in reverse video and framed ones
underlined: docs/box.md), with the key map of every seat's buttons; type
``tag SEAT PIECE`` lines (in the terminal: `` ` `` then ``SEAT PIECE``) to tap tags. On quitting
it says where the game was saved. With ``--script`` it plays the script headless on a fake
clock and, with ``--capture``, writes a PNG of every screen after each step. Interactive, the
box also serves phone seats when the board enables them (the sim board does: on 127.0.0.1,
docs/phones.md); the legend says where phones join and the join code.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from pathlib import Path


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("sim", help="the box on a simulated board (keyboard, window)")
    parser.add_argument("game", nargs="?", help="go straight to this game's options")
    parser.add_argument("--board", default="sim", help="board profile (default sim)")
    parser.add_argument("--data", help="state directory (default: a fresh temporary one)")
    parser.add_argument("--screens", choices=("pygame", "terminal", "memory"),
                        help="where the screens appear (default: window if possible)")
    parser.add_argument("--script", help="play this script headless (see docs/box.md)")
    parser.add_argument("--capture", help="with --script: write screen PNGs here")
    parser.add_argument("--seed", type=int, help="seed the box's shuffles and dice")
    parser.add_argument("--no-phones", action="store_true",
                        help="do not serve phone seats even if the board enables them")
    parser.add_argument("--phone-port", type=phone_port, metavar="PORT",
                        help="serve phone seats on this port, 1024..65535 (default: the "
                             "board's, 8032)")
    parser.set_defaults(handler=run)


def phone_port(text: str) -> int:
    """``--phone-port``: a port a user may open (the board profile's range)."""
    from firmware_py.profile import COMPANION_PORTS  # only when the option is given

    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number; allowed: "
                                         "1024..65535") from None
    if port not in COMPANION_PORTS:
        raise argparse.ArgumentTypeError(f"{port} is out of range; allowed: 1024..65535")
    return port


def run(args: argparse.Namespace) -> int:
    # The box's machinery is imported when the simulator runs, not when the parser is built.
    import tempfile  # shutil, random: not for the other commands

    from firmware_py.errors import HardwareError
    from services.games.core import GameError
    from services.referee.errors import RefereeError

    with tempfile.TemporaryDirectory(prefix="refbox-sim-") as scratch:
        data = Path(args.data) if args.data else Path(scratch)
        try:
            if args.script:
                return _scripted(args, data)
            return _interactive(args, data)
        except (HardwareError, RefereeError, GameError) as error:
            print(f"refbox sim: {error}", file=sys.stderr)
            return 2


def _scripted(args: argparse.Namespace, data: Path) -> int:
    from services.referee.assemble import sim_box
    from services.referee.box.script import FakeClock, ScriptRunner
    from services.referee.files import read_text

    lines = read_text(Path(args.script), "a sim script (see docs/box.md)").splitlines()
    clock = FakeClock()
    box, sim = sim_box(args.board, data, clock, screens="memory", threaded=False,
                       seed=args.seed if args.seed is not None else 0)
    box.start()
    try:
        if args.game:
            box._table().lobby.choose(args.game)
            box.render()
        runner = ScriptRunner(box, sim, clock, Path(args.capture) if args.capture else None)
        runner.run(lines, source=args.script)
        print(f"{runner.steps} steps played" + (f", screens in {args.capture}"
                                                 if args.capture else ""))
    finally:
        box.close()
    return 0


def _interactive(args: argparse.Namespace, data: Path) -> int:
    from firmware_py.sim.emulated_screens import choose_backend
    from services.referee.assemble import sim_box
    from services.referee.box.console import Console, quit_note
    from services.referee.box.daemon import install_stop_signals, settle

    backend = args.screens or choose_backend()
    # In a terminal the console draws the screens as text (pixels do not fit a terminal).
    screens = "memory" if backend in ("terminal", "memory") else backend
    box, sim = sim_box(args.board, data, time.monotonic, screens=screens, seed=args.seed,
                       phones=not args.no_phones, phone_port=args.phone_port)
    box.start()
    settle()
    stop = threading.Event()
    restore = install_stop_signals(stop)
    played = False  # an unknown GAME stops the run before anyone played: no word on saving
    try:
        if args.game:
            box._table().lobby.choose(args.game)
            box.render()  # the screens show the game's options at once, before any key
        played = True
        Console(box, sim, stop).run()
    finally:
        restore()
        box.close()
        if played:
            print(quit_note(data, kept=bool(args.data)))
    return 0
