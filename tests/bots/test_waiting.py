"""A bot may wait at an optional prompt (``SeatPrompt.optional``: Innsmouth 32's lend, share
and horror-star prompts) and nowhere else; the runners then ask the next seat (services/bots/
contract.py ``decide``, services/bots/play.py ``bots_act``, services/referee/play_bots.py, the
box's services/referee/box/botseats.py)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from services.bots.contract import BotError, SeatKnowledge, choose, decide, knowledge_of
from services.bots.innsmouth_32 import make_bot
from services.bots.play import Record, bots_act, check_not_stuck
from services.games.core import Action
from services.games.innsmouth_32 import actions as a
from services.referee.box.botseats import BotSeats, Inline, Move
from services.referee.journal import Journal
from services.referee.live import LiveGame
from services.referee.play_bots import BotSeatError, PlayBots
from tests.games.i32_helpers import GAME, edit, move, start
from tests.games.test_i32_star_anytime import starred


def attack(players: int = 4) -> Any:
    """Seat 2's Bugsy Malone attacks: Seat 2 commits; Seats 3 and 4 (power 5 and 4) may lend."""
    def change(d: dict[str, Any]) -> None:
        move(d, "fire-axe", "items", "bugsy-malone")
        move(d, "deep-one-1", "throng", 0, 0)
        d["power"] = [0, 7, 5, 4][:players]
    state = edit(start(players), change)
    state.apply(a.Pool(1))
    state.apply(a.Act(1, "bugsy-malone", "attack", "deep-one-1", "fire-axe", "muscle"))
    return state


class Waiter:
    """Waits whenever it may; else the first legal action."""

    level = "waiter"

    def __init__(self) -> None:
        self.asked = 0

    def choose(self, knowledge: SeatKnowledge, rng: random.Random) -> Action | None:
        self.asked += 1
        return None if knowledge.may_wait() else knowledge.legal[0]


class Stubborn:
    """Waits even where its seat must act: refused."""

    level = "stubborn"

    def choose(self, knowledge: SeatKnowledge, rng: random.Random) -> Action | None:
        return None


def knowledge(record: Record, seat: int) -> SeatKnowledge:
    return knowledge_of(record.state, seat, record.actions, record.events)


def test_only_an_optional_prompt_may_be_let_pass() -> None:
    record = Record(attack())
    lender, committer = knowledge(record, 2), knowledge(record, 1)
    assert lender.may_wait() and not committer.may_wait()
    assert decide(Waiter(), lender, 1) is None
    with pytest.raises(BotError, match="waits where an action was needed"):
        choose(Waiter(), lender, 1)
    with pytest.raises(BotError, match="the stubborn bot of Seat 2 waits, but its seat must "
                                       "act now"):
        decide(Stubborn(), committer, 1)
    assert not knowledge(record, 0).may_wait()  # the director is not asked at all


def test_a_seat_that_waits_lets_the_next_bot_seat_act_then_a_person() -> None:
    record = Record(attack())
    waiter = Waiter()
    bots = {2: waiter, 3: make_bot("easy")}
    assert bots_act(record, bots, 5, random.Random(1)) == 1
    assert record.actions == [a.Lend(3, 4)]  # Seat 4 lends all its power in one move
    assert record.state.current["lent"] == [0, 0, 0, 4]
    assert record.state.power == [0, 7, 5, 0]
    assert waiter.asked == 2  # before Seat 4's lend and again after it: still waiting
    assert [p.seat for p in record.state.pending()] == [1, 2]  # the person commits


class OnlyLenders:
    """An engine gone wrong: the position of :func:`attack` asking the lenders only."""

    def __init__(self, state: Any) -> None:
        self.state = state

    def __getattr__(self, name: str) -> Any:
        return getattr(self.state, name)

    def pending(self) -> list[Any]:
        return [p for p in self.state.pending() if p.seat != 1]


def test_bots_that_all_wait_with_nobody_else_asked_are_an_error() -> None:
    record = Record(attack())
    check_not_stuck(record.state, [2, 3])  # Seat 2 must commit: the game goes on
    assert bots_act(record, {2: Waiter(), 3: Waiter()}, 5, random.Random(1)) == 0
    stuck = Record(OnlyLenders(attack()))
    with pytest.raises(BotError, match=r"the bots of seats \[3, 4\] all wait and no one else "
                                       "is asked"):
        bots_act(stuck, {2: Waiter(), 3: Waiter()}, 5, random.Random(1))


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_lends_all_its_power_in_one_move(level: str) -> None:
    record = Record(attack())
    assert choose(make_bot(level), knowledge(record, 2), 3) == a.Lend(2, 5)
    assert choose(make_bot(level), knowledge(record, 3), 3) == a.Lend(3, 4)


def test_refbox_play_lets_a_waiting_seat_pass_and_tells_the_moves() -> None:
    live, _ = LiveGame.from_state(Journal(":memory:"), GAME, attack())
    table = PlayBots("innsmouth-32", 4, {2: "easy", 3: "easy"}, {}, None)
    moves = table.act(live, 5)
    assert [(m.seat, m.says) for m in moves] == [
        (2, "Seat 3 lends 5 power spoints"), (3, "Seat 4 lends 4 power spoints")]
    assert table.act(live, 5) == []  # no prompt left for them: Seat 2, a person, commits


def test_refbox_play_reports_box_seats_that_all_wait_with_nobody_else_asked() -> None:
    live, _ = LiveGame.from_state(Journal(":memory:"), GAME, attack())
    table = PlayBots("innsmouth-32", 4, {2: "wait", 3: "wait"}, {}, None)
    table._bots.update({(2, "wait"): Waiter(), (3, "wait"): Waiter()})
    assert table.act(live, 5) == []  # Seat 2, a person, is asked: the box waits for it
    live.state = OnlyLenders(live.state)  # type: ignore[assignment]
    with pytest.raises(BotSeatError, match=r"the box cannot go on: the bots of seats \[3, 4\] "
                                           "all wait and no one else is asked"):
        table.act(live, 5)


def test_the_box_asks_its_next_seat_when_one_waits_and_again_after_a_change() -> None:
    live, _ = LiveGame.from_state(Journal(":memory:"), GAME, attack())
    waiter = Waiter()
    seats = BotSeats("innsmouth-32", {2: "wait", 3: "easy"}, 5, 0.0, Inline(),
                     lambda game, level: waiter if level == "wait" else make_bot(level))
    assert seats.due(live, 0.0, True) == Move(3, a.Lend(3, 4))
    assert seats.waiting(live) == {2}
    live.apply(a.Lend(3, 4))
    assert seats.waiting(live) == frozenset()  # the game changed: Seat 3 is asked again...
    assert seats.due(live, 0.0, True) is None  # ...and waits again; Seat 2 (a person) commits
    assert waiter.asked == 2 and seats.waiting(live) == {2}


def test_the_box_reports_its_seats_all_waiting_with_nobody_else_asked() -> None:
    live, _ = LiveGame.from_state(Journal(":memory:"), GAME, attack())
    live.state = OnlyLenders(live.state)  # type: ignore[assignment]
    seats = BotSeats("innsmouth-32", {2: "wait", 3: "wait"}, 5, 0.0, Inline(),
                     lambda game, level: Waiter())
    found = seats.due(live, 0.0, True)
    assert isinstance(found, BotError)
    assert found.message == "the bots of seats [3, 4] all wait and no one else is asked"
    assert seats.due(live, 0.0, True) is None  # reported once, not again at each look


def test_on_the_box_a_hard_seat_keeps_its_star_and_a_normal_one_spends_it() -> None:
    """Seat 3's Lefty Rourke holds a horror star during Seat 2's turn (a person's): asked
    for the star alone, the box's `hard` seat lets the prompt pass, `normal` spends it."""
    for level, expected in (("hard", None), ("normal", Move(2, a.StarAction(2, "lefty-rourke")))):
        live, _ = LiveGame.from_state(Journal(":memory:"), GAME, starred())
        seats = BotSeats("innsmouth-32", {2: level}, 5, 0.0, Inline())
        assert seats.due(live, 0.0, True) == expected
        assert seats.waiting(live) == ({2} if expected is None else frozenset())
