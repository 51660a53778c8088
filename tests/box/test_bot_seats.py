"""The box as a player (issue 23, item 3): the lobby's "The box plays" page and its refusals,
the box's seats placed and journaled, the decision off the loop thread (a stale choice
dropped after a referee undo, the same next choice after a restart, the screens and other
seats answering while it thinks), the move told on the public screen for the pause, and no
phone ever offered one of the box's seats."""

from __future__ import annotations

import dataclasses
import random
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from services.bots.contract import SeatKnowledge
from services.games.core import Action, SeatPrompt
from services.games.registry import default_registry
from services.referee.box.botlobby import BOX_NAMES, BoxChoice, BoxRefused, place, plays
from services.referee.box.botseats import Inline, Threads, Work
from services.referee.box.table import Seat, Table
from services.referee.companion.hub import CompanionError
from services.referee.journal import Journal
from services.referee.tables import GameFlows
from tests.box.test_phone_seats import PhoneTable

SEATS = [Seat(f"seat{n}", f"Seat {n}") for n in range(1, 7)]


class Later:
    """A thinker that keeps each decision until the test runs it."""

    def __init__(self) -> None:
        self.waiting: list[Work] = []

    def start(self, work: Work) -> None:
        self.waiting.append(work)

    def run(self) -> None:
        self.waiting.pop(0)()


def table_of(journal: Journal, seed: int = 3) -> Table:
    return Table(default_registry(), journal, SEATS, random.Random(seed), flows=GameFlows())


def box_page(table: Table, seat: str = "seat1") -> list[str]:
    return [item.label for item in table.system[seat].items]


def open_box_page(table: Table) -> None:
    table._hold("seat1", "next")
    table._press("seat1", "next")
    table._press("seat1", "ok")


def start(table: Table, game: str, joined: int, role: str | None = "easy", others: int = 0,
          pause: float = 0.0, **values: object) -> None:
    lobby = table.lobby
    lobby.choose(game)
    lobby.values.update(values)
    lobby.box.role, lobby.box.others, lobby.box.pause = role, others, pause
    lobby.step, lobby.joined = "join", [s.name for s in SEATS[:joined]]
    begun = lobby.hold("seat1", "ok")
    assert begun is not None, lobby.note
    table._start(begun)


def people_until_box(table: Table, rng: random.Random, limit: int = 400) -> None:
    """People play random legal moves (the box's seats by their ticks) until a box seat is
    asked and the last move (chance aside) was a person's."""
    for _ in range(limit):
        live = table.live
        assert live is not None and table.mode == "game"
        if table.entry is not None:
            table._enter_dice("ok")
            continue
        asked = [p.seat for p in live.state.pending() if isinstance(p, SeatPrompt)]
        boxes = [s for s in asked if table.players[s] in BOX_NAMES]
        people = [s for s in asked if s not in boxes]
        acted = [step.action for step in live.history if step.kind == "action"]
        if boxes and acted and table.players[acted[-1].actor] not in BOX_NAMES:
            return
        if boxes:
            assert table.tick(1000.0)
            continue
        seat = rng.choice(people)
        table._act(table.players[seat], rng.choice(live.state.legal_actions(seat)))
    raise AssertionError("no box seat was asked after a person's move")


# ---------------------------------------------------------------------- the lobby


def test_the_table_menu_sets_the_role_the_other_seats_their_level_and_the_pause() -> None:
    with Journal(":memory:") as journal:
        table = table_of(journal)
        table.lobby.choose("asylum-escape")
        open_box_page(table)
        assert box_page(table) == ["Patients: no", "Other seats: 0", "Their level: normal",
                                   "Pause: 2 s", "Back to the lobby"]
        for _ in range(3):
            table._press("seat1", "ok")
        table._press("seat1", "next")
        table._press("seat1", "ok")
        table._press("seat1", "next")
        table._press("seat1", "ok")
        table._press("seat1", "next")
        table._press("seat1", "ok")
        assert box_page(table) == ["Patients: hard", "Other seats: 1", "Their level: hard",
                                   "Pause: 4 s", "Back to the lobby"]
        assert table.screens(1.0)["seat1"].overflow == []
        table._press("seat1", "next")
        table._press("seat1", "ok")
        assert "seat1" not in table.system
        table.lobby.step, table.lobby.joined = "join", ["seat1"]
        public = table.lobby.public().texts
        assert "1 joined +2 box (2-6)" in public and "Box: Patients +1" in public
        assert table.lobby.public().overflow == []


def test_a_game_without_bots_has_no_box_page() -> None:
    info = default_registry().get("decktet-escape").info
    assert plays(info) and not plays(None)
    assert not plays(dataclasses.replace(info, id="no-bots-game"))
    with Journal(":memory:") as journal:
        table = table_of(journal)
        table.lobby.choose("decktet-escape")
        table.lobby.box_page = None  # what the lobby keeps for a game with no bot module
        table._hold("seat1", "next")
        assert "seat1" not in table.system and table.lobby.box_items() == []


@pytest.mark.parametrize(("game", "summary"), [("decktet-escape", "Box: 2 seats"),
                                               ("intruder-escape", "Box: 2 seats")])
def test_a_game_without_an_opponent_role_counts_box_seats_only(game: str,
                                                              summary: str) -> None:
    """Escape! (every seat a partner) and Intruder Escape (identities dealt): no role line;
    the box's seats are counted and placed after the people's, each at the chosen level."""
    with Journal(":memory:") as journal:
        table = table_of(journal)
        table.lobby.choose(game)
        open_box_page(table)
        assert box_page(table) == ["Box seats: 0", "Their level: normal", "Pause: 2 s",
                                   "Back to the lobby"]
        table._press("seat1", "ok")
        table._press("seat1", "ok")
        assert box_page(table) == ["Box seats: 2", "Their level: normal", "Pause: 2 s",
                                   "Back to the lobby"]
        table.lobby.step, table.lobby.joined = "join", ["seat1"]
        assert summary in table.lobby.public().texts
        begun = table.lobby.hold("seat1", "ok")
        assert begun is not None, table.lobby.note
        table._start(begun)
        assert table.mode == "game" and table.players == ["seat1", "box1", "box2"]
        assert table.bots is not None and table.bots.levels == {1: "normal", 2: "normal"}


def test_a_role_for_a_game_without_one_is_refused() -> None:
    info = default_registry().get("decktet-escape").info
    with pytest.raises(BoxRefused, match="has no opponent role"):
        place(info, ["seat1"], {}, BoxChoice(role="hard"), random.Random(1))


def test_the_count_includes_the_box_and_the_human_stays_a_person() -> None:
    with Journal(":memory:") as journal:
        table = table_of(journal)
        lobby = table.lobby
        lobby.choose("asylum-escape")
        lobby.box.role, lobby.box.others = "easy", 1
        lobby.step, lobby.joined = "join", [s.name for s in SEATS[:5]]
        assert lobby.hold("seat1", "ok") is None
        assert lobby.note == "2-6 players, not 7 (2 the box's)"
        table = table_of(journal)
        lobby = table.lobby
        lobby.choose("innsmouth-escape")
        lobby.values["human_seat"] = 2
        lobby.box.role = "normal"
        lobby.step, lobby.joined = "join", ["seat1", "seat2"]
        begun = lobby.hold("seat1", "ok")
        assert begun is not None
        table._start(begun)
        assert table.mode == "lobby" and lobby.note == (
            "The box plays the Deep Ones: the Human seat must be a person's, Seat 1 to "
            "Seat 2, or random.")


def test_nobody_joined_cannot_start_even_when_the_box_plays_enough_seats() -> None:
    """The starter holds ok on a joined seat: the box never plays every seat."""
    with Journal(":memory:") as journal:
        table = table_of(journal)
        lobby = table.lobby
        lobby.choose("asylum-escape")
        lobby.box.role, lobby.box.others = "easy", 2
        lobby.step = "join"
        assert lobby.hold("seat1", "ok") is None and lobby.step == "options"


def test_the_box_seats_are_placed_after_the_people_and_journaled() -> None:
    with Journal(":memory:") as journal:
        table = table_of(journal)
        start(table, "asylum-escape", 2, role="hard", others=1, pause=2.0)
        live = table.live
        assert live is not None and table.players == ["seat1", "seat2", "box1", "box2"]
        assert live.state.options["patients_seat"] == 2
        settings = journal.game(live.id).settings
        assert settings["bots"] == {"2": "hard", "3": "normal"}
        assert settings["labels"] == ["Seat 1", "Seat 2", "Box 1", "Box 2"]
        assert settings["bot_pause"] == 2.0 and isinstance(settings["bot_seed"], int)
        assert set(table.screens(1.0)) == {"public", "director", *(s.name for s in SEATS)}
        start_i32 = table_of(journal)
        start(start_i32, "innsmouth-32", 3)
        assert start_i32.live is not None and start_i32.live.state.options["director_seat"] == 3
        random_human = table_of(journal, seed=8)
        start(random_human, "innsmouth-escape", 3)
        assert random_human.live is not None
        assert random_human.live.state.options["human_seat"] in (0, 1, 2)


# ---------------------------------------------------------------------- the decision


def test_a_choice_made_stale_by_a_referee_undo_is_dropped_and_asked_again() -> None:
    with Journal(":memory:") as journal:
        table = table_of(journal)
        table.thinker = Inline()
        start(table, "asylum-escape", 2)
        people_until_box(table, random.Random(4))
        later = Later()
        assert table.bots is not None
        table.bots.thinker = later
        live = table.live
        assert live is not None
        assert not table.tick(1000.0) and len(later.waiting) == 1  # thinking
        size = len(live.history)
        live.referee_undo(1, reason="a mistake")
        table._after_change()
        later.run()
        assert not table.tick(1000.0)  # dropped: nothing applied
        assert len(live.history) < size and table.status == ""
        assert len(later.waiting) == 0  # a person is asked again: the box waits
        people_until_box(table, random.Random(5))
        assert not table.tick(1000.0) and len(later.waiting) == 1
        later.run()
        before = len(live.history)
        assert table.tick(1000.0) and len(live.history) > before


def test_a_resumed_game_makes_the_same_next_choice(tmp_path: Path) -> None:
    path = str(tmp_path / "refbox.sqlite")
    choices: list[Action] = []
    for run in range(2):
        with Journal(path) as journal:
            table = table_of(journal, seed=11 + run)  # a different box rng: the seed is kept
            table.thinker = Inline()
            if run == 0:
                start(table, "innsmouth-escape", 1)
                people_until_box(table, random.Random(2))
            else:
                table.boot()
                assert table.mode == "game" and table.players == ["seat1", "box1"]
            later = Later()
            assert table.bots is not None and table.live is not None
            table.bots.thinker = later
            table.tick(1000.0)
            later.run()
            decided = table.bots.decided  # not applied: the restart comes first
            assert decided is not None
            choices.append(decided)
    assert choices[0] == choices[1]


class Slow:
    """A bot that thinks until it is let go, then plays its first legal action."""

    level = "slow"

    def __init__(self, go: threading.Event) -> None:
        self.go = go
        self.thread = ""

    def choose(self, knowledge: SeatKnowledge, rng: random.Random) -> Action:
        self.thread = threading.current_thread().name
        assert self.go.wait(10), "the test never let the bot go"
        return knowledge.legal[0]


def test_other_seats_and_screens_answer_while_the_box_thinks_on_its_thread() -> None:
    go = threading.Event()
    slow = Slow(go)
    make: Callable[[str, str], Slow] = lambda _game, _level: slow  # noqa: E731
    with Journal(":memory:") as journal:
        table = table_of(journal)
        table.thinker = Inline()
        start(table, "asylum-escape", 2)
        people_until_box(table, random.Random(4))
        assert table.bots is not None and table.live is not None
        table.bots.bots = {seat: make("", "") for seat in table.bots.bots}
        threads = Threads()
        table.bots.thinker = threads
        size = len(table.live.history)
        table.tick(1000.0)
        assert table.bots.thinking()
        drawn = table.drawn["seat2"]
        table._hold("seat2", "next")  # the table menu opens at once
        table.screens(1000.5)
        assert table.drawn["seat2"] == drawn + 1 and "seat2" in table.system
        assert len(table.live.history) == size
        go.set()
        assert threads.last is not None
        threads.last.join(10)
        assert slow.thread == "box bot" and table.tick(1001.0)
        assert len(table.live.history) > size


def test_each_move_is_told_for_the_pause_and_the_next_waits_for_it() -> None:
    """Asylum Escape's Patients move one after the other: each move is told (after the
    dice it rolled) for 2 s, and the next is applied only then."""
    with Journal(":memory:") as journal:
        table = table_of(journal)
        table.thinker = Inline()
        start(table, "asylum-escape", 2, pause=2.0)
        live, bots = table.live, table.bots
        assert live is not None and bots is not None
        rng, now = random.Random(6), 1000.0
        for _ in range(300):  # people play until the box moves and is asked again
            now += 5.0
            if table.tick(now) and bots.asked(live) and table.entry is None:
                break
            people = [p.seat for p in live.state.pending()
                      if isinstance(p, SeatPrompt) and table.players[p.seat] not in BOX_NAMES]
            if people and not bots.asked(live):
                seat = rng.choice(people)
                table._act(table.players[seat], rng.choice(live.state.legal_actions(seat)))
        else:
            raise AssertionError("the box never moved twice in a row")
        at = bots.since
        assert at == (now + 0.8 if table.rolling is not None else now)  # after its dice
        public = table.screens(at)["public"]
        told = bots.told
        assert public.texts[0] == "Box plays" and told.startswith("The ")
        assert " ".join(public.texts[1:]).split() == told.split()
        assert table.next_change(at) == bots.until == at + 2.0
        size = len(live.history)
        assert not table.tick(at + 1.9) and len(live.history) == size  # still told
        assert bots.decided is not None  # decided during the pause, applied after it
        assert table.tick(at + 2.0) and len(live.history) > size


# ---------------------------------------------------------------------- phones


def test_no_phone_is_ever_offered_a_box_seat(tmp_path: Path) -> None:
    phones = PhoneTable(tmp_path / "data")
    try:
        table = phones.table
        table.thinker = Inline()
        phones.run("game asylum-escape")
        table.lobby.box.role = "easy"
        phones.run("press seat1 prev", "press seat1 ok", "press seat1 ok", "hold seat1 ok")
        assert table.mode == "game" and table.players == ["seat1", "box1"]
        offered = [seat.name for seat, _taken in phones.hub.seats()]
        assert not set(offered) & set(BOX_NAMES)
        with pytest.raises(CompanionError):
            phones.hub.join("box1", phones.hub.code)
        size = len(table.live.history)
        phones.stale("box1", 0, "press", "ok")
        assert len(table.live.history) >= size and "box1" not in phones.box.phones.built
    finally:
        phones.close()
