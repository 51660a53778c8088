"""No picture sent to a seat's screen, and nothing on the public screen, shows what that seat
may not know.

Indistinguishability: at every step of scripted and random games played through the box, a
second state is made in which everything the seat cannot know is different: its own cards
are swapped for cards from the draw pile (their clue marks move with them, since the seat
does see those), and the draw pile is reversed. The seat's screen (revealed, hidden, and its
action menu) must be pixel-identical for both states; the public screen must be identical
when every hand is swapped. A screen that showed a hidden card would differ.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from services.games.decktet_escape.state import EscapeState
from tests.box.conftest import SimTable
from tests.box.navigator import lobby_lines, presses

GOLDEN = Path(__file__).parent / "golden"


def swapped(state: EscapeState, seats: list[int]) -> EscapeState | None:
    """``state`` with the hands of ``seats`` exchanged for draw-pile cards, or None."""
    data = state.to_json()
    pile = list(reversed(data["draw"]))
    for seat in seats:
        hand = data["hands"][seat]
        if len(pile) < len(hand):
            return None
        fresh, pile = pile[: len(hand)], pile[len(hand):]
        for old, new in zip(hand, fresh, strict=True):
            for key in ("marks", "not_marks"):
                if old in data[key]:
                    data[key][new] = data[key].pop(old)
        pile += hand
        data["hands"][seat] = fresh
    data["draw"] = pile
    other = EscapeState.from_snapshot(data, state.deck)
    if sorted(other.draw + [c for h in other.hands for c in h]) != sorted(
            state.draw + [c for h in state.hands for c in h]):
        raise AssertionError("the swap lost cards")
    return other


def check_step(table: SimTable) -> int:
    tab = table.box.table
    if tab.live is None or tab.live.state.outcome() is not None or tab.mode != "game":
        return 0
    state, flow = tab.live.state, tab.flow
    checks = 0
    for seat in range(state.players):
        other = swapped(state, [seat])
        if other is None:
            continue
        for shown in (True, False):
            a = flow.seat(seat, state, shown).image.tobytes()
            b = flow.seat(seat, other, shown).image.tobytes()
            assert a == b, f"seat {seat}'s screen (shown={shown}) depends on its own cards"
        if any(getattr(p, "seat", None) == seat for p in state.pending()):
            a = flow.action_menu(seat, state).render().image.tobytes()
            b = flow.action_menu(seat, other).render().image.tobytes()
            assert a == b, f"seat {seat}'s action menu depends on its own cards"
            flow.verbs.pop(seat, None)
        checks += 1
    everyone = swapped(state, list(range(state.players)))
    if everyone is not None:
        note = ""
        public = flow.public(state, note).image.tobytes()
        assert public == flow.public(everyone, note).image.tobytes()
        checks += 1
    return checks


def test_scripted_game_never_shows_a_seat_its_own_cards(tmp_path):
    table = SimTable(tmp_path / "data", seed=5)
    checks = 0
    try:
        for line in (GOLDEN / "dealt" / "script.txt").read_text().splitlines():
            table.run(line)
            checks += check_step(table)
    finally:
        table.close()
    assert checks > 500


@pytest.mark.parametrize("seed", range(3))
def test_random_games_never_show_a_seat_its_own_cards(tmp_path, seed):
    rng = random.Random(seed)
    players = 3 + seed % 3
    table = SimTable(tmp_path / "data", seed=seed)
    checks = 0
    try:
        table.run("game decktet-escape", *lobby_lines(players, []))
        for _ in range(60):
            live = table.box.table.live
            if live.state.outcome() is not None:
                break
            prompt = live.state.pending()[0]
            seat = table.box.table.players[prompt.seat]
            action = rng.choice(live.state.legal_actions(prompt.seat))
            for line in presses(table.runner, seat, action):
                table.run(line)
                checks += check_step(table)
    finally:
        table.close()
    assert checks > 100


def test_the_check_catches_a_screen_that_shows_its_owners_cards(tmp_path):
    """The test is able to fail: a flow that draws a seat's own hand is caught."""
    table = SimTable(tmp_path / "data", seed=3)
    try:
        table.run("game decktet-escape", *lobby_lines(3, []))
        flow = table.box.table.flow
        original = flow.seat

        def leaky(seat, state, shown):
            canvas = original(seat, state, shown)
            canvas.line(5, " ".join(state.hands[seat]))  # the bug: own cards on screen
            return canvas

        flow.seat = leaky
        with pytest.raises(AssertionError, match="depends on its own cards"):
            check_step(table)
    finally:
        table.close()
