"""Capture the pictures of docs/phones.md: a real browser plays a phone seat.

A headless Chromium (tests/companion/devtools.py: the DevTools protocol over a pipe) opens the
simulated box's join address, as a phone that scanned the QR code does, joins Seat 7 and plays
it through a whole Escape! game (Decktet Escape, three players) using only taps on the page:
OK, the menu's items, press-and-hold to peek. Seats 1 and 2 play with their buttons through
the ScriptRunner (the mock pins). The box is the daemon's own code with its real phone server
(microdot, on 127.0.0.1 and a free port) and a fake clock that this script steps: after each
tap it waits until the box has received the phone's input, lets the box handle it, and waits
until the page shows the seat's new model. The moves are seeded random legal moves.

Pictures (390x844, a phone's screen): the join page, a refused join, the seat page with a
menu, a refusal with its reason, the peek held, the public panel in words, the game's end;
and the public screen's join page (the QR code) from the simulated box, scaled up. A second,
short game draws the map: Innsmouth Escape for two, Seat 7 the Human (the game's Seat 2,
the Human seat option's), which places itself and plots its route by taps while Seat 1
places the Deep Ones' pawns; then the board (the public map) and the peek held (the plotted
route on the map).
tests/companion/test_browser.py runs :func:`play` and checks what happened; the pictures are
not compared pixel for pixel (a browser's fonts differ between machines).

    .venv/bin/python docs/phones/make_pictures.py [DIRECTORY]
"""

from __future__ import annotations

import json
import queue
import random
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from firmware_py.profile import load_profile  # noqa: E402
from services.referee.assemble import box_registry, box_rng  # noqa: E402
from services.referee.box.daemon import Box  # noqa: E402
from services.referee.box.devices import SimBoard  # noqa: E402
from services.referee.box.phones import phone_seats  # noqa: E402
from services.referee.box.script import FakeClock, ScriptRunner  # noqa: E402
from services.referee.companion.guard import Limits  # noqa: E402
from services.referee.companion.hub import Hub, PhoneInput  # noqa: E402
from services.referee.companion.qr import join_address  # noqa: E402
from services.referee.companion.server import Companion  # noqa: E402
from services.referee.tables import GameFlows  # noqa: E402
from tests.box.innsmouth_navigator import Driver, Player, option_presses  # noqa: E402
from tests.box.navigator import path_to, presses  # noqa: E402
from tests.companion.devtools import Chromium  # noqa: E402

HERE = Path(__file__).resolve().parent
WIDTH, HEIGHT = 390, 844  # CSS pixels of a common phone
SEED = 7  # the box's shuffles and the players' choices
PHONE = "phone1"  # Seat 7 on the sim board
ARRIVES = 10.0  # seconds a tap may take to reach the box
STEP = 0.02  # s of fake time the box runs after a phone's input
COLOURS = 32  # in a page's picture
# The script taps as soon as the page shows the last tap's result, faster than a finger: the
# server's limit on taps a second (20, real time) would refuse some on a fast machine.
LIMITS = Limits(input_rate=1000.0, input_burst=1000)
PUBLIC_SCALE = 4  # the 128x64 public screen, shown 512x256
PUBLIC_AFTER = 3  # the phone seat's moves before the picture of the public panel
LOBBY = ["game decktet-escape", "press seat1 prev", "press seat1 ok"]  # to the join step
HUMAN_SEAT = option_presses("human_seat")  # to the option, OK (random to Seat 1), back
OK = HUMAN_SEAT.index("press seat1 ok") + 1
MAP_LOBBY = ["game innsmouth-escape", *HUMAN_SEAT[:OK], "press seat1 ok",  # Seat 2: the Human
             *HUMAN_SEAT[OK:], "press seat1 prev", "press seat1 ok"]  # to the join step
# The cells the map on the page marks on the route, in the order of their numbers.
ROUTE_SHOWN = """(() => {
  const steps = [];
  document.querySelectorAll("#map-grid .map-cell.on-route").forEach((cell) => {
    const id = cell.querySelector(".cell-id").textContent;
    cell.querySelector(".cell-step").textContent.split(", ")
      .forEach((n) => { steps[Number(n)] = id; });
  });
  return steps;
})()"""

# What the seat page shows, read from the page (compared with the seat's model): the status
# sentence, the box's screen text (when shown), the notice, the menu, the peek and the public
# panel (their rows as [label, text, chips]).
SHOWN = """(() => {
  const get = (id) => document.getElementById(id);
  const lines = (id) => Array.from(get(id).children).map((p) => p.textContent);
  const text = (row, name) => { const found = row.querySelector(name);
                                return found ? found.textContent : ""; };
  const rows = (id) => Array.from(get(id).children).map((row) => [
    text(row, ".row-label"), text(row, ".row-text"),
    Array.from(row.querySelectorAll(".chip")).map((chip) => chip.textContent)]);
  return [get("say").hidden ? "" : get("say").textContent,
          get("screen").hidden ? null : [get("screen-title").textContent, lines("screen-lines")],
          get("notice").hidden ? "" : get("notice").textContent,
          get("menu").hidden ? null : [get("menu-title").textContent, lines("menu-lines"),
            Array.from(get("menu-items").children).map((b) => b.textContent)],
          get("peek-box").hidden ? null : [get("peek-title").textContent, lines("peek-lines"),
                                           rows("peek-rows")],
          [get("public-title").textContent, lines("public-lines"), rows("public-rows")]];
})()"""


def panel_shown(panel: dict[str, Any]) -> list[Any]:
    """A panel of a model as SHOWN reads it from the page."""
    return [panel.get("title", ""), panel.get("lines", []),
            [[r["label"], r["text"], r["chips"]] for r in panel.get("rows", [])]]


@dataclass
class Played:
    """What a run did: the pictures written and what the test checks."""

    pictures: list[Path] = field(default_factory=list)
    taps: int = 0  # the phone's inputs the box received (every one from a tap)
    phone_moves: int = 0  # game actions the phone seat took
    outcome: Any = None
    refusals: list[str] = field(default_factory=list)  # what the page said was refused
    plotted: list[str] = field(default_factory=list)  # the Human's plot, by the engine
    route_public: list[str] = field(default_factory=list)  # the route on the public map
    route_peek: list[str] = field(default_factory=list)  # the route on the map, peek held
    problems: list[str] = field(default_factory=list)  # the page's script/console errors


class BrowserSeat:
    """The simulated box with its phone server, and a browser playing one phone seat."""

    def __init__(self, data: Path, browser: Chromium, pictures: Path) -> None:
        self.clock = FakeClock()
        profile = load_profile("sim")
        data.mkdir(parents=True, exist_ok=True)
        self.arrived: queue.Queue[PhoneInput] = queue.Queue()
        self.hub = Hub(phone_seats(profile), self._submit)
        self.sim = SimBoard(screen_backend="memory")
        self.box = Box(profile, data, registry=box_registry(data), flows=GameFlows(),
                       backends=self.sim.backends(self.clock, threaded=False),
                       clock=self.clock, rng=box_rng(SEED), hub=self.hub,
                       serve_phones=lambda hub: Companion(hub, "127.0.0.1", 0,
                                                          limits=LIMITS))
        self.box.start()
        self.runner = ScriptRunner(self.box, self.sim, self.clock)
        self.browser = browser
        self.folder = pictures
        self.played = Played()

    def _submit(self, event: PhoneInput) -> None:  # on the phone server's thread
        self.box.events.put(event)
        self.arrived.put(event)

    @property
    def table(self) -> Any:
        return self.box._table()

    # ------------------------------------------------------------------ the page

    def shows_model(self) -> None:
        """Wait until the page shows the seat's latest model (and the public screen)."""
        model = self.hub.model(PHONE)[1]
        public = self.hub.public()[1]
        menu, screen = model["menu"], model["screen"]
        peeking = self.browser.evaluate("!document.getElementById('peek-box').hidden")
        expected = [model["status"],
                    None if screen is None or peeking else [screen["title"], screen["lines"]],
                    model["notice"],
                    None if menu is None else
                    [menu["title"], menu["lines"], [item["label"] for item in menu["items"]]],
                    panel_shown(model["peek"]) if peeking else None,
                    panel_shown(public if "title" in public else model["public"])]
        self.browser.wait_for(f"JSON.stringify({SHOWN}) === JSON.stringify("
                              f"{json.dumps(expected)})", f"the page to show {expected}")

    def tap(self, selector: str) -> None:
        """Tap ``selector`` on the page; the box handles the input; the page updates."""
        self.shows_model()
        self.browser.click(selector)
        self.handled()

    def handled(self) -> None:
        """The phone's input reached the box, which handled it; the page shows the result."""
        try:
            self.arrived.get(timeout=ARRIVES)
        except queue.Empty:
            status = self.browser.evaluate("document.getElementById('status').textContent")
            raise AssertionError(f"the tap did not reach the box; the page says {status!r}"
                                 ) from None
        self.played.taps += 1
        self.runner.advance(STEP)
        self.shows_model()

    def picture(self, name: str) -> None:
        """The page now, in a few colours (the page has few: the file stays small)."""
        path = self.browser.screenshot(self.folder / f"{name}.png")
        with Image.open(path) as shot:
            small = shot.convert("RGB").quantize(COLOURS, dither=Image.Dither.NONE)
        small.save(path, optimize=True)
        self.played.pictures.append(path)

    def item(self, index: int) -> str:
        return f"#menu-items button:nth-child({index + 1})"

    # ------------------------------------------------------------------ the scenes

    def join(self) -> None:
        """The phone opens the QR code's address, is refused with a wrong code, joins."""
        server = self.box.phone_server
        assert server is not None, "the phone server did not start"
        self.runner.run(LOBBY)
        self.public_join_page()
        browser = self.browser
        browser.navigate(join_address(server.url, self.hub.code))
        browser.wait_for(f"document.readyState === 'complete' && "
                         f"document.querySelector('input[name=code]').value === "
                         f"{json.dumps(self.hub.code)}", "the join page with the code")
        self.picture("join")
        browser.evaluate("document.querySelector('input[name=code]').value = 'WXYZ'")
        browser.click(f"button[value={PHONE}]")
        browser.wait_for("document.readyState === 'complete' && "
                         "document.querySelector('.notice') !== null", "the refused join")
        self.played.refusals.append(browser.evaluate(
            "document.querySelector('.notice').textContent"))
        self.picture("join-refused")
        # The refused join's page comes with its status, 403, which the browser logs.
        browser.problems[:] = [p for p in browser.problems if "status of 403" not in p]
        browser.evaluate(f"document.querySelector('input[name=code]').value = "
                         f"{json.dumps(self.hub.code)}")
        browser.click(f"button[value={PHONE}]")
        browser.wait_for("location.pathname === '/seat' && "
                         "document.readyState === 'complete' && "
                         "document.getElementById('status').textContent === 'Live'",
                         "the seat page, live")
        self.tap("[data-press=ok]")  # the seat joins the table
        self.tap("[data-back]")  # and tries to start the game alone: refused, with why
        notice = self.hub.model(PHONE)[1]["notice"]
        if not notice:
            raise AssertionError("starting a game with one player was not refused")
        self.played.refusals.append(notice)
        self.picture("seat-refused")
        self.runner.run(["press seat1 ok", "press seat2 ok", "hold seat1 ok"])
        if self.table.mode != "game" or PHONE not in self.table.players:
            raise AssertionError(f"the game did not start with {PHONE}: {self.table.mode}")
        self.shows_model()

    def public_join_page(self) -> None:
        """The public screen's join page (the lobby shows it every other few seconds)."""
        for _ in range(1000):
            if "PHONES" in self.box.texts.get("public", []):
                break
            self.runner.advance(STEP * 5)
        else:
            raise AssertionError("the public screen never showed the join page")
        image = self.box.images["public"].convert("L")
        big = image.resize((image.width * PUBLIC_SCALE, image.height * PUBLIC_SCALE),
                           Image.Resampling.NEAREST)
        path = self.folder / "public-join.png"
        big.save(path, optimize=True)
        self.played.pictures.append(path)

    def peek(self) -> None:
        """Press and hold Peek: the seat's secrets show while held, and hide on release."""
        self.shows_model()  # first: the status sentence above the button may move it
        x, y = self.browser.center("#peek")
        self.browser.pointer("mousePressed", x, y)
        self.handled()
        self.browser.wait_for("!document.getElementById('peek-box').hidden", "the peek")
        self.picture("peek")
        self.browser.pointer("mouseReleased", x, y)
        self.handled()
        self.browser.wait_for("document.getElementById('peek-box').hidden", "the peek hidden")

    def public_picture(self) -> None:
        """The public panel in words, scrolled to the top of the screen: a picture."""
        self.shows_model()
        self.browser.evaluate("document.getElementById('public').scrollIntoView("
                              "{block: 'start'})")
        self.picture("public")
        self.browser.evaluate("window.scrollTo(0, 0)")

    def phone_move(self, action: Any, first: bool) -> None:
        """Open the seat's menu with OK, tap the items that lead to ``action``."""
        table = self.table
        index = table.players.index(PHONE)
        path = path_to(table.flow.action_menu(index, table.live.state), action)
        if path is None:
            raise AssertionError(f"{action} is not in {PHONE}'s menus")
        self.tap("[data-press=ok]")
        if first:
            self.picture("seat-menu")
        for position in path:
            menu = self.hub.model(PHONE)[1]["menu"]
            if not (menu and position < len(menu["items"])):
                raise AssertionError(f"{PHONE}'s page has no item {position} in {menu}")
            self.tap(self.item(position))
        self.played.phone_moves += 1

    def play(self) -> None:
        """Seeded random legal moves until the game ends: taps for the phone seat, buttons
        for the others."""
        rng = random.Random(SEED)
        table = self.table
        peeked = False
        for _ in range(400):
            live = table.live
            if live.state.outcome() is not None:
                break
            prompt = live.state.pending()[0]
            seat = table.players[prompt.seat]
            before = len(live.history)
            if seat == PHONE:
                if not peeked:
                    self.peek()
                    peeked = True
                if self.played.phone_moves == PUBLIC_AFTER:
                    self.public_picture()
                menu = table.flow.action_menu(prompt.seat, live.state)
                legal = [a for a in live.state.legal_actions(prompt.seat)
                         if path_to(menu, a) is not None]
                self.phone_move(rng.choice(legal), first=self.played.phone_moves == 0)
            else:
                action = rng.choice(live.state.legal_actions(prompt.seat))
                for line in presses(self.runner, seat, action):
                    self.runner.run([line])
            if len(live.history) <= before:
                raise AssertionError(f"{seat}'s move was not applied")
        self.played.outcome = table.live.state.outcome()
        self.shows_model()
        self.picture("over")

    def close(self) -> None:
        try:
            self.browser.navigate("about:blank")  # the page lets go of the box before it stops
        finally:
            self.box.close()


class MapSeat(BrowserSeat):
    """Innsmouth Escape for two: Seat 7 is the Human and plays by taps until it has plotted
    its route; Seat 1 places the Deep Ones' pawns with its buttons."""

    def join(self) -> None:
        server = self.box.phone_server
        assert server is not None, "the phone server did not start"
        self.runner.run(MAP_LOBBY)
        self.browser.navigate(join_address(server.url, self.hub.code))
        # Loaded, its style sheet too: a tap aimed before the page is laid out would miss.
        self.browser.wait_for("document.readyState === 'complete' && "
                              "document.querySelector('input[name=code]') !== null",
                              "the join page")
        self.browser.click(f"button[value={PHONE}]")
        self.browser.wait_for("location.pathname === '/seat' && "
                              "document.readyState === 'complete' && "
                              "document.getElementById('status').textContent === 'Live'",
                              "the seat page, live")
        self.tap("[data-press=ok]")  # the phone joins: Seat 2 of the game (after Seat 1)
        self.runner.run(["press seat1 ok", "hold seat1 ok"])
        table = self.table
        if table.mode != "game" or table.live.state.human != table.players.index(PHONE):
            raise AssertionError(f"{PHONE} is not the Human: {table.mode} {table.players}")
        self.shows_model()

    def choose(self, label: str) -> None:
        """Tap the item of the phone's menu called ``label``."""
        menu = self.hub.model(PHONE)[1]["menu"]
        labels = [item["label"] for item in menu["items"]] if menu else []
        if label not in labels:
            raise AssertionError(f"{PHONE}'s page has no item {label!r} in {labels}")
        self.tap(self.item(labels.index(label)))

    def plot(self) -> None:
        """Quick decisions until the Human has plotted: his by taps (OK, then the cells or
        the destination and the way), the Deep Ones' by buttons."""
        driver = Driver(self.runner)
        player = Player("escape", SEED)
        table = self.table
        human = table.players.index(PHONE)
        for _ in range(40):
            state = table.live.state
            plot = (state.view(human).get("human_private") or {}).get("plot")
            if plot:
                self.played.plotted = list(plot["path"])
                break
            prompt = next(p for p in state.pending() if hasattr(p, "seat"))
            seat = table.players[prompt.seat]
            intent = player.decide(state, prompt.seat)
            if seat != PHONE:
                driver.act(seat, intent)
                continue
            if intent[0] not in ("cells", "plot"):
                raise AssertionError(f"the Human has {intent} to do before his plot")
            self.tap("[data-press=ok]")
            for label in intent[1] if intent[0] == "cells" else intent[1:]:
                self.choose(label)
        else:
            raise AssertionError("the Human never plotted his route")
        self.shows_model()
        self.map_picture("map")
        self.played.route_public = self.browser.evaluate(ROUTE_SHOWN)
        x, y = self.browser.center("#peek")
        self.browser.pointer("mousePressed", x, y)
        self.handled()
        self.map_picture("map-peek", secret=True)
        self.played.route_peek = self.browser.evaluate(ROUTE_SHOWN)
        self.browser.pointer("mouseReleased", x, y)
        self.handled()
        self.browser.wait_for("!document.getElementById('map').classList.contains('peek')",
                              "the public map again, peek let go")

    def map_picture(self, name: str, secret: bool = False) -> None:
        """The map drawn (the secret one when ``secret``), scrolled into view: a picture."""
        shown = "!" if secret else ""
        self.browser.wait_for(f"!document.getElementById('map').hidden && "
                              f"{shown}!document.getElementById('map').classList.contains"
                              f"('peek') && document.querySelectorAll('#map-grid .map-cell')"
                              f".length === 36", f"the map ({name})")  # the 6x6 board
        # The map's foot at the screen's foot: above it, the buttons (Hold to peek, lit).
        self.browser.evaluate("document.getElementById('map').scrollIntoView({block: 'end'})")
        self.picture(name)


def play(directory: Path) -> Played:
    """Play the game in a browser, then the map's game, writing the pictures into
    ``directory``."""
    directory.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="refbox-phones-") as data, \
            Chromium.start(WIDTH, HEIGHT) as browser:
        seat = BrowserSeat(Path(data) / "escape", browser, directory)
        try:
            seat.join()
            seat.play()
        finally:
            seat.close()
        mapped = MapSeat(Path(data) / "map", browser, directory)
        mapped.played = seat.played
        try:
            mapped.join()
            mapped.plot()
        finally:
            mapped.close()
        seat.played.problems = list(browser.problems)
        return seat.played


def capture(directory: Path) -> list[Path]:
    return play(directory).pictures


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE
    for path in capture(target):
        print(path)
