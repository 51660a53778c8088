"""The director's side of Innsmouth 32 beyond TAKE+ATTACK and ALL-OUT: COVER+ATTACK (R-I32-30,
option ``cover_attack``), the advanced throngs 4-6 (R-I32-31, option ``throngs_in_order``, with
A-I32-05 at set-up) and a monster player's own director's cut (R-I32-32, R-I32-70).

A cover is the top reel card drawn face down onto a screen card; the covered card waits in
``covers`` (``{"slot", "card"}``) until the cover card leaves its slot (taken, eliminated,
resolved, faded out): then it comes back instead of a refill from the reel pile, face down
until the turn's reveal like any replacement. While it is face down the cover card is a
secret: it is only a face-down slot in every view, sentence and event.
"""

from __future__ import annotations

import typing
from typing import Any

from services.games.core import JSON, Action, Event, SnapshotError
from services.games.innsmouth_32 import actions as a


class Director:
    covers: list[dict[str, Any]]

    # ------------------------------------------------------------------ throngs (R-I32-31)

    def throng_slots(self: Any, seat: int) -> list[int]:
        """R-I32-31 (advanced): throng 4 is started only when throngs 1-3 are full, 5 when 1-4
        are, 6 when 1-5 are; a throng already started may always be refilled."""
        slots: list[int] = super().throng_slots(seat)  # type: ignore[misc]
        if not self.options["throngs_in_order"]:
            return slots
        mine = self.throngs[seat]
        return [i for i in slots if i < 3 or mine[i]
                or all(len(mine[j]) >= 3 for j in range(i))]

    def setup_throng(self: Any) -> int | None:
        """R-I32-07, A-I32-05: an opening monster goes to a throng of its own, up to 6, then to
        the first with room; with ``throngs_in_order`` the extras fill throngs 1-3 first."""
        mine = self.throngs[self.director]
        if self.options["throngs_in_order"]:
            slots = [i for i in range(3) if not mine[i]] or self.throng_slots(self.director)
        else:
            slots = [i for i in range(6) if not mine[i]] or [
                i for i in range(6) if len(mine[i]) < 3]
        return slots[0] if slots else None

    # ------------------------------------------------------------------ the director's actions

    def legal_director(self: Any, seat: int) -> list[Action]:
        found: list[Action] = super().legal_director(seat)  # type: ignore[misc]
        return found + self.cover_actions(seat) + self.cut_actions(seat)

    def do_director(self: Any, action: Action) -> list[Event]:
        if isinstance(action, a.Cover):
            return self.cover(action)
        if isinstance(action, a.MonsterCut):
            seat = action.seat
            self.push(["after_director", seat])
            self.push(["shuffle", "discards", ""], ["mp_cut_draw", seat])
            return [a.Told("R-I32-32", f"Seat {seat + 1} makes a director's cut"),
                    *self.resume()]
        events: list[Event] = super().do_director(action)  # type: ignore[misc]
        return events

    def covered_slots(self: Any) -> list[int]:
        return [c["slot"] for c in self.covers]

    def cover_slots(self: Any) -> list[int]:
        """Screen slots that may be covered: a face-up card not covered already, while the
        reel pile has a card to draw (not under Turning Point, R-I32-72)."""
        if not self.options["cover_attack"] or not self.reel_pile or self.turning_point:
            return []
        return [i for i, s in enumerate(self.screen) if s["card"] and not s["down"]
                and i not in self.covered_slots()]

    def cover_attacks(self: Any, seat: int) -> list[tuple[int, str]]:
        """(throng, target) pairs of a cover's attack; (-1, "") when no throng can attack."""
        targets = self.survivor_targets()
        pairs = [(i, t) for i, throng in enumerate(self.throngs[seat]) if throng
                 for t in targets]
        return pairs or [(-1, "")]

    def cover_actions(self: Any, seat: int) -> list[Action]:
        slots = self.cover_slots()
        if not slots:
            return []
        return [a.Cover(seat, i, t, v) for i in slots for t, v in self.cover_attacks(seat)]

    def cover(self: Any, action: a.Cover) -> list[Event]:
        """R-I32-30: draw the top reel card face down onto the slot, attack with one throng,
        then (after the attack, with the turn's reveal) the cover card is revealed."""
        seat = action.seat
        self.push(["after_director", seat])
        slot = self.screen[action.slot]
        covered = slot["card"]
        events: list[Event] = []
        if self.fade and self.fade["card"] == covered:
            self.fade = None  # decision D-I32-08: a covered card's fade out is lifted
            events.append(a.Told("R-I32-66", f"The fade out of {self.card_name(covered)} is "
                                 "lifted: the card is covered"))
        self.refill(slot)  # the cover card, face down from the reel pile (R-I32-24)
        self.covers.append({"slot": action.slot, "card": covered})
        events.insert(0, a.Told("R-I32-30", f"Seat {seat + 1} covers {self.card_name(covered)}"
                                f" with a face-down card from the reel pile"))
        if action.throng >= 0:
            self.push(["m_attack", seat, action.throng, action.target, False])
        return events + self.resume()

    def refill(self: Any, slot: dict[str, Any]) -> None:
        """R-I32-30: when a cover card leaves its slot the covered card is in play again: it
        takes the place of the replacement card, face down until the turn's reveal (R-I32-24),
        so that the creature feature check of the reveal sees it (decision D-I32-09)."""
        index = next(i for i, s in enumerate(self.screen) if s is slot)
        cover = next((c for c in self.covers if c["slot"] == index), None)
        if cover is None:
            super().refill(slot)  # type: ignore[misc]
            return
        self.covers.remove(cover)
        slot["card"], slot["down"] = cover["card"], True

    def clip(self: Any) -> list[Event]:
        """R-I32-71: clipping the reel clears the covered cards too."""
        self.discards.extend(c["card"] for c in self.covers)
        self.covers.clear()
        events: list[Event] = super().clip()  # type: ignore[misc]
        return events

    # ------------------------------------------------------------------ a monster player's cut

    def cut_actions(self: Any, seat: int) -> list[Action]:
        """R-I32-32: a monster player with no monster card, and no screen monster to take, may
        make a director's cut (R-I32-70) at his own seat."""
        if seat not in self.monster_players or any(self.throngs[seat]) or not self.discards:
            return []
        if any(s["card"] and not s["down"] and self.is_monster(s["card"]) for s in self.screen):
            return []
        return [a.MonsterCut(seat)]

    def step_mp_cut_draw(self: Any, seat: int) -> list[Event]:
        drawn = self.discards[:self.reel]
        monsters = [c for c in drawn if self.is_monster(c)]
        self.seen += [c for c in monsters if c not in self.seen]  # shown as they are placed
        self.push(*[["mp_place_cut", seat, c] for c in monsters])
        return [a.Told("R-I32-32", f"Seat {seat + 1}'s director's cut: {len(drawn)} discards "
                       f"drawn, {len(monsters)} monsters among them")]

    def step_mp_place_cut(self: Any, seat: int, card: str) -> list[Event]:
        if card not in self.discards or not self.throng_slots(seat):
            return []
        return self.wait("place", seat=seat, cards=[card], purpose="cut")

    # ------------------------------------------------------------------ refusals and words

    def why_not(self: Any, action: Action) -> tuple[str, str]:
        who = f"Seat {getattr(action, 'seat', 0) + 1}"
        if isinstance(action, a.TakeAttack | a.Place) and self.options["throngs_in_order"] \
                and 3 <= action.throng < 6 and not self.throngs[action.seat][action.throng] \
                and any(type(x) is type(action) and x.card == action.card
                        for x in self.legal_actions(action.seat)):
            return "R-I32-31", (f"{who} cannot start throng {action.throng + 1} yet: throngs 1 "
                                f"to {action.throng} must each hold 3 monsters first")
        if isinstance(action, a.Cover):
            return "R-I32-30", f"{who} cannot cover+attack that way: {self.cover_refusal(action)}"
        if isinstance(action, a.MonsterCut):
            why = ("only a monster player makes his own director's cut"
                   if action.seat not in self.monster_players else
                   "he has a monster, or one is on the screen to take, or no discards")
            return "R-I32-32", f"{who} cannot make a director's cut: {why}"
        found: tuple[str, str] = super().why_not(action)  # type: ignore[misc]
        return found

    def cover_refusal(self: Any, action: a.Cover) -> str:
        if not self.options["cover_attack"]:
            return "cover+attack is an advanced rule that is off in this game"
        if not self.reel_pile or self.turning_point:
            return "no card can be drawn from the reel pile"
        slots = self.cover_slots()
        if action.slot not in slots:
            shown = ", ".join(str(i + 1) for i in slots)
            return f"screen slot {action.slot + 1} cannot be covered (slots allowed: {shown})"
        return "choose one of your throngs that holds a monster and a survivor or locks it " \
            "can attack"

    def describe(self: Any, action: Action, seat: int | None = None, *,
                 settled: bool = False) -> str:
        if isinstance(action, a.Cover):
            who = f"Seat {action.seat + 1}"
            aim = f" and attacks {self._name(action.target)} with throng {action.throng + 1}" \
                if action.throng >= 0 and action.target else ""
            return f"{who} covers {self.slot_words(action.slot)}{aim}"
        if isinstance(action, a.MonsterCut):
            return f"Seat {action.seat + 1} makes a director's cut"
        text: str = super().describe(action, seat, settled=settled)  # type: ignore[misc]
        return text

    def slot_words(self: Any, index: int) -> str:
        """The covered card's name, or the slot's face-up card; never a face-down card."""
        cover = next((c["card"] for c in self.covers if c["slot"] == index), "")
        slot = self.screen[index] if 0 <= index < len(self.screen) else {"card": "", "down": 1}
        if cover or (slot["card"] and not slot["down"]):
            return self._name(cover or slot["card"])
        return f"screen slot {index + 1}"

    def view(self: Any, seat: int | None) -> JSON:
        """The covered cards are public (they were face up); a cover card shows face down."""
        data: JSON = super().view(seat)  # type: ignore[misc]
        for cover in self.covers:
            slot = typing.cast(dict[str, Any], data["screen"][cover["slot"]])
            slot["covered"] = self._monster(cover["card"])
        return data


def check_covers(state: Any, kinds: Any) -> None:
    """Snapshot checks of the covered cards: ``{"slot", "card"}`` each, one per slot, on a
    slot that holds a card, only with cover+attack on."""
    kinds.check(state.covers, [{"slot": "slot", "card": "anycard"}], "covers")
    if state.covers and not state.options.get("cover_attack"):
        raise SnapshotError("covers: cover+attack (R-I32-30) is off in this game")
    slots = [c["slot"] for c in state.covers]
    if len(set(slots)) != len(slots):
        raise SnapshotError("covers: one cover per screen slot")
    for cover in state.covers:
        if not state.screen[cover["slot"]]["card"]:
            raise SnapshotError(f"covers: screen slot {cover['slot'] + 1} is empty: a cover "
                                "card lies on every covered card")
