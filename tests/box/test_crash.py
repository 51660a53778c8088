"""SIGKILL the daemon at 200+ random points of scripted games; every restart shows exactly what
an uninterrupted run showed after the last committed journal row.

How it works:

* A deterministic *policy* plays Escape! (3 players; the box deals the cards in odd games,
  the players use their own cards in even ones) through the buttons and tag taps a player
  would use (:mod:`tests.box.navigator`). The move is a random legal one drawn from
  ``random.Random(f"{SEED}:{game}:{rows}")``, ``rows`` being the game's journal rows so far;
  the box's own dice (the opening shuffle) are drawn the same way, keyed on the journal
  position (:class:`PositionRng`). So what happens next depends only on what is committed,
  and a restarted daemon carries on exactly as an uninterrupted one would.
* The *reference* is that policy played once without interruption. After every script line
  that committed something it keeps the engine snapshot and every screen as they must be
  right after a restart: the uninterrupted table's own frames at that moment, with nobody
  peeking (a restart is not a deliberate reveal, so privacy starts hidden). Menus are at
  their start there anyway: each commit resets them, and leaving a finished game opens a new
  lobby. The box commits a new dealt game and its opening shuffle in one step; a restart
  between the two finishes the shuffle (it resolves pending chance on resume), so that
  in-between row has no picture of its own.
* The *kills*: ``os.fork()`` from this warm process (it has started and closed a box once, so
  every import is done and a restart costs only the daemon's own start). The child starts the
  simulated box on the shared data dir (``boot()`` resumes), reports what it shows, plays on,
  and reports each script line and each journal write, as it starts and once it returned.
  The parent SIGKILLs it at once when it has read a random number of reports (anywhere:
  mid-press, mid-menu, mid-tag), or as soon as a write starts (mid-commit), or right after
  the fork (mid-start, mid-replay), or when a game has just ended; then it drains the pipe
  (commits reported before death count as acknowledged) and checks the journal: ``PRAGMA
  integrity_check`` is ok, no acknowledged row was lost, at most one row appeared that was
  not acknowledged. The next child's first report is the restart under test: its journal
  position, engine snapshot and every panel's pixels must equal the reference's.

The uninterrupted run plays in a forked child too, alongside the kills (its result comes back
as a pickle; the comparisons are made at the end). The parent never holds an SQLite
connection across a fork: it opens the journal only between a kill and the next fork. Nothing
waits on the wall clock: the parent blocks on the pipes and on ``waitpid``.

The board is the sim board with its first three seats (the game has three players; three idle
seats would only make each of the 200 restarts slower).
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import random
import signal
import tempfile
import threading
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from services.referee.assemble import sim_box
from services.referee.box.daemon import JOURNAL, Box
from services.referee.box.privacy import Privacy
from services.referee.box.script import FakeClock, ScriptRunner
from services.referee.journal import Journal
from tests.box.navigator import lobby_lines, presses

ROOT = Path(__file__).resolve().parents[2]
SEED = 20261121
PLAYERS = 3
GAMES = 2  # the schedule: a dealt game, then a physical one
MODES = (("dealt", []), ("physical", ["press seat1 ok"]))  # options-menu presses per mode
KILLS = 200

Position = tuple[int, int, bool]  # the latest game's id, its journal rows, whether it was left


def position(journal: Journal) -> Position:
    """Where the journal is: every commit of the box moves this forward."""
    games = journal.games()
    if not games:
        return (0, 0, False)
    last = games[-1]
    return (last.id, last.entries, bool(last.settings.get("left")))


def three_seat_board(folder: Path) -> str:
    """hw/sim.toml without seats 4 to 6, as a profile file."""
    text = (ROOT / "hw" / "sim.toml").read_text()
    text = text[: text.index('[[seats]]\nname = "seat4"')]
    path = folder / "sim-three-seats.toml"
    path.write_text(text.replace('name = "sim"', 'name = "sim-three-seats"', 1))
    return str(path)


class PositionRng:
    """The box's dice, drawn afresh at each journal position (same position, same draw)."""

    def __init__(self, box: Box, seed: int) -> None:
        self.box = box
        self.seed = seed
        self._at: Position | None = None
        self._rng = random.Random()

    def _current(self) -> random.Random:
        at = position(self.box._table().journal)
        if at != self._at:
            self._at, self._rng = at, random.Random(f"{self.seed}:box:{at}")
        return self._rng

    def randint(self, a: int, b: int) -> int:
        return self._current().randint(a, b)

    def shuffle(self, x: list[Any]) -> None:
        self._current().shuffle(x)

    def choice(self, seq: Sequence[Any]) -> Any:
        return self._current().choice(seq)


class CrashBox:
    """The simulated daemon (as :class:`tests.box.conftest.SimTable`) with position-keyed
    dice, and hooks around every journal write (``before`` it starts, ``after`` it returned,
    that is once the row is durable)."""

    def __init__(self, board: str, data: Path, before: Callable[[], None] | None = None,
                 after: Callable[[], None] | None = None) -> None:
        self.clock = FakeClock()
        self.box, self.sim = sim_box(board, data, self.clock, screens="memory",
                                     threaded=False, seed=SEED)
        self.box.rng = PositionRng(self.box, SEED)
        self.box.start()  # boot(): resume the game (and finish a pending shuffle)
        self.runner = ScriptRunner(self.box, self.sim, self.clock)
        self.table = self.box._table()
        self.journal = self.table.journal
        for name in ("create_game", "append", "append_later", "update_settings"):
            original = getattr(self.journal, name)

            def write(*args: Any, _original: Any = original, _name: str = name,
                      **kwargs: Any) -> Any:
                if before is not None:
                    before()
                result = _original(*args, **kwargs)
                if _name == "append_later":  # a move's row, written on the journal's thread:
                    failed = self.journal.collect()  # "after" is once it is on disk
                    if failed is not None:
                        raise failed
                if after is not None:
                    after()
                return result

            setattr(self.journal, name, write)


@dataclass
class Expected:
    snapshot: dict[str, Any] | None  # the engine's, None in the lobby
    screens: dict[str, str]  # screen name -> digest of its pixels
    texts: dict[str, list[str]]  # what they say (for failure messages)


def digest(image: Any) -> str:
    return hashlib.sha256(image.tobytes()).hexdigest()[:20]


def as_restarted(crash: CrashBox) -> Expected:
    """The uninterrupted table now, as a restart must show it: nobody peeking."""
    table = crash.table
    kept, table.privacy = table.privacy, Privacy()
    try:
        frames = table.screens(crash.clock())
    finally:
        table.privacy = kept
    names = sorted(crash.box.screens)
    return Expected(table.live.state.to_json() if table.live is not None else None,
                    {n: digest(frames[n].image) for n in names},
                    {n: list(frames[n].texts) for n in names})


def shown(crash: CrashBox) -> Expected:
    """What the (restarted) daemon shows: the emulated panels' own pixels."""
    table = crash.table
    names = sorted(crash.sim.screens)
    for name in names:
        assert crash.sim.screens[name].online, f"{name} is offline"
    return Expected(table.live.state.to_json() if table.live is not None else None,
                    {n: digest(crash.sim.screens[n].frame) for n in names},
                    {n: list(crash.box.texts.get(n, [])) for n in names})


def play(crash: CrashBox, games: int, tick: Callable[[], None]) -> None:
    """Play the schedule on from wherever the table is; ``tick`` after every script line."""
    table, journal, runner = crash.table, crash.journal, crash.runner

    def run(lines: list[str]) -> None:
        for line in lines:
            runner.run([line])
            tick()

    for _ in range(5000):
        if table.mode == "over":
            run(["hold seat1 ok"])  # leave the post-game reveal
            assert table.mode == "lobby"
        elif table.mode == "lobby":
            count = len(journal.games())
            if count >= games:
                return
            _mode, options = MODES[count % len(MODES)]
            run(["game decktet-escape", *lobby_lines(PLAYERS, options)])
            assert table.mode == "game", f"the lobby did not start game {count + 1}"
        else:
            assert table.mode == "game", table.mode
            live = table.live
            assert live is not None
            before = position(journal)
            prompt = live.state.pending()[0]
            legal = live.state.legal_actions(prompt.seat)  # type: ignore[attr-defined]
            action = random.Random(f"{SEED}:{live.id}:{before[1]}").choice(legal)
            seat = table.players[prompt.seat]  # type: ignore[attr-defined]
            run(presses(runner, seat, action))
            assert position(journal) != before, f"{seat}: {action} was not committed"
    raise AssertionError("the schedule did not finish")


@dataclass
class Reference:
    order: list[Position]  # every position the journal goes through, in order
    expected: dict[Position, Expected]  # the positions a restart can show, and how

    def index(self, at: Position) -> int:
        assert at in self.order, f"journal position {at} is not on the uninterrupted path"
        return self.order.index(at)

    def restart_point(self, at: Position) -> Position:
        """Where a box restarted at ``at`` must be: there, or past the chance it finishes."""
        for later in self.order[self.index(at):]:
            if later in self.expected:
                return later
        raise AssertionError(f"no restart point at or after {at}")


def reference_run(board: str, data: Path) -> Reference:
    """The whole schedule, uninterrupted: every position, and what a restart there shows."""
    order: list[Position] = []
    expected: dict[Position, Expected] = {}
    crash: CrashBox | None = None

    def committed() -> None:
        assert crash is not None
        at = position(crash.journal)
        if order[-1] != at:
            order.append(at)

    def tick() -> None:
        assert crash is not None
        at = position(crash.journal)
        if at not in expected:
            assert at == order[-1]
            expected[at] = as_restarted(crash)

    crash = CrashBox(board, data, after=committed)
    order.append(position(crash.journal))
    expected[order[0]] = as_restarted(crash)
    play(crash, GAMES, tick)
    return Reference(order, expected)


# ---------------------------------------------------------------------- child processes


def fork(work: Callable[[int], None]) -> tuple[int, int]:
    """Run ``work(fd)`` in a forked child; returns (pid, read end of the child's pipe).

    The child never returns into pytest: it leaves with ``os._exit`` (after an error report on
    the pipe if ``work`` raised), closing nothing, as a killed daemon would.
    """
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid != 0:
        os.close(write_end)
        return pid, read_end
    code = 0
    try:
        os.close(read_end)
        work(write_end)
    except BaseException:
        code = 1
        try:
            send(write_end, {"t": "error", "trace": traceback.format_exc()})
        except BaseException:
            pass
    finally:
        os._exit(code)


def send(fd: int, message: dict[str, Any]) -> None:
    data = (json.dumps(message, separators=(",", ":")) + "\n").encode()
    while data:
        data = data[os.write(fd, data):]


def restart(board: str, data: Path, fd: int) -> None:
    """The daemon restarted: report what it shows, then play on, reporting every commit."""
    tempfile.tempdir = str(data.parent / "tmp")  # the virtual readers' pty links
    crash: CrashBox | None = None

    def committed() -> None:
        assert crash is not None
        send(fd, {"t": "commit", "at": position(crash.journal)})

    crash = CrashBox(board, data, before=lambda: send(fd, {"t": "writing"}), after=committed)
    now = shown(crash)
    send(fd, {"t": "boot", "at": position(crash.journal), "snapshot": now.snapshot,
              "screens": now.screens, "texts": now.texts})

    def line() -> None:
        assert crash is not None
        send(fd, {"t": "line", "mode": crash.table.mode})
        if crash.table.mode == "over":  # the parent kills a daemon showing a game's end:
            threading.Event().wait()  # wait here for it, so the restart shows the reveal

    play(crash, GAMES, line)
    send(fd, {"t": "end"})


def reference_child(board: str, data: Path, out: Path, fd: int) -> None:
    tempfile.tempdir = str(data.parent / "tmp")
    with open(out, "wb") as file:
        pickle.dump(reference_run(board, data), file)
    send(fd, {"t": "end"})


# ---------------------------------------------------------------------- kills


@dataclass
class Kill:
    how: str  # "start" (right after the fork), "writing" (as a commit starts), "later"
    boot: dict[str, Any] | None  # the restarted daemon's first report (None: killed before)
    acknowledged: Position | None  # its last reported commit (None: nothing reported)
    found: Position  # the journal after the kill


def _complete(raw: bytes) -> list[dict[str, Any]]:
    """Report lines that arrived whole (a line cut by the kill was never sent)."""
    return [json.loads(line) for line in raw.split(b"\n")[:-1] if line]


def _no_error(message: dict[str, Any], what: str) -> dict[str, Any]:
    if message.get("t") == "error":
        raise AssertionError(f"{what} failed:\n{message['trace']}")
    return message


def kill_at_random_points(board: str, data: Path, rng: random.Random, kills: int
                          ) -> list[Kill]:
    """Restart the daemon and SIGKILL it, ``kills`` times; then one last restart (killed as
    soon as it has reported) to look at what the last kill left."""
    done: list[Kill] = []
    for number in range(kills + 1):
        last = number == kills
        how = "later" if last or number == 0 else rng.choices(
            ("start", "writing", "later"), (1, 2, 7))[0]
        commits, lines = (0, 0) if last else (rng.randint(0, 1), rng.randint(0, 8))
        pid, read_end = fork(lambda fd: restart(board, data, fd))
        boot: dict[str, Any] | None = None
        acknowledged: Position | None = None
        with os.fdopen(read_end, "rb") as reports:
            if how != "start":
                first = reports.readline()
                assert first.endswith(b"\n"), f"restart {number} died before reporting"
                boot = _no_error(json.loads(first), f"restart {number}")
                assert boot["t"] == "boot", boot
                acknowledged = tuple(boot["at"])  # type: ignore[assignment]
            while how != "start" and (how == "writing" or commits > 0 or lines > 0):
                line = reports.readline()
                if not line.endswith(b"\n"):
                    break
                message = _no_error(json.loads(line), f"restart {number}")
                kind = message["t"]
                if kind == "end" or (kind == "writing" and how == "writing"):
                    break
                if kind == "line" and message["mode"] == "over":
                    break  # a game just ended: restart into the post-game reveal
                if kind == "commit":
                    acknowledged = tuple(message["at"])  # type: ignore[assignment]
                    commits -= 1
                elif kind == "line" and commits <= 0:
                    lines -= 1
            os.kill(pid, signal.SIGKILL)  # at once: wherever the daemon is now
            os.waitpid(pid, 0)
            for message in _complete(reports.read()):  # reported before it died: acknowledged
                if _no_error(message, f"restart {number}")["t"] == "commit":
                    acknowledged = tuple(message["at"])  # type: ignore[assignment]
        with Journal(str(data / JOURNAL)) as journal:  # closed again before the next fork
            assert journal.integrity_check() == "ok", f"kill {number}: the journal is damaged"
            found = position(journal)
        done.append(Kill(how, boot, acknowledged, found))
    return done


def check_restart(reference: Reference, report: dict[str, Any], restart: Position,
                  what: str) -> None:
    at = tuple(report["at"])
    assert at == restart, f"{what}: the daemon restarted at {at}, not {restart}"
    want = reference.expected[restart]
    assert report["snapshot"] == want.snapshot, f"{what}: the engine state differs at {at}"
    for name, pixels in want.screens.items():
        assert report["screens"][name] == pixels, (
            f"{what}: screen {name} differs at {at}: it shows {report['texts'][name]}, "
            f"an uninterrupted run shows {want.texts[name]}")


def test_sigkill_at_random_points_restarts_exactly_where_the_game_was(tmp_path: Path) -> None:
    board = three_seat_board(tmp_path)
    # Warm up: start (and close) a box here once, so the modules it imports on the way are
    # loaded before the forks and every restart pays only for the start itself.
    CrashBox(board, tmp_path / "warm-up").box.close()
    out = tmp_path / "reference.pickle"
    (tmp_path / "tmp").mkdir()  # where the children's virtual readers put their pty links
    reference_pid, reference_end = fork(
        lambda fd: reference_child(board, tmp_path / "reference", out, fd))
    kills = kill_at_random_points(board, tmp_path / "data", random.Random(SEED), KILLS)
    with os.fdopen(reference_end, "rb") as reports:
        _no_error(json.loads(reports.readline() or b'{"t": "died"}'), "the reference run")
    os.waitpid(reference_pid, 0)
    with open(out, "rb") as file:
        reference: Reference = pickle.load(file)

    expected = reference.order[0]  # an empty journal: the lobby
    before = expected  # the journal when the daemon (re)started
    seen: set[Position] = set()
    unacknowledged = in_game = over = 0
    for number, kill in enumerate(kills):
        if kill.boot is not None:
            what = f"the restart after kill {number - 1}" if number else "the first start"
            check_restart(reference, kill.boot, expected, what)
            seen.add(expected)
        if number == KILLS:
            break
        acknowledged = kill.acknowledged or before
        lost = reference.index(kill.found) - reference.index(acknowledged)
        assert lost >= 0, (f"kill {number} ({kill.how}): {acknowledged} was acknowledged but "
                           f"the journal is at {kill.found}: a committed row was lost")
        assert lost <= 1, (f"kill {number} ({kill.how}): {lost} rows appeared that were "
                           "never acknowledged")
        unacknowledged += lost
        before, expected = kill.found, reference.restart_point(kill.found)
        snapshot = reference.expected[expected].snapshot
        in_game += snapshot is not None
        over += snapshot is not None and snapshot["phase"] == "over"
    hows = {how: sum(k.how == how for k in kills[:KILLS]) for how in ("start", "writing",
                                                                        "later")}
    print(f"{KILLS} kills {hows}: {len(seen)} distinct restart points (of "
          f"{len(reference.expected)}), {in_game} restarts in a game ({over} after it "
          f"ended), {unacknowledged} kills after a commit not yet acknowledged; got to "
          f"{max(seen)}")
    assert len({at[0] for at in seen}) >= 2, "the kills did not get into a second game"
    assert over >= 1, "no restart into a post-game reveal"
