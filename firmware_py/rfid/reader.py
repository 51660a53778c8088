"""One RFID reader on one serial port: open, read, parse, presence, events; survive unplugging.

:class:`TagReader` turns a reader's bytes into ``TagPlaced``/``TagRemoved`` events for one seat
and hands them to ``sink`` (the daemon's queue ``put``; it must only enqueue). When the port
cannot be opened, or fails while reading (unplugged USB adapter, vanished port file, PN532 that
stops answering), it emits ``DeviceStatus(online=False)`` and logs once, clears the tag it knew
of (one ``TagRemoved``), and retries opening every ``reopen_interval`` seconds; when the port is
back it emits ``DeviceStatus(online=True)`` and reads on. Nothing else is restarted.

``start()``/``stop()`` run :meth:`TagReader.step` on a background thread; tests can call
``step()`` themselves with a fake clock.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable
from typing import Any

import serial

from firmware_py.errors import DeviceOffline
from firmware_py.events import DeviceStatus, InputEvent
from firmware_py.rfid.pn532 import Pn532, Pn532Error
from firmware_py.rfid.presence import Presence, TagEvent
from firmware_py.rfid.rdm6300 import Rdm6300Parser
from firmware_py.specs import Clock, ReaderSpec

logger = logging.getLogger(__name__)

PN532_CONFIRM = 2  # polls in a row that find the same UID before it counts as placed
RDM6300_CONFIRM = 3  # identical frames in a row before a tag counts as placed (presence.py)
RDM6300_GAP = 0.3  # s without a repeat before the tag counts as lifted (repeats every ~65 ms)
PN532_EMPTY_POLLS = 3  # consecutive empty polls before the tag counts as lifted
PN532_MAX_ERRORS = 5  # consecutive garbled answers before the PN532 counts as offline
_PORT_ERRORS = (serial.SerialException, OSError)


class TagReader:
    def __init__(
        self,
        spec: ReaderSpec,
        seat: str,
        sink: Callable[[InputEvent], None],
        clock: Clock,
        opener: Callable[..., serial.Serial] = serial.serial_for_url,
        reopen_interval: float = 1.0,
        *,
        gap: float | None = None,
        empty_polls: int = PN532_EMPTY_POLLS,
        poll_interval: float = 0.1,
        read_timeout: float = 0.05,
        answer_timeout: float = 0.5,
    ) -> None:
        if spec.kind not in ("rdm6300", "pn532"):
            raise ValueError(f"{spec.name}: unknown reader kind {spec.kind!r}")
        self.spec = spec
        self.seat = seat
        self._sink = sink
        self._clock = clock
        self._opener = opener
        self.reopen_interval = reopen_interval
        self.poll_interval = poll_interval
        self.read_timeout = read_timeout
        self.answer_timeout = answer_timeout
        if spec.kind == "pn532" and spec.baud != 115200:
            logger.warning(
                "%s: PN532 HSU normally runs at 115200 baud, not %d", spec.name, spec.baud
            )
        if spec.kind == "rdm6300":
            self.presence = Presence(seat, spec.name, gap=RDM6300_GAP if gap is None else gap,
                                     confirm=RDM6300_CONFIRM)
        else:
            self.presence = Presence(seat, spec.name, gap=gap, empty_polls=empty_polls,
                                     confirm=PN532_CONFIRM)
        self._parser = Rdm6300Parser()
        self._port: Any = None
        self._pn532: Pn532 | None = None
        self._online: bool | None = None  # None until the first open attempt
        self._next_open = float("-inf")
        self._next_poll = float("-inf")
        self._next_path_check = float("-inf")
        self._errors = 0
        self.last_error: DeviceOffline | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def online(self) -> bool:
        """True while the port is open and the reader answers."""
        return self._online is True

    # -- thread -----------------------------------------------------------------------------

    def start(self) -> None:
        """Read on a background thread until :meth:`stop`."""
        if self._thread is not None:
            raise RuntimeError(f"{self.spec.name}: reader already started")
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name=self.spec.name, daemon=True)
        self._thread.start()

    def request_stop(self) -> None:
        """Ask the thread to stop without waiting (then :meth:`stop`): a box stops every
        reader at once instead of one after another."""
        self._stop.set()

    def stop(self, timeout: float = 5.0) -> None:
        """Stop the thread (if any), wait for it, and close the port."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)
            if self._thread.is_alive():
                logger.warning(
                    "%s: reader thread did not stop within %.1f s", self.spec.name, timeout
                )
                return
            self._thread = None
        self._close()
        self._online = None

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                delay = self.step()
            except Exception:  # keep reading whatever a bug did; it is logged with its trace
                logger.exception("%s (%s): unexpected reader error", self.spec.name, self.spec.port)
                self._lost("unexpected error (see log)", self._clock())
                delay = self.reopen_interval
            if delay > 0:
                self._stop.wait(delay)

    # -- one step ---------------------------------------------------------------------------

    def step(self) -> float:
        """Do one unit of work (open if due, read or poll once, check timeouts).

        Returns how long the caller may wait before the next step has anything to do.
        """
        now = self._clock()
        if self._port is None:
            if now < self._next_open:
                self._emit(self.presence.tick(now))
                return self._next_open - now
            if not self._open(now):
                return self.reopen_interval
        try:
            if self._pn532 is not None:
                return self._poll_pn532(self._pn532)
            self._read_rdm6300()
            return 0.0
        except _PORT_ERRORS as exc:
            self._lost(f"port failed: {exc}", self._clock())
        except DeviceOffline as exc:
            self._lost(exc.message, self._clock())
        return self.reopen_interval

    def _read_rdm6300(self) -> None:
        port = self._port
        data = port.read(1)  # waits up to read_timeout
        waiting = port.in_waiting if data else 0
        if waiting:
            data += port.read(waiting)
        now = self._clock()
        if not data:
            self._check_path(now)
        for tag in self._parser.feed(data):
            self._emit(self.presence.seen(tag, now))
        self._emit(self.presence.tick(now))

    def _poll_pn532(self, driver: Pn532) -> float:
        now = self._clock()
        if now < self._next_poll:
            self._emit(self.presence.tick(now))
            return self._next_poll - now
        try:
            uid = driver.read_uid()
        except Pn532Error as exc:
            self._errors += 1
            logger.debug("%s", exc)
            if self._errors >= PN532_MAX_ERRORS:
                raise DeviceOffline(
                    self.spec.name, f"garbled answers: {exc.message}", self.spec.port
                ) from None
            self.presence.interrupt()
            events = self.presence.tick(self._clock())
        else:
            self._errors = 0
            now = self._clock()
            events = self.presence.seen(uid, now) if uid else self.presence.empty(now)
        self._emit(events)
        # A UID not yet confirmed is polled again at once (a tap registers in ~1.25 polls).
        delay = self.poll_interval / 4 if self.presence.confirming else self.poll_interval
        self._next_poll = self._clock() + delay
        return delay

    def _check_path(self, now: float) -> None:
        """A device file that vanished while reads merely time out still counts as unplugged."""
        if now < self._next_path_check or not self.spec.port.startswith("/"):
            return
        self._next_path_check = now + self.reopen_interval
        if not os.path.exists(self.spec.port):
            raise serial.SerialException(f"{self.spec.port} no longer exists")

    # -- open / lose ------------------------------------------------------------------------

    def _open(self, now: float) -> bool:
        try:
            port = self._opener(self.spec.port, baudrate=self.spec.baud, timeout=self.read_timeout)
        except (*_PORT_ERRORS, ValueError) as exc:
            self._lost(f"cannot open: {exc}", now)
            return False
        if self.spec.kind == "pn532":
            driver = Pn532(
                port,
                self.spec.name,
                self.spec.port,
                clock=self._clock,
                answer_timeout=self.answer_timeout,
            )
            try:
                driver.begin()
            except (*_PORT_ERRORS, DeviceOffline, Pn532Error) as exc:
                _close_quietly(port)
                reason = exc.message if isinstance(exc, DeviceOffline | Pn532Error) else str(exc)
                self._lost(f"PN532 setup failed: {reason} (HSU mode? baud?)", now)
                return False
            self._pn532 = driver
        self._port = port
        self._parser.reset()
        self._errors = 0
        self._next_poll = float("-inf")
        was = self._online
        self._online = True
        self.last_error = None
        logger.info("%s: reading %s at %d baud", self.spec.name, self.spec.port, self.spec.baud)
        if was is False:
            self._sink(DeviceStatus(self.spec.name, self.spec.port, True, "reopened", now))
        return True

    def _lost(self, reason: str, now: float) -> None:
        """The port failed or cannot be opened: report once, forget the tag, retry later."""
        self._close()
        self._next_open = now + self.reopen_interval
        if self._online is not False:
            self._online = False
            self.last_error = DeviceOffline(self.spec.name, reason, self.spec.port)
            logger.warning("%s; retrying every %.1f s", self.last_error, self.reopen_interval)
            self._sink(DeviceStatus(self.spec.name, self.spec.port, False, reason, now))
        else:
            logger.debug("%s (%s): still offline: %s", self.spec.name, self.spec.port, reason)
        self._emit(self.presence.clear(now))

    def _close(self) -> None:
        port, self._port, self._pn532 = self._port, None, None
        if port is not None:
            _close_quietly(port)

    def _emit(self, events: list[TagEvent]) -> None:
        for event in events:
            self._sink(event)


def _close_quietly(port: Any) -> None:
    try:
        port.close()
    except _PORT_ERRORS as exc:
        logger.debug("closing %r: %s", port, exc)
