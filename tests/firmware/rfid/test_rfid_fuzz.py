"""Tags that never lie: corrupted frames never make a phantom tag (benchmarks/rfid_fuzz.py runs
the same harness on 10^6 frames per line; docs/performance.md has its figures)."""

from __future__ import annotations

import pytest

from benchmarks.rfid_fuzz import pn532, rdm6300, tap_delay
from firmware_py.events import TagPlaced, TagRemoved
from firmware_py.rfid.presence import Presence

FRAMES = 10_000


@pytest.mark.parametrize("flips", [1, 2, 3])
@pytest.mark.parametrize("reader", [rdm6300, pn532], ids=["rdm6300", "pn532"])
def test_corrupted_frames_never_place_a_tag_that_is_not_there(reader, flips) -> None:
    result = reader(FRAMES, flips)
    assert result.false_tags == 0, result


def test_without_confirmation_two_flipped_bits_do_make_phantom_tags() -> None:
    """The check can fail: the parser alone lets such frames through (an XOR checksum)."""
    bare = rdm6300(FRAMES, 2, confirm=1)
    assert bare.wrong_ids > 0 and bare.false_tags > 0


def test_a_clean_tap_registers_within_150_ms() -> None:
    assert tap_delay("rdm6300") + 0.015 < 0.150  # the third frame, 130 ms on, 15 ms long
    assert tap_delay("pn532") < 0.150  # the second poll comes 25 ms after a first sighting


def test_one_report_is_not_a_tag_two_in_a_row_are() -> None:
    presence = Presence("seat1", "r", gap=0.3, confirm=2)
    assert presence.seen("AA", 0.0) == [] and presence.confirming
    assert presence.seen("AA", 0.065) == [TagPlaced("seat1", "r", "AA", 0.065)]
    assert not presence.confirming


def test_a_run_is_broken_by_another_tag_a_gap_an_empty_poll_or_a_garbled_answer() -> None:
    presence = Presence("seat1", "r", gap=0.3, confirm=2)
    assert presence.seen("AA", 0.0) == []
    assert presence.seen("BB", 0.065) == []  # another tag: BB starts its own run
    assert presence.seen("AA", 0.13) == []
    assert presence.seen("AA", 0.5) == []  # too late: more than the gap since the last one
    assert presence.seen("AA", 0.565) == [TagPlaced("seat1", "r", "AA", 0.565)]
    polled = Presence("seat1", "r", gap=None, empty_polls=3, confirm=2)
    assert polled.seen("CC", 0.0) == []
    assert polled.empty(0.1) == []
    assert polled.seen("CC", 0.2) == []  # the empty poll broke the run
    polled.interrupt()
    assert polled.seen("CC", 0.3) == []  # so did the garbled answer
    assert polled.seen("CC", 0.325) == [TagPlaced("seat1", "r", "CC", 0.325)]


def test_a_placed_tag_stays_through_a_single_corrupt_frame_of_another_id() -> None:
    presence = Presence("seat1", "r", gap=0.3, confirm=2)
    presence.seen("AA", 0.0)
    presence.seen("AA", 0.065)
    assert presence.seen("BB", 0.13) == []  # a phantom frame: AA stays on the reader
    assert presence.seen("AA", 0.195) == [] and presence.current == "AA"
    assert presence.seen("BB", 0.26) == []
    assert presence.seen("BB", 0.325) == [TagRemoved("seat1", "r", "AA", 0.325),
                                          TagPlaced("seat1", "r", "BB", 0.325)]
