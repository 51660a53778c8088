"""Innsmouth Escape's flow outside a whole game: a position is set up with the engine's test
helpers, then the seats' buttons and tags are driven through the flow the way the box does
(an action is applied; a refusal goes to ``flow.refused``; after a change ``flow.reset``).

The card effect menu (moving pawns and a Shoggoth), drawing from your own decks
(``cards = physical``) and the Deep One cards played from the unseen pool.
"""

from __future__ import annotations

import json
from typing import Any

from services.games.core import GameError, RollResult
from services.games.innsmouth_escape import actions as a
from services.games.innsmouth_escape.state import InnsmouthState
from services.referee.tables.innsmouth_escape import words as w
from services.referee.tables.innsmouth_escape.flow import InnsmouthFlow
from tests.games.innsmouth_helpers import (
    BLUE,
    GREEN,
    PARK,
    THREE_RESTS,
    arrange,
    check_pawns,
    plot,
    position,
    rest,
    seats,
)

LABELS = ["Seat 1", "Seat 2", "Seat 3"]
ANY_CARDS = ("deep-one-42", "deep-one-43", "deep-one-44", "deep-one-45", "deep-one-46")


class Box:
    """A flow and a state, driven like the box's table drives them."""

    def __init__(self, state: InnsmouthState) -> None:
        self.state = state
        self.flow = InnsmouthFlow()
        self.flow.start(LABELS[: state.players])
        self.flow.reset(state)
        self.refusals: list[GameError] = []

    def act(self, seat: int, action: Any) -> None:
        if action is None:
            return
        try:
            self.state.apply(action)
        except GameError as error:
            self.refusals.append(error)
            self.flow.refused(seat, error)
            return
        self.flow.reset(self.state)

    def press(self, seat: int, role: str = "ok") -> None:
        self.act(seat, self.flow.press(seat, role, self.state))

    def tag(self, seat: int, kind: str, component: str) -> None:
        self.act(seat, self.flow.tag(seat, kind, component, self.state))

    def menu(self, seat: int) -> Any:
        stack = self.flow.stacks.get(seat)
        if not stack:
            self.press(seat, "ok")
            stack = self.flow.stacks.get(seat)
        assert stack, f"seat {seat} has no menu (phase {self.state.phase})"
        return stack[-1]

    def labels(self, seat: int) -> list[str]:
        return [item.label for item in self.menu(seat).items]

    def choose(self, seat: int, label: str) -> None:
        """Move the cursor of the seat's menu to ``label`` (next presses), then ok."""
        menu = self.menu(seat)
        assert label in self.labels(seat), f"{label!r} not in {self.labels(seat)}"
        for _ in range(len(menu.items)):
            if menu.current.label == label:
                break
            self.press(seat, "next")
        assert menu.current.label == label
        self.press(seat, "ok")

    def screen(self, seat: int) -> str:
        return " ".join(self.flow.seat(seat, self.state, shown=True).texts)


def deep_ones_to_window(state: InnsmouthState) -> None:
    """The Deep One turn with no moves, summons or spawns, up to the Human's turn (stopping at
    the first card window)."""
    while state.phase in ("do_move", "do_summon", "do_spawn"):
        seat = seats(state)[0]
        if state.phase == "do_move":
            state.apply(a.MoveDeepOnes(seat, (), ""))
        elif state.phase == "do_summon":
            state.apply(a.Summon(seat, ""))
        else:
            raise AssertionError(f"{state.colours[seat]} must spawn")


# ---------------------------------------------------------------------------------- effects


def adjusting_green() -> Box:
    """Round 1, the Move step: blue has sent his moves; green plays a card from the move map
    ("Cards") and has to apply its effect."""
    state = position(3, orders={"deep_one": ANY_CARDS})
    plot(state, THREE_RESTS)
    assert state.phase == "do_move"
    box = Box(state)
    blue, green = state.colours.index(BLUE), state.colours.index(GREEN)
    box.act(blue, a.MoveDeepOnes(blue, (), ""))
    card = next(c for c in state.do_hands[GREEN] if c in ANY_CARDS)
    box.choose(green, "Cards")
    box.choose(green, f"Play {w.name(card)}")
    assert state.phase == "adjust" and state.adjusting["seat"] == green
    return box


def test_the_effect_menu_moves_pawns_and_the_shoggoth() -> None:
    box = adjusting_green()
    state, green = box.state, box.state.colours.index(GREEN)
    park = PARK[GREEN]
    assert {"Move pawns", "Shoggoth"} <= set(box.labels(green))
    box.choose(green, "Move pawns")
    assert box.labels(green) == list(state.pools)
    box.choose(green, GREEN)
    assert box.labels(green) == [park]  # only the cells with green pawns
    box.choose(green, park)
    assert park not in box.labels(green)  # anywhere else with room for a green pawn
    box.choose(green, "B5")
    assert state.phase == "adjust" and not box.flow.stacks.get(green)
    assert state.on(park, GREEN) == 2 and state.on("B5", GREEN) == 1
    check_pawns(state)

    box.choose(green, "Shoggoth")
    box.choose(green, GREEN)
    assert "Off board" not in box.labels(green)  # it is not on the board
    box.choose(green, "C2")
    assert state.shoggoths[GREEN] == "C2"
    box.choose(green, "Shoggoth")
    box.choose(green, GREEN)
    assert "C2" not in box.labels(green)
    box.choose(green, "Off board")
    assert state.shoggoths[GREEN] == ""
    assert [(x["kind"], x["colour"], x["cell"], x["to"], x["amount"])
            for x in state.adjusting["log"]] == [
        ("move_pawns", GREEN, park, "B5", 1), ("shoggoth", GREEN, "", "C2", 0),
        ("shoggoth", GREEN, "", "", 0)]

    box.choose(green, "Done: it is applied")
    assert state.phase == "do_move" and seats(state) == [green]


def test_an_adjustment_the_engine_refuses_is_explained_on_that_seat_only() -> None:
    """Blue has sent his moves: his pawns change only when the step is applied (A-IE-21)."""
    box = adjusting_green()
    state, green = box.state, box.state.colours.index(GREEN)
    blue = state.colours.index(BLUE)
    before = state.to_json()
    box.choose(green, "Move pawns")
    box.choose(green, BLUE)
    box.choose(green, PARK[BLUE])
    box.choose(green, "A5")
    assert state.to_json() == before
    (error,) = box.refusals
    assert error.rule == "A-IE-21"
    screen = box.screen(green)  # plain words first; the rule id is for referees
    assert screen.startswith("Not allowed blue has already") and "A-IE-21" not in screen
    assert "Not allowed" not in box.screen(blue) + box.screen(state.human)
    box.press(green, "next")  # the first press clears the refusal
    assert "Not allowed" not in box.screen(green)
    box.choose(green, "Done: it is applied")
    assert state.phase == "do_move"


# ---------------------------------------------------------------------------------- restart


def restarted(box: Box) -> Box:
    """The box restarted: a new flow on the state read back from its snapshot."""
    data = json.loads(json.dumps(box.state.to_json()))
    return Box(InnsmouthState.from_snapshot(data, box.state.data))


def combat_pages(box: Box) -> dict[str, tuple[bytes, str]]:
    found = {}
    for page in ("combat", "attacks"):
        box.flow.page, box.flow.turned = page, 0
        assert box.flow.page_name(box.state) == page, f"no {page} page"
        canvas = box.flow.public(box.state, "")
        found[page] = (canvas.image.tobytes(), " ".join(canvas.texts))
    return found


def test_the_combat_pages_are_the_same_after_a_restart() -> None:
    """The pages read the engine's combat record, not what the flow saw happen."""
    state = position(3, pawns={"C4": {BLUE: 2, GREEN: 1}}, shoggoths={BLUE: "C4"})
    rest(state)
    assert state.phase == "combat"
    box = Box(state)
    human = state.human
    box.choose(human, "Fight: 1d hit 5+")
    box.act(human, RollResult((6,)))
    assert state.phase == "kill"
    box.choose(human, "green 1")
    assert state.phase == "do_attack"
    during = combat_pages(box)
    assert "killed: green 1" in during["combat"][1]
    assert "the Deep Ones roll" in during["attacks"][1]
    assert combat_pages(restarted(box)) == during

    box.act(human, RollResult((4, 6)))
    assert state.phase == "plot"
    assert box.flow.page_name(state) == "combat"  # after the combat, its page first
    after = combat_pages(box)
    assert "killed: green 1" in after["combat"][1]
    assert "blue: 4 6 =3W" in after["attacks"][1]
    assert "Shoggoth b: 3W" in after["attacks"][1] and "dead: blue 2" in after["attacks"][1]
    again = restarted(box)
    assert again.flow.page_name(again.state) == "map"
    assert combat_pages(again) == after


# ---------------------------------------------------------------------------------- own decks


def test_own_decks_a_deep_one_card_from_the_pool_then_the_human_identifies_his_draw() -> None:
    """``cards = physical``: blue plays a card the box has not seen (any card still in the
    pool) from the window menu; the Human draws from his own Captive deck on C3 and tells the
    box which cards he drew, by the list and by tapping a card; a card not in that deck, or
    drawn already, is refused on his screen."""
    state = position(2, options={"cards": "physical"})
    arrange(state, human_cell="C3")  # a rank 2 Captive token lies there
    plot(state, THREE_RESTS)
    deep_ones_to_window(state)
    assert state.phase == "window" and state.do_hands[BLUE] == ["?", "?", "?"]
    box = Box(state)
    blue, human = state.colours.index(BLUE), state.human

    labels = box.labels(blue)
    assert labels[0] == "Pass" and f"Play {w.name('deep-one-39')}" in labels
    assert f"Play {w.name('deep-one-13')}" not in labels  # a Deep One turn card: not now
    box.choose(blue, f"Play {w.name('deep-one-39')}")  # the Human takes 1 wound
    assert state.do_played == {BLUE: "deep-one-39"} and state.do_hands[BLUE] == ["?", "?"]
    assert "deep-one-39" not in state.decks["deep_one"]
    assert state.phase == "adjust" and state.adjusting["seat"] == blue
    box.choose(blue, "Wounds +1")
    box.choose(blue, "Done: it is applied")
    assert state.wounds == 1

    assert state.phase == "identify" and seats(state) == [human]
    assert box.flow.menu_for(blue, state) is None
    menu = box.menu(human)
    assert menu.title == "Drawn captive card?"
    assert box.labels(human) == [w.name(c) for c in state.decks["captive"]]
    box.choose(human, w.name("captive-05"))
    assert state.identify["drawn"] == [["captive", ["captive-05"], 2]]
    assert "captive-05" not in state.decks["captive"]

    for wrong, why in (("captive-05", "was already drawn"),
                       ("equipment-01", "is not in that deck")):
        before = state.to_json()
        box.tag(human, "card", wrong)
        assert state.to_json() == before
        assert box.refusals[-1].rule == "R-IE-27"
        screen = box.screen(human)
        assert screen.startswith("Not allowed") and why in screen, screen
        assert "R-IE-27" not in screen
        assert "Not allowed" not in box.screen(blue)
        box.press(human, "ok")  # clears the refusal (next would scroll a long one)
    box.tag(human, "card", "captive-07")
    assert state.identify is None and state.phase != "identify"
    assert {"captive-05", "captive-07"} <= set(state.tableau + state.hand)
    assert not {"captive-05", "captive-07"} & set(state.decks["captive"])
    check_pawns(state)
