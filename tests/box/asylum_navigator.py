"""Asylum Escape: what a player decides, as the button presses (and tag taps) a player would
make, and two players that end games quickly: ``hide`` (the Victims hide far from the
Patients, who stay put: the Victims survive turn 9) and ``hunt`` (the Victims start next to
the Patients and walk into them, the Patients sweep through their rooms: the Patients win).

Decisions are intents rather than engine actions: a room (the menus' cursor goes to it on
the map), a Patient's destination and its way, or a menu label.
"""

from __future__ import annotations

from typing import Any

from services.games.asylum_escape import actions as a
from services.games.asylum_escape.bloodlust import structured_effect
from tests.box.innsmouth_navigator import Driver

Intent = tuple[Any, ...]


class AsylumDriver(Driver):
    def room(self, seat: str, room: str) -> None:
        self.choose(seat, lambda item: getattr(item, "room", "") == room)

    def act(self, seat: str, intent: Intent) -> None:
        self.prepare(seat)
        kind = intent[0]
        if kind == "tags":
            for tag in intent[1]:
                self.run(f"tag {seat} {tag}")
            return
        self.run(f"press {seat} ok")
        if kind == "room":
            self.room(seat, intent[1])
        elif kind == "patient":
            self.room(seat, intent[1])
            if self.top(seat) is not None and intent[2]:
                self.label(seat, intent[2])
        elif kind == "move":
            self.label(seat, intent[1])
            self.room(seat, intent[2])
        elif kind == "first":  # the first item whose label starts so
            self.choose(seat, lambda item: item.label.startswith(intent[1]))
        elif kind == "labels":
            for label in intent[1]:
                self.label(seat, label)


class Player:
    def __init__(self, goal: str, tag_layout: bool = False) -> None:
        self.goal = goal
        self.tag_layout = tag_layout

    def decide(self, state: Any, seat: int) -> Intent:
        phase = state.phase
        legal = state.legal_actions(seat)
        if phase == "lay_out":  # the shipped order reversed, as laid on the table
            return ("tags", list(reversed(state.data.deck("locations"))))
        if phase == "victim_card":
            return ("labels", ["Keep it"])
        if phase == "start_rooms":
            rooms = [x.room for x in legal]
            return ("room", self._pick(state, rooms, near=self.goal == "hunt"))
        if phase == "choose_room":
            return ("room", legal[0].room)
        if phase == "patient_move":
            return self._patient(state, legal)
        if phase == "victim_draw":
            if self.goal == "hide" and state.turn <= 2 and any(
                    isinstance(x, a.DrawCard) and x.deck == "movement" for x in legal):
                return ("labels", ["Movement card"])
            return ("labels", ["Draw nothing"])
        if phase == "victim_act":
            moves = [x for x in legal if isinstance(x, a.Move)]
            if not moves:
                return ("labels", ["End the turn"])
            return ("move", next(label for label in self._labels(state, seat)
                                 if label.startswith("Move")), self._target(state, moves))
        if phase == "move":
            return ("room", self._target(state, legal))
        if phase == "window":
            saves = [x for x in legal if isinstance(x, a.PlayCard)
                     and state.data.get(x.card).effect == "save"]
            if self.goal == "hide" and saves:
                return ("labels", [self._play_label(state, saves[0].card)])
            return ("labels", ["Pass"])
        if phase == "adjust":
            return self._adjust(state, seat)
        raise AssertionError(f"no decision for phase {phase}")

    def _adjust(self, state: Any, seat: int) -> Intent:
        """A card the box applies (R-AE-16): the hunter reveals the first Victim it may or
        destroys the first room it may, else lets the card pass; a manual card is done."""
        effect = structured_effect(state.data, state.current["card"])
        if not effect:
            return ("labels", ["Done: it is applied"])
        choices = [x for x in state.legal_actions(seat) if x.kind == effect]
        if self.goal == "hunt" and choices and effect == "reveal":
            return ("first", "Reveal: ")
        if self.goal == "hunt" and choices and effect == "destroy":
            return ("move", "Destroy a room", choices[0].room)
        return ("labels", ["Let it pass"])

    @staticmethod
    def _labels(state: Any, seat: int) -> list[str]:
        from services.referee.tables.asylum_escape.menus import SeatMenus

        menu = SeatMenus(seat, state.view(seat), state.legal_actions(seat), [], state.data,
                         lambda _action: "").first()
        return [item.label for item in menu.items] if menu is not None else []

    @staticmethod
    def _play_label(state: Any, card: str) -> str:
        from services.referee.tables.asylum_escape import words as w

        return f"Play {w.name(state.data, card, 15)}"

    def _pick(self, state: Any, rooms: list[str], near: bool) -> str:
        """The room nearest to (or farthest from) the Patients, the first in grid order."""
        patients = state.patient_rooms()

        def distance(room: str) -> int:
            found = state.grid.distances(room)
            return min((found[p] for p in patients if p in found), default=99)

        return min(rooms, key=distance) if near else max(rooms, key=distance)

    def _target(self, state: Any, moves: list[Any]) -> str:
        here = state.victim(state.current["seat"])["room"]
        rooms = [x.path[-1] if x.path else here for x in moves]
        if self.goal == "hunt":
            return self._pick(state, rooms, near=True)
        safe = [r for r in rooms if r not in state.patient_rooms()]
        return self._pick(state, safe or rooms, near=False)

    def _patient(self, state: Any, legal: list[Any]) -> Intent:
        start = state.patient(state.current["patient"])["room"]
        ways: dict[str, list[Any]] = {}
        for x in legal:
            ways.setdefault(x.path[-1] if x.path else start, []).append(x)
        if self.goal == "hide":
            return ("patient", start, "stays" if len(ways[start]) > 1 else "")
        victims = {state.victim(s)["room"] for s in state.alive()}
        hits = [x for x in legal if victims & set(x.path)]
        if hits:
            chosen = max(hits, key=lambda x: len(victims & set(x.path)))
        else:
            distance = {r: min((state.grid.distances(r).get(v, 99) for v in victims),
                               default=99) for r in ways}
            room = min(ways, key=lambda r: distance[r])
            chosen = ways[room][0]
        room = chosen.path[-1] if chosen.path else start
        return ("patient", room, self._way(state, chosen) if len(ways[room]) > 1 else "")

    @staticmethod
    def _way(state: Any, move: Any) -> str:
        from services.referee.tables.asylum_escape import words as w

        return w.walk_label(state.data, move.path)


def play_whole_game(runner: Any, player: Player, limit: int = 600) -> list[str]:
    """Quick decisions through the buttons until the game ends; returns the script."""
    driver = AsylumDriver(runner)
    table = driver.table
    for _ in range(limit):
        live = table.live
        if live is None or live.state.outcome() is not None:
            break
        prompt = next(p for p in live.state.pending() if hasattr(p, "seat"))
        seat = table.players[prompt.seat]
        driver.act(seat, player.decide(live.state, prompt.seat))
    return driver.script
