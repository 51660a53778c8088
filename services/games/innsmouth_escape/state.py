"""The Innsmouth Escape state machine: setup and the Human's turn (rules spec 1.6, 1.7).

Phases with a seat prompt: ``place_pawns`` (each Deep One player in turn from the Human's
left), ``place_human``, ``plot`` (the Human's secret plot, H4), ``spawn_here`` (the Human picks
the pools of pawns his cards spawn), ``combat`` (the Human may equip or heal, then fights),
``kill`` (the Human picks the pawns his hits kill), and the Deep One steps ``do_move``,
``do_summon``, ``do_spawn`` (every Deep One player at once). Chance phases: ``human`` (who is
the Human), ``shuffle`` (the four decks), ``attack`` and ``do_attack`` (dice), ``reshuffle``
(the Deep One discard pile, A-IE-19). ``over`` at the end.

Combat is in :mod:`combat`, the Deep One turn in :mod:`deepones`, views in :mod:`views`.
Every check happens before the first change, so a refused action changes nothing.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, ClassVar

from services.games.core import (
    Action,
    Draw,
    DrawResult,
    EndGame,
    Event,
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
from services.games.innsmouth_escape import actions as a
from services.games.innsmouth_escape.board import GRID, PathError, plans, walk
from services.games.innsmouth_escape.combat import Combat
from services.games.innsmouth_escape.data import HUMAN_DECKS, InnsmouthData
from services.games.innsmouth_escape.deepones import DeepOneTurn
from services.games.innsmouth_escape.effects import Effects
from services.games.innsmouth_escape.views import InnsmouthViews, movement_kind

WOUNDS_TO_KILL = {2: 8, 3: 10, 4: 12, 5: 14}  # table 1.4
ESCAPE_VP = 8  # R-IE-26
PAWNS_PER_COLOUR = 25  # R-IE-47
CAP = 4  # pawns of one colour on one cell
START_PAWNS = 3  # R-IE-06
DO_HAND = 3  # R-IE-04
SHUFFLE_ORDER = ("deep_one", *HUMAN_DECKS)
REST = "rest"
UNKNOWN = "?"  # a card in a Deep One hand with physical decks (the box learns it when played)


def movement_cards(values: list[int]) -> list[str]:
    """The 9 movement card ids: number cards "move-2-1" (value 2, first copy), Rests."""
    seen: Counter[int] = Counter()
    ids = []
    for value in values:
        seen[value] += 1
        ids.append(f"move-{value}-{seen[value]}")
    return ids + [f"{REST}-{n}" for n in (1, 2, 3)]


def card_value(card: str) -> int:
    """The number of a movement card (an id ``move-2-1`` or a kind ``move-2``); 0 for a
    Rest."""
    return 0 if card.startswith(REST) else int(card.split("-")[1])


@dataclass(eq=False)
class InnsmouthState(InnsmouthViews, Combat, DeepOneTurn, Effects, State):
    info: ClassVar[GameInfo]  # set by the package

    data: InnsmouthData
    players: int
    options: dict[str, OptionValue]
    phase: str = "human"
    human: int = -1
    colours: list[str] = field(default_factory=list)  # per seat, "" for the Human
    to_shuffle: list[str] = field(default_factory=list)
    decks: dict[str, list[str]] = field(default_factory=dict)  # top first
    do_discard: list[str] = field(default_factory=list)
    tokens: dict[str, dict[str, int]] = field(default_factory=dict)  # cell -> deck -> rank
    pawns: dict[str, dict[str, int]] = field(default_factory=dict)  # cell -> colour -> count
    pools: dict[str, int] = field(default_factory=dict)
    shoggoths: dict[str, str] = field(default_factory=dict)  # colour -> cell ("" = off board)
    human_cell: str = ""
    movement_hand: list[str] = field(default_factory=list)
    movement_discard: list[str] = field(default_factory=list)
    plot: dict[str, Any] | None = None
    last_reveal: dict[str, Any] | None = None
    wounds: int = 0
    hand: list[str] = field(default_factory=list)
    known: list[str] = field(default_factory=list)  # hand cards everyone has seen
    tableau: list[str] = field(default_factory=list)
    weapon: str = ""
    used: list[str] = field(default_factory=list)  # Human cards played and gone
    do_hands: dict[str, list[str]] = field(default_factory=dict)
    round: int = 0
    placing: int = 0
    spawn_left: int = 0
    submitted: dict[str, Any] = field(default_factory=dict)
    combat: dict[str, Any] | None = None
    draw_queue: list[str] = field(default_factory=list)
    step_snapshot: dict[str, Any] = field(default_factory=dict)  # the spawn step's start
    do_played: dict[str, str] = field(default_factory=dict)  # colour -> card this round
    do_permanent: dict[str, list[str]] = field(default_factory=dict)  # cards staying in play
    window: dict[str, Any] | None = None  # Deep One card window: timing, resume, waiting
    adjusting: dict[str, Any] | None = None  # a manual effect being applied
    identify: dict[str, Any] | None = None  # physical decks: the cards being drawn
    route: list[list[str]] = field(default_factory=list)  # the start, then each revealed path
    applied: list[str] = field(default_factory=list)  # permanent cards that acted this round
    result: Outcome | None = None

    def __post_init__(self) -> None:
        if self.pools or self.tokens:
            return  # loaded from a snapshot
        self.tokens = {c.id: dict(c.human_icons) for c in self.data.cells if c.human_icons}
        self.movement_hand = movement_cards(self.number_values())
        if int(self.options["human_seat"]) >= 0:
            self._set_human(int(self.options["human_seat"]))

    # ------------------------------------------------------------------ derived values

    @property
    def physical(self) -> bool:
        return self.options["cards"] == "physical"

    def number_values(self) -> list[int]:
        return [int(v) for v in str(self.options["number_cards"]).split(",")]

    def do_seats(self) -> list[int]:
        """The Deep One players in seat order from the Human's left (R-IE-06, R-IE-35)."""
        return [(self.human + i) % self.players for i in range(1, self.players)]

    def in_game_colours(self) -> list[str]:
        return [self.colours[s] for s in self.do_seats()]

    def seat_of(self, colour: str) -> int:
        return self.colours.index(colour)

    def threshold(self) -> int:
        return WOUNDS_TO_KILL[self.players]

    def vp(self) -> int:
        return sum(self.data.card(c).vp for c in self.tableau)

    def on(self, cell: str, colour: str) -> int:
        return self.pawns.get(cell, {}).get(colour, 0)

    def pawns_on(self, cell: str) -> int:
        return sum(self.pawns.get(cell, {}).values())

    def shoggoths_on(self, cell: str) -> list[str]:
        return [c for c, at in self.shoggoths.items() if at == cell]

    def number_hand(self) -> list[str]:
        return [c for c in self.movement_hand if card_value(c)]

    def _add(self, cell: str, colour: str, n: int) -> None:
        here = self.pawns.setdefault(cell, {})
        here[colour] = here.get(colour, 0) + n
        self.pools[colour] -= n
        if here[colour] == 0:
            del here[colour]
        if not here:
            del self.pawns[cell]

    # ------------------------------------------------------------------ prompts

    def pending(self) -> tuple[Prompt, ...]:
        phase = self.phase
        if phase == "over":
            return ()
        if phase == "place_pawns":
            seat = self.do_seats()[self.placing]
            return (SeatPrompt(seat, phase, f"place {START_PAWNS} Deep Ones"),)
        if phase in ("place_human", "plot", "spawn_here", "combat", "kill", "identify"):
            text = {"place_human": "place the Human", "plot": "plot your secret movement",
                    "identify": "tap or choose the card you drew",
                    "spawn_here": "choose the pools of the pawns your cards spawn",
                    "combat": "equip, heal, then fight", "kill": "choose the Deep Ones killed"}
            return (SeatPrompt(self.human, phase, text[phase]),)
        if phase in ("do_move", "do_summon", "do_spawn"):
            return tuple(SeatPrompt(self.seat_of(c), phase, phase[3:])
                         for c in self.step_colours() if c not in self.submitted)
        if phase == "window" and self.window:
            return tuple(SeatPrompt(self.seat_of(c), "cards", "play a Deep One card or pass")
                         for c in self.window["waiting"])
        if phase == "adjust" and self.adjusting:
            return (SeatPrompt(self.adjusting["seat"], "adjust",
                               "apply the card's effect, then done"),)
        chance = self._chance()
        return (chance,) if chance is not None else ()

    def _chance(self) -> Shuffle | Roll | Draw | None:
        if self.phase == "human":
            return Draw("choose the Human player", "R-IE-01", deck="seats",
                        items=tuple(str(s) for s in range(self.players)))
        if self.phase == "shuffle":
            deck = self.to_shuffle[0]
            return Shuffle(f"shuffle the {deck.replace('_', ' ')} deck", "R-IE-04", deck=deck,
                           items=self.data.deck(deck))
        if self.phase == "reshuffle":
            return Shuffle("shuffle the Deep One discard pile", "A-IE-19", deck="deep_one",
                           items=tuple(self.do_discard))
        return self.combat_chance()

    def outcome(self) -> Outcome | None:
        return self.result

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self, seat: int) -> list[Action]:
        if not any(isinstance(p, SeatPrompt) and p.seat == seat for p in self.pending()):
            return []
        phase = self.phase
        if phase == "place_pawns":
            return self._placement_actions(seat)
        if phase == "place_human":
            return [a.PlaceHuman(seat, c.id) for c in self.data.cells
                    if self._human_start_reason(c.id) == ""]
        if phase == "plot":
            return self._plot_actions(seat) + self.hand_actions(seat)
        if phase in ("spawn_here", "combat", "kill"):
            return self.combat_actions(seat)
        if phase == "window":
            return [a.Pass(seat), *self.card_actions(seat)]
        if phase == "adjust":
            return self.adjust_actions(seat)
        if phase == "identify":
            deck = self.identify["queue"][0][0]
            return [a.Identify(seat, c) for c in self.decks[deck]]
        return self.deep_one_actions(seat) + self.card_actions(seat)

    def _placement_actions(self, seat: int) -> list[Action]:
        free = [c.id for c in self.data.cells if not c.has_deep_one_icon]
        colour = self.colours[seat]
        options = []
        for i, first in enumerate(free):
            for j in range(i, len(free)):
                for k in range(j, len(free)):
                    cells = (first, free[j], free[k])
                    if all(self.on(c, colour) + cells.count(c) <= CAP for c in cells):
                        options.append(a.PlacePawns(seat, cells))
        return options

    def _plot_actions(self, seat: int) -> list[Action]:
        numbers = self.number_hand()
        rests = [c for c in self.movement_hand if not card_value(c)]
        by_value: dict[int, list[str]] = {}
        for card in numbers:
            by_value.setdefault(card_value(card), []).append(card)
        found: list[Action] = []
        for plan in self.legal_plans():
            taken: Counter[int] = Counter()
            cards = []
            for value, _direction in plan.moves:
                cards.append(by_value[value][taken[value]])
                taken[value] += 1
            cards += rests[: plan.rests]
            found.append(a.Plot(seat, tuple(cards), tuple(d for _v, d in plan.moves)))
        return found

    def legal_plans(self) -> list[Any]:
        numbers = [card_value(c) for c in self.number_hand()]
        rests = len(self.movement_hand) - len(numbers)
        blocked = {cell for cell in self.shoggoths.values() if cell}
        found = plans(GRID, self.human_cell, numbers, rests, blocked)
        if self.options["forbid_rest_on_shoggoth"] and self.human_cell in blocked:
            moving = [p for p in found if p.moves]
            found = moving or found  # A-IE-08: three Rests only when nothing else is legal
        return found

    # ------------------------------------------------------------------ apply

    def apply(self, action: Action) -> list[Event]:
        return [self.public_event(e) for e in self._apply(action)]  # copies by kind

    def _apply(self, action: Action) -> list[Event]:
        if self.phase == "over":
            raise IllegalAction(self.result.rule if self.result else "BOX-END",
                                "the game is over")
        if isinstance(action, EndGame):
            self.result = Outcome("abandoned", (), action.reason or "the table ended the game",
                                  "BOX-END")
            self.phase = "over"
            return []
        if isinstance(action, SeatAction):
            self._check_seat(action)
        if isinstance(action, DrawResult):
            return self._human_drawn(action)
        if isinstance(action, ShuffleResult):
            return self._shuffled(action)
        if isinstance(action, RollResult):
            return self.rolled(action)
        handler = {
            a.PlacePawns: self._place_pawns,
            a.PlaceHuman: self._place_human,
            a.Plot: self._plot,
        }.get(type(action))
        if handler is not None:
            return handler(action)  # type: ignore[operator]
        if isinstance(action, a.SpawnHere | a.Fight | a.Kill | a.Equip | a.UseCard):
            return self.apply_combat(action)
        if isinstance(action, a.MoveDeepOnes | a.Summon | a.Spawn):
            return self.apply_deep_ones(action)
        if isinstance(action, a.PlayDeepOneCard):
            return self.play_deep_one_card(action)
        if isinstance(action, a.ApplyCard):
            return self.apply_permanent(action)
        if isinstance(action, a.Pass):
            return self.pass_window(action)
        if isinstance(action, a.Adjust):
            return self.adjust(action)
        if isinstance(action, a.Identify):
            return self._identified(action)
        raise IllegalAction("ACTION", f"{action.type!r} is not an Innsmouth Escape action")

    def _check_seat(self, action: SeatAction) -> None:
        if not 0 <= action.seat < self.players:
            raise IllegalAction("R-IE-01", f"there is no seat {action.seat + 1} "
                                f"(seats 1 to {self.players})")
        prompts = self.pending()
        if not any(isinstance(p, SeatPrompt) and p.seat == action.seat for p in prompts):
            seats = [p.seat for p in prompts if isinstance(p, SeatPrompt)]
            chance = self._chance()
            waiting = ", ".join(f"Seat {s + 1}" for s in seats) or (
                chance.purpose if chance else "nothing")
            rule = {"place_pawns": "R-IE-06", "place_human": "R-IE-07", "plot": "R-IE-10",
                    "spawn_here": "R-IE-29", "combat": "R-IE-32", "kill": "A-IE-20",
                    "window": "R-IE-46", "adjust": "A-IE-03", "identify": "R-IE-27"}.get(
                self.phase, "R-IE-40" if self.phase.startswith("do_") else "R-IE-48")
            raise IllegalAction(chance.rule if chance else rule, f"Seat {action.seat + 1} "
                                f"cannot act now: the box is waiting for {waiting}")

    # ------------------------------------------------------------------ setup

    def _set_human(self, seat: int) -> None:
        self.human = seat
        self.colours = [""] * self.players
        for i, do_seat in enumerate(self.do_seats()):
            self.colours[do_seat] = self.data.colours[i]
        self.pools = {c: PAWNS_PER_COLOUR for c in self.in_game_colours()}
        self.shoggoths = {c: "" for c in self.in_game_colours()}
        self.do_hands = {c: [] for c in self.in_game_colours()}
        if self.physical:  # your own decks: the box knows which cards it has not seen
            self.decks = {d: sorted(self.data.deck(d)) for d in SHUFFLE_ORDER}
            self.do_hands = {c: [UNKNOWN] * DO_HAND for c in self.in_game_colours()}
            self.phase = "place_pawns"
            return
        self.to_shuffle = list(SHUFFLE_ORDER)
        self.phase = "shuffle"

    def _human_drawn(self, action: DrawResult) -> list[Event]:
        prompt = self._chance()
        if not isinstance(prompt, Draw):
            raise IllegalAction("R-IE-01", f"the box is not waiting for a draw (phase "
                                f"{self.phase})")
        prompt.check(action)
        self._set_human(int(action.card))
        return [a.HumanChosen(self.human)]

    def _shuffled(self, action: ShuffleResult) -> list[Event]:
        prompt = self._chance()
        if not isinstance(prompt, Shuffle):
            raise IllegalAction("R-IE-04", f"the box is not waiting for a shuffle (phase "
                                f"{self.phase})")
        prompt.check(action)
        events: list[Event] = [a.DeckShuffled(action.deck, len(action.order))]
        if self.phase == "reshuffle":
            self.decks["deep_one"] = list(action.order)
            self.do_discard = []
            return events + self.continue_draws()
        deck = self.to_shuffle.pop(0)
        self.decks[deck] = list(action.order)
        if deck == "deep_one":  # R-IE-04: three cards to each Deep One player
            for _ in range(DO_HAND):
                for colour in self.in_game_colours():
                    if self.decks["deep_one"]:
                        self.do_hands[colour].append(self.decks["deep_one"].pop(0))
        if not self.to_shuffle:
            self.phase = "place_pawns"
        return events

    def _place_pawns(self, action: a.PlacePawns) -> list[Event]:
        if self.phase != "place_pawns":
            raise IllegalAction("R-IE-06", "the Deep Ones place their pawns at setup only")
        colour = self.colours[action.seat]
        if len(action.cells) != START_PAWNS:
            raise IllegalAction("R-IE-06", f"place exactly {START_PAWNS} Deep Ones, not "
                                f"{len(action.cells)}")
        for cell in action.cells:
            self._check_cell(cell, "R-IE-06")
            if self.data.cell(cell).has_deep_one_icon:
                raise IllegalAction("R-IE-06", f"{cell} has a Deep One icon: no Deep One may "
                                    "start there")
            if self.on(cell, colour) + action.cells.count(cell) > CAP:
                raise IllegalAction("R-IE-06", f"{cell} would hold more than {CAP} {colour} "
                                    "Deep Ones")
        for cell in action.cells:
            self._add(cell, colour, 1)
        self.placing += 1
        if self.placing == len(self.do_seats()):
            self.phase = "place_human"
        return [a.PawnsPlaced(colour, tuple(action.cells))]

    def _check_cell(self, cell: str, rule: str) -> None:
        if not GRID.is_cell(cell):
            raise IllegalAction(rule, f"{cell!r} is not a cell of the board (A1 to F6)")

    def _human_start_reason(self, cell: str) -> str:
        if self.data.cell(cell).has_human_icon:
            return f"{cell} has a Human icon: the Human starts on a cell without one"
        if self.options["forbid_human_start_on_do"] and self.pawns_on(cell):
            return f"{cell} holds Deep Ones (option forbid_human_start_on_do)"
        return ""

    def _place_human(self, action: a.PlaceHuman) -> list[Event]:
        if self.phase != "place_human":
            raise IllegalAction("R-IE-07", "the Human places his pawn at setup only")
        self._check_cell(action.cell, "R-IE-07")
        reason = self._human_start_reason(action.cell)
        if reason:
            raise IllegalAction("A-IE-09" if "option" in reason else "R-IE-07", reason)
        self.human_cell = action.cell
        self.route = [[action.cell]]
        self.round = 1
        self.phase = "plot"  # R-IE-25: round 1 starts with the plot
        events: list[Event] = [a.HumanPlaced(action.cell), a.RoundStarted(1)]
        if self._escaped(action.cell):  # A-IE-22: the check runs (with 0 VP it never wins)
            return events + self._escape(action.cell)
        return events

    # ------------------------------------------------------------------ the plot (H4)

    def _plot(self, action: a.Plot) -> list[Event]:
        if self.phase != "plot":
            raise IllegalAction("R-IE-10", f"the plot (H4) comes after the draw and the combat: "
                                f"not now (phase {self.phase})")
        cards = list(action.cards)
        if len(cards) != 3:
            raise IllegalAction("R-IE-10", f"play exactly 3 movement cards, not {len(cards)}")
        if len(set(cards)) != 3:
            twice = next(c for c in cards if cards.count(c) > 1)
            raise IllegalAction("R-IE-10", f"{twice} is named twice: play 3 different "
                                "movement cards")
        missing = [c for c in cards if c not in self.movement_hand]
        if missing:
            where = "in the discard until every number card is played" if any(
                c in self.movement_discard for c in missing) else "not a movement card"
            raise IllegalAction("R-IE-11", f"{', '.join(missing)}: {where}; in hand: "
                                f"{', '.join(self.movement_hand)}")
        values = [card_value(c) for c in cards if card_value(c)]
        if len(action.directions) != len(values):
            raise IllegalAction("R-IE-13", f"give one direction per number card: "
                                f"{_count(len(values), 'number card')}, "
                                f"{_count(len(action.directions), 'direction')}")
        blocked = {cell for cell in self.shoggoths.values() if cell}
        try:
            path = walk(GRID, self.human_cell, list(zip(values, action.directions, strict=True)),
                        blocked)
        except PathError as error:
            raise IllegalAction(error.rule, error.message) from None
        if (self.options["forbid_rest_on_shoggoth"] and not values
                and self.human_cell in blocked and any(p.moves for p in self.legal_plans())):
            raise IllegalAction("A-IE-08", f"a Shoggoth is on {self.human_cell}: move away "
                                "(option forbid_rest_on_shoggoth)")
        end = path[-1]
        forfeit = False
        if action.to and action.to != end:
            if not GRID.is_cell(action.to):
                raise IllegalAction("R-IE-17", f"{action.to!r} is not a cell (A1 to F6)")
            if self.options["plot_mode"] == "strict":
                raise IllegalAction("R-IE-19", f"these cards end on {end}, not on {action.to}: "
                                    "choose tokens for the end of the path, or another path")
            forfeit = True  # R-IE-20 (physical tokens)
        self.plot = {"cards": cards, "directions": list(action.directions), "path": path,
                     "to": action.to or end, "forfeit": forfeit}
        for card in cards:
            self.movement_hand.remove(card)
        rests = len(cards) - len(values)
        events: list[Event] = [a.Plotted(len(values), rests)]
        return events + self.start_deep_one_turn()

    # ------------------------------------------------------------------ the Human's turn

    def human_turn(self) -> list[Event]:
        """H1..H4 of a new round (R-IE-21..32)."""
        self.round += 1
        events: list[Event] = [a.RoundStarted(self.round)]
        before = self.human_cell
        if self.options["escape_check"] == "before_reveal" and self._escaped(before):
            return events + self._escape(before)
        events += self._reveal()
        if self.options["escape_check"] == "after_reveal" and self._escaped(self.human_cell):
            return events + self._escape(self.human_cell)
        return events + self.open_window("human_turn", "search")

    def _escaped(self, cell: str) -> bool:
        return GRID.on_escape_edge(cell) and self.vp() >= ESCAPE_VP

    def _escape(self, cell: str) -> list[Event]:
        reason = f"the Human begins his turn on {cell} with {self.vp()} victory points"
        self.result = Outcome("win", (self.human,), f"The Human escapes: {reason}", "R-IE-26")
        self.phase = "over"
        return [a.GameWon("human", reason, "R-IE-26")]

    def _reveal(self) -> list[Event]:
        """H1 (R-IE-21..24)."""
        plot = self.plot or {"cards": [], "directions": [], "path": [self.human_cell],
                             "to": self.human_cell, "forfeit": False}
        self.plot = None
        if not plot["forfeit"]:
            self.human_cell = plot["path"][-1]
        self.route.append(list(plot["path"]) if not plot["forfeit"] else [self.human_cell])
        rests = [c for c in plot["cards"] if not card_value(c)]
        healed = min(len(rests), self.wounds)
        self.wounds -= healed
        self.movement_hand += rests
        self.movement_discard += [c for c in plot["cards"] if card_value(c)]
        self.last_reveal = {**plot, "healed": healed, "round": self.round - 1}
        events: list[Event] = [a.Revealed(tuple(movement_kind(c) for c in plot["cards"]),
                                          tuple(plot["directions"]),
                                          tuple(plot["path"]), plot["to"], plot["forfeit"],
                                          healed)]
        if not self.number_hand():
            self.movement_hand = movement_cards(self.number_values())
            self.movement_discard = []
            events.append(a.MovementRecycled())
        return events

    def search(self) -> list[Event]:
        """H2 (R-IE-27): draw by the rank of every token here, then resolve them together."""
        found = self.tokens.pop(self.human_cell, {})
        if self.physical:  # the Human draws from his own decks and tells the box (A-IE-19)
            queue = [[deck, min(rank, len(self.decks[deck]))] for deck, rank in found.items()]
            queue = [q for q in queue if q[1]]
            if queue:
                self.identify = {"queue": queue, "drawn": [[d, [], n] for d, n in queue]}
                self.phase = "identify"
                return []
            return self._resolve_search([])
        drawn = []
        for deck, rank in found.items():
            drawn.append((deck, self.decks[deck][:rank], rank))
            self.decks[deck] = self.decks[deck][rank:]
        return self._resolve_search(drawn)

    def _identified(self, action: a.Identify) -> list[Event]:
        deck, left = self.identify["queue"][0]
        if action.card not in self.decks[deck]:
            seen = action.card in {c.id for c in self.data.cards}
            why = "was already drawn or is not in that deck" if seen else "is not a card"
            raise IllegalAction("R-IE-27", f"{action.card!r} {why}: the Human is drawing from "
                                f"the {deck} deck")
        self.decks[deck].remove(action.card)
        entry = next(e for e in self.identify["drawn"] if e[0] == deck)
        entry[1].append(action.card)
        if left > 1:
            self.identify["queue"][0][1] = left - 1
            return []
        self.identify["queue"].pop(0)
        if self.identify["queue"]:
            return []
        drawn = [(d, cards, n) for d, cards, n in self.identify["drawn"]]
        self.identify = None
        return self._resolve_search(drawn)

    def _resolve_search(self, drawn: list[tuple[str, list[str], int]]) -> list[Event]:
        """R-IE-28, R-IE-29: tableau or hand; spawns; manual effects; then combat or plot."""
        events: list[Event] = []
        spawns = 0
        placed: list[str] = []
        for deck, cards, rank in drawn:
            front = [c for c in cards if self.data.card(c).to_tableau]
            self.tableau += front
            placed += front
            self.hand += [c for c in cards if c not in front]
            spawns += sum(self.data.card(c).spawn_icons for c in cards)
            events.append(a.CardsDrawn(deck, rank, tuple(front), len(cards) - len(front)))
        manual = [c for c in placed if self.data.card(c).manual_effect]
        if manual:  # A-IE-03: the Human applies what the cards in front of him say
            return events + self.begin_adjust(self.human, manual, "search_done", spawns)
        if spawns:
            return events + self.begin_spawn_here(spawns)
        return events + self.after_search()


def _count(n: int, word: str) -> str:
    """ "1 direction", "2 directions". """
    return f"{n} {word}{'' if n == 1 else 's'}"
