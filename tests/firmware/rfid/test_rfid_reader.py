"""TagReader over real pseudo-terminals: reading, presence, unplug and replug."""

from __future__ import annotations

import queue
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import serial

from firmware_py.events import DeviceStatus, InputEvent, TagPlaced, TagRemoved
from firmware_py.rfid import TagReader
from firmware_py.rfid.reader import RDM6300_CONFIRM
from firmware_py.sim.virtual_reader import VirtualPn532, VirtualRdm6300, rdm6300_frame
from firmware_py.specs import ReaderSpec

TAG = "62E3086CED"
OTHER = "0102030405"
NAME = "seat1 reader"
WAIT = 5.0  # generous deadline for anything a thread has to do


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class CountingOpener:
    def __init__(self, opener: Callable[..., Any] = serial.serial_for_url) -> None:
        self.calls = 0
        self._opener = opener

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.calls += 1
        return self._opener(*args, **kwargs)


def repeat(sim: VirtualRdm6300, clock: FakeClock) -> None:
    """The tag's next frames, 65 ms apart: an RDM6300 tag counts as placed on its
    RDM6300_CONFIRM-th identical frame in a row."""
    for _ in range(RDM6300_CONFIRM - 1):
        clock.advance(0.065)
        assert sim.tick(clock.now) == 1


def step_until(reader: TagReader, done: Callable[[], bool], max_steps: int = 300) -> None:
    """Step the reader until ``done()``; each step waits at most its read timeout."""
    for _ in range(max_steps):
        if done():
            return
        reader.step()
    assert done(), "condition not reached"


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def rdm_sim(clock: FakeClock):
    sim = VirtualRdm6300(threaded=False, clock=clock)
    yield sim
    sim.close()


def rdm_reader(path: str, clock: Callable[[], float], events: list, **kwargs: Any) -> TagReader:
    spec = ReaderSpec(NAME, "rdm6300", path)
    kwargs.setdefault("read_timeout", 0.01)
    return TagReader(spec, "seat1", events.append, clock, **kwargs)


def test_repeated_frames_give_one_placement_and_lifting_one_removal(rdm_sim, clock) -> None:
    events: list[InputEvent] = []
    reader = rdm_reader(rdm_sim.path, clock, events)
    reader.step()
    assert reader.online and events == []  # a first successful open is not news
    rdm_sim.place(TAG)
    step_until(reader, lambda: reader._parser.frames_ok == 1)
    assert events == []  # one frame is not yet a tag
    repeat(rdm_sim, clock)
    step_until(reader, lambda: bool(events))
    assert events == [TagPlaced("seat1", NAME, TAG, clock.now)]
    for _ in range(31 - RDM6300_CONFIRM):  # ~2 s of repeats every 65 ms
        clock.advance(0.065)
        assert rdm_sim.tick(clock.now) == 1
        for _ in range(3):
            reader.step()
    assert rdm_sim.frames_sent == 31
    assert reader._parser.frames_ok >= 25  # the repeats did arrive
    assert events == [TagPlaced("seat1", NAME, TAG, 100 + 0.065 * (RDM6300_CONFIRM - 1))]
    rdm_sim.remove()
    clock.advance(0.25)
    reader.step()
    assert len(events) == 1  # still within the gap
    clock.advance(0.125)
    reader.step()
    assert events[1:] == [TagRemoved("seat1", NAME, TAG, clock.now)]
    reader.stop()


def test_swap_and_noise_through_the_port(rdm_sim, clock) -> None:
    events: list[InputEvent] = []
    reader = rdm_reader(rdm_sim.path, clock, events)
    reader.step()
    frame = rdm6300_frame(TAG)
    rdm_sim.send_raw(b"\x00\xff\x03noise\x02AB" + frame[:5])
    rdm_sim.send_raw(frame[5:] + b"\x0262E3086CED09\x03")  # then one with a bad checksum
    step_until(reader, lambda: reader._parser.frames_bad_checksum == 1)
    assert events == []  # one good frame: not confirmed yet
    for _ in range(RDM6300_CONFIRM - 1):
        clock.advance(0.065)
        rdm_sim.send_raw(frame)
    step_until(reader, lambda: bool(events))
    assert events == [TagPlaced("seat1", NAME, TAG, clock.now)]
    clock.advance(0.1)
    rdm_sim.send_raw(rdm6300_frame(OTHER))
    step_until(reader, lambda: reader._parser.frames_ok == 3)
    assert len(events) == 1  # a single frame of another tag changes nothing
    for _ in range(RDM6300_CONFIRM - 1):
        clock.advance(0.065)
        rdm_sim.send_raw(rdm6300_frame(OTHER))
    step_until(reader, lambda: len(events) == 3)
    assert events[1:] == [
        TagRemoved("seat1", NAME, TAG, clock.now),
        TagPlaced("seat1", NAME, OTHER, clock.now),
    ]
    reader.stop()


def test_unplug_reports_once_retries_and_replug_reads_again(rdm_sim, clock) -> None:
    events: list[InputEvent] = []
    opener = CountingOpener()
    reader = rdm_reader(rdm_sim.path, clock, events, opener=opener, reopen_interval=1.0)
    reader.step()  # open first: opening flushes what the port received before
    rdm_sim.place(TAG)
    repeat(rdm_sim, clock)
    step_until(reader, lambda: bool(events))

    rdm_sim.unplug()
    step_until(reader, lambda: not reader.online)
    status = events[1]
    assert isinstance(status, DeviceStatus)
    assert (status.device, status.path, status.online) == (NAME, rdm_sim.path, False)
    assert events[2:] == [TagRemoved("seat1", NAME, TAG, clock.now)]
    assert NAME in str(reader.last_error) and rdm_sim.path in str(reader.last_error)

    for _ in range(5):  # still unplugged: one open attempt per reopen_interval, no new events
        clock.advance(0.5)
        assert reader.step() == 0.5  # not due yet
        clock.advance(0.5)
        assert reader.step() == 1.0  # due: tries, fails, waits again
    assert opener.calls == 1 + 5
    assert len(events) == 3

    rdm_sim.replug()
    clock.advance(1.0)
    reader.step()
    assert reader.online
    assert events[3] == DeviceStatus(NAME, rdm_sim.path, True, "reopened", clock.now)
    rdm_sim.place(OTHER)
    repeat(rdm_sim, clock)
    step_until(reader, lambda: len(events) == 5)
    assert events[4] == TagPlaced("seat1", NAME, OTHER, clock.now)
    reader.stop()


def test_missing_port_at_start_then_it_appears(tmp_path: Path, clock) -> None:
    events: list[InputEvent] = []
    path = str(tmp_path / "rdm")
    reader = rdm_reader(path, clock, events, reopen_interval=0.5)
    assert reader.step() == 0.5
    assert len(events) == 1 and isinstance(events[0], DeviceStatus)
    assert not events[0].online and events[0].reason.startswith("cannot open")
    assert str(reader.last_error).startswith(f"{NAME} ({path}): cannot open")
    clock.advance(0.5)
    reader.step()
    assert len(events) == 1
    with VirtualRdm6300(threaded=False, clock=clock, directory=str(tmp_path), name="rdm") as sim:
        clock.advance(0.5)
        reader.step()
        assert reader.online and events[1].online
        sim.place(TAG)
        repeat(sim, clock)
        step_until(reader, lambda: len(events) == 3)
        assert events[2] == TagPlaced("seat1", NAME, TAG, clock.now)
        reader.stop()


def test_vanished_port_file_counts_as_unplugged(tmp_path: Path, clock) -> None:
    device = tmp_path / "ttyUSB9"
    device.touch()
    events: list[InputEvent] = []
    reader = rdm_reader(
        str(device), clock, events, opener=lambda *a, **k: serial.serial_for_url("loop://", **k)
    )
    reader.step()
    assert reader.online
    device.unlink()
    clock.advance(2.0)
    reader.step()
    assert not reader.online
    assert "no longer exists" in events[0].reason


def test_unknown_kind_is_refused(clock) -> None:
    spec = ReaderSpec(NAME, "rc522", "/dev/null")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="rc522"):
        TagReader(spec, "seat1", print, clock)


# -- on a thread, with the real clock --------------------------------------------------------


def next_event(events: queue.Queue) -> InputEvent:
    return events.get(timeout=WAIT)


def assert_quiet(events: queue.Queue, seconds: float) -> None:
    with pytest.raises(queue.Empty):
        events.get(timeout=seconds)


def test_threaded_rdm6300_unplug_and_replug() -> None:
    events: queue.Queue = queue.Queue()
    with VirtualRdm6300() as sim:
        spec = ReaderSpec(NAME, "rdm6300", sim.path)
        reader = TagReader(spec, "seat1", events.put, time.monotonic, reopen_interval=0.05)
        reader.start()
        with pytest.raises(RuntimeError):
            reader.start()
        sim.place(TAG)
        assert isinstance(next_event(events), TagPlaced)
        sent = sim.frames_sent
        assert_quiet(events, 0.4)  # the tag stays: its repeats make no new event
        assert sim.frames_sent >= sent + 3
        sim.remove()
        assert next_event(events).tag == TAG  # TagRemoved

        sim.unplug()
        offline = next_event(events)
        assert isinstance(offline, DeviceStatus) and not offline.online
        assert_quiet(events, 0.2)  # several reopen attempts, reported once
        sim.replug()
        online = next_event(events)
        assert isinstance(online, DeviceStatus) and online.online
        sim.place(OTHER)
        placed = next_event(events)
        assert isinstance(placed, TagPlaced) and placed.tag == OTHER
        reader.stop()
        assert not reader.online


def test_threaded_pn532_place_remove_silence_unplug() -> None:
    events: queue.Queue = queue.Queue()
    with VirtualPn532() as sim:
        spec = ReaderSpec("seat2 reader", "pn532", sim.path, 115200)
        reader = TagReader(
            spec, "seat2", events.put, time.monotonic, reopen_interval=0.05, answer_timeout=0.3
        )
        reader.start()
        sim.place("04A1B2C3D4E5F6")
        placed = next_event(events)
        assert isinstance(placed, TagPlaced)
        assert (placed.seat, placed.reader, placed.tag) == (
            "seat2",
            "seat2 reader",
            "04A1B2C3D4E5F6",
        )
        assert sim.commands[:2] == [0x14, 0x32]  # SAMConfiguration, RFConfiguration
        sim.remove()
        assert isinstance(next_event(events), TagRemoved)

        sim.silent = True  # e.g. DIP switches not in HSU mode, or the chip hung
        offline = next_event(events)
        assert isinstance(offline, DeviceStatus) and not offline.online
        assert "no answer" in offline.reason
        sim.silent = False
        assert next_event(events).online

        sim.place("82ACB95D")
        assert next_event(events).tag == "82ACB95D"
        sim.unplug()
        assert not next_event(events).online
        assert next_event(events).tag == "82ACB95D"  # TagRemoved: the reader is gone
        sim.replug()
        assert next_event(events).online
        assert next_event(events).tag == "82ACB95D"  # still on it: placed again
        reader.stop()
