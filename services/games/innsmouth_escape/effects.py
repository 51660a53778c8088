"""Deep One cards (R-IE-46) and the logged adjustments that apply printed effects the box does
not model (A-IE-03).

A Deep One player plays at most one card per round, at its timing: ``deep_one_turn`` cards in
the Deep One steps, ``human_turn`` cards in a window at the start of the Human's turn (after
the reveal), ``combat`` cards in a window before the Human fights; ``any`` in all of them.
A window asks every Deep One player who holds a card and has not played one this round (both
are public), so the window itself tells the Human nothing.

A card with a ``manual_effect`` (a Deep One card, or a Human card played or placed in front)
opens an adjustment: the seat that played it applies the effect with ``Adjust`` actions,
each checked and journaled, then ``done``.

A mixin of :class:`~services.games.innsmouth_escape.state.InnsmouthState`.
"""

from __future__ import annotations

from typing import Any

from services.games.core import Action, Event, IllegalAction, Outcome
from services.games.innsmouth_escape import actions as a
from services.games.innsmouth_escape.board import GRID

TIMINGS = {"human_turn": ("human_turn", "any"), "combat": ("combat", "any"),
           "deep_one_turn": ("deep_one_turn", "any")}
ADJUST_KINDS = ("wounds", "pawns", "move_pawns", "shoggoth", "done")


class Effects:
    # ------------------------------------------------------------------ windows

    def open_window(self: Any, timing: str, resume: str) -> list[Event]:
        waiting = [c for c in self.in_game_colours()
                   if self.do_hands[c] and c not in self.do_played]
        if not self.options["deep_one_windows"] or not waiting:
            return self.close_window(resume)
        self.window = {"timing": timing, "resume": resume, "waiting": waiting}
        self.phase = "window"
        return []

    def close_window(self: Any, resume: str) -> list[Event]:
        self.window = None
        if resume == "search":
            return self.search()
        self.phase = "combat"
        return []

    def current_timing(self: Any) -> str:
        if self.phase == "window" and self.window:
            return str(self.window["timing"])
        return "deep_one_turn" if self.phase.startswith("do_") else ""

    def card_actions(self: Any, seat: int) -> list[Action]:
        colour = self.colours[seat]
        timing = self.current_timing()
        if not timing:
            return []
        again: list[Action] = [a.ApplyCard(seat, c) for c in self.do_permanent.get(colour, [])
                               if c not in self.applied
                               and self.data.card(c).timing in TIMINGS[timing]]
        if colour in self.do_played:
            return again
        cards = self.do_hands[colour]
        if self.physical:  # any card the box has not seen may be in that hand
            cards = self.decks["deep_one"] if "?" in cards else []
        return [*[a.PlayDeepOneCard(seat, c) for c in cards
                  if self.data.card(c).timing in TIMINGS[timing]], *again]

    # ------------------------------------------------------------------ playing a card

    def play_deep_one_card(self: Any, action: a.PlayDeepOneCard) -> list[Event]:
        colour = self.colours[action.seat]
        if not colour:
            raise IllegalAction("R-IE-46", "the Human does not play Deep One cards")
        held = self.do_hands[colour]
        if self.physical:
            if "?" not in held or action.card not in self.decks["deep_one"]:
                raise IllegalAction("R-IE-46", f"{action.card!r} cannot be in the {colour} "
                                    "hand: it was played already, or the hand is empty")
        elif action.card not in held:
            raise IllegalAction("R-IE-46", f"{action.card!r} is not in the {colour} hand")
        if colour in self.do_played:
            raise IllegalAction("R-IE-46", f"{colour} already played a card this round: one "
                                "card per round")
        timing = self.current_timing()
        info = self.data.card(action.card)
        if not timing or info.timing not in TIMINGS[timing]:
            now = timing.replace("_", " ") or "this step"
            when = info.timing.replace("_", " ")
            raise IllegalAction("R-IE-46", f"{info.name} is played at {when} time, not now "
                                f"({now})")
        if self.physical:
            held.remove("?")
            self.decks["deep_one"].remove(action.card)
        else:
            held.remove(action.card)
        self.do_played[colour] = action.card
        events: list[Event] = [a.DeepOneCardPlayed(colour, action.card, info.manual_effect)]
        if self.phase == "window":
            self.window["waiting"].remove(colour)
        if info.manual_effect:
            return events + self.begin_adjust(action.seat, [action.card], self.phase)
        return events + self._window_progress()

    def apply_permanent(self: Any, action: a.ApplyCard) -> list[Event]:
        """A card in play for good acts again this round (once), at its timing."""
        colour = self.colours[action.seat]
        if action.card not in self.do_permanent.get(colour, []):
            raise IllegalAction("R-IE-46", f"{action.card!r} is not a {colour} card that stays "
                                "in play")
        if action.card in self.applied:
            raise IllegalAction("R-IE-46", f"{self.data.card(action.card).name} already acted "
                                "this round")
        timing = self.current_timing()
        info = self.data.card(action.card)
        if not timing or info.timing not in TIMINGS[timing]:
            raise IllegalAction("R-IE-46", f"{info.name} acts at "
                                f"{info.timing.replace('_', ' ')} time, not now")
        self.applied.append(action.card)
        events: list[Event] = [a.DeepOneCardPlayed(colour, action.card, info.manual_effect)]
        if info.manual_effect:
            return events + self.begin_adjust(action.seat, [action.card], self.phase)
        return events

    def pass_window(self: Any, action: a.Pass) -> list[Event]:
        colour = self.colours[action.seat]
        if self.phase != "window" or colour not in self.window["waiting"]:
            raise IllegalAction("R-IE-46", "there is no card window for you now")
        self.window["waiting"].remove(colour)
        return self._window_progress()

    def _window_progress(self: Any) -> list[Event]:
        if self.phase == "window" and not self.window["waiting"]:
            return self.close_window(self.window["resume"])
        return []

    def end_round_cards(self: Any) -> None:
        """R-IE-46: cards left in front are discarded, except those that stay in play."""
        for colour, card in self.do_played.items():
            if self.data.card(card).permanent:
                self.do_permanent.setdefault(colour, []).append(card)
            else:
                self.do_discard.append(card)
        self.do_played = {}
        self.applied = []

    # ------------------------------------------------------------------ adjustments

    def begin_adjust(self: Any, seat: int, cards: list[str], resume: str,
                     spawns: int = 0) -> list[Event]:
        effects = [self.data.card(c).manual_effect for c in cards]
        self.adjusting = {"seat": seat, "cards": cards, "effects": effects, "resume": resume,
                          "spawns": spawns, "log": []}
        self.phase = "adjust"
        return []

    def adjust_actions(self: Any, seat: int) -> list[Action]:
        found: list[Action] = [a.Adjust(seat, "done"), a.Adjust(seat, "wounds", amount=1)]
        if self.wounds:
            found.append(a.Adjust(seat, "wounds", amount=-1))
        return found

    def adjust(self: Any, action: a.Adjust) -> list[Event]:
        if self.phase != "adjust":
            raise IllegalAction("A-IE-03", "no card effect is waiting to be applied")
        if action.kind not in ADJUST_KINDS:
            raise IllegalAction("A-IE-03", f"unknown adjustment {action.kind!r}; kinds: "
                                f"{', '.join(ADJUST_KINDS)}")
        if action.kind == "done":
            return self._adjust_done()
        self._check_adjust(action)
        self._apply_adjust(action)
        self.adjusting["log"].append(action.to_json())
        events: list[Event] = [a.Adjusted(action.seat, action.kind, action.colour, action.cell,
                                          action.to, action.amount)]
        if self.wounds >= self.threshold():
            reason = f"the Human has {self.wounds} wounds ({self.threshold()} kill him)"
            self.result = Outcome("win", tuple(self.do_seats()),
                                  f"The Deep Ones win: {reason}", "R-IE-38")
            self.phase = "over"
            events.append(a.GameWon("deep_ones", reason, "R-IE-38"))
        return events

    def _check_adjust(self: Any, action: a.Adjust) -> None:
        kind, colour, amount = action.kind, action.colour, action.amount
        if kind == "wounds":
            if amount == 0 or self.wounds + amount < 0:
                raise IllegalAction("A-IE-03", f"wounds {self.wounds} cannot change by "
                                    f"{amount}: give a non-zero amount, never below 0")
            return
        if colour not in self.pools:
            raise IllegalAction("A-IE-03", f"{colour!r} is not a colour in the game: "
                                f"{', '.join(self.pools)}")
        if kind == "shoggoth":
            if action.to and not GRID.is_cell(action.to):
                raise IllegalAction("A-IE-03", f"{action.to!r} is not a cell (A1 to F6)")
            return
        if not GRID.is_cell(action.cell):
            raise IllegalAction("A-IE-03", f"{action.cell!r} is not a cell (A1 to F6)")
        if colour in self.submitted and self.adjusting["resume"].startswith("do_"):
            raise IllegalAction("A-IE-21", f"{colour} has already sent this step's choices: "
                                "its pawns change only once the step is applied")
        here = self.on(action.cell, colour)
        if kind == "pawns":
            if amount == 0 or here + amount < 0 or here + amount > 4 or \
                    self.pools[colour] - amount < 0:
                raise IllegalAction("R-IE-47", f"{action.cell} has {here} {colour} pawns and "
                                    f"the pool {self.pools[colour]}: {amount:+} does not fit "
                                    "(0 to 4 on a cell, 25 in all)")
            return
        if not GRID.is_cell(action.to) or amount < 1 or amount > here or \
                self.on(action.to, colour) + amount > 4:
            raise IllegalAction("A-IE-03", f"cannot move {amount} {colour} pawns from "
                                f"{action.cell} ({here} there) to {action.to!r} (at most 4 of "
                                "a colour on a cell)")

    def _apply_adjust(self: Any, action: a.Adjust) -> None:
        if action.kind == "wounds":
            self.wounds += action.amount
        elif action.kind == "pawns":
            self._add(action.cell, action.colour, action.amount)
        elif action.kind == "move_pawns":
            self._add(action.cell, action.colour, -action.amount)
            self._add(action.to, action.colour, action.amount)
        else:
            self.shoggoths[action.colour] = action.to

    def _adjust_done(self: Any) -> list[Event]:
        done, self.adjusting = self.adjusting, None
        resume = done["resume"]
        if resume == "search_done":
            spawns = done["spawns"]
            return self.begin_spawn_here(spawns) if spawns else self.after_search()
        self.phase = resume
        return self._window_progress()
