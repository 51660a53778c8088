"""Whole games on the simulated box with its real phone server (issue 14's acceptance): two
seats on buttons and two on phones that act only over HTTP (one pressing next/prev/ok, one
tapping menu items as the seat page does), Escape! and Intruder Escape, each to its end; the
journal has every move, and each phone saw its own screen change on its event stream."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from services.games.core import Action
from services.games.decktet_escape import actions as escape
from tests.box import intruder_navigator, navigator
from tests.companion.phone_box import (
    PHONES,
    PhoneBox,
    journal_actions,
    lobby,
    play,
    replayed,
)


@pytest.fixture
def box(tmp_path: Path) -> Iterator[PhoneBox]:
    table = PhoneBox(tmp_path / "data", seed=5)
    yield table
    table.close()


def start(box: PhoneBox, game: str) -> None:
    """The button seats join with their buttons; both phones take their seats over HTTP
    with the code read off the public screen, then join the game with their ok; seat1
    starts."""
    box.runner.run(lobby(game))
    code = box.code_on_screen()
    assert code == box.hub.code
    box.join("phone1", code=code)
    box.join("phone2", taps=True, code=code)
    for seat in PHONES:
        box.tap(seat, "press", "ok")
        assert box.model(seat)["model"]["screen"]["lines"] == ["JOINED", "hold OK: start"]
    box.runner.run(["hold seat1 ok"])
    assert box.table.mode == "game"
    assert box.table.players == ["seat1", "seat2", *PHONES]
    for seat in PHONES:
        seen = box.model(seat)
        assert seen["model"]["mode"] == "game" and seen["model"]["seat"] == seat


def finish(box: PhoneBox, applied: list[Action]) -> None:
    """The game is over on the table and on the phones; the journal has every move."""
    live = box.table.live
    outcome = live.state.outcome()
    assert outcome is not None
    assert box.table.mode == "over"
    for seat in PHONES:
        seated = box.phones[seat]
        assert seated.moves > 3 and seated.seen_live >= 1, (seat, seated.moves)
        assert box.model(seat)["model"]["mode"] == "over"
    assert journal_actions(box) == applied
    assert [step.action for step in live.history if step.kind == "action"] == applied
    record = live.journal.game(live.id)
    assert (record.status, record.outcome) == ("finished", outcome.to_json())
    again = replayed(box)
    assert again.state.to_json() == live.state.to_json()
    assert {kind for kind, _value in box.phones["phone1"].inputs} >= {"press", "peek"}
    assert {kind for kind, _value in box.phones["phone2"].inputs} >= {"choose", "peek"}
    box.tap("phone2", "hold", "ok")  # leave the reveal, from a phone
    assert box.table.mode == "lobby"
    assert box.model("phone1")["model"]["mode"] == "lobby"


def test_escape_with_two_phones_and_two_button_seats(box: PhoneBox) -> None:
    start(box, "decktet-escape")
    rng = random.Random(2)

    def choose(state: Any, seat: int) -> Action:
        """Random legal moves, mostly plays and discards (each draws: the game ends)."""
        legal = state.legal_actions(seat)
        drawing = [x for x in legal if not isinstance(x, escape.Clue)]
        action: Action = rng.choice(drawing if drawing and rng.random() < 0.85 else legal)
        return action

    applied = play(box, navigator.presses, choose, limit=400, watch_every=4)
    finish(box, applied)


def test_intruder_escape_with_two_phones_and_two_button_seats(box: PhoneBox) -> None:
    start(box, "intruder-escape")
    player = intruder_navigator.QuickPlayer(2)

    def choose(state: Any, seat: int) -> Action:
        return player.choose(state, seat, box.table.flow)

    applied = play(box, intruder_navigator.presses, choose, limit=3000, watch_every=4,
                   same=intruder_navigator.same)
    finish(box, applied)
