"""Asylum Escape's flow outside a whole game: a position is set up with the engine's test
helpers, then the seats' buttons are driven through the flow the way the box does (an action
is applied; a refusal goes to ``flow.refused``; after a change ``flow.reset``).

The start-room cursor, a Patient's move and its way, a catch on the public screen with the
Catching Stat and the roll, the response window on the caught Victim's screen, the collapse
page by page, greyed items with the engine's reason, refusals in plain words, the route at
the end, and the terminal text.
"""

from __future__ import annotations

from typing import Any

from services.games.asylum_escape import actions as a
from services.games.asylum_escape.state import AsylumState
from services.games.core import EndGame, FlipResult, GameError, RollResult
from services.referee.tables.asylum_escape.flow import AsylumFlow
from services.referee.tables.asylum_escape.text import render
from tests.games.asylum_helpers import QUIET, arrange, flip, new, pass_window, shuffle_all, start

LABELS = ["Seat 1", "Seat 2", "Seat 3"]


class Box:
    """A flow and a state, driven like the box's table drives them."""

    def __init__(self, state: AsylumState) -> None:
        self.state = state
        self.flow = AsylumFlow()
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

    def chance(self, action: Any) -> None:
        self.state.apply(action)
        self.flow.reset(self.state)

    def press(self, seat: int, role: str = "ok") -> None:
        self.act(seat, self.flow.press(seat, role, self.state))

    def menu(self, seat: int) -> Any:
        stack = self.flow.stacks.get(seat)
        if not stack:
            self.press(seat, "ok")
            stack = self.flow.stacks.get(seat)
        assert stack, f"seat {seat} has no menu (phase {self.state.phase})"
        return stack[-1]

    def labels(self, seat: int) -> list[str]:
        return [item.label for item in self.menu(seat).items]

    def choose(self, seat: int, test: Any) -> None:
        menu = self.menu(seat)
        assert any(test(item) for item in menu.items), [i.label for i in menu.items]
        for _ in range(len(menu.items)):
            if test(menu.current):
                break
            self.press(seat, "next")
        self.press(seat, "ok")

    def label(self, seat: int, label: str) -> None:
        self.choose(seat, lambda item: item.label == label)

    def room(self, seat: int, room: str) -> None:
        self.choose(seat, lambda item: getattr(item, "room", "") == room)

    def public(self, page: str = "") -> str:
        pages = dict(self.flow.public_pages(self.state, ""))
        return " ".join(pages[page or self.flow.page_name(self.state)]().texts)


def start_rooms() -> AsylumState:
    state = new(3)
    shuffle_all(state)
    while state.phase == "victim_card":
        state.apply(a.Keep(state.current["seat"]))
    return state


def test_a_victim_chooses_his_start_room_with_a_cursor_on_his_own_map() -> None:
    box = Box(start_rooms())
    picker = box.menu(1)
    assert picker.title == "Start room?"
    assert len(picker.rooms) == 24 and "morgue" not in picker.rooms  # the Butcher's room
    other = box.menu(2)
    box.room(1, "laundry")
    assert box.state.victim(1)["room"] == "laundry"
    assert box.flow.stacks[2] == [other], "another Victim's half-moved cursor stays"
    assert box.flow.announce(box.state, [a.StartChosen(1)]) == "Seat 2 has chosen"
    assert "Laundry" not in box.public() and "layout" in box.flow.page_name(box.state)


def test_a_patients_way_is_asked_only_when_several_pass_different_rooms() -> None:
    box = Box(start(3, rooms=[QUIET, QUIET]))
    box.chance(FlipResult(False))  # tails: up to 2 rooms
    picker = box.menu(0)
    assert picker.title == "P1 to?" and picker.home == "morgue"
    assert set(picker.rooms) == {"morgue", "laundry", "rooftop", "padded-cell",
                                 "boiler-room", "basement", "courtyard", "attic"}
    box.room(0, "basement")
    assert box.labels(0) == ["via Laundry", "via Rooftop"]
    box.label(0, "via Laundry")
    assert box.state.patient("the-butcher")["room"] == "basement"
    assert box.state.phase != "patient_move"


def caught() -> Box:
    """Seat 2 (in the Laundry) caught by the Butcher passing through, told on the public
    screen once every Patient moved."""
    box = Box(start(3, rooms=["laundry", QUIET]))
    box.chance(FlipResult(False))
    box.room(0, "boiler-room")
    assert box.state.phase == "window"
    return box


def test_a_catch_is_told_with_the_catching_stat_then_the_roll() -> None:
    box = caught()
    assert box.flow.page_name(box.state) == "catch"
    assert box.public() == "Caught! Seat 2 caught in Laundry P1 kills on 5 6 the die decides..."
    assert box.flow.menu_for(2, box.state) is None and box.flow.menu_for(0, box.state) is None
    menu = box.menu(1)
    assert menu.title == "Cards: response" and menu.lines == ["P1 attacks you"]
    assert [(i.label, i.why) for i in menu.items] == [("Pass", ""),
                                                      ("Play Hide (example)", "")]
    box.label(1, "Pass")
    box.chance(RollResult((4,)))
    assert box.flow.page_name(box.state) == "catch"
    pages = dict(box.flow.public_pages(box.state, "rolled 4"))
    assert pages["catch"]().texts[-2:] == ["rolled 4", "survives: flees"]
    assert box.menu(1).title == "Flee to?" and box.flow.menu_for(2, box.state) is None


def test_the_collapse_is_drawn_room_by_room() -> None:
    box = caught()
    box.label(1, "Pass")
    box.chance(RollResult((6,)))
    assert box.state.destroyed == ["laundry"]
    assert box.flow.page_name(box.state) == "collapse"
    texts = box.public("collapse")
    assert "XX" in texts and texts.endswith("Laundry falls: col 2")
    state = start(3, rooms=["laundry", QUIET])
    arrange(state, columns=[state.columns[0], ["laundry"], *state.columns[2:]],
            patients={"the-butcher": "rooftop"})
    box = Box(state)
    box.chance(FlipResult(True))
    box.room(0, "laundry")
    pass_window(box.state)
    box.chance(RollResult((6,)))
    assert box.public("collapse").endswith("column 2 closes")


def test_greyed_items_carry_the_engines_reason_and_refusals_read_plainly() -> None:
    state = start(3, rooms=[QUIET, QUIET])
    while state.phase != "victim_draw":
        if state.phase == "flip":
            flip(state)
            state.apply(a.MovePatient(0, state.current["patient"], ()))
        elif state.phase == "adjust":
            state.apply(a.Adjust(0, "done"))
        else:
            pass_window(state)
    seat = state.current["seat"]
    state.apply(a.DrawCard(seat, "movement"))
    box = Box(state)
    items = {i.label: i.why for i in box.menu(seat).items}
    assert items["End the turn"] == ("you drew a Movement card: make your move (an empty "
                                     "path stays where you are)")
    assert items["Move: up to 1 room"] == ""
    assert items["Play Hide (example)"] == ("Hide (example) can be played only before a "
                                            "Patient's kill roll; now it is your turn")
    box.press(seat, "prev")  # onto End the turn: ok shows why, nothing is played
    box.press(seat, "ok")
    assert box.menu(seat).notice.startswith("you drew a Movement card")
    box.act(seat, a.Move(seat, ("rooftop",)))
    said = " ".join(box.flow.seat(seat, box.state, True).texts)
    assert said.startswith("Not allowed") and "R-AE" not in said and "Rooftop is not next" in said


def test_the_routes_are_drawn_at_the_end_and_the_text_form_keeps_secrets() -> None:
    state = start(3, rooms=["laundry", QUIET])
    lines = "\n".join(render(state.view(1)))
    assert "Your room: Laundry" in lines and "Laundry" in lines.splitlines()[5]
    for reader in (0, 2, None):  # the Patients player, the other Victim, the table
        text = "\n".join(render(state.view(reader)))
        assert "Your room: Laundry" not in text and "Laundry" not in text.split("Patients:")[1]
    state.apply(EndGame("time"))
    box = Box(state)
    names = [name for name, _draw in box.flow.public_pages(state, "")]
    assert names[:3] == ["result", "route 2", "route 3"]
    assert "S start" in box.public("route 2") and box.flow.page_name(state) == "result"
    assert "Seat 2: game ended" in " ".join(box.flow.reveal(1, state).texts)


def test_physical_decks_a_drawn_card_is_tapped_or_chosen_from_what_it_can_be() -> None:
    """Option cards = physical: the Victim who draws tells the box which card it was, with
    its tag or from the list of the cards it can be; a card of another deck is refused."""
    state = new(3, {"cards": "physical"})
    shuffle_all(state)
    assert (state.phase, state.current["seat"]) == ("identify", 1)
    box = Box(state)
    menu = box.menu(1)
    assert menu.title == "Which Victim card?" and menu.lines == ["or tap its tag"]
    assert [i.label for i in menu.items] == [box.flow._name(c) for c in sorted(
        state.data.deck("victims"))]
    assert box.flow.menu_for(2, state) is None
    box.act(1, box.flow.tag(1, "card", "the-butcher", state))
    said = " ".join(box.flow.seat(1, state, True).texts)
    assert "is not a Victim card" in said and state.phase == "identify"
    box.act(2, box.flow.tag(2, "card", "guard", state))
    assert "nothing changes" in " ".join(box.flow.seat(2, state, True).texts)
    box.act(1, box.flow.tag(1, "card", "guard", state))
    assert state.victim(1)["card"] == "guard"


def test_the_patients_players_cursor_shows_on_the_public_map() -> None:
    """The Patients move in the open: the room under his cursor is drawn inverted on the
    public map (a Victim's cursor never is: tests/box/test_asylum_hidden.py)."""
    box = Box(start(3, rooms=[QUIET, QUIET]))
    box.chance(FlipResult(False))
    still = box.flow.public(box.state, "").image.tobytes()
    box.menu(0)
    at = box.flow.public(box.state, "").image.tobytes()
    box.press(0, "next")
    moved = box.flow.public(box.state, "").image.tobytes()
    assert len({still, at, moved}) == 3
    assert box.flow._pointing(box.flow.view(box.state, None)) == box.menu(0).rooms[1]


def test_physical_decks_a_card_not_told_yet_is_any_card_the_rules_allow() -> None:
    """With physical decks a hand holds cards the box was not told ("?"): the turn menu offers
    each unseen card the rules let the Victim play now, once per name, never "?"."""
    import random

    from services.games.core import SeatPrompt, ShuffleResult

    rng = random.Random(2)
    state = new(3, {"cards": "physical", "card_windows": True})
    shuffle_all(state)
    while not (state.phase == "victim_act" and "?" in state.victim(state.current["seat"])[
            "hand"]):
        prompt = state.pending()[0]
        if isinstance(prompt, SeatPrompt):
            state.apply(rng.choice(state.legal_actions(prompt.seat)))
        elif state.phase == "flip":
            state.apply(FlipResult(True))
        elif state.phase == "kill_roll":
            state.apply(RollResult((1,)))
        else:
            state.apply(ShuffleResult(state.current["deck"], tuple(state.chance().items)))
    seat = state.current["seat"]
    box = Box(state)
    labels = box.labels(seat)
    plays = {box.flow._name(x.card, 15) for x in state.legal_actions(seat)
             if isinstance(x, a.PlayCard)}
    assert plays and {f"Play {n}" for n in plays} == {x for x in labels if x.startswith("Play")}
    assert len(labels) == len(set(labels)) and "Play ?" not in labels
    box.press(seat, "back")
    assert "1 card in hand" in " ".join(box.flow.seat(seat, state, True).texts)
