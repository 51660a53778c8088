"""Presence: repeated reads become one TagPlaced and one TagRemoved per placement."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_py.events import TagPlaced, TagRemoved
from firmware_py.rfid.presence import Presence


def placed(tag: str, at: float) -> TagPlaced:
    return TagPlaced("seat1", "seat1 reader", tag, at)


def removed(tag: str, at: float) -> TagRemoved:
    return TagRemoved("seat1", "seat1 reader", tag, at)


def rdm() -> Presence:
    return Presence("seat1", "seat1 reader", gap=0.3)


def test_repeats_give_one_placement() -> None:
    presence = rdm()
    events = []
    for i in range(40):  # 2.6 s of repeats every 65 ms
        now = i * 0.065
        events += presence.seen("0102030405", now)
        events += presence.tick(now + 0.03)
    assert events == [placed("0102030405", 0.0)]
    assert presence.current == "0102030405"


def test_lifting_gives_one_removal_after_the_gap() -> None:
    presence = rdm()
    presence.seen("AA", 1.0)
    assert presence.tick(1.25) == []  # not longer than the gap yet
    assert presence.tick(1.375) == [removed("AA", 1.375)]
    assert presence.tick(2.0) == []
    assert presence.current is None


def test_swap_gives_removed_then_placed() -> None:
    presence = rdm()
    presence.seen("AA", 0.0)
    assert presence.seen("BB", 0.1) == [removed("AA", 0.1), placed("BB", 0.1)]
    assert presence.seen("BB", 0.2) == []


def test_same_tag_back_after_the_gap_is_a_new_placement() -> None:
    presence = rdm()
    presence.seen("AA", 0.0)
    assert presence.seen("AA", 0.5) == [removed("AA", 0.5), placed("AA", 0.5)]


def test_empty_polls_remove_after_n_in_a_row() -> None:
    presence = Presence("seat1", "seat1 reader", gap=None, empty_polls=3)
    presence.seen("AA", 0.0)
    assert presence.empty(0.1) == []
    assert presence.empty(0.2) == []
    assert presence.seen("AA", 0.3) == []  # a read resets the count
    assert presence.empty(0.4) == []
    assert presence.empty(0.5) == []
    assert presence.empty(0.6) == [removed("AA", 0.6)]
    assert presence.empty(0.7) == []
    assert presence.tick(100.0) == []  # no gap configured


def test_clear_reports_the_tag_once() -> None:
    presence = rdm()
    assert presence.clear(0.0) == []
    presence.seen("AA", 0.0)
    assert presence.clear(0.1) == [removed("AA", 0.1)]
    assert presence.clear(0.2) == []


@pytest.mark.parametrize(
    "kwargs", [{"gap": None}, {"gap": 0.0}, {"gap": -1.0}, {"gap": 0.3, "empty_polls": 0}]
)
def test_rejects_bad_settings(kwargs: dict) -> None:
    with pytest.raises(ValueError):
        Presence("seat1", "r", **kwargs)


actions = st.lists(
    st.tuples(
        st.floats(0.0, 0.5),
        st.sampled_from(["seen", "empty", "tick"]),
        st.sampled_from(["AA", "BB", "CC"]),
    ),
    max_size=60,
)


@settings(max_examples=300, deadline=None)
@given(actions, st.sampled_from([0.1, 0.3]), st.sampled_from([None, 1, 3]))
def test_placements_and_removals_alternate(
    steps: list[tuple[float, str, str]], gap: float, empty_polls: int | None
) -> None:
    presence = Presence("seat1", "seat1 reader", gap=gap, empty_polls=empty_polls)
    now, on, last_seen = 0.0, None, 0.0
    for dt, action, tag in steps:
        now += dt
        if action == "seen":
            events = presence.seen(tag, now)
        elif action == "empty":
            events = presence.empty(now)
        else:
            events = presence.tick(now)
        for event in events:
            if isinstance(event, TagPlaced):
                assert on is None, "placed while another tag is on"
                on = event.tag
            else:
                assert event.tag == on, "removed a tag that was not on"
                on = None
            assert event.at == now
        assert presence.current == on
        if action == "seen":
            assert on == tag
            last_seen = now
        elif on is not None:
            assert now - last_seen <= gap  # never kept past the gap
