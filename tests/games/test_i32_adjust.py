"""The referee adjustment for printed text the box does not model (A-I32-02): one token at a
time, each logged, never past what the rules allow, then done."""

from __future__ import annotations

from typing import Any

from services.games.innsmouth_32 import actions as a
from tests.games.i32_helpers import edit, move, refused, start, texts


def adjusting(**options: Any) -> Any:
    """Fog Bank's manual effect is waiting for the director (Seat 1)."""
    def setup(d: dict[str, Any]) -> None:
        move(d, "fog-bank", "discards")
        d["todo"] = [["adjust", "fog-bank"], *d["todo"]]
    state = edit(start(3, **options), setup)
    state.phase, state.current = "running", None
    state.run()
    assert state.phase == "adjust" and state.current == {"seat": 0, "card": "fog-bank"}
    return state


def test_every_kind_of_token_is_adjusted_one_at_a_time_and_logged() -> None:
    """A-I32-02: rest, mythos, horror stars, power spoints and insanity per stat."""
    state = adjusting()
    said = texts(state.apply(a.Adjust(0, "rest", "bugsy-malone", 1)))
    assert said == ["Adjusted: Bugsy Malone rest 1"]
    assert texts(state.apply(a.Adjust(0, "mythos", "bugsy-malone", 1))) == [
        "Adjusted: Bugsy Malone mythos 1"]
    assert texts(state.apply(a.Adjust(0, "stars", "bugsy-malone", 1))) == [
        "Adjusted: Bugsy Malone stars 1"]
    assert texts(state.apply(a.Adjust(0, "power", "lefty-rourke", -1))) == [
        "Adjusted: Seat 3 power 6"]
    assert texts(state.apply(a.Adjust(0, "insanity_speed", "bugsy-malone", 1))) == [
        "Adjusted: insanity covers Bugsy Malone's SPEED"]
    assert state.stat("bugsy-malone", "speed") == 4
    assert a.Adjust(0, "insanity_speed", "bugsy-malone", -1) in state.legal_actions(0)
    state.apply(a.Adjust(0, "insanity_speed", "bugsy-malone", -1))
    assert state.survivors["bugsy-malone"]["insane"] == []
    assert state.phase == "adjust"
    state.apply(a.Adjust(0, "done"))
    assert state.phase != "adjust"
    assert state.describe(a.Adjust(0, "insanity_speed", "bugsy-malone", 1)) == \
        "Seat 1 adjusts: insanity speed +1 Bugsy Malone"


def test_an_adjustment_past_the_rules_is_refused_and_changes_nothing() -> None:
    """A-I32-02: rest stays 0-7, nothing below 0, a covered stat is not covered twice."""
    state = adjusting()
    refused(state, a.Adjust(0, "rest", "bugsy-malone", -1), "A-I32-02",
            "Seat 1 cannot adjust rest -1 on Bugsy Malone: one token at a time")
    refused(state, a.Adjust(0, "stars", "bugsy-malone", -1), "A-I32-02",
            "Seat 1 cannot adjust stars -1 on Bugsy Malone")
    refused(state, a.Adjust(1, "rest", "bugsy-malone", 1), "A-I32-02",
            "Seat 2 cannot act now: the box is waiting for Seat 1")


def test_a_sanctuarys_locks_and_mythos_and_its_removal() -> None:
    """A-I32-02 with R-I32-65: a sanctuary with no lock and no mythos left is removed."""
    def corner(d: dict[str, Any]) -> None:
        move(d, "gilman-house", "discards")
        d["discards"].remove("gilman-house")
        d["sanctuaries"] = [{"card": "gilman-house", "locks": 1, "mythos": 0,
                             "occupants": [], "items": []}]
        move(d, "fog-bank", "discards")
        d["todo"] = [["adjust", "fog-bank"], *d["todo"]]
    state = edit(start(3), corner)
    state.phase, state.current = "running", None
    state.run()
    assert a.Adjust(0, "tokens", "gilman-house", -1) not in state.legal_actions(0)
    said = texts(state.apply(a.Adjust(0, "locks", "gilman-house", -1)))
    assert said[0] == "Adjusted: Gilman House locks 0"
    assert state.sanctuaries == [] and "gilman-house" in state.discards
