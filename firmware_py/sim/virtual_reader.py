"""Virtual RFID readers on pseudo-terminals, for the simulator and tests.

A virtual reader owns the master side of a pty (``os.openpty``); a
:class:`~firmware_py.rfid.TagReader` opens the slave side like any serial port, so the sim
runs the real parser, presence logic and reopen handling. A pty's slave path (``/dev/pts/N``)
changes whenever a new pty is made, so the reader is given a stable path instead: ``path`` is a
symlink in a private temporary directory that points at the current slave. :meth:`unplug`
closes the pty and removes the link (reads fail, and reopening finds no file, as with a pulled
USB adapter); :meth:`replug` makes a new pty and points the link at it.

:class:`VirtualRdm6300` writes real RDM6300 frames, repeated every ``repeat_interval`` while a tag
is on (about 65 ms on the real module). :class:`VirtualPn532` answers the commands the driver
sends (wake-up, SAMConfiguration, RFConfiguration, GetFirmwareVersion, InListPassiveTarget).
Either runs on its own thread, or, with ``threaded=False``, when the test calls
:meth:`VirtualRdm6300.tick` / :meth:`VirtualPn532.service`.
"""

from __future__ import annotations

import logging
import os
import select
import shutil
import tempfile
import threading
import time
import tty

from firmware_py.rfid.pn532 import (
    CMD_GET_FIRMWARE_VERSION,
    CMD_IN_LIST_PASSIVE_TARGET,
    CMD_RF_CONFIGURATION,
    CMD_SAM_CONFIGURATION,
    HOST_TO_PN532,
    PN532_TO_HOST,
    UID_LENGTHS,
    AckFrame,
    ErrorFrame,
    InfoFrame,
    Pn532Parser,
    encode,
)
from firmware_py.rfid.rdm6300 import encode_frame
from firmware_py.specs import Clock

logger = logging.getLogger(__name__)

REPEAT_INTERVAL = 0.065  # s between repeated frames of a continuous-read RDM6300


def rdm6300_frame(tag_id: str) -> bytes:
    """The 14-byte frame an RDM6300 sends for ``tag_id`` (10 hex characters)."""
    return encode_frame(tag_id)


class PtyLink:
    """A pty reachable through a stable symlink, that can be unplugged and plugged again."""

    def __init__(self, name: str, directory: str | None = None) -> None:
        self._own_dir = directory is None
        self._dir = tempfile.mkdtemp(prefix="refbox-pty-") if directory is None else directory
        self.path = os.path.join(self._dir, name)
        self.lock = threading.RLock()
        self.master: int | None = None
        self._slave: int | None = None
        self.plug()

    @property
    def plugged(self) -> bool:
        return self.master is not None

    def plug(self) -> None:
        with self.lock:
            if self.master is not None:
                return
            master, slave = os.openpty()
            tty.setraw(slave)  # no echo, no line editing, as a real UART
            os.set_blocking(master, False)
            link = self.path + ".new"
            if os.path.lexists(link):
                os.unlink(link)
            os.symlink(os.ttyname(slave), link)
            os.replace(link, self.path)
            self.master, self._slave = master, slave

    def unplug(self) -> None:
        with self.lock:
            if os.path.lexists(self.path):
                os.unlink(self.path)
            for fd in (self.master, self._slave):
                if fd is not None:
                    os.close(fd)
            self.master = self._slave = None

    def close(self) -> None:
        self.unplug()
        if self._own_dir:
            shutil.rmtree(self._dir, ignore_errors=True)

    def write(self, data: bytes) -> int:
        """Send ``data`` to whoever reads the slave; bytes nobody has room for are dropped."""
        with self.lock:
            if self.master is None:
                return 0
            try:
                return os.write(self.master, data)
            except (BlockingIOError, OSError) as exc:  # full buffer, or reader hung up
                logger.debug("%s: dropped %d bytes: %s", self.path, len(data), exc)
                return 0

    def read(self, wait: float = 0.0) -> bytes:
        """Bytes written to the slave, waiting up to ``wait`` seconds for the first."""
        with self.lock:
            if self.master is None:
                return b""
            try:
                ready, _, _ = select.select([self.master], [], [], wait)
                return os.read(self.master, 4096) if ready else b""
            except OSError:  # EIO while nobody has the slave open
                return b""


class _VirtualReader:
    """A pty link plus an optional background thread running :meth:`_work`."""

    def __init__(self, name: str, directory: str | None, threaded: bool) -> None:
        self.link = PtyLink(name, directory)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        if threaded:
            self._thread = threading.Thread(target=self._loop, name=f"virtual {name}", daemon=True)
            self._thread.start()

    @property
    def path(self) -> str:
        """The stable path a TagReader should open."""
        return self.link.path

    def unplug(self) -> None:
        self.link.unplug()

    def replug(self) -> None:
        self.link.plug()

    def request_stop(self) -> None:
        """Ask the thread to stop without waiting (then :meth:`close`)."""
        self._stop.set()

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5.0)
        self.link.close()

    def __enter__(self) -> _VirtualReader:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _loop(self) -> None:
        while not self._stop.is_set():
            self._work()

    def _work(self) -> None:
        raise NotImplementedError


class VirtualRdm6300(_VirtualReader):
    def __init__(
        self,
        *,
        repeat_interval: float = REPEAT_INTERVAL,
        clock: Clock = time.monotonic,
        threaded: bool = True,
        directory: str | None = None,
        name: str = "rdm6300",
    ) -> None:
        self.repeat_interval = repeat_interval
        self._clock = clock
        self._tag: str | None = None
        self._next = 0.0
        self._wake = threading.Event()
        self.frames_sent = 0  # frames written while plugged in, for tests
        super().__init__(name, directory, threaded)

    @property
    def tag(self) -> str | None:
        return self._tag

    def place(self, tag_id: str) -> None:
        """Put a tag on the reader: its frame goes out now and then every repeat_interval."""
        frame = encode_frame(tag_id)
        with self.link.lock:
            self._tag = tag_id.upper()
            self._next = self._clock() + self.repeat_interval
            self._send(frame)
        self._wake.set()

    def remove(self) -> None:
        """Lift the tag: the frames stop."""
        with self.link.lock:
            self._tag = None

    def send_raw(self, data: bytes) -> int:
        """Write arbitrary bytes (noise, broken frames) to the reader."""
        return self.link.write(data)

    def tick(self, now: float) -> int:
        """Write the repeats due by ``now``; return how many frames were written."""
        sent = 0
        with self.link.lock:
            while self._tag is not None and now >= self._next:
                self._send(encode_frame(self._tag))
                self._next += self.repeat_interval
                sent += 1
        return sent

    def _send(self, frame: bytes) -> None:
        if self.link.write(frame):
            self.frames_sent += 1

    def _work(self) -> None:
        self.tick(self._clock())
        delay = self._next - self._clock() if self._tag is not None else self.repeat_interval
        self._wake.clear()
        self._wake.wait(max(0.001, min(delay, self.repeat_interval)))


class VirtualPn532(_VirtualReader):
    """Answers the PN532 driver's commands; ``silent = True`` makes it stop answering."""

    def __init__(
        self, *, threaded: bool = True, directory: str | None = None, name: str = "pn532"
    ) -> None:
        self._uid: bytes | None = None
        self._parser = Pn532Parser()
        self.silent = False
        self.commands: list[int] = []  # codes received, for tests
        super().__init__(name, directory, threaded)

    def place(self, uid_hex: str) -> None:
        uid = bytes.fromhex(uid_hex)
        if len(uid) not in UID_LENGTHS:
            raise ValueError(f"an ISO14443A UID has 4, 7 or 10 bytes, got {len(uid)}")
        self._uid = uid

    def remove(self) -> None:
        self._uid = None

    def replug(self) -> None:
        self._parser.reset()
        super().replug()

    def service(self, wait: float = 0.0) -> int:
        """Answer the commands received so far; return how many were answered."""
        answered = 0
        for frame in self._parser.feed(self.link.read(wait)):
            if not isinstance(frame, InfoFrame) or frame.tfi != HOST_TO_PN532 or self.silent:
                continue
            self.commands.append(frame.data[0])
            self.link.write(encode(AckFrame()) + self._answer(frame.data))
            answered += 1
        return answered

    def _answer(self, data: bytes) -> bytes:
        code = data[0]
        if code == CMD_GET_FIRMWARE_VERSION:
            params = b"\x32\x01\x06\x07"
        elif code in (CMD_SAM_CONFIGURATION, CMD_RF_CONFIGURATION):
            params = b""
        elif code == CMD_IN_LIST_PASSIVE_TARGET:
            uid = self._uid
            if uid is None:
                params = b"\x00"
            else:  # one target: Tg, SENS_RES (ATQA), SEL_RES (SAK), UID length, UID
                params = b"\x01\x01\x00\x44\x00" + bytes([len(uid)]) + uid
        else:
            return encode(ErrorFrame())
        return encode(InfoFrame(PN532_TO_HOST, bytes([code + 1]) + params))

    def _work(self) -> None:
        if self.link.plugged:
            self.service(wait=0.02)
        else:
            self._stop.wait(0.02)
