"""Screens drawn only when their key changed show exactly what a full redraw shows.

The table keeps each screen's canvas with the key it was drawn for (services/referee/box/
frames.py) and draws it again only when the key changed. A key that forgets something a
screen depends on leaves a stale picture; these tests catch that: random input for every
game (menus, moves, table menus, peek, reveals, time passing), and after each step the frame
every screen shows must be the one a redraw of every screen from scratch gives.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from firmware_py.events import (
    ButtonDoublePressed,
    ButtonDown,
    ButtonHeld,
    ButtonPressed,
    ButtonUp,
    InputEvent,
)
from firmware_py.profile import load_profile
from services.referee.assemble import box_registry, box_rng, sim_box
from services.referee.box.daemon import Box
from services.referee.box.devices import SimBoard
from services.referee.box.phones import phone_seats
from services.referee.box.script import FakeClock, ScriptRunner
from services.referee.box.seat_models import public_model, seat_model
from services.referee.companion.hub import Hub, PhoneInput
from services.referee.tables import GameFlows

GAMES = {"decktet-escape": 3, "intruder-escape": 4, "innsmouth-escape": 3,
         "asylum-escape": 3, "innsmouth-32": 3}
INPUTS = 500  # per game and seed (each step also draws every screen anew: ~1 ms)
ROLES = ("ok", "ok", "ok", "ok", "next", "prev", "next", "back")


def fresh_frames(box: Box) -> dict[str, bytes]:
    """Every screen drawn anew from the table as it is now."""
    table = box.table
    assert table is not None
    table.forget()
    return {name: canvas.image.tobytes()
            for name, canvas in table.screens(box.clock()).items() if name in box.screens}


def random_input(rng: random.Random, box: Box, seats: list[str], now: float) -> InputEvent:
    table = box.table
    assert table is not None
    pending = []
    if table.live is not None and table.mode == "game":
        pending = [table.players[p.seat] for p in table.live.state.pending()
                   if isinstance(getattr(p, "seat", None), int)]
    seat = rng.choice(pending) if pending and rng.random() < 0.7 else rng.choice(seats)
    roll = rng.random()
    if roll < 0.03:
        return ButtonHeld(seat, rng.choice(("ok", "next")), now)
    if roll < 0.10:
        return ButtonDoublePressed(seat, "peek", now)
    if roll < 0.16:
        return (ButtonDown if rng.random() < 0.6 else ButtonUp)(seat, "peek", now)
    return ButtonPressed(seat, rng.choice(ROLES), now)


def start(box: Box, clock: FakeClock, runner: ScriptRunner, game: str, players: int) -> None:
    runner.run([f"game {game}"])
    table = box.table
    assert table is not None
    for role in ("prev", "ok"):  # the options' last item: on to the seats joining
        box.events.put(ButtonPressed("seat1", role, clock.now))
        box.step()
    assert table.lobby.step == "join"
    for n in range(1, players + 1):
        box.events.put(ButtonPressed(f"seat{n}", "ok", clock.now))
        box.step()
    box.events.put(ButtonHeld("seat1", "ok", clock.now))
    box.step()
    assert table.mode == "game", table.lobby.note


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_kept_screens_match_a_full_redraw(game: str, seed: int, tmp_path: Path) -> None:
    rng = random.Random(f"keys-{game}-{seed}")
    clock = FakeClock()
    box, sim = sim_box("sim", tmp_path / "data", clock, screens="memory", threaded=False,
                       seed=seed)
    box.start()
    try:
        runner = ScriptRunner(box, sim, clock)
        start(box, clock, runner, game, GAMES[game])
        seats = [f"seat{n}" for n in range(1, GAMES[game] + 2)]  # one seat not playing
        moves = 0
        table = box.table
        assert table is not None
        for step in range(INPUTS):
            clock.now += rng.choice((0.02, 0.02, 0.5, 3.0, 9.0))  # reveals run out too
            before = table.live.changes if table.live is not None else 0
            box.events.put(random_input(rng, box, seats, clock.now))
            box.step()
            box.step()  # a timed change (a roll shown, a reveal ending) that came due
            moves += (table.live.changes if table.live is not None else 0) != before
            shown = dict(box.shown)
            fresh = fresh_frames(box)
            stale = sorted(name for name in fresh if shown.get(name) != fresh[name])
            assert not stale, f"step {step} (mode {table.mode}): stale {stale}"
            if table.mode == "over":
                break
        assert moves >= 5, "the random input hardly played: the test would prove little"
    finally:
        box.close()


def test_a_menu_move_draws_one_canvas(tmp_path: Path) -> None:
    """On a seat's turn, moving the cursor in its open menu draws that seat's screen only;
    a committed action draws the screens it changed and the others are kept."""
    clock = FakeClock()
    box, sim = sim_box("sim", tmp_path / "data", clock, screens="memory", threaded=False,
                       seed=5)
    box.start()
    try:
        start(box, clock, ScriptRunner(box, sim, clock), "decktet-escape", 3)
        table = box.table
        assert table is not None and table.live is not None
        acting = table.players[table.live.state.pending()[0].seat]
        box.events.put(ButtonPressed(acting, "ok", clock.now))  # opens the action menu
        box.step()
        drawn = sum(table.drawn.values())
        box.events.put(ButtonPressed(acting, "next", clock.now))
        box.step()
        assert sum(table.drawn.values()) - drawn == 1
        assert table.frames.drawn == table.drawn
    finally:
        box.close()


def test_a_stale_key_is_caught(tmp_path: Path) -> None:
    """The check above can fail: a public screen keyed on nothing is found stale."""
    clock = FakeClock()
    box, sim = sim_box("sim", tmp_path / "data", clock, screens="memory", threaded=False,
                       seed=5)
    box.start()
    try:
        start(box, clock, ScriptRunner(box, sim, clock), "decktet-escape", 3)
        table = box.table
        assert table is not None and table.live is not None
        table._public_key = lambda now: "always the same"  # type: ignore[method-assign]
        box.render()
        for _ in range(40):
            acting = table.players[table.live.state.pending()[0].seat]
            changes = table.live.changes
            box.events.put(ButtonPressed(acting, "ok", clock.now))
            box.step()
            if table.live.changes != changes:
                break
        shown = dict(box.shown)
        assert shown["public"] != fresh_frames(box)["public"]
    finally:
        box.close()


def phone_box(data: Path, clock: FakeClock) -> tuple[Box, ScriptRunner]:
    """The sim box with its phone seats (phone1, phone2: no hardware) and no web server:
    phone input goes on the queue as the server would put it."""
    profile = load_profile("sim")
    sim = SimBoard(screen_backend="memory")
    box = Box(profile, data, registry=box_registry(data), flows=GameFlows(), clock=clock,
              rng=box_rng(5), backends=sim.backends(clock, threaded=False))
    box.hub = Hub(phone_seats(profile), box.events.put)
    box.start()
    return box, ScriptRunner(box, sim, clock)


@pytest.mark.parametrize("game", ["intruder-escape", "asylum-escape"])
def test_phone_models_match_models_built_anew(game: str, tmp_path: Path) -> None:
    """A phone seat's model is built again only when its key changed (box/phones.py): after
    every step each phone's model is the one built from scratch, and every screen too."""
    rng = random.Random(f"phones-{game}")
    clock = FakeClock()
    box, runner = phone_box(tmp_path / "data", clock)
    try:
        hub, phones, table = box.hub, box.phones, box.table
        assert hub is not None and phones is not None and table is not None
        runner.run([f"game {game}"])
        for role in ("prev", "ok"):
            box.events.put(ButtonPressed("seat1", role, clock.now))
            box.step()
        seats = ["seat1", "seat2", "phone1", "phone2"]
        for seat in seats[:3] if game == "asylum-escape" else seats:
            box.events.put(PhoneInput(seat, hub.version(seat), "press", "ok", clock.now)
                           if seat.startswith("phone") else
                           ButtonPressed(seat, "ok", clock.now))
            box.step()
        box.events.put(ButtonHeld("seat1", "ok", clock.now))
        box.step()
        assert table.mode == "game", table.lobby.note
        for step in range(INPUTS):
            clock.now += rng.choice((0.02, 0.5, 3.0, 9.0))
            event = random_input(rng, box, seats, clock.now)
            if event.seat.startswith("phone"):
                kind, value = (("peek", isinstance(event, ButtonDown))
                               if isinstance(event, ButtonDown | ButtonUp) else
                               ("hold", event.button) if isinstance(event, ButtonHeld) else
                               ("press", event.button))
                box.events.put(PhoneInput(event.seat, hub.version(event.seat), kind, value,
                                          clock.now))
            else:
                box.events.put(event)
            box.step()
            box.step()
            frames = table.screens(clock.now)
            for seat in phones.seats:
                fresh = seat_model(table, seat, frames)
                assert hub.model(seat.name)[1] == fresh, f"step {step}: {seat.name} stale"
            assert hub.public()[1] == public_model(table, frames)
            stale = [n for n, data in fresh_frames(box).items() if box.shown.get(n) != data]
            assert not stale, f"step {step}: stale {stale}"
            if table.mode == "over":
                break
    finally:
        box.close()
