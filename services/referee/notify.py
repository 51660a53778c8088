"""A tiny client of systemd's notify protocol (sd_notify(3)), standard library only.

    notifier = Notifier()                   # reads NOTIFY_SOCKET, WATCHDOG_USEC, WATCHDOG_PID
    notifier.ready("two-seat: 2 seats")     # b"READY=1\\nSTATUS=two-seat: 2 seats"
    interval = notifier.watchdog_interval() # seconds, or None when no watchdog is asked for
    ...                                     # each time the loop makes progress, at least
    notifier.watchdog()                     # every interval / 2: b"WATCHDOG=1"
    notifier.stopping()                     # b"STOPPING=1"

systemd passes the socket in ``NOTIFY_SOCKET``: an absolute path, or ``@name`` for a name in
the abstract namespace. Without it (a laptop, a terminal, the tests) every call does nothing,
so the daemon runs the same everywhere. Each message is one datagram of ``KEY=value`` lines.

A failed send never raises: the daemon must not die because systemd's socket went away. The
first failure is logged as a warning, later ones at debug level.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import time
from collections.abc import Mapping

log = logging.getLogger(__name__)

# A send waits at most this long for room in systemd's queue, so a stalled service manager
# cannot stall the daemon's loop for long (systemd's receive buffer is large: this is a
# safety net, not a normal case).
SEND_TIMEOUT = 1.0


def socket_address(value: str) -> str | None:
    """The AF_UNIX address for a ``NOTIFY_SOCKET`` value, or None if it is not usable.

    ``@name`` is ``name`` in the abstract namespace (a leading NUL byte); an absolute path is
    itself. Anything else (a relative path, ``vsock:`` of newer systemd) is not supported.
    """
    if value.startswith("@") and len(value) > 1:
        return "\0" + value[1:]
    if value.startswith("/"):
        return value
    return None


def _one_line(text: str) -> str:
    """A status text on one line: the protocol separates assignments with newlines."""
    return " ".join(text.splitlines())


class Notifier:
    """Sends readiness, status, watchdog and stopping notifications to systemd.

    ``env`` defaults to ``os.environ``; it is read once, here. Safe to call from several
    threads (one lock around the socket).
    """

    def __init__(self, env: Mapping[str, str] | None = None) -> None:
        environ: Mapping[str, str] = os.environ if env is None else env
        raw = environ.get("NOTIFY_SOCKET", "")
        self._address = socket_address(raw) if raw else None
        if raw and self._address is None:
            log.warning(
                "NOTIFY_SOCKET=%r is neither an absolute path nor an abstract name (@name); "
                "systemd notifications are off",
                raw,
            )
        self._watchdog_usec = environ.get("WATCHDOG_USEC", "")
        self._watchdog_pid = environ.get("WATCHDOG_PID", "")
        self._socket: socket.socket | None = None
        self._lock = threading.Lock()
        self._failure_logged = False

    @property
    def enabled(self) -> bool:
        """True when systemd gave a usable notification socket."""
        return self._address is not None

    def ready(self, status: str = "") -> bool:
        """Start-up is complete (``READY=1``), with an optional status line."""
        return self.notify("READY=1", *self._status(status))

    def status(self, text: str) -> bool:
        """A one-line status shown by ``systemctl status refbox``."""
        return self.notify(f"STATUS={_one_line(text)}")

    def watchdog(self) -> bool:
        """The keep-alive ping (``WATCHDOG=1``): send it only while the loop makes progress."""
        return self.notify("WATCHDOG=1")

    def stopping(self, status: str = "") -> bool:
        """Shutdown has begun (``STOPPING=1``)."""
        return self.notify("STOPPING=1", *self._status(status))

    def reloading(self, status: str = "") -> bool:
        """A configuration reload has begun; send ``ready()`` when it is done.

        ``MONOTONIC_USEC`` is included as systemd 253's ``Type=notify-reload`` requires.
        """
        now = time.clock_gettime_ns(time.CLOCK_MONOTONIC) // 1000
        return self.notify("RELOADING=1", f"MONOTONIC_USEC={now}", *self._status(status))

    def extend_timeout(self, seconds: float) -> bool:
        """Ask for ``seconds`` more before the start (or stop) timeout fires.

        For a long journal replay before ``ready()``; the watchdog only runs after it.
        """
        if seconds <= 0:
            raise ValueError(f"extend_timeout needs a positive number of seconds, not {seconds}")
        return self.notify(f"EXTEND_TIMEOUT_USEC={round(seconds * 1_000_000)}")

    def watchdog_interval(self) -> float | None:
        """The watchdog timeout in seconds, or None when this process is not watched.

        From ``WATCHDOG_USEC``; when ``WATCHDOG_PID`` is set, only if it is this process
        (the variables may have been inherited from a parent). Ping at least twice as often.
        """
        if not self._watchdog_usec:
            return None
        try:
            usec = int(self._watchdog_usec)
        except ValueError:
            log.warning("ignoring WATCHDOG_USEC=%r: not a whole number", self._watchdog_usec)
            return None
        if usec <= 0:
            log.warning("ignoring WATCHDOG_USEC=%r: not positive", self._watchdog_usec)
            return None
        if self._watchdog_pid:
            try:
                pid = int(self._watchdog_pid)
            except ValueError:
                log.warning("ignoring the watchdog: WATCHDOG_PID=%r is not a process id",
                            self._watchdog_pid)
                return None
            if pid != os.getpid():
                log.debug("the watchdog is meant for process %d, not this one (%d)",
                          pid, os.getpid())
                return None
        return usec / 1_000_000

    def notify(self, *assignments: str) -> bool:
        """Send ``KEY=value`` assignments as one datagram; True if it was sent.

        Does nothing (False) without a socket. Raises ValueError for a malformed assignment
        (a programming error), never for a failed send.
        """
        for item in assignments:
            if "=" not in item or "\n" in item:
                raise ValueError(f"not a single KEY=value assignment: {item!r}")
        if self._address is None or not assignments:
            return False
        message = "\n".join(assignments).encode("utf-8")
        with self._lock:
            try:
                if self._socket is None:
                    self._socket = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
                    self._socket.settimeout(SEND_TIMEOUT)
                self._socket.sendto(message, self._address)
            except OSError as exc:
                # Deliberately non-fatal: a notification that cannot be sent (systemd's socket
                # gone or full, systemd re-executing) must not take the referee down with it.
                # Logged once as a warning so it is seen; a missed WATCHDOG=1 still ends in a
                # watchdog restart, which is systemd's to decide.
                self._log_failure(message, exc)
                return False
        return True

    def close(self) -> None:
        """Close the socket (a later notification opens a new one)."""
        with self._lock:
            if self._socket is not None:
                self._socket.close()
                self._socket = None

    def _log_failure(self, message: bytes, exc: OSError) -> None:
        first_line = message.split(b"\n", 1)[0].decode("utf-8", "replace")
        if self._failure_logged:
            log.debug("systemd notification %s not sent: %s", first_line, exc)
            return
        self._failure_logged = True
        log.warning(
            "systemd notification %s not sent to %s: %s; carrying on (further failures are "
            "logged at debug level)",
            first_line,
            self._address.replace("\0", "@", 1) if self._address else None,
            exc,
        )

    @staticmethod
    def _status(text: str) -> tuple[str, ...]:
        return (f"STATUS={_one_line(text)}",) if text else ()
