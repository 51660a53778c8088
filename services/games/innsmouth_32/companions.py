"""The Hound and the Night Clerk of Innsmouth 32 (R-I32-81, R-I32-82).

The Hound (option ``hound``): it replaces a survivor the director chooses (``replace``) or a
random victim draw picks (``replace_random``): that survivor and its victims card are out of
the game and the Hound is shuffled into the survivor pile in its place; or it is a 13th
survivor in the pile (``thirteenth``); or a random victim draw picks the survivor it comes
with as a companion (``companion``: when that survivor is drawn the Hound joins the same pool,
if the pool has room). It has only SPEED and GUTS: an ATTACK action is 2 SPEED attacks (the
second at a target chosen after the first); it holds no item (no TAKE, no SEARCH) and cannot
take the BRAINS test; insanity may cover any of its 4 stats. It is never a random victim. Once
per reel it may rescue a survivor in its area of play (the pool, or the same sanctuary): a
successful attack on that survivor hits the Hound instead. Eliminated, it is removed from
play, or (option ``hound_returns``) goes to the discards. A Hound in the discards (also when
the survivor loss takes it unseen from the pile: it never becomes a familiar face) that comes
back on the screen is taken as a survivor by a spotlight action (3 rest spoints) or faded out
by the director.

The Night Clerk (option ``night_clerk``): shuffled into the movie deck. On the screen he is a
monster (value 8) for attacks, creature features and TAKE+ATTACK, and a character player may
take him as a survivor with a spotlight action: he joins the pool with 3 rest spoints and his
9 mythos, then acts. He has only BRAINS and GUTS: no attack without an item (an item of
BRAINS or GUTS), no counterstrike without one, and he flails with BRAINS. He is immune to
insanity, never a random victim, of no faction. Eliminated, he is a familiar face worth 8.
"""

from __future__ import annotations

from typing import Any

from services.games.core import Action, Event
from services.games.innsmouth_32 import actions as a
from services.games.innsmouth_32 import dice
from services.games.innsmouth_32.data import STATS

HOUND_CANNOT = ("take", "search", "sanctuary_search", "mythos", "heal")


class Companions:
    # ------------------------------------------------------------------ set-up

    def step_hound_pick(self: Any) -> list[Event]:
        return self.wait("choose", seat=self.director, choices=list(self.victims),
                         purpose="hound")

    def chose_hound(self: Any, cur: dict[str, Any], value: str) -> list[Event]:
        return self.hound_replaces(value)

    def hound_replaces(self: Any, survivor: str) -> list[Event]:
        self.mods["replaced"] = survivor
        self.victims.remove(survivor)
        return [a.Told("R-I32-81", f"The Hound replaces {self.card_name(survivor)}: that "
                       "survivor and its victims card are out of the game")]

    def step_hound_draw(self: Any) -> list[Event]:
        purpose = "random victim: the survivor the Hound " + (
            "replaces" if self.options["hound"] == "replace_random" else "comes with")
        return self.wait("pick", deck="victims", items=list(self.victims), rule="R-I32-81",
                         purpose=purpose, then=["hound_drawn"])

    def step_hound_drawn(self: Any, survivor: str) -> list[Event]:
        if self.options["hound"] == "replace_random":
            return self.hound_replaces(survivor)
        self.mods["companion"] = survivor
        return [a.Told("R-I32-81", f"The Hound will come with {self.card_name(survivor)}")]

    def companion_joins(self: Any, seat: int, survivor: str) -> list[Event]:
        """``companion``: the Hound joins the pool of the survivor it comes with."""
        hound = self.data.hound.id
        if survivor != self.mods["companion"] or hound in self.survivors or \
                hound in self.removed or len(self.pools[seat]) >= 3:
            return []
        self.pools[seat].append(hound)
        self.survivors[hound] = {"rest": 0, "mythos": 0, "items": [], "stores": {},
                                 "insane": [], "stars": 0, "where": "", "inside": False,
                                 "healed": False}
        return [a.Shown("R-I32-81", f"The Hound comes with {self.card_name(survivor)}", hound)]

    # ------------------------------------------------------------------ stats

    def stat(self: Any, survivor: str, stat: str) -> int:
        """R-I32-82: the Night Clerk has no SPEED and flails with BRAINS."""
        if survivor == self.data.night_clerk.id and stat == "speed":
            stat = "brains"
        return int(super().stat(survivor, stat))  # type: ignore[misc]

    def insanity_stats(self: Any, s: str) -> tuple[str, ...]:
        """The stats an insanity token may cover: the Hound's 4 (R-I32-81), else the
        active ones (A-I32-15)."""
        return STATS if s == self.data.hound.id else tuple(self.data.get(s).stats)

    def step_insanity(self: Any, s: str) -> list[Event]:
        if s == self.data.night_clerk.id and s in self.survivors:
            return [a.Told("R-I32-82", "The Night Clerk is immune to insanity")]
        return super().step_insanity(s)  # type: ignore[misc]

    # ------------------------------------------------------------------ turns

    def legal_turn(self: Any, seat: int) -> list[Action]:
        found: list[Action] = super().legal_turn(seat)  # type: ignore[misc]
        hound = self.data.hound.id
        found = [x for x in found if not (isinstance(x, a.Spotlight) and x.survivor == hound)]
        must_draw = not self.pools[seat] and self.to_draw(seat)
        if len(self.pools[seat]) < 3 and not must_draw:
            found += [a.Spotlight(seat, c, c) for c in self.screen_people()]
        return found

    def screen_people(self: Any) -> list[str]:
        """Face-up screen cards a spotlight may take as a survivor: the Night Clerk (not once
        fallen: then a monster, R-I32-82) and a Hound back from the discards (R-I32-81)."""
        people = {self.data.hound.id} | ({self.data.night_clerk.id} - set(self.familiar)
                                         if self.options["night_clerk"] else set())
        return [s["card"] for s in self.screen if s["card"] in people and not s["down"]]

    def fade_cards(self: Any) -> list[str]:
        """R-I32-81: the director may fade out a Hound back on the screen."""
        found: list[str] = super().fade_cards()  # type: ignore[misc]
        hound = self.data.hound.id
        return found + [s["card"] for s in self.screen if s["card"] == hound and not s["down"]]

    def do_turn(self: Any, action: Action) -> list[Event]:
        if not isinstance(action, a.Spotlight) or action.card not in self.module_people():
            return super().do_turn(action)  # type: ignore[misc]
        seat, card = action.seat, action.card
        self.off_screen(card)
        self.pools[seat].append(card)
        info = self.data.get(card)
        self.survivors[card] = {"rest": 3, "mythos": info.mythos, "items": [], "stores": {},
                                "insane": [], "stars": 0, "where": "", "inside": False,
                                "healed": False}
        self.push(["survivor_act", seat, card, False], ["after_survivor", card])
        told = a.Told("R-I32-82" if card == self.data.night_clerk.id else "R-I32-81",
                      f"Seat {seat + 1} takes {info.name} as a survivor: 3 rest spoints"
                      + (f" and {info.mythos} mythos" if info.mythos else ""))
        return [told, *self.resume()]

    def legal_act(self: Any, seat: int) -> list[Action]:
        found: list[Action] = super().legal_act(seat)  # type: ignore[misc]
        s = self.current["survivor"]
        if s == self.data.hound.id:
            return [x for x in found if isinstance(x, a.Act) and x.kind not in HOUND_CANNOT
                    and not x.item]
        if s == self.data.night_clerk.id:
            active = self.data.night_clerk.stats
            return [x for x in found if not (isinstance(x, a.Act) and x.kind == "attack"
                                             and x.stat not in active)]
        return found

    def do_act(self: Any, action: Action) -> list[Event]:
        act = action  # an Act, or a horror star's extra action (a.StarAction) at this prompt
        if isinstance(act, a.Act) and act.survivor == self.data.hound.id and \
                act.kind == "attack":
            self.push(["hound_again", act.survivor])  # R-I32-81: the second SPEED attack
        return super().do_act(action)  # type: ignore[misc]

    def step_s_attack(self: Any, s: str, target: str, item: str, stat: str,
                      counter: bool) -> list[Event]:
        if s == self.data.hound.id and not item:
            stat = "speed"  # R-I32-81
        elif s == self.data.night_clerk.id and not stat and s in self.survivors:
            return [a.Told("R-I32-82", "The Night Clerk has no MUSCLE: no attack without an "
                           "item")]
        return super().step_s_attack(s, target, item, stat, counter)  # type: ignore[misc]

    def step_hound_again(self: Any, hound: str) -> list[Event]:
        if hound not in self.survivors or not self.monster_targets():
            return []
        return self.wait("choose", seat=self.owner(hound), survivor=hound,
                         choices=[*self.monster_targets(), "pass"], purpose="hound_attack")

    def chose_hound_attack(self: Any, cur: dict[str, Any], value: str) -> list[Event]:
        if value != "pass":
            self.push(["s_attack", cur["survivor"], value, "", "speed", False])
        return []

    # ------------------------------------------------------------------ rescue

    def step_m_rolled(self: Any, faces: list[int]) -> list[Event]:
        """R-I32-81: before a successful attack on a survivor is resolved, the Hound may take
        it (once per reel, in the same area of play)."""
        f = self.fight
        hound = self.data.hound.id
        victim = f["victim"]
        roll = dice.attack_roll((faces[0], faces[1]), f["target"])
        if roll.success and not self.mods["rescued"] and hound in self.survivors and \
                victim in self.survivors and victim != hound and \
                victim in self.survivor_targets() and hound in self.attackable() and \
                self.survivors[hound]["where"] == self.survivors[victim]["where"]:
            self.push(["m_decided", faces])
            return self.wait("choose", seat=self.owner(hound), survivor=hound,
                             choices=["rescue", "pass"], purpose="rescue")
        return super().step_m_rolled(faces)  # type: ignore[misc]

    def step_m_decided(self: Any, faces: list[int]) -> list[Event]:
        return super().step_m_rolled(faces)  # type: ignore[misc]

    def chose_rescue(self: Any, cur: dict[str, Any], value: str) -> list[Event]:
        if value != "rescue" or cur["survivor"] not in self.survivors:
            return []
        victim = self.fight["victim"]
        self.fight["victim"] = cur["survivor"]
        self.mods["rescued"] = True
        return [a.Told("R-I32-81", f"The Hound rescues {self.card_name(victim)}: it takes the "
                       "attack")]

    # ------------------------------------------------------------------ elimination

    def eliminate(self: Any, s: str, overkill: bool, placer: int) -> list[Event]:
        if s != self.data.hound.id:
            return super().eliminate(s, overkill, placer)  # type: ignore[misc]
        me = self.survivors.pop(s)
        self.pools[self.owner_of_pool(s)].remove(s)
        for sanctuary in self.sanctuaries:
            if s in sanctuary["occupants"]:
                sanctuary["occupants"].remove(s)
        self.discards.extend(me["items"])
        if self.options["hound_returns"]:
            self.discards.append(s)
            self.seen.append(s)
            return [a.Told("R-I32-81", "The Hound is eliminated: to the discards, it may "
                           "come back")]
        self.removed.append(s)
        return [a.Told("R-I32-81", "The Hound is eliminated: removed from play")]

    def step_survivor_loss(self: Any) -> list[Event]:
        """R-I32-69 task 5, R-I32-81: the Hound never becomes a familiar face: when it is the
        top card of the pile it goes to the discards unseen all the same, as a Hound that may
        come back on the screen (taken by a spotlight, or faded out)."""
        if self.survivor_pile and self.survivor_pile[0] == self.data.hound.id:
            self.discards.append(self.survivor_pile.pop(0))  # a Hound that may come back
            return [a.Told("R-I32-69", "Survivor loss: the top survivor goes to the discards "
                           "unseen as a familiar face")]  # the same words: nobody learns it
        return list(super().step_survivor_loss())  # type: ignore[misc]

    def owner_of_pool(self: Any, s: str) -> int:
        return next(seat for seat, pool in enumerate(self.pools) if s in pool)
