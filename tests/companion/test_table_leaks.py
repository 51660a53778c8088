"""The table screen shows exactly the public side of the game (issue 25's leak scan).

* Seeded random games of all five games: at many points the table screen's model is scanned
  for every seat's secrets (the strings of a seat's view that the public view has not, and
  the names of the cards and rooms they are; a name the public history has said is no
  secret any more: a card played is named to all), and it is built from a state that answers only
  public questions (``view(None)``, ``pending()``, ``describe(action, None)``): asking for a
  seat's view fails the test.
* Twins: Escape! states that differ only in every hand (the secrets) give identical models.
* The box: a whole Intruder Escape game with two phone seats playing over HTTP; what a
  watcher reads from ``/T/<code>/model`` is, at every few moves, the model built from the
  public view and the public history, with no seat's secret in its bytes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from services.games.core import Action, SeatPrompt, history_sentences
from services.referee.box.table_screen import game_model
from services.referee.live import Step
from tests.box import intruder_navigator
from tests.box.test_hidden_info import swapped
from tests.companion import word_secrets
from tests.companion.phone_box import PHONES, PhoneBox, lobby, play
from tests.companion.phones import Phone
from tests.companion.test_table_model import playout
from tests.companion.test_words_leaks import GAMES, _found, specific

EVERY = 5  # moves between two scans


class PublicOnly:
    """A game state that answers only what the public table may ask."""

    def __init__(self, state: Any) -> None:
        self._state = state

    def view(self, seat: int | None) -> Any:
        if seat is not None:
            raise AssertionError(f"the table screen asked for seat {seat}'s view")
        return self._state.view(None)

    def pending(self) -> Any:
        return self._state.pending()

    def describe(self, action: Action, seat: int | None = None, *,
                 settled: bool = False) -> str:
        if seat is not None:
            raise AssertionError(f"the table screen asked for seat {seat}'s sentence")
        return str(self._state.describe(action, None, settled=settled))


def secrets_of(state: Any, data: Any) -> set[str]:
    """Every seat's secrets: strings of its view that the public view has not, by name too."""
    views = [state.view(seat) for seat in range(state.players)]
    fields = set().union(*(word_secrets.leaves(v, keys=True) for v in [*views,
                                                                     state.view(None)]))
    public = word_secrets.names(data, word_secrets.leaves(state.view(None)) | fields)
    known = set().union(*(word_secrets.names(data, word_secrets.leaves(v)) for v in views))
    return specific(known - public)


def scan(game: str, state: Any, steps: list[Step], labels: list[str]) -> tuple[list[str], int]:
    engine = GAMES[game][0]
    data = getattr(engine, "data", None)
    found = game_model(game, engine.info.title, PublicOnly(state), steps,  # type: ignore[arg-type]
                       labels, data=data)
    secret = unsaid(secrets_of(state, data), state, steps)
    return list(_found("the table screen", json.dumps(found), secret)), len(secret)


def unsaid(secret: set[str], state: Any, steps: list[Any]) -> set[str]:
    """The secrets the public history has not said (a card played is named to all, though
    another copy of it may be in a hand now)."""
    said = " ".join(history_sentences(state, [step.action for step in steps], None))
    return {s for s in secret if s not in said}


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("seed", [1, 2])
def test_the_table_screen_shows_no_seats_secret(game: str, seed: int) -> None:
    leaks: list[str] = []
    looked = 0
    for moves in range(EVERY, 160, EVERY):
        state, steps, labels = playout(game, seed, moves)
        found, counted = scan(game, state, steps, labels)
        leaks += found
        looked += counted
        if state.outcome() is not None:
            break
    assert leaks == []
    assert looked >= 5  # there were secrets to find


def test_the_scan_finds_a_hand_on_the_table_screen() -> None:
    state, _steps, _labels = playout("decktet-escape", 1, 10)
    hand = state.hands[1]  # type: ignore[attr-defined]
    data = GAMES["decktet-escape"][0]
    secret = secrets_of(state, getattr(data, "data", None))
    leaked = json.dumps({"log": [state.card(hand[0]).name]})  # type: ignore[attr-defined]
    assert list(_found("the table screen", leaked, secret)) != []


def test_escape_twins_that_differ_only_in_the_hands_give_the_same_model() -> None:
    compared = 0
    for moves in range(4, 80, 4):
        state, steps, labels = playout("decktet-escape", 4, moves)
        twin = swapped(state, list(range(state.players)))  # type: ignore[arg-type]
        if twin is None or state.outcome() is not None:
            continue
        assert twin.to_json()["hands"] != state.to_json()["hands"]
        title = GAMES["decktet-escape"][0].info.title
        assert (game_model("decktet-escape", title, twin, steps, labels)
                == game_model("decktet-escape", title, state, steps, labels))
        compared += 1
    assert compared >= 10


# ---------------------------------------------------------------------- on the box


def expected(box: PhoneBox) -> dict[str, Any]:
    """The table screen's model as the public side gives it (the table's labels)."""
    table = box.table
    live, flow = table.live, table.flow
    game = live.game
    waiting = [p.seat for p in live.state.pending() if isinstance(p, SeatPrompt)]
    return game_model(game.info.id, game.info.title, live.state, live.history,
                      list(flow.labels), data=getattr(game, "data", None), waiting=waiting,
                      say=flow.seat_words)


def test_a_watcher_reads_exactly_the_public_side_of_a_whole_game(tmp_path: Path) -> None:
    pytest.importorskip("microdot", reason="the phone server needs the phones extra")
    box = PhoneBox(tmp_path / "data", seed=5)
    try:
        box.runner.run(lobby("intruder-escape"))
        for seat in PHONES:
            box.join(seat, taps=seat == "phone2")
            box.tap(seat, "press", "ok")
        box.runner.run(["hold seat1 ok"])
        watcher = Phone(box.port)
        where = f"/T/{box.hub.screen.code}/model"
        player = intruder_navigator.QuickPlayer(3)
        scans: list[int] = []

        def look(number: int) -> None:
            if number % EVERY:
                return
            found = watcher.send("GET", where).json()["model"]
            wanted = expected(box)
            assert {k: v for k, v in found.items() if k not in ("mode", "note", "dice")} == \
                {k: v for k, v in wanted.items() if k not in ("mode", "note", "dice")}
            state = box.table.live.state
            secret = unsaid(secrets_of(state, box.table.live.game.data), state,
                            box.table.live.history)
            assert list(_found("the watcher", json.dumps(found), secret)) == []
            scans.append(len(secret))

        play(box, intruder_navigator.presses,
             lambda state, seat: player.choose(state, seat, box.table.flow), limit=3000,
             same=intruder_navigator.same, after=look)
        assert box.table.live.state.outcome() is not None
        final = watcher.send("GET", where).json()["model"]
        assert final["mode"] == "over" and final["turn"].startswith("The game is over: ")
        assert len(scans) >= 10 and sum(scans) >= 20
    finally:
        box.close()

