"""Innsmouth Escape: what a player decides, as the button presses (and tag taps) a player
would make, and two players that end games quickly: one where the Human escapes, one where
the Deep Ones hunt him down (for recording whole-game scripts of the simulated box).

Decisions are intents rather than engine actions: the menus build the actions themselves
(a plot is a destination and a way "3E 2S R"; a Deep One move is a list of (from, to)).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from services.games.innsmouth_escape import actions as a
from services.games.innsmouth_escape.board import GRID
from services.referee.box.menu import Item
from services.referee.box.script import ScriptRunner
from services.referee.tables.innsmouth_escape import words as w

Intent = tuple[Any, ...]


class Driver:
    """Runs lines on the simulated box and records them."""

    def __init__(self, runner: ScriptRunner) -> None:
        self.runner = runner
        self.table = runner.box._table()
        self.script: list[str] = []

    def run(self, line: str) -> None:
        self.runner.run([line])
        self.script.append(line)

    @property
    def flow(self) -> Any:
        return self.table.flow

    def top(self, seat: str) -> Any:
        stack = self.flow.stacks.get(self.table.players.index(seat)) or []
        return stack[-1] if stack else None

    def choose(self, seat: str, test: Callable[[Item], bool]) -> None:
        menu = self.top(seat)
        if menu is None:
            raise AssertionError(f"{seat} has no menu open")
        index = next((i for i, item in enumerate(menu.items) if test(item)), None)
        if index is None:
            raise AssertionError(f"{seat}: nothing to choose in {menu.title!r}: "
                                 f"{[i.label for i in menu.items]}")
        size = len(menu.items)
        forward = (index - menu.cursor) % size
        if forward <= size - forward:
            for _ in range(forward):
                self.run(f"press {seat} next")
        else:
            for _ in range(size - forward):
                self.run(f"press {seat} prev")
        self.run(f"press {seat} ok")

    def label(self, seat: str, label: str) -> None:
        self.choose(seat, lambda item: item.label == label)

    def prepare(self, seat: str) -> None:
        """Reveal the seat's screen, clear a refusal, close its menus."""
        index = self.table.players.index(seat)
        if not self.table.privacy.shown(seat, self.runner.clock()):
            self.run(f"double {seat} peek")
        if index in self.flow.messages:
            self.run(f"press {seat} ok")
        for _ in self.flow.stacks.get(index) or []:
            self.run(f"hold {seat} ok")

    def act(self, seat: str, intent: Intent) -> None:
        self.prepare(seat)
        kind = intent[0]
        if kind == "tags":  # the Human's plot by tags: cards in order, then two tokens
            for card in intent[1]:
                self.run(f"tag {seat} {card}")
            self.run(f"tag {seat} {intent[2][0].lower()}")
            self.run(f"tag {seat} {intent[2][1:]}")
            if self.top(seat) is not None:
                self.label(seat, intent[3])
            return
        self.run(f"press {seat} ok")
        if kind == "cells":  # place, place the Human, spawn
            for cell in intent[1]:
                self.label(seat, cell)
        elif kind == "plot":
            self.label(seat, intent[1])
            self.label(seat, intent[2])
        elif kind == "move":
            for start, end in intent[1]:
                self.label(seat, start)
                self.label(seat, end)
            if intent[2]:
                self.label(seat, "Shoggoth")
                self.label(seat, intent[2])
            self.choose(seat, lambda item: item.label.startswith("Done"))
        elif kind == "action":
            action = intent[1]
            menu = self.top(seat)
            if not any(item.value == action for item in menu.items):
                self.choose(seat, lambda item: item.label in ("Cards", "Deep One cards"))
            self.choose(seat, lambda item: item.value == action)
        elif kind == "labels":
            for label in intent[1]:
                self.label(seat, label)


class Player:
    """Quick decisions: ``escape`` (the Human collects tokens and runs for the edge, the
    Deep Ones stay put) or ``hunt`` (the Deep Ones close in, the Human walks into them)."""

    def __init__(self, goal: str, seed: int, tag_plots: int = 0) -> None:
        self.goal = goal
        self.rng = random.Random(seed)
        self.tag_plots = tag_plots  # plots entered with tags, the first ones

    def decide(self, state: Any, seat: int) -> Intent:
        view = state.view(seat)
        legal = state.legal_actions(seat)
        phase = state.phase
        colour = view["colours"][seat] if view["colours"] else ""
        if phase == "place_pawns":
            free = [i["cell"] for i in view["board"] if not any(
                i["icons"][k] for k in ("spawn", "draw", "shoggoth"))]
            if self.goal == "hunt":
                free = [c for c in free if c[0] in "CDE"]
            return ("cells", self.rng.sample(free, 3))
        if phase == "place_human":
            cells = [x.cell for x in legal]
            if self.goal == "hunt":
                pawns = {i["cell"] for i in view["board"] if i["pawns"]}
                near = [c for c in cells if any(GRID.distance(c, p) <= 1 for p in pawns)]
                cells = near or cells
            else:
                cells = [c for c in cells if c[0] in "DEF" and c[1] in "123"] or cells
            return ("cells", [self.rng.choice(cells)])
        if phase == "plot":
            return self._plot(state, view, legal)
        if phase == "window":
            cards = [x for x in legal if isinstance(x, a.PlayDeepOneCard)]
            if self.goal == "hunt" and cards and view["window"]["timing"] == "human_turn":
                return ("action", cards[0])
            return ("action", a.Pass(seat))
        if phase == "adjust":
            if self.goal == "hunt" and not view["adjusting"]["log"]:
                return ("labels", ["Wounds +1"])
            return ("action", a.Adjust(seat, "done"))
        if phase == "combat":
            equip = [x for x in legal if isinstance(x, a.Equip)]
            if equip and not view["weapon"] and self.goal != "hunt":
                return ("action", equip[0])
            return ("action", a.Fight(seat))
        if phase in ("spawn_here", "kill"):
            return ("action", legal[0])
        if phase == "do_move":
            return self._move(view, colour)
        if phase == "do_summon":
            summons = [x for x in legal if isinstance(x, a.Summon) and x.cell]
            if self.goal == "hunt" and summons:
                return ("action", summons[0])
            return ("action", a.Summon(seat, ""))
        if phase == "do_spawn":
            spawn = next(x for x in legal if isinstance(x, a.Spawn))
            return ("cells", list(spawn.cells))
        raise AssertionError(f"no decision for phase {phase}")

    def _plot(self, state: Any, view: dict[str, Any], legal: list[Any]) -> Intent:
        ends = w.destinations(view)
        pawns = {i["cell"]: sum(i["pawns"].values()) for i in view["board"]}
        tokens = {i["cell"]: i["tokens"] for i in view["board"] if i["tokens"]}

        def score(cell: str) -> float:
            if self.goal == "hunt":
                return -pawns[cell] * 10 + self.rng.random()
            if view["vp"] >= 8:
                edge = GRID.on_escape_edge(cell)
                return (0 if edge else 10 + min(GRID.parse(cell)[0], 5 - GRID.parse(cell)[1])) \
                    + pawns[cell] * 3 + self.rng.random()
            near = min((GRID.distance(cell, t) + (0 if "captive" in tokens[t] else 1)
                        for t in tokens), default=0)
            return near * 2 + pawns[cell] * 3 + self.rng.random()

        to = min(ends, key=score)
        plan = self.rng.choice(ends[to])
        if self.goal == "hunt":  # no Rest: Rests heal
            plan = min(ends[to], key=lambda p: (p.rests, self.rng.random()))
        if self.tag_plots > 0:
            self.tag_plots -= 1
            cards = w.plan_cards(view["human_private"]["movement_hand"], plan)
            ways = [p for p in ends[to] if w.plan_cards(
                view["human_private"]["movement_hand"], p) == cards]
            return ("tags", cards, to, w.plan_label(plan) if len(ways) > 1 else "")
        return ("plot", to, w.plan_label(plan))

    def _move(self, view: dict[str, Any], colour: str) -> Intent:
        if self.goal != "hunt" or self.rng.random() < 0.7:
            return ("move", [], "")
        target = view["human_cell"]
        moves: list[tuple[str, str]] = []
        counts = {i["cell"]: i["pawns"].get(colour, 0) for i in view["board"]}
        for cell, n in sorted(counts.items()):
            for _ in range(n):
                if len(moves) == 3 or GRID.distance(cell, target) == 0:
                    break
                options = [c for c in w.CELLS if 1 <= GRID.distance(cell, c) <= 2
                           and counts[c] < 4]
                best = min(options, key=lambda c: (GRID.distance(c, target), c))
                if GRID.distance(best, target) >= GRID.distance(cell, target):
                    break
                moves.append((cell, best))
                counts[cell] -= 1
                counts[best] += 1
        shoggoth = view["shoggoths"].get(colour, "")
        step = ""
        if shoggoth:
            options = [c for c in GRID.neighbours(shoggoth)]
            best = min(options, key=lambda c: (GRID.distance(c, target), c))
            if GRID.distance(best, target) < GRID.distance(shoggoth, target):
                step = best
        return ("move", moves, step)


def play_whole_game(runner: ScriptRunner, player: Player, limit: int = 400,
                    extra: Callable[[Driver], None] | None = None) -> list[str]:
    """Quick decisions through the buttons until the game ends; returns the script."""
    driver = Driver(runner)
    table = driver.table
    for _ in range(limit):
        live = table.live
        if live is None or live.state.outcome() is not None:
            break
        if extra is not None:
            extra(driver)
        prompt = next(p for p in live.state.pending() if hasattr(p, "seat"))
        seat = table.players[prompt.seat]
        driver.act(seat, player.decide(live.state, prompt.seat))
    return driver.script


def option_presses(option: str, game: str = "innsmouth-escape") -> list[str]:
    """In the lobby's options menu: step once through ``option`` (and back to the top)."""
    from services.games.registry import default_registry
    from services.referee.box.options import table_options

    info = default_registry().get(game).info
    keys = [o.key for o in table_options(info)] + [o.key for o in info.options
                                                   if o.key != "first_player"]
    index = keys.index(option)
    return [*["press seat1 next"] * index, "press seat1 ok", *["press seat1 prev"] * index]
