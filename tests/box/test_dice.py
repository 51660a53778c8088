"""Dice at the table: the box rolls (animated, then the journaled faces), or the players
enter their own dice with the buttons. Both give the engine the same chance action."""

from __future__ import annotations

import random

import pytest

from firmware_py.events import ButtonHeld, ButtonPressed
from services.games.core import Flip, GameError, Roll
from services.games.registry import Registry
from services.referee.box.dice import ANIMATION, DiceEntry
from services.referee.box.flow import Flow
from services.referee.box.render import Canvas, wrap
from services.referee.box.table import Seat, Table
from services.referee.journal import Journal
from tests.referee.tally import AskDie, Tally


class TallyFlow(Flow):
    """A minimal flow for the test game: ok asks the die."""

    def reset(self, state):
        pass

    def press(self, seat, role, state):
        return AskDie(seat) if role == "ok" else None

    def hold(self, seat, role, state):
        return None

    def refused(self, seat, error: GameError):
        pass

    def announce(self, state, events):
        return ""

    def public(self, state, note):
        canvas = Canvas()
        canvas.line(0, f"total {state.total}")
        canvas.line(5, note)
        return canvas

    def seat(self, seat, state, shown):
        return Canvas()

    def reveal(self, seat, state):
        return Canvas()


@pytest.fixture
def journal():
    with Journal(":memory:") as j:
        yield j


class TallyFlows:
    """The flows this table runs: Tally's only."""

    def has(self, game_id: str) -> bool:
        return game_id == Tally.info.id

    def make(self, game_id: str) -> TallyFlow:
        return TallyFlow()


def table(journal, cues):
    seats = [Seat("seat1", "Seat 1"), Seat("seat2", "Seat 2")]
    return Table(Registry((Tally(),)), journal, seats, random.Random(4), cue=cues.append,
                 flows=TallyFlows())


def press(t, seat, role, now=1.0):
    t.handle(ButtonPressed(seat, role, now), now)


def start(t, dice_by_players: bool):
    press(t, "seat1", "ok")  # choose Tally
    assert t.lobby.menu.items[0].label == "Dice: box"
    if dice_by_players:
        press(t, "seat1", "ok")  # Dice: players
        assert t.lobby.menu.items[0].label == "Dice: players"
    press(t, "seat1", "prev")
    press(t, "seat1", "ok")  # seats join
    press(t, "seat1", "ok")
    press(t, "seat2", "ok")
    t.handle(ButtonHeld("seat1", "ok", 1.0), 1.0)
    assert t.mode == "game"


def public_text(t, now):
    return t.screens(now)["public"].texts


def test_players_enter_their_dice_with_the_buttons(journal):
    cues: list[str] = []
    t = table(journal, cues)
    start(t, dice_by_players=True)
    press(t, "seat1", "ok")  # the flow asks for the die
    assert t.entry is not None
    assert public_text(t, 2.0)[:2] == ["ROLL YOUR DICE", "die for the tally"]
    press(t, "seat2", "next")  # any seated player may enter it
    press(t, "seat2", "next")
    press(t, "seat1", "prev")
    press(t, "seat1", "next")
    press(t, "seat2", "ok")  # 3
    assert t.entry is None and t.live.state.total == 3
    chance = [e for e in journal.entries(t.live.id) if e.kind == "chance"]
    assert chance[-1].body == {"type": "roll", "faces": [3]}
    assert "rolled 3" in public_text(t, 3.0)
    assert "dice" not in cues


def test_the_box_rolls_with_an_animation_and_the_dice_cue(journal):
    cues: list[str] = []
    t = table(journal, cues)
    start(t, dice_by_players=False)
    press(t, "seat1", "ok", now=10.0)
    rolled = t.live.state.total  # journaled before anything is shown
    assert 1 <= rolled <= 6 and cues[-2:] == ["dice", "turn"]
    assert public_text(t, 10.05)[0] == "THE BOX ROLLS"
    assert t.next_change(10.05) == pytest.approx(10.1)  # the next animation frame
    frames = {bytes(t.screens(10.0 + k * 0.1)["public"].image.tobytes()) for k in range(8)}
    assert len(frames) > 2  # it tumbles
    after = public_text(t, 10.0 + ANIMATION + 0.01)
    assert after == [f"total {rolled}", f"rolled {rolled}"]
    assert t.entry is None


def test_both_ways_give_the_same_chance_action(journal):
    box = table(journal, [])
    start(box, dice_by_players=False)
    press(box, "seat1", "ok")
    rolled = journal.entries(box.live.id)[-1].body
    players = table(journal, [])
    start(players, dice_by_players=True)
    press(players, "seat1", "ok")
    for _ in range(rolled["faces"][0] - 1):
        press(players, "seat2", "next")
    press(players, "seat2", "ok")
    assert journal.entries(players.live.id)[-1].body == rolled


def test_players_dice_survive_a_restart(journal):
    t = table(journal, [])
    start(t, dice_by_players=True)
    again = table(journal, [])
    again.boot()  # as after a power cut: the game resumes...
    assert again.mode == "game" and again.live.rng is None  # ...and the players still roll
    press(again, "seat1", "ok")
    assert again.entry is not None


def test_every_offline_device_stays_named_until_it_is_back(journal):
    from firmware_py.events import DeviceStatus

    t = table(journal, [])
    start(t, dice_by_players=False)
    t.handle(DeviceStatus("seat1 screen", "i2c-1@0x3C", False, "I2C error", 1.0), 1.0)
    t.handle(DeviceStatus("seat2 reader", "/dev/ttyUSB1", False, "unplugged", 1.0), 1.0)
    t.handle(DeviceStatus("seat1 screen", "i2c-1@0x3C", True, "back", 2.0), 2.0)
    assert t.status == "seat2 reader offline"
    t.handle(DeviceStatus("seat2 reader", "/dev/ttyUSB1", True, "back", 3.0), 3.0)
    assert t.status == ""


@pytest.mark.parametrize("purpose", [
    "the Night Clerk flails",
    "the Night Clerk flails: roll against",
    "the Night Clerk flails: roll against his BRAINS score now"])
def test_the_dice_move_down_under_a_longer_purpose_and_cover_none_of_it(purpose: str) -> None:
    """One, two or three lines of purpose: every line, both dice and the help stay whole."""
    entry = DiceEntry(Roll(purpose, "R-T-1", count=2))
    entry.press("next")
    canvas = entry.render()
    assert canvas.texts == ["ROLL YOUR DICE", *wrap(purpose), "2", "1", "NEXT/PREV set OK next"]
    assert canvas.overflow == []


def test_a_coin_under_three_lines_of_purpose_stays_clear_of_them() -> None:
    canvas = DiceEntry(Flip("who goes first when the two players tie at the start",
                            "R-T-2")).render()
    assert canvas.texts == ["FLIP A COIN", "who goes first when", "the two players tie",
                            "at the start", "HEADS", "NEXT/PREV set OK next"]
    assert canvas.overflow == []
