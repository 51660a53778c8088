"""``refbox wiring``: draw what to wire where for a board profile.

    refbox wiring [--board PROFILE] [--out FILE.png | --text]

Writes a PNG picture (default ``wiring-<profile>.png`` in the current directory) of the Pi's
40-pin header with every pin the profile uses, one card per seat (buttons, screen, reader),
the shared parts and each TCA9548A multiplexer. ``--text`` prints the same wiring instead, for
a terminal without a picture viewer. Both are made from the profile, so they match it.
Exit status: 0 when written, 1 for a profile or file that cannot be used.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from services.referee.cli import DEFAULT_BOARD


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "wiring",
        help="draw the wiring of a board profile (PNG, or --text)",
        description="Draw what to wire where for a board profile: the Pi's 40-pin header, "
        "each seat's buttons, screen and reader, the shared parts and the multiplexer.",
    )
    parser.add_argument(
        "--board",
        default=DEFAULT_BOARD,
        metavar="PROFILE",
        help="board profile name (two-seat, six-seat-mux, sim) or path (default: %(default)s)",
    )
    output = parser.add_mutually_exclusive_group()
    output.add_argument(
        "--out",
        metavar="FILE.png",
        help="where to write the picture (default: wiring-PROFILE.png here)",
    )
    output.add_argument(
        "--text", action="store_true", help="print the wiring as text instead of a picture"
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    # Pillow and the wiring plan are imported when a wiring is drawn.
    from firmware_py.errors import HardwareError
    from firmware_py.profile import load_profile
    from firmware_py.wiring import wiring_plan
    from firmware_py.wiring_draw import draw_wiring, save_png, wiring_text

    try:
        profile = load_profile(args.board)
    except HardwareError as exc:
        print(f"refbox wiring: {exc}", file=sys.stderr)
        return 1
    plan = wiring_plan(profile)
    if args.text:
        sys.stdout.write(wiring_text(plan))
        return 0
    out = Path(args.out if args.out is not None else f"wiring-{profile.name}.png")
    if out.suffix.lower() != ".png" or "\x00" in str(out):
        print(
            "refbox wiring: --out must be a file name ending in .png (e.g. box.png), "
            f"got {str(out)!r}",
            file=sys.stderr,
        )
        return 1
    try:
        save_png(draw_wiring(plan), out)
    except OSError as exc:
        print(f"refbox wiring: cannot write {out}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    print(f"wrote {out}: the wiring of {profile.name} ({profile.file})")
    return 0
