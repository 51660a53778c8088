"""The other readings of Innsmouth 32's ambiguities, each an option whose default is the rules
spec's (A-I32-09, A-I32-12, A-I32-15, A-I32-16, A-I32-23, A-I32-26) or the guide's decision
(D-I32-01, D-I32-02, D-I32-03, D-I32-05). Every method here leaves the default behaviour to
the mixin after it and changes only what its option's other value changes."""

from __future__ import annotations

from typing import Any

from services.games.core import JSON, Action, Event, Prompt, SeatPrompt
from services.games.innsmouth_32 import actions as a
from services.games.innsmouth_32 import dice

SEARCH_SIZES = {"search": 2, "sanctuary_search": 4}  # R-I32-13, R-I32-63
MAX_ITEMS = 2  # R-I32-11
UNKNOWN = "?"  # a card the box has not seen (physical.py, option cards = physical)


class Readings:
    # ------------------------------------------------------------------ A-I32-09

    def attackable(self: Any) -> list[str]:
        """A-I32-09 off (``unlocked_attack`` false): nobody inside a sanctuary is attacked,
        locks or not (the summary: "except those in a sanctuary")."""
        found: list[str] = super().attackable()  # type: ignore[misc]
        if self.options["unlocked_attack"]:
            return found
        inside = {o for s in self.sanctuaries for o in s["occupants"]}
        return [s for s in found if s not in inside]

    # ------------------------------------------------------------------ A-I32-12

    def step_m_rolled(self: Any, faces: list[int]) -> list[Event]:
        """A-I32-12 off (``low_head_shot`` false): 1-1 against a target below 2 misses."""
        f = self.fight
        if not self.options["low_head_shot"] and list(faces) == [1, 1] and f["target"] < 2:
            return [a.Told("A-I32-12", f"2d6 = 1+1 = 2 > {f['target']}: miss (no head shot "
                           "against a target below 2)")]
        events: list[Event] = super().step_m_rolled(faces)  # type: ignore[misc]
        return events

    # ------------------------------------------------------------------ A-I32-15, A-I32-16

    def step_insanity_rolled(self: Any, s: str, faces: list[int]) -> list[Event]:
        """A-I32-15 (``insanity_again`` lost): a roll on a covered stat places no token."""
        stat = dice.INSANITY_FACES.get(faces[0], "")
        if self.options["insanity_again"] == "lost" and s in self.survivors and \
                stat in self.survivors[s]["insane"]:
            return [a.Told("A-I32-15", f"1d6 = {faces[0]}: {stat.upper()} is covered already: "
                           "the token is lost")]
        events: list[Event] = super().step_insanity_rolled(s, faces)  # type: ignore[misc]
        return events

    def stat(self: Any, survivor: str, stat: str) -> int:
        """A-I32-16 (``insanity_target`` lower): a covered stat below 4 keeps its number."""
        value: int = super().stat(survivor, stat)  # type: ignore[misc]
        if self.options["insanity_target"] == "lower" and survivor in self.survivors and \
                stat in self.survivors[survivor]["insane"]:
            printed = dict(self.data.get(survivor).stats).get(stat)  # the Hound: not all
            return value if printed is None else min(value, int(printed))
        return value

    def insanity_chosen(self: Any, s: str, stat: str) -> list[Event]:
        events: list[Event] = super().insanity_chosen(s, stat)  # type: ignore[misc]
        value = self.stat(s, stat)
        if value == dice.INSANE_TARGET:
            return events
        return [a.Told(e.rule, e.text.replace("its target number is 4",
                                              f"its target number stays {value}"))
                if isinstance(e, a.Told) else e for e in events]

    # ------------------------------------------------------------------ A-I32-23

    def legal_act(self: Any, seat: int) -> list[Action]:
        """A-I32-23 (``short_search`` refuse): no search with fewer discards than it draws."""
        found: list[Action] = super().legal_act(seat)  # type: ignore[misc]
        s = self.current["survivor"]
        if a.Act(seat, s, "rest") in found:  # free to take pool actions (not on an event)
            found += [a.Act(seat, s, "take", card, drop)
                      for card, drop in self.full_hands_takes(s)]
        if self.options["short_search"] == "draw":
            return found
        return [x for x in found if not (isinstance(x, a.Act) and x.kind in SEARCH_SIZES
                                         and len(self.discards) < SEARCH_SIZES[x.kind])]

    def why_not(self: Any, action: Action) -> tuple[str, str]:
        if isinstance(action, a.Act) and action.kind in SEARCH_SIZES and \
                self.options["short_search"] == "refuse" and \
                0 < len(self.discards) < SEARCH_SIZES[action.kind]:
            return "A-I32-23", (f"{self._name(action.survivor)} cannot search: the discards "
                                f"hold {len(self.discards)} cards, fewer than the "
                                f"{SEARCH_SIZES[action.kind]} a search draws")
        taking = action.card if isinstance(action, a.Spotlight) else action.target \
            if isinstance(action, a.Act) and action.kind == "take" else ""
        survivor = getattr(action, "survivor", "")
        if taking and self.options["third_item"] == "discard" and survivor in self.survivors \
                and taking not in self.familiar and len(
                self.survivors[survivor]["items"]) >= MAX_ITEMS and any(
                s["card"] == taking and not s["down"] for s in self.screen) and \
                self.data.get(taking).kind in ("item", "power_play"):
            return "R-I32-11", f"{self._name(survivor)} cannot take {self._name(taking)}: " \
                "its hands are full: name one of its items to discard (D-I32-05)"
        found: tuple[str, str] = super().why_not(action)  # type: ignore[misc]
        return found

    # ------------------------------------------------------------------ A-I32-26

    def view(self: Any, seat: int | None) -> JSON:
        """A-I32-26 (``open_discards``): the discards' contents (sorted: their order is not
        known); a card put there unseen lies face down and is only counted until it is shown
        (a survivor-loss card: a familiar face, or the Hound, R-I32-81; a random terror,
        R-I32-80), and so is a card the box has not seen with the table's own deck."""
        data: JSON = super().view(seat)  # type: ignore[misc]
        if self.options["open_discards"] and isinstance(self.discards, list):
            lost = {*self.familiar, self.data.hound.id, *self.mods["terrors"]} - set(self.seen)
            hidden = [c for c in self.discards if c == UNKNOWN or c in lost]
            data["discard_pile"] = {
                "cards": sorted(c for c in self.discards if c not in hidden),
                "face_down": len(hidden)}
        return data

    # ------------------------------------------------------------------ D-I32-01

    def step_plot_device(self: Any, card: str) -> list[Event]:
        """D-I32-01 (``plot_chooser`` active): the seat whose turn revealed the plot device
        decides (the director at set-up and at the deal of a reel)."""
        if self.options["plot_chooser"] == "director":
            events: list[Event] = super().step_plot_device(card)  # type: ignore[misc]
            return events
        return self.wait("choose", seat=self.current_seat(), card=card,
                         choices=["resolve", "discard"], purpose="plot")

    # ------------------------------------------------------------------ D-I32-02

    def star_prompts(self: Any) -> tuple[Prompt, ...]:
        """D-I32-02 (``star_chooser`` any): every character player with a survivor may enter
        the team's choice of the horror star's survivor; the first answer counts."""
        cur = self.current or {}
        if self.phase != "choose" or cur.get("purpose") != "star" or \
                self.options["star_chooser"] != "any":
            return ()
        return tuple(SeatPrompt(s, "choose", self.prompt_text()) for s in self.character_seats()
                     if self.pools[s] and s != cur["seat"])

    # ------------------------------------------------------------------ D-I32-03

    def step_new_reel(self: Any) -> list[Event]:
        """D-I32-03 (``held_back`` removed): the reel cards Turning Point held back are set
        aside, out of play, instead of joining the next reel's shuffle."""
        events: list[Event] = []
        if self.options["held_back"] == "removed" and self.reel_pile:
            events.append(a.Told("D-I32-03", f"{len(self.reel_pile)} held-back reel cards are "
                                 "set aside"))
            self.removed.extend(self.reel_pile)
            self.reel_pile = []
        return events + super().step_new_reel()  # type: ignore[misc]

    # ------------------------------------------------------------------ D-I32-05

    def full_hands_takes(self: Any, survivor: str) -> list[tuple[str, str]]:
        """D-I32-05 (``third_item`` discard): (screen card, held item to discard) pairs for a
        survivor whose two hands are full (R-I32-11: "discard any excess cards")."""
        me = self.survivors[survivor]
        if self.options["third_item"] != "discard" or len(me["items"]) < MAX_ITEMS:
            return []
        cards = [s["card"] for s in self.screen if s["card"] and not s["down"]
                 and s["card"] not in self.familiar
                 and self.data.get(s["card"]).kind in ("item", "power_play")]
        return [(card, drop) for card in cards for drop in me["items"]]

    def legal_turn(self: Any, seat: int) -> list[Action]:
        found: list[Action] = super().legal_turn(seat)  # type: ignore[misc]
        return found + [a.Spotlight(seat, s, card, drop) for s in self.pools[seat]
                        if s in self.survivors and not self.survivors[s]["where"]
                        for card, drop in self.full_hands_takes(s)]

    def do_turn(self: Any, action: Action) -> list[Event]:
        events: list[Event] = []
        if isinstance(action, a.Spotlight) and action.drop:
            events = self.drop_item(action.survivor, action.drop)
            action = a.Spotlight(action.seat, action.survivor, action.card)
        return events + super().do_turn(action)  # type: ignore[misc]

    def do_act(self: Any, action: Action) -> list[Event]:
        events: list[Event] = []
        if isinstance(action, a.Act) and action.kind == "take" and action.item:
            events = self.drop_item(action.survivor, action.item)
        return events + super().do_act(action)  # type: ignore[misc]

    def drop_item(self: Any, survivor: str, card: str) -> list[Event]:
        me = self.survivors[survivor]
        me["items"].remove(card)
        me["stores"].pop(card, None)
        self.discards.append(card)
        return [a.Told("D-I32-05", f"{self.card_name(survivor)} discards "
                       f"{self.card_name(card)} to make room")]

    def describe(self: Any, action: Action, seat: int | None = None, *,
                 settled: bool = False) -> str:
        text: str = super().describe(action, seat, settled=settled)  # type: ignore[misc]
        if isinstance(action, a.Spotlight) and action.drop:
            return f"{text}, discarding {self._name(action.drop)}"
        if isinstance(action, a.Act) and action.kind == "take" and action.item:
            return f"{self._name(action.survivor)}: take {self._name(action.target)}, " \
                f"discarding {self._name(action.item)}"
        return text
