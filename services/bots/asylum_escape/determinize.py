"""Complete hidden positions consistent with what the Patients' seat knows (determinization).

At a Patient's move the seat knows everything but the Victims' rooms, their hands, the
copies behind the face-up kinds and the decks' order. :func:`world` samples each Victim's
room from the seat's belief (:mod:`.belief`), deals the unseen Camo/Sabo cards to the hands
(their sizes are public), picks a copy for each card seen by kind and shuffles the rest into
the decks; the step queue of a Patient turn is rebuilt from the public step. The result is a
full snapshot, loaded with the game's own ``state_from_json`` (which checks every field), so a
sample the engine would not accept never reaches the search.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from services.bots.asylum_escape.belief import Belief, Tracker
from services.bots.contract import BotError, SeatKnowledge
from services.games.asylum_escape import AsylumEscape, AsylumState
from services.games.asylum_escape.data import AsylumData
from services.games.asylum_escape.physical import UNKNOWN
from services.games.core import SnapshotError

TAIL = [["announce"], ["destroy_dead"], ["final"], ["bloodlust"], ["end_patient_turn"]]


def sample_room(belief: Belief, rng: random.Random) -> str:
    rooms = sorted(belief)
    return rng.choices(rooms, weights=[belief[r] for r in rooms])[0]


class Copies:
    """The ids of one deck still to place, by kind; ``take`` places one of a kind."""

    def __init__(self, data: AsylumData, deck: str) -> None:
        self.data = data
        self.left = list(data.deck(deck))

    def take(self, kind: str, rng: random.Random) -> str:
        ids = [c for c in self.left if c == kind or self.data.kind(c) == kind]
        if not ids:
            raise BotError(f"the card {kind!r} seen face-up is not in the bot's data pack")
        card = rng.choice(ids)
        self.left.remove(card)
        return card


def world(knowledge: SeatKnowledge, tracker: Tracker, data: AsylumData,
          rng: random.Random) -> dict[str, Any]:
    """A snapshot of one hidden position at a Patient's move (see the module's words)."""
    view = knowledge.view
    if view["phase"] != "patient_move":
        raise BotError(f"positions are sampled at a Patient's move, not in {view['phase']}")
    physical = knowledge.options.get("cards") == "physical"
    rooms = {s: sample_room(b, rng) for s, b in sorted(tracker.beliefs.items())}
    decks: dict[str, list[str]] = {}
    discards: dict[str, list[str]] = {}
    for deck in ("movement", "bloodlust"):
        copies = Copies(data, deck)
        discards[deck] = [copies.take(k, rng) for k in view["discards"][deck]]
        decks[deck] = _pile(copies.left, physical, rng)
    camo = Copies(data, "camo_sabo")
    discards["camo_sabo"] = [camo.take(k, rng) for k in view["discards"]["camo_sabo"]]
    held = {v["seat"]: camo.take(v["held"], rng) if v["held"] else ""
            for v in view["victims"]}
    hands: dict[int, list[str]] = {}
    for v in view["victims"]:
        size = int(v["hand_size"])
        if physical:
            hands[v["seat"]] = [UNKNOWN] * size
            continue
        pool = [c for c in camo.left if not data.get(c).hold]
        if len(pool) < size:
            raise BotError("the hands are larger than the Camo/Sabo cards unseen")
        hands[v["seat"]] = rng.sample(pool, size)
        for card in hands[v["seat"]]:
            camo.left.remove(card)
    decks["camo_sabo"] = _pile(camo.left, physical, rng)
    in_play = {v["card"] for v in view["victims"]} | {p["card"] for p in view["patients"]}
    for deck in ("victims", "patients", "special"):
        discards.setdefault(deck, [])
        decks[deck] = _pile([c for c in data.deck(deck) if c not in in_play], physical, rng)
    laid = {r for column in view["layout"] for r in column}
    decks["locations"] = [r for r in data.deck("locations") if r not in laid]
    victims = [{"seat": v["seat"], "card": v["card"], "alive": v["alive"],
                "room": rooms.get(v["seat"], v["revealed"]) if v["alive"] else v["revealed"],
                "hand": hands[v["seat"]], "held": held[v["seat"]], "mulligan": v["mulligan"],
                "revealed": v["revealed"]} for v in view["victims"]]
    for v in victims:
        v["route"] = [[v["room"]]] if v["room"] else []
    return {
        "game": knowledge.game, "format": 1, "players": knowledge.players,
        "options": dict(knowledge.options), "pack": data.pack_id,
        "pack_version": data.version, "patients_seat": view["patients_seat"],
        "phase": view["phase"], "todo": _todo(view), "current": dict(view["step"]),
        "columns": view["columns"], "layout": view["layout"], "destroyed": view["destroyed"],
        "decks": decks, "discards": discards,
        "patients": [{k: p[k] for k in ("card", "room", "turn", "special")}
                     for p in view["patients"]],
        "victims": victims, "turn": view["turn"], "window": view["final_window"],
        "triggered": tracker.triggered or (len(victims) == 1 and not knowledge.options.get(
            "single_victim_window", True)),
        "kills": tracker.kills, "caught": _caught(tracker, victims), "dead_rooms": [],
        "result": None,
    }


def _pile(cards: list[str], physical: bool, rng: random.Random) -> list[str]:
    """The face-down cards of a deck: shuffled, or (the table's own decks) the unseen ones
    sorted, as the box keeps them."""
    if physical:
        return sorted(cards)
    order = list(cards)
    rng.shuffle(order)
    return order


def _todo(view: Mapping[str, Any]) -> list[list[Any]]:
    """The rest of a Patient turn's moves: the next Patients' flips, then P2-P7."""
    order = [p["card"] for p in view["patients"] if p["room"]]
    mover = view["step"]["patient"]
    later = order[order.index(mover) + 1:] if mover in order else []
    return [*(["flip", card] for card in later), *TAIL]


def _caught(tracker: Tracker, victims: list[dict[str, Any]]) -> list[list[Any]]:
    """This turn's catches so far in the sampled position, as the engine records them."""
    caught: list[list[Any]] = []
    for card, path in tracker.paths:
        for room in path:
            for v in victims:
                if not v["alive"] or v["room"] != room:
                    continue
                entry = next((c for c in caught if c[0] == v["seat"]), None)
                if entry is None:
                    caught.append([v["seat"], [card]])
                elif card not in entry[1]:
                    entry[1].append(card)
    return caught


def load(game: AsylumEscape, snapshot: Mapping[str, Any]) -> AsylumState:
    """The sampled position, checked by the engine (BotError with its reason if refused)."""
    try:
        return game.state_from_json(snapshot)
    except SnapshotError as error:
        raise BotError(f"a sampled position was refused by the engine: {error}") from None
