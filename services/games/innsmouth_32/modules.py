"""The advanced modules of Innsmouth 32 (R-I32-80..84), each behind an option: their
bookkeeping ``mods``, their set-up steps, the cards they add to this game's decks, their
choices and random picks, their part of the views and sentences, and their snapshot checks.
The rules themselves are in :mod:`terrors` (R-I32-80), :mod:`companions` (the Hound and the
Night Clerk, R-I32-81, R-I32-82) and :mod:`cultist` (R-I32-84).

``mods`` (a JSON object, part of the snapshot):

* ``terrors``: the terrors added to the movie deck (R-I32-80);
* ``cultist``: the secret cultist, known only to the director (R-I32-84); ``revealed``;
* ``rescued``: the Hound's rescue of this reel is used (R-I32-81); ``companion``: the survivor
  the Hound comes with; ``replaced``: the survivor the Hound replaces.
"""

from __future__ import annotations

import typing
from typing import Any

from services.games.core import JSON, Action, Draw, DrawResult, Event, chosen
from services.games.innsmouth_32 import actions as a

NO_MODS: dict[str, Any] = {"terrors": [], "cultist": "", "revealed": False, "rescued": False,
                           "companion": "", "replaced": "", "exposed": False}
CHOICES = {  # purpose -> (rule, handler)
    "terror": ("R-I32-80", "chose_terror"), "terror_place": ("R-I32-80", "chose_terror_place"),
    "cultist": ("R-I32-84", "chose_cultist"), "hound": ("R-I32-81", "chose_hound"),
    "rescue": ("R-I32-81", "chose_rescue"), "hound_attack": ("R-I32-81", "chose_hound_attack"),
    "faction": ("R-I32-83", "chose_faction"),  # faction_games.py
    "faction_start": ("R-I32-83", "chose_faction_start"),
}
MODULE_PURPOSES = tuple(CHOICES)
HOUND_IN_PILE = ("replace", "replace_random", "thirteenth")


class Modules:
    # ------------------------------------------------------------------ set-up

    def module_setup(self: Any) -> list[list[Any]]:
        """The steps before the shuffles: the Hound's survivor (R-I32-81), the secret
        cultist (R-I32-84), the terrors for the movie deck (R-I32-80)."""
        self.mods = {k: list(v) if isinstance(v, list) else v for k, v in NO_MODS.items()}
        steps: list[list[Any]] = []
        hound = self.options["hound"]
        if hound == "replace":
            steps.append(["hound_pick"])
        elif hound in ("replace_random", "companion"):
            steps.append(["hound_draw"])
        if self.options["secret_cultist"]:
            steps.append(["cultist_pick"])
        terrors = str(self.options["terrors"])
        if terrors.isdigit():
            steps += [["terror_pick"] for _ in range(int(terrors))]
        elif terrors == "per_reel":
            steps.append(["terror_draw"])
        return steps

    # ------------------------------------------------------------------ this game's cards

    def deck_ids(self: Any, deck: str) -> tuple[str, ...]:
        """The cards of this game's survivor pile or movie deck when shuffled: the Hound in
        the pile (instead of the survivor it replaces, or as the 13th); the terrors and the
        Night Clerk in the movie deck."""
        data = self.data
        mods = self.mods if isinstance(self.mods, dict) else {}
        if deck == "survivors":
            pile = [s for s in data.ids("survivors") if s != mods.get("replaced")]
            if self.options.get("hound", "off") in HOUND_IN_PILE:
                pile.append(data.hound.id)
            return tuple(pile)
        if deck == "movie":
            extra = [t for t in mods.get("terrors", []) if isinstance(t, str)]
            if self.options.get("night_clerk"):
                extra.append(data.night_clerk.id)
            return (*data.ids("movie"), *extra)
        return tuple(self.discards)

    def module_people(self: Any) -> set[str]:
        """Survivor ids besides the 12: the Hound and the Night Clerk when in the game."""
        people = set()
        if self.options.get("hound", "off") != "off":
            people.add(self.data.hound.id)
        if self.options.get("night_clerk"):
            people.add(self.data.night_clerk.id)
        return people

    def module_monster(self: Any, card: str) -> bool:
        """A terror (R-I32-80) or the Night Clerk met as a card (R-I32-82) is a monster."""
        return self.is_terror(card) or (bool(self.options.get("night_clerk"))
                                        and card == self.data.night_clerk.id)

    def is_terror(self: Any, card: str) -> bool:
        mods = self.mods if isinstance(self.mods, dict) else {}
        terrors = mods.get("terrors", [])
        return isinstance(terrors, list) and card in terrors

    # ------------------------------------------------------------------ random picks

    def module_chance(self: Any) -> Draw | None:
        """A random pick of a module (a terror, the Hound's survivor): a draw."""
        if self.phase != "pick":
            return None
        cur = self.current
        return Draw(cur["purpose"], cur["rule"], deck=cur["deck"], items=tuple(cur["items"]))

    def hides_cultist(self: Any) -> bool:
        return bool(self.mods.get("cultist")) and not self.cultist_known()

    def victim_cards(self: Any) -> list[str]:
        """R-I32-33, R-I32-84: while a secret cultist hides, random victims are drawn from
        the whole deck as it lies on the table (a survivor not in play is drawn again), so
        that neither the deck's size nor the draw tells who is missing from it."""
        if not self.hides_cultist():
            return list(super().victim_cards())  # type: ignore[misc]
        deck = self.victims_on_table()
        return deck if any(v in self.survivors for v in deck) else []

    def victims_on_table(self: Any) -> list[str]:
        out = {self.mods["cultist"], self.mods["replaced"], *self.removed}
        return [s for s in self.data.ids("survivors") if s not in out
                and not (s in self.familiar and s in self.seen)]

    def victims_deck_size(self: Any) -> int:
        return len(self.victims_on_table() if self.hides_cultist() else self.victim_cards())

    def step_victim(self: Any, purpose: str, then: list[Any]) -> list[Event]:
        """R-I32-84: a draw that finds no card in play shows the table that the only
        survivor in play is the secret cultist."""
        if self.hides_cultist() and not self.victim_cards() and \
                self.mods["cultist"] in self.survivors:
            self.mods["exposed"] = True
            return [a.Told("R-I32-84", "No random victims card is in play: "
                           f"{self.card_name(self.mods['cultist'])} is the secret cultist")]
        return list(super().step_victim(purpose, then))  # type: ignore[misc]

    def victim_drawn(self: Any, card: str) -> list[Event]:
        if self.phase == "victim" and card not in self.survivors:
            return [a.Told("R-I32-33", f"Random victim: {self.card_name(card)} is not in play: "
                           "draw again")]
        if self.phase != "pick":
            return super().victim_drawn(card)  # type: ignore[misc]
        then = self.current["then"]
        self.push([*then, card])
        return self.resume()

    # ------------------------------------------------------------------ choices

    def do_choose(self: Any, action: Action) -> list[Event]:
        purpose = self.current["purpose"]
        if purpose not in CHOICES:
            return super().do_choose(action)  # type: ignore[misc]
        cur = dict(self.current)
        self.phase, self.current = "running", None
        value = typing.cast(a.Choose, action).value
        events: list[Event] = getattr(self, CHOICES[purpose][1])(cur, value)
        return events + self.run()

    def why_not(self: Any, action: Action) -> tuple[str, str]:
        if isinstance(action, a.Choose) and self.phase == "choose" and \
                self.current["purpose"] in CHOICES:
            allowed = ", ".join(self._name(c) for c in self.current["choices"])
            return (CHOICES[self.current["purpose"]][0],
                    f"{self._name(action.value)} is not one of the allowed choices: {allowed}")
        return super().why_not(action)  # type: ignore[misc]

    def module_choices(self: Any, current: dict[str, Any]) -> dict[str, set[str]]:
        """What a module's choice may offer, for the snapshot check."""
        data = self.data
        throngs = {f"throng:{seat}:{i}" for seat in range(self.players) for i in range(6)}
        return {"terror": set(data.ids("terrors")), "terror_place": throngs,
                "cultist": set(data.ids("survivors")), "hound": set(data.ids("survivors")),
                "rescue": {"rescue", "pass"},
                "hound_attack": {"pass", *self.monster_targets()}}

    # ------------------------------------------------------------------ views and sentences

    def module_view(self: Any, seat: int | None) -> JSON:
        """R-I32-84: the secret cultist is shown to the director only (to everyone once
        revealed, or at the end); the Hound's rescue and companion are public."""
        shown: JSON = {}
        mods = self.mods
        if mods["cultist"] and (seat == self.director or self.cultist_known()
                                or self.phase == "over"):
            shown["secret_cultist"] = mods["cultist"]
        if self.options["hound"] != "off":
            shown["hound"] = {"rescue_used": mods["rescued"], "companion": mods["companion"],
                              "replaced": mods["replaced"]}
        if self.phase == "over":
            shown["terrors"] = list(mods["terrors"])
        return shown

    def module_describe(self: Any, action: Action, seat: int | None) -> str | None:
        """Sentences the modules keep secret: the director's pick of the secret cultist
        (R-I32-84) and a random terror's draw (R-I32-80)."""
        mods = self.mods
        over = self.phase == "over"
        if isinstance(action, a.Choose) and action.seat == self.director and \
                mods["cultist"] and action.value == mods["cultist"]:
            if seat != self.director and not self.cultist_known() and not over:
                return chosen(action)
            return f"Seat {action.seat + 1} sets {self._name(action.value)} aside as the " \
                "secret cultist"
        if isinstance(action, a.Share):
            return f"Seat {action.seat + 1}: {self._name(action.ally)} shares " \
                f"{action.rest} rest spoints"
        if isinstance(action, DrawResult) and action.deck == "terrors":
            return "The box draws a random terror" if not over else \
                f"The box draws {self._name(action.card)}, a random terror"
        return None

    # ------------------------------------------------------------------ snapshot

    def check_mods(self: Any) -> str:
        """The problem with ``mods``, or '' (checked before the other fields use it)."""
        mods = self.mods
        if not isinstance(mods, dict) or set(mods) != set(NO_MODS):
            return f"must be an object with the fields {', '.join(NO_MODS)}"
        for key, empty in NO_MODS.items():
            if type(mods[key]) is not type(empty):
                return f"{key} must be {type(empty).__name__}"
        terrors = mods["terrors"]
        if len(set(terrors)) != len(terrors) or not set(terrors) <= set(
                self.data.ids("terrors")):
            return "terrors must list terrors of the pack, each once"
        survivors = set(self.data.ids("survivors"))
        for key in ("cultist", "companion", "replaced"):
            if mods[key] and mods[key] not in survivors:
                return f"{key}: {str(mods[key])[:40]!r} is not a survivor"
        if mods["cultist"] and not mods["revealed"] and mods["cultist"] in self.victims:
            return "the secret cultist is not in the random victims deck"
        if mods["revealed"] and not mods["cultist"]:
            return "only a secret cultist is revealed"
        return ""
