"""The Asylum Escape state machine (rules spec 4.6): set-up and the step queue.

The game runs as a queue of steps (``todo``, JSON lists such as ``["flip", patient]``). The
loop in :meth:`AsylumState.run` takes steps off the front until one needs an input: it then
sets ``phase`` (a chance prompt: ``choose_patients``, ``shuffle``, ``flip``, ``kill_roll``; or
a seat prompt: ``victim_card``, ``start_rooms``, ``choose_room``, ``patient_move``,
``victim_draw``, ``victim_act``, ``move``, ``window``, ``adjust``) and ``current`` (what that
input is about). An input is checked completely before anything changes, so a refused action
changes nothing; then it may put steps at the front of the queue and the loop goes on.

The Patient turn is in :mod:`turns`, catches and moves in :mod:`catches`, the Victim turn,
cards and adjustments in :mod:`victims`, views and snapshots in :mod:`views`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from services.games.asylum_escape import actions as a
from services.games.asylum_escape.bloodlust import BloodlustEffects
from services.games.asylum_escape.catches import Catches
from services.games.asylum_escape.data import GRID_SIZE, AsylumData
from services.games.asylum_escape.grid import Grid
from services.games.asylum_escape.physical import PhysicalDecks
from services.games.asylum_escape.turns import PatientTurns
from services.games.asylum_escape.victims import VictimTurns
from services.games.asylum_escape.views import AsylumViews
from services.games.core import (
    Action,
    Draw,
    DrawResult,
    EndGame,
    Event,
    Flip,
    FlipResult,
    GameInfo,
    IllegalAction,
    OptionValue,
    Outcome,
    Prompt,
    Roll,
    RollResult,
    SeatAction,
    SeatPrompt,
    Shuffle,
    ShuffleResult,
    State,
)
from services.games.kit.steps import StepQueue

DECKS = ("victims", "patients", "special", "camo_sabo", "movement", "bloodlust")
SEAT_PHASES = {  # phase -> (rule for "not your turn", prompt text)
    "lay_out": ("R-AE-01", "enter the location cards laid out, column by column"),
    "victim_card": ("R-AE-04", "keep your Victim card or take a mulligan"),
    "start_rooms": ("R-AE-06", "choose your secret start room"),
    "choose_room": ("R-AE-18", "choose a room"),
    "patient_move": ("R-AE-09", "move the Patient"),
    "victim_draw": ("R-AE-20", "draw a Camo/Sabo or a Movement card, or skip"),
    "victim_act": ("R-AE-24", "play cards, then move or end your turn"),
    "move": ("R-AE-21", "make your secret move"),
    "window": ("R-AE-24", "play a card or pass"),
    "adjust": ("A-AE-22", "apply the card's effect, then done"),
    "identify": ("R-AE-20", "tell the box the card you drew: tap it or choose it"),
}

ACTION_PHASES: dict[type[Action], tuple[tuple[str, ...], str]] = {  # when, and the rule
    a.LayRoom: (("lay_out",), "R-AE-01"),
    a.Keep: (("victim_card",), "R-AE-04"), a.Mulligan: (("victim_card",), "R-AE-04"),
    a.StartRoom: (("start_rooms",), "R-AE-06"), a.ChooseRoom: (("choose_room",), "R-AE-18"),
    a.MovePatient: (("patient_move",), "R-AE-09"), a.Move: (("move", "victim_act"), "R-AE-21"),
    a.DrawCard: (("victim_draw",), "R-AE-20"), a.SkipDraw: (("victim_draw",), "R-AE-20"),
    a.PlayCard: (("victim_act", "window"), "R-AE-24"), a.EndTurn: (("victim_act",), "R-AE-20"),
    a.Pass: (("window",), "R-AE-24"), a.Adjust: (("adjust",), "A-AE-22"),
    a.Identify: (("identify",), "R-AE-20"),
}


@dataclass(eq=False)
class AsylumState(PhysicalDecks, AsylumViews, VictimTurns, BloodlustEffects, Catches,
                  PatientTurns, StepQueue, State):
    info: ClassVar[GameInfo]  # set by the package

    data: AsylumData
    players: int
    options: dict[str, OptionValue]
    patients_seat: int = -1
    phase: str = "running"
    todo: list[list[Any]] = field(default_factory=list)
    current: dict[str, Any] | None = None
    columns: list[list[str]] = field(default_factory=list)
    layout: list[list[str]] = field(default_factory=list)  # the 25 rooms as first laid out
    destroyed: list[str] = field(default_factory=list)
    decks: dict[str, list[str]] = field(default_factory=dict)  # top first
    discards: dict[str, list[str]] = field(default_factory=dict)
    patients: list[dict[str, Any]] = field(default_factory=list)
    victims: list[dict[str, Any]] = field(default_factory=list)
    turn: int = 0
    window: list[int] | None = None
    triggered: bool = False
    kills: int = 0
    caught: list[list[Any]] = field(default_factory=list)  # [seat, [catching Patients]]
    dead_rooms: list[str] = field(default_factory=list)
    result: Outcome | None = None
    fresh: bool = field(default=True, repr=False)  # False: loaded from a snapshot
    told: list[str] = field(default_factory=list, repr=False)  # physical: a card just told,
    # taken by the very next step (so always empty when the state waits or is saved)

    def __post_init__(self) -> None:
        if not self.fresh:
            return
        self.decks = {d: [] for d in ("locations", *DECKS)}
        self.discards = {d: [] for d in DECKS}
        lay = ["shuffle", "locations"] if self.options["layout"] == "box" else ["lay_out"]
        self.todo = [["pick_patients"], lay, *[["shuffle", d] for d in DECKS],
                     ["deal_victims"], ["release", "patients", False], ["start_rooms"],
                     ["deal_camo"], ["single_victim"], ["patient_turn"]]
        if self.options["mode"] == "short":
            self.window = [7, 9]  # R-AE-28
        self.run()

    # ------------------------------------------------------------------ derived values

    @property
    def grid(self) -> Grid:
        return Grid(self.columns)

    def victim_seats(self) -> list[int]:
        """The Victims clockwise from the Patients player (R-AE-20)."""
        return [(self.patients_seat + i) % self.players for i in range(1, self.players)]

    def victim(self, seat: int) -> dict[str, Any]:
        return next(v for v in self.victims if v["seat"] == seat)

    def is_victim(self, seat: int) -> bool:
        return any(v["seat"] == seat for v in self.victims)

    def alive(self) -> list[int]:
        return [v["seat"] for v in self.victims if v["alive"]]

    def patient(self, card: str) -> dict[str, Any]:
        return next(p for p in self.patients if p["card"] == card)

    def patient_rooms(self) -> set[str]:
        return {p["room"] for p in self.patients if p["room"]}

    def patients_in(self, room: str) -> list[str]:
        return [p["card"] for p in self.patients if p["room"] == room]

    def hand_limit(self, seat: int) -> int:
        victim = self.victim(seat)
        return int(self.data.get(victim["card"]).hand_limit) if victim["card"] else 7

    # ------------------------------------------------------------------ the step loop
    # (run, push, wait, resume: kit.steps.StepQueue)

    def refill(self, deck: str, step: list[Any]) -> bool:
        """If ``deck`` is empty but its discard pile is not, queue the reshuffle of the
        discard pile, then ``step`` again, and say so (decision D-AE-01)."""
        if self.pile(deck) or not self.discards[deck]:
            return False
        self.push(["reshuffle", deck], step)
        return True

    # ------------------------------------------------------------------ prompts

    def pending(self) -> tuple[Prompt, ...]:
        if self.phase in ("over", "running"):
            return ()
        chance = self.chance()
        if chance is not None:
            return (chance,)
        cur = self.current or {}
        text = SEAT_PHASES[self.phase][1]
        if self.phase in ("start_rooms", "window"):
            return tuple(SeatPrompt(s, self.phase, text) for s in cur["waiting"])
        if self.phase in ("choose_room", "patient_move", "lay_out"):
            return (SeatPrompt(self.patients_seat, self.phase, text),)
        return (SeatPrompt(cur["seat"], self.phase, text),)

    def chance(self) -> Draw | Shuffle | Flip | Roll | None:
        cur = self.current or {}
        if self.phase == "choose_patients":
            return Draw("choose the Patients player", "R-AE-02", deck="seats",
                        items=tuple(str(s) for s in range(self.players)))
        if self.phase == "shuffle":
            deck = cur["deck"]
            items = self.data.deck(deck) if cur["whole"] else tuple(cur["items"])
            rule = {"locations": "R-AE-01", "victims": "R-AE-04"}.get(deck, "4.9")
            return Shuffle(f"shuffle the {deck.replace('_', '/')} cards", rule, deck=deck,
                           items=items)
        if self.phase == "discard":
            return Draw(f"the card Seat {cur['seat'] + 1} must discard", "A-AE-22",
                        deck="hand", items=tuple(self.victim(cur["seat"])["hand"]))
        if self.phase == "flip":
            name = self.data.get(cur["patient"]).name
            return Flip(f"flip the coin for {name}", "R-AE-09")
        if self.phase == "kill_roll":
            name = self.data.get(cur["patient"]).name
            return Roll(f"kill roll of {name} against Seat {cur['seat'] + 1}", "R-AE-11",
                        count=1, sides=int(self.options["die_sides"]))
        return None

    def outcome(self) -> Outcome | None:
        return self.result

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self, seat: int) -> list[Action]:
        if not any(isinstance(p, SeatPrompt) and p.seat == seat for p in self.pending()):
            return []
        phase = self.phase
        if phase == "lay_out":
            laid = self.current["rooms"]
            return [a.LayRoom(seat, r) for r in self.data.deck("locations") if r not in laid]
        if phase == "identify":
            return self.identify_actions(seat)
        if phase == "victim_card":
            return [a.Keep(seat), a.Mulligan(seat)]
        if phase == "start_rooms":
            return [a.StartRoom(seat, r) for r in self.grid.rooms()
                    if r not in self.patient_rooms()]
        if phase == "choose_room":
            return [a.ChooseRoom(seat, r) for r in self.current["rooms"]]
        if phase == "patient_move":
            return self.patient_move_actions(seat)
        if phase == "move":
            return self.move_actions(seat)
        return self.victim_actions(seat)

    # ------------------------------------------------------------------ apply

    def apply(self, action: Action) -> list[Event]:
        if self.phase == "over":
            raise IllegalAction(self.result.rule if self.result else "BOX-END",
                                "the game is over")
        if isinstance(action, EndGame):
            self.result = Outcome("abandoned", (), action.reason or "the table ended the game",
                                  "BOX-END")
            self.phase = "over"
            return []
        if isinstance(action, SeatAction):
            self.check_seat(action)
            self.check_phase(action)
        elif self.chance() is None:
            raise IllegalAction("BOX-CHANCE", f"no chance outcome is expected now: the box is "
                                f"waiting for {self.waiting_for()}")
        else:
            self.chance().check(action)  # type: ignore[union-attr]
        handler = {
            DrawResult: self.patients_drawn if self.phase == "choose_patients"
            else self.discarded, ShuffleResult: self.shuffled,
            FlipResult: self.flipped, RollResult: self.rolled,
            a.LayRoom: self.lay_room, a.Keep: self.kept, a.Mulligan: self.mulligan,
            a.StartRoom: self.start_room,
            a.ChooseRoom: self.room_chosen, a.MovePatient: self.move_patient,
            a.Move: self.victim_move, a.Identify: self.identified,
        }.get(type(action))
        if handler is not None:
            events = handler(action)  # type: ignore[operator]
        else:
            events = self.victim_action(action)
        return [self.public_event(e) for e in events]  # cards with copies by kind

    def check_phase(self, action: SeatAction) -> None:
        phases, rule = ACTION_PHASES.get(type(action), ((), "ACTION"))
        if self.phase not in phases:
            raise IllegalAction(rule, f"{action.type.replace('_', ' ')} is not possible now: "
                                f"Seat {action.seat + 1} must {SEAT_PHASES[self.phase][1]}")

    def waiting_for(self) -> str:
        prompts = self.pending()
        seats = [f"Seat {p.seat + 1}" for p in prompts if isinstance(p, SeatPrompt)]
        chance = self.chance()
        return ", ".join(seats) or (chance.purpose if chance else "nothing")

    def check_seat(self, action: SeatAction) -> None:
        if not 0 <= action.seat < self.players:
            raise IllegalAction("R-AE-02", f"there is no seat {action.seat + 1} "
                                f"(seats 1 to {self.players})")
        if any(isinstance(p, SeatPrompt) and p.seat == action.seat for p in self.pending()):
            return
        chance = self.chance()
        rule = chance.rule if chance else SEAT_PHASES.get(self.phase, ("R-AE-08", ""))[0]
        raise IllegalAction(rule, f"Seat {action.seat + 1} cannot act now: the box is "
                            f"waiting for {self.waiting_for()}")

    # ------------------------------------------------------------------ set-up steps

    def step_pick_patients(self) -> list[Event]:
        seat = int(self.options["patients_seat"])
        if seat < 0:
            return self.wait("choose_patients")
        return self.set_patients(seat)

    def set_patients(self, seat: int) -> list[Event]:
        self.patients_seat = seat
        self.victims = [{"seat": s, "card": "", "room": "", "alive": True, "hand": [],
                         "held": "", "mulligan": False, "revealed": "", "route": []}
                        for s in self.victim_seats()]
        return [a.PatientsChosen(seat)]

    def patients_drawn(self, action: DrawResult) -> list[Event]:
        events = self.set_patients(int(action.card))
        return events + self.resume()

    def step_shuffle(self, deck: str) -> list[Event]:
        if self.physical and deck != "locations":
            return self.own_shuffle(deck, list(self.data.deck(deck)))
        return self.wait("shuffle", deck=deck, whole=True, items=[])

    def step_reshuffle(self, deck: str) -> list[Event]:
        items = list(self.discards[deck])
        if self.physical:
            self.discards[deck] = []
            return self.own_shuffle(deck, [*self.decks[deck], *items])
        return self.wait("shuffle", deck=deck, whole=False, items=items)

    def shuffled(self, action: ShuffleResult) -> list[Event]:
        deck = self.current["deck"]
        events: list[Event] = [a.DeckShuffled(deck, len(action.order))]
        if not self.current["whole"]:
            self.discards[deck] = []
        self.decks[deck] = list(action.order)
        if deck == "locations":  # R-AE-01: 25 cards, column by column, bottom to top
            laid = self.decks["locations"][:GRID_SIZE * GRID_SIZE]
            self.decks["locations"] = self.decks["locations"][GRID_SIZE * GRID_SIZE:]
            events.append(self.lay(laid))
        return events + self.resume()

    def lay(self, laid: list[str]) -> a.LayoutDealt:
        self.columns = [laid[i:i + GRID_SIZE] for i in range(0, len(laid), GRID_SIZE)]
        self.layout = [list(c) for c in self.columns]
        return a.LayoutDealt(tuple(tuple(c) for c in self.columns))

    def step_lay_out(self) -> list[Event]:
        return self.wait("lay_out", rooms=[])

    def lay_room(self, action: a.LayRoom) -> list[Event]:
        """Option ``layout = table``: the players' own layout, one card at a time."""
        laid = self.current["rooms"]
        if action.room not in self.data.deck("locations"):
            raise IllegalAction("R-AE-01", f"{action.room!r} is not a location card of the "
                                "pack")
        if action.room in laid:
            raise IllegalAction("R-AE-01", f"{self.data.get(action.room).name} is entered "
                                f"already (card {laid.index(action.room) + 1} of "
                                f"{GRID_SIZE * GRID_SIZE}): enter each card once")
        laid.append(action.room)
        events: list[Event] = [a.RoomLaid(action.room, len(laid))]
        if len(laid) < GRID_SIZE * GRID_SIZE:
            return events
        self.decks["locations"] = [r for r in self.data.deck("locations") if r not in laid]
        events.append(self.lay(list(laid)))
        return events + self.resume()

    def step_deal_victims(self) -> list[Event]:
        self.push(*[["deal_victim", s, False] for s in self.victim_seats()])
        return []

    def step_deal_victim(self, seat: int, final: bool) -> list[Event]:
        card = self.top("victims", seat, ["deal_victim", seat, final])
        if card is None:
            return []
        self.victim(seat)["card"] = card
        events: list[Event] = [a.VictimDealt(seat, card, final)]
        if final:
            return events
        return events + self.wait("victim_card", seat=seat)

    def kept(self, action: a.Keep) -> list[Event]:
        return self.resume()

    def mulligan(self, action: a.Mulligan) -> list[Event]:
        victim = self.victim(action.seat)
        self.decks["victims"].append(victim["card"])  # A-AE-17: back into the deck
        victim["card"], victim["mulligan"] = "", True
        self.push(["reshuffle_victims"], ["deal_victim", action.seat, True])
        return self.resume()

    def step_reshuffle_victims(self) -> list[Event]:
        if self.physical:
            return self.own_shuffle("victims", self.decks["victims"])
        return self.wait("shuffle", deck="victims", whole=False,
                         items=list(self.decks["victims"]))

    def step_start_rooms(self) -> list[Event]:
        return self.wait("start_rooms", waiting=self.alive())

    def start_room(self, action: a.StartRoom) -> list[Event]:
        if action.room not in self.grid:
            raise IllegalAction("R-AE-06", f"{action.room!r} is not a room of the grid")
        if action.room in self.patient_rooms():
            raise IllegalAction("A-AE-19", f"{self.data.get(action.room).name} holds a "
                                "Patient: start in a room without one")
        victim = self.victim(action.seat)
        victim["room"], victim["route"] = action.room, [[action.room]]
        self.current["waiting"].remove(action.seat)
        events: list[Event] = [a.StartChosen(action.seat)]
        if self.current["waiting"]:
            return events
        return events + self.resume()

    def step_deal_camo(self) -> list[Event]:
        if self.physical:  # each Victim draws and tells the box, in turn
            self.push(*[["camo", s] for s in self.alive()])
            return []
        held = []
        for seat in self.alive():  # R-AE-07 (the pack holds a card for each Victim)
            card, _old = self.take_camo(seat, self.decks["camo_sabo"].pop(0))
            if card:
                held.append((seat, card))
        return [a.CardsDealt(tuple(held))]

    def step_single_victim(self) -> list[Event]:
        """A-AE-15: one Victim from the start: the window is Patient turns 1-3."""
        if len(self.victims) != 1:
            return []
        if self.options["single_victim_window"]:
            return self.trigger_window(0)
        self.triggered = True  # no early trigger: the window of the short mode
        self.window = [7, 9]
        return []
