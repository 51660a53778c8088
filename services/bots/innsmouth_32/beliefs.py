"""Where the cards nobody has seen may be, as one seat knows it (spec 5.8), and full snapshots
sampled from that belief (determinization, DESIGN.md "Bots").

Nobody sees the reel pile, the survivor pile, the discards' order (A-I32-26), the face-down
screen cards (a cover card among them) nor the card a survivor loss took (R-I32-69 task 5).
The belief is built from the seat's view and its history only:

- the cards of this game (the pack, with the modules' cards: the terrors the director picked
  or the box drew, the Night Clerk, the Hound), minus every card the view shows, are hidden;
- a card revealed (a ``shown`` event) or a survivor eliminated since the discards were last
  dealt into a reel, and not in view now, lies in the discards (or the view lists the
  discards, with ``open_discards``); the other hidden cards may be anywhere hidden;
- survivors never drawn are in the survivor pile, or were taken unseen by a survivor loss.

:func:`snapshot` deals the hidden cards at random into their places and fills in the rest
from the view (the step queue of the prompt being answered), a snapshot that
``Innsmouth32.state_from_json`` checks like any other.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from services.bots.contract import SeatKnowledge
from services.bots.innsmouth_32.table import pack

ELIMINATED = re.compile(r"^(.+) is eliminated and becomes a familiar face")
CHOSE = re.compile(r"^Seat \d+ chooses (.+)$")
DEALT = {("R-I32-69", "The box shuffles the discards"), ("R-I32-03", "The box shuffles the "
                                                                        "movie deck")}
LOS = 3  # ``final_turn`` while Last One Standing runs


class Unknowable(Exception):
    """The belief cannot be dealt into a snapshot (a module or option it does not model)."""


@dataclass
class Belief:
    """The hidden cards and the places they may be."""

    hidden: list[str]  # movie cards and familiar faces nobody sees now
    in_discards: list[str]  # of those, the ones known to lie in the discards
    undrawn: list[str]  # survivors never drawn: the survivor pile, or a survivor loss
    lost: int  # survivors a survivor loss took (familiar faces, hidden)
    seen: list[str] = field(default_factory=list)  # cards the table has seen face up
    terrors: list[str] = field(default_factory=list)  # terrors in this game (mods)


def names() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    data = pack()
    cards = [*data.survivors, *data.movie, *data.terrors, data.hound, data.night_clerk]
    for card in cards:
        found.setdefault(card.name, []).append(card.id)
    return found


def visible(view: Mapping[str, Any]) -> set[str]:
    """Every card the view shows in a place."""
    found: set[str] = set()
    for slot in view["screen"]:
        if slot.get("card"):
            found.add(slot["card"])
        if slot.get("covered"):
            found.add(slot["covered"]["card"])
    for seat in view["throngs"]:
        for throng in seat:
            found |= {c["card"] for c in throng}
    for pool in view["pools"]:
        found |= set(pool)
    for me in view["survivors"].values():
        found |= set(me["items"])
    for sanctuary in view["sanctuaries"]:
        found |= {sanctuary["card"], *sanctuary.get("items", [])}
    found |= set(view["event_cards"]) | set(view["removed"])
    return found


def read_history(knowledge: SeatKnowledge) -> dict[str, Any]:
    """What the history tells of hidden cards: cards shown and survivors eliminated since the
    last deal, survivors ever drawn, terrors chosen or drawn, survivor losses."""
    by_name = names()
    terror_ids = set(pack().ids("terrors"))
    since: set[str] = set()
    drawn: set[str] = set()
    shown: set[str] = set()
    chosen: list[str] = []
    random_terrors = losses = 0
    for told in knowledge.history:
        found = CHOSE.match(told.sentence)
        if found:
            chosen += [c for c in by_name.get(found.group(1), []) if c in terror_ids]
        if told.sentence == "The box draws a random terror":
            random_terrors += 1
        for event in told.events:
            text = str(event.get("text", ""))
            if (event.get("rule"), text) in DEALT:
                since = set()
            if event.get("type") == "shown":
                card = str(event.get("card", ""))
                since.add(card)
                shown.add(card)
                drawn.add(card)
            gone = ELIMINATED.match(text)
            if gone:
                since |= set(by_name.get(gone.group(1), [])[:1])
            if text.startswith("Survivor loss"):
                losses += 1
    return {"since": since, "drawn": drawn, "shown": shown, "chosen": chosen,
            "random_terrors": random_terrors, "losses": losses}


def believe(knowledge: SeatKnowledge) -> Belief:
    """The belief of ``knowledge``'s seat about the hidden cards."""
    view = knowledge.view
    options = knowledge.options
    if options.get("cards") == "physical" or options.get("faction_game", "off") != "off":
        raise Unknowable("the table's own decks or a faction game")
    data = pack()
    told = read_history(knowledge)
    seen_now = visible(view)
    terrors = sorted(set(told["chosen"]) | {c for c in seen_now | told["shown"]
                                             if c in set(data.ids("terrors"))})
    if options.get("terrors") == "per_reel":
        left = [t for t in data.ids("terrors") if t not in terrors]
        terrors += left[:max(0, told["random_terrors"] - len(terrors))]
    hound = data.hound.id
    clerk = [data.night_clerk.id] if options.get("night_clerk") else []
    replaced = str(view.get("hound", {}).get("replaced", ""))
    survivors = [s for s in data.ids("survivors") if s != replaced]
    if options.get("hound", "off") in ("replace", "replace_random", "thirteenth"):
        survivors.append(hound)
    movie = [*data.ids("movie"), *clerk, *terrors]
    undrawn = [s for s in survivors if s not in told["drawn"] and s not in seen_now]
    if options.get("hound", "off") == "companion" and hound not in told["drawn"] | seen_now:
        undrawn = [s for s in undrawn if s != hound]
    people = [*survivors, *([hound] if options.get("hound", "off") != "off" and
                            hound not in survivors else [])]
    faces = [s for s in people if s in told["drawn"] and s not in seen_now]
    hidden = [c for c in movie if c not in seen_now] + faces
    pile = int(view["survivor_pile"])
    lost = len(undrawn) - pile
    if lost < 0 or lost > told["losses"] + 1:
        raise Unknowable(f"{len(undrawn)} survivors never drawn for a pile of {pile}")
    listed = view.get("discard_pile")
    if isinstance(listed, Mapping):
        known = [c for c in listed.get("cards", []) if c in hidden]
    else:
        known = sorted(c for c in told["since"] if c in hidden)
    seen = sorted((seen_now | told["shown"]) - set(undrawn))
    return Belief(hidden, known, undrawn, lost, seen, terrors)


def deal(belief: Belief, view: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """The hidden places filled at random from the belief."""
    undrawn = list(belief.undrawn)
    rng.shuffle(undrawn)
    lost, pile = undrawn[:belief.lost], undrawn[belief.lost:]
    down = [i for i, s in enumerate(view["screen"]) if s.get("face_down")]
    free = [c for c in belief.hidden if c not in belief.in_discards]
    rng.shuffle(free)
    discards_size = int(view["discards"])
    reel_size = int(view["reel_pile"])
    known = list(belief.in_discards)[:discards_size]
    listed = view.get("discard_pile")
    if isinstance(listed, Mapping):  # A-I32-26: the discards are listed, lost ones face down
        face_down = int(listed.get("face_down", 0))
        known += lost[:face_down]
        free += lost[face_down:]
    else:
        free += lost
        rng.shuffle(free)
    spare = [c for c in belief.in_discards if c not in known]
    free += spare
    if len(free) + len(known) != len(down) + reel_size + discards_size:
        raise Unknowable(f"{len(free) + len(known)} hidden cards for "
                         f"{len(down) + reel_size + discards_size} hidden places")
    faces = {slot: free.pop() for slot in down}
    reel = [free.pop() for _ in range(reel_size)]
    discards = known + free
    rng.shuffle(discards)
    return {"faces": faces, "reel": reel, "discards": discards, "pile": pile, "lost": lost}


def queue(knowledge: SeatKnowledge) -> tuple[list[list[Any]], dict[str, Any]]:
    """The step queue and the current step of the prompt being answered (a director's or a
    monster player's turn, or the aim of an all-out attack)."""
    view = knowledge.view
    seat = knowledge.seat
    step = view.get("step", {})
    phase = view["phase"]
    if int(view.get("final_turn", 0)) == LOS:
        owner = next(iter(view["survivors"].values()), {}).get("owner", seat)
        order = [(owner + i) % knowledge.players for i in range(1, knowledge.players + 1)]
        attackers = [s for s in order if s == view["director"] or s in view["monster_players"]
                     or (not view["pools"][s] and s != owner)]
        later = attackers[attackers.index(seat) + 1:] if seat in attackers else []
        tail: list[list[Any]] = [*[["los_attack", s] for s in later], ["los_end"]]
    else:
        tail = [["next_seat", seat]]
    if phase == "director":
        return tail, {"seat": seat}
    if phase == "aim":
        throng = int(step["throng"])
        mine = view["throngs"][seat]
        aims = [["aim", seat, i] for i in range(throng + 1, 6) if mine[i]]
        return [*aims, ["after_director", seat], *tail], {"seat": seat, "throng": throng}
    raise Unknowable(f"no snapshot for the phase {phase}")


def snapshot(knowledge: SeatKnowledge, belief: Belief, rng: random.Random) -> dict[str, Any]:
    """A full snapshot consistent with the seat's knowledge, the hidden cards dealt from
    ``belief`` with ``rng``."""
    view = knowledge.view
    dealt = deal(belief, view, rng)
    todo, current = queue(knowledge)
    screen = []
    for i, slot in enumerate(view["screen"]):
        card = dealt["faces"].get(i, slot.get("card", ""))
        screen.append({"card": card, "down": bool(slot.get("face_down"))})
    covers = [{"slot": i, "card": slot["covered"]["card"]}
              for i, slot in enumerate(view["screen"]) if slot.get("covered")]
    corners = {s["card"] for s in view["sanctuaries"]}
    survivors = {}
    for s, me in view["survivors"].items():
        survivors[s] = {"rest": me["rest"], "mythos": me["mythos"], "items": list(me["items"]),
                        "stores": dict(me["stores"]), "insane": list(me["insane"]),
                        "stars": me["stars"], "where": me["where"],
                        "inside": me["where"] in corners, "healed": False}
    in_play = set(survivors)
    familiar = sorted({c["card"] for seat in view["throngs"] for t in seat for c in t
                       if c.get("familiar")}
                      | {s["card"] for s in view["screen"] if s.get("familiar")}
                      | {c for c in belief.hidden if c in set(pack().ids("survivors"))}
                      | set(dealt["lost"]))
    familiar = [c for c in familiar if c != pack().hound.id]
    gone = set(familiar) | set(view["removed"]) | set(dealt["lost"])
    cultist = str(view.get("secret_cultist", ""))
    victims = [s for s in pack().ids("survivors") if s not in gone and s != cultist
               and s != view.get("hound", {}).get("replaced") and (
                   s in in_play or s in dealt["pile"] or s not in belief.seen)]
    hound = view.get("hound", {})
    mods = {"terrors": list(belief.terrors), "cultist": cultist,
            "revealed": bool(cultist and cultist in familiar), "rescued":
            bool(hound.get("rescue_used", False)), "companion": hound.get("companion", ""),
            "replaced": hound.get("replaced", ""), "exposed": False}
    return {
        "game": knowledge.game, "format": 1, "players": knowledge.players,
        "options": dict(knowledge.options), "director": view["director"],
        "phase": view["phase"], "todo": todo, "current": current, "power": list(view["power"]),
        "pools": [list(p) for p in view["pools"]], "survivors": survivors,
        "survivor_pile": dealt["pile"], "victims": victims, "reel_pile": dealt["reel"],
        "discards": dealt["discards"], "removed": list(view["removed"]),
        "familiar": familiar, "seen": sorted(set(belief.seen) | set(familiar) - set(
            dealt["lost"])), "screen": screen,
        "throngs": [[[c["card"] for c in t] for t in seat] for seat in view["throngs"]],
        "sanctuaries": [json_copy(s) for s in view["sanctuaries"]],
        "monster_players": list(view["monster_players"]), "reel": view["reel"],
        "fade": dict(view["fade"]) if view.get("fade") else None, "fade_in": view["fade_in"],
        "turning_point": bool(view["turning_point"]), "final": int(view["final_turn"]),
        "fight": None, "covers": covers, "mods": mods,
        "event_cards": list(view["event_cards"]),
        "unseen": {"movie": [], "survivors": []}, "sides": {}, "result": None,
    }


def json_copy(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: json_copy(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [json_copy(v) for v in value]
    return value


def sample(knowledge: SeatKnowledge, count: int, rng: random.Random) -> Sequence[dict[str, Any]]:
    """``count`` snapshots sampled from the seat's belief."""
    belief = believe(knowledge)
    return [snapshot(knowledge, belief, rng) for _ in range(count)]
