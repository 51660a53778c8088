"""No Intruder Escape screen shows what its seat may not know (rules spec 2.9).

Indistinguishability: at every step of the scripted game and of random games played through
the box, other states are made that differ only in what a seat cannot know: another seat's
hand (swapped with cards of the center deck; cards everyone has seen stay), the identities of
two other seats (for an Innocent, or anyone in a 3-player game: one Intruder and one Innocent
trade cards), and the order of the center deck. The seat's screen (revealed and hidden) and
its menus, with every sub-menu, must be pixel-identical in all of them; the public screen must
be identical when every hand, two identities and the deck order change. A screen that showed
a hidden card or identity would differ.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from services.games.core import Action
from services.games.intruder_escape.state import IntruderState
from services.referee.box.menu import Menu
from tests.box.conftest import SimTable
from tests.box.intruder_navigator import QuickPlayer, presses
from tests.box.navigator import lobby_lines

SCRIPT = Path(__file__).parent / "golden" / "intruder" / "script.txt"


def _rebuild(state: IntruderState, data: dict[str, Any]) -> IntruderState:
    return IntruderState.from_snapshot(data, state.data)


def other_hands(state: IntruderState, seats: list[int]) -> IntruderState | None:
    """The hands of ``seats`` exchanged with center-deck cards (seen cards stay)."""
    data = state.to_json()
    center = data["center"]
    places = list(range(1 if data["top_exposed"] else 0, len(center)))[::-1]
    swapped = 0
    for seat in seats:
        hand = data["hands"][seat]
        for i, card in enumerate(hand):
            if card in data["known"][seat] or card == data["follow"] or not places:
                continue
            place = places.pop(0)
            hand[i], center[place] = center[place], card
            choice = data["choices"][seat]
            if choice and card in choice["keep"]:
                choice["keep"][choice["keep"].index(card)] = hand[i]
            swapped += 1
    return _rebuild(state, data) if swapped else None


def other_identities(state: IntruderState, viewer: int | None) -> IntruderState | None:
    """Two other seats, an Intruder and an Innocent nobody has seen, trade identity cards."""
    if not state.identity_cards or state.phase == "over":
        return None
    if viewer is not None and state.identity(viewer) == "intruder" and state.wake_up():
        return None  # an Intruder at 4+ players knows every identity
    hidden = [s for s in range(state.players) if s != viewer and not state.revealed[s]]
    intruders = [s for s in hidden if state.identity(s) == "intruder"]
    innocents = [s for s in hidden if state.identity(s) == "innocent"]
    if not intruders or not innocents:
        return None
    data = state.to_json()
    cards = data["identity_cards"]
    x, y = intruders[0], innocents[-1]
    cards[x], cards[y] = cards[y], cards[x]
    return _rebuild(state, data)


def other_deck(state: IntruderState) -> IntruderState | None:
    data = state.to_json()
    keep = 1 if data["top_exposed"] else 0
    if len(data["center"]) - keep < 2:
        return None
    data["center"] = data["center"][:keep] + data["center"][keep:][::-1]
    return _rebuild(state, data)


def menu_tree(menu: Menu | None) -> Iterator[bytes]:
    if menu is None:
        return
    yield menu.render().image.tobytes()
    for item in menu.items:
        if callable(item.value) and not isinstance(item.value, Action):
            yield from menu_tree(item.value())


def screens(flow: Any, seat: int, state: IntruderState) -> list[bytes]:
    found = [flow.seat(seat, state, shown).image.tobytes() for shown in (True, False)]
    return found + list(menu_tree(flow.menu_for(seat, state)))


def check_step(table: SimTable) -> int:
    tab = table.box.table
    if tab.live is None or tab.mode != "game" or tab.live.state.outcome() is not None:
        return 0
    state, flow = tab.live.state, tab.flow
    checks = 0
    for seat in range(state.players):
        others = [s for s in range(state.players) if s != seat]
        variants = {"hands": other_hands(state, others),
                    "identities": other_identities(state, seat), "deck": other_deck(state)}
        mine = screens(flow, seat, state)
        for what, other in variants.items():
            if other is not None:
                assert screens(flow, seat, other) == mine, \
                    f"seat {seat + 1}'s screen depends on the other {what}"
                checks += 1
    everything = other_hands(state, list(range(state.players))) or state
    everything = other_identities(everything, None) or everything
    everything = other_deck(everything) or everything
    public = flow.public(state, "").image.tobytes()
    assert flow.public(everything, "").image.tobytes() == public, "the public screen leaks"
    return checks + 1


def test_the_scripted_game_never_shows_a_secret(tmp_path: Path) -> None:
    table = SimTable(tmp_path / "data", seed=5)
    checks, moves = 0, -1
    try:
        for line in SCRIPT.read_text().splitlines():
            table.run(line)
            live = table.box.table.live
            if live is not None and len(live.history) != moves:  # menus are checked whole
                moves = len(live.history)
                checks += check_step(table)
    finally:
        table.close()
    assert checks > 500


@pytest.mark.parametrize("players", [3, 5, 6])
def test_random_games_never_show_a_secret(tmp_path: Path, players: int) -> None:
    table = SimTable(tmp_path / "data", seed=players)
    player = QuickPlayer(players)
    rng = random.Random(players)
    checks = 0
    try:
        table.run("game intruder-escape", *lobby_lines(players, []))
        for _ in range(30 + 5 * players):
            live = table.box.table.live
            if live.state.outcome() is not None:
                break
            prompt = live.state.pending()[0]
            seat = table.box.table.players[prompt.seat]
            legal = live.state.legal_actions(prompt.seat)
            action = rng.choice(legal) if rng.random() < 0.3 else player.choose(
                live.state, prompt.seat, table.box.table.flow)
            for line in presses(table.runner, seat, action):
                table.run(line)
            checks += check_step(table)
    finally:
        table.close()
    assert checks > 100


@pytest.mark.parametrize("leak", ["hand", "identity"])
def test_the_check_catches_a_leaky_flow(tmp_path: Path, leak: str) -> None:
    """The test can fail: a flow that draws another seat's hand or identity is caught."""
    table = SimTable(tmp_path / "data", seed=5)
    try:
        table.run(*SCRIPT.read_text().splitlines()[:60])  # the keep of round 1
        flow = table.box.table.flow
        original = flow.seat

        def leaky(seat: int, state: IntruderState, shown: bool) -> Any:
            canvas = original(seat, state, shown)
            other = (seat + 1) % state.players
            canvas.line(5, state.hands[other][0] if leak == "hand" else state.identity(other))
            return canvas

        flow.seat = leaky
        which = {"hand": "hands", "identity": "identities"}[leak]
        with pytest.raises(AssertionError, match=f"depends on the other {which}"):
            check_step(table)
    finally:
        table.close()
