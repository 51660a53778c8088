"""A headless Chromium driven through the DevTools protocol, with the standard library only.

Chromium is started with ``--remote-debugging-pipe``: the protocol's JSON messages go over
two pipes (the browser reads file descriptor 3 and writes 4, each message ended by a NUL
byte), so no WebSocket client is needed. One page (a tab) is opened and driven: navigate,
run a script, tap, press-and-hold, take a screenshot. Every wait has a timeout and fails
with what was awaited; the waits for the page happen inside the browser (a promise that
checks a condition on every DOM change).

    with Chromium.start(390, 844) as browser:
        browser.navigate("http://127.0.0.1:8032/")
        browser.wait_for("document.title === 'Join the table'", "the join page")
"""

from __future__ import annotations

import base64
import importlib.util
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import TracebackType
from typing import Any

TIMEOUT = 30.0  # seconds a protocol answer or a page condition may take (a loaded CI)
NAMES = ("chromium", "chromium-browser", "google-chrome")
# A page condition is watched in the page for at most this many seconds at a time, then
# checked again: a check begun on a page that a navigation then replaces answers only when
# its own timer ends (measured with Chromium 156: the whole 30 s, three times a browser game).
CHECK = 0.5
GONE = ("navigated or closed", "context was destroyed", "Cannot find context")
# Run before Chromium, in its process: put the pipes on the descriptors 3 and 4 it uses
# (by way of high numbers, so neither overwrites the other), then become Chromium.
MOVE_PIPES = """import fcntl, os, sys
high = [fcntl.fcntl(int(fd), fcntl.F_DUPFD, 10) for fd in sys.argv[1:3]]
os.dup2(high[0], 3)
os.dup2(high[1], 4)
os.closerange(10, 12)
os.execvp(sys.argv[3], sys.argv[3:])"""


class BrowserError(Exception):
    """The browser failed, did not answer in time, or a page condition never came true."""


def find_chromium() -> str | None:
    """The Chromium (or Chrome) program on the PATH, if any."""
    return next((found for name in NAMES if (found := shutil.which(name))), None)


class Chromium:
    def __init__(self, process: subprocess.Popen[bytes], to_browser: int, from_browser: int,
                 profile: Path) -> None:
        self._process = process
        self._out = to_browser
        self._in = from_browser
        self._profile = profile
        self._buffer = b""
        self._next = 1
        self._session = ""
        self.problems: list[str] = []  # script errors and console errors the page reported

    @classmethod
    def start(cls, width: int, height: int, program: str | None = None) -> Chromium:
        """A headless Chromium with one page of ``width`` x ``height`` CSS pixels, as a
        phone shows it (touch, device scale 1: small pictures)."""
        program = program or find_chromium()
        if program is None:
            raise BrowserError("no chromium on the PATH")
        to_read, to_browser = os.pipe()  # the browser reads its fd 3
        from_browser, to_write = os.pipe()  # and writes its fd 4
        profile = Path(tempfile.mkdtemp(prefix="refbox-chromium-"))

        process = subprocess.Popen(
            [sys.executable, "-c", MOVE_PIPES, str(to_read), str(to_write), program,
             "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--no-default-browser-check", "--disable-extensions", "--mute-audio",
             "--remote-debugging-pipe", f"--user-data-dir={profile}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            pass_fds=(to_read, to_write), start_new_session=True)
        os.close(to_read)
        os.close(to_write)
        browser = cls(process, to_browser, from_browser, profile)
        try:
            browser._open_page(width, height)
        except BaseException:
            browser.close()
            raise
        return browser

    def __enter__(self) -> Chromium:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        for fd in (self._out, self._in):
            try:
                os.close(fd)
            except OSError:
                pass
        # Chromium's helpers (renderer, crash handler) may outlive the browser and still
        # write to the profile: stop the whole process group before removing it.
        self._signal_group(signal.SIGTERM)
        try:
            self._process.wait(TIMEOUT)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait(TIMEOUT)
        self._signal_group(signal.SIGKILL)
        self._remove_profile()

    def _signal_group(self, number: int) -> None:
        try:
            os.killpg(self._process.pid, number)
        except ProcessLookupError:
            pass  # the group has ended already

    def _remove_profile(self) -> None:
        """Remove the profile; a helper killed a moment ago may still be closing a file in
        it, so a directory that will not empty is tried again for up to a few seconds."""
        for _ in range(50):
            try:
                shutil.rmtree(self._profile)
                return
            except FileNotFoundError:
                return
            except OSError:
                time.sleep(0.1)
        shutil.rmtree(self._profile)

    # ------------------------------------------------------------------ the page

    def navigate(self, url: str) -> None:
        self.call("Page.navigate", url=url)

    def evaluate(self, expression: str) -> Any:
        """The value of a script run in the page (a promise is awaited)."""
        answer = self.call("Runtime.evaluate", expression=expression, returnByValue=True,
                           awaitPromise=True)
        if "exceptionDetails" in answer:
            details = answer["exceptionDetails"]
            raise BrowserError(f"the page's script failed: {details.get('text')} "
                               f"{details.get('exception', {}).get('description', '')}")
        return answer["result"].get("value")

    def wait_for(self, condition: str, what: str, timeout: float = TIMEOUT) -> None:
        """Wait until the script ``condition`` is true in the page (checked now and on every
        change of the page, for at most ``timeout`` s, in watches of ``CHECK`` s)."""
        script = f"""new Promise((resolve) => {{
  const test = () => {{ try {{ return !!({condition}); }} catch (e) {{ return false; }} }};
  if (test()) {{ resolve(true); return; }}
  const watch = new MutationObserver(() => {{ if (test()) {{ end(true); }} }});
  const timer = setTimeout(() => end(test()), {int(min(timeout, CHECK) * 1000)});
  const end = (value) => {{ watch.disconnect(); clearTimeout(timer); resolve(value); }};
  watch.observe(document, {{subtree: true, childList: true, characterData: true,
                            attributes: true}});
}})"""
        deadline = time.monotonic() + timeout
        while True:
            try:
                if self.evaluate(script):
                    return
            except BrowserError as error:  # the page changed under the check: check again
                if not any(words in str(error) for words in GONE):
                    raise
            if time.monotonic() >= deadline:
                raise BrowserError(f"timed out waiting for {what} ({condition})")

    def click(self, selector: str) -> None:
        """A tap on the element ``selector`` names (the pointer goes down and up on it)."""
        x, y = self.center(selector)
        self.pointer("mousePressed", x, y)
        self.pointer("mouseReleased", x, y)

    def center(self, selector: str) -> tuple[float, float]:
        found = self.evaluate(f"""(() => {{
  const element = document.querySelector({json.dumps(selector)});
  if (!element) {{ return null; }}
  element.scrollIntoView({{block: "center"}});
  const r = element.getBoundingClientRect();
  return [r.x + r.width / 2, r.y + r.height / 2];
}})()""")
        if found is None:
            raise BrowserError(f"nothing on the page matches {selector!r}")
        return found[0], found[1]

    def pointer(self, kind: str, x: float, y: float) -> None:
        """A mouse event ("mousePressed", "mouseReleased", "mouseMoved") at ``x``, ``y``:
        the page sees the pointer events a finger makes."""
        button = {} if kind == "mouseMoved" else {"button": "left", "clickCount": 1}
        self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, **button)

    def screenshot(self, path: Path) -> Path:
        """The page as the phone shows it now, as a PNG file."""
        answer = self.call("Page.captureScreenshot", format="png")
        path.write_bytes(base64.b64decode(answer["data"]))
        return path

    # ------------------------------------------------------------------ the protocol

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        """Send a command to the page (or, before it is open, the browser) and return its
        answer; events that come meanwhile are noted (script and console errors)."""
        ident = self._next
        self._next += 1
        message: dict[str, Any] = {"id": ident, "method": method, "params": params}
        if self._session:
            message["sessionId"] = self._session
        os.write(self._out, json.dumps(message).encode() + b"\0")
        while True:
            answer = self._receive()
            if answer.get("id") == ident:
                if "error" in answer:
                    raise BrowserError(f"{method}: {answer['error'].get('message')}")
                result: dict[str, Any] = answer.get("result", {})
                return result
            self._note(answer)

    def _open_page(self, width: int, height: int) -> None:
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self._session = self.call("Target.attachToTarget", targetId=target,
                                  flatten=True)["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.call(f"{domain}.enable")
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height,
                  deviceScaleFactor=1, mobile=True)

    def _receive(self) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            ready, _, _ = select.select([self._in], [], [], TIMEOUT)
            if not ready:
                raise BrowserError(f"the browser did not answer within {TIMEOUT:g} s")
            chunk = os.read(self._in, 1 << 16)
            if not chunk:
                raise BrowserError("the browser closed its pipe (did it crash?)")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        found: dict[str, Any] = json.loads(message)
        return found

    def _note(self, event: dict[str, Any]) -> None:
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            self.problems.append(f"script error: {details.get('text')} "
                                 f"{details.get('exception', {}).get('description', '')}")
        elif method == "Runtime.consoleAPICalled" and params.get("type") == "error":
            self.problems.append(f"console error: {params.get('args')}")
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            self.problems.append(f"log: {params['entry'].get('text')}")


def load_script(name: str, path: Path) -> Any:
    """A picture-making script (docs/phones/**/make_pictures.py) loaded as module ``name``."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    return module
