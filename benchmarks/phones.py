"""Phone seats (docs/phones.md): page-update latency, and what the companion costs the daemon.

    .venv/bin/python benchmarks/phones.py [--inputs 300] [--runs 5] [--seed 1] [--dir DIR]

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
   cursor (Seat 7 drives the lobby: next, prev) and, in an Escape! game of three, the
   press-and-hold peek (down, up: its seat screen and secrets change). The POST's own round
   trip is shown too.
2. **Start-up and memory.** Fresh interpreters build the sim box as ``refbox sim`` does
   (``sim_box``) with the phones on or off and start it; a ``Notify`` whose ``ready()`` notes
   ``time.monotonic()``; the parent reads it just before spawning (as
   benchmarks/box_latency.py). ``VmRSS`` is read at READY, and with the phones on also after
   two phones joined and opened four event streams each (8: two seats' limit), from the same
   process on plain sockets (no HTTP client library is imported into it).
3. **Imports.** Fresh interpreters import the daemon, then asyncio, microdot, segno and the
   phone server one after another; ``VmRSS`` and the time of each step. A line counts what
   its import brings that the lines above did not (asyncio brings socket, selectors and ssl).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import queue
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from firmware_py.events import ButtonPressed  # noqa: E402
from services.referee.assemble import sim_box  # noqa: E402
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

    def stream(self, seen: queue.Queue[tuple[float, int, dict[str, Any]]]) -> threading.Thread:
        """Read the seat's event stream on a thread: (arrival, version, model) per event."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=None)
        connection.request("GET", "/api/events", headers={"Cookie": self.cookie})
        response = connection.getresponse()
        if response.status != 200:
            raise RuntimeError(f"the event stream was refused: {response.status}")

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

    def __init__(self, data: str, seed: int) -> None:
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
                return answered - start, at - start

    def untimed(self, kind: str, value: Any) -> None:
        self.timed(kind, value)

    def close(self) -> None:
        self.stop.set()
        self.loop.join(TIMEOUT)


def made(kind: str, value: Any, before: dict[str, Any], model: dict[str, Any]) -> bool:
    """Whether ``model`` is the one the input made: the menu's cursor moved, the peek shows
    or hides; any change for the other inputs."""
    if kind == "press" and value in ("next", "prev") and before.get("menu"):
        return model.get("menu") is not None and \
            model["menu"]["cursor"] != before["menu"]["cursor"]
    if kind == "peek":
        return (model["screen"] == model["peek"]) is value
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


def latency(data: str, inputs: int, seed: int
            ) -> tuple[dict[str, list[tuple[float, float]]], int]:
    random.seed(seed)
    session = Session(data, seed)
    found: dict[str, list[tuple[float, float]]] = {"lobby menu move": [], "peek down/up": []}
    try:
        for n in range(inputs):
            found["lobby menu move"].append(session.timed("press", "next" if n % 2 else "prev"))
        to_game(session)
        for n in range(inputs):
            found["peek down/up"].append(session.timed("peek", n % 2 == 0))
    finally:
        session.close()
    return found, session.stale


CHILD = """
import json, os, sys, time
sys.path.insert(0, sys.argv[3])
t_main = time.monotonic()
import services.referee.box.daemon as daemon
from services.referee.assemble import sim_box
ready = {}

def rss_kib():
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))

class Ready(daemon.Notify):
    def ready(self, status=""):
        ready["at"] = time.monotonic()

phones = sys.argv[2] == "on"
box, sim = sim_box("sim", sys.argv[1], time.monotonic, screens="memory", threaded=True, seed=1,
                   phones=phones, phone_port=0)
box.notify = Ready()
box.start()
result = {"main": t_main, "ready": ready["at"], "rss": rss_kib()}
if phones:  # two phones, four live pages each, on plain sockets (no client library here)
    import socket
    port, streams = box.phone_server.port, []

    def ask(text, until):
        sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        sock.sendall(text.encode())
        got = b""
        while until not in got:
            chunk = sock.recv(4096)
            if not chunk:
                raise RuntimeError(got.decode(errors="replace"))
            got += chunk
        return sock, got.decode(errors="replace")

    for seat in ("phone1", "phone2"):
        form = f"seat={seat}&code={box.hub.code}"
        sock, answer = ask(f"POST /join HTTP/1.1\\r\\nHost: 127.0.0.1:{port}\\r\\n"
                           "Content-Type: application/x-www-form-urlencoded\\r\\n"
                           f"Content-Length: {len(form)}\\r\\n\\r\\n{form}", b"\\r\\n\\r\\n")
        sock.close()
        cookie = answer.split("Set-Cookie: ", 1)[1].split(";", 1)[0]
        for _ in range(4):
            streams.append(ask(f"GET /api/events HTTP/1.1\\r\\nHost: 127.0.0.1:{port}\\r\\n"
                               f"Cookie: {cookie}\\r\\n\\r\\n", b"event: model")[0])
    result["rss streams"] = rss_kib()
print(json.dumps(result), flush=True)
for virtual in sim.virtual_readers.values():
    import shutil
    shutil.rmtree(os.path.dirname(virtual.path), ignore_errors=True)
os._exit(0)
"""

IMPORTS = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
def rss_kib():
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))

steps = [("the daemon", "services.referee.box.daemon"), ("asyncio", "asyncio"),
         ("microdot", "microdot"), ("segno", "segno"),
         ("the phone server", "services.referee.companion.server"),
         ("its QR page", "services.referee.box.joinpage")]
rows = [("interpreter", 0.0, rss_kib())]
for label, name in steps:
    start = time.perf_counter()
    __import__(name)
    rows.append((label, time.perf_counter() - start, rss_kib()))
print(json.dumps(rows))
"""


def start_up(directory: str, runs: int) -> dict[str, list[dict[str, float]]]:
    results: dict[str, list[dict[str, float]]] = {"off": [], "on": []}
    with tempfile.TemporaryDirectory(dir=directory, prefix="refbox-phones-") as scratch:
        for run in range(runs + 1):  # the first is a warm-up (.pyc, file cache)
            for case in ("off", "on"):
                spawn = time.monotonic()
                out = subprocess.run([sys.executable, "-c", CHILD,
                                      os.path.join(scratch, f"{case}{run}"), case, str(ROOT)],
                                     capture_output=True, text=True, check=True)
                found = json.loads(out.stdout.strip().splitlines()[-1])
                found["to READY"] = found["ready"] - spawn
                if run:
                    results[case].append(found)
    return results


def imports(runs: int) -> list[tuple[str, float, float]]:
    """Median time and RSS growth of each import step."""
    rows: list[list[tuple[str, float, int]]] = []
    for _ in range(runs + 1):
        out = subprocess.run([sys.executable, "-c", IMPORTS, str(ROOT)], capture_output=True,
                             text=True, check=True)
        rows.append([tuple(row) for row in json.loads(out.stdout)])  # type: ignore[misc]
    rows = rows[1:]
    table = []
    for n, (label, _t, _r) in enumerate(rows[0]):
        took = statistics.median(run[n][1] for run in rows)
        grew = statistics.median(run[n][2] - (run[n - 1][2] if n else 0) for run in rows)
        table.append((label, took, grew / 1024))
    return table


def pct(values: list[float], p: int) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=300, help="inputs of each kind")
    parser.add_argument("--runs", type=int, default=5, help="start-up and import runs")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dir", default=None, help="where the journals go (default: $TMPDIR)")
    args = parser.parse_args()
    directory = args.dir or tempfile.gettempdir()
    print(f"refbox phones benchmark: python {sys.version.split()[0]}, {os.cpu_count()} cpus, "
          f"load average {os.getloadavg()[0]:.2f}")

    with tempfile.TemporaryDirectory(dir=directory, prefix="refbox-phones-") as data:
        found, stale = latency(data, args.inputs, args.seed)
    print("\n1. input -> page update (POST /api/input -> the model event on the stream), ms")
    print(f"{'input':<16} {'n':>4} {'p50':>6} {'p99':>6} {'max':>6} | "
          f"{'POST p50':>8} {'p99':>6}")
    for kind, samples in found.items():
        update = [u * 1000 for _post, u in samples]
        post = [p * 1000 for p, _u in samples]
        print(f"{kind:<16} {len(samples):>4} {pct(update, 50):>6.2f} {pct(update, 99):>6.2f} "
              f"{max(update):>6.2f} | {pct(post, 50):>8.2f} {pct(post, 99):>6.2f}")
    print(f"inputs sent again after a 409 (the public screen had changed first): {stale}")

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
