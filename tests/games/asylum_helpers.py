"""Shared helpers for the Asylum Escape rule tests: games started through the real set-up
(the Patients player fixed with the option ``patients_seat``, every shuffle fed in a known
order), then driven with small steps (flip, move, roll, pass).

Seats are 0-based; with ``patients_seat=0`` the Victims are seats 1, 2, ... in turn order.
Shuffles keep the file order unless told otherwise, so the EXAMPLE layout is (columns left to
right, each listed bottom to top):

    0: rooftop      basement  kitchen      chapel      library
    1: morgue       laundry   boiler-room  infirmary   dormitory
    2: padded-cell  courtyard showers      archive     lobby
    3: attic        surgery   cafeteria    greenhouse  records-office
    4: solitary     day-room  pharmacy     storage     wardens-office

The Patients deck, in order: the-butcher (morgue, kills on 5-6), the-twins (chapel, 6),
nurse-ratchet (infirmary, 4-6), the-stitcher (surgery, 5-6); Special: the-director
(wardens-office, 3-6), patient-zero (solitary, 2-6).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from services.games.asylum_escape import AsylumEscape, AsylumState
from services.games.asylum_escape import actions as a
from services.games.core import FlipResult, RollResult, SeatPrompt, ShuffleResult
from tests.games.refusals import of_type, refused, snapshot, types  # noqa: F401 (shared)

GAME = AsylumEscape()
DATA = GAME.data
COLUMNS = [list(DATA.deck("locations")[i:i + 5]) for i in range(0, 25, 5)]
QUIET = "records-office"  # far from the first Patient (morgue)
MANUAL = AsylumEscape(replace(DATA, bloodlust=tuple(
    replace(c, effect="", value=0, manual_effect="Move one Patient (adjust: move_patient).")
    if c.id == "bl-frenzy" else c for c in DATA.bloodlust)))
"""The EXAMPLE pack with bl-frenzy (the first Bloodlust card) a manual effect, applied with
any adjustment (A-AE-22)."""


def order(deck: str, top: Sequence[str] = (), data: Any = DATA) -> tuple[str, ...]:
    cards = data.deck(deck)
    assert all(c in cards for c in top), [c for c in top if c not in cards]
    return (*top, *(c for c in cards if c not in top))


def seats(state: AsylumState) -> list[int]:
    return [p.seat for p in state.pending() if isinstance(p, SeatPrompt)]


def new(players: int = 3, options: Mapping[str, Any] | None = None,
        box: AsylumEscape = GAME) -> AsylumState:
    return box.new_state(players, {"patients_seat": 0, "card_windows": False,
                                   **(options or {})})


def shuffle_all(state: AsylumState, orders: Mapping[str, Sequence[str]] | None = None) -> None:
    while state.phase == "shuffle":
        deck = state.current["deck"]
        state.apply(ShuffleResult(deck, order(deck, (orders or {}).get(deck, ()), state.data)))


def start(players: int = 3, rooms: Sequence[str] | None = None,
          options: Mapping[str, Any] | None = None,
          orders: Mapping[str, Sequence[str]] | None = None,
          box: AsylumEscape = GAME) -> AsylumState:
    """A game through its set-up: every Victim keeps its card and starts in ``rooms`` (one
    per Victim, by default all in QUIET); Patient turn 1 waits for its coin."""
    state = new(players, options, box)
    shuffle_all(state, orders)
    while state.phase == "victim_card":
        state.apply(a.Keep(state.current["seat"]))
    for seat, room in zip(state.victim_seats(), rooms or [QUIET] * (players - 1), strict=True):
        state.apply(a.StartRoom(seat, room))
    assert state.phase == "flip" and state.turn == 1, state.phase
    return state


def flip(state: AsylumState, heads: bool = False) -> list[Any]:
    assert state.phase == "flip", state.phase
    return state.apply(FlipResult(heads))


def move_patient(state: AsylumState, path: Sequence[str] = (), heads: bool = False) -> list[Any]:
    """Flip (tails: up to 2 rooms by default) and move the Patient whose turn it is."""
    events = flip(state, heads)
    return events + state.apply(a.MovePatient(state.patients_seat, state.current["patient"],
                                              tuple(path)))


def roll(state: AsylumState, face: int) -> list[Any]:
    assert state.phase == "kill_roll", state.phase
    return state.apply(RollResult((face,)))


def pass_window(state: AsylumState) -> list[Any]:
    events: list[Any] = []
    while state.phase == "window":
        events += state.apply(a.Pass(state.current["waiting"][0]))
    return events


def victim_turns(state: AsylumState, until: str = "flip") -> list[Any]:
    """Every Victim skips the draw and ends the turn, until ``until``."""
    events: list[Any] = []
    while state.phase != until and state.phase != "over":
        if state.phase == "window":
            events += pass_window(state)
        elif state.phase == "victim_draw":
            events += state.apply(a.SkipDraw(state.current["seat"]))
        elif state.phase == "victim_act":
            events += state.apply(a.EndTurn(state.current["seat"]))
        else:
            raise AssertionError(f"victim_turns met phase {state.phase}")
    return events


def still_turn(state: AsylumState, until: str = "flip") -> list[Any]:
    """The rest of a Patient turn with every Patient staying put, then the Victim turns."""
    events: list[Any] = []
    while state.phase == "flip":
        events += move_patient(state)
    if state.phase == "adjust":
        events += state.apply(a.Adjust(0, "done"))
    return events + victim_turns(state, until)


def arrange(state: AsylumState, victims: Mapping[int, Mapping[str, Any]] | None = None,
            patients: Mapping[str, str] | None = None, **fields: Any) -> AsylumState:
    """Rearrange a position: Victim fields by seat, Patient rooms by card, other fields."""
    for seat, values in (victims or {}).items():
        state.victim(seat).update(values)
    for card, room in (patients or {}).items():
        state.patient(card)["room"] = room
    for key, value in fields.items():
        setattr(state, key, value)
    return state


def begin_turn(state: AsylumState, turn: int) -> list[Any]:
    """Start Patient turn ``turn`` afresh from the current position (after ``arrange``)."""
    state.turn, state.todo, state.phase, state.current = turn - 1, [["patient_turn"]], \
        "running", None
    return state.run()


def add_patient(state: AsylumState, card: str, room: str) -> None:
    state.patients.append({"card": card, "room": room, "turn": state.turn,
                           "special": DATA.get(card).special})
    state.decks["patients" if not DATA.get(card).special else "special"].remove(card)
