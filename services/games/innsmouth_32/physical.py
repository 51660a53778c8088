"""Option ``cards = physical``: the table plays with its own movie deck and survivor pile.

The box does not shuffle or deal them; the table does (R-I32-02, R-I32-03, R-I32-69 task 6).
The box keeps what it can know: how many cards each pile holds, a card it has not seen being
written ``"?"`` (every card of the reel pile and of the survivor pile, a face-down screen card,
a discard it has not seen), and which cards it has not seen (``unseen``: for the movie deck and
for the survivor pile, sorted, since their order is unknown). Whenever a card comes to light
the box asks the seat that sees it first to tell it (``identify``: the card's tag tapped, or the
card picked from the list of the cards that can be there): the director for a screen card; the
drawing player for a survivor; the searching player for each card a search draws; the director
for each card of a director's cut.

* A survivor lost unseen (end task 5) stays unseen: a ``"?"`` joins the discards and the box
  learns which survivor it was when the card comes to light (a familiar face).
* At a new reel the table shuffles the discards: the box takes every discard back among the
  unseen cards (a familiar face stays one).
* A card a search or a director's cut draws and returns, which only the drawing seat saw, goes
  back among the unseen cards: no list tells anyone more than the table knows. Discards that
  everyone saw (familiar faces, eliminated monsters, events, faded items) stay known.

The identify answer is taken by the step right after it (``again``), through ``told`` (empty
whenever the state waits). A mixin of :class:`~services.games.innsmouth_32.state.I32State`,
placed before the others; the snapshot checks are in :mod:`physical_check`.
"""

from __future__ import annotations

import typing
from bisect import insort
from typing import Any

from services.games.core import JSON, Action, Event
from services.games.innsmouth_32 import actions as a

UNKNOWN = "?"  # a card the box has not seen (option cards = physical)
PURPOSES: dict[str, tuple[str, str, str, tuple[str, ...]]] = {
    # purpose: (deck, rule, what the card is, the steps that take the card told)
    "start": ("survivors", "R-I32-06", "the starting survivor drawn", ("draw_start",)),
    "draw": ("survivors", "R-I32-15", "the survivor drawn", ("draw_act",)),
    "screen": ("movie", "R-I32-24", "the card revealed on the screen", ("flip",)),
    "search": ("discards", "R-I32-13", "the card drawn from the discards", ("pick",)),
    "cut": ("discards", "R-I32-70", "the card drawn from the discards", ("pick",)),
    "own_pile": ("survivors", "R-I32-83", "the survivor drawn from his own pile",
                 ("draw_act",)),  # a faction game's own pile (faction_games.py, D-I32-51)
}
DECKS = ("movie", "survivors", "discards")


class PhysicalDecks:
    @property
    def physical(self: Any) -> bool:
        return bool(self.options.get("cards") == "physical")

    # ------------------------------------------------------------------ what can be there

    def lost_unseen(self: Any) -> int:
        """Survivors lost unseen to the discards (end task 5) the box has not met since."""
        return len(self.unseen["survivors"]) - len(self.survivor_pile)

    def could_be(self: Any, deck: str, drawn: int = 0) -> list[str]:
        """The cards that can come out of ``deck``: a movie card the box has not seen (or a
        survivor lost unseen); a survivor it has not seen; from the discards, one of those
        if the discards hold one, or a known discard not drawn yet (``drawn``: the first
        ``drawn`` discards are the cards drawn already)."""
        movie = [*self.unseen["movie"], *(self.unseen["survivors"] if self.lost_unseen()
                                          else [])]
        if deck == "movie":
            return sorted(movie)
        if deck == "survivors":
            return list(self.unseen["survivors"]) if self.survivor_pile else []
        rest = self.discards[drawn:]
        known = [c for c in rest if c != UNKNOWN]
        return sorted({*known, *(movie if UNKNOWN in rest else [])})

    # ------------------------------------------------------------------ asking

    def learn(self: Any, seat: int, purpose: str, again: list[Any],
              drawn: int = 0) -> str | None:
        """The card just told, or None after queueing the ``identify`` step and ``again``
        (the step that takes the card told)."""
        if self.told:
            return str(self.told.pop())
        self.push(["identify", seat, PURPOSES[purpose][0], purpose, drawn], again)
        return None

    def step_identify(self: Any, seat: int, deck: str, purpose: str,
                      drawn: int) -> list[Event]:
        return self.wait("identify", seat=seat, deck=deck, purpose=purpose, drawn=drawn)

    def legal_identify(self: Any, seat: int) -> list[Action]:
        cur = self.current
        return [a.Identify(seat, c) for c in self.could_be(cur["deck"], cur["drawn"])]

    def do_identify(self: Any, action: Action) -> list[Event]:
        card = action.card  # type: ignore[attr-defined]
        deck = self.current["deck"]
        if card in self.unseen["movie"]:
            self.unseen["movie"].remove(card)
        elif card in self.unseen["survivors"]:
            self.unseen["survivors"].remove(card)
            if deck != "survivors" and card != self.data.hound.id:  # a survivor lost unseen:
                # a familiar face (R-I32-69); the Hound never is one (R-I32-81)
                self.familiar.append(card)
                if card in self.victims:
                    self.victims.remove(card)
        self.told.append(card)
        return self.resume()

    def why_not(self: Any, action: Action) -> tuple[str, str]:
        if not isinstance(action, a.Identify):
            return tuple(super().why_not(action))  # type: ignore[misc, return-value]
        cur = self.current
        deck, rule, what, _ = PURPOSES[cur["purpose"]]
        count = len(self.could_be(deck, cur["drawn"]))
        allowed = f"tap or choose one of the {count} cards that can be there"
        try:
            name = self.card_name(action.card)
        except KeyError:
            return rule, f"{action.card!r} is not a card of the pack: {allowed}"
        return rule, (f"Seat {action.seat + 1} cannot tell the box {name} as {what}: "
                      f"{self.place_of(action.card, deck, cur['drawn'])}; {allowed}")

    def place_of(self: Any, card: str, deck: str, drawn: int) -> str:
        """Why ``card`` cannot come out of ``deck``, in plain words."""
        survivor = card in self.data.ids("survivors")
        if card in self.unseen["survivors"] and deck != "survivors":
            return "it is a survivor still in the survivor pile"
        if deck == "survivors" and (not survivor or card in self.familiar):
            return "it is not in the survivor pile" if survivor else "it is not a survivor"
        if card in self.unseen["movie"] or (deck == "discards" and card in self.discards[
                drawn:]):
            return "it is not in the discards"
        places = (
            (card in self.in_play(), "it is in play"),
            (any(s["card"] == card for s in self.screen), "it is on the screen"),
            (any(card in t for seat in self.throngs for t in seat), "it is in a throng"),
            (any(card in me["items"] for me in self.survivors.values()),
             "a survivor holds it"),
            (any(card in [x["card"], *x["items"]] for x in self.sanctuaries),
             "it is in a sanctuary"),
            (card in self.removed, "it is removed from play"),
            (card in self.discards[:drawn], "it is drawn already"),
            (card in self.discards, "it is in the discards"),
        )
        return next((words for found, words in places if found), "the box has seen it")

    # ------------------------------------------------------------------ shuffles and deals

    def own_shuffle(self: Any, deck: str, items: list[str], then: str) -> list[Event]:
        """The table shuffles (the box asks for no order): the survivor pile, the movie deck
        and its deal, the discards as the next reel (R-I32-69 task 6: every discard goes back
        among the unseen cards), or the discards for a search or a director's cut."""
        if deck == "survivors":
            self.unseen["survivors"] = sorted(items)
            self.survivor_pile = [UNKNOWN] * len(items)
            return [a.Told("R-I32-02", "The table shuffles the survivor pile")]
        if deck == "movie" or then == "reel":
            for card in items:
                if card != UNKNOWN and card not in self.unseen["movie"]:
                    insort(self.unseen["movie"], card)
            self.deal_reel([UNKNOWN] * len(items))
            rule, words = ("R-I32-03", "movie deck") if deck == "movie" else ("R-I32-69",
                                                                              "discards")
            return [a.Told(rule, f"The table shuffles the {words} and deals reel {self.reel}: "
                           f"{len(self.reel_pile)} cards, the screen cards face down, the rest "
                           "to the discards")]
        return []

    def top_survivor(self: Any, seat: int, again: list[Any]) -> str | None:
        """The top survivor: the next of the shuffled pile, or (physical) the card told."""
        if not self.physical:
            return str(self.survivor_pile.pop(0))
        card = self.learn(seat, "start" if again[0] == "draw_start" else "draw", again)
        if card is not None:
            self.survivor_pile.pop(0)
        return card

    def step_draw_act(self: Any, seat: int) -> list[Event]:
        """DRAW SURVIVOR+ACT (R-I32-15): the top survivor joins the pool with 3 rest spoints
        and its printed mythos, then acts."""
        events: list[Event] = self.draw_survivor(seat, 3, "R-I32-15", ["draw_act", seat])
        if events:
            s = self.pools[seat][-1]
            self.push(["survivor_act", seat, s, False], ["after_survivor", s])
        return events

    # ------------------------------------------------------------------ cards to light

    def step_flip(self: Any, index: int, cause: str) -> list[Event]:
        slot = self.screen[index]
        if slot["card"] == UNKNOWN:
            card = self.learn(self.director, "screen", ["flip", index, cause])
            if card is None:
                return []
            slot["card"] = card
        return list(super().step_flip(index, cause))  # type: ignore[misc]

    def step_shuffle_search(self: Any, s: str, count: int) -> list[Event]:
        """R-I32-13, R-I32-63, A-I32-23: the table shuffles the discards and the searching
        player draws ``count`` of them (what there is) and tells each."""
        if not self.physical:
            return list(super().step_shuffle_search(s, count))  # type: ignore[misc]
        drawn = min(count, len(self.discards))
        self.push(["pick", self.owner(s), "search", drawn, 0, [], ["searched", s, count]])
        return [a.Told("R-I32-13", f"The table shuffles the discards: "
                       f"{self.card_name(s)} draws {drawn}")]

    def step_cut_draw(self: Any) -> list[Event]:
        """R-I32-70: the table shuffles the discards and the director draws REEL# of them
        and tells each."""
        if not self.physical:
            return list(super().step_cut_draw())  # type: ignore[misc]
        drawn = min(self.reel, len(self.discards))
        self.push(["pick", self.director, "cut", drawn, 0, [], ["cut_drawn"]])
        return [a.Told("R-I32-70", f"The table shuffles the discards: the director draws "
                       f"{drawn}")]

    def step_cut_drawn(self: Any) -> list[Event]:
        return list(super().step_cut_draw())  # type: ignore[misc]

    def step_mp_cut_draw(self: Any, seat: int) -> list[Event]:
        """R-I32-32, R-I32-70: a monster player's own director's cut, told by him."""
        if not self.physical:
            return list(super().step_mp_cut_draw(seat))  # type: ignore[misc]
        drawn = min(self.reel, len(self.discards))
        self.push(["pick", seat, "cut", drawn, 0, [], ["mp_cut_drawn", seat]])
        return [a.Told("R-I32-32", f"The table shuffles the discards: Seat {seat + 1} draws "
                       f"{drawn}")]

    def step_mp_cut_drawn(self: Any, seat: int) -> list[Event]:
        return list(super().step_mp_cut_draw(seat))  # type: ignore[misc]

    def step_pick(self: Any, seat: int, purpose: str, left: int, taken: int,
                  private: list[str], then: list[Any]) -> list[Event]:
        """Draw ``left`` more discards, each told by ``seat``; the cards drawn so far are the
        first ``taken`` discards (``private``: those only ``seat`` has seen). Then ``then``
        reads them there, and the cards it returns that only ``seat`` saw are forgotten."""
        rest = self.discards[taken:]
        if left <= 0 or not rest:
            self.push(then, ["forget", private])
            return []
        again = ["pick", seat, purpose, left, taken, private, then]
        card = self.learn(seat, purpose, again, drawn=taken)
        if card is None:
            return []
        if card in rest:
            self.discards.remove(card)
        else:
            del self.discards[taken + rest.index(UNKNOWN)]
            private = [*private, card]
        self.discards.insert(taken, card)
        self.push(["pick", seat, purpose, left - 1, taken + 1, private, then])
        return []

    def step_forget(self: Any, cards: list[str]) -> list[Event]:
        """Cards returned to the discards that only the drawing seat saw are unseen again (a
        survivor lost unseen is again one). Popcorn a search draws is eaten in front of
        everyone (its name is told): it stays known."""
        for card in cards:
            if card not in self.discards or (card not in self.familiar and getattr(
                    self.data.get(card), "kind", "") == "popcorn"):
                continue
            self.discards[self.discards.index(card)] = UNKNOWN
            if card in self.familiar and card not in self.seen:
                self.familiar.remove(card)
                insort(self.unseen["survivors"], card)
            else:
                insort(self.unseen["movie"], card)
        return []

    def step_survivor_loss(self: Any) -> list[Event]:
        """End task 5 (R-I32-69): with the table's pile the box does not learn the card."""
        if not self.physical:
            return list(super().step_survivor_loss())  # type: ignore[misc]
        self.survivor_pile.pop(0)
        self.discards.append(UNKNOWN)
        return [a.Told("R-I32-69", "Survivor loss: the top survivor goes to the discards "
                       "unseen as a familiar face")]

    # ------------------------------------------------------------------ views

    def view(self: Any, seat: int | None) -> JSON:
        """Physical decks: a card the box has not seen is only counted (held-back reel cards
        set aside, and the discards when they are open, A-I32-26)."""
        data: JSON = super().view(seat)  # type: ignore[misc]
        if not self.physical:
            return data
        data["removed"] = [c for c in self.removed if c != UNKNOWN]
        pile = data.get("discard_pile")
        if isinstance(pile, dict) and isinstance(pile.get("cards"), list):
            cards = typing.cast(list[str], pile["cards"])
            pile["face_down"] = int(typing.cast(int, pile.get("face_down", 0))) + cards.count(
                UNKNOWN)
            pile["cards"] = [c for c in cards if c != UNKNOWN]
        return data

    # ------------------------------------------------------------------ sentences

    def describe(self: Any, action: Action, seat: int | None = None, *,
                 settled: bool = False) -> str:
        if not isinstance(action, a.Identify):
            return str(super().describe(action, seat, settled=settled))  # type: ignore[misc]
        who = f"Seat {action.seat + 1}"
        if seat != action.seat:
            return f"{who} tells the box a card"
        return f"{who} tells the box: {self._name(action.card)}"
