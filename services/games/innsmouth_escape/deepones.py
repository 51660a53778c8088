"""The Deep One turn (R-IE-40..47): move, draw, summon, spawn, every Deep One player at once in
each step. The box collects every player's input for a step and applies them together
(A-IE-21); caps are checked on the result (A-IE-10).

A mixin of :class:`~services.games.innsmouth_escape.state.InnsmouthState`.

``legal_actions`` for a move or a spawn lists a representative set (staying put, every
single move, every Shoggoth step and the whole-colour marches of :mod:`.marches`; one way to
place the spawned pawns starting from each eligible cell): every combination would be
exponential. ``apply`` accepts every legal combination.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from services.games.core import Action, Event, IllegalAction
from services.games.innsmouth_escape import actions as a
from services.games.innsmouth_escape.board import GRID
from services.games.innsmouth_escape.marches import marches

HAND_LIMIT = 5  # R-IE-42
SUMMON_COST = 3  # R-IE-43


class DeepOneTurn:
    def step_colours(self: Any) -> list[str]:
        """The colours that must act in the current Deep One step."""
        if self.phase == "do_move":
            return self.in_game_colours()
        if self.phase == "do_summon":
            return [c for c in self.in_game_colours() if self.summon_cells(c)]
        if self.phase == "do_spawn":
            order = [c for c in self.in_game_colours() if self.spawn_count(c)]
            if self.options["spawn_sequential_in_seat_order"]:
                return [c for c in order if c not in self.submitted][:1]
            return order
        return []

    # ------------------------------------------------------------------ move (D1)

    def start_deep_one_turn(self: Any) -> list[Event]:
        self.phase, self.submitted = "do_move", {}
        return []

    def deep_one_actions(self: Any, seat: int) -> list[Action]:
        colour = self.colours[seat]
        if self.phase == "do_move":
            found: list[Action] = [a.MoveDeepOnes(seat, ())]
            for cell, here in self.pawns.items():
                if here.get(colour):
                    for dest in GRID.cells():
                        move = a.MoveDeepOnes(seat, (f"{cell}>{dest}",))
                        if 1 <= GRID.distance(cell, dest) <= 2 and not self._move_error(move):
                            found.append(move)
            at = self.shoggoths[colour]
            steps = ["", *GRID.neighbours(at)] if at else [""]
            found += [a.MoveDeepOnes(seat, (), n) for n in steps[1:]]
            mine = {cell: here[colour] for cell, here in self.pawns.items() if here.get(colour)}
            held = [c for c in mine if self.data.cell(c).spawn or self.data.cell(c).draw]
            for pawns in marches(mine, held, bool(self.options["do_move_straight_only"])):
                found += [a.MoveDeepOnes(seat, pawns, n) for n in steps]
            return found
        if self.phase == "do_summon":
            return [a.Summon(seat, ""), *[a.Summon(seat, c) for c in self.summon_cells(colour)]]
        count = self.spawn_count(colour)
        eligible = self.spawn_cells(colour)
        found = []
        for i in range(len(eligible)):
            cells = self._fill(colour, eligible[i:] + eligible[:i], count)
            if len(cells) == count:
                found.append(a.Spawn(seat, tuple(cells)))
        return list(dict.fromkeys(found))

    def apply_deep_ones(self: Any, action: Action) -> list[Event]:
        colour = self.colours[action.seat]
        if isinstance(action, a.MoveDeepOnes):
            if self.phase != "do_move":
                raise IllegalAction("R-IE-40", "this is not the Deep One move step")
            error = self._move_error(action)
            if error:
                raise IllegalAction(*error)
            self.submitted[colour] = {"pawns": list(action.pawns), "shoggoth": action.shoggoth}
            if len(self.submitted) < len(self.in_game_colours()):
                return []
            return self._moves_done()
        if isinstance(action, a.Summon):
            if self.phase != "do_summon":
                raise IllegalAction("R-IE-40", "this is not the summoning step")
            if action.cell and action.cell not in self.summon_cells(colour):
                raise IllegalAction("R-IE-43", f"{colour} cannot summon on {action.cell}: a "
                                    f"Shoggoth icon cell with {SUMMON_COST} of your pawns, and "
                                    "your Shoggoth not yet on the board")
            self.submitted[colour] = {"cell": action.cell}
            if any(c not in self.submitted for c in self.step_colours()):
                return []
            return self._summons_done()
        if self.phase != "do_spawn":
            raise IllegalAction("R-IE-40", "this is not the spawn step")
        self._check_spawn(colour, action)
        self.submitted[colour] = {"cells": list(action.cells)}
        if self.options["spawn_sequential_in_seat_order"]:  # the next player sees them
            events = self._place_spawn(colour, list(action.cells))
            if self.step_colours():
                return events
            return events + self._end_round()
        if any(c not in self.submitted for c in self.step_colours()):
            return []  # A-IE-21: applied together once every player has chosen
        events = []
        for done, spawn in list(self.submitted.items()):
            if ":" not in done:
                events += self._place_spawn(done, spawn["cells"])
        return events + self._end_round()

    def _move_error(self: Any, action: a.MoveDeepOnes) -> tuple[str, str] | None:
        colour = self.colours[action.seat]
        sources: Counter[str] = Counter()
        final = {cell: here.get(colour, 0) for cell, here in self.pawns.items()}
        for move in action.pawns:
            parts = move.split(">") if isinstance(move, str) else []
            if len(parts) != 2 or not all(GRID.is_cell(p) for p in parts):
                return ("R-IE-41", f"{move!r} is not a move: write it FROM>TO, e.g. C3>C5")
            start, end = parts
            sources[start] += 1
            if sources[start] > self.on(start, colour):
                return ("R-IE-41", f"{colour} has only {self.on(start, colour)} pawns on {start}")
            steps = GRID.distance(start, end)
            if not 1 <= steps <= 2:
                return ("R-IE-41", f"{move}: a Deep One moves 1 or 2 cells, not {steps}")
            if self.options["do_move_straight_only"] and start[0] != end[0] and \
                    start[1:] != end[1:]:
                return ("A-IE-10", f"{move}: only straight moves (option "
                        "do_move_straight_only)")
            final[start] -= 1
            final[end] = final.get(end, 0) + 1
        over = sorted(c for c, n in final.items() if n > 4)
        if over:
            return ("R-IE-41", f"{over[0]} would hold {final[over[0]]} {colour} Deep Ones: at "
                    "most 4 of a colour on a cell")
        if action.shoggoth:
            at = self.shoggoths[colour]
            if not at:
                return ("R-IE-41", f"the {colour} Shoggoth is not on the board")
            if not GRID.is_cell(action.shoggoth) or GRID.distance(at, action.shoggoth) > 1:
                return ("R-IE-41", f"the {colour} Shoggoth moves at most 1 cell from {at}, not "
                        f"to {action.shoggoth}")
        return None

    def _moves_done(self: Any) -> list[Event]:
        events: list[Event] = []
        for colour in self.in_game_colours():
            move = self.submitted[colour]
            for pawn in move["pawns"]:
                start, end = pawn.split(">")
                self._add(start, colour, -1)
                self._add(end, colour, 1)
            if move["shoggoth"]:
                self.shoggoths[colour] = move["shoggoth"]
            events.append(a.DeepOnesMoved(colour, tuple(move["pawns"]), move["shoggoth"]))
        self.submitted = {}
        self.draw_queue = list(self.in_game_colours())
        return events + self.continue_draws()

    # ------------------------------------------------------------------ draw (D2)

    def continue_draws(self: Any) -> list[Event]:
        """R-IE-42 with A-IE-11: one card per Draw cell occupied, up to the hand limit."""
        events: list[Event] = []
        while self.draw_queue:
            colour = self.draw_queue[0]
            entitled = sum(1 for c in self.data.cells if c.draw and self.on(c.id, colour))
            drawn = self.submitted.get(f"drawn:{colour}", 0)
            want = min(entitled, HAND_LIMIT - len(self.do_hands[colour]) + drawn)
            while drawn < want:
                if self.physical:  # cards the players draw: the box counts them
                    pile = len(self.decks["deep_one"]) - sum(
                        h.count("?") for h in self.do_hands.values())
                    if pile <= 0:
                        if not (self.do_discard and self.options["do_deck_reshuffle"]):
                            break
                        self.decks["deep_one"] = sorted(self.decks["deep_one"] + self.do_discard)
                        self.do_discard = []
                    self.do_hands[colour].append("?")
                    drawn += 1
                    continue
                if not self.decks["deep_one"]:
                    if self.do_discard and self.options["do_deck_reshuffle"]:
                        self.submitted[f"drawn:{colour}"] = drawn
                        self.phase = "reshuffle"
                        return events
                    break
                self.do_hands[colour].append(self.decks["deep_one"].pop(0))
                drawn += 1
            self.submitted.pop(f"drawn:{colour}", None)
            self.draw_queue.pop(0)
            events.append(a.DeepOneCardsDrawn(colour, drawn, entitled))
        self.phase, self.submitted = "do_summon", {}
        if not self.step_colours():
            return events + self._start_spawn()
        return events

    # ------------------------------------------------------------------ summon (D3)

    def summon_cells(self: Any, colour: str) -> list[str]:
        if self.shoggoths[colour]:
            return []  # A-IE-12: one Shoggoth token
        return [c.id for c in self.data.cells
                if c.shoggoth and self.on(c.id, colour) >= SUMMON_COST]

    def _summons_done(self: Any) -> list[Event]:
        events: list[Event] = []
        for colour, summon in self.submitted.items():
            if summon["cell"]:
                self._add(summon["cell"], colour, -SUMMON_COST)
                self.shoggoths[colour] = summon["cell"]
                events.append(a.Summoned(colour, summon["cell"]))
        return events + self._start_spawn()

    # ------------------------------------------------------------------ spawn (D4)

    def _start_spawn(self: Any) -> list[Event]:
        self.phase, self.submitted = "do_spawn", {}
        occupied = sorted(self.pawns)
        self.step_snapshot = {
            "occupied": occupied,
            "counts": {c: self._entitled_spawns(c) for c in self.in_game_colours()},
        }
        if not self.step_colours():
            return self._end_round()
        return []

    def _entitled_spawns(self: Any, colour: str) -> int:
        mine = [cell for cell, here in self.pawns.items() if here.get(colour)]
        if not mine:
            return min(1, self.pools[colour])  # R-IE-45
        spawn_cells = sum(1 for cell in mine if self.data.cell(cell).spawn)
        room = sum(4 - here.get(colour, 0) for here in self.pawns.values())  # the cap
        return min(spawn_cells, self.pools[colour], room)

    def spawn_count(self: Any, colour: str) -> int:
        return int(self.step_snapshot.get("counts", {}).get(colour, 0))

    def spawn_cells(self: Any, colour: str) -> list[str]:
        """A-IE-13: cells with a Deep One when the step began (or, spawning in seat order,
        now); A-IE-14: with none on the board, any cell without a Deep One icon."""
        occupied = sorted(self.pawns) if self.options["spawn_sequential_in_seat_order"] \
            else list(self.step_snapshot.get("occupied", []))
        if not occupied:
            return [c.id for c in self.data.cells if not c.has_deep_one_icon]
        return occupied

    def _fill(self: Any, colour: str, cells: list[str], count: int) -> list[str]:
        placed: list[str] = []
        for cell in cells:
            while len(placed) < count and self.on(cell, colour) + placed.count(cell) < 4:
                placed.append(cell)
        return placed

    def _check_spawn(self: Any, colour: str, action: a.Spawn) -> None:
        count = self.spawn_count(colour)
        if len(action.cells) != count:
            raise IllegalAction("R-IE-44", f"{colour} spawns {count} Deep "
                                f"{'One' if count == 1 else 'Ones'} this turn, not "
                                f"{len(action.cells)}")
        eligible = set(self.spawn_cells(colour))
        for cell in action.cells:
            if cell not in eligible:
                raise IllegalAction("R-IE-44", f"{cell!r} has no Deep One: spawn on a cell that "
                                    "already holds one")
            if self.on(cell, colour) + action.cells.count(cell) > 4:
                raise IllegalAction("R-IE-44", f"{cell} would hold more than 4 {colour} Deep "
                                    "Ones")

    def _place_spawn(self: Any, colour: str, cells: list[str]) -> list[Event]:
        for cell, n in Counter(cells).items():
            self._add(cell, colour, n)
        return [a.Spawned(colour, tuple(cells))]

    def _end_round(self: Any) -> list[Event]:
        self.submitted, self.step_snapshot = {}, {}
        self.end_round_cards()
        return self.human_turn()
