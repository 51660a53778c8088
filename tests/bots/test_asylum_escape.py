"""The Asylum Escape bots (issue 23, services/bots/asylum_escape): legal at every level over
random games at every player count with random options, whole self-played games,
determinism, beliefs that never rule out the truth, the hard level's sampled positions, and
honesty: at every decision of the Patients' seat in random games with random options, the
bot decides the same in two worlds its seat cannot tell apart (the leak tests' twins: a
Victim's room, route and hand swapped and every face-down deck reshuffled in the snapshot,
tests/games/test_asylum_conformance.py; or a Victim's latest secret move or unseen card
replaced in the history), and a planted cheating bot is caught by that very check."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from services.bots import levels
from services.bots.asylum_escape import ROLES, make_bot, role_of
from services.bots.asylum_escape.belief import Tracker
from services.bots.asylum_escape.determinize import load, world
from services.bots.contract import (
    LEVELS,
    Bot,
    BotError,
    SeatKnowledge,
    choose,
    json_view,
    knowledge_of,
)
from services.bots.play import Record, self_play
from services.games.asylum_escape import AsylumState
from services.games.asylum_escape import actions as a
from services.games.core import JSON, Action, IllegalAction, OptionValue, SeatPrompt
from tests.games.test_asylum_conformance import GAME, secrets

SEED = "asylum-bots"
PATIENT_PHASES = ("patient_move", "choose_room", "adjust", "identify", "lay_out")


def asked(state: AsylumState) -> list[int]:
    return sorted({p.seat for p in state.pending() if isinstance(p, SeatPrompt)})


def random_options(seed: int, players: int) -> dict[str, OptionValue]:
    """Every option at a random value (the Patients at a random seat)."""
    rng = random.Random(seed)
    options: dict[str, OptionValue] = {
        o.key: rng.choice(o.choices or (False, True)) for o in GAME.info.options
        if o.kind is not int}
    options["die_sides"] = rng.choice((6, 8))
    options["patients_seat"] = rng.randrange(players)
    return options


# ------------------------------------------------------------------ the module interface


def test_the_module_offers_roles_role_of_and_make_bot() -> None:
    assert set(ROLES) == {"patients"}
    assert levels.roles("asylum-escape") == ROLES
    state = GAME.new_state(4, {"patients_seat": 2})
    public = state.view(None)
    assert [role_of(public, s) for s in range(4)] == ["victim", "victim", "patients", "victim"]
    assert role_of(public, 9) is None
    assert role_of(GAME.new_state(3).view(None), 0) is None  # not drawn yet
    for level in LEVELS:
        assert levels.make_bot("asylum-escape", level).level == level
    with pytest.raises(BotError, match="level"):
        make_bot("expert")


# ------------------------------------------------------------------ legal, whole games


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_level_only_returns_legal_actions(players: int) -> None:
    """Random games with random options (the table's own decks and layout too): at a sample
    of the steps the seat asked is played by a bot of each level in turn, the others by
    random legal actions. ``choose`` raises if the action is not legal."""
    rng = random.Random(players)
    bots = {"easy": make_bot("easy"), "normal": make_bot("normal"),
            "hard": make_bot("hard", iterations=12)}
    phases: set[str] = set()
    turn = 0
    for game in range(3):
        options = random_options(players * 10 + game, players)
        record = Record(GAME.new_state(players, options))
        state = record.state
        while state.outcome() is None:
            record.resolve_chance(rng)
            if state.outcome() is not None:
                break
            seat = rng.choice(asked(state))
            if rng.random() < 0.5:
                level = LEVELS[turn % 3]
                turn += 1
                knowledge = knowledge_of(state, seat, record.actions, record.events)
                action = choose(bots[level], knowledge, f"{SEED}:{turn}")
                if seat == state.patients_seat:
                    phases.add(state.phase)
            else:
                action = rng.choice(state.legal_actions(seat))
            record.apply(action)
    assert "patient_move" in phases, phases


@pytest.mark.parametrize("level", LEVELS)
def test_self_play_reaches_an_outcome(level: str) -> None:
    """``refbox play``-style: the level's bot at every seat, whole games."""
    for seed, players in enumerate((3, 5) if level != "hard" else (4,)):
        state = GAME.new_state(players, {"patients_seat": seed % players})
        bots: dict[int, Bot] = {s: make_bot(level) for s in range(players)}
        record = self_play(state, bots, f"{SEED}:{level}:{seed}", random.Random(seed))
        outcome = record.state.outcome()
        assert outcome is not None and outcome.result == "win"


# ------------------------------------------------------------------ decision points


@dataclass
class Point:
    """A Patients' decision in a random game: the state, the history and its events, the
    snapshot before each action (to replay a twin history from)."""

    state: AsylumState
    actions: list[Action]
    events: list[list[Any]]
    befores: list[JSON]


def decision_points(players: int, options: dict[str, OptionValue], seed: int, rate: float,
                    wanted: Callable[[AsylumState, int], bool]) -> Iterator[tuple[Point, int]]:
    """A random game (random legal actions everywhere); a sample of the decisions for which
    ``wanted(state, seat)`` holds (a copy of the state is yielded, so a twin can be built
    while the game goes on), with the seat deciding."""
    rng = random.Random(seed)
    record = Record(GAME.new_state(players, options))
    state = record.state
    befores: list[JSON] = []
    while True:
        while state.outcome() is None and state.chance_prompt() is not None:
            befores.append(state.to_json())
            record.apply(state.chance_prompt().resolve(rng))  # type: ignore[union-attr]
        if state.outcome() is not None:
            return
        seat = rng.choice(asked(state))
        legal = state.legal_actions(seat)
        if len(legal) > 1 and wanted(state, seat) and rng.random() < rate:
            yield Point(GAME.state_from_json(state.to_json()), list(record.actions),
                        [list(e) for e in record.events], list(befores)), seat
        befores.append(state.to_json())
        record.apply(rng.choice(legal))


def patient_points(players: int, options: dict[str, OptionValue], seed: int,
                   rate: float = 0.5) -> Iterator[Point]:
    """A sample of the Patients' decisions in a random game (:func:`decision_points`)."""
    for point, _seat in decision_points(players, options, seed, rate,
                                        lambda state, seat: seat == state.patients_seat):
        yield point


def patient_knowledge(count: int, seed: int) -> list[SeatKnowledge]:
    found = []
    for point in patient_points(5, {"patients_seat": 0}, seed):
        if point.state.phase == "patient_move":
            found.append(knowledge_of(point.state, 0, point.actions, point.events))
        if len(found) >= count:
            break
    return found


# ------------------------------------------------------------------ determinism


def test_the_same_knowledge_and_seed_give_the_same_action() -> None:
    points = patient_knowledge(8, 3)
    assert len(points) >= 6
    for knowledge in points:
        for level in LEVELS:
            first = choose(make_bot(level), knowledge, "seed-a")
            assert choose(make_bot(level), knowledge, "seed-a") == first


def test_another_seed_may_give_another_action() -> None:
    """easy wanders by its random source when no Victim has been seen; hard samples other
    positions: over a few decisions some choice changes with the seed."""
    points = patient_knowledge(8, 5)
    changed = sum(choose(make_bot(level), k, "one") != choose(make_bot(level), k, "two")
                  for k in points for level in ("easy", "hard"))
    assert changed >= 1


# ------------------------------------------------------------------ beliefs, samples


@pytest.mark.parametrize("seed", range(4))
def test_beliefs_never_rule_out_where_a_victim_is(seed: int) -> None:
    """Over random games with random options, at the Patients' decisions: the tracked grid
    and Patients are the real ones, and every living Victim's true room has a chance."""
    players = 3 + seed
    checked = 0
    for point in patient_points(players, random_options(seed, players), 40 + seed, rate=1.0):
        state = point.state
        knowledge = knowledge_of(state, state.patients_seat, point.actions, point.events)
        tracker = Tracker.of(knowledge, GAME.data)
        assert tracker.grid.columns == state.columns
        assert tracker.patients == {p["card"]: p["room"] for p in state.patients}
        for victim in state.victims:
            if victim["alive"] and victim["room"]:
                assert tracker.beliefs[victim["seat"]].get(victim["room"], 0.0) > 0, victim
        checked += 1
    assert checked >= 5


def test_hard_samples_positions_from_knowledge_only() -> None:
    """The hard level's sampled positions load with AsylumEscape.state_from_json, show the
    Patients' seat exactly its own view, and put each Victim where its belief allows."""
    for knowledge in patient_knowledge(5, 11):
        tracker = Tracker.of(knowledge, GAME.data)
        for n in range(3):
            sampled = load(GAME, world(knowledge, tracker, GAME.data, random.Random(n)))
            assert json_view(sampled.view(knowledge.seat)) == json_view(knowledge.view)
            for victim in sampled.victims:
                if victim["alive"]:
                    assert tracker.beliefs[victim["seat"]][victim["room"]] > 0


# ------------------------------------------------------------------ honesty


@dataclass
class Peeker:
    """A planted cheat: built with a reference to the real state, it moves each Patient
    into the true room of a Victim when it can (else as the normal level does)."""

    state: AsylumState
    level: str = "cheat"

    def choose(self, knowledge: SeatKnowledge, rng: random.Random) -> Action:
        rooms = {v["room"] for v in self.state.victims if v["alive"]}
        for action in knowledge.legal:
            if isinstance(action, a.MovePatient) and rooms & set(action.path):
                return action
        return make_bot("normal").choose(knowledge, rng)


def same(one: SeatKnowledge, other: SeatKnowledge) -> bool:
    return (json_view(one.view), json_view(one.public), one.legal, one.prompts, one.chance,
            one.history) == (json_view(other.view), json_view(other.public), other.legal,
                             other.prompts, other.chance, other.history)


def room_twin(point: Point, rng: random.Random, besides: int | None = None
              ) -> AsylumState | None:
    """The position with one living Victim's room, route and hand swapped for others (as
    the conformance test swaps them; the new room holds no Patient) and every face-down
    deck reshuffled (the box's own decks): nothing the Patients' seat may know changes;
    ``besides``: a Victim's seat left as it is."""
    state = point.state
    living = [v["seat"] for v in state.victims
              if v["alive"] and v["room"] and v["seat"] != besides]
    if not living:
        return None
    snapshot = state.to_json()
    seat = rng.choice(living)
    victim = next(v for v in snapshot["victims"] if v["seat"] == seat)
    blocked = {p["room"] for p in state.patients}
    victim["room"] = rng.choice([r for r in state.grid.rooms()
                                 if r != victim["room"] and r not in blocked])
    victim["route"] = [[victim["room"]]]
    if state.physical:  # the table's own decks: the box keeps them unseen, in no order
        return GAME.state_from_json(snapshot)
    pool = [c for c in snapshot["decks"]["camo_sabo"] if not GAME.data.get(c).hold]
    swap = min(len(victim["hand"]), len(pool))
    if swap:
        new = rng.sample(pool, swap)
        snapshot["decks"]["camo_sabo"] = [c for c in snapshot["decks"]["camo_sabo"]
                                          if c not in new] + victim["hand"][:swap]
        victim["hand"] = new + victim["hand"][swap:]
    for name, deck in snapshot["decks"].items():
        if name != "locations":  # the rooms not laid out: never drawn
            rng.shuffle(deck)
    return GAME.state_from_json(snapshot)


def history_twin(point: Point, rng: random.Random, besides: int | None = None
                 ) -> tuple[AsylumState, list[Action], list[list[Any]]] | None:
    """The game with a Victim's latest secret start room or move (one nothing after it
    depended on) replaced by another legal one, the rest of the history replayed;
    ``besides``: a Victim's seat whose own secrets stay as they were."""
    found = [(i, keep) for i, keep in secrets(point.state, point.actions)
             if point.actions[i].actor != besides]
    if not found:
        return None
    index, keep = rng.choice(found)
    real = point.actions[index]
    twin = GAME.state_from_json(point.befores[index])
    others = [x for x in twin.legal_actions(real.actor) if x != real and keep(x)]
    if not others:
        return None
    actions = [*point.actions[:index], rng.choice(others), *point.actions[index + 1:]]
    try:
        events = [list(twin.apply(x)) for x in actions[index:]]
    except IllegalAction:
        return None
    return twin, actions, [*point.events[:index], *events]


@dataclass
class Honesty:
    make: Callable[[AsylumState], Bot]
    checked: int = 0
    differed: int = 0
    kinds: dict[str, int] = field(default_factory=dict)  # twins checked, by kind
    phases: set[str] = field(default_factory=set)  # the Patients' phases checked
    notes: list[str] = field(default_factory=list)

    def compare(self, point: Point, twin: AsylumState, actions: list[Action],
                events: list[list[Any]], label: str, seat: int | None = None) -> None:
        """The decisions of ``seat`` (the Patients' when None) in the game and its twin."""
        patients = seat is None
        seat = point.state.patients_seat if seat is None else seat
        ours = knowledge_of(point.state, seat, point.actions, point.events)
        theirs = knowledge_of(twin, seat, actions, events)
        if not same(ours, theirs):
            # at a Patient's move no Victim's room is public: the twin must be perfect;
            # elsewhere (a Stumble told, a catch announced) the swapped room may be public
            assert not patients or point.state.phase != "patient_move", \
                f"the Patients' knowledge tells the {label} twin apart"
            return
        step = f"{SEED}:{len(actions)}"
        one = choose(self.make(point.state), ours, step)
        other = choose(self.make(twin), theirs, step)
        self.checked += 1
        self.kinds[label] = self.kinds.get(label, 0) + 1
        self.phases.add(point.state.phase)
        if one != other:
            self.differed += 1
            self.notes.append(f"{label} at step {len(actions)}: {json.dumps(one.to_json())} "
                              f"/ {json.dumps(other.to_json())}")

    def run(self, games: int, decisions: int, seed: int = 0) -> Honesty:
        """``games`` random games (2 to 6 players by turns, every option random), the
        Patients' decisions at about half of their steps, up to ``decisions`` compared a
        game."""
        rng = random.Random(7 + seed)
        for n in range(games):
            players = 2 + (seed + n) % 5
            options = random_options(900 + seed * 100 + n, players)
            seen = 0
            for point in patient_points(players, options, 700 + seed * 100 + n, rate=0.6):
                before = self.checked
                twin = room_twin(point, rng)
                if twin is not None:
                    self.compare(point, twin, point.actions, point.events, "rooms, hands, decks")
                replayed = history_twin(point, rng)
                if replayed is not None:
                    self.compare(point, *replayed, "history")
                seen += self.checked > before
                if seen >= decisions:
                    break
        return self


@pytest.mark.parametrize("level", LEVELS)
def test_the_patients_decide_the_same_in_worlds_they_cannot_tell_apart(level: str) -> None:
    """A Victim's room, route and hand and the decks' order, or a Victim's latest secret
    move, differ between the two worlds; the Patients' knowledge is the same (asserted at
    every Patient's move), so is the action, at every decision of the Patients' seat."""
    check = Honesty(lambda _state: make_bot(level)).run(
        games=10, decisions=6 if level != "hard" else 3, seed=LEVELS.index(level))
    assert check.checked >= 40 and check.kinds.get("history", 0) >= 10, check.kinds
    assert {"patient_move", "adjust"} <= check.phases, check.phases
    assert check.differed == 0, check.notes


def test_the_check_catches_a_bot_that_peeks_at_the_victims_rooms() -> None:
    """A test of the test: the planted cheat, built with a reference to each world's state,
    chooses differently on twins its seat cannot tell apart."""
    check = Honesty(Peeker).run(games=10, decisions=6)
    assert check.checked >= 40, check.checked
    assert check.differed >= 1, "the cheating bot was not caught"


# ------------------------------------------------------------------ one Victim: the duel


def line_tracker() -> Tracker:
    """The seat's belief after a set-up told by public events: rooms a-b-c-d in one column
    (bottom to top), the Butcher released in ``a``, one Victim (Seat 2) hidden."""
    from services.games.asylum_escape.data import load_data

    tracker = Tracker(load_data(), {"destroyed_victims": "die"})
    tracker.step([{"type": "layout_dealt", "columns": [["a", "b", "c", "d"]]}])
    tracker.step([{"type": "patient_released", "patient": "the-butcher", "room": "a",
                   "special": False}])
    tracker.step([{"type": "start_chosen", "seat": 1}])
    return tracker


def duel_view(held: str = "") -> dict[str, Any]:
    return {"patients": [{"card": "the-butcher", "catching_stat": [5, 6], "room": "a"}],
            "victims": [{"seat": 1, "card": "intern", "alive": True, "held": held}],
            "discards": {"movement": []}, "final_window": [1, 3]}


def test_the_belief_after_public_events_is_exactly_the_rooms_left() -> None:
    tracker = line_tracker()
    assert tracker.beliefs == {1: pytest.approx({"b": 1 / 3, "c": 1 / 3, "d": 1 / 3})}
    tracker.step([{"type": "patient_turn", "turn": 1}])
    tracker.step([{"type": "patient_moved", "patient": "the-butcher", "path": ["b"]}])
    assert tracker.beliefs == {1: pytest.approx({"c": 0.5, "d": 0.5})}  # not caught in b
    tracker.step([{"type": "room_destroyed", "room": "b", "landed": [["the-butcher", "c"]],
                   "rule": "R-AE-27"}])
    assert tracker.grid.columns == [["a", "c", "d"]]
    assert tracker.beliefs == {1: pytest.approx({"c": 0.5, "d": 0.5})}
    tracker.step([{"type": "movement_shown", "seat": 1, "value": 1, "purpose": "turn"}])
    tracker.step([{"type": "victim_moved", "seat": 1}])
    # from c (the Butcher's room fell into b's slot, A-AE-05): c, a, d, 1/6 each; from d:
    # d 1/4, c 1/4, but entering the Butcher's c is a catch and none was told: out
    assert tracker.beliefs == {1: pytest.approx({"c": 2 / 9, "a": 2 / 9, "d": 5 / 9})}


def test_the_duel_values_the_last_turn_exactly() -> None:
    """The last turn: the Butcher (kills on 5, 6) enters b where the Victim is known to be.
    It dies on the roll (1/3); else it flees: staying (1 of the 3 rooms its move reaches,
    every value of the 18 Movement cards) or a Stumble (2 of 18) leaves it in the
    Butcher's room, destroyed at the turn's end (R-AE-27, A-AE-08)."""
    from services.bots.asylum_escape.duel import Duel, board_of
    from services.bots.asylum_escape.hunt import Hunt

    tracker = line_tracker()
    tracker.grid.destroy("d")
    duel = Duel.of(Hunt(tracker, duel_view()), duel_view())
    assert duel.moves == pytest.approx({1: 6 / 18, 2: 6 / 18, 3: 4 / 18, 0: 2 / 18})
    board = board_of(duel, tracker)
    values = duel.root(3, board, {"b": 1.0}, ["the-butcher"], [], 2, [(), ("b",), ("b", "c")])
    trapped = (16 / 18) / 3 + 2 / 18
    assert values[0] == 0.0
    assert values[1] == pytest.approx(1 / 3 + 2 / 3 * trapped)
    # through b to c: a flight that stays in b lives, but one into c (1 of 3) is caught
    assert values[2] == pytest.approx(values[1])
    held = duel_view("camo-locker")
    saved = Duel.of(Hunt(tracker, held), held)
    assert saved.root(3, board_of(saved, tracker), {"b": 1.0}, ["the-butcher"], [], 2,
                      [("b",)])[0] == pytest.approx(0.6 / 3 + (1 - 0.6 / 3) * trapped)


def test_the_hard_level_plays_the_duel_only_with_one_victim_from_the_start() -> None:
    from services.bots.asylum_escape import duel_wanted

    tracker = line_tracker()
    tracker.turn = 1
    view = duel_view()
    assert duel_wanted(view, tracker)
    assert not duel_wanted({**view, "final_window": None}, tracker)
    assert not duel_wanted({**view, "final_window": [7, 9]}, tracker)  # too far to look
    tracker.turn = 7
    assert duel_wanted({**view, "final_window": [7, 9]}, tracker)
    two = {**view, "victims": [*view["victims"], {"seat": 2, "alive": False}]}
    assert not duel_wanted(two, tracker)  # 3 players, one left: the playouts stay


def test_the_hard_level_weighs_a_careful_victim_in_the_duel() -> None:
    """With a share of its belief on a careful Victim, a start room farthest from the
    Patients (d, three rooms from the Butcher in a) gets that share besides its uniform one,
    and so does the farthest end of a move."""
    tracker = line_tracker()
    tracker.evasion = 0.5
    tracker.step([{"type": "start_chosen", "seat": 1}])
    assert tracker.beliefs == {1: pytest.approx({"b": 1 / 6, "c": 1 / 6, "d": 2 / 3})}
    assert tracker.evasive(["c", "d"], "d") == pytest.approx({"c": 0.25, "d": 0.75})


def test_the_chance_of_a_careful_victim_follows_what_it_did_in_public() -> None:
    from services.bots.asylum_escape import CAREFUL, careful_share
    from services.bots.contract import SeatKnowledge, Told

    def share(mulligan: bool, *history: Told) -> float:
        victims = [{"seat": 1, "card": "intern", "alive": True, "held": "",
                    "mulligan": mulligan}]
        knowledge = SeatKnowledge("asylum-escape", 0, 2, {}, {"victims": victims}, {}, (),
                                  (), False, history)
        return careful_share(knowledge)

    kept = CAREFUL / (CAREFUL + (1 - CAREFUL) / 2)  # a random Victim keeps half the time
    drew = Told("Seat 2 draws a Camo/Sabo card", ({"type": "card_drawn"},))
    saved = Told("Seat 2 plays Locker", ({"type": "card_played", "effect": "save"},))
    assert share(False) == pytest.approx(kept)
    assert share(False, drew, saved) == pytest.approx(
        CAREFUL / (CAREFUL + (1 - CAREFUL) / 2 * 2 / 3))
    assert share(True) == 0.0  # a careful Victim never takes a mulligan
    assert share(False, drew, Told("Seat 2 draws nothing", ())) == 0.0
    assert share(False, Told("Seat 2 plays Sprint", (
        {"type": "card_played", "effect": "move"},))) == 0.0
    assert share(False, Told("Seat 1 draws nothing", ())) == pytest.approx(kept)


# ------------------------------------------------------------------ Bloodlust effects


def bloodlust_drawn(card: str) -> Record:
    """Patient turn 1 of a 3-player game (Victims in the Laundry and the Records Office, which
    the Patients do not know): The Butcher stays in the Morgue, then ``card`` is drawn."""
    from services.games.core import FlipResult, ShuffleResult
    from tests.games.asylum_helpers import QUIET, order

    record = Record(GAME.new_state(3, {"patients_seat": 0, "card_windows": False}))
    state = record.state
    while state.phase == "shuffle":
        deck = state.current["deck"]
        record.apply(ShuffleResult(deck, order(deck, [card] if deck == "bloodlust" else ())))
    while state.phase == "victim_card":
        record.apply(a.Keep(state.current["seat"]))
    for seat, room in zip(state.victim_seats(), ["laundry", QUIET], strict=True):
        record.apply(a.StartRoom(seat, room))
    record.apply(FlipResult(False))
    record.apply(a.MovePatient(0, "the-butcher", ()))
    assert state.phase == "adjust" and state.current["card"] == card
    return record


@pytest.mark.parametrize(("card", "levels", "wanted"), [
    # every Victim as unknown: the first of the least known
    ("bl-scent", LEVELS, a.Adjust(0, "reveal", target=1)),
    # every room as likely: the room that reaches most of next turn's likely rooms
    ("bl-frenzy", ("normal", "hard"),
     a.Adjust(0, "move_patient", patient="the-butcher", room="laundry")),
    ("bl-frenzy", ("easy",), a.Adjust(0, "done")),  # easy: nobody seen, nothing to chase
    # every room as likely: the centre, where the Victims are likeliest next turn
    ("bl-collapse", LEVELS, a.Adjust(0, "destroy", room="showers")),
])
def test_the_patients_use_a_bloodlust_effect(card: str, levels: tuple[str, ...],
                                             wanted: a.Adjust) -> None:
    record = bloodlust_drawn(card)
    knowledge = knowledge_of(record.state, 0, record.actions, record.events)
    for level in levels:
        assert make_bot(level).choose(knowledge, random.Random(1)) == wanted, level


def test_a_card_moved_patient_that_catches_nobody_rules_its_room_out() -> None:
    record = bloodlust_drawn("bl-frenzy")
    record.apply(a.Adjust(0, "move_patient", patient="the-butcher", room="rooftop"))
    knowledge = knowledge_of(record.state, 0, record.actions, record.events)
    tracker = Tracker.of(knowledge, GAME.data)
    assert tracker.patients["the-butcher"] == "rooftop"
    assert all("rooftop" not in belief for belief in tracker.beliefs.values())
    assert all(len(belief) == 23 for belief in tracker.beliefs.values())


def test_the_duel_stands_where_a_bloodlust_reveal_would_pay() -> None:
    """The chance the next Bloodlust card reveals: the shipped pack's 5 cards hold one
    reveal (Scent of Fear); and the belief's mass a Patient reaches from a room (rooms 1, 2
    and 3 away: reached always, three times in four, half the time)."""
    from services.bots.asylum_escape.reveal import reveal_chance, standing

    data = GAME.data

    def chance(*seen: str) -> float:
        return reveal_chance(data, {"discards": {"bloodlust": [data.kind(c) for c in seen]}})

    assert chance() == pytest.approx(1 / 5)
    assert chance("bl-howl") == pytest.approx(1 / 4)
    assert chance("bl-howl", "bl-scent") == 0.0
    assert chance(*data.deck("bloodlust")) == pytest.approx(1 / 5)  # reshuffled
    tracker = line_tracker()
    assert standing(tracker.grid.distances("a"), tracker.beliefs[1]) == pytest.approx(
        (1.0 + 0.75 + 0.5) / 3)
