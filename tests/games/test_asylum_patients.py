"""Asylum Escape: the Patient turn (R-AE-09..19), catches, kill rolls, the collapse and
releases, with the ambiguity defaults A-AE-03..05, 08, 09, 12, 13."""

from __future__ import annotations

from services.games.asylum_escape import AsylumState
from services.games.asylum_escape import actions as a
from services.games.core import RollResult
from tests.games.asylum_helpers import (
    GAME,
    QUIET,
    add_patient,
    arrange,
    begin_turn,
    flip,
    move_patient,
    of_type,
    pass_window,
    refused,
    roll,
    start,
    still_turn,
)

BUTCHER, TWINS = "the-butcher", "the-twins"


def caught(room: str = "laundry") -> AsylumState:
    """A game in which Seat 2 (in ``room``) has just been caught by the Butcher."""
    state = start(3, rooms=[room, QUIET])
    move_patient(state, [room])
    return state


def test_r_ae_09_the_coin_gives_up_to_one_or_two_orthogonal_rooms() -> None:
    state = start(3)
    events = flip(state, heads=True)
    assert of_type(events, a.CoinFlipped)[0].rooms == 1 and state.phase == "patient_move"
    refused(state, a.MovePatient(0, BUTCHER, ("laundry", "boiler-room")), "R-AE-09",
            "at most 1 room this time, not 2")
    refused(state, a.MovePatient(0, BUTCHER, ("courtyard",)), "R-AE-09", "not next to Morgue")
    refused(state, a.MovePatient(0, TWINS, ()), "R-AE-09", "the coin was flipped for The "
            "Butcher")
    assert {x.path for x in state.legal_actions(0)} == {
        (), ("laundry",), ("rooftop",), ("padded-cell",)}  # up to 1 (A-AE-03)
    state.apply(a.MovePatient(0, BUTCHER, ()))
    exact = start(3, options={"patient_exact_move": True})
    flip(exact, heads=False)
    refused(exact, a.MovePatient(0, BUTCHER, ("laundry",)), "A-AE-03", "exactly 2 rooms")
    assert all(len(x.path) == 2 for x in exact.legal_actions(0))
    exact.apply(a.MovePatient(0, BUTCHER, ("laundry", "morgue")))  # back and forth
    assert exact.patient(BUTCHER)["room"] == "morgue"


def test_a_ae_04_one_coin_per_patient() -> None:
    state = start(3)
    add_patient(state, TWINS, "lobby")
    begin_turn(state, 2)
    assert state.phase == "flip" and state.current["patient"] == BUTCHER
    move_patient(state)
    assert state.phase == "flip" and state.current["patient"] == TWINS


def test_r_ae_10_catches_are_told_after_every_patient_moved() -> None:
    state = start(3, rooms=["laundry", "courtyard"])
    add_patient(state, TWINS, "showers")
    begin_turn(state, 2)
    first = move_patient(state, ["laundry", "boiler-room"])  # passes through Seat 2's room
    assert not of_type(first, a.Caught) and state.phase == "flip"
    second = move_patient(state, ["courtyard"])  # ends in Seat 3's room
    told = [(c.seat, c.room, c.patients, c.rule) for c in of_type(second, a.Caught)]
    assert told == [(1, "laundry", (BUTCHER,), "R-AE-10"), (2, "courtyard", (TWINS,), "R-AE-10")]
    assert [v["revealed"] for v in state.view(None)["victims"]] == ["laundry", "courtyard"]


def test_a_ae_05_no_catch_without_a_patient_moving_in() -> None:
    state = start(3)
    arrange(state, victims={1: {"room": "morgue"}})
    events = move_patient(state, [])
    assert not of_type(events, a.Caught)


def test_r_ae_11_a_kill_roll_within_the_catching_stat_kills() -> None:
    state = caught()
    assert state.phase == "window" and state.current["waiting"] == [1]
    pass_window(state)
    (prompt,) = state.pending()
    assert (prompt.kind, prompt.sides, prompt.rule) == ("roll", 6, "R-AE-11")
    refused(state, RollResult((7,)), "R-AE-11", "expected 1 faces from 1 to 6")
    events = roll(state, 5)
    assert of_type(events, a.KillRolled)[0].killed
    assert [(k.seat, k.room, k.rule) for k in of_type(events, a.VictimKilled)] == [
        (1, "laundry", "R-AE-11")]
    survivor = caught()
    pass_window(survivor)
    events = roll(survivor, 4)
    assert not of_type(events, a.KillRolled)[0].killed and survivor.victim(1)["alive"]


def test_r_ae_11_a_camo_save_cancels_the_attempt() -> None:
    state = start(3, rooms=["laundry", QUIET], options={"card_windows": True})
    move_patient(state, ["laundry"])
    assert state.current["waiting"] == [1, 2]
    refused(state, a.PlayCard(2, "camo-hide-2"), "R-AE-24", "saves the caught Victim only")
    state.apply(a.PlayCard(1, "camo-hide-1"))
    refused(state, a.PlayCard(1, "camo-hide-1"), "R-AE-24", "not in your hand")
    events = pass_window(state)
    assert [(e.seat, e.patient, e.card) for e in of_type(events, a.AttemptCancelled)] == [
        (1, BUTCHER, "camo-hide")]
    assert state.phase == "move" and state.current["purpose"] == "flee"  # no roll
    assert "camo-hide" in state.view(None)["discards"]["camo_sabo"]


def test_r_ae_12_every_patient_in_the_room_gets_an_attempt() -> None:
    state = start(3, rooms=["laundry", QUIET])
    add_patient(state, TWINS, "laundry")
    begin_turn(state, 2)
    events = move_patient(state, ["laundry"])
    events += move_patient(state, [])  # the Twins stay: the Butcher caught Seat 2
    assert of_type(events, a.Caught)[0].patients == (BUTCHER, TWINS)
    for _ in range(2):
        pass_window(state)
        events += roll(state, 1)
    assert [k.patient for k in of_type(events, a.KillRolled)] == [BUTCHER, TWINS]
    assert state.phase == "move"  # only then does the Victim flee


def test_r_ae_13_a_survivor_flees_with_a_free_movement_card_in_secret() -> None:
    state = caught()
    pass_window(state)
    events = roll(state, 1)
    shown = of_type(events, a.MovementShown)[0]
    assert (shown.seat, shown.card, shown.value, shown.purpose) == (1, "move-1", 1, "flee")
    refused(state, a.Move(1, ("basement", "kitchen")), "R-AE-13", "at most 1 room")
    refused(state, a.Move(1, ("showers",)), "R-AE-13", "not next to Laundry")
    events = state.apply(a.Move(1, ("basement",)))
    assert of_type(events, a.VictimMoved)[0].seat == 1 and "basement" not in str(events)
    for reader in (None, 0, 2):
        view = state.view(reader)
        assert "basement" not in str([view["victims"], view["step"], view.get("private")])
    assert state.view(1)["private"]["room"] == "basement"
    assert state.describe(a.Move(1, ("basement",)), 0) == "Seat 2 moves in secret"
    assert "move-1" in state.view(None)["discards"]["movement"]


def test_r_ae_14_a_killed_victims_room_is_destroyed_and_rooms_fall() -> None:
    state = caught()
    pass_window(state)
    events = roll(state, 6)
    (destroyed,) = of_type(events, a.RoomDestroyed)
    assert (destroyed.room, destroyed.landed, destroyed.rule) == (
        "laundry", ((BUTCHER, "boiler-room"),), "R-AE-14")
    assert state.columns[1] == ["morgue", "boiler-room", "infirmary", "dormitory"]
    top = start(3, rooms=["dormitory", QUIET])
    arrange(top, patients={BUTCHER: "infirmary"})
    move_patient(top, ["dormitory"])
    pass_window(top)
    events = roll(top, 6)
    assert of_type(events, a.RoomDestroyed)[0].landed == ((BUTCHER, "infirmary"),)


def test_r_ae_15_an_emptied_column_closes_up_and_the_patients_player_chooses() -> None:
    state = start(3, rooms=["laundry", QUIET])
    arrange(state, columns=[state.columns[0], ["laundry"], *state.columns[2:]],
            patients={BUTCHER: "rooftop"})
    move_patient(state, ["laundry"])
    pass_window(state)
    roll(state, 6)
    assert state.phase == "choose_room" and state.current["rooms"] == ["rooftop", "padded-cell"]
    refused(state, a.ChooseRoom(0, "lobby"), "R-AE-15", "choose one of rooftop, padded-cell")
    events = state.apply(a.ChooseRoom(0, "padded-cell"))
    assert of_type(events, a.PatientLanded)[0].room == "padded-cell"
    assert state.grid.adjacent("rooftop", "padded-cell")
    edge = start(3, rooms=["rooftop", QUIET])
    arrange(edge, columns=[["rooftop"], *edge.columns[1:]])
    move_patient(edge, ["rooftop"])
    pass_window(edge)
    events = roll(edge, 6)
    assert of_type(events, a.RoomDestroyed)[0].landed == ((BUTCHER, "morgue"),)


def test_r_ae_16_bloodlust_after_a_patient_turn_without_kills() -> None:
    state = start(3, orders={"bloodlust": ["bl-lights"]})
    events = move_patient(state)
    assert [(b.card, b.effect) for b in of_type(events, a.BloodlustDrawn)] == [("bl-lights", "")]
    assert state.view(None)["discards"]["bloodlust"] == ["bl-lights"]
    manual = start(3)
    move_patient(manual)
    assert manual.phase == "adjust" and manual.current["seat"] == 0  # A-AE-22
    refused(manual, a.Adjust(0, "dance"), "A-AE-22", "unknown adjustment 'dance'")
    manual.apply(a.Adjust(0, "done"))
    assert manual.phase == "victim_draw"
    near_miss = caught()  # caught, not killed: Bloodlust all the same
    pass_window(near_miss)
    roll(near_miss, 1)
    events = near_miss.apply(a.Move(1, ()))
    assert of_type(events, a.BloodlustDrawn)
    killed = caught()
    pass_window(killed)
    assert not of_type(roll(killed, 6), a.BloodlustDrawn)


def test_r_ae_17_the_turn_3_patient_catches_then_blows_up_its_start_room() -> None:
    state = start(3, rooms=["chapel", QUIET], orders={"bloodlust": ["bl-lights", "bl-howl"]})
    still_turn(state)
    events = still_turn(state, until="window")
    assert state.turn == 3
    assert [(e.patient, e.room) for e in of_type(events, a.PatientReleased)] == [
        (TWINS, "chapel")]
    assert [(c.seat, c.patients, c.rule) for c in of_type(events, a.Caught)] == [
        (1, (TWINS,), "R-AE-17")]
    pass_window(state)
    roll(state, 1)
    events = state.apply(a.Move(1, ()))  # stays: A-AE-08, dies with the room
    assert [(k.seat, k.rule) for k in of_type(events, a.VictimKilled)] == [(1, "A-AE-08")]
    (blown,) = of_type(events, a.RoomDestroyed)
    assert (blown.room, blown.landed, blown.rule) == ("chapel", ((TWINS, "library"),),
                                                      "R-AE-17")
    assert state.phase == "flip" and state.current["patient"] == BUTCHER  # A-AE-12


def test_a_ae_08_displaced_victims_survive_the_blow_up() -> None:
    state = start(3, rooms=["chapel", QUIET], options={"destroyed_victims": "displace"})
    begin_turn(state, 3)
    pass_window(state)
    roll(state, 1)
    state.apply(a.Move(1, ()))
    assert state.victim(1)["alive"] and state.victim(1)["room"] == "library"


def test_r_ae_18_a_destroyed_start_room_is_replaced_by_one_of_its_colour() -> None:
    state = start(3)
    arrange(state, columns=[["rooftop", "basement", "kitchen", "library"], *state.columns[1:]],
            destroyed=["chapel"])
    begin_turn(state, 3)
    assert state.phase == "choose_room"
    assert state.current["rooms"] == ["infirmary", "archive", "greenhouse", "storage"]
    refused(state, a.ChooseRoom(0, "lobby"), "R-AE-18", "cannot be chosen")
    saved = state.to_json()  # the Patient entering is in the step, in no deck: it loads
    assert GAME.state_from_json(saved).current["patient"] == state.current["patient"]
    events = state.apply(a.ChooseRoom(0, "archive"))
    assert of_type(events, a.PatientReleased)[0].room == "archive"
    assert "archive" not in state.grid  # still blown up (R-AE-17)
    none_left = start(3)
    yellow = {"chapel", "infirmary", "archive", "greenhouse", "storage"}
    arrange(none_left, columns=[[r for r in c if r not in yellow] for c in none_left.columns])
    begin_turn(none_left, 3)
    assert none_left.current["rooms"] == none_left.grid.rooms()  # any room


def test_r_ae_19_the_special_patient_enters_on_turn_5_without_a_blow_up() -> None:
    state = start(3)
    events = begin_turn(state, 5)
    (released,) = of_type(events, a.PatientReleased)
    assert (released.patient, released.room, released.special) == (
        "the-director", "wardens-office", True)
    assert "wardens-office" in state.grid  # A-AE-13
    assert state.view(None)["patients"][-1]["catching_stat"] == [3, 4, 5, 6]


def test_a_ae_09_rooms_of_the_dead_are_destroyed_after_all_catches_in_order() -> None:
    state = start(4, rooms=["laundry", "boiler-room", QUIET], orders={"bloodlust": ["bl-howl"]})
    move_patient(state, ["laundry", "boiler-room"])
    pass_window(state)
    events = roll(state, 6)  # Seat 2 dies: nothing destroyed yet
    assert not of_type(events, a.RoomDestroyed) and state.phase == "window"
    pass_window(state)
    events = roll(state, 6)
    assert [d.room for d in of_type(events, a.RoomDestroyed)] == ["laundry", "boiler-room"]
