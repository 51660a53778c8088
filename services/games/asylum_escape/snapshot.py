"""Strict checks of a loaded Asylum Escape snapshot: every field present with its type, ids of
the right kind (a seat of a Victim, a Patient in play, a room of the grid), the step queue and
the current step well formed, every card and room exactly once, counters in range. The first
problem raises SnapshotError naming the field."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from services.games.asylum_escape.physical import DRAW_RULES, UNKNOWN
from services.games.core import SnapshotError

PHASES = ("running", "over", "lay_out", "choose_patients", "shuffle", "flip", "kill_roll",
          "victim_card", "start_rooms", "choose_room", "patient_move", "victim_draw",
          "victim_act", "move", "window", "adjust", "discard", "identify")
DECK_NAMES = ("locations", "victims", "patients", "special", "camo_sabo", "movement",
              "bloodlust")
FIELDS: dict[str, Any] = {  # snapshot field -> kind
    "patients_seat": int, "phase": str, "todo": list, "current": (dict, type(None)),
    "columns": list, "layout": list, "destroyed": list, "decks": dict, "discards": dict,
    "patients": list, "victims": list, "turn": int, "window": (list, type(None)), "triggered": bool,
    "kills": int, "caught": list, "dead_rooms": list, "result": (dict, type(None)),
}
VICTIM = {"seat": "seat", "card": "victim?", "room": "room?", "alive": "bool",
          "hand": ["camo"], "held": "hold?", "mulligan": "bool", "revealed": "room?",
          "route": [["room"]]}
PATIENT = {"card": "pcard", "room": "groom?", "turn": "count", "special": "bool"}
STEPS: dict[str, tuple[Any, ...]] = {
    "pick_patients": (), "lay_out": (), "shuffle": ("deck",), "reshuffle": ("deck",),
    "deal_victims": (),
    "deal_victim": ("seat", "bool"), "reshuffle_victims": (), "release": ("pdeck", "bool"),
    "enter": ("pcard", "groom", "bool"), "start_rooms": (), "deal_camo": (),
    "single_victim": (), "patient_turn": (), "moves": (), "flip": ("patient",),
    "announce": (), "catch": ("seat", ["patient"], "str"), "attack": ("seat", "patient"),
    "roll": ("seat", "patient"), "survived": ("seat",), "flee": ("seat",),
    "stumble": ("seat",), "stumble_to": ("seat", "groom"), "destroy_dead": (),
    "destroy": ("room", "str"), "land": ("patient", ["groom"]), "final": (), "bloodlust": (),
    "end_patient_turn": (), "victim_turn": ("seat",), "victim_draw": ("seat",),
    "victim_act": ("seat", "move"), "victim_take": ("seat", "vdeck"),
    "move_step": ("seat", "count", "str"), "window_resume": ("window",),
    "adjust": ("anyseat", "manual"), "discard": ("seat",),
    "identify": ("anyseat", "ideck", "ipurpose"), "camo": ("seat",),
}
CURRENT: dict[str, dict[str, Any]] = {
    "choose_patients": {}, "running": {}, "over": {}, "lay_out": {"rooms": ["room"]},
    "shuffle": {"deck": "deck", "whole": "bool", "items": ["str"]},
    "flip": {"patient": "patient"}, "kill_roll": {"seat": "seat", "patient": "patient"},
    "victim_card": {"seat": "seat"}, "start_rooms": {"waiting": ["seat"]},
    "choose_room": {"purpose": "purpose", "rooms": ["groom"], "rule": "str"},
    "patient_move": {"patient": "patient", "steps": "steps"},
    "victim_draw": {"seat": "seat"}, "victim_act": {"seat": "seat", "move": "move"},
    "move": {"seat": "seat", "steps": "count", "purpose": "str"},
    "window": {"timing": "timing", "waiting": ["seat"], "turn": "seat", "then": ["step"]},
    "adjust": {"seat": "anyseat", "card": "manual", "effect": "str"},
    "discard": {"seat": "seat"},
    "identify": {"seat": "anyseat", "deck": "ideck", "purpose": "ipurpose"},
}
EXTRA = {("choose_room", "start"): {"patient": "pcard", "blow": "bool"},
         ("choose_room", "land"): {"patient": "patient"},
         ("choose_room", "stumble"): {"seat": "seat"},
         ("window", "response"): {"patient": "patient", "saved": "str"}}

NAMES = {"room": "a location of the pack", "groom": "a room of the grid",
         "seat": "the seat of a Victim", "anyseat": "a seat", "patient": "a Patient in play",
         "pcard": "a Patient card", "victim": "a Victim card", "camo": "a Camo/Sabo card "
         "(not Hold)", "hold": "a Hold card", "manual": "a card with a manual effect",
         "count": "a whole number from 0", "bool": "true or false", "str": "text",
         "ideck": "a card deck the table draws from (option cards = physical)",
         "ipurpose": "draw or discard"}


def _fail(field: str, message: str) -> SnapshotError:
    return SnapshotError(f"{field}: {message}"[:300])


def check_fields(data: Mapping[str, Any]) -> None:
    """Before the state is built: every field there, each of its type."""
    for name, kind in FIELDS.items():
        if name not in data:
            raise _fail(name, "is missing")
        value = data[name]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if not isinstance(value, kinds) or (kind is int and isinstance(value, bool)):
            raise _fail(name, f"must be {' or '.join(k.__name__ for k in kinds)}, not "
                        f"{str(value)[:40]!r}")


class _Kinds:
    """Checks a value against a kind: a word below, a [kind] list, or a {key: kind} table."""

    def __init__(self, state: Any) -> None:
        data = state.data
        self.state = state
        self.physical = state.options.get("cards") == "physical"
        self.rooms = set(data.deck("locations"))
        self.grid = set(state.grid.rooms())
        self.patients = {p.get("card") for p in state.patients
                         if isinstance(p, dict) and isinstance(p.get("card"), str)}
        self.victims = set(state.victim_seats()) if state.patients_seat >= 0 else set()
        self.cards = {d: set(data.deck(d)) for d in DECK_NAMES}
        self.manual = {c for c in self.cards["camo_sabo"] | self.cards["bloodlust"]
                       if data.get(c).manual_effect or (c in self.cards["bloodlust"]
                       and data.get(c).effect)}

    def check(self, value: Any, kind: Any, field: str) -> None:
        if isinstance(kind, list):
            if not isinstance(value, list):
                raise _fail(field, f"must be a list, not {str(value)[:40]!r}")
            for i, item in enumerate(value):
                self.check(item, kind[0], f"{field}[{i}]")
            return
        if isinstance(kind, dict):
            if not isinstance(value, dict):
                raise _fail(field, f"must be an object, not {str(value)[:40]!r}")
            for key, sub in kind.items():
                if key not in value:
                    raise _fail(f"{field}.{key}", "is missing")
                self.check(value[key], sub, f"{field}.{key}")
            return
        if kind.endswith("?") and value == "":
            return
        if not self._ok(value, kind.rstrip("?")):
            what = NAMES.get(kind.rstrip("?"), kind.rstrip("?"))
            raise _fail(field, f"{str(value)[:40]!r} is not {what}")

    def _ok(self, value: Any, kind: str) -> bool:
        number = isinstance(value, int) and not isinstance(value, bool)
        text = isinstance(value, str)
        tests = {
            "bool": lambda: isinstance(value, bool), "str": lambda: text,
            "count": lambda: number and value >= 0, "move": lambda: number and value >= -1,
            "steps": lambda: number and value in (1, 2),
            "seat": lambda: number and value in self.victims,
            "anyseat": lambda: number and 0 <= value < self.state.players,
            "room": lambda: text and value in self.rooms,
            "groom": lambda: text and value in self.grid,
            "patient": lambda: text and value in self.patients,
            "pcard": lambda: text and value in self.cards["patients"] | self.cards["special"],
            "victim": lambda: text and value in self.cards["victims"],
            "camo": lambda: (value == UNKNOWN and self.physical) or (
                text and value in self.cards["camo_sabo"]
                and not self.state.data.get(value).hold),
            "hold": lambda: text and value in self.cards["camo_sabo"]
            and self.state.data.get(value).hold,
            "manual": lambda: text and value in self.manual,
            "deck": lambda: text and value in DECK_NAMES,
            "pdeck": lambda: value in ("patients", "special"),
            "ideck": lambda: value in DRAW_RULES and self.physical,
            "ipurpose": lambda: value in ("draw", "discard"),
            "vdeck": lambda: value in ("camo_sabo", "movement"),
            "purpose": lambda: value in ("start", "land", "stumble"),
            "timing": lambda: value in ("response", "other_turn"),
            "step": lambda: self._step(value), "window": lambda: self._window(value),
        }
        return bool(tests[kind]())

    def _step(self, step: Any) -> bool:
        if not isinstance(step, list) or not step or not isinstance(step[0], str) or \
                step[0] not in STEPS:
            return False
        args = STEPS[step[0]]
        if len(step) != len(args) + 1:
            return False
        for value, kind in zip(step[1:], args, strict=True):
            self.check(value, kind, f"step {step[0]}")
        return True

    def _window(self, value: Any) -> bool:
        self.check(value, CURRENT["window"], "window_resume")
        self.check(value, EXTRA.get(("window", value["timing"]), {}), "window_resume")
        return True


def check_snapshot(state: Any) -> None:
    if state.phase not in PHASES:
        raise _fail("phase", f"unknown phase {state.phase!r}")
    if (state.phase == "over") != (state.result is not None):
        raise _fail("result", "a game is over exactly when it has a result")
    if state.turn < 0 or state.kills < 0:
        raise _fail("turn", "the turn and kill counters cannot be negative")
    if state.window is not None and (len(state.window) != 2 or not all(
            isinstance(t, int) and not isinstance(t, bool) for t in state.window)
            or not 1 <= state.window[0] <= state.window[1]):
        raise _fail("window", f"must be [first turn, last turn], not {state.window!r}")
    if not -1 <= state.patients_seat < state.players:
        raise _fail("patients_seat", f"{state.patients_seat} is not a seat")
    if state.phase == "choose_patients" and state.patients_seat >= 0:
        raise _fail("patients_seat", f"must be -1 while the box draws the Patients player "
                    f"(phase choose_patients), not {state.patients_seat}")
    if state.phase != "choose_patients" and state.patients_seat < 0:
        raise _fail("patients_seat", f"-1 (not drawn yet) is only for phase choose_patients, "
                    f"not {state.phase!r}")
    if state.patients_seat < 0 and state.victims:
        raise _fail("victims", "there are no Victims before the Patients player is drawn")
    if set(state.decks) != set(DECK_NAMES) or set(state.discards) != set(DECK_NAMES[1:]):
        raise _fail("decks", "must have the piles " + ", ".join(DECK_NAMES))
    for name, piles in (("decks", state.decks), ("discards", state.discards)):
        for deck, cards in piles.items():
            if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
                raise _fail(f"{name}.{deck}", "must be a list of card ids")
    _check_grid(state)
    kinds = _Kinds(state)
    _check_people(state, kinds)
    for i, step in enumerate(state.todo):
        if not kinds._step(step):
            raise _fail(f"todo[{i}]", f"unknown step {str(step)[:60]}")
    current = state.current if state.current is not None else {}
    for p in state.patients:
        landing = (state.phase == "choose_room" and current.get("patient") == p["card"]) or \
            any(s[0] == "land" and s[1] == p["card"] for s in state.todo)
        if not p["room"] and not landing and state.phase != "over":
            raise _fail("patients", f"{p['card']} has no room, but it is not landing")
    roomless = [v["seat"] for v in state.victims if v["alive"] and not v["room"]]
    if roomless and state.phase != "start_rooms" and ["start_rooms"] not in state.todo:
        raise _fail("victims", f"Seat {roomless[0] + 1} has no room, but the start rooms are "
                    "not to be chosen any more")
    for i, entry in enumerate(state.caught):
        if not isinstance(entry, list) or len(entry) != 2:
            raise _fail(f"caught[{i}]", "must be [seat, [Patients]]")
        kinds.check(entry[0], "seat", f"caught[{i}][0]")
        kinds.check(entry[1], ["patient"], f"caught[{i}][1]")
    kinds.check(state.dead_rooms, ["room"], "dead_rooms")
    kinds.check(state.layout, [["room"]], "layout")
    if state.phase != "over" and (not state.todo or state.todo[-1][0] not in (
            "patient_turn", "end_patient_turn")):
        raise _fail("todo", "the queue must end with the next Patient turn")
    current = state.current if state.current is not None else {}
    kinds.check(current, CURRENT[state.phase], "current")
    if state.phase in ("choose_room", "window"):
        key = current["purpose" if state.phase == "choose_room" else "timing"]
        kinds.check(current, EXTRA.get((state.phase, key), {}), "current")
    _check_cards(state)
    _check_identify(state)


def _check_grid(state: Any) -> None:
    data = state.data
    rooms: list[Any] = []
    for i, column in enumerate(state.columns):
        if not isinstance(column, list) or not column:
            raise _fail(f"columns[{i}]", "must be a list of rooms (an empty column is removed)")
        rooms += column
    laying = state.phase == "lay_out" or (state.phase == "shuffle" and isinstance(
        state.current, dict) and state.current.get("deck") == "locations") or any(
        isinstance(s, list) and s[:2] in (["lay_out"], ["shuffle", "locations"])
        for s in state.todo)
    if not rooms and not laying and state.phase != "over":
        raise _fail("columns", "no room is left and none is to be laid out: the game would "
                    "be over")
    every = rooms + state.destroyed + list(state.decks.get("locations", []))
    for room, count in Counter(str(r) for r in every).items():
        if room not in data.deck("locations"):
            raise _fail("columns", f"{room!r} is not a location of the pack")
        if count > 1:
            raise _fail("columns", f"{room!r} appears {count} times (grid, destroyed, unused)")
    if not all(isinstance(r, str) for r in every):
        raise _fail("columns", "rooms are location ids")
    if every and len(every) != len(data.deck("locations")):
        raise _fail("columns", f"{len(every)} location cards, the pack has "
                    f"{len(data.deck('locations'))}")


def _check_people(state: Any, kinds: _Kinds) -> None:
    kinds.check(state.patients, [PATIENT], "patients")
    seats = [v.get("seat") if isinstance(v, dict) else None for v in state.victims]
    if state.patients_seat >= 0 and seats != state.victim_seats():
        raise _fail("victims", f"seats {str(seats)[:40]}, expected {state.victim_seats()}")
    kinds.check(state.victims, [VICTIM], "victims")
    for i, v in enumerate(state.victims):
        if v["alive"] and v["room"] and v["room"] not in kinds.grid:
            raise _fail(f"victims[{i}].room", f"{v['room']!r} is not a room of the grid")
    for i, p in enumerate(state.patients):
        if p["special"] != state.data.get(p["card"]).special:
            raise _fail(f"patients[{i}].special", "does not match the card")


def _check_cards(state: Any) -> None:
    data = state.data
    whole = {s[1] for s in state.todo if s[0] == "shuffle"}
    if state.phase == "shuffle" and state.current["whole"]:
        whole.add(state.current["deck"])
    for deck in sorted(whole):  # the shuffle deals the whole deck: nothing of it is out yet
        if state.decks.get(deck) or state.discards.get(deck):
            raise _fail(f"decks.{deck}", "the whole deck is still to be shuffled, so its pile "
                        "and its discards are empty")
    shuffling = bool(whole)
    entering = [state.current["patient"]] if state.phase == "choose_room" and \
        state.current["purpose"] == "start" else []  # a released Patient's room (R-AE-18)
    people = [*(p["card"] for p in state.patients), *entering]
    held = {
        "victims": [v["card"] for v in state.victims if v["card"]],
        "patients": [p for p in people if not data.get(p).special],
        "special": [p for p in people if data.get(p).special],
        "camo_sabo": [c for v in state.victims for c in [*v["hand"], *(
            [v["held"]] if v["held"] else [])] if c != UNKNOWN],
    }
    for deck in DECK_NAMES[1:]:
        cards = [*state.decks[deck], *state.discards[deck], *held.get(deck, [])]
        known = data.deck(deck)
        for card, count in Counter(cards).items():
            if card not in known:
                raise _fail(f"decks.{deck}", f"{card!r} is not a {deck} card")
            if count > 1:
                raise _fail(f"decks.{deck}", f"{card!r} appears {count} times")
        if not shuffling and len(cards) != len(known):
            raise _fail(f"decks.{deck}", f"{len(cards)} cards in play, the pack has "
                        f"{len(known)}")
    unknown = sum(v["hand"].count(UNKNOWN) for v in state.victims)
    unseen = [c for c in state.decks["camo_sabo"] if not data.get(c).hold]
    if unknown > len(unseen):
        raise _fail("victims", f"{unknown} Camo/Sabo cards in hands, but only {len(unseen)} "
                    "the box has not seen")


def _check_identify(state: Any) -> None:
    """Physical decks: a card is told only from a deck that holds one, and a card discarded
    only from a hand that holds one the box has not seen."""
    if state.phase != "identify":
        return
    cur = state.current
    patients = cur["deck"] in ("patients", "special", "bloodlust")
    if (cur["seat"] == state.patients_seat) != patients:
        who = "the Patients player" if patients else "a Victim"
        raise _fail("current.seat", f"{cur['deck']} cards are drawn by {who}")
    if cur["purpose"] == "discard":
        if cur["deck"] != "camo_sabo" or UNKNOWN not in state.victim(cur["seat"])["hand"]:
            raise _fail("current", "a discard is told from a Victim's unseen Camo/Sabo cards")
    elif state.pile(cur["deck"]) <= 0:
        raise _fail("current", f"the {cur['deck']} deck is empty: nothing can be drawn")
