"""*Lost in the Marsh* / *Snatched* event cards and their gambits (R-I32-42, A-I32-24), and end
task 1 (R-I32-69).

A ``snatched`` card that appears on screen does not go to the discards: it leaves the screen
(the slot is refilled) and stays in play (``event_cards``); its ``victims`` random victims
(data, default 1) are placed on it (their ``where`` is the card; a sanctuary occupant leaves
the sanctuary). A survivor on the card is in its own area of play (R-I32-62) and, as its
action, may only try the GAMBIT (or heal someone on the same card, or spend a horror star for
an extra action): a 2d6 test with base target 2, each committed spoint adding REEL#
(R-I32-42, A-I32-14: at most 11). Success: the survivor is back in its pool. Failure: the
card's data say what happens (``fail``): ``stay`` (default: the card's ``effect`` hits the
survivor - an attack with ``value``, ``value`` insanity tokens, ``value`` mythos, or the
director's manual adjustment - and it stays on the card) or ``eliminated``. A horror star may
re-roll a failed gambit. Monsters may attack a survivor on the card only if the card says
``attackable = true`` (A-I32-24); the card's own effect always reaches it. A card with no
victim left goes to the discards.

End task 1 (R-I32-69) "resolve in-play event cards: power play, then shuffling horror, then
plot device". In this engine an event stays in play only as such a card (shuffling horrors are
discarded on reveal, R-I32-21; resolved plot devices are removed from play, R-I32-22), and a
power play is "in play" while a survivor holds it. So: (1) every held power play with a
``manual_effect`` stops for the director's logged adjustment (A-I32-02), in seat order;
(2) every snatched card is resolved with the shuffling horrors: its data ``reel_end`` says
whether its victims are ``freed`` (default) or ``eliminated``; the card goes to the discards;
(3) no plot device is left in play.
"""

from __future__ import annotations

from typing import Any

from services.games.core import Event
from services.games.innsmouth_32 import actions as a
from services.games.innsmouth_32 import dice, explain


class Snatched:
    def on_event_card(self: Any, s: str) -> bool:
        return s in self.survivors and self.survivors[s]["where"] in self.event_cards

    def victims_on(self: Any, card: str) -> list[str]:
        return [s for s in self.in_play() if self.survivors[s]["where"] == card]

    def out_of_reach(self: Any) -> set[str]:
        """A-I32-24: survivors on a card that monsters may not attack."""
        return {s for s in self.in_play() if self.on_event_card(s)
                and not self.data.get(self.survivors[s]["where"]).attackable}

    def in_reach(self: Any, victim: str, cards: list[Any]) -> bool:
        """A monster attack's victim is still a target; an event card reaches its own
        victims."""
        return victim in self.survivor_targets() or (
            victim in self.survivors and self.survivors[victim]["where"] in cards)

    # ------------------------------------------------------------------ the card arrives

    def step_snatch(self: Any, card: str) -> list[Event]:
        info = self.data.get(card)
        self.off_screen(card)
        self.event_cards.append(card)
        self.push(*[["victim", info.name, ["snatch_victim", card]]] * info.victims,
                  ["snatch_done", card])
        return [a.Told("R-I32-42", f"{info.name} stays in play: its victims go on the card")]

    def step_snatch_victim(self: Any, card: str, s: str) -> list[Event]:
        if self.on_event_card(s):
            if any(v in self.survivors and not self.on_event_card(v)
                   for v in self.victim_cards()):  # (a hidden cultist's deck: not in play)
                self.push(["victim", self.card_name(card), ["snatch_victim", card]])
            return [a.Told("R-I32-33", f"{self.card_name(s)} is on an event card already")]
        me = self.survivors[s]
        events: list[Event] = self.leave_sanctuary(s) if me["where"] else []
        me["where"], me["inside"] = card, False
        return [*events, a.Told("R-I32-42", f"{self.card_name(s)} is on "
                                f"{self.card_name(card)}")]

    def step_snatch_done(self: Any, card: str) -> list[Event]:
        return self.event_check()

    def event_check(self: Any) -> list[Event]:
        """A card with no victim left goes to the discards."""
        events: list[Event] = []
        for card in list(self.event_cards):
            if not self.victims_on(card):
                self.event_cards.remove(card)
                self.discards.append(card)
                events.append(a.Told("R-I32-42", f"{self.card_name(card)} is discarded"))
        return events

    # ------------------------------------------------------------------ on the card

    def victim_acts(self: Any, seat: int, s: str, found: list[Any]) -> list[Any]:
        card = self.survivors[s]["where"]
        return [a.Act(seat, s, "gambit", card), *[x for x in found if x.kind == "heal"],
                *self.heal_item_acts(seat, s), *self.star_actions(seat)]

    def do_victim_heal(self: Any, act: a.Act) -> list[Event]:
        """The Doctor heals a victim of the same event (R-I32-62)."""
        self.survivors[act.survivor]["healed"] = True
        self.survivors[act.target]["insane"].remove(act.stat)
        return [a.Told("R-I32-62", f"{self.card_name(act.survivor)} heals "
                       f"{self.card_name(act.target)}'s {act.stat.upper()}"), *self.resume()]

    def do_gambit(self: Any, act: a.Act) -> list[Event]:
        """R-I32-42: base 2, each spoint worth REEL#."""
        s, card = act.survivor, act.target
        self.fight = {"kind": "gambit", "base": dice.GAMBIT_BASE, "spent": 0,
                      "worth": self.reel}
        limit = dice.target_spoints_limit(dice.GAMBIT_BASE, self.reel)
        self.push(["commit", s, f"the gambit (each spoint adds {self.reel})", limit],
                  ["roll", 2, f"{self.card_name(s)} tries a gambit", "R-I32-42",
                   ["gambit_rolled", s, card]])
        return self.resume()

    def step_gambit_rolled(self: Any, s: str, card: str, faces: list[int]) -> list[Event]:
        f = self.fight
        target = dice.effective_target(f["base"], f["spent"], f["worth"])
        ok = dice.passes((faces[0], faces[1]), target)
        words = f"gambit {f['base']}" + (
            f" + {explain.spoints(f['spent'])} x {f['worth']} = {target}" if f["spent"] else "")
        told = a.Told("R-I32-42", "Gambit " + explain.test(
            faces, target, words, ok, "success" if ok else "failure"))
        if s not in self.survivors or self.survivors[s]["where"] != card:
            return [told]
        if ok:
            self.survivors[s]["where"] = ""
            freed = a.Told("R-I32-42", f"{self.card_name(s)} escapes "
                           f"{self.card_name(card)}")
            return [told, freed, *self.event_check()]
        if self.survivors[s]["stars"]:
            return [told, *self.wait("choose", seat=self.owner(s), survivor=s, card=card,
                                     purpose="regambit", choices=["reroll", "accept"])]
        return [told, *self.gambit_failed(s, card)]

    def chose_regambit(self: Any, cur: dict[str, Any], value: str) -> list[Event]:
        s, card = cur["survivor"], cur["card"]
        if value == "accept":
            return self.gambit_failed(s, card) + self.run()
        self.survivors[s]["stars"] -= 1
        self.push(["roll", 2, f"{self.card_name(s)} re-rolls the gambit", "R-I32-67",
                   ["gambit_rolled", s, card]])
        told = a.Told("R-I32-67", f"{self.card_name(s)} spends a horror star to re-roll")
        return [told, *self.run()]

    def gambit_failed(self: Any, s: str, card: str) -> list[Event]:
        info = self.data.get(card)
        if info.fail == "eliminated":
            return self.eliminate(s, False, -1)
        if info.effect == "insanity":
            self.push(*[["event_hit", card, s]] * info.value)
        elif info.effect in ("attack", "mythos"):
            self.push(["event_hit", card, s])
        elif info.effect == "manual":
            self.push(["adjust", card])
        return [a.Told("R-I32-42", f"{self.card_name(s)} stays on {info.name}")]

    # ------------------------------------------------------------------ end task 1

    def end_task_one(self: Any) -> list[list[Any]]:
        """R-I32-69 task 1: power plays, then snatched cards (with the shuffling horrors); no
        plot device stays in play."""
        held = [c for seat in self.character_seats() for s in self.pools[seat]
                for c in self.survivors[s]["items"]
                if self.data.get(c).kind == "power_play" and self.data.get(c).manual_effect]
        return [*[["adjust", c] for c in held], *[["snatch_end", c] for c in self.event_cards]]

    def step_snatch_end(self: Any, card: str) -> list[Event]:
        if card not in self.event_cards:
            return []
        info = self.data.get(card)
        events: list[Event] = [a.Told("R-I32-69", f"{info.name} is resolved")]
        for s in self.victims_on(card):
            if info.reel_end == "eliminated":
                events += self.eliminate(s, False, -1)
            else:
                self.survivors[s]["where"] = ""
                events.append(a.Told("R-I32-69", f"{self.card_name(s)} is back in the pool"))
        return events + self.event_check()
