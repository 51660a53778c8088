"""What a newcomer met on the box's screens in issue 24's walk, one test each.

A greyed item under the cursor, the card reader's way out, two Deep One card windows in a
row, an Intruder die face no one plays entered by the players, an Asylum timing refusal, an
Innsmouth 32 faction game refused in the lobby, "I have seen it" before any peek, and the
stat a flail prompt names.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from firmware_py.events import ButtonPressed
from services.games.asylum_escape import actions as asy
from services.games.core import IllegalAction
from services.games.innsmouth_32 import actions as i32
from services.games.registry import default_registry
from services.referee.box.dice import DiceEntry
from services.referee.box.menu import Item, Menu
from services.referee.box.render import Canvas
from services.referee.box.table import Seat, Table
from services.referee.journal import Journal
from services.referee.tables import GameFlows
from services.referee.tables.asylum_escape.flow import AsylumFlow
from tests.box.i32_box import Box as I32Box
from tests.box.test_asylum_flow import Box as AsylumBox
from tests.box.test_innsmouth_flow import Box as InnsmouthBox
from tests.box.test_innsmouth_flow import deep_ones_to_window
from tests.games.asylum_helpers import QUIET, flip, new, pass_window, shuffle_all
from tests.games.asylum_helpers import start as asylum_start
from tests.games.i32_helpers import edit, move, roll
from tests.games.i32_modules_helpers import director_turn, mstart
from tests.games.innsmouth_helpers import BLUE, GREEN, THREE_RESTS, plot, position

SEATS = [Seat(f"seat{n}", f"Seat {n}") for n in range(1, 5)]


def shown(canvas: Canvas) -> list[str]:
    assert canvas.overflow == [], "nothing is cut"
    return canvas.texts


@contextmanager
def table_for(game: str, players: int, **values: str) -> Iterator[Table]:
    """A table in the join step of ``game`` with ``values`` set in the lobby and the first
    ``players`` seats joined."""
    with Journal(":memory:") as journal:
        table = Table(default_registry(), journal, SEATS, random.Random(2), flows=GameFlows())
        table.lobby.choose(game)
        table.lobby.values.update(values)
        table.lobby.step, table.lobby.joined = "join", [s.name for s in SEATS[:players]]
        yield table


def started(table: Table) -> Table:
    start = table.lobby.hold("seat1", "ok")
    assert start is not None
    table._start(start)
    return table


# ---------------------------------------------------------------------- menus


def test_a_greyed_item_keeps_its_mark_and_its_dither_under_the_cursor() -> None:
    def row(menu: Menu) -> tuple[str, int]:
        canvas = menu.render()
        bar = canvas.image.crop((7, 21, 127, 30))  # the second item's text, highlighted
        return canvas.texts[2], bar.histogram()[0]  # its dark pixels: the letters

    greyed = Menu("Pick", [Item("free", "b"), Item("taken", "a", why="Seat 2 has it.")])
    greyed.move(1)
    plain = Menu("Pick", [Item("free", "b"), Item("taken", "a")])
    plain.move(1)
    (greyed_text, greyed_ink), (plain_text, plain_ink) = row(greyed), row(plain)
    assert (greyed_text, plain_text) == ("-taken", ">taken")
    assert 0 < greyed_ink < plain_ink, "the highlighted greyed letters are dithered"


def test_the_asylum_card_reader_says_how_to_leave_it() -> None:
    state = new(3)
    shuffle_all(state)
    seat = state.current["seat"]
    box = AsylumBox(state)
    card = box.menu(seat)
    assert card.current is not None and card.current.label == "Read the card"
    box.press(seat, "ok")
    screen = shown(box.flow.seat(seat, state, True))
    assert screen[0] == card.title and screen[-1] == "hold OK: back"
    box.flow.hold(seat, "ok", state)
    assert box.flow.stacks[seat] == [card]


# ---------------------------------------------------------------------- Innsmouth Escape


def test_two_deep_one_windows_in_a_row_say_which_window_and_the_pass() -> None:
    state = position(3, pawns={"C4": {BLUE: 1}})
    plot(state, THREE_RESTS)
    deep_ones_to_window(state)
    box = InnsmouthBox(state)
    blue, green = state.colours.index(BLUE), state.colours.index(GREEN)
    assert shown(box.flow.seat(blue, state, False))[1] == "R2 start: card?"
    assert box.menu(blue).title == "R2 start: card?"
    box.choose(blue, "Pass")
    assert shown(box.flow.seat(blue, state, False))[1] == "passed R2 start"
    assert shown(box.flow.seat(blue, state, True))[-1] == "passed R2 start"
    box.choose(green, "Pass")
    assert state.window is not None and state.window["timing"] == "combat"
    assert shown(box.flow.seat(blue, state, True))[-1] == "OK: R2 combat: card?"
    assert box.menu(blue).title == "R2 combat: card?"


# ---------------------------------------------------------------------- Intruder Escape


def intruder_table(table: Table) -> Table:
    """Intruder Escape by seat with the players' dice, up to the first player's die."""
    started(table)
    while table.entry is None:
        state = table.live.state  # type: ignore[union-attr]
        seat = next(p.seat for p in state.pending() if hasattr(p, "seat"))
        table._act(f"seat{seat + 1}", state.legal_actions(seat)[0])
    return table


def test_a_die_face_no_one_plays_says_why_before_the_next_entry() -> None:
    with table_for("intruder-escape", 3, characters="by_seat", dice="players") as table:
        intruder_table(table)
        for _ in range(3):
            table._press("seat2", "next")  # 1 -> 4: three characters are in play
        table._press("seat2", "ok")
        assert shown(table._public(0.0)) == ["ROLL AGAIN", "rolled 4: no one",
                                             "plays character 4", "OK: enter the roll"]
        table._press("seat2", "ok")
        assert shown(table._public(0.0)) == ["ROLL YOUR DICE", "first player", "1",
                                             "NEXT/PREV set OK next"]


def test_i_have_seen_it_counts_only_after_the_identity_was_shown() -> None:
    with table_for("intruder-escape", 3, characters="by_seat") as table:
        started(table)
        live = table.live
        assert live is not None and live.state.phase == "ready"
        before = len(live.history)

        def ready(seat: int) -> bool:
            return bool(live.state.view(seat)["seats"][seat]["ready"])

        table.handle(ButtonPressed("seat1", "ok", 1.0), 1.0)  # not peeked: nothing seen
        assert len(live.history) == before and not ready(0)
        assert shown(table._seat(SEATS[0], 1.0)) == ["Seat 1", "PEEK first, then OK",
                                                     "hold PEEK to see"]
        table.privacy.reveal("seat1", 2.0)
        assert shown(table._seat(SEATS[0], 2.0))[-1] == "OK: I have seen it"
        table.handle(ButtonPressed("seat1", "ok", 3.0), 3.0)
        assert ready(0) and shown(table._seat(SEATS[0], 3.0))[-1] == "seen: waiting..."


# ---------------------------------------------------------------------- refusals


def test_an_asylum_card_played_at_the_wrong_time_is_refused_in_plain_words() -> None:
    state = asylum_start(3, rooms=[QUIET, QUIET])
    while state.phase != "victim_draw":
        if state.phase == "flip":
            flip(state)
            state.apply(asy.MovePatient(0, state.current["patient"], ()))
        elif state.phase == "adjust":
            state.apply(asy.Adjust(0, "done"))
        else:
            pass_window(state)
    seat = state.current["seat"]
    state.apply(asy.DrawCard(seat, "movement"))
    hide = next(c for c in state.victim(seat)["hand"] if c.startswith("camo-hide"))
    flow = AsylumFlow()
    flow.start(["Seat 1", "Seat 2", "Seat 3"])
    flow.reset(state)
    with pytest.raises(IllegalAction) as refused:
        state.apply(asy.PlayCard(seat, hide))  # Hide: before a kill roll only
    flow.refused(seat, refused.value)
    assert shown(flow.seat(seat, state, True)) == [
        "Not allowed", "Hide (example) can be", "played only before a", "Patient's kill roll;",
        "now it is your turn"]


def test_a_faction_game_refused_in_the_lobby_names_the_option_as_shown() -> None:
    with table_for("innsmouth-32", 3, faction_game="four") as table:
        started(table)
        assert table.mode == "lobby"
        assert shown(table.lobby.public()) == [
            "Cannot start", "Factions: 4 players", "is for exactly 4", "character players",
            "besides the director,", "not 2"]
        assert "faction_game" not in " ".join(table.lobby.public().texts)


# ---------------------------------------------------------------------- roll prompts


def test_the_night_clerk_flails_with_brains_on_his_screen_and_the_dice_screen() -> None:
    clerk = "night-clerk"

    def attack(d: dict[str, object]) -> None:
        move(d, "deep-one-1", "throng", 0, 0)
        director_turn(d)

    state = mstart(3, screen=(clerk, "fire-axe", "boat-hook"), night_clerk=True)
    state.apply(i32.Spotlight(1, clerk, clerk))
    state.apply(i32.Act(1, clerk, "rest"))
    state = edit(state, attack)
    state.apply(i32.AllOut(0))
    state.apply(i32.Aim(0, clerk))
    roll(state, 1, 2)
    roll(state, 2)
    damage = I32Box(state).menu(1)  # his seat's choice says BRAINS too
    assert [item.label for item in damage.items][-1] == "Flail: BRAINS 7"
    state.apply(i32.Flail(1, 0, 0))
    prompt = state.chance_prompt()
    assert prompt is not None
    assert shown(DiceEntry(prompt).render())[:3] == ["ROLL YOUR DICE", "The Night Clerk",
                                                     "flails (BRAINS 7)"]

