"""No Innsmouth 32 screen shows a secret to a seat not entitled to it (rules spec 5.8).

Indistinguishability: at every step of the scripted games (tests/box/golden/i32/), for each
secret held at that moment, another state is made that differs only in that secret:

* the reel pile's order (reversed), nobody sees it;
* a face-down screen card (swapped with the top of the reel pile), nobody sees it until it
  is revealed; a cover card of COVER+ATTACK (option ``cover_attack``) is such a card;
* the survivor pile's order (reversed), nobody sees it;
* the secret cultist (option ``secret_cultist``, before its reveal): another survivor still
  in the random victims deck; only the director sees it.

After every change of the game, the public screen (every page), and every seat not entitled
to the secret (its hidden and shown screen, and the first menus its buttons open now) must be
pixel-identical in both states. A
screen that drew the secret would differ: a deliberately leaky public page is caught.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from services.games.core import GameError, SeatPrompt
from services.games.innsmouth_32 import I32State
from tests.box.conftest import SimTable
from tests.box.screens_tour import menu_tree
from tests.box.test_i32_e2e import script_path
from tests.games.i32_helpers import GAME
from tests.games.i32_players import GAMES, Players, new_game, next_action

MENUS = 3  # menus drawn per seat and variant (the first one and those it opens)
Variant = tuple[str, I32State, set[int]]  # (secret, other state, seats entitled to it)


def remade(state: I32State, change: Callable[[dict[str, Any]], bool]) -> I32State | None:
    """The state with ``change`` made to its snapshot (None when it changes nothing or the
    snapshot checks refuse it)."""
    data = copy.deepcopy(state.to_json())
    if not change(data):
        return None
    try:
        return GAME.state_from_json(data)
    except GameError:
        return None


def reel_order(data: dict[str, Any]) -> bool:
    pile = data["reel_pile"]
    if len(set(pile)) < 2:
        return False
    pile.reverse()
    return True


def face_down(data: dict[str, Any]) -> bool:
    """Swapped with the top of the reel pile, or with an unseen card of the discards."""
    down = [s for s in data["screen"] if s["card"] and s["down"]]
    if not down:
        return False
    slot = down[0]
    if data["reel_pile"]:
        slot["card"], data["reel_pile"][0] = data["reel_pile"][0], slot["card"]
        return True
    unseen = [i for i, c in enumerate(data["discards"]) if c not in data["seen"]]
    if not unseen or data["options"].get("open_discards"):  # A-I32-26: shown by option
        return False
    i = unseen[0]
    slot["card"], data["discards"][i] = data["discards"][i], slot["card"]
    return True


def survivor_order(data: dict[str, Any]) -> bool:
    pile = data["survivor_pile"]
    if len(set(pile)) < 2:
        return False
    pile.reverse()
    return True


def cultist(data: dict[str, Any]) -> bool:
    mods = data.get("mods") or {}
    if not mods.get("cultist") or mods.get("revealed"):
        return False
    others = [v for v in data["victims"] if v != mods.get("replaced")]
    if not others:
        return False
    old, new = mods["cultist"], others[-1]
    data["victims"].remove(new)
    data["victims"].append(old)
    mods["cultist"] = new
    return True


def variants(state: I32State) -> list[Variant]:
    if state.phase == "over":
        return []
    found: list[Variant] = []
    for secret, change, entitled in (("reel pile order", reel_order, set()),
                                     ("a face-down card", face_down, set()),
                                     ("survivor pile order", survivor_order, set()),
                                     ("the secret cultist", cultist, {state.director})):
        other = remade(state, change)
        if other is not None:
            name = secret
            if secret == "a face-down card" and getattr(state, "covers", None):
                name = "a face-down card (cover card)" if any(
                    state.screen[c["slot"]]["down"] for c in state.covers) else secret
            found.append((name, other, entitled))
    return found


def seat_screens(flow: Any, seat: int, state: I32State) -> list[bytes]:
    found = [flow.seat(seat, state, False).image.tobytes(),
             flow.seat(seat, state, True).image.tobytes()]
    found += [menu.render().image.tobytes()
              for _where, menu in menu_tree(lambda: flow.menu_for(seat, state), MENUS)]
    return found


def public_screens(flow: Any, state: I32State) -> list[bytes]:
    return [draw().image.tobytes() for _name, draw in flow._pages(state, "")]


def screens(flow: Any, state: I32State) -> dict[str, list[bytes]]:
    """Every screen drawn from ``state``: the public pages, and each seat's."""
    found = {"public": public_screens(flow, state)}
    for seat in range(state.players):
        found[f"Seat {seat + 1}"] = seat_screens(flow, seat, state)
    return found


def check_step(table: SimTable, seen: dict[str, int]) -> int:
    """Every variant of the state now against the state itself; returns the checks made."""
    tab = table.box.table
    if tab.live is None or tab.mode != "game":
        return 0
    state, flow = tab.live.state, tab.flow
    found = variants(state)
    if not found:
        return 0
    mine = screens(flow, state)
    checks = 0
    for secret, other, entitled in found:
        seen[secret] = seen.get(secret, 0) + 1
        theirs = screens(flow, other)
        for who, drawn in mine.items():
            if who.startswith("Seat ") and int(who[5:]) - 1 in entitled:
                continue
            where = "the public screen" if who == "public" else f"{who}'s screen"
            assert theirs[who] == drawn, f"{where} shows {secret}"
            checks += 1
    flow.reset(state)
    return checks


@pytest.mark.parametrize("name", list(GAMES))
def test_the_scripted_games_never_show_a_secret(tmp_path: Path, name: str) -> None:
    table = SimTable(tmp_path / "data", seed=GAMES[name].seed)
    checks, seen = 0, {}
    try:
        done = -1
        for line in script_path(name).read_text().splitlines():
            table.run(line)
            live = table.box.table.live
            if live is not None and len(live.history) != done:  # the game changed
                done = len(live.history)
                checks += check_step(table, seen)
    finally:
        table.close()
    assert checks > 100, checks
    assert set(seen) == held(name), seen
    if "secret_cultist" in GAMES[name].options:
        assert seen["the secret cultist"] > 10, seen


def held(name: str) -> set[str]:
    """The secrets the engine game holds while a seat has to act (what the box game must
    have checked): every game holds the reel and survivor pile orders; face-down cards wait
    only during some turns; the cultist with its option."""
    game = GAMES[name]
    rng = random.Random(game.seed)
    players = Players(game.players.survivors, game.players.director)
    state = new_game(4, **game.options)
    found: set[str] = set()
    while state.outcome() is None:
        state.apply(next_action(state, players, rng))
        if state.pending() and isinstance(state.pending()[0], SeatPrompt):
            found |= {secret for secret, _other, _seats in variants(state)}
    return found


def test_the_check_catches_a_leaky_flow(tmp_path: Path) -> None:
    """The test can fail: a public page that names the top card of the reel pile is
    caught."""
    name = next(iter(GAMES))
    table = SimTable(tmp_path / "data", seed=GAMES[name].seed)
    try:
        for line in script_path(name).read_text().splitlines():
            table.run(line)
            live = table.box.table.live
            if live is not None and len(set(live.state.reel_pile)) > 2:
                break
        flow = table.box.table.flow
        original = flow._pages

        def leaky(state: I32State, note: str) -> Any:
            found = original(state, note)
            page, draw = found[0]

            def leak() -> Any:
                canvas = draw()
                canvas.line(5, state.data.get(state.reel_pile[0]).name)
                return canvas

            return [(page, leak), *found[1:]]

        flow._pages = leaky
        with pytest.raises(AssertionError, match="public screen shows reel pile order"):
            check_step(table, {})
    finally:
        table.close()


def test_the_check_catches_a_seat_that_shows_the_cultist(tmp_path: Path) -> None:
    """A character player's screen that names the secret cultist is caught; the director's
    own screen may name it."""
    table = SimTable(tmp_path / "data", seed=GAMES["modules"].seed)
    try:
        for line in script_path("modules").read_text().splitlines():
            table.run(line)
            live = table.box.table.live
            if live is not None and live.state.phase == "turn" and live.state.mods["cultist"]:
                break
        flow = table.box.table.flow
        original = flow.seat

        def leaky(seat: int, state: I32State, shown: bool) -> Any:
            canvas = original(seat, state, shown)
            if seat in (state.director, 1):
                canvas.line(5, state.data.get(state.mods["cultist"]).name)
            return canvas

        flow.seat = leaky
        with pytest.raises(AssertionError, match="Seat 2's screen shows the secret cultist"):
            check_step(table, {})
    finally:
        table.close()
