"""Strict checks of a loaded Innsmouth 32 snapshot: every field present with its type, ids of
the right kind (a survivor in play, a movie card, a sanctuary in a corner, a seat), the step
queue, the current step and the fight well formed, every card and survivor exactly once,
counters in range, and the places agreeing with each other (a survivor in a sanctuary is
among its occupants). The first problem raises SnapshotError naming the field."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from services.games.core import SnapshotError
from services.games.innsmouth_32.data import STATS
from services.games.innsmouth_32.director import check_covers
from services.games.innsmouth_32.kinds import (
    CURRENT,
    FIGHTS,
    NEEDS_FIGHT,
    SANCTUARY,
    SURVIVOR,
    Kinds,
)
from services.games.innsmouth_32.modules import MODULE_PURPOSES
from services.games.innsmouth_32.physical import UNKNOWN
from services.games.innsmouth_32.physical_check import check_physical, check_unseen
from services.games.innsmouth_32.stars import CHOICE_RULES, choice_values
from services.games.kit.snapshot import outcome

PHASES = ("running", "over", "shuffle", "roll", "victim", "pick", "turn", "act", "commit",
          "negate", "director", "aim", "place", "fade", "choose", "adjust", "identify",
          "counter")  # A-I32-10 (counterstrikes.py)
FIELDS: dict[str, Any] = {
    "director": int, "phase": str, "todo": list, "current": (dict, type(None)),
    "power": list, "pools": list, "survivors": dict, "survivor_pile": list, "victims": list,
    "reel_pile": list, "discards": list, "removed": list, "familiar": list, "seen": list,
    "screen": list, "throngs": list, "sanctuaries": list, "monster_players": list,
    "reel": int, "fade": (dict, type(None)), "fade_in": int, "turning_point": bool,
    "final": int, "fight": (dict, type(None)), "result": (dict, type(None)),
    "covers": list, "mods": dict, "event_cards": list, "unseen": dict, "sides": dict,
}


def _fail(field: str, message: str) -> SnapshotError:
    return SnapshotError(f"{field}: {message}"[:300])


def check_fields(data: Mapping[str, Any]) -> None:
    """Before the state is built: every field there, each of its type."""
    for name, kind in FIELDS.items():
        if name not in data:
            raise _fail(name, "is missing")
        value = data[name]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if not isinstance(value, kinds) or (kind is int and isinstance(value, bool)):
            raise _fail(name, f"must be {' or '.join(k.__name__ for k in kinds)}, not "
                        f"{str(value)[:40]!r}")
    outcome(data["result"], "result", int(data["players"]))


def check_snapshot(state: Any) -> None:
    if state.phase not in PHASES:
        raise _fail("phase", f"unknown phase {state.phase!r}")
    problem = state.check_mods()  # R-I32-80..84 (modules.py)
    if problem:
        raise _fail("mods", problem)
    problem = state.check_sides()  # R-I32-83 (faction_games.py)
    if problem:
        raise _fail("sides", problem)
    if (state.phase == "over") != (state.result is not None):
        raise _fail("result", "a game is over exactly when it has a result")
    if not 0 <= state.director < state.players or state.director != state.options[
            "director_seat"]:
        raise _fail("director", f"{state.director} is not the director's seat")
    if not 1 <= state.reel <= 4 or not 0 <= state.final <= 3:
        raise _fail("reel", "the reel is 1 to 4 and final 0 to 3")
    if state.reel == 4 and any(isinstance(s, list) and s and s[0] in (
            "end_tasks", "new_reel") for s in state.todo):
        raise _fail("reel", "reel IV has no end tasks and no next reel")
    if not -1 <= state.fade_in < state.players:
        raise _fail("fade_in", f"{state.fade_in} is not a seat")
    for name in ("power", "pools", "throngs"):
        if len(getattr(state, name)) != state.players:
            raise _fail(name, f"must list one entry per seat ({state.players})")
    for seat, power in enumerate(state.power):
        if isinstance(power, bool) or not isinstance(power, int) or not 0 <= power <= 99:
            raise _fail(f"power[{seat}]", f"{power!r} is not a number of power points")
    for seat, pool in enumerate(state.pools):
        if not isinstance(pool, list) or len(pool) > 3 or (pool and seat == state.director):
            raise _fail(f"pools[{seat}]", "a character player's pool holds 0 to 3 survivors")
    kinds = Kinds(state)
    kinds.check(state.pools, [["svid"]], "pools")
    kinds.check(state.monster_players, ["charseat"], "monster_players")
    for i, step in enumerate(state.todo):
        if not kinds._step(step):
            raise _fail(f"todo[{i}]", f"unknown step {str(step)[:60]}")
    current = state.current if state.current is not None else {}
    kinds.check(current, CURRENT[state.phase], "current")
    _check_places(state, kinds)
    then = [state.current["then"]] if state.phase in ("roll", "victim") and isinstance(
        state.current, dict) and isinstance(state.current.get("then"), list) else []
    for step in [*state.todo, *then]:
        needs = NEEDS_FIGHT.get(step[0]) if step and isinstance(step[0], str) else None
        if needs and (state.fight is None or state.fight.get("kind") != needs):
            raise _fail("fight", f"step {step[0]} needs a fight of kind {needs}")
    if state.fight is not None:
        kind = state.fight.get("kind")
        if not isinstance(kind, str) or kind not in FIGHTS:
            raise _fail("fight.kind", f"unknown kind {str(kind)[:40]!r}")
        extra = {"damage": "count", "flail": "count"} if kind == "monster" else {}
        shape = {**FIGHTS[kind], **{k: v for k, v in extra.items() if k in state.fight}}
        kinds.check(state.fight, shape, "fight")
        needed = {"flailed": ("flail", "damage"), "flail": ("damage",)}
        for step in [*state.todo, *then]:
            for key in needed.get(step[0], ()):
                if key not in state.fight:
                    raise _fail(f"fight.{key}", "is missing")
        if state.phase == "negate" and "damage" not in state.fight:
            raise _fail("fight.damage", "is missing")
    if state.phase != "over" and not state.todo and state.phase == "running":
        raise _fail("todo", "a running game needs steps")
    _check_current(state, kinds, current)
    _check_fight(state)
    check_covers(state, kinds)  # R-I32-30 (director.py)
    for seat in state.monster_players:
        if state.pools[seat] or state.monster_players.count(seat) > 1:
            raise _fail("monster_players", f"Seat {seat + 1} still has survivors, or is "
                        "listed twice")
    if state.phase != "over" and not any(s[0] in ("next_seat", "los_end", "seat_turn")
                                         for s in state.todo):
        raise _fail("todo", "the queue must end with the next seat's turn")


def _check_current(state: Any, kinds: Kinds, current: dict[str, Any]) -> None:
    phase = state.phase
    if phase in ("commit", "negate", "act", "counter") and current["seat"] != state.owner(
            current["survivor"]):
        raise _fail("current.seat", "is not the owner of the survivor")
    if phase in ("commit", "negate") and state.fight is None:
        raise _fail("fight", f"phase {phase} needs a fight")
    if phase == "negate" and state.fight.get("kind") != "monster":
        raise _fail("fight", "a negation needs a monster attack")
    if phase in ("turn", "act") and current["seat"] in state.monster_players:
        raise _fail("current.seat", "a monster player has no survivor turn")
    if phase == "turn" and not state.pools[current["seat"]] and \
            not state.to_draw(current["seat"]):
        raise _fail("current.seat", "this player has no survivor and none to draw")
    if phase == "director" and current["seat"] != state.director and \
            current["seat"] not in state.monster_players:
        raise _fail("current.seat", "only the director and monster players attack")
    if phase == "place":
        if current["purpose"] not in ("creature", "face", "cut") or not current["cards"]:
            raise _fail("current.purpose", "must be creature, face or cut, with cards")
        if current["purpose"] != "creature" and any(c not in state.discards
                                                    for c in current["cards"]):
            raise _fail("current.cards", "a familiar face or a cut monster comes from the "
                        "discards")
    if phase == "choose":
        purpose = current["purpose"]
        if purpose not in ("plot", "star", "insanity", "clip", "cut", "dibs", "reroll",
                           *MODULE_PURPOSES, *CHOICE_RULES):
            raise _fail("current.purpose", f"unknown purpose {str(purpose)[:40]!r}")
        key = {"plot": ("card", "screencard"), "insanity": ("survivor", "sv"),
               "reroll": ("survivor", "sv"), "reflail": ("survivor", "sv"),
               "regambit": ("survivor", "sv"), "los_star": ("survivor", "sv"),
               "give": ("survivor", "sv"),
               "dibs": ("card", "screencard")}.get(purpose)
        if key:
            if key[0] not in current:
                raise _fail(f"current.{key[0]}", "is missing")
            kinds.check(current[key[0]], key[1], f"current.{key[0]}")
        allowed = choice_values(state, current) if purpose in CHOICE_RULES else {
                   "plot": {"resolve", "discard"}, "star": kinds.in_play,
                   "insanity": set(STATS), "clip": {"clip", "play_on"},
                   "cut": {"cut", "pass"}, "reroll": {"reroll", "accept"},
                   "dibs": {"pass", *state.pools[current["seat"]]},
                   **state.module_choices(current)}[purpose]
        if not current["choices"] or not set(current["choices"]) <= allowed:
            raise _fail("current.choices", "are not choices of this step")
    if phase == "choose" and current["purpose"] == "reroll" and (
            not state.todo or state.todo[0][0] != "roll"):
        raise _fail("todo", "a horror-star re-roll waits at the front of the queue")
    for i, step in enumerate(state.todo):
        if step[0] == "star_offer" and (i + 1 >= len(state.todo)
                                        or state.todo[i + 1][0] != "roll"):
            raise _fail(f"todo[{i}]", "a horror-star offer is followed by its re-roll")
    if phase == "shuffle":
        deck = current["deck"]
        expected = list(state.deck_ids(deck))  # with the modules' cards
        if sorted(current["items"]) != sorted(expected):
            raise _fail("current.items", f"must be the cards of the {deck}")
        if deck != "discards" and (state.survivor_pile if deck == "survivors" else
                                   state.reel_pile):
            raise _fail("current.deck", f"the {deck} are shuffled only before the deal")


def _check_places(state: Any, kinds: Kinds) -> None:
    kinds.check(state.survivors, {s: SURVIVOR for s in kinds.in_play}, "survivors")
    for s, me in state.survivors.items():
        if len(me["items"]) > 2 or set(me["stores"]) - set(me["items"]):
            raise _fail(f"survivors.{s}.items", "at most 2, and stores only on held items")
        if len(set(me["insane"])) != len(me["insane"]) or not set(me["insane"]) <= set(
                state.insanity_stats(s)):
            raise _fail(f"survivors.{s}.insane", "each active stat at most once")
        if me["inside"] and not me["where"]:
            raise _fail(f"survivors.{s}.inside", "only a survivor in a sanctuary is inside")
    kinds.check(state.sanctuaries, [SANCTUARY], "sanctuaries")
    if len(state.sanctuaries) > int(state.options["sanctuary_slots"]) or len(
            kinds.corners) != len(state.sanctuaries):
        raise _fail("sanctuaries", "more sanctuaries than corners, or one twice")
    inside = [s for x in state.sanctuaries for s in x["occupants"]]
    if len(set(inside)) != len(inside):
        raise _fail("sanctuaries", "a survivor is inside two sanctuaries, or twice")
    for i, sanctuary in enumerate(state.sanctuaries):
        for s in sanctuary["occupants"]:
            if state.survivors[s]["where"] != sanctuary["card"]:
                raise _fail(f"sanctuaries[{i}].occupants", f"{s!r} is not inside")
    kinds.check(state.event_cards, ["movie"], "event_cards")
    if any(state.data.get(c).kind != "snatched" for c in state.event_cards):
        raise _fail("event_cards", "only a Lost in the Marsh/Snatched card stays in play")
    for s, me in state.survivors.items():
        if me["where"] in state.event_cards and me["inside"]:
            raise _fail(f"survivors.{s}.inside", "a survivor on an event card is not inside")
        if me["where"] in kinds.corners and s not in next(x["occupants"] for x in state.sanctuaries
                                         if x["card"] == me["where"]):
            raise _fail(f"survivors.{s}.where", "is not among the sanctuary's occupants")
    kinds.check(state.screen, [{"card": "deckcard?", "down": "bool"}], "screen")
    if len(state.screen) != 3 or any(s["down"] and not s["card"] for s in state.screen):
        raise _fail("screen", "3 slots; a face-down slot holds a card")
    for seat, throngs in enumerate(state.throngs):
        kinds.check(throngs, [["anycard"]], f"throngs[{seat}]")
        if len(throngs) != 6 or any(state.throng_size(seat, i) > 3 for i in range(6)):
            raise _fail(f"throngs[{seat}]", "6 throngs of at most 3 monsters")
        for t in throngs:
            for card in t:
                if not state.is_monster(card):
                    raise _fail(f"throngs[{seat}]", f"{card!r} is not a monster")
    kinds.check(state.familiar, ["svid"], "familiar")
    kinds.check(state.seen, ["anycard"], "seen")
    kinds.check(state.survivor_pile, ["svpile"], "survivor_pile")  # "?": physical.py
    kinds.check(state.victims, ["svid"], "victims")
    for name in ("reel_pile", "discards", "removed"):
        kinds.check(getattr(state, name), ["deckcard"], name)
    check_unseen(state)  # option cards = physical (physical_check.py)
    if state.fade is not None:
        kinds.check(state.fade, {"card": "screencard", "left": "count"}, "fade")
    _check_once(state, kinds)


def _check_once(state: Any, kinds: Kinds) -> None:
    zones: list[tuple[str, list[str]]] = [
        ("survivor_pile", state.survivor_pile), ("reel_pile", state.reel_pile),
        ("discards", state.discards), ("removed", state.removed),
        ("screen", [s["card"] for s in state.screen if s["card"]]),
        ("pools", [s for pool in state.pools for s in pool]),
        ("throngs", [c for seat in state.throngs for t in seat for c in t]),
        ("items", [c for me in state.survivors.values() for c in me["items"]]),
        ("sanctuaries", [c for x in state.sanctuaries for c in [x["card"], *x["items"]]]),
        ("covers", [c.get("card") for c in state.covers if isinstance(c, dict)]),
        ("event_cards", list(state.event_cards)),
        ("own_piles", state.faction_zone()),  # R-I32-83 (faction_games.py)
    ]
    where: dict[str, str] = {}
    for name, cards in zones:
        for card in cards:
            if card == UNKNOWN:
                continue  # a card the box has not seen (physical.py)
            if card in where:
                raise _fail(name, f"{card!r} is also in {where[card]}: each card exists once")
            if card in kinds.survivors and name not in ("survivor_pile", "pools",
                                                         "own_piles") and \
                    card not in state.familiar and name != "removed":
                raise _fail(name, f"{card!r} is a survivor, not a familiar face")
            where[card] = name
    for s in state.familiar:
        if where.get(s, "unseen" if s in state.unseen["movie"] else None) in (
                None, "survivor_pile", "pools", "own_piles") or state.familiar.count(s) > 1:
            raise _fail("familiar", f"{s!r} is not a familiar face in the movie deck")
    waiting = [s[1] for s in state.todo if s[0] == "shuffle"]
    if state.phase == "shuffle":
        waiting.append(state.current["deck"])
    for deck in ("survivors", "movie"):
        if waiting.count(deck) > 1:
            raise _fail("todo", f"the {deck} are shuffled once")
    every = [*([] if "movie" in waiting else kinds.movie),
             *([] if "survivors" in waiting else state.deck_ids("survivors"))]
    for deck, cards in (("movie", kinds.movie), ("survivors", kinds.survivors)):
        early = sorted(c for c in where if c in cards)
        if deck in waiting and early:
            raise _fail(where[early[0]], f"{early[0]!r} is out before the {deck} are dealt")
    missing = [c for c in every if c not in where and c not in state.unseen["movie"]
               and c not in state.unseen["survivors"]]
    if missing:
        raise _fail("", f"card {missing[0]!r} is missing: every card must be somewhere "
                    "exactly once")
    check_physical(state, where)  # option cards = physical (physical_check.py)


ROLLS = {"s_rolled": (2,), "m_rolled": (2,), "saved": (2,), "tested": (2,), "flailed": (2,),
         "s_hurt": (1,), "m_hurt": (1, 2), "investigated": (1,), "insanity_rolled": (1,),
         "gambit_rolled": (2,), "los_star_rolled": (1,)}


def _check_fight(state: Any) -> None:
    """The dice asked for fit the step that reads them; committed spoints fit the cap."""
    rolls = [(step[1], step[4][0], f"todo[{i}]") for i, step in enumerate(state.todo)
             if step[0] == "roll"]
    if state.phase == "roll":
        rolls.append((state.current["count"], state.current["then"][0], "current.count"))
    for count, then, field in rolls:
        if count not in ROLLS.get(then, (1, 2)):
            raise _fail(field, f"{then} reads {ROLLS[then]} dice")
    fight = state.fight
    if fight is not None and fight["kind"] in ("attack", "test") and not (
            0 <= fight["spent"] <= 99 and fight["base"] <= 20):
        raise _fail("fight.spent", "spoints and target out of range")
    if fight is not None and fight["kind"] in ("attack", "test") and fight["spent"] > \
            max(0, 11 - fight["base"]) and any(
            s[0] in ("s_rolled", "tested") for s in [*state.todo, *(
                [state.current["then"]] if state.phase == "roll" else [])]):
        raise _fail("fight.spent", "more spoints than the cap of 11 allows (A-I32-14)")
