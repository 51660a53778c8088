"""The faction games of Innsmouth 32 (R-I32-83, option ``faction_game``).

* ``four`` (exactly 4 character players): at set-up each character player, clockwise from
  the director's left, chooses a faction not yet taken, then the survivor of that faction he
  starts with; the other two are his own survivor pile (the count is public, the order is a
  chance shuffle). DRAW SURVIVOR+ACT draws from his own pile. The common survivor pile holds
  only the survivors of no faction or of a faction beyond the four (none in the example pack).
* ``three`` (exactly 3 character players): the same among gangsters, scholars and students;
  the Locals (and any survivor of no faction) are the common survivor pile, drawn from when a
  player's own pile is empty. The summary asks for survivor loss (end task 5) with it: the
  option is refused without ``survivor_loss`` (it then takes a Local, unseen).

Every rule that asks whether a player has "survivors to draw" (a monster player, R-I32-32;
Turning Point, R-I32-72; Last One Standing, R-I32-73; the secret cultist, R-I32-84) counts a
player's own pile too (:meth:`FactionGames.to_draw`, :meth:`FactionGames.any_to_draw`).

The Hound (R-I32-81, D-I32-50, option ``faction_hound``): a Hound that replaces a survivor
takes its place, in the faction of that survivor (one of its player's 3 cards: he may start
with it, or it is in his own pile; a replaced Local of ``three`` leaves it in the common pile);
with ``faction_hound = common`` it goes to the common survivor pile instead, and that faction
keeps 2 cards. A 13th Hound is in the common survivor pile (it is of no faction); a companion
Hound comes with its survivor, whoever draws it. Whoever holds the Hound plays it, and it is a
wild card for ``faction_play`` (factions.py).

The table's own decks (``cards = physical``, D-I32-51): the box asks for no order of a
player's own pile; it keeps the pile's cards sorted (which cards they are is public: his
faction's cards but the one he chose) and the drawing player tells the box the card he draws
(``identify``, purpose ``own_pile``: tap its tag or choose it among his own pile's cards).

``sides`` (a JSON object, part of the snapshot): ``{}`` without a faction game, else
``{"factions": [per seat: "" or the faction], "piles": [per seat: his own pile, top first;
sorted with the table's own decks]}``.
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from typing import Any

from services.games.core import JSON, Action, Event, Option, OptionError, OptionValue, ShuffleResult
from services.games.infos.innsmouth_32 import INFO
from services.games.innsmouth_32 import actions as a

FACTIONS = ("gangsters", "scholars", "students", "locals")
PLAYED = {"four": FACTIONS, "three": FACTIONS[:3]}  # the factions the players pick from
SEATS = {"four": 4, "three": 3}
OWN = "own"  # the deck name of a player's own survivor pile when it is shuffled
OWN_PILE = "own_pile"  # physical: the purpose of telling the box a card of one's own pile


def check_faction_game(data: Any, players: int, options: Mapping[str, OptionValue]) -> None:
    """OptionError for a faction game that cannot be played with these players, options and
    data pack."""
    game = str(options.get("faction_game", "off"))
    if game == "off":
        return
    option = _option("faction_game")
    chosen = f"{option.short}: {option.word(game)}"  # as the lobby shows it
    count = players - 1
    if count != SEATS[game]:
        raise OptionError("R-I32-83", f"{chosen} is for exactly {SEATS[game]} character "
                          f"players besides the director, not {count}")
    if game == "three" and not options.get("survivor_loss"):
        loss = _option("survivor_loss").short
        raise OptionError("R-I32-83", f"{chosen} needs {loss} on, as the summary says: "
                          f"set {loss}: on")
    for side in PLAYED[game]:
        members = [s.id for s in data.survivors if s.faction == side]
        if len(members) != 3:
            raise OptionError("R-I32-83", f"{chosen} needs 3 survivors of the {side}; the "
                              f"pack has {len(members)}")


def _option(key: str) -> Option:
    """The option ``key``: its label and words are what the lobby shows."""
    return next(o for o in INFO.options if o.key == key)


class FactionGames:
    # ------------------------------------------------------------------ questions

    def faction_game(self: Any) -> str:
        return str(self.options.get("faction_game", "off"))

    def own_pile(self: Any, seat: int) -> list[str]:
        piles = self.sides.get("piles") if isinstance(self.sides, dict) else None
        return typing.cast(list[str], piles[seat]) if piles else []

    def to_draw(self: Any, seat: int) -> bool:
        """Whether ``seat`` has a survivor to draw: the common pile or his own."""
        return bool(self.survivor_pile or self.own_pile(seat))

    def any_to_draw(self: Any) -> bool:
        """Whether any survivor is left to draw, in the common pile or a player's own."""
        return bool(self.survivor_pile) or any(self.own_pile(s)
                                               for s in self.character_seats())

    def members(self: Any, side: str) -> list[str]:
        """The cards of ``side`` in this game: a Hound that replaces one of its survivors
        takes that survivor's place (D-I32-50)."""
        replaced = self.mods.get("replaced", "") if isinstance(self.mods, dict) else ""
        hound = self.data.hound.id
        found = []
        for s in self.data.survivors:
            if s.id == replaced:
                found += [hound] if self.side_of(hound) == side else []
            elif s.faction == side:
                found.append(s.id)
        return found

    def side_of(self: Any, card: str) -> str:
        """The faction whose cards hold ``card``: the Hound is of the faction of the survivor
        it replaces (option ``faction_hound = place``), else of none (D-I32-50)."""
        if card != self.data.hound.id:
            return str(self.data.get(card).faction)
        mods = self.mods if isinstance(self.mods, dict) else {}
        replaced = mods.get("replaced", "")
        if not replaced or self.options.get("faction_hound", "place") != "place" or \
                not isinstance(replaced, str) or replaced not in self.data.ids("survivors"):
            return ""
        return str(self.data.get(replaced).faction)

    # ------------------------------------------------------------------ set-up

    def faction_setup(self: Any) -> list[list[Any]]:
        """The steps after the survivor pile is shuffled: each player's faction."""
        self.sides = {}
        if self.faction_game() == "off":
            return []
        self.sides = {"factions": [""] * self.players, "piles": [[] for _ in
                                                                range(self.players)]}
        return [["faction_pick", s] for s in self.character_seats()]

    def step_faction_pick(self: Any, seat: int) -> list[Event]:
        taken = set(self.sides["factions"])
        free = [f for f in PLAYED[self.faction_game()] if f not in taken]
        return self.wait("choose", seat=seat, choices=free, purpose="faction")

    def chose_faction(self: Any, cur: dict[str, Any], value: str) -> list[Event]:
        seat = cur["seat"]
        self.sides["factions"][seat] = value
        self.push(["faction_member", seat])
        hound = self.data.hound.id
        with_hound = ""
        if hound in self.members(value):  # D-I32-50
            with_hound = f", the Hound in {self.card_name(self.mods['replaced'])}'s place"
        return [a.Told("R-I32-83", f"Seat {seat + 1} plays the {value}{with_hound}")]

    def step_faction_member(self: Any, seat: int) -> list[Event]:
        return self.wait("choose", seat=seat, purpose="faction_start",
                         choices=self.members(self.sides["factions"][seat]))

    def chose_faction_start(self: Any, cur: dict[str, Any], value: str) -> list[Event]:
        seat = cur["seat"]
        side = self.sides["factions"][seat]
        self.sides["piles"][seat] = [value]
        events: list[Event] = self.draw_survivor(seat, int(self.options["setup_rest_points"]),
                                                 "R-I32-83", ["faction_member", seat])
        rest = [s for s in self.members(side) if s != value]
        self.sides["piles"][seat] = rest
        if not self.physical:
            self.push(["faction_shuffle", seat])
            return events
        self.sides["piles"][seat] = sorted(rest)  # D-I32-51: the table shuffles it
        return [*events, a.Told("R-I32-83", f"Seat {seat + 1} shuffles his own survivor pile "
                                f"of {len(rest)} cards face down")]

    def step_faction_shuffle(self: Any, seat: int) -> list[Event]:
        return self.wait("shuffle", deck=OWN, items=list(self.own_pile(seat)),
                         rule="R-I32-83", then=str(seat))

    # ------------------------------------------------------------------ hooks

    def deck_ids(self: Any, deck: str) -> tuple[str, ...]:
        if deck == OWN:
            cur = self.current or {}
            seat = cur.get("then", "")
            return tuple(self.own_pile(int(seat))) if str(seat).isdigit() else ()
        found = typing.cast(tuple[str, ...], super().deck_ids(deck))  # type: ignore[misc]
        game = self.options.get("faction_game", "off")
        if deck != "survivors" or game == "off":
            return found
        played = PLAYED[str(game)]
        return tuple(s for s in found if self.side_of(s) not in played)  # D-I32-50

    def own_shuffled(self: Any, action: ShuffleResult) -> list[Event]:
        seat = int(self.current["then"])
        self.sides["piles"][seat] = list(action.order)
        told = a.Told("R-I32-83", f"The box shuffles Seat {seat + 1}'s own survivor pile")
        return [told, *self.resume()]

    def top_survivor(self: Any, seat: int, again: list[Any]) -> str | None:
        """The top of his own pile (the card chosen at set-up), or with the table's own decks
        the card of his own pile he tells the box (D-I32-51); else the common pile's."""
        pile = self.own_pile(seat)
        if pile and (not self.physical or again[0] == "faction_member"):
            return str(pile.pop(0))
        if pile:
            card = self.learn(seat, OWN_PILE, again)
            if card is not None:
                pile.remove(card)
            return card
        return typing.cast(str | None, super().top_survivor(seat, again))  # type: ignore[misc]

    def could_be(self: Any, deck: str, drawn: int = 0) -> list[str]:
        """D-I32-51: the card drawn from one's own pile is one of its cards."""
        cur = self.current or {}
        if self.phase == "identify" and cur.get("purpose") == OWN_PILE:
            return list(self.own_pile(int(cur["seat"])))
        return typing.cast(list[str], super().could_be(deck, drawn))  # type: ignore[misc]

    def module_choices(self: Any, current: dict[str, Any]) -> dict[str, set[str]]:
        found = typing.cast(dict[str, set[str]],
                            super().module_choices(current))  # type: ignore[misc]
        game = self.faction_game()
        sides = set(PLAYED[game]) if game != "off" else set()
        found["faction"] = sides
        found["faction_start"] = {s for side in sides for s in self.members(side)}
        return found

    def module_view(self: Any, seat: int | None) -> JSON:
        shown = typing.cast(JSON, super().module_view(seat))  # type: ignore[misc]
        if self.sides:
            shown["factions"] = list(self.sides["factions"])
            shown["own_piles"] = [len(p) for p in self.sides["piles"]]
        return shown

    def describe(self: Any, action: Action, seat: int | None = None, *,
                 settled: bool = False) -> str:
        if isinstance(action, ShuffleResult) and action.deck == OWN:
            return "The box shuffles a player's own survivor pile"
        if isinstance(action, a.Choose) and action.value in FACTIONS:
            return f"Seat {action.seat + 1} plays the {action.value}"
        return str(super().describe(action, seat, settled=settled))  # type: ignore[misc]

    # ------------------------------------------------------------------ snapshot checks

    def check_sides(self: Any) -> str:
        """The problem with ``sides``, or ''."""
        sides, game = self.sides, self.faction_game()
        if not isinstance(sides, dict):
            return "must be an object"
        if game == "off":
            return "" if not sides else "must be {} without a faction game"
        if set(sides) != {"factions", "piles"}:
            return "must have factions and piles"
        factions, piles = sides["factions"], sides["piles"]
        if not isinstance(factions, list) or len(factions) != self.players or \
                not isinstance(piles, list) or len(piles) != self.players:
            return "factions and piles need one entry per seat"
        chosen = [f for f in factions if f]
        if len(set(chosen)) != len(chosen) or not set(chosen) <= set(PLAYED[game]):
            return f"each faction of {', '.join(PLAYED[game])} is taken once at most"
        for seat, (side, pile) in enumerate(zip(factions, piles, strict=True)):
            if not isinstance(pile, list) or (pile and not side) or len(pile) > 2 or any(
                    not isinstance(s, str) or s not in self.members(side) for s in pile):
                return f"piles[{seat}]: at most 2 survivors of the seat's own faction"
            if self.physical and pile != sorted(pile):
                return f"piles[{seat}]: sorted: the table shuffles its own pile (D-I32-51)"
            if side and seat not in self.character_seats():
                return f"factions[{seat}]: the director plays no faction"
        return ""

    def faction_zone(self: Any) -> list[str]:
        """Every survivor in the players' own piles (each card exists once)."""
        return [s for p in (self.sides.get("piles") or []) for s in p] \
            if isinstance(self.sides, dict) else []

    def why_not(self: Any, action: Action) -> tuple[str, str]:
        found = faction_refusal(self, action)
        if found is not None:
            return found
        return typing.cast(tuple[str, str], super().why_not(action))  # type: ignore[misc]


def faction_refusal(state: Any, action: Action) -> tuple[str, str] | None:
    """A plain refusal for a faction or starting survivor that is not offered, or a card told
    as drawn from one's own pile that is not in it (D-I32-51)."""
    if isinstance(action, a.Identify) and state.phase == "identify" and \
            state.current["purpose"] == OWN_PILE:
        count = len(state.own_pile(action.seat))
        allowed = f"tap or choose one of the {count} cards of his own survivor pile"
        try:
            name = state.card_name(action.card)
        except KeyError:
            return "R-I32-83", f"{action.card!r} is not a card of the pack: {allowed}"
        return "R-I32-83", (f"Seat {action.seat + 1} cannot tell the box {name} as the "
                            f"survivor drawn from his own pile: it is not in his own pile; "
                            f"{allowed}")
    if not isinstance(action, a.Choose) or state.phase != "choose":
        return None
    purpose = state.current["purpose"]
    if purpose == "faction":
        taken = [f for f in state.sides["factions"] if f]
        free = ", ".join(state.current["choices"])
        why = f"the {action.value} are taken" if action.value in taken else \
            f"{action.value!r} is not a faction played here"
        return "R-I32-83", (f"Seat {action.seat + 1} cannot play {action.value}: {why}; the "
                            f"factions free are {free}")
    if purpose == "faction_start":
        free = ", ".join(state._name(s) for s in state.current["choices"])
        return "R-I32-83", (f"Seat {action.seat + 1} cannot start with "
                            f"{state._name(action.value)}: his faction's survivors are {free}")
    return None
