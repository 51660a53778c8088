"""Capture the table screen's pictures of docs/phones.md: a real browser follows a game.

A headless Chromium (tests/companion/devtools.py) is the table screen on a TV (1280x720): it
is refused with a wrong code, then opens the address the public screen's TV SCREEN page
shows, and follows a whole Intruder Escape game on the simulated box with its real phone
server, while Seats 1 and 2 play with their buttons and two phone seats play over HTTP (as
tests/companion/test_phone_games.py). Narration and sounds are switched on from the page
(a click, as a browser needs). Every few moves the page must show the turn and the latest
sentence of the table screen's model. Pictures: the screen a few moves after the first
roll, the end; and an Innsmouth Escape position with its board and a fight's rolls, from a
seeded game.
tests/companion/test_table_browser.py runs :func:`follow` and checks what happened.

    .venv/bin/python docs/phones/table/make_pictures.py [DIRECTORY]
"""

from __future__ import annotations

import json
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from services.referee.box.table_screen import game_model  # noqa: E402
from services.referee.companion.hub import Hub, PhoneSeat  # noqa: E402
from services.referee.companion.server import Companion  # noqa: E402
from tests.box import intruder_navigator  # noqa: E402
from tests.companion.devtools import Chromium  # noqa: E402
from tests.companion.phone_box import PHONES, PhoneBox, lobby, play  # noqa: E402
from tests.companion.test_table_model import playout  # noqa: E402
from tests.companion.test_words_leaks import GAMES  # noqa: E402

HERE = Path(__file__).resolve().parent
WIDTH, HEIGHT = 1280, 720  # a TV's or a laptop's window, in CSS pixels
EVERY = 6  # moves between two looks at the page
# What the page shows: the turn, the newest log line, the roll steps' sentences.
SHOWN = """(() => {
  const get = (id) => document.getElementById(id);
  const first = get("log").firstElementChild;
  return [get("turn").textContent, first ? first.textContent : "",
          Array.from(get("roll-steps").querySelectorAll(".said")).map((p) => p.textContent)];
})()"""


@dataclass
class Followed:
    refused: str = ""  # the wrong code's page, in words
    looks: int = 0  # times the page showed the model as it stood
    spoken: list[str] = field(default_factory=list)  # what narration said
    cues: list[str] = field(default_factory=list)  # the sound cues played
    final: dict[str, Any] = field(default_factory=dict)  # the last model
    problems: list[str] = field(default_factory=list)  # script errors of the page
    pictures: list[Path] = field(default_factory=list)


def shows(browser: Chromium, model: dict[str, Any], what: str) -> None:
    """Wait until the page shows ``model``'s turn, newest sentence and roll steps."""
    rolls = [s["said"] for s in (model["rolls"] or {"steps": []})["steps"]]
    wanted = [model["turn"], model["log"][-1] if model["log"] else "", rolls]
    text = json.dumps(wanted, separators=(",", ":"), ensure_ascii=False)  # as JavaScript's
    browser.wait_for(f"JSON.stringify({SHOWN}) === {json.dumps(text)}", what)


def picture(browser: Chromium, folder: Path, name: str, followed: Followed) -> None:
    path = browser.screenshot(folder / f"{name}.png")
    followed.pictures.append(path)


def follow(directory: Path, folder: Path = HERE) -> Followed:
    followed = Followed()
    box = PhoneBox(directory / "data", seed=5)
    try:
        with Chromium.start(WIDTH, HEIGHT) as browser:
            base = f"http://127.0.0.1:{box.port}"
            box.runner.run(lobby("intruder-escape"))
            browser.navigate(f"{base}/T/WXYZ")
            browser.wait_for("document.querySelector('.notice')", "the refusal")
            followed.refused = browser.evaluate("document.querySelector('.notice').textContent")
            browser.problems.clear()  # the refused page's 403, which the browser logs
            browser.navigate(f"{base}/T/{box.hub.screen.code}")
            browser.wait_for("document.getElementById('status').textContent === 'Live'",
                             "the table screen's stream")
            for seat in PHONES:
                box.join(seat, taps=seat == "phone2")
                box.tap(seat, "press", "ok")
            browser.click("#narrate")
            browser.click("#sounds")
            box.runner.run(["hold seat1 ok"])
            feed = box.hub.screen
            shows(browser, feed.model()[1], "the game's start")
            player = intruder_navigator.QuickPlayer(3)

            def look(number: int) -> None:
                if number % EVERY:
                    return
                now = feed.model()[1]
                shows(browser, now, f"the table after move {number}")
                followed.looks += 1
                if now["rolls"] and not followed.pictures:  # the first roll, explained
                    picture(browser, folder, "table-screen", followed)

            play(box, intruder_navigator.presses,
                 lambda state, seat: player.choose(state, seat, box.table.flow), limit=3000,
                 same=intruder_navigator.same, after=look)
            followed.final = feed.model()[1]
            shows(browser, followed.final, "the end")
            browser.wait_for("window.tableScreen.cues.indexOf('over') >= 0", "the end's cue")
            picture(browser, folder, "table-over", followed)
            followed.spoken = browser.evaluate("window.tableScreen.spoken")
            followed.cues = browser.evaluate("window.tableScreen.cues")
            map_picture(browser, folder, followed)
            followed.problems = list(browser.problems)
    finally:
        box.close()
    return followed


def map_picture(browser: Chromium, folder: Path, followed: Followed) -> None:
    """An Innsmouth Escape game (a seeded random one) after a fight: the board with its
    public pieces and the fight's rolls explained, on a table screen of its own server."""
    state, steps, labels = playout("innsmouth-escape", 1, 60)
    engine = GAMES["innsmouth-escape"][0]
    hub = Hub([PhoneSeat("phone1", "Seat 4")], lambda event: None)
    with Companion(hub, "127.0.0.1", 0) as server:
        hub.screen.publish(game_model("innsmouth-escape", engine.info.title, state, steps,
                                      labels, data=getattr(engine, "data", None)))
        browser.navigate(f"http://127.0.0.1:{server.port}/T/{hub.screen.code}")
        shows(browser, hub.screen.model()[1], "the board")
        picture(browser, folder, "table-map", followed)


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE
    with tempfile.TemporaryDirectory() as work:
        followed = follow(Path(work), out)
    for path in followed.pictures:
        print(path)


if __name__ == "__main__":
    main()
