"""The box on the simulated board with Escape!: input-to-frame latency, start-up, memory.

    .venv/bin/python benchmarks/box_latency.py [--runs 5] [--inputs 2000]
        [--latency-inputs 800] [--think 0.02] [--seed 1] [--dir DIR] [--json FILE]

Everything runs on the ``sim`` profile (6 seats, 8 screens) with the in-memory screen backend,
threaded virtual RFID readers (the daemon's hardware setting too), the real
``time.monotonic`` clock, and a journal on disk in a temporary directory under ``--dir``
(WAL, ``synchronous=FULL``: each journal write is an fsynced transaction).

1. **Input to frames.** A thread starts the box and runs the daemon's own loop
   (:meth:`Box.run`), as the daemon's main thread does. Another thread plays whole Escape!
   games (3 and 4 players in turn, random seats) the way players do with their buttons: it
   reads the table (mode, lobby menu, the seat's menu stack built from ``legal_actions``) to
   choose the next button (a random action: first its kind, clue/play/discard..., then which
   one; the cursor goes the shorter way to it), waits a random 0-20 ms so that inputs land
   at every phase of the loop's 20 ms tick, and puts one ``firmware_py.events`` event
   (ButtonPressed, ButtonHeld, ButtonDoublePressed) straight on ``box.events``, as a gpiozero
   callback would. Mock pins, debounce and gesture detection are *not* in the path. An
   input's latency runs from just before ``events.put`` to the return of the last
   ``show()`` of a screen whose frame changed (the screen devices are wrapped by a recorder;
   the emulated panel's ``show`` encodes the frame and plans the partial update: no bus
   time), journal commits included. Table 1b times the same kind of session with
   ``Box.step()`` called inline right after the put (no queue wake-up, no idle tick in the
   way); it is the memory session of part 3. Each input also counts the canvases the table
   drew for it (``Table.drawn``, a Counter by screen; "-" on a tree without it), and the
   lobby's choice of the game, the first time in the process, is its own row, "first game
   chosen": in table 1 the driver rests ``--lobby-rest`` s (default 1 s) on the game before
   its ok, as a player reads the name, so the engine is imported ahead on the lobby's
   preload thread; table 1b presses at once, so the engine is imported in that input. In
   both sessions the sim's tag registry is written beforehand by another process (see 3),
   so no engine is loaded at start.
2. **Start-up.** Fresh interpreters run a tiny script: import the daemon, ``sim_box()``, set
   a ``Notify`` whose ``ready()`` prints ``time.monotonic()``, ``box.start()``. The parent
   reads ``time.monotonic()`` just before spawning the process. Two cases: an empty data
   directory, and one whose journal holds an Escape! game interrupted after about 30 actions
   (boot resumes it). Plus the import time of ``services.referee.box.daemon``, and a bare
   interpreter's start (``python -c pass``, spawn to exit) measured between those runs.
3. **Memory.** A fresh interpreter plays ``--inputs`` inputs of whole games in a row (lobby,
   game, game over, lobby again; a referee undo now and then) and reads ``VmRSS`` from
   ``/proc/self/status`` at checkpoints. The sim's memory screen backend keeps only the last
   frame of each screen there (``--keep-frames``, as a panel holds one; its default of 50 is
   for tests and would add ~3.5 MB of frame history that a box on a Pi never has), and the
   sim's tag registry is written beforehand by another process (the sim's first start reads
   every game's pieces, importing every engine; a Pi's box and later sim starts do not).

``--json FILE`` writes the same figures as JSON (times in ms, memory in KiB): per kind of
input n, p50, p99, max, frames, canvases and every total; the start-up phases per case; the
bare interpreter; the memory rows. ``benchmarks/arm64_proxy.py`` reads it.
"""

from __future__ import annotations

import argparse
import array
import dataclasses
import functools
import gc
import itertools
import json
import logging
import os
import platform
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from firmware_py.events import ButtonDoublePressed, ButtonHeld, ButtonPressed, InputEvent
from firmware_py.profile import load_profile
from services.games import registry as registry_module
from services.games.core import Action
from services.games.registry import default_registry
from services.referee.box import daemon as daemon_module
from services.referee.box import render  # render._strip: its lru_cache of drawn text
from services.referee.box.daemon import TICK, Box
from services.referee.box.devices import SimBoard
from services.referee.box.menu import Menu
from services.referee.tables import GameFlows

ROOT = Path(__file__).resolve().parents[1]
GAME = "decktet-escape"
BOARD = "sim"
UNDO_RATE = 0.04  # chance, at the start of a turn, that the acting seat does a referee undo
IDLE = 2.0  # s without input, to see what the idle loop costs
WRITES = ("append", "append_later", "create_game", "update_settings", "set_status")  # Journal
ROWS = ("append", "append_later")  # a game's row: its kind is the second argument

# ---------------------------------------------------------------------- instrumentation


class RecordingScreen:
    """Wraps a screen device: notes when each frame is handed over and when show() returns."""

    def __init__(self, inner: Any, shows: list[tuple[float, float, str]]) -> None:
        self.inner = inner
        self.name = inner.name
        self._shows = shows

    @property
    def online(self) -> bool:
        return bool(self.inner.online)

    def show(self, image: Any) -> None:
        start = time.perf_counter()
        self.inner.show(image)
        self._shows.append((start, time.perf_counter(), self.name))

    def close(self) -> None:
        self.inner.close()


class Warnings(logging.Handler):
    """Keeps refbox's own warnings (printed at the end instead of in the middle of tables)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[tuple[str, str]] = []
        self.phase = "while running"

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append((self.phase, f"{record.name}: {record.getMessage()}"))

    def install(self) -> None:
        for name in ("firmware_py", "services"):
            logging.getLogger(name).addHandler(self)
            logging.getLogger(name).propagate = False


WARNINGS = Warnings()


@dataclasses.dataclass
class Sample:
    total: float  # put -> last changed frame handed over (or step end if none changed)
    wait: float  # put -> Table.handle starts (queue wake-up, a tick in progress)
    handle: float  # Table.handle (game action and journal commits included)
    commit: float  # the journal writes inside handle
    commits: int
    actions: int  # journal rows of kind "action" (a committed game action)
    render: float  # handle end -> last frame handed over
    frames: int  # screens whose frame changed
    show: float  # inside the screens' show() (emulated panel: encode, plan, keep the frame)
    cpu: float  # CPU time of the loop's thread in the step that handled the input
    gc: float  # time spent in garbage collections (any thread) inside the input's window
    canvases: float = -1.0  # canvases drawn (not reused) for the input; -1: not counted


FIELDS = [f.name for f in dataclasses.fields(Sample)]
KINDS = ("menu move", "menu open", "commit clue", "commit play", "commit discard",
         "commit placeon", "commit giveroute", "commit loseroute", "peek reveal",
         "commit other", "table menu open", "table menu move", "referee undo", "lobby",
         "game start", "first game chosen", "leave (game over)")
# "first game chosen": the lobby's ok on the game, the first time in a process (its engine is
# imported then, or was imported ahead while the cursor rested on it); later choices are
# "lobby" inputs
LOBBY_REST = 1.0  # s a player reads the highlighted game's name before choosing it


class Samples:
    """Samples in preallocated arrays, so keeping them does not grow the heap as we go."""

    def __init__(self, capacity: int) -> None:
        self.values = array.array("d", bytes(8 * len(FIELDS) * capacity))
        self.kinds = bytearray(capacity)
        self.count = 0

    def add(self, kind: str, sample: Sample) -> None:
        base = self.count * len(FIELDS)
        for i, name in enumerate(FIELDS):
            self.values[base + i] = getattr(sample, name)
        self.kinds[self.count] = KINDS.index(kind)
        self.count += 1

    def items(self) -> list[tuple[str, Sample]]:
        width = len(FIELDS)
        return [(KINDS[self.kinds[n]],
                 Sample(*self.values[n * width:(n + 1) * width]))  # type: ignore[arg-type]
                for n in range(self.count)]


def drawn(box: Box | None) -> int | None:
    """Canvases the table has drawn so far (``Table.drawn``, a Counter by screen name, or
    ``Table.frames.drawn``), or None on a tree whose table does not count them."""
    table = getattr(box, "table", None)
    counter = getattr(table, "drawn", None)
    if counter is None:
        counter = getattr(getattr(table, "frames", None), "drawn", None)
    if counter is None:
        return None
    for _ in range(10):  # the loop thread may add a screen's key while we sum
        try:
            return sum(list(counter.values()))
        except RuntimeError:
            continue
    return None


class Meter:
    """Times one input at a time through a started box (loop thread or inline steps)."""

    def __init__(self) -> None:
        self.shows: list[tuple[float, float, str]] = []
        self.handles: list[tuple[float, float]] = []
        self.writes: list[tuple[float, float, str]] = []
        self.gcs: list[tuple[float, float]] = []
        self._gc_start = 0.0
        self.step_end = 0.0
        self.step_cpu = 0.0
        self.steps = 0  # every step, busy or idle, and their CPU time
        self.loop_cpu = 0.0
        self.done = threading.Event()
        self.box: Box | None = None
        self.sim: SimBoard | None = None
        self.loop = False
        self.failure: BaseException | None = None  # what stopped the loop thread

    def wrap_backends(self, backends: Any) -> Any:
        inner = backends.screens

        def screens(slots: Any, clock: Any, sink: Any) -> dict[str, Any]:
            opened = inner(slots, clock, sink)
            return {name: RecordingScreen(dev, self.shows) for name, dev in opened.items()}

        return dataclasses.replace(backends, screens=screens)

    def instrument(self, box: Box) -> None:
        """After box.start(): time Table.handle, the journal's writes, each busy step, GC."""
        self.box = box
        table = box._table()
        original_handle = table.handle

        def handle(event: InputEvent, now: float) -> None:
            start = time.perf_counter()
            original_handle(event, now)
            self.handles.append((start, time.perf_counter()))

        table.handle = handle  # type: ignore[method-assign]
        journal = table.journal
        for name in WRITES:
            setattr(journal, name, self._timed_write(getattr(journal, name), name))
        original_step = box.step

        def step(wait: float = 0.0) -> int:
            cpu = time.thread_time()
            handled = original_step(wait)
            used = time.thread_time() - cpu
            self.steps += 1
            self.loop_cpu += used
            if handled:
                self.step_cpu = used
                self.step_end = time.perf_counter()
                self.done.set()
            return handled

        box.step = step  # type: ignore[method-assign]
        gc.callbacks.append(self._gc)

    def detach(self) -> None:
        if self._gc in gc.callbacks:
            gc.callbacks.remove(self._gc)

    def _gc(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._gc_start = time.perf_counter()
        else:
            self.gcs.append((self._gc_start, time.perf_counter()))

    def _timed_write(self, method: Callable[..., Any], name: str) -> Callable[..., Any]:
        def write(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            result = method(*args, **kwargs)
            kind = args[1] if name in ROWS else name
            self.writes.append((start, time.perf_counter(), kind))
            return result

        return write

    def measure(self, event: InputEvent) -> Sample:
        assert self.box is not None
        self.done.clear()
        event = dataclasses.replace(event, at=time.monotonic())
        drawn_before = drawn(self.box)
        start = time.perf_counter()
        self.box.events.put(event)
        if self.loop:
            if not self.done.wait(10.0):
                raise RuntimeError("the box loop did not handle the input within 10 s")
            if self.failure is not None:
                raise RuntimeError("the box loop failed") from self.failure
        else:
            self.box.step()
        end_step, cpu = self.step_end, self.step_cpu
        drawn_after = drawn(self.box)
        canvases = (-1.0 if drawn_before is None or drawn_after is None
                    else float(drawn_after - drawn_before))
        lists = (self.shows, self.handles, self.writes, self.gcs)
        shows, handles, writes, gcs = (list(x) for x in lists)
        for seen, kept in zip(lists, (shows, handles, writes, gcs), strict=True):
            del seen[:len(kept)]  # only what this input saw; the loop thread may append
        (h0, h1), *_ = [h for h in handles if h[0] >= start]
        shown = [x for x in shows if h0 <= x[0] and x[1] <= end_step]
        wrote = [w for w in writes if h0 <= w[0] and w[1] <= h1]
        end = shown[-1][1] if shown else end_step
        collected = sum(max(0.0, min(b, end) - max(a, start)) for a, b in gcs)
        return Sample(end - start, h0 - start, h1 - h0, sum(w[1] - w[0] for w in wrote),
                      len(wrote), sum(1 for w in wrote if w[2] == "action"), end - h1,
                      len(shown), sum(x[1] - x[0] for x in shown), cpu, collected, canvases)


def build_box(data_dir: str, seed: int, meter: Meter | None) -> Box:
    """The sim box as ``sim_box`` builds it, with recording screens when ``meter`` is given."""
    profile = load_profile(BOARD)
    sim = SimBoard(screen_backend="memory")
    backends = sim.backends(time.monotonic, threaded=True)
    if meter is not None:
        meter.sim = sim
        backends = meter.wrap_backends(backends)
    return Box(profile, data_dir, registry=default_registry(), flows=GameFlows(),
               backends=backends, clock=time.monotonic, rng=random.Random(seed))


# ---------------------------------------------------------------------- the players


class Driver:
    """Decides the next button like a table of players would, from what the box shows."""

    def __init__(self, box: Box, rng: random.Random, players: tuple[int, ...] = (3, 4)) -> None:
        self.box = box
        self.rng = rng
        self.counts = itertools.cycle(players)
        self.wanted: list[str] | None = None  # seats that will join the next game
        self.target: Action | None = None
        self.target_menu: Menu | None = None  # the action menu the target was chosen in
        self.games = 0
        self.finished = 0
        self.chosen = 0  # times the game was chosen in the lobby
        self.preloaded: bool | None = None  # the engine was loaded before the first choice
        self.rest = 0.0  # latency session: s a player reads the game's name before ok on it
        self.pause = 0.0  # the rest wanted before the next input (then back to 0)

    def next(self) -> tuple[InputEvent, str]:
        table = self.box._table()
        now = time.monotonic()
        first = table.seats[0].name
        if table.mode == "lobby":
            return self._lobby(now)
        if table.mode == "over":
            self.finished += 1
            return ButtonHeld(first, "ok", now), "leave (game over)"
        if table.mode in ("offer", "paused"):
            return ButtonHeld(first, "ok", now), "lobby"
        return self._game(now)

    def _lobby(self, now: float) -> tuple[InputEvent, str]:
        table = self.box._table()
        lobby = table.lobby
        first = table.seats[0].name
        if lobby.step == "game":
            ids = [item.value.id for item in lobby.menu.items]  # the games' GameInfo
            event, move = self._toward(first, lobby.menu, ids.index(GAME), now)
            if move:
                return event, "lobby"
            self.pause = self.rest  # the ok choosing the game: its name is read first
            self.chosen += 1
            return event, "first game chosen" if self.chosen == 1 else "lobby"
        if lobby.step == "options":
            return self._toward(first, lobby.menu, len(lobby.menu.items) - 1, now)[0], "lobby"
        if self.wanted is None:
            names = [s.name for s in table.seats]
            self.wanted = sorted(self.rng.sample(names, next(self.counts)), key=names.index)
        missing = [s for s in self.wanted if s not in lobby.joined]
        if missing:
            return ButtonPressed(missing[0], "ok", now), "lobby"
        starter = self.rng.choice(self.wanted)
        self.wanted = None
        self.games += 1
        return ButtonHeld(starter, "ok", now), "game start"

    def _game(self, now: float) -> tuple[InputEvent, str]:
        table = self.box._table()
        live, flow = table.live, table.flow
        assert live is not None and flow is not None
        index = live.state.pending()[0].seat
        name = table.players[index]
        if not table.privacy.shown(name, now + 0.5):
            return ButtonDoublePressed(name, "peek", now), "peek reveal"
        if name in table.system:
            menu = table.system[name]
            want = "referee" if menu.title == "Table menu" else "do-referee"
            values = [item.value for item in menu.items]
            event, move = self._toward(name, menu, values.index(want), now)
            if move:
                return event, "table menu move"
            return event, "referee undo" if want == "do-referee" else "table menu open"
        stack = flow.stacks.get(index) or []  # type: ignore[attr-defined]
        if not stack:
            if (self.rng.random() < UNDO_RATE
                    and any(step.kind == "action" for step in live.history)):
                return ButtonHeld(name, "next", now), "table menu open"
            return ButtonPressed(name, "ok", now), "menu open"
        if self.target_menu is not stack[0] or self.target is None:
            self.target_menu, self.target = stack[0], self._choose(stack[0])
        menu = stack[-1]
        found = _path(menu, self.target)
        if found is None:
            raise RuntimeError(f"{self.target} cannot be reached from menu {menu.title!r}")
        event, move = self._toward(name, menu, found, now)
        if move:
            return event, "menu move"
        return event, "commit" if isinstance(menu.items[found].value, Action) else "menu open"

    def _choose(self, menu: Menu) -> Action:
        """A random action the menu offers: first the kind (clue, play...), then which."""
        kinds: dict[str, list[Action]] = {}
        for action in _actions(menu):
            kinds.setdefault(type(action).__name__, []).append(action)
        return self.rng.choice(kinds[self.rng.choice(sorted(kinds))])

    @staticmethod
    def _toward(seat: str, menu: Menu, target: int, now: float) -> tuple[InputEvent, bool]:
        """One press bringing the cursor toward ``target`` (the shorter way), or ok on it."""
        if menu.cursor == target:
            return ButtonPressed(seat, "ok", now), False
        count = len(menu.items)
        forward = (target - menu.cursor) % count
        role = "next" if forward <= count - forward else "prev"
        return ButtonPressed(seat, role, now), True


def _submenu(value: Any) -> Menu | None:
    return value() if callable(value) and not isinstance(value, Action) else None


def _actions(menu: Menu) -> list[Action]:
    found: list[Action] = []
    for item in menu.items:
        if isinstance(item.value, Action):
            found.append(item.value)
        elif (sub := _submenu(item.value)) is not None:
            found += _actions(sub)
    return found


def _path(menu: Menu, target: Action) -> int | None:
    """The index of the item of ``menu`` that leads to ``target``."""
    for i, item in enumerate(menu.items):
        if isinstance(item.value, Action):
            if item.value == target:
                return i
        elif (sub := _submenu(item.value)) is not None and _path(sub, target) is not None:
            return i
    return None


# ---------------------------------------------------------------------- sessions


def play(meter: Meter, driver: Driver, inputs: int, think: float, rng: random.Random,
         samples: Samples, on_input: Callable[[int], None] | None = None) -> None:
    """``inputs`` inputs into ``samples``, the driver's label refined by what was committed."""
    idle = 0
    for n in range(1, inputs + 1):
        event, kind = driver.next()
        target = driver.target
        if think > 0:
            time.sleep(rng.uniform(0.0, think) + driver.pause)
        driver.pause = 0.0
        if kind == "first game chosen":
            driver.preloaded = _engine_loaded()  # imported ahead while the cursor rested
        sample = meter.measure(event)
        if kind == "commit":
            if not sample.actions:
                raise RuntimeError(f"{event} was meant to commit {target} but did not")
            kind = f"commit {type(target).__name__.lower()}"
            kind = kind if kind in KINDS else "commit other"
        elif sample.actions:
            raise RuntimeError(f"{event} ({kind}) committed an action unexpectedly")
        idle = 0 if sample.commits else idle + 1
        if idle > 200:
            raise RuntimeError("200 inputs without a journal write: the driver is stuck")
        samples.add(kind, sample)
        if on_input is not None:
            on_input(n)


def settle() -> None:
    """What ``refbox run`` and ``refbox sim`` do once the box has started (``daemon.settle``:
    the start-up's objects frozen out of the collector's way), on a tree that has it."""
    getattr(daemon_module, "settle", lambda: None)()


def _engine_loaded() -> bool:
    """Whether the game's engine is loaded in this process (choosing it imports it if not)."""
    shipped = getattr(registry_module, "SHIPPED", {})
    engine = shipped[GAME][1] if GAME in shipped else f"services.games.{GAME.replace('-', '_')}"
    return engine in sys.modules


def latency_session(directory: str, inputs: int, seed: int, think: float, rest: float
                    ) -> tuple[Samples, Driver, dict[str, float]]:
    """The daemon's thread starts the box and runs its loop (the journal's SQLite connection
    belongs to the thread that opened it); this thread plays the part of the button
    callbacks."""
    samples = Samples(inputs)
    with tempfile.TemporaryDirectory(dir=directory, prefix="refbox-latency-") as data:
        write_sim_tags(data)  # as in the memory session: the engine loads when chosen
        meter = Meter()
        meter.loop = True
        box = build_box(data, seed, meter)
        ready, stop = threading.Event(), threading.Event()

        def daemon() -> None:
            try:
                box.start()
                settle()  # as the daemon's process does after start
                try:
                    meter.instrument(box)
                    ready.set()
                    box.run(stop)
                finally:
                    WARNINGS.phase = "at box.close()"
                    box.close()
                    WARNINGS.phase = "while running"
            except BaseException as error:
                meter.failure = error
                ready.set()
                meter.done.set()

        loop = threading.Thread(target=daemon, name="box loop")
        loop.start()
        try:
            ready.wait()
            if meter.failure is not None:
                raise RuntimeError("the box did not start") from meter.failure
            driver = Driver(box, random.Random(seed))
            driver.rest = rest
            play(meter, driver, inputs, think, random.Random(seed + 1), samples)
            idle = idle_cost(meter)
        finally:
            stop.set()
            loop.join()
            meter.detach()
        if meter.failure is not None:
            raise RuntimeError("the box loop failed") from meter.failure
    return samples, driver, idle


def idle_cost(meter: Meter, seconds: float = IDLE) -> dict[str, float]:
    """The loop with no input for ``seconds`` (a game in progress on the screens)."""
    steps, cpu, process = meter.steps, meter.loop_cpu, time.process_time()
    time.sleep(seconds)
    count = meter.steps - steps
    return {"seconds": seconds, "steps": count / seconds,
            "per_step": (meter.loop_cpu - cpu) / max(count, 1),
            "loop": (meter.loop_cpu - cpu) / seconds,
            "process": (time.process_time() - process) / seconds}


def rss_kib(field: str = "VmRSS") -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return -1


def kept_cues(box: Box) -> int:
    """What the sim's RecordingFeedback has recorded: cues played and output changes."""
    feedback = box._feedback
    outputs = getattr(feedback, "outputs", None)
    return len(getattr(feedback, "played", ())) + len(getattr(outputs, "changes", ()))


def kept_frames(meter: Meter) -> int:
    """Frames the sim's memory screen backend keeps (the last 50 per screen; not on a Pi)."""
    output = meter.sim.output if meter.sim is not None else None
    return sum(len(f) for f in getattr(output, "frames", {}).values())


def memory_session(directory: str, inputs: int, seed: int, keep_frames: int = 1,
                   text_cache: int | None = None, every_game: bool = False) -> dict[str, Any]:
    """Run in a fresh interpreter (``--memory-child``); returns checkpoints and samples.
    The sim keeps the last ``keep_frames`` frames of each screen. To compare: ``text_cache``
    entries in the text cache instead of its own size, ``every_game`` loaded at start (as the
    registry did before it loaded a game when chosen)."""
    if text_cache is not None:  # this process only
        render._strip = functools.lru_cache(maxsize=text_cache)(render._strip.__wrapped__)
    rows: list[dict[str, Any]] = []
    samples = Samples(inputs)
    with tempfile.TemporaryDirectory(dir=directory, prefix="refbox-memory-") as data:
        write_sim_tags(data)
        meter = Meter()
        box = build_box(data, seed, meter)
        if every_game:
            list(box.registry)
        rows.append({"inputs": "before start", "rss": rss_kib()})
        box.start()
        settle()
        try:
            output = getattr(meter.sim, "output", None)
            if output is not None and hasattr(output, "keep"):
                output.keep = keep_frames
            meter.instrument(box)
            driver = Driver(box, random.Random(seed))
            journal = Path(data) / "refbox.sqlite"
            checkpoints = {c for c in (100, 500, 1000, 2000, 5000, 10000, 20000, 50000)
                           if c < inputs} | {inputs}

            def note(n: int | str) -> None:
                size = journal.stat().st_size + _size(journal.with_name(journal.name + "-wal"))
                rows.append({"inputs": n, "rss": rss_kib(),  # read before gc.get_objects()
                             "anon": rss_kib("RssAnon"),
                             "maxrss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                             "objects": len(gc.get_objects()), "games": driver.games,
                             "finished": driver.finished, "journal": size,
                             "strips": render._strip.cache_info().currsize,
                             "frames": kept_frames(meter), "cues": kept_cues(box)})

            note(0)

            def on_input(n: int) -> None:
                if n in checkpoints:
                    note(n)

            play(meter, driver, inputs, 0.0, random.Random(seed + 1), samples, on_input)
            gc.collect()
            note(f"{inputs}, gc'd")
        finally:
            meter.detach()
            box.close()
    strips = render._strip.cache_info()
    return {"rows": rows, "strip_hits": strips.hits, "strip_misses": strips.misses,
            "samples": [(k, dataclasses.asdict(x)) for k, x in samples.items()]}


def write_sim_tags(data_dir: str) -> None:
    """The sim's made-up tag registry, written in another process: the sim writes it at its
    first start, reading every game's pieces (so importing every engine), which a box on a Pi
    (tags enrolled with ``refbox enroll``) and every later sim start never do."""
    script = ("import sys; from pathlib import Path; "
              "from services.games.registry import default_registry; "
              "from services.referee.box.simtags import ensure_sim_tags; "
              "ensure_sim_tags(Path(sys.argv[1]) / 'tags.toml', default_registry())")
    subprocess.run([sys.executable, "-c", script, data_dir], cwd=ROOT, check=True)


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except FileNotFoundError:
        return 0


def prepare_resume(directory: str, seed: int) -> str:
    """A data directory whose journal holds an Escape! game interrupted after ~30 actions."""
    data = tempfile.mkdtemp(dir=directory, prefix="refbox-resume-src-")
    meter = Meter()
    box = build_box(data, seed, meter)
    box.start()
    try:
        meter.instrument(box)
        driver = Driver(box, random.Random(seed))
        actions = 0
        while actions < 30 or box._table().mode != "game":
            event, _kind = driver.next()
            actions += meter.measure(event).actions
    finally:
        meter.detach()
        WARNINGS.phase = "at box.close()"
        box.close()  # no pause(): as after a power cut, boot resumes the game
        WARNINGS.phase = "while running"
    return data


# ---------------------------------------------------------------------- start-up

CHILD = """
import json, os, sys, time
t_main = time.monotonic()
import services.referee.box.daemon as daemon
t_daemon = time.monotonic()
from services.referee.assemble import sim_box
from services.games.registry import default_registry
t_imports = time.monotonic()
registry = default_registry()
t_registry = time.monotonic()
import firmware_py.sim.emulated_screens, firmware_py.sim.virtual_reader  # sim_box does it lazily
t_sim = time.monotonic()
parts = {}

def timed(name, function):  # the parts of box.start(), patched in this process only
    def wrapper(*args, **kwargs):
        start = time.monotonic()
        try:
            return function(*args, **kwargs)
        finally:
            parts[name] = parts.get(name, 0.0) + time.monotonic() - start
    return wrapper

class PrintNotify(daemon.Notify):
    def ready(self, status=""):
        print("READY", repr(time.monotonic()), flush=True)

box, sim = sim_box("sim", sys.argv[1], time.monotonic, screens="memory", threaded=True, seed=1,
                   registry=registry)
box.notify = PrintNotify()
daemon.Journal.__init__ = timed("journal", daemon.Journal.__init__)
daemon.BoardButtons.__init__ = timed("buttons", daemon.BoardButtons.__init__)
daemon.Table.boot = timed("boot", daemon.Table.boot)
box.backends.screens = timed("screens", box.backends.screens)
box.backends.pin_factory = timed("buttons", box.backends.pin_factory)
box.backends.reader = timed("readers", box.backends.reader)
box.render = timed("frames", box.render)
t_built = time.monotonic()
box.start()
times = {"main": t_main, "daemon": t_daemon, "imports": t_imports, "registry": t_registry,
         "sim": t_sim, "built": t_built, "mode": box.table.mode, "parts": parts}
if sys.argv[2] == "close":
    t_close = time.monotonic()
    box.close()
    times["close"] = time.monotonic() - t_close
print(json.dumps(times), flush=True)
if sys.argv[2] != "close":  # box.close() takes seconds (see the close line of the report)
    import shutil
    for virtual in sim.virtual_readers.values():  # what os._exit would leave in /tmp
        shutil.rmtree(os.path.dirname(virtual.path), ignore_errors=True)
    os._exit(0)
"""

START_PHASES = (
    ("interpreter", "process spawn -> first line of the script (interpreter start-up, site)"),
    ("import daemon", "import services.referee.box.daemon (the first refbox import)"),
    ("import more", "import services.referee.assemble and services.games.registry"),
    ("registry", "default_registry(): the games' metadata (an engine loads when chosen)"),
    ("sim modules", "import firmware_py.sim.emulated_screens, .virtual_reader"),
    ("build", "sim_box(): load and validate the profile, make the Box"),
    ("start", "box.start() -> notify.ready(), the sum of the 7 lines below"),
    ("- journal", "  open the journal (SQLite WAL; creates the schema in an empty data dir)"),
    ("- screens", "  the 8 emulated screens"),
    ("- buttons", "  mock pin factory and BoardButtons (30 gpiozero Buttons)"),
    ("- readers", "  6 virtual RDM6300 readers (ptys) and their TagReaders"),
    ("- boot", "  Table.boot(): nothing, or resume the interrupted game (replay)"),
    ("- frames", "  the first render: all 8 screens drawn and shown"),
    ("- rest", "  the rest: tag registry, threads, feedback, Table()"),
    ("to READY", "process spawn -> notify.ready() (the sum of the unindented lines)"),
)
PARTS = ("journal", "screens", "buttons", "readers", "boot", "frames")


def one_start(data: str, close: bool = False) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    spawn = time.monotonic()
    out = subprocess.run([sys.executable, "-c", CHILD, data, "close" if close else "exit"],
                         capture_output=True, text=True, env=env, check=True)
    ready_line, result_line = out.stdout.strip().splitlines()[-2:]
    ready = float(ready_line.split()[1])
    times = json.loads(result_line)
    result = {"interpreter": times["main"] - spawn,
              "import daemon": times["daemon"] - times["main"],
              "import more": times["imports"] - times["daemon"],
              "registry": times["registry"] - times["imports"],
              "sim modules": times["sim"] - times["registry"],
              "build": times["built"] - times["sim"], "start": ready - times["built"],
              "to READY": ready - spawn, "mode": times["mode"], "close": times.get("close")}
    parts = times["parts"]
    result.update({f"- {name}": parts.get(name, 0.0) for name in PARTS})
    result["- rest"] = result["start"] - sum(parts.get(name, 0.0) for name in PARTS)
    return result


def bare_start() -> float:
    """A bare interpreter, ``python -c pass``: spawn to exit, in s (the same environment as
    the start-up runs)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    spawn = time.monotonic()
    subprocess.run([sys.executable, "-c", "pass"], env=env, check=True)
    return time.monotonic() - spawn


def startup(directory: str, runs: int, seed: int
            ) -> tuple[dict[str, list[dict[str, Any]]], float, list[float]]:
    """Per case, each run's phases; the box.close() time of one extra run (the warm-up); and
    a bare interpreter's start, measured between the runs (at least 5 times)."""
    source = prepare_resume(directory, seed)
    results: dict[str, list[dict[str, Any]]] = {"empty data dir": [], "resume a game": []}
    bare: list[float] = []
    try:
        with tempfile.TemporaryDirectory(dir=directory, prefix="refbox-start-") as scratch:
            warm = one_start(os.path.join(scratch, "warm"), close=True)  # .pyc, file cache
            bare_start()  # its own warm-up
            for run in range(max(runs, 5)):
                bare.append(bare_start())
                if run >= runs:
                    continue
                results["empty data dir"].append(one_start(os.path.join(scratch, f"e{run}")))
                resume = os.path.join(scratch, f"r{run}")
                shutil.copytree(source, resume)
                results["resume a game"].append(one_start(resume))
    finally:
        shutil.rmtree(source, ignore_errors=True)
    return results, warm["close"], bare


def daemon_imports(count: int = 8) -> list[tuple[int, str]]:
    """The direct imports of the daemon module, by cumulative time (one -X importtime run)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-X", "importtime", "-c",
                          "import services.referee.box.daemon"],
                         capture_output=True, text=True, env=env, check=True)
    children: list[tuple[int, str]] = []
    found: list[tuple[int, str]] = []
    for line in out.stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        _, cumulative, name = line[len("import time:"):].split("|")
        depth = (len(name) - len(name.lstrip(" ")) - 1) // 2
        if depth == 1:
            children.append((int(cumulative), name.strip()))
        elif depth == 0:
            if name.strip() == "services.referee.box.daemon":
                found = [*children, (int(cumulative), "= services.referee.box.daemon")]
            children = []
    return sorted(found, reverse=True)[:count]


# ---------------------------------------------------------------------- reporting


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f}" if seconds < 10 else f"{seconds * 1000:.0f}"


def pct(values: list[float], q: int) -> float:
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


MEMORY_NOTES = """\
  MiB: VmRSS, its RssAnon part (heap; the rest is mapped files), ru_maxrss (peak; Linux
       counts in it the size of this benchmark's process when it spawned the child)
  text cache: entries of services.referee.box.render._strip, the lru_cache of drawn text
              (maxsize 256; each entry a Pillow image, about 3 KB)
  sim frames: frames kept by the sim's memory screen backend (the last --keep-frames per
              screen, default 1; a box on a Pi keeps none beyond the last frame sent)
  sim cues:   buzzer cues and output changes recorded by the sim's RecordingFeedback (kept
              forever; on a Pi the feedback records nothing)"""
COLUMNS = """\
latency columns, in ms:
  p50, p99, max  of total: events.put -> the last changed frame handed to its screen (show returned)
  wait           median, put -> Table.handle starts (queue wake-up, or a tick already under way)
  handle         median, Table.handle: menus, the game action, the journal commits
  render         median, end of handle -> last frame handed over (the canvases whose key
                 changed drawn, the changed frames shown; the journal's commit waited for)
  show           median, inside the screens' show() (part of render)
  cpu            median CPU time of the loop's thread in the step that handled the input
  commit p99 max journal writes inside handle (each its own fsynced transaction; on a tree whose
                 box journal overlaps, a move's row is only handed to the journal's thread here:
                 it is written while the screens are drawn and waited for in render): p50, p99, max
  writes         mean number of journal writes per input
  frames         mean number of screens whose frame changed
  canvases       mean number of canvases drawn (a screen's picture made anew, not reused);
                 "-": this tree's table does not count them (Table.drawn)
first game chosen: the lobby's ok on the game, the first time in the process (a row of its own,
  later choices are "lobby" inputs). Table 1 rests on the game --lobby-rest s first, as a player
  reads its name, so the box imports its engine ahead; table 1b chooses at once (imported then)"""
SLOW = 0.010  # s: inputs slower than this are looked at in the line under each table


def by_kind(samples: list[tuple[str, Sample]]) -> list[tuple[str, list[Sample]]]:
    """The samples by kind of input, in KINDS order, with "committed action" (every commit)
    after menu move and menu open."""
    groups: dict[str, list[Sample]] = {}
    for kind, sample in samples:
        groups.setdefault(kind, []).append(sample)
    commits = [x for kind, x in samples if kind.startswith("commit ")]
    ordered = [(k, groups[k]) for k in KINDS if k in groups]
    ordered.insert(2, ("committed action", commits))
    return [(kind, rows) for kind, rows in ordered if rows]


def canvases(rows: list[Sample]) -> float | None:
    """Mean canvases drawn per input, None when the table does not count them."""
    if any(x.canvases < 0 for x in rows):
        return None
    return statistics.mean(x.canvases for x in rows)


def latency_json(samples: list[tuple[str, Sample]]) -> dict[str, dict[str, Any]]:
    """Per kind of input: n, p50/p99/max of the total (ms), mean frames and canvases, the
    medians of the parts (ms), and every total (ms, to pool runs)."""
    out: dict[str, dict[str, Any]] = {}
    for kind, rows in by_kind(samples):
        total = [x.total for x in rows]
        out[kind] = {
            "n": len(rows), "p50_ms": pct(total, 50) * 1000, "p99_ms": pct(total, 99) * 1000,
            "max_ms": max(total) * 1000,
            "frames": statistics.mean(x.frames for x in rows), "canvases": canvases(rows),
            **{f"{part}_p50_ms": statistics.median(getattr(x, part) for x in rows) * 1000
               for part in ("wait", "handle", "render", "show", "cpu", "commit")},
            "writes": statistics.mean(x.commits for x in rows),
            "totals_ms": [round(t * 1000, 4) for t in total]}
    return out


def latency_table(samples: list[tuple[str, Sample]], title: str) -> None:
    ordered = by_kind(samples)
    print(f"\n{title}")
    head = (f"{'input':<18} {'n':>5} {'p50':>6} {'p99':>6} {'max':>6} | {'wait':>5} "
            f"{'handle':>6} {'render':>6} {'show':>5} {'cpu':>5} | {'commit':>6} {'p99':>6} "
            f"{'max':>6} {'writes':>6} | {'frames':>6} {'canvases':>8}")
    print(head)
    print("-" * len(head))
    for kind, rows in ordered:
        total = [x.total for x in rows]
        line = (f"{kind:<18} {len(rows):>5} {ms(pct(total, 50)):>6} {ms(pct(total, 99)):>6} "
                f"{ms(max(total)):>6} | {ms(statistics.median(x.wait for x in rows)):>5} "
                f"{ms(statistics.median(x.handle for x in rows)):>6} "
                f"{ms(statistics.median(x.render for x in rows)):>6} "
                f"{ms(statistics.median(x.show for x in rows)):>5} "
                f"{ms(statistics.median(x.cpu for x in rows)):>5} | ")
        if any(x.commits for x in rows):
            commit = [x.commit for x in rows]
            line += (f"{ms(pct(commit, 50)):>6} {ms(pct(commit, 99)):>6} {ms(max(commit)):>6} "
                     f"{statistics.mean(x.commits for x in rows):>6.2f} | ")
        else:
            line += f"{'-':>6} {'-':>6} {'-':>6} {0:>6} | "
        drew = canvases(rows)
        print(line + f"{statistics.mean(x.frames for x in rows):>6.2f} "
              + (f"{drew:>8.2f}" if drew is not None else f"{'-':>8}"))
    slow = [x for _, x in samples if x.total > SLOW]
    if slow:
        print(f"over {SLOW * 1000:.0f} ms: {len(slow)} of {len(samples)} inputs; in them "
              f"median {ms(statistics.median(x.total for x in slow))} ms of which loop-thread "
              f"CPU {ms(statistics.median(x.cpu for x in slow))} ms, journal "
              f"{ms(statistics.median(x.commit for x in slow))} ms; a GC ran inside "
              f"{sum(1 for x in slow if x.gc > 0)} of them")


def filesystem(path: str) -> str:
    best, kind = "", "?"
    real = os.path.realpath(path)
    try:
        with open("/proc/mounts") as mounts:
            for line in mounts:
                parts = line.split()
                point = parts[1]
                if (real == point or real.startswith(point.rstrip("/") + "/")) \
                        and len(point) > len(best):
                    best, kind = point, parts[2]
    except OSError:
        pass
    return f"{kind} (mounted on {best or '?'})"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="start-up runs per case")
    parser.add_argument("--inputs", type=int, default=2000,
                        help="inputs of the memory session (and of the inline-step table)")
    parser.add_argument("--latency-inputs", type=int, default=800,
                        help="inputs of the loop-thread latency session")
    parser.add_argument("--think", type=float, default=TICK,
                        help="max random pause before each input in the latency session (s)")
    parser.add_argument("--lobby-rest", type=float, default=LOBBY_REST,
                        help="latency session: s the driver rests on the game in the lobby "
                             "before choosing it, as a player reads its name (0: at once)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dir", default=None, help="where the journals go (default: $TMPDIR)")
    parser.add_argument("--keep-frames", type=int, default=1,
                        help="frames per screen the sim keeps in the memory session (a panel "
                             "holds 1; the sim's default for tests is 50)")
    parser.add_argument("--text-cache", type=int, default=None,
                        help="memory session: entries of the text cache (default: its own)")
    parser.add_argument("--load-every-game", action="store_true",
                        help="memory session: load every game's engine at start (as before "
                             "games were loaded when chosen)")
    parser.add_argument("--json", metavar="FILE", default=None,
                        help="also write the figures as JSON to FILE (times in ms, memory "
                             "in KiB)")
    parser.add_argument("--memory-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    directory = args.dir or tempfile.gettempdir()
    WARNINGS.install()
    if args.memory_child:
        print(json.dumps(memory_session(directory, args.inputs, args.seed, args.keep_frames,
                                        args.text_cache, args.load_every_game)))
        return

    began = time.monotonic()
    print(f"refbox box benchmark: board {BOARD!r} (8 screens), game {GAME}, python "
          f"{sys.version.split()[0]} ({platform.machine()}), {os.cpu_count()} cpus, load "
          f"average {os.getloadavg()[0]:.2f}; journals on {filesystem(directory)}")
    if sys.flags.dont_write_bytecode:
        print("note: PYTHONDONTWRITEBYTECODE is set: modules without bytecode are compiled at "
              "every start (a user's install has bytecode)")
    print(COLUMNS)
    report: dict[str, Any] = {
        "python": sys.version.split()[0], "machine": platform.machine(),
        "cpus": os.cpu_count(), "load_before": os.getloadavg()[0],
        "source": str(Path(render.__file__).resolve().parents[3]),
        "dont_write_bytecode": bool(sys.flags.dont_write_bytecode),
        "journals_on": filesystem(directory),
        "args": {k: v for k, v in vars(args).items() if k not in ("json", "memory_child")}}

    # 1. latency through the daemon's loop thread
    section = time.monotonic()
    samples, driver, idle = latency_session(directory, args.latency_inputs, args.seed,
                                            args.think, args.lobby_rest)
    latency_table(samples.items(),
                  f"1. input -> frames through Box.run on its own thread; events put on "
                  f"box.events from another thread\n   ({args.latency_inputs} inputs, "
                  f"random 0-{args.think * 1000:.0f} ms apart; the game chosen after "
                  f"{args.lobby_rest:g} s on it, its engine "
                  f"{'imported ahead' if driver.preloaded else 'imported then'}; "
                  f"{driver.games} games started, "
                  f"{driver.finished} played to the end; {time.monotonic() - section:.1f} s)")
    report["latency"] = {"loop": latency_json(samples.items())}
    report["games"] = {"started": driver.games, "finished": driver.finished}
    report["idle"] = idle
    print(f"idle, no input for {idle['seconds']:.0f} s during a game: {idle['steps']:.0f} "
          f"steps/s, {ms(idle['per_step'])} ms CPU per step = {idle['loop'] * 100:.1f}% of a "
          f"core on the loop thread;\n  the whole process (reader threads too) "
          f"{idle['process'] * 100:.1f}% of a core")

    # 3. memory (fresh interpreter), also gives the inline-step latencies
    section = time.monotonic()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    # -m: the child reads this module's cached bytecode like the daemon's modules (a script
    # given by its path is compiled anew, which leaves ~1.7 MB more in the child's heap)
    out = subprocess.run([sys.executable, "-m", "benchmarks.box_latency", "--memory-child",
                          "--inputs", str(args.inputs), "--seed", str(args.seed + 100),
                          "--dir", directory, "--keep-frames", str(args.keep_frames),
                          *(["--text-cache", str(args.text_cache)] if args.text_cache else []),
                          *(["--load-every-game"] if args.load_every_game else [])],
                         capture_output=True, text=True, env=env, check=True)
    memory = json.loads(out.stdout)
    memory_time = time.monotonic() - section
    inline = [(k, Sample(**x)) for k, x in memory["samples"]]
    report["latency"]["inline"] = latency_json(inline)
    latency_table(inline, f"1b. the same, Box.step() called inline right after the put "
                          f"(no queue wake-up, no idle tick in the way)\n    ({args.inputs} "
                          f"inputs back to back, the memory session of table 3)")

    # 2. start-up
    section = time.monotonic()
    results, close, bare = startup(directory, args.runs, args.seed + 200)
    print(f"\n2. start-up, fresh interpreters, median of {args.runs} runs (ms; "
          f"{time.monotonic() - section:.1f} s)")
    head = f"{'phase':<14} " + " ".join(f"{c + ' median':>21} {'min':>7} {'max':>7}"
                                         for c in results)
    print(head)
    print("-" * len(head))
    for key, _what in START_PHASES:
        cells = []
        for runs in results.values():
            values = [r[key] for r in runs]
            cells.append(f"{ms(statistics.median(values)):>21} {ms(min(values)):>7} "
                         f"{ms(max(values)):>7}")
        print(f"{key:<14} " + " ".join(cells))
    modes = {case: sorted({r["mode"] for r in runs}) for case, runs in results.items()}
    print("table mode at READY: " + "; ".join(f"{c}: {', '.join(m)}" for c, m in modes.items()))
    for key, what in START_PHASES:
        print(f"  {key:<14} {what}")
    print(f"bare interpreter (python -c pass, spawn to exit), median of {len(bare)}: "
          f"{ms(statistics.median(bare))} ms (min {ms(min(bare))}, max {ms(max(bare))})")
    report["startup"] = {
        case: {key: {"median_ms": statistics.median(r[key] for r in runs) * 1000,
                     "min_ms": min(r[key] for r in runs) * 1000,
                     "max_ms": max(r[key] for r in runs) * 1000,
                     "values_ms": [r[key] * 1000 for r in runs]}
               for key, _what in START_PHASES}
        for case, runs in results.items()}
    report["bare_interpreter"] = {"median_ms": statistics.median(bare) * 1000,
                                  "min_ms": min(bare) * 1000, "max_ms": max(bare) * 1000,
                                  "values_ms": [b * 1000 for b in bare]}
    report["close_ms"] = close * 1000 if close is not None else None
    print(f"box.close() right after start (one run, empty data dir): {close * 1000:.0f} ms")
    print("import services.referee.box.daemon and its heaviest direct imports "
          "(one more run, -X importtime, cumulative):")
    for micros, name in daemon_imports():
        print(f"  {micros / 1000:>7.1f} ms  {name}")

    print(f"\n3. resident memory over a long session (fresh interpreter, inline steps, "
          f"{args.inputs} inputs; {memory_time:.1f} s)")
    head = (f"{'after inputs':>14} {'VmRSS MiB':>10} {'anon':>6} {'ru_maxrss':>10} "
            f"{'gc objects':>11} {'games':>6} {'finished':>9} {'journal KiB':>12} "
            f"{'text cache':>11} {'sim frames':>11} {'sim cues':>9}")
    print(head)
    print("-" * len(head))
    for row in memory["rows"]:
        if "maxrss" not in row:
            print(f"{row['inputs']:>14} {row['rss'] / 1024:>10.1f}")
            continue
        print(f"{row['inputs']:>14} {row['rss'] / 1024:>10.1f} {row['anon'] / 1024:>6.1f} "
              f"{row['maxrss'] / 1024:>10.1f} {row['objects']:>11,} {row['games']:>6} "
              f"{row['finished']:>9} {row['journal'] / 1024:>12.0f} {row['strips']:>11,} "
              f"{row['frames']:>11,} {row['cues']:>9,}")
    looks = memory["strip_hits"] + memory["strip_misses"]
    print(f"text cache: {memory['strip_hits']:,} of {looks:,} strips drawn came from it "
          f"({memory['strip_hits'] / max(looks, 1):.1%})")
    report["memory"] = {"unit": "KiB", "inputs": args.inputs, "rows": memory["rows"],
                        "strip_hits": memory["strip_hits"],
                        "strip_misses": memory["strip_misses"]}
    print(MEMORY_NOTES)

    print("\nnot measured: the path before events.put. With mock or real pins a press is "
          "reported at its release,\n  once the level has been stable for the debounce time "
          "(20 ms on the sim profile) and the loop's\n  next buttons.tick notices it (ticks "
          "come at most 20 ms apart): 20-40 ms after the finger lifts,\n  a hold 0.8 s after "
          "the press, a double press at its second release. Nor the bus time to real panels\n"
          "  (benchmarks/screens_bus.py), a Pi's CPU (4-6x slower) or its SD card's fsync.")
    counts: dict[tuple[str, str], int] = {}
    for phase, message in WARNINGS.messages:
        key = (phase, re.sub(r"seat\d|/tmp/\S+|\(/\S+\)", "*", message))
        counts[key] = counts.get(key, 0) + 1
    print(f"refbox warnings logged in this process: {len(WARNINGS.messages)}")
    for (phase, message), count in sorted(counts.items()):
        print(f"  {count} x {phase}: {message}")
    print(f"whole benchmark: {time.monotonic() - began:.1f} s, load average now "
          f"{os.getloadavg()[0]:.2f}")
    if args.json:
        report["warnings"] = len(WARNINGS.messages)
        report["seconds"] = time.monotonic() - began
        report["load_after"] = os.getloadavg()[0]
        with open(args.json, "w") as out_file:
            json.dump(report, out_file, indent=1)
            out_file.write("\n")
        print(f"figures written to {args.json}")


if __name__ == "__main__":
    main()
