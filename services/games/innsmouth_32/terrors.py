"""Terrors in Innsmouth 32 (R-I32-80, option ``terrors``).

Before the game the director picks 1, 2 or 3 terrors for the movie deck (``terrors`` = 1, 2,
3), or the box draws 1 random terror into the deck at the start of each reel (``per_reel``:
into the movie deck before reel I, into the discards before they are shuffled for reels
II-IV). When a terror appears on the screen the director at once places it under one of his
throngs (or an empty throng slot) or gives it to a monster player (a throng of his); the
screen slot is refilled and the reveal goes on (the replacement may bring a creature feature
or an event). A terror does not count for a throng's 3 cards; it moves only with a
TAKE+ATTACK: the owner moves it to another throng and attacks with that throng. Only overkill
(10+ damage) eliminates it: a head shot, a lower damage total and mythos do nothing.
"""

from __future__ import annotations

import typing
from typing import Any

from services.games.core import Action, Event
from services.games.innsmouth_32 import actions as a


class Terrors:
    # ------------------------------------------------------------------ into the deck

    def terrors_left(self: Any) -> list[str]:
        return [t for t in self.data.ids("terrors") if t not in self.mods["terrors"]]

    def step_terror_pick(self: Any) -> list[Event]:
        return self.wait("choose", seat=self.director, choices=self.terrors_left(),
                         purpose="terror")

    def chose_terror(self: Any, cur: dict[str, Any], value: str) -> list[Event]:
        self.mods["terrors"].append(value)
        return [a.Told("R-I32-80", f"The director adds {self.card_name(value)} to the movie "
                       "deck")]

    def step_terror_draw(self: Any) -> list[Event]:
        left = self.terrors_left()
        if not left:
            return []
        return self.wait("pick", deck="terrors", items=left, rule="R-I32-80",
                         purpose="a random terror for the movie deck", then=["terror_in"])

    def step_terror_in(self: Any, card: str) -> list[Event]:
        self.mods["terrors"].append(card)
        if ["shuffle", "movie"] not in self.todo:
            self.discards.append(card)  # shuffled into the next reel (R-I32-69 task 6)
        return [a.Told("R-I32-80", "A random terror is shuffled into the movie deck")]

    def step_new_reel(self: Any) -> list[Event]:
        events: list[Event] = super().step_new_reel()  # type: ignore[misc]
        self.mods["rescued"] = False  # R-I32-81: one Hound rescue per reel
        if self.options["terrors"] == "per_reel" and self.terrors_left():
            self.push(["terror_draw"])  # before the discards are shuffled
        return events

    # ------------------------------------------------------------------ on screen

    def step_flip(self: Any, index: int, cause: str) -> list[Event]:
        card = self.screen[index]["card"]
        if not self.is_terror(card):
            return super().step_flip(index, cause)  # type: ignore[misc]
        self.screen[index]["down"] = False
        if card not in self.seen:
            self.seen.append(card)
        shown = a.Shown("R-I32-24", f"Screen slot {index + 1}: {self.card_name(card)}", card)
        return [shown, *self.wait("choose", seat=self.director, card=card,
                                  choices=self.terror_spots(), purpose="terror_place")]

    def terror_spots(self: Any) -> list[str]:
        """Under any of the director's 6 throngs (an empty slot too) or of a monster
        player's 3."""
        spots = [f"throng:{self.director}:{i}" for i in range(6)]
        return spots + [f"throng:{seat}:{i}" for seat in self.monster_players for i in range(3)]

    def chose_terror_place(self: Any, cur: dict[str, Any], value: str) -> list[Event]:
        _, seat, throng = value.split(":")
        card = cur["card"]
        self.off_screen(card)
        self.throngs[int(seat)][int(throng)].append(card)
        return [a.Told("R-I32-80", f"{self.card_name(card)} goes under Seat {int(seat) + 1}'s "
                       f"throng {int(throng) + 1}")]

    def throng_size(self: Any, seat: int, throng: int) -> int:
        """The cards counted for the limit of 3: terrors are not (R-I32-80)."""
        return len([c for c in self.throngs[seat][throng] if not self.is_terror(c)])

    # ------------------------------------------------------------------ TAKE+ATTACK moves

    def legal_director(self: Any, seat: int) -> list[Action]:
        found: list[Action] = super().legal_director(seat)  # type: ignore[misc]
        targets = self.survivor_targets() or [""]
        count = 6 if seat == self.director else 3
        moves: list[Action] = []
        for i, throng in enumerate(self.throngs[seat]):
            for card in throng:
                if self.is_terror(card):
                    moves += [a.TakeAttack(seat, card, t, target) for t in range(count)
                              if t != i for target in targets]
        if moves:
            found = [x for x in found if not isinstance(x, a.Pass)] + moves
        return found

    def do_director(self: Any, action: Action) -> list[Event]:
        if not isinstance(action, a.TakeAttack) or not self.is_terror(action.card):
            return super().do_director(action)  # type: ignore[misc]
        act = typing.cast(a.TakeAttack, action)
        seat = act.seat
        self.push(["after_director", seat])
        for throng in self.throngs[seat]:
            if act.card in throng:
                throng.remove(act.card)
        self.throngs[seat][act.throng].append(act.card)
        events: list[Event] = [a.Told("R-I32-80", f"Seat {seat + 1} moves "
                                      f"{self.card_name(act.card)} to throng {act.throng + 1}")]
        if act.target:
            self.push(["m_attack", seat, act.throng, act.target, False])
        return events + self.resume()
