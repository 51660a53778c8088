"""The menus a seat's buttons move through in Innsmouth 32, built from its view and its legal
actions.

An item's value is an action (handed to the table) or a callable that returns a menu to
open. Each input phase has a dedicated first menu (a character player's turn and each
survivor's action, spoints before a roll, the director's attacks, placing, fade out, the
choices, the referee adjustment, identifying a card); any legal action none of them reaches
(an action the engine gained later) is listed under "More choices", level by level
(:mod:`.levels`), so every legal action is one the buttons can choose. An item the rules
refuse now is greyed with the engine's reason.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from services.games.core import Action
from services.games.innsmouth_32 import actions as a
from services.referee.box.menu import Item, Menu, reader
from services.referee.box.render import fit
from services.referee.tables.innsmouth_32 import holdings
from services.referee.tables.innsmouth_32 import labels as lb
from services.referee.tables.innsmouth_32.levels import Levels, reachable, type_word
from services.referee.tables.innsmouth_32.spoints import Spoints, stat_of

Why = Callable[[Action], str]
Describe = Callable[[Action], str]
ACT_WORDS = {"rest": "Rest: +2 rest", "attack": "Attack", "mythos_attack": "Mythos attack",
             "take": "Take a card", "move": "Move to sanctuary", "mythos": "Mythos test",
             "search": "Search 2 discards", "sanctuary_rest": "Rest here: +3",
             "investigate": "Investigate", "sanctuary_search": "Search 4 discards",
             "heal": "Heal insanity"}
SHOWN_GREYED = ("attack", "take", "search")  # kinds shown greyed (with the reason) if refused
GENERIC = "not one of the allowed choices"  # the engine's refusal that names no cause
CHOICES = {("plot", "resolve"): "Resolve it", ("plot", "discard"): "Discard it",
           ("clip", "clip"): "Clip the reel", ("clip", "play_on"): "Play on",
           ("cut", "cut"): "Director's cut", ("cut", "pass"): "No cut",
           ("reroll", "reroll"): "Re-roll (a star)", ("reroll", "accept"): "Accept the roll",
           ("regambit", "reroll"): "Re-roll (a star)", ("regambit", "accept"): "Accept",
           ("reflail", "reroll"): "Re-roll (a star)", ("reflail", "accept"): "Accept",
           ("rescue", "rescue"): "Rescue!", ("give", "give"): "Give it",
           ("give", "refuse"): "Refuse", ("los_star", "roll"): "Roll the stars",
           ("los_star", "waive"): "Waive them"}
CHOICE_TITLES = {"plot": "Plot device", "clip": "Clip the reel?", "cut": "Director's cut?",
                 "reroll": "Failed: re-roll?", "dibs": "First dibs!", "star": "Horror star:",
                 "insanity": "Insanity: stat?", "cultist": "Secret cultist?",
                 "hound": "The Hound: whose?", "hound_attack": "Hound attacks?",
                 "rescue": "Hound: rescue?", "give": "Give the item?",
                 "regambit": "Gambit failed", "reflail": "Flail failed",
                 "force": "Force a re-roll?", "los_star": "Last One Standing",
                 "terror": "Which terror?", "terror_place": "Terror under?"}
PLACE_TITLES = {"creature": "Creature feature", "face": "Familiar face",
                "cut": "Director's cut"}
ADJUST_KINDS = {"rest": "Rest spoints", "mythos": "Mythos", "power": "Power spoints",
                "stars": "Horror stars", "locks": "Sanctuary locks",
                "tokens": "Sanctuary mythos", "insanity_muscle": "Insanity MUSCLE",
                "insanity_speed": "Insanity SPEED", "insanity_brains": "Insanity BRAINS",
                "insanity_guts": "Insanity GUTS"}


class SeatMenus:
    """The menus of one seat at one moment."""

    def __init__(self, seat: int, view: dict[str, Any], legal: list[Action],
                 labels: list[str], data: Any, why: Why, describe: Describe,
                 acted: Action | None = None) -> None:
        self.seat, self.view, self.legal, self.labels = seat, view, legal, labels
        self.data, self.why = data, why
        self.acted = acted  # the seat's last chosen action (the stat of its attack)
        self.levels = Levels(self.label, describe)

    # ------------------------------------------------------------------ helpers

    def first(self) -> Menu | None:
        """The menu of what the seat has to do now, with "More choices" for any legal
        action the dedicated menu does not reach."""
        if not self.legal:
            return None
        if self.view["step"].get("seat") != self.seat and all(
                x.type == "star_action" for x in self.legal):
            return self.star_menu()  # R-I32-67: not asked, a horror star at any time
        builder = getattr(self, f"phase_{self.view['phase']}", None)
        if builder is None:
            return self.levels.menu(lb.kind_word(self.view["phase"]), self.legal)
        menu: Menu = builder()
        found = reachable(menu)
        missing = [x for x in self.legal if x not in found]
        if missing:
            menu.items.append(Item("More choices", lambda: self.levels.menu(
                "More choices", missing)))
        return menu

    def _of(self, kind: type) -> list[Any]:
        return [x for x in self.legal if isinstance(x, kind)]

    def name(self, some_id: str, width: int = 20) -> str:
        return lb.name(self.data, some_id, width)

    def values(self) -> dict[str, int]:
        """Card -> value of every monster the view shows (screen and throngs)."""
        found = {s["card"]: int(s["value"]) for s in self.view["screen"]
                 if s.get("card") and "value" in s}
        for throngs in self.view["throngs"]:
            for throng in throngs:
                found.update({m["card"]: int(m["value"]) for m in throng if "value" in m})
        return found

    def monster(self, card: str, width: int = 20) -> str:
        value = self.values().get(card)
        if value is None:
            return self.name(card, width)
        return f"{self.name(card, width - len(str(value)) - 1)} {value}"

    def throng(self, number: int, seat: int | None = None) -> str:
        owner = self.seat if seat is None else seat
        throngs = self.view["throngs"][owner]
        throng = throngs[number] if number < len(throngs) else []
        if owner == self.seat:
            return lb.throng_line(number + 1, throng, 20)
        return f"S{owner + 1} {lb.throng_line(number + 1, throng, 17)}"

    def slot(self, index: int) -> str:
        """A screen slot as the public screen shows it: its card, face down, or empty."""
        slots = self.view["screen"]
        slot = slots[index] if 0 <= index < len(slots) else {}
        card = slot.get("card", "")
        what = self.monster(card, 12) if card else "face down" if slot.get("face_down") \
            else "empty"
        return f"Slot {index + 1}: {what}"

    def label(self, field: str, value: Any) -> str:
        """A field's value as an item reads it."""
        if isinstance(value, bool):
            return "yes" if value else "no"
        if field == "throng" and isinstance(value, int):
            return self.throng(value) if value >= 0 else "no throng"
        if field == "slot" and isinstance(value, int):
            return self.slot(value)
        if field == "lend" and isinstance(value, int):
            return f"Lend {value} power" if value else "Lend nothing"
        if field == "amount" and isinstance(value, int):
            return f"{value:+d}"
        if field == "kind" and isinstance(value, str):
            return ADJUST_KINDS.get(value, ACT_WORDS.get(value, lb.kind_word(value)))
        if field == "stat" and isinstance(value, str):
            return lb.stat_word(value) if value else "MUSCLE"
        if isinstance(value, int):
            return str(value)
        if isinstance(value, str):
            if not value:
                return {"item": "no item", "target": "no target"}.get(field, "none")
            if field == "value":
                return self.choice_word(value)
            return self.monster(value) if value in self.values() else self.name(value)
        return lb.shorten(str(value), 20)

    def choice_word(self, value: str) -> str:
        purpose = self.view["step"].get("purpose", "")
        if (purpose, value) in CHOICES:
            return CHOICES[(purpose, value)]
        if value == "pass":
            return "Pass"
        if value.startswith("throng:"):
            parts = value.split(":")
            if len(parts) == 3 and parts[1].isdigit() and parts[2].isdigit():
                return self.throng(int(parts[2]), int(parts[1]))
        if value in lb.STATS:
            return lb.stat_word(value)
        return self.name(value)

    # ------------------------------------------------------------------ a character player

    def phase_turn(self) -> Menu:
        items = [Item("Pool actions", x) for x in self._of(a.Pool)]
        spot = self._of(a.Spotlight)
        if spot:
            items.append(self.levels.item("Take+act", spot, "Take+act: who?"))
        draw = a.DrawSurvivor(self.seat)
        items.append(Item("Draw survivor+act", draw,
                          why="" if draw in self.legal else self.why(draw)))
        items += self.star_items()
        items.append(Item("My survivors", lambda: holdings.survivors_menu(self)))
        return Menu("Your turn", items)

    def star_items(self) -> list[Item]:
        """A horror star spent for an extra action (R-I32-67), by survivor."""
        stars = [x for x in self.legal if x.type == "star_action"]
        return [self.levels.item(type_word("star_action"), stars, "Star: who acts?")] \
            if stars else []

    def star_menu(self) -> Menu:
        return Menu("Horror star", [*self.star_items(), Item(
            "My survivors", lambda: holdings.survivors_menu(self))], lines=["extra action now"])

    def phase_act(self) -> Menu:
        s = self.view["step"].get("survivor", "")
        acts = self._of(a.Act)
        kinds = list(dict.fromkeys([*a.ACT_KINDS, *(x.kind for x in acts)]))
        items = []
        for kind in kinds:
            group = [x for x in acts if x.kind == kind]
            word = ACT_WORDS.get(kind, lb.kind_word(kind))
            if kind == "mythos_attack" and group:
                items.append(Item(word, self._mythos_attack(group)))
            elif kind == "attack" and group:
                items.append(Item(word, self._attack(group)))
            elif group:
                items.append(self.levels.item(word, group))
            elif kind in SHOWN_GREYED:
                why = self.why(a.Act(self.seat, s, kind))
                if why and GENERIC not in why:  # a reason naming no cause is left out
                    items.append(Item(word, None, why=why))
        items += self.star_items()
        items += [Item("Pass", x) for x in self._of(a.Pass)]
        items.append(Item("My survivors", lambda: holdings.survivors_menu(self)))
        return Menu(fit(f"{self.name(s, 15)}: act", "Act?"), items)

    def phase_counter(self) -> Menu:
        """A-I32-10: the counterstrike's target, then its weapon, as in a normal attack."""
        acts = self._of(a.Act)
        who = self.name(self.view["step"].get("survivor", ""), 21)
        targets = list(dict.fromkeys(x.target for x in acts))
        if len(targets) == 1:
            return Menu("Strike back with?", self._weapon(acts)().items,
                        lines=[fit(f"at {self.label('target', targets[0])}",
                                   self.label("target", targets[0]))])
        menu = self._attack(acts)()
        return Menu("Strike back at?", menu.items, lines=[who])

    def _stat(self, survivor: str, stat: str) -> str:
        value = self.view["survivors"].get(survivor, {}).get("stats", {}).get(stat, "?")
        return f"{lb.stat_word(stat)} {value}"

    def _attack(self, group: list[a.Act]) -> Callable[[], Menu]:
        def build() -> Menu:
            targets: dict[str, list[a.Act]] = {}
            for x in group:
                targets.setdefault(x.target, []).append(x)
            return Menu("Attack what?", [Item(self.label("target", t), self._weapon(found)
                                              if len(found) > 1 else found[0])
                                         for t, found in targets.items()])
        return build

    def _weapon(self, found: list[a.Act]) -> Callable[[], Menu]:
        def build() -> Menu:
            items = []
            for x in found:
                stat = self._stat(x.survivor, stat_of(x))
                label = f"Hands: {stat}" if not x.item else fit(
                    f"{self.name(x.item, 19 - len(stat))} {stat}", self.name(x.item))
                items.append(Item(label, x))
            return Menu("With?", items, lines=[self.label("target", found[0].target)])
        return build

    def _mythos_attack(self, group: list[a.Act]) -> Callable[[], Menu]:
        def build() -> Menu:
            s = group[0].survivor
            mythos = self.view["survivors"].get(s, {}).get("mythos", 0)
            stores = self.view["survivors"].get(s, {}).get("stores", {})
            targets: dict[str, list[a.Act]] = {}
            for x in group:
                targets.setdefault(x.target, []).append(x)

            def store(x: a.Act) -> str:
                return f"own mythos {mythos}" if not x.item else fit(
                    f"{self.name(x.item, 14)} +{stores.get(x.item, 0)}", self.name(x.item))

            return Menu("Banish what?", [
                Item(self.label("target", t), found[0] if len(found) == 1 else (
                    lambda found=found: Menu("Mythos from?", [Item(store(x), x)
                                                               for x in found])))
                for t, found in targets.items()], lines=[f"{mythos} mythos"])
        return build

    # ------------------------------------------------------------------ spoints

    def lending(self) -> Menu | None:
        """Another player's survivor rolls: this seat may lend power spoints (R-I32-55)."""
        if self.view["step"].get("seat", self.seat) == self.seat:
            return None
        who = self.name(self.view["step"].get("survivor", ""), 12)
        items = [Item(self.label(x.type, getattr(x, "power", 0)), x) for x in self.legal
                 if x.type == "lend"]  # and a horror star's extra action (R-I32-67)
        return Menu("Lend power?", items + self.star_items(),
                    lines=[fit(f"to {who}", "to lend")])

    def phase_commit(self) -> Menu:
        lend = self.lending()
        if lend is not None:
            return lend
        name = self.name(self.view["step"].get("survivor", ""), 10)
        stat = stat_of(self.acted) if isinstance(self.acted, a.Act) and \
            self.acted.kind == "attack" else ""
        return Spoints(self.seat, self.view, self.legal, self.why, stat).commit(a.Commit, name)

    def phase_negate(self) -> Menu:
        lend = self.lending()
        if lend is not None:
            return lend
        name = self.name(self.view["step"].get("survivor", ""), 10)
        return Spoints(self.seat, self.view, self.legal, self.why).negate(a.Negate, a.Flail,
                                                                          name)

    # ------------------------------------------------------------------ the director

    def phase_director(self) -> Menu:
        items = []
        takes = self._of(a.TakeAttack)
        if takes:
            items.append(Item("Take+attack", lambda: self._take(takes)))
        covers = [x for x in self.legal if x.type == "cover_attack"]
        if covers:
            items.append(self.levels.item(type_word("cover_attack"), covers,
                                          "Cover which slot?"))
        items += [Item("All-out attack", x) for x in self._of(a.AllOut)]
        items += [Item(type_word(x.type), x) for x in self.legal if x.type == "monster_cut"]
        items += [Item("Pass: no attack", x) for x in self._of(a.Pass)]
        items.append(Item("My throngs", lambda: holdings.throngs_menu(self)))
        return Menu("Director's turn" if self.seat == self.view["director"] else
                    "Monster turn", items)

    def _take(self, takes: list[a.TakeAttack]) -> Menu:
        cards: dict[str, list[a.TakeAttack]] = {}
        for x in takes:
            cards.setdefault(x.card, []).append(x)
        return Menu("Take which?", [Item(self.monster(c), self._into(c, found))
                                    for c, found in cards.items()])

    def _into(self, card: str, found: list[a.TakeAttack]) -> Callable[[], Menu]:
        def build() -> Menu:
            throngs: dict[int, list[a.TakeAttack]] = {}
            for x in found:
                throngs.setdefault(x.throng, []).append(x)
            return Menu("Into throng?", [Item(self.throng(t), self._target(t, xs))
                                         for t, xs in throngs.items()],
                        lines=[self.monster(card, 21)])
        return build

    def _target(self, throng: int, found: list[Any]) -> Callable[[], Menu]:
        def build() -> Menu:
            return Menu("Attack whom?", [Item(self.label("target", x.target), x)
                                         for x in found], lines=[f"with throng {throng + 1}"])
        return build

    def phase_aim(self) -> Menu:
        throng = int(self.view["step"].get("throng", 0))
        seat = int(self.view["step"].get("seat", self.seat))
        return Menu(f"Aim throng {throng + 1}", [Item(self.label("target", x.target), x)
                                                  for x in self._of(a.Aim)],
                    lines=[self.throng(throng, seat)])

    def phase_place(self) -> Menu:
        purpose = self.view["step"].get("purpose", "")
        title = PLACE_TITLES.get(purpose, "Place a monster")
        places = self._of(a.Place)
        if len({x.card for x in places}) == 1:
            return Menu(title, [Item(self.throng(x.throng), x) for x in places],
                        lines=[fit(f"{self.monster(places[0].card, 13)} into?",
                                   self.monster(places[0].card, 21))])
        return self.levels.menu(title, places, ["take one, place it"])

    def phase_fade(self) -> Menu:
        return Menu("Fade out?", [*[Item("No fade out", x) for x in self._of(a.Pass)],
                                  *[Item(self.name(x.card), x) for x in self._of(a.FadeOut)]],
                    lines=["gone in 3 turns"])

    # ------------------------------------------------------------------ choices

    def phase_choose(self) -> Menu:
        step = self.view["step"]
        purpose = step.get("purpose", "")
        lines = []
        if step.get("card"):
            lines.append(self.name(step["card"], 21))
        elif step.get("survivor"):
            lines.append(self.name(step["survivor"], 21))
        items = [Item(self.choice_word(x.value), x) for x in self._of(a.Choose)]
        if purpose == "plot" and step.get("card"):
            items.insert(0, self._read(step["card"]))
        return Menu(CHOICE_TITLES.get(purpose, "Choose"), items, lines=lines)

    def _read(self, card: str) -> Item:
        try:
            info = self.data.get(card)
            text = " ".join(x for x in (getattr(info, "text", ""),
                                        getattr(info, "manual_effect", "")) if x)
        except KeyError:
            text = ""
        return Item("Read the card", lambda: reader(self.name(card, 21), text or "no text"))

    def phase_adjust(self) -> Menu:
        card = self.view["step"].get("card", "")
        adjusts = [x for x in self._of(a.Adjust) if x.kind != "done"]
        items = [self._read(card), *[Item("Done: it is applied", x) for x in self._of(a.Adjust)
                                     if x.kind == "done"]]
        kinds: dict[str, list[a.Adjust]] = {}
        for x in adjusts:
            kinds.setdefault(x.kind, []).append(x)
        items += [self.levels.item(self.label("kind", k), found) for k, found in kinds.items()]
        return Menu(fit(f"Apply: {self.name(card, 13)}", "Apply the card"), items)

    def phase_identify(self) -> Menu:
        found = [x for x in self.legal if x.type == "identify"]
        return Menu("Which card?", [Item(self.name(getattr(x, "card", "")), x) for x in found],
                    lines=["or tap its tag"])
