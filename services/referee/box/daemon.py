"""The daemon: one composition root that starts the box's parts in order and stops them in
reverse, and the loop that applies input in order on one thread.

    journal -> tag registry -> screens -> pins and buttons -> readers -> feedback -> table
    (boot: resume or offer the unfinished game) -> the phones' web server (when the profile
    enables it) -> first frames -> READY=1

Damaged files never stop it: a journal file that is not a journal any more is renamed aside
(``refbox.sqlite.damaged-N``) and a new one started, a damaged tag registry is logged and not
used, a game that cannot be replayed is set aside by the table (docs/box.md, "A damaged
journal or file"); each is named on the public screen and in the log.

Hardware callbacks only put :mod:`firmware_py.events` on ``self.events``. :meth:`Box.step`
takes what is queued, lets time pass for the buttons (hold, double press), the feedback and
the table, and sends every screen whose picture changed. :meth:`Box.run` repeats it until
asked to stop, pinging the systemd watchdog only while steps complete. Scripts and tests call
:meth:`Box.step` themselves with a fake clock, so they run the daemon's own code.

:meth:`Box.start`, :meth:`Box.step`/:meth:`Box.run` and :meth:`Box.close` must all run on
the same thread: the journal's SQLite connection belongs to the thread that opened it.
"""

from __future__ import annotations

import gc
import logging
import os
import queue
import threading
import time
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import Any, Protocol

from PIL import Image, ImageChops

from firmware_py.buttons import BoardButtons
from firmware_py.events import InputEvent
from firmware_py.specs import BoardProfile, Clock
from services.games.core import Rng
from services.games.registry import Registry
from services.referee.box.devices import Backends, Reader, ScreenDevice, screen_slots
from services.referee.box.flow import Flows
from services.referee.box.phones import Phones, extra_seats, phone_seats
from services.referee.box.render import Canvas
from services.referee.box.table import Seat, Table
from services.referee.box.tagsahead import TagsAhead
from services.referee.companion.hub import CompanionError, Hub, PhoneInput
from services.referee.errors import FileDamaged, JournalDamaged
from services.referee.files import folder
from services.referee.journal import Journal
from services.referee.tags import TagRegistry, TagRegistryError

log = logging.getLogger(__name__)


class PhoneServer(Protocol):
    """What the box needs of the phones' web server (:class:`.companion.server.Companion`)."""

    url: str

    def start(self) -> None: ...

    def stop(self) -> None: ...


ServePhones = Callable[[Hub], PhoneServer]

TICK = 0.02  # s between button/feedback ticks when nothing else is due
RETRY = 1.0  # s between redraws offered to an offline screen (it backs off on its own too)
JOURNAL = "refbox.sqlite"
TAGS = "tags.toml"
INSTALLED_DATA = Path("/var/lib/refbox")  # the systemd unit's StateDirectory


class Notify:
    """What the daemon tells its supervisor (systemd's notify protocol, or nothing)."""

    def ready(self, status: str = "") -> None: ...

    def status(self, text: str) -> None: ...

    def watchdog(self) -> None: ...

    def watchdog_interval(self) -> float | None:
        return None

    def stopping(self) -> None: ...


class Box:
    def __init__(self, profile: BoardProfile, data_dir: str | Path, *, registry: Registry,
                 flows: Flows, backends: Backends, clock: Clock, rng: Rng,
                 notify: Notify | None = None,
                 hub: Hub | None = None, serve_phones: ServePhones | None = None) -> None:
        self.profile = profile
        self.data_dir = Path(data_dir)
        self.registry = registry
        self.flows = flows  # the games' table flows, handed on to the table
        self.backends = backends
        self.clock = clock
        self.rng = rng
        self.notify = notify or Notify()
        self.events: queue.Queue[InputEvent | PhoneInput] = queue.Queue()
        if hub is None and serve_phones is not None:
            hub = Hub(phone_seats(profile), self.events.put)
        self.hub = hub  # phone seats (docs/phones.md): None, no phones
        self.serve_phones = serve_phones  # the web server for them (started last)
        self.phone_server: PhoneServer | None = None
        self.phones: Phones | None = None
        self.screens: dict[str, ScreenDevice] = {}
        self.readers: list[Reader] = []
        self.images: dict[str, Image.Image] = {}  # each screen's last frame sent
        self.canvases: dict[str, Canvas] = {}  # and what was drawn on it (terminal sim)
        self.frames_sent = 0
        self.texts: dict[str, list[str]] = {}  # what each screen's last frame says (tests)
        self.table: Table | None = None
        self._tags: TagRegistry | None = None
        self._tags_ahead: TagsAhead | None = None  # read after READY, taken when needed
        self._stack = ExitStack()
        self._buttons: BoardButtons | None = None
        self._feedback: Any = None
        self._redraw_at: float | None = None  # when a timed change (a reveal ending) is due
        self._retry_at = 0.0  # offline screens are offered their frame again from then on
        self._unshown = False  # input handled since the last render (phone versions are old)
        self.warning = ""  # a damaged file set aside at start, for the public screen
        self._blank = Canvas()  # for a screen the table draws nothing on

    # ------------------------------------------------------------------ start and stop

    def start(self) -> None:
        """Open every part in order; on any failure, close what was opened and re-raise."""
        try:
            self._start()
        except BaseException:
            self.close()
            raise

    def _start(self) -> None:
        stack = self._stack
        folder(self.data_dir, "the journal and the tag registry")
        for game_id, error in self.registry.unavailable.items():
            log.error("%s left out of the lobby: its data pack is damaged: %s", game_id, error)
            self.warning = self.warning or f"{game_id}: data pack damaged, see the log"
        journal = stack.enter_context(self._open_journal())
        if self.backends.prepare_data is not None:
            try:
                self.backends.prepare_data(self.data_dir, self.registry)
            except TagRegistryError as error:  # the reading says so and goes on without it
                log.debug("simulated tags not written: %s", error)
        self._tags_ahead = TagsAhead(self.data_dir / TAGS)
        for closer in self.backends.closers:  # simulated twins: closed after their users
            stack.callback(closer)
        self.screens = self.backends.screens(screen_slots(self.profile), self.clock,
                                             self.events.put)
        stack.callback(self._close_screens)
        factory = self.backends.pin_factory(self.profile)
        self._buttons = stack.enter_context(
            BoardButtons(self.profile, self.events.put, self.clock, factory))
        for seat in self.profile.seats:
            if seat.reader is not None:
                self.readers.append(
                    self.backends.reader(seat.reader, seat.name, self.events.put, self.clock))
        if self.profile.table_reader is not None:
            self.readers.append(self.backends.reader(self.profile.table_reader, "table",
                                                     self.events.put, self.clock))
        if self.backends.threaded_readers:
            for reader in self.readers:
                reader.start()
        stack.callback(self._stop_readers)
        self._feedback = self.backends.feedback(self.profile, factory, self.clock)
        stack.callback(self._feedback.close)
        seats = [Seat(s.name, s.label) for s in self.profile.seats]
        if self.hub is not None:
            seats += extra_seats(self.hub, seats)
        self.table = Table(self.registry, journal, seats, self.rng, flows=self.flows,
                           cue=self._cue, lookup=self._lookup_tag)
        if self.hub is not None:
            self.phones = Phones(self.hub, self.table, self.data_dir)
            self.table.table_items = self.phones.table_items
        self.table.boot()
        if self.hub is not None and self.serve_phones is not None:
            self._serve_phones(self.hub, self.serve_phones)
        if self.warning and not self.table.lobby.note:
            self.table.lobby.note = self.warning
        self.render()
        self.notify.ready(f"{self.profile.name}: ready")
        self._tags_ahead.start()
        log.info("refbox ready on board %s (%d seats)", self.profile.name, len(seats))

    def _serve_phones(self, hub: Hub, serve: ServePhones) -> None:
        """The phones' web server, stopped first. A server that cannot start (its port
        taken, no network) is named in the log and on the public screen; the box goes on
        with its hardware seats."""
        try:
            server = serve(hub)
            server.start()
        except CompanionError as error:
            log.error("phones cannot join: %s", error.message)
            self.warning = self.warning or "Phones off: see the log"
            return
        self._stack.callback(server.stop)
        self.phone_server = server
        from services.referee.box.joinpage import join_page  # segno: only with phones

        url = server.url
        log.info("phones join at %s (join code %s)", url, hub.code)
        self._table().join_page = lambda: join_page(url, hub.code)
        from services.referee.box.screenpage import screen_page

        self._table().screen_page = lambda: screen_page(url, hub.screen.code)
        self._table().join_code = lambda: hub.code

    def _open_journal(self) -> Journal:
        """The journal; a file that is not a journal any more is set aside (renamed, kept)
        and a new one started, so a damaged file never stops the box."""
        path = self.data_dir / JOURNAL
        try:
            journal = Journal(str(path), overlap=True)
        except JournalDamaged as error:
            problem = error.message
        else:
            found = journal.damage()
            if found is None:
                return journal
            journal.close()
            problem = f"{path}: the file is damaged ({found})"
        kept = set_aside_file(path)
        log.error("%s; it is kept as %s and a new journal is started", problem, kept.name)
        self.warning = "Journal set aside"
        return Journal(str(path), overlap=True)

    @property
    def tags(self) -> TagRegistry | None:
        """The tag registry (None: its file is damaged, see the log); read after READY
        (:mod:`.tagsahead`), so the first look may wait for the end of the reading."""
        self._take_tags()
        return self._tags

    def _take_tags(self) -> None:
        ahead = self._tags_ahead
        if ahead is not None:
            self._tags_ahead = None
            found = ahead.result()
            if isinstance(found, TagRegistryError):
                log.error("tag registry not used: %s", found)
                self.warning = self.warning or "Tags file damaged"
                table = self.table
                if table is not None and not table.lobby.note:
                    table.lobby.note = self.warning
                    table.epoch += 1
                self._unshown = True
            else:
                self._tags = found

    def _lookup_tag(self, tag: str) -> tuple[str, str, str] | None:
        tags = self.tags
        return None if tags is None else _lookup(tags, tag)

    def close(self) -> None:
        """Stop every part, in reverse order of starting."""
        if self.table is not None:
            self._take_tags()  # a damaged registry is said even by a box that never looked
        self._stack.close()

    def _close_screens(self) -> None:
        for screen in self.screens.values():
            screen.close()

    def _stop_readers(self) -> None:
        if self.backends.threaded_readers:
            for reader in self.readers:
                reader.request_stop()  # all at once, then each is waited for
            for reader in self.readers:
                reader.stop()

    # ------------------------------------------------------------------ the loop

    def step(self, wait: float = 0.0) -> int:
        """Handle queued input (waiting up to ``wait`` s for some), let time pass, redraw.

        Returns how many input events were handled.
        """
        table = self._table()
        handled = 0
        try:
            first = self.events.get(timeout=wait) if wait > 0 else None
        except queue.Empty:
            first = None
        if first is not None:
            self._handle(table, first)
            handled += 1
        if self._buttons is not None:
            self._buttons.tick(self.clock())  # holds and double presses that came due
        if not self.backends.threaded_readers:
            for reader in self.readers:
                reader.step()
        while True:
            try:
                event = self.events.get_nowait()
            except queue.Empty:
                break
            self._handle(table, event)
            handled += 1
        if self._feedback is not None:
            self._feedback.tick(self.clock())
        if self.phones is not None:
            if self.phones.keep():  # saved for a restart; a new join code: screens say it
                self._unshown = True
        if self._tags_ahead is not None and self._tags_ahead.done:
            self._take_tags()  # the reading is over (a damaged file is said now)
        now = self.clock()
        moved = table.tick(now)  # the box's own seats: a decision made off this thread
        due = moved or (self._redraw_at is not None and now >= self._redraw_at)
        retry = now >= self._retry_at and any(not s.online for s in self.screens.values())
        if handled or due or retry or self._unshown:
            self.render()
        return handled

    def _handle(self, table: Table, event: InputEvent | PhoneInput) -> None:
        if isinstance(event, PhoneInput):
            if self.phones is None:
                log.warning("input from phone seat %r on a box without phones: ignored",
                            event.seat)
                return
            if self._unshown:
                self.render()  # a phone's input is checked against the screen it saw
            self.phones.handle(event, self.clock())
        else:
            table.handle(event, self.clock())
        self._unshown = True

    def run(self, stop: threading.Event) -> None:
        """Loop until ``stop`` is set, then finish: pause the game and say so on screen."""
        interval = self.notify.watchdog_interval()
        every = interval / 2 if interval else None
        pinged = 0.0
        while not stop.is_set():
            self.step(wait=TICK)
            now = time.monotonic()  # real time: the watchdog is systemd's, not the game's
            if every is not None and now - pinged >= every:
                self.notify.watchdog()  # only reached when a whole step has completed
                pinged = now
        self.notify.stopping()
        table = self._table()
        table.pause()
        self.render()

    @property
    def shown(self) -> dict[str, bytes]:
        """Each screen's last frame sent, as bytes (tests compare frames with these)."""
        return {name: image.tobytes() for name, image in self.images.items()}

    def render(self) -> None:
        """Send every screen whose picture changed. The table hands back the very canvas
        it drew before for a screen whose key did not change (nothing to compare); a
        redrawn one is compared with the last frame sent (often the same). The journal's
        commit of the last change runs while the canvases are drawn, and no frame is sent
        before it is on disk (``Table.settle``)."""
        now = self.clock()
        self._redraw_at = self._table().next_change(now)
        self._retry_at = now + RETRY
        self._unshown = False
        table = self._table()
        frames = table.screens(now)  # the last change's journal row commits meanwhile
        if not table.settle():  # no frame before its row is on disk; a failed one is undone
            frames = table.screens(now)
        for name, screen in self.screens.items():
            canvas = frames.get(name) or self._blank
            online = screen.online
            if canvas is self.canvases.get(name) and online:
                continue
            if online and _same(self.images.get(name), canvas.image):
                self.canvases[name] = canvas
                self.texts[name] = list(canvas.texts)
                continue
            screen.show(canvas.image)
            self.images[name] = canvas.image
            self.canvases[name] = canvas
            self.frames_sent += 1
            self.texts[name] = list(canvas.texts)
        if self.phones is not None:
            self.phones.publish(frames)

    def _cue(self, name: str) -> None:
        if self._feedback is not None:
            self._feedback.play(name)

    def _table(self) -> Table:
        if self.table is None:
            raise RuntimeError("the box is not started")
        return self.table


def _same(shown: Image.Image | None, drawn: Image.Image) -> bool:
    """Whether ``drawn`` has the very pixels of the frame ``shown`` (an XOR of the two
    one-bit images has no ink: a C-speed compare, no bytes made)."""
    if shown is None or shown.size != drawn.size or shown.mode != drawn.mode:
        return False
    if shown.mode != "1":
        return shown.tobytes() == drawn.tobytes()
    return ImageChops.logical_xor(shown, drawn).getbbox() is None


def _lookup(tags: TagRegistry, tag: str) -> tuple[str, str, str] | None:
    entry = tags.lookup(tag)
    return None if entry is None else (entry.game, entry.kind, entry.id)


def settle() -> None:
    """Once the box has started, in the daemon's own process (``refbox run``, ``refbox sim``;
    never in tests, which start many boxes in one process): what start-up made (modules, the
    profile, the registry) lives as long as the process, so the cyclic garbage collector is
    told to stop walking it (:func:`gc.freeze`). A full collection then walks only what the
    games made since: on the host one took 12.5 ms among 1,500 inputs, about 80 ms on the
    arm64 proxy, inside whichever input it fell on (docs/performance.md)."""
    gc.freeze()


def install_stop_signals(stop: threading.Event) -> Callable[[], None]:
    """SIGTERM and SIGINT set ``stop`` (the loop finishes its step first); returns undo."""
    import signal

    def handler(signum: int, frame: object) -> None:
        log.info("signal %d: finishing the current step and pausing", signum)
        stop.set()

    previous = {sig: signal.signal(sig, handler) for sig in (signal.SIGTERM, signal.SIGINT)}

    def restore() -> None:
        for sig, old in previous.items():
            signal.signal(sig, old)

    return restore


def default_data_dir() -> Path:
    """The box's data folder: ``$REFBOX_DATA``, else the installed box's ``/var/lib/refbox``
    when it exists, else ``~/.local/share/refbox`` (a laptop)."""
    if "REFBOX_DATA" in os.environ:
        return Path(os.environ["REFBOX_DATA"])
    if INSTALLED_DATA.is_dir():
        return INSTALLED_DATA
    return Path.home() / ".local" / "share" / "refbox"


def set_aside_file(path: Path) -> Path:
    """Rename a damaged file (and SQLite's -wal and -shm beside it) to ``NAME.damaged-N``."""
    number = 1
    while path.with_name(f"{path.name}.damaged-{number}").exists():
        number += 1
    kept = path.with_name(f"{path.name}.damaged-{number}")
    try:
        for suffix in ("-wal", "-shm", ""):
            side = path.with_name(path.name + suffix)
            if side.exists():
                side.rename(kept.with_name(kept.name + suffix))
    except OSError as error:
        raise FileDamaged(str(path), f"it is damaged and cannot be set aside: {error.strerror}"
                          ) from None
    return kept
