"""The seat page in WebKit, Safari's engine (issue 14: "works on current mobile Chrome and
Safari"): Debian's WebKitWebDriver drives its MiniBrowser (WebKitGTK) on a virtual display
against the real phone server of a running sim box. It joins by the QR code's address, goes
live, taps a menu item and holds peek. Chromium plays a whole game in test_browser.py.

Skipped unless the packages are there: `sudo apt-get install webkit2gtk-driver xvfb`.
"""

from __future__ import annotations

import glob
import json
import shutil
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from services.referee.assemble import sim_box
from services.referee.box.daemon import Box

BROWSERS = glob.glob("/usr/lib/*/webkit2gtk-4.*/MiniBrowser")
pytestmark = pytest.mark.skipif(
    not (shutil.which("WebKitWebDriver") and shutil.which("xvfb-run") and BROWSERS),
    reason="WebKit is not installed (sudo apt-get install webkit2gtk-driver xvfb)")
TIMEOUT = 30.0  # s for the browser or the box to get somewhere
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"  # the W3C WebDriver element key


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def until(condition: Callable[[], Any], what: str) -> Any:
    """Poll ``condition`` until it is true (or fail after TIMEOUT s)."""
    deadline = time.monotonic() + TIMEOUT
    while True:
        try:
            value = condition()
        except (urllib.error.URLError, ConnectionError):
            value = None
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.1)


class WebDriver:
    def __init__(self, port: int) -> None:
        self.port = port
        self.session = ""

    def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}{path}", method=method,
            data=None if body is None else json.dumps(body).encode(),
            headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=TIMEOUT) as answer:
            return json.loads(answer.read())["value"]

    def start(self) -> str:
        options = {"binary": BROWSERS[0], "args": ["--automation"]}
        value = self.call("POST", "/session", {"capabilities": {"alwaysMatch": {
            "webkitgtk:browserOptions": options}}})
        self.session = value["sessionId"]
        return f"{value['capabilities']['browserName']} {value['capabilities']['browserVersion']}"

    def go(self, url: str) -> None:
        self.call("POST", f"/session/{self.session}/url", {"url": url})

    def find_all(self, css: str) -> list[str]:
        found = self.call("POST", f"/session/{self.session}/elements",
                          {"using": "css selector", "value": css})
        return [element[ELEMENT] for element in found]

    def text(self, css: str) -> str:
        found = self.find_all(css)
        return str(self.call("GET", f"/session/{self.session}/element/{found[0]}/text")) \
            if found else ""

    def click(self, element: str) -> None:
        self.call("POST", f"/session/{self.session}/element/{element}/click", {})

    def run(self, script: str) -> Any:
        return self.call("POST", f"/session/{self.session}/execute/sync",
                         {"script": script, "args": []})


@pytest.fixture
def running_box(tmp_path: Path) -> Iterator[Box]:
    box, _sim = sim_box("sim", tmp_path / "data", time.monotonic, screens="memory",
                        phones=True, phone_port=0)
    box.start()
    stop = threading.Event()
    loop = threading.Thread(target=box.run, args=(stop,))
    loop.start()
    try:
        yield box
    finally:
        stop.set()
        loop.join(TIMEOUT)
        box.close()


@pytest.fixture
def webkit() -> Iterator[WebDriver]:
    port = free_port()
    process = subprocess.Popen(["xvfb-run", "-a", "WebKitWebDriver", f"--port={port}"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    driver = WebDriver(port)
    try:
        until(lambda: driver.call("GET", "/status")["ready"], "WebKitWebDriver to start")
        yield driver
    finally:
        if driver.session:
            driver.call("DELETE", f"/session/{driver.session}")
        process.terminate()
        process.wait(TIMEOUT)


def pointer(kind: str) -> str:
    return ("document.getElementById('peek').dispatchEvent(new PointerEvent("
            f"'{kind}', {{bubbles: true, pointerId: 1, pointerType: 'touch', "
            "isPrimary: true}));")


def test_webkit_joins_a_seat_goes_live_taps_and_peeks(running_box: Box,
                                                      webkit: WebDriver) -> None:
    box, hub, server = running_box, running_box.hub, running_box.phone_server
    assert hub is not None and server is not None and box.table is not None
    assert webkit.start().startswith("MiniBrowser")
    webkit.go(f"{server.url.rstrip('/')}/J/{hub.code}")  # the QR code's address
    (seat,) = webkit.find_all("button[value=phone1]")
    webkit.click(seat)
    until(lambda: webkit.text("#status") == "Live", "the seat page's live stream")
    assert webkit.text("#label") == "Seat 7"
    assert [s.name for s, taken in hub.seats() if taken] == ["phone1"]
    items = webkit.find_all("#menu-items button")
    assert webkit.text("#menu-items button") == "Escape! (Decktet)"
    webkit.click(items[0])  # a tap on the lobby's first game
    until(lambda: box.table.lobby.step == "options", "the box to take the tap")
    until(lambda: webkit.text("#menu-title") == "Escape! (Decktet)", "the options menu")
    webkit.run(pointer("pointerdown"))  # hold to peek
    until(lambda: box.table.privacy.shown("phone1", time.monotonic()), "the peek to reach "
          "the box")
    assert "held" in webkit.run("return document.getElementById('peek').className;")
    webkit.run(pointer("pointerup"))
    until(lambda: not box.table.privacy.shown("phone1", time.monotonic()), "the release")
