"""services.referee.notify: the exact datagrams systemd receives, on real AF_UNIX sockets."""

from __future__ import annotations

import logging
import os
import socket
import sys
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from services.referee.notify import Notifier, socket_address

linux_only = pytest.mark.skipif(sys.platform != "linux", reason="abstract sockets are Linux-only")


@pytest.fixture
def receiver() -> Iterator[tuple[socket.socket, str]]:
    """A bound datagram socket standing in for systemd, and its NOTIFY_SOCKET value.

    The directory is short on purpose: AF_UNIX paths are limited to 107 bytes.
    """
    with tempfile.TemporaryDirectory(prefix="nfy") as folder:
        path = os.path.join(folder, "notify")
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        sock.bind(path)
        sock.setblocking(False)  # a datagram is queued when sendto returns: nothing to wait for
        try:
            yield sock, path
        finally:
            sock.close()


def received(sock: socket.socket) -> list[bytes]:
    messages = []
    while True:
        try:
            messages.append(sock.recv(4096))
        except BlockingIOError:
            return messages


def test_ready_status_watchdog_stopping_are_the_exact_datagrams(receiver):
    sock, path = receiver
    notifier = Notifier({"NOTIFY_SOCKET": path})
    assert notifier.enabled
    assert notifier.ready("two-seat: 2 seats")
    assert notifier.status("game 3: seat1 to move")
    assert notifier.watchdog()
    assert notifier.stopping()
    notifier.close()
    assert received(sock) == [
        b"READY=1\nSTATUS=two-seat: 2 seats",
        b"STATUS=game 3: seat1 to move",
        b"WATCHDOG=1",
        b"STOPPING=1",
    ]


def test_ready_without_status_and_a_status_on_one_line(receiver):
    sock, path = receiver
    notifier = Notifier({"NOTIFY_SOCKET": path})
    notifier.ready()
    notifier.status("line one\nline two")
    notifier.stopping("power button")
    assert received(sock) == [b"READY=1", b"STATUS=line one line two",
                              b"STOPPING=1\nSTATUS=power button"]


def test_reloading_carries_the_monotonic_clock(receiver):
    sock, path = receiver
    notifier = Notifier({"NOTIFY_SOCKET": path})
    notifier.reloading()
    (message,) = received(sock)
    first, second = message.split(b"\n")
    assert first == b"RELOADING=1"
    key, value = second.split(b"=")
    assert key == b"MONOTONIC_USEC" and int(value) > 0


def test_extend_timeout_in_microseconds(receiver):
    sock, path = receiver
    notifier = Notifier({"NOTIFY_SOCKET": path})
    notifier.extend_timeout(30)
    assert received(sock) == [b"EXTEND_TIMEOUT_USEC=30000000"]
    with pytest.raises(ValueError, match="positive"):
        notifier.extend_timeout(0)


def test_a_malformed_assignment_is_a_programming_error(receiver):
    _, path = receiver
    notifier = Notifier({"NOTIFY_SOCKET": path})
    with pytest.raises(ValueError, match="KEY=value"):
        notifier.notify("READY")
    with pytest.raises(ValueError, match="KEY=value"):
        notifier.notify("STATUS=a\nREADY=1")


@linux_only
def test_abstract_socket_name():
    name = f"refbox-test-{uuid.uuid4().hex}"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind("\0" + name)
    sock.setblocking(False)
    try:
        notifier = Notifier({"NOTIFY_SOCKET": "@" + name})
        assert notifier.enabled
        assert notifier.watchdog()
        assert received(sock) == [b"WATCHDOG=1"]
    finally:
        sock.close()


def test_socket_addresses():
    assert socket_address("/run/systemd/notify") == "/run/systemd/notify"
    assert socket_address("@name") == "\0name"
    assert socket_address("@") is None
    assert socket_address("relative/path") is None
    assert socket_address("vsock:2:1234") is None


def test_no_socket_means_every_call_is_a_no_op(caplog):
    notifier = Notifier({})
    assert not notifier.enabled
    with caplog.at_level(logging.DEBUG, logger="services.referee.notify"):
        assert not notifier.ready("x")
        assert not notifier.status("x")
        assert not notifier.watchdog()
        assert not notifier.stopping()
        assert not notifier.reloading()
    assert caplog.records == []
    notifier.close()


def test_an_unusable_socket_value_is_reported_and_turns_notifications_off(caplog):
    with caplog.at_level(logging.WARNING, logger="services.referee.notify"):
        notifier = Notifier({"NOTIFY_SOCKET": "notify"})
    assert not notifier.enabled
    assert "neither an absolute path" in caplog.text
    assert not notifier.ready()


def test_default_environment_is_os_environ(receiver, monkeypatch):
    sock, path = receiver
    monkeypatch.setenv("NOTIFY_SOCKET", path)
    Notifier().watchdog()
    assert received(sock) == [b"WATCHDOG=1"]


def test_a_failed_send_is_logged_once_and_never_raises(caplog):
    gone = Path(tempfile.mkdtemp(prefix="nfy")) / "gone"  # never bound: ENOENT on send
    notifier = Notifier({"NOTIFY_SOCKET": str(gone)})
    with caplog.at_level(logging.DEBUG, logger="services.referee.notify"):
        assert not notifier.ready("up")
        assert not notifier.watchdog()
        assert not notifier.watchdog()
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1
    assert "READY=1" in warnings[0].getMessage() and str(gone) in warnings[0].getMessage()
    debug = [r for r in caplog.records if r.levelno == logging.DEBUG]
    assert len(debug) == 2 and "WATCHDOG=1" in debug[0].getMessage()
    gone.parent.rmdir()


def test_the_socket_going_away_after_start_is_not_fatal(receiver, caplog):
    sock, path = receiver
    notifier = Notifier({"NOTIFY_SOCKET": path})
    assert notifier.ready()
    sock.close()
    os.unlink(path)
    with caplog.at_level(logging.WARNING, logger="services.referee.notify"):
        assert not notifier.watchdog()
    assert "WATCHDOG=1 not sent" in caplog.text


def test_watchdog_interval_from_watchdog_usec():
    assert Notifier({"WATCHDOG_USEC": "15000000"}).watchdog_interval() == 15.0
    assert Notifier({"WATCHDOG_USEC": "250000"}).watchdog_interval() == 0.25


def test_watchdog_interval_honours_watchdog_pid():
    def interval(pid: int) -> float | None:
        return Notifier({"WATCHDOG_USEC": "15000000", "WATCHDOG_PID": str(pid)}).watchdog_interval()

    assert interval(os.getpid()) == 15.0
    assert interval(os.getpid() + 1) is None  # inherited from a parent: not ours to ping


@pytest.mark.parametrize(
    "env",
    [
        {},
        {"WATCHDOG_USEC": ""},
        {"WATCHDOG_USEC": "0"},
        {"WATCHDOG_USEC": "-5"},
        {"WATCHDOG_USEC": "15s"},
        {"WATCHDOG_USEC": "15000000", "WATCHDOG_PID": "init"},
    ],
)
def test_no_watchdog_interval(env):
    assert Notifier(env).watchdog_interval() is None
