"""Innsmouth 32's tokens at the start and the ways a survivor gains mythos (R-I32-04,
R-I32-57), with exact results. Stats of the EXAMPLE pack: Professor Armitage has 2 printed
mythos; the Necronomicon (a power play) gives 3."""

from __future__ import annotations

from services.games.innsmouth_32 import actions as a
from tests.games.i32_helpers import GAME, edit, move, refused, roll, start

ARMITAGE_FIRST = ["professor-armitage",
                  *[s for s in GAME.data.ids("survivors") if s != "professor-armitage"]]


def test_reel_tokens_fade_out_and_fade_in_at_the_start() -> None:
    """R-I32-04: reel 1 on top of the stack (4 tokens, none flipped into a horror star yet),
    the fade-out token and its countdown on their slot (no fade out running), the fade-in
    token aside (nobody holds it)."""
    state = start(3)
    view = state.view(None)
    assert (view["reel"], view["fade"], view["fade_in"]) == (1, None, -1)
    assert all(me["stars"] == 0 for me in state.survivors.values())
    assert view["turning_point"] is False and view["final_turn"] == 0


def test_mythos_from_the_printed_allotment_the_brains_test_and_the_necronomicon() -> None:
    """R-I32-57: the mythos icon's allotment on drawing (2), the BRAINS test's REEL# (1 in
    reel I), a power play's mythos when taken (the Necronomicon: 3); no maximum."""
    state = start(2, survivors=ARMITAGE_FIRST)
    assert state.survivors["professor-armitage"]["mythos"] == 2
    state = edit(state, lambda d: move(d, "necronomicon", "screen", 0))
    state.apply(a.Spotlight(1, "professor-armitage", "necronomicon"))
    assert state.survivors["professor-armitage"]["mythos"] == 5
    assert state.survivors["professor-armitage"]["items"] == ["necronomicon"]
    state.apply(a.Act(1, "professor-armitage", "mythos"))
    if state.phase == "commit":
        state.apply(a.Commit(1, 0, 0))
    roll(state, 3, 4)  # 7 <= BRAINS 8: success
    assert state.survivors["professor-armitage"]["mythos"] == 6


def test_a_plot_device_is_resolved_and_removed_from_play_or_discarded() -> None:
    """R-I32-22: optional: resolved and removed from play, or discarded unresolved; the
    director decides (D-I32-01) and nobody else may answer for him."""
    state = start(3, reel=("the-reef",))
    state.apply(a.Pool(1))
    state.apply(a.Act(1, "bugsy-malone", "take", "fire-axe"))
    assert state.current == {"seat": 0, "card": "the-reef", "choices": ["resolve", "discard"],
                             "purpose": "plot"}
    refused(state, a.Choose(1, "resolve"), "R-I32-22",
            "Seat 2 cannot act now: the box is waiting for Seat 1")
    state.apply(a.Choose(0, "resolve"))
    assert "the-reef" in state.removed and "the-reef" not in state.discards
    assert state.phase == "victim"  # its insanity token goes to a random victim
