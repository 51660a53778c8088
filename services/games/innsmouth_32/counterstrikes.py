"""A survivor's counterstrike by the normal procedure (R-I32-51, R-I32-64, A-I32-10).

When a monster attack on a survivor fumbles (6-6), the victim strikes back at once with a free
attack against the attacker: the monster that attacked (a creature feature's, a lone
monster's counterstrike), or any monster of the throng that attacked (R-I32-30, R-I32-47: a
throng attacks as one, its target number the sum of its values); with a whole-throng item
(the Tommy Gun, R-I32-46) the whole attacking throng may be the target. A fumble on the locks
of a sanctuary lets the first survivor inside strike back (R-I32-64). The victim's player
chooses the target and the weapon among exactly the choices a normal attack of that survivor
offers (the action prompt's own list, :meth:`legal_act`, so the Hound's SPEED and the Night
Clerk's need of an item hold too), then commits spoints and rolls as for any attack
(:meth:`step_s_attack`). With one choice only (a lone monster, no usable item) nobody is
asked; with none (the Night Clerk without an item) there is no counterstrike. A
counterstrike's own fumble gives no new counterstrike unless the option
``counterstrike_chain`` is on.

The choice is the input phase ``counter`` (``current``: the seat, the survivor and the
``targets`` allowed), answered with an ``Act`` of kind ``attack``.
"""

from __future__ import annotations

import typing
from typing import Any

from services.games.core import Action, Event
from services.games.innsmouth_32 import actions as a

RULE = "A-I32-10"


class Counterstrikes:
    def counter_targets(self: Any, cards: list[str]) -> list[str]:
        """The attacker's monsters still in play; the whole throng too when the throng as a
        whole attacked (a whole-throng item may aim at it, R-I32-46)."""
        alive = [c for c in cards if c in self.monster_targets()]
        places = {self.owner_of(c) for c in alive}
        if len(places) != 1 or min(places) < 0:
            return alive
        seat, number = divmod(min(places), 10)
        whole = set(self.throngs[seat][number]) <= set(cards)
        return alive + ([f"throng:{seat}:{number}"] if whole else [])

    def step_counter(self: Any, s: str, cards: list[str]) -> list[Event]:
        """A-I32-10: the victim's player chooses the target and weapon (asked only when there
        is more than one choice)."""
        targets = self.counter_targets(cards)
        if s not in self.survivors or not targets:
            return []
        seat = self.owner(s)
        self.wait("counter", seat=seat, survivor=s, targets=targets)
        choices = self.legal_counter(seat)
        if len(choices) > 1:
            return []
        self.phase, self.current = "running", None
        if not choices:
            return [a.Told("R-I32-82" if s == self.data.night_clerk.id else RULE,
                           f"{self.card_name(s)} has no weapon to counterstrike with")]
        return self.counterstrike(typing.cast(a.Act, choices[0]))

    def legal_counter(self: Any, seat: int) -> list[Action]:
        """The attacks the survivor's action prompt would offer, at the attacker only."""
        cur = self.current
        if seat != cur["seat"]:
            return []
        return [x for x in self.legal_act(seat) if isinstance(x, a.Act)
                and x.kind == "attack" and x.target in cur["targets"]]

    def do_counter(self: Any, action: Action) -> list[Event]:
        self.phase, self.current = "running", None
        return self.counterstrike(typing.cast(a.Act, action)) + self.run()

    def counterstrike(self: Any, act: a.Act) -> list[Event]:
        self.push(["s_attack", act.survivor, act.target, act.item, act.stat, True])
        return [a.Told(RULE, f"{self.card_name(act.survivor)} counterstrikes "
                       f"{self.target_name(act.target)} {self.weapon_words(act)}")]

    def weapon_words(self: Any, act: a.Act) -> str:
        """``with bare hands (MUSCLE 7)``, ``with the Fire Axe (MUSCLE 7)``."""
        hound = act.survivor == self.data.hound.id  # R-I32-81: SPEED, no item
        stat = act.stat or ("speed" if hound else "muscle")
        item = self.card_name(act.item) if act.item else ""
        what = item if item.startswith("The ") else f"the {item}" if item else \
            "its jaws" if hound else "bare hands"
        return f"with {what} ({stat.upper()} {self.stat(act.survivor, stat)})"

    def why_not(self: Any, action: Action) -> tuple[str, str]:
        if self.phase != "counter" or not isinstance(action, a.Act):
            return typing.cast(tuple[str, str], super().why_not(action))  # type: ignore[misc]
        cur = self.current
        who, name = f"Seat {action.seat + 1}", self.card_name(cur["survivor"])
        allowed = self.legal_counter(cur["seat"])
        aimed = list(dict.fromkeys(typing.cast(a.Act, x).target for x in allowed))
        aims = ", ".join(self.target_name(t) for t in aimed)
        if action.survivor != cur["survivor"] or action.kind != "attack":
            return RULE, (f"{who} cannot do that now: {name} counterstrikes, with an attack "
                          f"on {aims}")
        if action.target not in aimed:
            return RULE, (f"{who} cannot counterstrike {self._name(action.target)}: "
                          f"{name} strikes back at the attacker only: {aims}")
        ways = ", ".join(dict.fromkeys(self.weapon_words(typing.cast(a.Act, x))[5:]
                                       for x in allowed
                                       if typing.cast(a.Act, x).target == action.target))
        return "R-I32-43", (f"{who} cannot counterstrike {self.target_name(action.target)} "
                            f"that way: {name} attacks as in a normal attack, with {ways}")
