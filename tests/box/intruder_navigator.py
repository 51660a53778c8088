"""Intruder Escape: engine actions as the button presses a player would make, and a player
that ends games quickly (for recording whole-game scripts of the simulated box).

The script is recorded as it is played, so it can be replayed later and its screens compared
with golden captures (tests/box/test_intruder_e2e.py).
"""

from __future__ import annotations

import random
from typing import Any

from services.games.core import Action
from services.games.intruder_escape import actions as a
from services.referee.box.menu import Menu
from services.referee.box.script import ScriptRunner
from services.referee.tables.intruder_escape import menus
from services.referee.tables.intruder_escape.cards import kind

ROLE_ORDER = ("escape_item", "damage", "heal_life", "nullifier", "modifier", "utility",
              "die_card", "heal")


def moves(seat: str, cursor: int, index: int, size: int) -> list[str]:
    """The shortest way (next or prev, menus wrap) from ``cursor`` to ``index``."""
    forward = (index - cursor) % size
    if forward <= size - forward:
        return [f"press {seat} next"] * forward
    return [f"press {seat} prev"] * (size - forward)


def same(value: Any, action: Action) -> bool:
    """The same move: a menu offers one copy of a card where the rules allow several."""
    if isinstance(value, a.Play) and isinstance(action, a.Play):
        return (value.seat, value.target, value.take, kind(value.card)) == (
            action.seat, action.target, action.take, kind(action.card))
    return bool(value == action)


def path_to(menu: Menu, action: Action, greyed: bool = False
            ) -> list[tuple[int, int, int]] | None:
    """(index, menu size, where its cursor starts) level by level down to ``action`` in the
    menu tree, through items that can be chosen; with ``greyed``, ``action`` may be a greyed
    item (OK on it shows why the rules refuse it)."""
    for index, item in enumerate(menu.items):
        if greyed and item.why and same(item.value, action):
            return [(index, len(menu.items), menu.cursor)]
        if item.why:
            continue
        if same(item.value, action):
            return [(index, len(menu.items), menu.cursor)]
        if callable(item.value) and not isinstance(item.value, Action):
            below = path_to(item.value(), action, greyed)
            if below is not None:
                return [(index, len(menu.items), menu.cursor), *below]
    return None


def presses(runner: ScriptRunner, seat: str, action: Action) -> list[str]:
    """From wherever the seat's screen is: reveal it, close its menus, then act."""
    table = runner.box._table()
    flow: Any = table.flow
    state = table.live.state  # type: ignore[union-attr]
    index = table.players.index(seat)
    lines = []
    if not table.privacy.shown(seat, runner.clock()):
        lines.append(f"double {seat} peek")
    depth = len(flow.stacks.get(index, []))
    if index in flow.messages and not depth:
        lines.append(f"press {seat} ok")  # clears the refusal
    lines += [f"hold {seat} ok"] * depth
    if isinstance(action, a.Ready):
        return [*lines, f"press {seat} ok"]
    menu = flow.menu_for(index, state)
    lines.append(f"press {seat} ok")
    if isinstance(action, a.Keep) and not action.home:
        cursor = 0
        wanted = [i for i, item in enumerate(menu.items) if isinstance(item.value, menus.Toggle)
                  and item.value.card in action.keep]
        confirm = next(i for i, item in enumerate(menu.items)
                       if isinstance(item.value, a.Keep) and not item.value.home)
        for target in [*wanted, confirm]:
            lines += moves(seat, cursor, target, len(menu.items))
            lines.append(f"press {seat} ok")
            cursor = target
        return lines
    path = path_to(menu, action, greyed=action not in state.legal_actions(index))
    if path is None:
        raise AssertionError(f"{action} is not reachable from {seat}'s menus")
    for position, size, cursor in path:
        lines += [*moves(seat, cursor, position, size), f"press {seat} ok"]
    return lines


class QuickPlayer:
    """Legal moves that end a game soon: escape items go to one Innocent, damage to one
    victim at a time, the rest at random; once, a greyed target the rules refuse (OK on it
    shows the reason, and nothing changes)."""

    def __init__(self, seed: int, refuse_once: bool = True) -> None:
        self.rng = random.Random(seed)
        self.refuse = refuse_once

    def choose(self, state: Any, seat: int, flow: Any) -> Action:
        legal = state.legal_actions(seat)
        phase = state.phase
        plays = [x for x in legal if isinstance(x, a.Play)]
        if phase == "keep":
            return self._keep(state, seat, legal)
        if phase == "reveal":
            return legal[0] if self.rng.random() < 0.7 else legal[1]
        if phase != "turn":  # characters, ready, follow
            return self._best(state, seat, plays) or self.rng.choice(legal)
        if self.refuse:
            bad = self._illegal(state, seat, flow, legal)
            if bad is not None:
                self.refuse = False
                return bad
        best = self._best(state, seat, plays)
        if best is not None and self.rng.random() < 0.8:
            return best
        if plays and self.rng.random() < 0.5:
            return self.rng.choice(plays)
        return a.Skip(seat)

    def _keep(self, state: Any, seat: int, legal: list[Action]) -> Action:
        keeps = [x for x in legal if isinstance(x, a.Keep)]
        home = [x for x in keeps if x.home]
        if home and self.rng.random() < 0.5:
            return home[0]

        def score(keep: a.Keep) -> float:
            ranks = [ROLE_ORDER.index(state.data.card(c).category)
                     if state.data.card(c).category in ROLE_ORDER else 9 for c in keep.keep]
            return sum(ranks) + self.rng.random()

        return min((x for x in keeps if not x.home), key=score)

    def _targets(self, state: Any) -> tuple[int | None, int | None]:
        innocents = [s for s in state.living() if state.identity(s) == "innocent"]
        holder = max(innocents, key=lambda s: (len(state.items[s]), -s), default=None)
        others = [s for s in state.targetable() if s != holder]
        victim = min(others, key=lambda s: (state.lives_left(s), s), default=None)
        return holder, victim

    def _best(self, state: Any, seat: int, plays: list[a.Play]) -> a.Play | None:
        holder, victim = self._targets(state)
        for play in plays:
            category = state.data.card(play.card).category
            if category == "escape_item" and play.target == holder:
                return play
            if category == "damage" and play.target == victim:
                return play
        return None

    def _illegal(self, state: Any, seat: int, flow: Any, legal: list[Action]) -> Action | None:
        """A card-and-target pair the menus grey out because the rules refuse it."""
        menu = flow.menu_for(seat, state)
        for item in menu.items:
            if callable(item.value) and not isinstance(item.value, Action) and not item.why:
                for sub in item.value().items:
                    if isinstance(sub.value, a.Play) and sub.value not in legal and sub.why:
                        return sub.value
        return None


def play_whole_game(runner: ScriptRunner, seed: int, limit: int = 3000) -> list[str]:
    """Quick legal moves through the buttons until the game ends; returns the script."""
    player = QuickPlayer(seed)
    table = runner.box._table()
    script: list[str] = []
    for _ in range(limit):
        live = table.live
        if live is None or live.state.outcome() is not None:
            break
        prompt = live.state.pending()[0]
        seat = table.players[prompt.seat]  # type: ignore[union-attr]
        action = player.choose(live.state, prompt.seat, table.flow)  # type: ignore[union-attr]
        for line in presses(runner, seat, action):
            runner.run([line])
            script.append(line)
    return script
