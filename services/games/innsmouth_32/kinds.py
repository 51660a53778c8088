"""The kinds of values in an Innsmouth 32 snapshot and the checker that knows them: the step
queue's steps and their arguments, the shapes of a fight and of the current step, and what each
kind of id must be (a survivor in play, a movie card, a sanctuary in a corner, a seat). Used by
:mod:`snapshot`."""

from __future__ import annotations

from typing import Any

from services.games.core import SnapshotError
from services.games.innsmouth_32.anytime import interrupted_ok
from services.games.innsmouth_32.data import STATS
from services.games.innsmouth_32.physical import UNKNOWN

SURVIVOR = {"rest": "rest", "mythos": "count", "items": ["held"], "stores": "stores",
            "insane": ["stat"], "stars": "count", "where": "place?", "inside": "bool",
            "healed": "bool"}
SANCTUARY = {"card": "sanctcard", "locks": "count", "mythos": "count", "occupants": ["sv"],
             "items": ["movie"]}
FACES = "faces"
OPTIONAL = {"sanctuaries": {"stores": "stores"}}  # keys a value may lack (R-I32-65 stores)
STEPS: dict[str, tuple[Any, ...]] = {
    "shuffle": ("deck", "then"), "power": (), "draw_start": ("charseat",), "setup_screen": (),
    "seat_turn": ("seat",), "next_seat": ("seat",), "checkpoint": (),
    "survivor_act": ("seat", "svid", "bool"), "after_survivor": ("svid?",),
    "s_attack": ("svid", "mtarget", "item?", "stat?", "bool"), "s_rolled": ("faces2",),
    "s_hurt": ("faces1",), "commit": ("svid", "str", "count"),
    "roll": ("dice", "str", "str", "then_step"),
    "m_attack": ("owner", "ref", "str", "bool"), "m_rolled": ("faces2",), "m_hurt": (FACES,),
    "flail": ("sv", "count"), "flailed": ("sv", "faces2"), "aim": ("seat", "throng"),
    "after_director": ("seat",), "reveal": ("str", "bool"), "flip": ("slot", "str"),
    "plot_device": ("screencard",), "event": ("movie", "bool"), "adjust": ("movie",),
    "creature": ("str",), "cf_take": ("seat",), "countdown": (), "fade_offer": (),
    "place_face": ("seat", "svid"), "saved": ("faces2",), "s_test": ("sv", "stat", "str"),
    "tested": ("svid", "str", "faces2"), "shuffle_search": ("svid", "count"),
    "searched": ("svid", "count"), "investigated": ("svid", "faces1"),
    "victim": ("str", "then_step"), "event_hit": ("movie", "sv"), "insanity": ("svid",),
    "insanity_rolled": ("sv", "faces1"), "los_turn": ("seat",), "los_attack": ("seat",),
    "los_end": (), "end_tasks": (), "star": (), "survivor_loss": (), "new_reel": (),
    "dibs": ("movie", ["charseat"]), "clip_offer": ("seat",), "cut_offer": (),
    "star_offer": ("sv",),
    "cut_draw": (), "place_cut": ("anycard",),
    "identify": ("seat", "ideck", "str", "count"), "draw_act": ("charseat",),  # physical.py
    "pick": ("seat", "str", "count", "count", ["anycard"], "step"), "forget": (["anycard"],),
    "cut_drawn": (), "mp_cut_drawn": ("seat",),
    "star_turn": ("charseat",), "force_offer": (["charseat"],), "los_stars": ("sv",),
    "los_star_rolled": ("sv", "faces1"), "snatch": ("movie",), "snatch_victim": ("movie", "sv"),
    "snatch_done": ("movie",), "snatch_end": ("movie",),
    "gambit_rolled": ("svid", "movie", "faces2"),
    "mp_cut_draw": ("seat",), "mp_place_cut": ("seat", "anycard"),  # R-I32-32
    "star_back": ("interrupted",),  # R-I32-67: the prompt an extra action interrupted
}
OPTIONAL_LAST = {"shuffle", "reveal"}  # their last argument has a default
NEEDS_FIGHT = {"s_rolled": "attack", "s_hurt": "attack", "m_rolled": "monster",
               "m_hurt": "monster", "flailed": "monster", "flail": "monster",
               "saved": "banish", "tested": "test", "gambit_rolled": "gambit"}
FIGHTS: dict[str, dict[str, Any]] = {
    "attack": {"kind": "str", "survivor": "svid", "target": "mtarget", "item": "item?",
               "base": "count", "counter": "bool", "spent": "count", "bonus": "count",
               "stat": "stat"},
    "monster": {"kind": "str", "owner": "owner", "cards": ["anycard"], "victim": "victim",
                "counter": "bool", "target": "count", "bonus": "count", "spent": "count"},
    "banish": {"kind": "str", "target": "anycard", "penalty": "count"},
    "test": {"kind": "str", "base": "count", "spent": "count", "stat": "stat"},
    "gambit": {"kind": "str", "base": "count", "spent": "count", "worth": "count"},
}
CURRENT: dict[str, dict[str, Any]] = {
    "running": {}, "over": {},
    "shuffle": {"deck": "deck", "items": ["anycard"], "rule": "str", "then": "then"},
    "roll": {"count": "dice", "purpose": "str", "rule": "str", "then": "then_step"},
    "victim": {"purpose": "str", "then": "then_step"},
    "turn": {"seat": "charseat"}, "act": {"seat": "charseat", "survivor": "sv"},
    "commit": {"seat": "charseat", "survivor": "sv", "purpose": "str", "limit": "count",
               "lent": ["count"]},
    "negate": {"seat": "charseat", "survivor": "sv", "damage": "count", "limit": "count",
               "lent": ["count"]},
    "director": {"seat": "seat"}, "aim": {"seat": "seat", "throng": "throng"},
    "place": {"seat": "seat", "cards": ["anycard"], "purpose": "str"},
    "fade": {"seat": "seat"}, "adjust": {"seat": "seat", "card": "movie"},
    "choose": {"seat": "seat", "choices": ["str"], "purpose": "str"},
    "counter": {"seat": "charseat", "survivor": "sv", "targets": ["mtarget"]},  # A-I32-10
}
# the advanced modules (modules.py; R-I32-80..84)
STEPS.update({
    "terror_pick": (), "terror_draw": (), "terror_in": ("terror",), "cultist_pick": (),
    "hound_pick": (), "hound_draw": (), "hound_drawn": ("svid",), "hound_again": ("svid",),
    "m_decided": ("faces2",),
})
STEPS.update({"faction_pick": ("charseat",), "faction_member": ("charseat",),  # R-I32-83
              "faction_shuffle": ("charseat",)})
NEEDS_FIGHT.update({"m_decided": "monster"})
STEPS["counter"] = ("svid", ["mtarget"])  # A-I32-10 (counterstrikes.py)
CURRENT.update({
    "identify": {"seat": "seat", "deck": "ideck", "purpose": "str", "drawn": "count"},
    "pick": {"deck": "str", "items": ["str"], "purpose": "str", "rule": "str",
             "then": "then_step"},
})
NAMES = {"seat": "a seat", "charseat": "the seat of a character player", "sv": "a survivor "
         "in play", "svid": "a survivor", "movie": "a movie card", "anycard": "a card",
         "count": "a whole number from 0", "bool": "true or false", "str": "text",
         "held": "an item or power play", "stat": "a stat", "sanct": "a sanctuary in a corner",
         "place": "a sanctuary in a corner or an event card in play",
         "sanctcard": "a sanctuary card", "rest": "a whole number from 0 to 7"}
NAMES.update({"svpile": "a survivor ('?' only with the table's own decks)",  # physical.py
              "deckcard": "a card ('?' only with the table's own decks)", "step": "a step",
              "ideck": "a deck the table draws from (only with the table's own decks)"})
NAMES["interrupted"] = "a prompt an extra action interrupted"  # R-I32-67 (anytime.py)



def fail(field: str, message: str) -> SnapshotError:
    return SnapshotError(f"{field}: {message}"[:300])


class Kinds:
    def __init__(self, state: Any) -> None:
        data = state.data
        self.state = state
        self.survivors = set(data.ids("survivors"))
        self.movie = set(state.deck_ids("movie"))  # with a module's terrors, Night Clerk
        self.people = state.module_people()  # the Hound, the Night Clerk (R-I32-81, 82)
        self.in_play = {s for pool in state.pools if isinstance(pool, list) for s in pool
                        if isinstance(s, str)}
        self.corners = {s["card"] for s in state.sanctuaries
                        if isinstance(s, dict) and isinstance(s.get("card"), str)}
        self.familiar = {s for s in state.familiar if isinstance(s, str)}
        self.on_screen = {s["card"] for s in state.screen
                          if isinstance(s, dict) and isinstance(s.get("card"), str) and s["card"]}

    def check(self, value: Any, kind: Any, field: str) -> None:
        if isinstance(kind, list):
            if not isinstance(value, list):
                raise fail(field, f"must be a list, not {str(value)[:40]!r}")
            for i, item in enumerate(value):
                self.check(item, kind[0], f"{field}[{i}]")
            return
        if isinstance(kind, dict):
            extra = {"card", "survivor"} if field == "current" and \
                self.state.phase == "choose" else set()
            optional = OPTIONAL.get(field.split("[")[0], {})
            extra |= set(optional)
            for key, sub in optional.items():
                if isinstance(value, dict) and key in value:
                    self.check(value[key], sub, f"{field}.{key}")
            if not isinstance(value, dict) or not set(kind) <= set(value) or \
                    set(value) - set(kind) - extra:
                raise fail(field, f"must be an object with the fields {', '.join(kind)}")
            for key, sub in kind.items():
                self.check(value[key], sub, f"{field}.{key}")
            return
        if kind.endswith("?") and value == "":
            return
        if not self._ok(value, kind.rstrip("?")):
            what = NAMES.get(kind.rstrip("?"), kind.rstrip("?"))
            raise fail(field, f"{str(value)[:40]!r} is not {what}")

    def _ok(self, value: Any, kind: str) -> bool:
        state = self.state
        number = isinstance(value, int) and not isinstance(value, bool)
        text = isinstance(value, str)
        tests = {
            "bool": lambda: isinstance(value, bool), "str": lambda: text,
            "count": lambda: number and 0 <= value <= 999,
            "rest": lambda: number and 0 <= value <= 7,
            "dice": lambda: value in (1, 2) and number,
            "seat": lambda: number and 0 <= value < state.players,
            "charseat": lambda: number and 0 <= value < state.players
            and value != state.director,
            "owner": lambda: number and -1 <= value < state.players,
            "throng": lambda: number and 0 <= value < 6,
            "slot": lambda: number and 0 <= value < 3,
            "ref": lambda: (number and 0 <= value < 6) or (text and value in self.movie
                                                           | self.familiar),
            "sv": lambda: text and value in self.in_play,
            "svid": lambda: text and (value in self.survivors or value in self.people),
            "terror": lambda: text and value in state.data.ids("terrors"),
            "movie": lambda: text and value in self.movie,
            "anycard": lambda: text and value in self.movie | self.survivors | self.people,
            "item": lambda: text and value in self.movie
            and state.data.get(value).kind == "item",
            "held": lambda: text and value in self.movie
            and state.data.get(value).kind in ("item", "power_play"),
            "stat": lambda: value in STATS,
            "sanct": lambda: text and value in self.corners,
            "place": lambda: text and (value in self.corners or value in state.event_cards),
            "sanctcard": lambda: text and value in self.movie
            and state.data.get(value).kind == "sanctuary",
            "screencard": lambda: text and value in self.on_screen,
            "deck": lambda: value in ("survivors", "movie", "discards") or (
                value == "own" and bool(state.sides)),  # R-I32-83: a player's own pile
            "then": lambda: value in ("", "reel") or (
                bool(state.sides) and isinstance(value, str) and value.isdigit()),
            "ideck": lambda: value in ("survivors", "movie", "discards") and state.physical,
            "step": lambda: self._step(value),
            "interrupted": lambda: interrupted_ok(self, value, FIGHTS),  # anytime.py
            "deckcard": lambda: (value == UNKNOWN and state.physical) or self._ok(value,
                                                                                "anycard"),
            "svpile": lambda: (value == UNKNOWN and state.physical) or self._ok(value, "svid"),
            "stores": lambda: isinstance(value, dict) and all(
                k in self.movie and isinstance(v, int) and not isinstance(v, bool)
                and 0 <= v <= 99 for k, v in value.items()),
            FACES: lambda: isinstance(value, list) and 1 <= len(value) <= 2 and all(
                isinstance(f, int) and not isinstance(f, bool) and 1 <= f <= 6
                for f in value),
            "then_step": lambda: self._step(value, partial=True),
            "faces1": lambda: self._ok(value, FACES) and len(value) == 1,
            "faces2": lambda: self._ok(value, FACES) and len(value) == 2,
            "victim": lambda: text and (value in self.survivors | self.people or (
                value.startswith("locks:") and value[6:] in self.movie)),
            "mtarget": lambda: text and (value in self.movie | self.survivors or (
                value.count(":") == 2 and value.startswith("throng:")
                and value.split(":")[1] in [str(n) for n in range(state.players)]
                and value.split(":")[2] in [str(n) for n in range(6)])),
        }
        return bool(tests[kind]())

    def _step(self, step: Any, partial: bool = False) -> bool:
        if not isinstance(step, list) or not step or not isinstance(step[0], str) or \
                step[0] not in STEPS:
            return False
        args = STEPS[step[0]][:-1] if partial else STEPS[step[0]]
        if not partial and step[0] in OPTIONAL_LAST and len(step) == len(args):
            args = args[:-1]
        if len(step) != len(args) + 1:
            return False
        for value, kind in zip(step[1:], args, strict=True):
            self.check(value, kind, f"step {step[0]}")
        return True


