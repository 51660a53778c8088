"""Make the pictures of docs/hardware.md: screen captures and the wiring diagrams.

Every screen picture is what an emulated screen (luma.emulator's capture device) received,
never drawn by hand; every wiring diagram is what ``refbox wiring`` draws from a shipped
profile. tests/firmware/test_hardware_pictures.py and tests/firmware/test_wiring.py check
they are up to date.

    .venv/bin/python docs/hardware/make_pictures.py [DIRECTORY]
"""

from __future__ import annotations

import sys
from pathlib import Path

from firmware_py.profile import load_profile, shipped_profiles
from firmware_py.sim.emulated_screens import file_slug, open_emulated_screens
from firmware_py.wiring import wiring_plan
from firmware_py.wiring_draw import draw_wiring, save_png
from services.referee.doctor import identification_image

HERE = Path(__file__).resolve().parent / "pictures"


def capture(directory: Path) -> list[Path]:
    """The doctor's identification screen on every screen of the two-seat and 6-seat boards."""
    written = []
    for board in ("two-seat", "six-seat-mux"):
        profile = load_profile(board)
        labels = {s.screen.name: s.label for s in profile.seats if s.screen is not None}
        for spec, label in ((profile.public_screen, "Public"),
                            (profile.director_screen, "Director")):
            if spec is not None:
                labels[spec.name] = label
        shots = directory / "capture"
        screens, output = open_emulated_screens(profile.screens(), backend="capture",
                                                directory=shots)
        for screen in screens:
            screen.show(identification_image(screen.spec, labels[screen.name]))
        output.close()
        for screen in screens:
            frames = sorted(shots.glob(f"{file_slug(screen.name)}_*.png"))
            target = directory / f"doctor-{board}-{file_slug(screen.name)}.png"
            frames[-1].replace(target)
            written.append(target)
        for leftover in shots.glob("*.png"):
            leftover.unlink()
        shots.rmdir()
    return written


def wiring(directory: Path) -> list[Path]:
    """The wiring diagram of every shipped profile, as ``refbox wiring`` draws it."""
    written = []
    for board in shipped_profiles():
        target = directory / f"wiring-{board}.png"
        save_png(draw_wiring(wiring_plan(load_profile(board))), target)
        written.append(target)
    return written


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE
    target.mkdir(parents=True, exist_ok=True)
    for path in [*capture(target), *wiring(target)]:
        print(path)
