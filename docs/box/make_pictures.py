"""Capture the screen pictures of docs/box.md and docs/games/decktet-escape.md.

Each picture is a screen of the simulated box after a scripted step (the daemon's own code,
buttons through the mock pins, tags through the virtual reader), never drawn by hand.
tests/box/test_pictures.py checks that the committed pictures equal a fresh capture.

    .venv/bin/python docs/box/make_pictures.py [DIRECTORY]
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from services.referee.assemble import sim_box
from services.referee.box.script import FakeClock, ScriptRunner
from services.referee.pictures import save

HERE = Path(__file__).resolve().parent / "pictures"

JOIN = ["press seat1 prev", "press seat1 ok", "press seat1 ok", "press seat2 ok",
        "press seat3 ok"]

# An Intruder Escape game of 3 up to its first die roll, characters by seat: each seat
# confirms its identity and keeps its first 3 cards (the Dice option is set before this).
INTRUDER_KEEPS = [
    "press seat1 next", "press seat1 ok", "press seat1 prev", "press seat1 prev",
    "press seat1 ok", *JOIN[2:], "hold seat1 ok",
    *[line for n in (1, 2, 3) for line in (f"double seat{n} peek", f"press seat{n} ok")],
    *[line for n in (1, 2, 3) for line in (
        f"press seat{n} ok", f"press seat{n} ok", f"press seat{n} next", f"press seat{n} ok",
        f"press seat{n} next", f"press seat{n} ok", f"press seat{n} next",
        f"press seat{n} next", f"press seat{n} next", f"press seat{n} ok")],
]

# game: (game id, option presses, [(script lines, [(screen, picture name)])])
SCENES = {
    "dice-players": ("intruder-escape", ["press seat1 ok", *INTRUDER_KEEPS], [
        ([], [("public", "dice-enter")]),
        (["press seat2 next", "press seat2 next"], [("public", "dice-set")]),
        (["press seat2 ok"], [("public", "dice-result")]),
    ]),
    "dice-box": ("intruder-escape", INTRUDER_KEEPS[:-1], [
        ([INTRUDER_KEEPS[-1], "wait 0.2"], [("public", "dice-rolling")]),
        (["wait 1"], [("public", "dice-rolled")]),
    ]),
    "dealt": ("decktet-escape", [], [
        ([], [("public", "lobby-options")]),
        (JOIN, [("public", "lobby-join"), ("seat1", "lobby-joined")]),
        (["hold seat1 ok"], [("public", "escape-public-start"), ("seat1", "seat-hidden-turn"),
                             ("seat2", "seat-hidden"), ("director", "director-game")]),
        (["double seat1 peek"], [("seat1", "escape-seat-table")]),
        (["press seat1 next"], [("seat1", "escape-seat-my-cards")]),
        (["press seat1 next", "press seat1 ok"], [("seat1", "escape-action-menu")]),
        (["press seat1 ok"], [("seat1", "escape-clue-target")]),
        (["press seat1 ok"], [("seat1", "escape-clue-about")]),
        (["press seat1 ok"], [("public", "escape-public-after-clue")]),
        (["double seat2 peek"], [("seat2", "escape-seat-marks")]),
        (["hold seat2 next"], [("seat2", "table-menu")]),
        (["press seat2 next", "press seat2 ok"], [("seat2", "table-undo-refused")]),
        (["press seat2 ok", "press seat2 next", "press seat2 ok"],
         [("seat2", "table-undo-confirm")]),
        (["press seat2 ok", "hold seat2 next", "press seat2 next", "press seat2 next",
          "press seat2 next", "press seat2 ok"], [("public", "table-paused"),
                                                   ("seat1", "seat-paused")]),
        (["hold seat1 ok", "hold seat3 next", "press seat3 prev", "press seat3 ok",
          "press seat3 next", "press seat3 ok"], [("public", "escape-public-over"),
                                                  ("seat1", "escape-seat-reveal")]),
    ]),
    "physical": ("decktet-escape", ["press seat1 ok"], [
        ([*JOIN, "hold seat1 ok", "tag seat1 the-watchman", "tag seat2 the-author"],
         [("public", "escape-physical-public")]),
        (["double seat3 peek"], [("seat3", "escape-physical-seat")]),
        (["press seat3 ok", "press seat3 next", "press seat3 ok"],
         [("seat3", "escape-physical-pick-group")]),
        (["press seat3 ok"], [("seat3", "escape-physical-pick-card")]),
    ]),
}


def capture(directory: Path) -> list[Path]:
    written = []
    for _mode, (game, options, scenes) in SCENES.items():
        with tempfile.TemporaryDirectory() as data:
            clock = FakeClock()
            box, sim = sim_box("sim", data, clock, screens="memory", threaded=False, seed=3)
            box.start()
            try:
                runner = ScriptRunner(box, sim, clock)
                runner.run([f"game {game}", *options])
                for lines, shots in scenes:
                    runner.run(lines)
                    for screen, name in shots:
                        written.append(save(box.images[screen], directory / f"{name}.png"))
            finally:
                box.close()
    return written


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE
    target.mkdir(parents=True, exist_ok=True)
    for path in capture(target):
        print(path)
