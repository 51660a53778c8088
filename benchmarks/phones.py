"""Phone seats (docs/phones.md): page-update latency, and what the companion costs the daemon.

    .venv/bin/python benchmarks/phones.py [--inputs 300] [--runs 5] [--seed 1] [--dir DIR]
                                          [--table] [--latency-only]

1. **Input to page update.** The sim box (``sim_box(..., phones=True, phone_port=0)``: the
   real phone server on 127.0.0.1 and a free port) runs the daemon's own loop
   (:meth:`Box.run`) on a thread with ``time.monotonic``. This process is the phone: it joins
   Seat 7 like the join page's form (the join code read off the hub, as eyes read it off the
   public screen), keeps one event stream open (``GET /api/events``, as the seat page does)
   on a thread that notes when each ``model`` event arrives, and sends inputs as the seat
   page does (``POST /api/input`` on a new connection, the version of the last model seen).
   An input's latency runs from just before the POST is sent to the arrival, on the other
   connection, of the event carrying the next version (the box has taken the input off its
   queue, handled it, rendered, published; the server pushed it). Two kinds, ``--inputs``
   each, 50-70 ms apart (the server allows 20 inputs a second per phone): the lobby menu's
   cursor (Seat 7 drives the lobby: next, prev) and, in an Escape! game of three, the table
   menu (opened as a held next opens it, closed with back: the seat's menu changes). The
   POST's own round trip is shown too. With ``--table`` the same inputs are timed again
   with a table screen watching (a TV's page: ``GET /T/<code>/events`` open on a thread,
   its code read off the hub): the seat's latency with it, and the time from the input to
   the table screen's new model when the input changed it. Both runs say how long the
   daemon took to build each table screen model (built after every render that changed
   the public side, watched or not: ``table_model`` is wrapped with a timer in this
   process). Those inputs change the public side little (the lobby's text), so
   ``--table`` also times the model of a game in progress (section 1b,
   :mod:`benchmarks.phones_table`): each game played at random to 30 and 150 moves,
   ``game_model`` built 200 times from the public view, the history and its sentences.
2. **Start-up and memory**, 3. **imports**: :mod:`benchmarks.phones_startup`.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import queue
import random
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.phones_startup import imports, start_up  # noqa: E402
from benchmarks.phones_table import model_costs  # noqa: E402
from firmware_py.events import ButtonPressed  # noqa: E402
from services.referee.assemble import sim_box  # noqa: E402
from services.referee.box import phones as phones_module  # noqa: E402
from services.referee.box.daemon import Box  # noqa: E402

TIMEOUT = 10.0  # s for any answer
PAUSE = (0.05, 0.07)  # s between inputs: under the server's 20 inputs a second


class Phone:
    """A phone's requests, as the join page and the seat page send them."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookie = ""

    def post(self, path: str, body: str, kind: str) -> tuple[int, bytes]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT)
        try:
            connection.request("POST", path, body=body, headers={
                "Content-Type": kind, "Cookie": self.cookie,
                "Origin": f"http://127.0.0.1:{self.port}", "Sec-Fetch-Site": "same-origin"})
            response = connection.getresponse()
            if path == "/join" and response.getheader("Set-Cookie"):
                self.cookie = response.getheader("Set-Cookie", "").split(";")[0]
            return response.status, response.read()
        finally:
            connection.close()

    def join(self, seat: str, code: str) -> None:
        status, body = self.post("/join", f"seat={seat}&code={code}",
                                 "application/x-www-form-urlencoded")
        if status != 303 or not self.cookie:
            raise RuntimeError(f"joining {seat} failed: {status} {body[:200]!r}")

    def send(self, version: int, kind: str, value: Any) -> tuple[int, bytes]:
        return self.post("/api/input", json.dumps({"version": version, "kind": kind,
                                                   "value": value}), "application/json")

    def stream(self, seen: queue.Queue[tuple[float, int, dict[str, Any]]],
               path: str = "/api/events") -> threading.Thread:
        """Read an event stream on a thread (the seat's, or with ``path`` a table screen's):
        (arrival, version, model) per ``model`` event."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=None)
        connection.request("GET", path, headers={"Cookie": self.cookie})
        response = connection.getresponse()
        if response.status != 200:
            raise RuntimeError(f"the event stream {path} was refused: {response.status}")

        def read() -> None:
            event, data = "", ""
            for raw in response.fp:
                line = raw.decode().rstrip("\r\n")
                if line.startswith("event:"):
                    event = line[6:].strip()
                elif line.startswith("data:"):
                    data += line[5:].strip()
                elif not line and data:
                    if event == "model":
                        found = json.loads(data)
                        seen.put((time.perf_counter(), found["version"], found["model"]))
                    event, data = "", ""

        thread = threading.Thread(target=read, daemon=True)
        thread.start()
        return thread


class Session:
    """The sim box on its loop thread, and Seat 7's phone."""

    def __init__(self, data: str, seed: int, table: bool = False) -> None:
        self.box: Box
        self.box, _sim = sim_box("sim", data, time.monotonic, screens="memory",
                                 threaded=True, seed=seed, phones=True, phone_port=0)
        self.stop = threading.Event()
        self.started = threading.Event()
        self.failure: BaseException | None = None
        self.loop = threading.Thread(target=self._run)  # the journal lives on this thread
        self.loop.start()
        if not self.started.wait(TIMEOUT) or self.failure is not None:
            raise RuntimeError("the box did not start") from self.failure
        server, hub = self.box.phone_server, self.box.hub
        assert server is not None and hub is not None, "the phones did not start"
        self.hub = hub
        self.phone = Phone(server.port)  # type: ignore[attr-defined]
        self.phone.join("phone1", hub.code)
        self.seen: queue.Queue[tuple[float, int, dict[str, Any]]] = queue.Queue()
        self.phone.stream(self.seen)
        self.version, self.model = -1, {}
        self.latest()
        self.stale = 0  # inputs sent again after a 409
        # With a table screen: a TV's page, on its own stream (GET /T/<code>/events).
        self.watched: queue.Queue[tuple[float, int, dict[str, Any]]] | None = None
        if table:
            self.watched = queue.Queue()
            Phone(server.port).stream(self.watched, f"/T/{hub.screen.code}/events")  # type: ignore[attr-defined]
            self.watched.get(timeout=TIMEOUT)  # its first model
        self.screen_updates: list[float] = []  # input -> the table screen's new model, s

    def _run(self) -> None:
        """The daemon's main thread: start, loop until stopped, close."""
        try:
            self.box.start()
        except BaseException as error:
            self.failure = error
            self.started.set()
            raise
        self.started.set()
        try:
            self.box.run(self.stop)
        finally:
            self.box.close()

    def latest(self) -> None:
        """Take every event that has come (waiting for the first)."""
        _at, self.version, self.model = self.seen.get(timeout=TIMEOUT)
        while not self.seen.empty():
            _at, self.version, self.model = self.seen.get_nowait()

    def timed(self, kind: str, value: Any) -> tuple[float, float]:
        """One input: (POST round trip, input to the arrival of the model it made), in s.
        A model the input did not make (the lobby's public screen turns to the join page
        every 5 s, which every seat's model shows) is skipped; an input refused as stale for
        that reason (409) is sent again on the new model, as the seat page does."""
        time.sleep(random.uniform(*PAUSE))  # the phone's pace (not a wait for the box)
        while True:
            while not self.seen.empty():
                _at, self.version, self.model = self.seen.get_nowait()
            before = self.model
            start = time.perf_counter()
            status, body = self.phone.send(self.version, kind, value)
            answered = time.perf_counter()
            if status == 409:
                self.stale += 1
                self.latest()
                continue
            if status != 200:
                raise RuntimeError(f"{kind} {value!r} refused: {status} {body[:200]!r}")
            break
        while True:
            at, version, model = self.seen.get(timeout=TIMEOUT)
            self.version, self.model = version, model
            if made(kind, value, before, model):
                self._watched(start)
                return answered - start, at - start

    def _watched(self, start: float) -> None:
        """The table screen's models that came since ``start`` (the box publishes the table
        screen's model with the seats' after the same render, so one the input made has
        come by now or does not come): the first one's latency is noted."""
        if self.watched is None:
            return
        arrivals = []
        try:
            while True:
                arrivals.append(self.watched.get(timeout=0.02)[0])
        except queue.Empty:
            pass
        later = [at for at in arrivals if at > start]
        if later:
            self.screen_updates.append(later[0] - start)

    def untimed(self, kind: str, value: Any) -> None:
        self.timed(kind, value)

    def close(self) -> None:
        self.stop.set()
        self.loop.join(TIMEOUT)


def made(kind: str, value: Any, before: dict[str, Any], model: dict[str, Any]) -> bool:
    """Whether ``model`` is the one the input made: the menu's cursor moved; any change for
    the other inputs."""
    if kind == "press" and value in ("next", "prev") and before.get("menu"):
        return model.get("menu") is not None and \
            model["menu"]["cursor"] != before["menu"]["cursor"]
    return model != before


def to_game(session: Session) -> None:
    """Seat 7 chooses Escape! and joins, Seats 1 and 2 join with a button, Seat 7 starts."""
    items = [item["label"] for item in session.model["menu"]["items"]]
    session.untimed("choose", next(n for n, label in enumerate(items) if "Escape!" in label))
    session.untimed("choose", len(session.model["menu"]["items"]) - 1)  # options: to joining
    session.untimed("press", "ok")  # Seat 7 joins
    for seat in ("seat1", "seat2"):
        session.box.events.put(ButtonPressed(seat, "ok", time.monotonic()))
    while len(session.box._table().lobby.joined) < 3:
        session.latest()  # each join changes Seat 7's lobby screen
    session.untimed("hold", "ok")  # start
    if session.model["mode"] != "game":
        raise RuntimeError(f"the game did not start: {session.model['screen']}")


def latency(data: str, inputs: int, seed: int, table: bool = False
            ) -> tuple[dict[str, list[tuple[float, float]]], int, list[float], list[float]]:
    """Each input's (POST, page update) by kind, the 409s, the table screen's updates (with
    ``table``) and the daemon's time building each table screen model, in s."""
    random.seed(seed)
    built: list[float] = []
    original = phones_module.table_model

    def timed_model(*args: Any) -> Any:
        start = time.perf_counter()
        try:
            return original(*args)
        finally:
            built.append(time.perf_counter() - start)

    phones_module.table_model = timed_model  # type: ignore[assignment]
    try:
        session = Session(data, seed, table)
    except BaseException:
        phones_module.table_model = original  # type: ignore[assignment]
        raise
    found: dict[str, list[tuple[float, float]]] = {"lobby menu move": [],
                                                   "table menu open/close": []}
    try:
        for n in range(inputs):
            found["lobby menu move"].append(session.timed("press", "next" if n % 2 else "prev"))
        to_game(session)
        for n in range(inputs):  # hold next opens the table menu, back closes it
            found["table menu open/close"].append(
                session.timed("press", "back") if n % 2 else session.timed("hold", "next"))
    finally:
        session.close()
        phones_module.table_model = original  # type: ignore[assignment]
    return found, session.stale, session.screen_updates, built


def pct(values: list[float], p: int) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=300, help="inputs of each kind")
    parser.add_argument("--runs", type=int, default=5, help="start-up and import runs")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dir", default=None, help="where the journals go (default: $TMPDIR)")
    parser.add_argument("--table", action="store_true",
                        help="time the inputs again with a table screen watching")
    parser.add_argument("--latency-only", action="store_true",
                        help="only the input timings (no start-up or import runs)")
    args = parser.parse_args(argv)
    directory = args.dir or tempfile.gettempdir()
    print(f"refbox phones benchmark: python {sys.version.split()[0]}, {os.cpu_count()} cpus, "
          f"load average {os.getloadavg()[0]:.2f}")

    cases = [False, True] if args.table else [False]
    for table in cases:
        with tempfile.TemporaryDirectory(dir=directory, prefix="refbox-phones-") as data:
            found, stale, screen, built = latency(data, args.inputs, args.seed, table)
        watched = "with a table screen watching" if table else "no table screen open"
        print(f"\n1. input -> page update (POST /api/input -> the model event on the "
              f"stream), ms: {watched}")
        print(f"{'input':<21} {'n':>4} {'p50':>6} {'p99':>6} {'max':>6} | "
              f"{'POST p50':>8} {'p99':>6}")
        for kind, samples in found.items():
            update = [u * 1000 for _post, u in samples]
            post = [p * 1000 for p, _u in samples]
            print(f"{kind:<21} {len(samples):>4} {pct(update, 50):>6.2f} "
                  f"{pct(update, 99):>6.2f} {max(update):>6.2f} | {pct(post, 50):>8.2f} "
                  f"{pct(post, 99):>6.2f}")
        print(f"inputs sent again after a 409 (the public screen had changed first): {stale}")
        if built:
            took = [b * 1000 for b in built]
            print(f"table screen model built by the daemon: {len(took)} times, p50 "
                  f"{pct(took, 50):.2f} ms, p99 {pct(took, 99):.2f} ms, max {max(took):.2f} ms")
        if table:
            ms = [u * 1000 for u in screen]
            line = (f"p50 {pct(ms, 50):.2f} ms, p99 {pct(ms, 99):.2f} ms, max {max(ms):.2f} ms"
                    if ms else "none")
            print(f"input -> the table screen's new model (inputs that changed it: "
                  f"{len(ms)}): {line}")
    if args.table:
        print("\n1b. the table screen's model of a game in progress, built from the public "
              "side (median of 200 builds)")
        print(f"{'game':<18} {'moves':>5} {'ms':>6} {'JSON bytes':>10}")
        for game_id, moves, took, size in model_costs(args.seed):
            print(f"{game_id:<18} {moves:>5} {took:>6.2f} {size:>10}")
    if args.latency_only:
        return

    results = start_up(directory, args.runs)
    print(f"\n2. the sim box started (fresh interpreters, median of {args.runs} runs)")
    print(f"{'phones':<8} {'spawn to READY ms':>18} {'VmRSS at READY MiB':>19} "
          f"{'with 8 streams MiB':>19}")
    for case, runs in results.items():
        streams = (f"{statistics.median(r['rss streams'] for r in runs) / 1024:>19.1f}"
                   if case == "on" else f"{'-':>19}")
        print(f"{case:<8} {statistics.median(r['to READY'] for r in runs) * 1000:>18.0f} "
              f"{statistics.median(r['rss'] for r in runs) / 1024:>19.1f} {streams}")

    print(f"\n3. imports after the daemon's (fresh interpreters, median of {args.runs} runs)")
    print(f"{'import':<18} {'ms':>7} {'VmRSS +MiB':>11}")
    for label, took, grew in imports(args.runs):
        print(f"{label:<18} {took * 1000:>7.1f} {grew:>11.2f}")


if __name__ == "__main__":
    main()
