"""Terminal keys: escape sequences read whole, shifted keys hold, auto-repeat makes no press.

The gesture tests run the real button code (:class:`BoardButtons` on mock pins) on a fake
clock, feeding bytes at given times as a terminal would send them.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_py.buttons import BoardButtons, make_pin_factory
from firmware_py.events import ButtonDown, ButtonUp, InputEvent
from firmware_py.profile import load_profile
from firmware_py.sim.keys import SimKeys, build_key_map
from firmware_py.sim.terminal_keys import KeyDecoder, Keystroke, TerminalKeys

XTERM_F = [b"\x1bOP", b"\x1bOQ", b"\x1bOR", b"\x1bOS", b"\x1b[15~", b"\x1b[17~"]
RXVT_F = [b"\x1b[11~", b"\x1b[12~", b"\x1b[13~", b"\x1b[14~", b"\x1b[15~", b"\x1b[17~"]
LINUX_F = [b"\x1b[[A", b"\x1b[[B", b"\x1b[[C", b"\x1b[[D", b"\x1b[[E", b"\x1b[17~"]
F_KEYS = ["f1", "f2", "f3", "f4", "f5", "f6"]


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def keys_of(*chunks: bytes) -> list[str]:
    decoder = KeyDecoder()
    strokes = [s for chunk in chunks for s in decoder.feed(chunk, 0.0)]
    return [s.key for s in strokes + decoder.flush(1.0)]


class Bench:
    """The sim board's real buttons on a fake clock, opened once for the module (closing them
    joins 30 threads). Each run starts a few seconds after the last one, all buttons up."""

    def __init__(self) -> None:
        profile = load_profile("sim")
        self.profile, self.factory, self.clock = profile, make_pin_factory(profile), FakeClock()
        self.events: list[InputEvent] = []
        self.buttons = BoardButtons(profile, self.events.append, self.clock, self.factory)

    def run(self, timeline: list[tuple[float, bytes]], until: float) -> list[InputEvent]:
        """Bytes at the given times (from the start of this run) through the decoder,
        TerminalKeys and the real buttons; the button events, down and up included, with
        ``at`` from the start of the run."""
        terminal = TerminalKeys(SimKeys(build_key_map(self.profile), self.factory),
                                self.profile.timing.hold)
        decoder, pending = KeyDecoder(), sorted(timeline)
        base, first = round(self.clock.now) + 5, len(self.events)
        for step in range(round(until * 100) + 1):
            now = step / 100
            self.clock.now = base + now
            strokes = []
            while pending and pending[0][0] <= now:
                strokes += decoder.feed(pending.pop(0)[1], now)
            for stroke in strokes + decoder.flush(now):
                terminal.stroke(stroke.key, now, hold=stroke.shift)
            terminal.tick(now)
            self.buttons.tick()
        assert not any(terminal.keys.is_down(b.key) for b in terminal.keys.key_map.bindings)
        return [replace(e, at=e.at - base) for e in self.events[first:]]


@pytest.fixture(scope="module")
def bench() -> Iterator[Bench]:
    made = Bench()
    yield made
    made.buttons.close()


def gestures(bench: Bench, timeline: list[tuple[float, bytes]],
             until: float = 4.0) -> list[tuple[str, ...]]:
    return [(type(e).__name__, e.seat, e.button) for e in bench.run(timeline, until)
            if not isinstance(e, ButtonDown | ButtonUp)]


def auto_repeat(data: bytes, start: float, until: float, first: float = 0.5,
                every: float = 0.033) -> list[tuple[float, bytes]]:
    """A key held down from ``start`` to ``until``: one byte, then the terminal's repeats."""
    times = [start]
    at = start + first
    while at < until:
        times.append(at)
        at += every
    return [(round(t, 3), data) for t in times]


# ---------------------------------------------------------------------- decoding


def test_function_keys_of_xterm_rxvt_and_the_linux_console() -> None:
    for sequences in (XTERM_F, RXVT_F, LINUX_F):
        assert keys_of(b"".join(sequences)) == F_KEYS
        assert keys_of(*sequences) == F_KEYS


def test_a_sequence_split_across_reads_is_one_key() -> None:
    assert keys_of(b"\x1b", b"[1", b"5~", b"q") == ["f5", "q"]
    assert keys_of(b"\x1bO", b"S") == ["f4"]


def test_shifted_keys_and_modified_function_keys() -> None:
    decoder = KeyDecoder()
    assert decoder.feed(b"Qq!1\x1b[1;2P\x1b[15;2~\x1b[15;5~\x1b[Z", 0.0) == [
        Keystroke("q", "Q", shift=True),
        Keystroke("q", "q"),
        Keystroke("1", "!", shift=True),
        Keystroke("1", "1"),
        Keystroke("f1", shift=True),
        Keystroke("f5", shift=True),
        Keystroke("f5"),  # Ctrl+F5: not shifted
        Keystroke("tab", shift=True),
    ]


def test_a_lone_escape_waits_for_what_may_follow() -> None:
    decoder = KeyDecoder()
    assert decoder.feed(b"\x1b", 1.0) == []
    assert decoder.flush(1.04) == []
    assert decoder.flush(1.05) == [Keystroke("escape")]
    assert decoder.feed(b"\x1b\x1b", 2.0) == [Keystroke("escape")]
    assert decoder.flush(2.1) == [Keystroke("escape")]
    assert decoder.feed(b"\x1b[1;", 3.0) == []
    assert decoder.flush(3.1) == [Keystroke("")]  # cut short: no key at all


def test_control_characters_garbage_and_utf8() -> None:
    assert keys_of(b"\r\n\t\x7f\x08\x03\x01 ") == [
        "return", "return", "tab", "backspace", "backspace", "ctrl-c", "ctrl-a", "space"]
    assert keys_of(b"\xff\xfe") == ["", ""]  # invalid UTF-8 is no key
    decoder = KeyDecoder()
    assert decoder.feed(b"\xc3", 0.0) == []
    assert decoder.feed(b"\xa9", 0.0) == [Keystroke("é", "é")]
    assert keys_of(b"\x1bq") == ["alt-q"]
    assert keys_of(b"\x1b[" + b"1" * 40 + b"~s") == ["", "s"]  # one unknown key, no 1s
    assert keys_of(b"\x1b[I\x1b[<0;1;2M") == ["", ""]  # focus and mouse reports


SEQUENCES = st.builds(
    lambda lead, params, final: b"\x1b" + lead + params + final,
    st.sampled_from([b"[", b"O"]),
    st.text("0123456789;:<=>?", max_size=8).map(str.encode),
    st.sampled_from([bytes([c]) for c in range(0x40, 0x7F)]),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(SEQUENCES, max_size=12))
def test_escape_sequences_never_type_letters(sequences: list[bytes]) -> None:
    """Whatever the sequence, it is one keystroke, and not one of the board's letter keys."""
    decoder = KeyDecoder()
    strokes = decoder.feed(b"".join(sequences), 0.0) + decoder.flush(1.0)
    assert len(strokes) == len(sequences)
    assert all(len(s.key) != 1 and s.text == "" for s in strokes)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=60), st.lists(st.integers(0, 60), max_size=6))
def test_any_bytes_in_any_chunks_decode_alike(data: bytes, cuts: list[int]) -> None:
    """Random bytes: no exception, and how a read splits them changes nothing."""
    whole = KeyDecoder()
    expected = whole.feed(data, 0.0) + whole.flush(1.0)
    edges = sorted({0, len(data), *(min(c, len(data)) for c in cuts)})
    split = KeyDecoder()
    got = [s for a, b in itertools.pairwise(edges) for s in split.feed(data[a:b], 0.0)]
    assert got + split.flush(1.0) == expected


# ---------------------------------------------------------------------- gestures


def test_back_keys_press_their_own_seat_only(bench: Bench) -> None:
    """F4 used to be Esc + O + S: seat 2's next moved. Now it is seat 4's back, and F1..F6
    of every terminal press the back buttons of seats 1..6."""
    assert gestures(bench, [(0.0, b"\x1bOS")]) == [("ButtonPressed", "seat4", "back")]
    timeline = [(i * 0.5, seq) for i, seq in enumerate(RXVT_F + LINUX_F)]
    assert gestures(bench, timeline, until=7.0) == [
        ("ButtonPressed", f"seat{n}", "back") for n in (*range(1, 7), *range(1, 7))]


def test_a_held_key_auto_repeat_makes_one_press(bench: Bench) -> None:
    """Seat 1 held its ok key: the terminal repeated it from 0.5 s, the sim pressed again."""
    assert gestures(bench, auto_repeat(b"q", 0.0, 2.0)) == [("ButtonPressed", "seat1", "ok")]
    slow = auto_repeat(b"s", 0.0, 2.0, first=0.25, every=0.1)
    assert gestures(bench, slow) == [("ButtonPressed", "seat2", "next")]


def test_shifted_keys_hold(bench: Bench) -> None:
    assert gestures(bench, [(0.0, b"Q")]) == [("ButtonHeld", "seat1", "ok")]
    assert gestures(bench, [(0.0, b"!")]) == [("ButtonHeld", "seat1", "peek")]
    assert gestures(bench, [(0.0, b"\x1b[1;2S")]) == [("ButtonHeld", "seat4", "back")]


def test_a_held_shifted_key_stays_down_until_its_repeats_stop(bench: Bench) -> None:
    events = bench.run(auto_repeat(b"W", 0.0, 3.0), until=5.0)
    assert [(type(e).__name__, e.seat, e.button) for e in events] == [
        ("ButtonDown", "seat2", "ok"), ("ButtonHeld", "seat2", "ok"), ("ButtonUp", "seat2", "ok")]
    assert 3.0 < events[-1].at < 3.3


def test_quick_deliberate_presses_all_count(bench: Bench) -> None:
    taps = [(0.0, b"a"), (0.3, b"a"), (0.6, b"a"), (0.8, b"a")]
    assert gestures(bench, taps) == [("ButtonPressed", "seat1", "next")] * 4
    assert gestures(bench, [(0.0, b"1"), (0.2, b"1")]) == [("ButtonDoublePressed", "seat1", "peek")]


def test_unmapped_keys_press_nothing() -> None:
    profile = load_profile("sim")
    terminal = TerminalKeys(SimKeys(build_key_map(profile), make_pin_factory(profile)), 0.8)
    assert terminal.stroke("p", 0.0) is False
    assert terminal.stroke("alt-q", 0.0) is False
    assert terminal.stroke("", 0.0) is False
    assert terminal.stroke("f12", 0.0) is False


def transitions(strokes: list[tuple[float, str, bool]], until: float) -> list[tuple[float, str]]:
    """When seat 1's next button (key ``a``) went down and up: keystrokes ``(at, key, hold)``
    through TerminalKeys ticked every 10 ms (times given, no clock, no sleep). A time due
    between two ticks (1.1 + 0.05 is a hair above 1.15 in floating point) shows at the next
    one, so times are compared to the tick."""
    profile = load_profile("sim")
    keys = SimKeys(build_key_map(profile), make_pin_factory(profile))
    terminal = TerminalKeys(keys, profile.timing.hold)
    pending, seen, down = sorted(strokes), [], False
    for step in range(round(until * 100) + 1):
        now = step / 100
        while pending and pending[0][0] <= now:
            _at, key, hold = pending.pop(0)
            terminal.stroke(key, now, hold=hold)
        terminal.tick(now)
        if keys.is_down("a") != down:
            down = not down
            seen.append((now, "down" if down else "up"))
    return seen


def test_a_key_struck_during_a_hold_is_pressed_after_it() -> None:
    """Regression (issue 24): Shift+A then ``a`` 0.4 s later cut the hold short at 0.52 s (a
    short press, and the ``a`` merged into it). The hold now lasts its 1.1 s (the board's 0.8 s
    hold time and a margin), then ``a`` is a press of its own after a 50 ms gap."""
    assert transitions([(0.0, "a", True), (0.4, "a", False)], until=2.0) == [
        (0.0, "down"), (1.1, "up"), (1.16, "down"), (1.31, "up")]


def test_a_key_right_after_a_hold_is_no_auto_repeat() -> None:
    """A keystroke 0.1 s after a key went down cannot be its auto-repeat (repeats start
    0.25 s or more later): it used to keep the hold down and press nothing."""
    assert transitions([(0.0, "a", True), (0.1, "a", False)], until=2.0) == [
        (0.0, "down"), (1.1, "up"), (1.16, "down"), (1.31, "up")]


@pytest.mark.parametrize("after", [0.05, 0.1, 0.3, 0.5, 0.9, 1.3])
def test_a_hold_then_the_same_key_is_a_hold_and_a_press(bench: Bench, after: float) -> None:
    """Shift+A, then ``a`` at any time after it: the real buttons see a hold, then a press."""
    assert gestures(bench, [(0.0, b"A"), (after, b"a")]) == [
        ("ButtonHeld", "seat1", "next"), ("ButtonPressed", "seat1", "next")]
