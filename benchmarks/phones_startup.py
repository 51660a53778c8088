"""The phones benchmark's start-up and import measurements (``benchmarks/phones.py``).

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

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

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
