"""The Victims' seats of Asylum Escape at three levels (issue 26, services/bots/asylum_escape/
victims.py and victims_route.py): exact behaviour of each level, legal whole games, and
honesty: at Victim decisions in random games with random options, each level decides the
same in two worlds the Victim's seat cannot tell apart (another Victim's room and hand
swapped and every face-down deck reshuffled; or another Victim's latest secret move
replaced in the history), and a planted cheating Victim is caught by that very check."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from services.bots import levels
from services.bots.asylum_escape import make_bot
from services.bots.asylum_escape.victims import choose_victim
from services.bots.asylum_escape.victims_route import (
    CALM,
    Danger,
    destroy_chance,
    stumble_chance,
)
from services.bots.contract import LEVELS, Bot, SeatKnowledge, Told, choose, knowledge_of
from services.bots.play import Record, self_play
from services.games.asylum_escape import AsylumState
from services.games.asylum_escape import actions as a
from services.games.core import Action
from tests.bots.test_asylum_escape import (
    Honesty,
    Point,
    asked,
    decision_points,
    history_twin,
    random_options,
    room_twin,
)
from tests.games.test_asylum_conformance import GAME

SEED = "asylum-victims"
VICTIM_PHASES = ("start_rooms", "victim_draw", "victim_act", "move", "window")
COLUMNS = [[f"r{c}{h}" for h in range(5)] for c in range(5)]  # r00 .. r44, a 5x5 grid


# ------------------------------------------------------------------ a known position


def knowledge_at(phase: str, seat: int = 1) -> SeatKnowledge:
    """A real 3-player game played to the first Victim decision in ``phase``."""
    record = Record(GAME.new_state(3, {"patients_seat": 0}))
    state = record.state
    rng = random.Random(4)
    while state.outcome() is None:
        while state.outcome() is None and state.chance_prompt() is not None:
            record.apply(state.chance_prompt().resolve(rng))  # type: ignore[union-attr]
        who = asked(state)
        if seat in who and state.phase == phase:
            return knowledge_of(state, seat, record.actions, record.events)
        choice = who[0]
        record.apply(choose(make_bot("easy"), knowledge_of(state, choice, record.actions,
                                                           record.events), SEED))
    raise AssertionError(f"no {phase} decision for seat {seat}")


def placed(knowledge: SeatKnowledge, here: str, patients: dict[str, str],
           legal: tuple[Action, ...] | None = None, **view: Any) -> SeatKnowledge:
    """The knowledge on the plain grid ``COLUMNS``: this Victim in ``here``, the Patients
    (card -> room) where given, no history."""
    data = make_bot("easy").data
    rows = [{"card": c, "room": r, "catching_stat": list(data.get(c).catching_stat)}
            for c, r in patients.items()]
    new = dict(knowledge.view, columns=COLUMNS, patients=rows,
               private=dict(knowledge.view["private"], room=here))
    new.update(view)
    return dataclasses.replace(knowledge, view=new, history=(),
                               legal=knowledge.legal if legal is None else legal)


def test_the_danger_of_a_room_counts_reach_kill_chance_and_the_turn_after() -> None:
    k = placed(knowledge_at("victim_draw"), "r00", {"the-butcher": "r22"}, turn=1)
    danger = Danger(k, make_bot("normal").data)
    kill = 2 / 6  # The Butcher kills on 5 or 6
    assert danger.reach("r22") == pytest.approx(kill)  # its own room: reached for sure
    assert danger.reach("r23") == pytest.approx(0.75 * kill)
    assert danger.reach("r24") == pytest.approx(0.35 * kill)
    assert danger.reach("r00") == pytest.approx(0.05 * kill)  # four away: the turn after
    assert danger.nearest("r00") == 4
    assert sorted(danger.within("r00", 1)) == ["r00", "r01", "r10"]


def test_a_patient_about_to_enter_makes_its_start_room_dangerous() -> None:
    k = placed(knowledge_at("victim_draw"), "r00", {"the-butcher": "r44"}, turn=2)
    start = make_bot("normal").data.get("the-twins").start_room  # chapel: not on COLUMNS
    grid = [[start, *COLUMNS[0][1:]], *COLUMNS[1:]]
    k = dataclasses.replace(k, view=dict(k.view, columns=grid))
    danger = Danger(k, make_bot("normal").data)
    assert danger.entering(start) == pytest.approx(1 / 3)  # three Patients still to enter
    assert danger.entering("r11") == 0.0


def test_the_stumble_chance_counts_the_face_up_discards() -> None:
    data = make_bot("normal").data
    view = {"deck_sizes": {"movement": 18}, "discards": {"movement": []}}
    assert stumble_chance(view, data) == pytest.approx(2 / 18)
    view = {"deck_sizes": {"movement": 16}, "discards": {"movement": ["stumble-1", "move-2-1"]}}
    assert stumble_chance(view, data) == pytest.approx(1 / 16)
    view = {"deck_sizes": {"movement": 0}, "discards": {"movement": ["stumble-1", "move-2-1"]}}
    assert stumble_chance(view, data) == pytest.approx(1 / 2)


def test_the_destroy_chance_counts_the_face_up_bloodlust_cards() -> None:
    data = make_bot("normal").data  # five Bloodlust cards, one destroys (bl-collapse)
    view = {"deck_sizes": {"bloodlust": 5}, "discards": {"bloodlust": []}}
    assert destroy_chance(view, data) == pytest.approx(1 / 5)
    view = {"deck_sizes": {"bloodlust": 3}, "discards": {"bloodlust": ["bl-collapse", "bl-howl"]}}
    assert destroy_chance(view, data) == 0.0
    view = {"deck_sizes": {"bloodlust": 0}, "discards": {"bloodlust": ["bl-collapse", "bl-howl"]}}
    assert destroy_chance(view, data) == pytest.approx(1 / 2)


def told(*events: dict[str, Any]) -> Told:
    return Told("", tuple(events))


SEEN_AT_R00 = (  # The Butcher in r22; seats 1 and 2 start somewhere; seat 2 is caught in r00
    told({"type": "layout_dealt", "columns": COLUMNS}),
    told({"type": "patient_released", "patient": "the-butcher", "room": "r22"}),
    told({"type": "start_chosen", "seat": 1}, {"type": "start_chosen", "seat": 2}),
    told({"type": "caught", "seat": 2, "room": "r00", "patients": ["the-butcher"],
          "rule": "R-AE-10"}),
)


def test_normal_and_hard_keep_out_of_the_room_the_table_thinks_most_crowded() -> None:
    """r00 and r40 are alike for a Patient in r22; the table knows a Victim is in r00, the
    room a Bloodlust card would destroy: normal and hard go to r40, easy to either."""
    base = knowledge_at("victim_draw")
    seat = base.seat
    moves = (a.Move(seat, ("r10", "r00")), a.Move(seat, ("r30", "r40")))
    k = placed(base, "r20", {"the-butcher": "r22"}, moves, turn=2, phase="move",
               deck_sizes={"bloodlust": 5}, discards={"bloodlust": []})
    k = dataclasses.replace(k, history=SEEN_AT_R00)
    data = make_bot("normal").data
    doomed = Danger(k, data).doomed(0)
    assert doomed["r00"] == pytest.approx(CALM / 5)  # seat 2 for sure, seat 1 a 24th
    assert doomed["r40"] == pytest.approx(CALM / 5 * (1 / 25) ** 3)
    for level in ("normal", "hard"):
        assert choose_victim(k, data, random.Random(1), level) == moves[1]
    ends = {choose_victim(k, data, random.Random(s), "easy") for s in range(20)}
    assert ends == set(moves)


def test_each_level_draws_a_movement_card_next_to_a_patient_and_a_camo_card_far_away() -> None:
    base = knowledge_at("victim_draw")
    seat = base.seat
    draws = (a.DrawCard(seat, "camo_sabo"), a.DrawCard(seat, "movement"), a.SkipDraw(seat))
    near = placed(base, "r21", {"the-butcher": "r22"}, draws, turn=1,
                  private=dict(base.view["private"], room="r21", hand=[]))
    far = placed(base, "r00", {"the-butcher": "r44"}, draws, turn=1,
                 private=dict(base.view["private"], room="r00", hand=[]))
    for level in LEVELS:
        assert choose_victim(near, make_bot(level).data, random.Random(1), level) == draws[1]
        assert choose_victim(far, make_bot(level).data, random.Random(1), level) == draws[0]


def test_normal_and_hard_play_a_move_card_instead_of_risking_a_stumble() -> None:
    base = knowledge_at("victim_draw")
    seat = base.seat
    draws = (a.DrawCard(seat, "camo_sabo"), a.DrawCard(seat, "movement"), a.SkipDraw(seat))
    near = placed(base, "r21", {"the-butcher": "r22"}, draws, turn=1,
                  private=dict(base.view["private"], room="r21", hand=["camo-sprint-1"]))
    data = make_bot("normal").data
    assert choose_victim(near, data, random.Random(1), "easy") == draws[1]
    for level in ("normal", "hard"):
        assert choose_victim(near, data, random.Random(1), level) == draws[0]
    act = (a.PlayCard(seat, "camo-sprint-1"), a.EndTurn(seat))
    acting = dataclasses.replace(near, legal=act, view=dict(near.view, phase="victim_act"))
    assert choose_victim(acting, data, random.Random(1), "easy") == act[1]
    for level in ("normal", "hard"):
        assert choose_victim(acting, data, random.Random(1), level) == act[0]


def test_hard_takes_the_mulligan_on_a_victim_card_that_moves_less() -> None:
    """The Janitor's Movement cards move one room less (move_bonus -1): hard takes the
    mulligan (A-AE-17); the other levels, and hard on any other card, keep it."""
    base = knowledge_at("victim_card")
    seat = base.seat
    data = make_bot("hard").data

    def dealt(card: str) -> SeatKnowledge:
        victims = [dict(v, card=card) if v["seat"] == seat else v for v in base.view["victims"]]
        return dataclasses.replace(base, view=dict(base.view, victims=victims))

    assert set(base.legal) == {a.Keep(seat), a.Mulligan(seat)}
    assert choose_victim(dealt("janitor"), data, random.Random(1), "hard") == a.Mulligan(seat)
    for level in ("easy", "normal"):
        assert choose_victim(dealt("janitor"), data, random.Random(1), level) == a.Keep(seat)
    for card in ("reporter", "doctor", "intern"):
        assert choose_victim(dealt(card), data, random.Random(1), "hard") == a.Keep(seat)


def test_hard_spreads_its_start_over_the_rooms_near_the_safest() -> None:
    """Normal starts in the one safest room (the farthest corner from The Butcher); hard
    picks at random among the rooms within SPREAD of it (four or more rooms away: the
    Victims choosing at the same time no longer all meet in one room)."""
    base = knowledge_at("start_rooms")
    seat = base.seat
    starts = tuple(a.StartRoom(seat, r) for col in COLUMNS for r in col if r != "r00")
    k = placed(base, "", {"the-butcher": "r00"}, starts, turn=0, phase="start_rooms")
    data = make_bot("normal").data
    far = {f"r{c}{h}" for c in range(5) for h in range(5) if c + h >= 4}
    assert {choose_victim(k, data, random.Random(s), "normal").room for s in range(30)} == {"r44"}
    rooms = {choose_victim(k, data, random.Random(s), "hard").room for s in range(30)}
    assert rooms <= far and len(rooms) > 5


def test_the_levels_route_differently_from_the_same_position() -> None:
    """Easy runs to the room farthest from the nearest Patient; normal weighs each room's
    danger: two rooms from The Twins (kill on a 6) is safer than three from Patient Zero
    (kill on 2-6)."""
    base = knowledge_at("victim_draw")
    seat = base.seat
    moves = tuple(a.Move(seat, p) for p in [(), ("r01",), ("r10",)])
    k = placed(base, "r00", {"the-twins": "r03", "patient-zero": "r40"}, moves,
               turn=6, phase="move")
    data = make_bot("normal").data
    danger = Danger(k, data)
    assert [danger.reach(r) for r in ("r00", "r01", "r10")] == pytest.approx(
        [0.15 / 6 + 0.05 * 5 / 6, 0.35 / 6, 0.05 / 6 + 0.15 * 5 / 6])
    ends = {choose_victim(k, data, random.Random(s), "easy").path[-1:] for s in range(20)}
    assert ends == {(), ("r10",)}  # three rooms from the nearest Patient, either one
    for level in ("normal", "hard"):
        assert choose_victim(k, data, random.Random(1), level) == a.Move(seat, ("r01",))


def test_the_box_and_the_lobby_reach_the_victims_levels() -> None:
    k = knowledge_at("start_rooms")
    for level in LEVELS:
        bot = levels.make_bot("asylum-escape", level)
        assert bot.choose(k, random.Random(2)) == choose_victim(
            k, make_bot(level).data, random.Random(2), level)


@pytest.mark.parametrize("level", LEVELS)
def test_whole_games_with_the_level_at_every_victim_seat(level: str) -> None:
    for seed, players in enumerate((2, 4)):
        state = GAME.new_state(players, {"patients_seat": seed % players})
        bots: dict[int, Bot] = {s: make_bot(level) for s in range(players)}
        record = self_play(state, bots, f"{SEED}:{level}:{seed}", random.Random(seed))
        outcome = record.state.outcome()
        assert outcome is not None and outcome.result == "win"


# ------------------------------------------------------------------ honesty


def victim_points(players: int, options: dict[str, Any], seed: int,
                  rate: float = 0.5) -> Iterator[tuple[Point, int]]:
    """A random game; a sample of the Victims' decisions (a copy of the state each)."""
    return decision_points(players, options, seed, rate, lambda state, seat: (
        seat != state.patients_seat and state.phase in VICTIM_PHASES))


class VictimHonesty(Honesty):
    """The check of tests/bots/test_asylum_escape.py at the Victims' decisions: the twins
    differ in another Victim's room, hand and the decks, or in its latest secret move."""

    def run(self, games: int, decisions: int, seed: int = 0) -> VictimHonesty:
        rng = random.Random(11 + seed)
        for n in range(games):
            players = 3 + (seed + n) % 4
            options = random_options(1900 + seed * 100 + n, players)
            seen = 0
            for point, seat in victim_points(players, options, 1700 + seed * 100 + n):
                before = self.checked
                twin = room_twin(point, rng, besides=seat)
                if twin is not None:
                    self.compare(point, twin, point.actions, point.events,
                                 "rooms, hands, decks", seat)
                replayed = history_twin(point, rng, besides=seat)
                if replayed is not None:
                    self.compare(point, *replayed, "history", seat)
                seen += self.checked > before
                if seen >= decisions:
                    break
        return self


@pytest.mark.parametrize("level", LEVELS)
def test_the_victims_decide_the_same_in_worlds_they_cannot_tell_apart(level: str) -> None:
    check = VictimHonesty(lambda _state: make_bot(level)).run(games=8, decisions=8,
                                                        seed=LEVELS.index(level))
    assert check.checked >= 40 and check.kinds.get("history", 0) >= 10, check.kinds
    assert {"victim_draw", "move"} <= check.phases, check.phases
    assert check.differed == 0, check.notes


@dataclass
class Peeker:
    """A planted cheat: built with a reference to the real state, it draws a Movement card
    only when the top one is no Stumble, and moves toward another Victim's true room."""

    state: AsylumState
    level: str = "cheat"

    def choose(self, knowledge: SeatKnowledge, rng: random.Random) -> Action:
        draw = a.DrawCard(knowledge.seat, "movement")
        pile = self.state.to_json()["decks"].get("movement", [])
        if draw in knowledge.legal and pile:
            if not GAME.data.get(pile[0]).stumble:
                return draw
        others = [v["room"] for v in self.state.victims
                  if v["alive"] and v["seat"] != knowledge.seat and v["room"]]
        moves = [x for x in knowledge.legal if isinstance(x, a.Move) and x.path]
        if others and moves:
            near = self.state.grid.distances(others[0])
            return min(moves, key=lambda x: near.get(x.path[-1], 99))
        return make_bot("normal").choose(knowledge, rng)


def test_the_check_catches_a_victim_that_peeks() -> None:
    check = VictimHonesty(Peeker).run(games=8, decisions=8)
    assert check.checked >= 40, check.checked
    assert check.differed >= 1, "the cheating Victim was not caught"
