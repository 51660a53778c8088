"""The Human's cards and combat (R-IE-28..38): pawns spawned by drawn cards, equipping and
healing, the Human's attack, the Deep One attacks in seat order, Shoggoths, casualties and
the Human's death.

The combat record (``combat``, in every view) keeps what happened for the table to show, even
after a restart: ``round``, ``cell``, the Human's ``faces`` and ``hit_on``, the Deep Ones
``killed`` (colours), each colour's attack in ``log``, the Shoggoths on the cell and their
``shoggoth_wounds``, the ``casualties`` ([colour, count]) and ``over`` once it has ended.

A mixin of :class:`~services.games.innsmouth_escape.state.InnsmouthState`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from services.games.core import Action, Event, IllegalAction, Outcome, Roll, RollResult
from services.games.innsmouth_escape import actions as a

BASE_DICE, BASE_HIT_ON = 1, 5  # the crude club (R-IE-33)
SHOGGOTH_WOUNDS = 3  # R-IE-36


def do_wounds(faces: tuple[int, ...]) -> int:
    """R-IE-35: each 6 = 2 wounds, each 4 or 5 = 1."""
    return sum(2 if f == 6 else 1 if f >= 4 else 0 for f in faces)


class Combat:
    # ------------------------------------------------------------------ spawns from cards

    def spawn_capacity(self: Any) -> dict[str, int]:
        cell = self.human_cell
        return {c: min(4 - self.on(cell, c), self.pools[c]) for c in self.in_game_colours()}

    def begin_spawn_here(self: Any, spawns: int) -> list[Event]:
        """R-IE-29 with A-IE-15: as many as the caps and pools allow, the Human choosing."""
        capacity = self.spawn_capacity()
        room = sum(capacity.values())
        placed = min(spawns, room)
        open_colours = [c for c, n in capacity.items() if n > 0]
        if placed and len(open_colours) > 1 and placed < room:
            self.spawn_left = spawns
            self.phase = "spawn_here"
            return []
        colours: list[str] = []
        for colour in open_colours:  # no choice: one colour, or every place is filled
            colours += [colour] * capacity[colour]
        return self._spawn_here(colours[:placed], spawns)

    def _spawn_here(self: Any, colours: list[str], spawns: int) -> list[Event]:
        events: list[Event] = []
        for colour, n in Counter(colours).items():
            self._add(self.human_cell, colour, n)
            events.append(a.Spawned(colour, (self.human_cell,) * n))
        lost = spawns - len(colours)
        if lost:
            events.append(a.Spawned("", (), lost))
        self.spawn_left = 0
        return events + self.after_search()

    def after_search(self: Any) -> list[Event]:
        """H3: combat if a Deep One (or, by option, a Shoggoth alone) is here; else H4."""
        cell = self.human_cell
        shoggoth = bool(self.shoggoths_on(cell)) and self.options["shoggoth_alone_triggers_combat"]
        if self.pawns_on(cell) or shoggoth:
            self.combat = {"faces": [], "hits": 0, "queue": [], "log": [], "round": self.round,
                           "cell": cell, "hit_on": 0, "killed": [], "shoggoths": [],
                           "shoggoth_wounds": 0, "casualties": [], "over": False}
            return self.open_window("combat", "combat")
        self.phase = "plot"
        return []

    # ------------------------------------------------------------------ the Human's cards

    def hand_actions(self: Any, seat: int) -> list[Action]:
        found: list[Action] = []
        for card in self.hand:
            info = self.data.card(card)
            if info.is_weapon:
                found.append(a.Equip(seat, card))
            elif info.heal or info.manual_effect:
                found.append(a.UseCard(seat, card))
        return found

    def _equip(self: Any, action: a.Equip) -> list[Event]:
        if action.card not in self.hand:
            raise IllegalAction("R-IE-30", f"{action.card!r} is not in your hand")
        if not self.data.card(action.card).is_weapon:
            raise IllegalAction("R-IE-30", f"{self.data.card(action.card).name} is not a "
                                "weapon")
        returned = self.weapon
        self.hand.remove(action.card)
        if action.card in self.known:
            self.known.remove(action.card)
        if returned:  # back to hand, face up a moment ago: everyone knows it is there
            self.hand.append(returned)
            self.known.append(returned)
        self.weapon = action.card
        return [a.Equipped(action.card, returned)]

    def _use(self: Any, action: a.UseCard) -> list[Event]:
        if action.card not in self.hand:
            raise IllegalAction("R-IE-30", f"{action.card!r} is not in your hand")
        info = self.data.card(action.card)
        if info.is_weapon:
            raise IllegalAction("R-IE-30", f"{info.name} is a weapon: equip it")
        if not info.heal and not info.manual_effect:
            raise IllegalAction("A-IE-03", f"{info.name} has no effect the box can play; keep "
                                "it in hand")
        healed = min(info.heal, self.wounds)
        self.wounds -= healed
        self.hand.remove(action.card)
        if action.card in self.known:
            self.known.remove(action.card)
        self.used.append(action.card)
        events: list[Event] = [a.CardUsed(action.card, healed, info.manual_effect)]
        if info.manual_effect:
            return events + self.begin_adjust(self.human, [action.card], self.phase)
        return events

    # ------------------------------------------------------------------ combat

    def combat_actions(self: Any, seat: int) -> list[Action]:
        if self.phase == "spawn_here":
            capacity = self.spawn_capacity()
            count = min(self.spawn_left, sum(capacity.values()))
            return [a.SpawnHere(seat, combo) for combo in _fills(capacity, count)]
        if self.phase == "kill":
            present = {c: self.on(self.human_cell, c) for c in self.in_game_colours()}
            return [a.Kill(seat, combo) for combo in _fills(present, self.combat["hits"])]
        return [a.Fight(seat), *self.hand_actions(seat)]

    def apply_combat(self: Any, action: Action) -> list[Event]:
        if isinstance(action, a.Equip | a.UseCard):
            if self.phase not in ("plot", "combat"):
                raise IllegalAction("R-IE-30", "cards are played on your turn: when you fight "
                                    "or plot")
            return self._equip(action) if isinstance(action, a.Equip) else self._use(action)
        if isinstance(action, a.SpawnHere):
            return self._choose_spawns(action)
        if isinstance(action, a.Fight):
            if self.phase != "combat":
                raise IllegalAction("R-IE-32", "there is no combat now")
            self.phase = "attack"
            return []
        return self._kill(action)

    def _choose_spawns(self: Any, action: a.SpawnHere) -> list[Event]:
        if self.phase != "spawn_here":
            raise IllegalAction("R-IE-29", "no pawns are waiting to be spawned")
        capacity = self.spawn_capacity()
        count = min(self.spawn_left, sum(capacity.values()))
        wanted = Counter(action.colours)
        unknown = [c for c in wanted if c not in capacity]
        if unknown:
            raise IllegalAction("R-IE-29", f"{unknown[0]!r} is not a colour in the game: "
                                f"{', '.join(capacity)}")
        if len(action.colours) != count:
            raise IllegalAction("A-IE-15", f"place {count} pawns (as many as the caps and pools "
                                f"allow), not {len(action.colours)}")
        for colour, n in wanted.items():
            if n > capacity[colour]:
                raise IllegalAction("R-IE-29", f"only {capacity[colour]} more {colour} pawns fit "
                                    f"on {self.human_cell} (4 per colour, pool "
                                    f"{self.pools[colour]})")
        return self._spawn_here(list(action.colours), self.spawn_left)

    def combat_chance(self: Any) -> Roll | None:
        if self.phase == "attack":
            dice = self._weapon()[0]
            return Roll("the Human's attack", "R-IE-33", count=dice, sides=6)
        if self.phase == "do_attack":
            colour = self.combat["queue"][0]
            return Roll(f"the {colour} Deep Ones' attack", "R-IE-35",
                        count=self.on(self.human_cell, colour), sides=6)
        return None

    def _weapon(self: Any) -> tuple[int, int]:
        if self.weapon:
            info = self.data.card(self.weapon)
            return info.weapon_dice, info.weapon_hit_on
        return BASE_DICE, BASE_HIT_ON

    def rolled(self: Any, action: RollResult) -> list[Event]:
        prompt = self.combat_chance()
        if prompt is None:
            raise IllegalAction("R-IE-33", f"the box is not waiting for dice (phase "
                                f"{self.phase})")
        prompt.check(action)
        if self.phase == "attack":
            hit_on = self._weapon()[1]
            hits = sum(1 for f in action.faces if f >= hit_on)
            self.combat["faces"] = list(action.faces)
            self.combat["hit_on"] = hit_on
            events: list[Event] = [a.AttackRolled(action.faces, hit_on, hits)]
            kills = min(hits, self.pawns_on(self.human_cell))
            present = [c for c in self.in_game_colours() if self.on(self.human_cell, c)]
            if kills and kills < self.pawns_on(self.human_cell) and len(present) > 1:
                self.combat["hits"] = kills
                self.phase = "kill"
                return events
            killed = [c for c in present for _ in range(self.on(self.human_cell, c))][:kills]
            return events + self._killed(killed)
        colour = self.combat["queue"].pop(0)
        wounds = do_wounds(action.faces)
        self.wounds += wounds
        self.combat["log"].append({"colour": colour, "faces": list(action.faces),
                                   "wounds": wounds})
        return [a.DeepOnesAttacked(colour, action.faces, wounds), *self._next_attack()]

    def _kill(self: Any, action: a.Kill) -> list[Event]:
        if self.phase != "kill":
            raise IllegalAction("A-IE-20", "no hits are waiting to be assigned")
        wanted = Counter(action.colours)
        if len(action.colours) != self.combat["hits"]:
            raise IllegalAction("A-IE-20", f"choose {self.combat['hits']} Deep Ones to kill, "
                                f"not {len(action.colours)}")
        for colour, n in wanted.items():
            if colour not in self.pools:
                raise IllegalAction("A-IE-20", f"{colour!r} is not a colour in the game: "
                                    f"{', '.join(self.pools)}")
            if n > self.on(self.human_cell, colour):
                raise IllegalAction("R-IE-33", f"there are only {self.on(self.human_cell, colour)}"
                                    f" {colour} Deep Ones on {self.human_cell}")
        return self._killed(list(action.colours))

    def _killed(self: Any, colours: list[str]) -> list[Event]:
        for colour in colours:
            self._add(self.human_cell, colour, -1)
        self.combat["killed"] = list(colours)
        events: list[Event] = [a.Killed(tuple(colours))] if colours else []
        self.combat["queue"] = [c for c in self.in_game_colours()
                                if self.on(self.human_cell, c)]
        return events + self._next_attack()

    def _next_attack(self: Any) -> list[Event]:
        if self.combat["queue"]:
            self.phase = "do_attack"
            return []
        events: list[Event] = []
        here = self.shoggoths_on(self.human_cell)
        if here:
            wounds = SHOGGOTH_WOUNDS * len(here)
            self.wounds += wounds
            events.append(a.ShoggothsAttacked(tuple(here), wounds))
            self.combat["shoggoths"] = list(here)
            self.combat["shoggoth_wounds"] = wounds
        dead = tuple((c, self.on(self.human_cell, c)) for c in self.in_game_colours()
                     if self.on(self.human_cell, c))
        for colour, n in dead:
            self._add(self.human_cell, colour, -n)
        events.append(a.Casualties(dead, self.wounds))
        self.combat["casualties"] = [[c, n] for c, n in dead]
        self.combat["over"] = True
        if self.wounds >= self.threshold():
            reason = f"the Human has {self.wounds} wounds ({self.threshold()} kill him)"
            self.result = Outcome("win", tuple(self.do_seats()),
                                  f"The Deep Ones win: {reason}", "R-IE-38")
            self.phase = "over"
            return [*events, a.GameWon("deep_ones", reason, "R-IE-38")]
        self.phase = "plot"
        return events


def _fills(capacity: dict[str, int], count: int) -> list[tuple[str, ...]]:
    """Every way to pick ``count`` pawns by colour within ``capacity`` (colour order kept)."""
    colours = [c for c, n in capacity.items() if n > 0]
    found: list[tuple[str, ...]] = []

    def fill(i: int, left: int, chosen: list[str]) -> None:
        if left == 0:
            found.append(tuple(chosen))
            return
        if i == len(colours):
            return
        colour = colours[i]
        for n in range(min(left, capacity[colour]), -1, -1):
            fill(i + 1, left - n, chosen + [colour] * n)

    fill(0, count, [])
    return found
