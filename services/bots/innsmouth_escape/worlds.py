"""Full positions consistent with what a Deep One seat knows (determinization).

A world is a complete snapshot: the public table as the seat's view shows it, and for each
secret a value the seat cannot rule out: the Human's plot (a legal plot of the public shape
ending on a chosen cell, R-IE-10..19), his hand (the Equipment and Encounter cards not seen
anywhere, as many from each deck as the deck sizes leave), the order of the four decks, and
the inputs the other Deep One players sent in this step (sealed, A-IE-21: what the normal
level would choose). The game's own ``state_from_json`` checks it; a world it refuses, or
whose legal actions for the seat differ from the seat's own, is not used.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from services.bots.contract import SeatKnowledge
from services.bots.innsmouth_escape.belief import number_values, plot_shoggoths, plots
from services.bots.innsmouth_escape.table import Table, pack
from services.games.core import Action, SnapshotError
from services.games.innsmouth_escape import InnsmouthEscape, InnsmouthState
from services.games.innsmouth_escape.state import movement_cards

HUMAN_DECKS = ("captive", "equipment", "encounter")
Sealed = Callable[[InnsmouthState, int], Action]
"""The input a Deep One seat would have sent in this step, chosen on a world."""


@functools.cache
def game() -> InnsmouthEscape:
    """The game engine the sampled worlds are loaded and played with (one per process: it
    holds only the card data)."""
    return InnsmouthEscape(pack())


def used_cards(knowledge: SeatKnowledge) -> list[str]:
    """The Human's cards played and gone (public: each was told when played)."""
    return [e["card"] for told in knowledge.history for e in told.events
            if e.get("type") == "card_used"]


def _ids(kinds: list[str], free: list[str]) -> list[str]:
    """Movement card ids for the kinds shown (``move-2``, ``rest``): copies look alike."""
    taken = []
    for kind in kinds:
        card = next(c for c in free if c.rsplit("-", 1)[0] == kind and c not in taken)
        taken.append(card)
    return taken


def snapshot(knowledge: SeatKnowledge, table: Table, destination: str,
             rng: random.Random) -> dict[str, Any] | None:
    """A full snapshot of a world where the Human ends his plot on ``destination``, or None
    when the seat's knowledge has no such world (or is not one this builder reads)."""
    view = table.view
    data = pack()
    values = [int(v) for v in str(table.options["number_cards"]).split(",")]
    movement = movement_cards(values)
    discard = _ids(list(view["movement"]["discard"]), movement)
    plot = None
    public_plot = view.get("plot")
    if public_plot is not None:
        blocked = plot_shoggoths(knowledge)
        found = [p for p in plots(table.human_cell, number_values(table),
                                  public_plot["face_down"], blocked) if p.end == destination]
        if not found:
            return None
        plan = rng.choice(found)
        free = [c for c in movement if c not in discard]
        cards = _ids([f"move-{v}" for v, _d in plan.moves], free)
        cards += _ids(["rest"] * plan.rests, free)
        plot = {"cards": cards, "directions": [d for _v, d in plan.moves],
                "path": list(plan.path), "to": plan.end, "forfeit": False}
    in_plot = plot["cards"] if plot else []
    hand_m = [c for c in movement if c not in discard and c not in in_plot]
    last = view.get("last_reveal")
    if last is not None:
        last = {k: v for k, v in last.items() if k != "values"}
        last["cards"] = [f"move-{v}-1" if v else "rest-1" for v in view["last_reveal"]["values"]]
    seen = set(view["tableau"]) | set(view["hand_known"]) | set(used_cards(knowledge))
    if view["weapon"]:
        seen.add(view["weapon"])
    sizes = view.get("deck_sizes") or {}
    decks: dict[str, list[str]] = {}
    hidden = view["hand_size"] - len(view["hand_known"])
    hand = list(view["hand_known"])
    for deck in HUMAN_DECKS:
        unseen = [c for c in data.deck(deck) if c not in seen]
        extra = len(unseen) - sizes.get(deck, 0)
        can_hold = [c for c in unseen if not data.card(c).to_tableau]
        if extra < 0 or extra > len(can_hold):
            return None
        held = rng.sample(can_hold, extra)
        hand += held
        hidden -= extra
        decks[deck] = [c for c in unseen if c not in held]
        rng.shuffle(decks[deck])
    if hidden != 0:
        return None
    do_hands = {c: list(h) for c, h in view.get("deep_one_hands", {}).items()}
    played = dict(view["deep_one_played"])
    permanent = {c: list(v) for c, v in view["deep_one_permanent"].items()}
    out = set(view["deep_one_discard"]) | set(played.values()) | {
        c for h in do_hands.values() for c in h} | {c for v in permanent.values() for c in v}
    decks["deep_one"] = [c for c in data.deck("deep_one") if c not in out]
    rng.shuffle(decks["deep_one"])
    if len(decks["deep_one"]) != sizes.get("deep_one", -1):
        return None
    window = view.get("window")
    if window is not None:
        window = {**window, "resume": "search" if window["timing"] == "human_turn"
                  else "combat"}
    step = {}
    if table.phase == "do_spawn":
        step = {"occupied": sorted(table.pawns),
                "counts": {c: _entitled(table, c) for c in table.in_game()}}
    submitted: dict[str, Any] = {}
    if table.options.get("spawn_sequential_in_seat_order") and table.phase == "do_spawn":
        submitted = {c: {"cells": []} for c in view["done"]}
    return {
        "game": game().info.id, "format": 1, "players": knowledge.players,
        "options": dict(knowledge.options), "pack": data.pack_id,
        "pack_version": data.version, "phase": table.phase, "human": table.human,
        "colours": list(table.colours), "to_shuffle": [], "decks": decks,
        "do_discard": list(view["deep_one_discard"]), "tokens": table.tokens,
        "pawns": table.pawns, "pools": table.pools, "shoggoths": table.shoggoths,
        "human_cell": table.human_cell, "movement_hand": hand_m,
        "movement_discard": discard, "plot": plot, "last_reveal": last,
        "wounds": table.wounds, "hand": hand, "known": list(view["hand_known"]),
        "tableau": list(view["tableau"]), "weapon": view["weapon"],
        "used": used_cards(knowledge), "do_hands": do_hands, "round": table.round,
        "placing": knowledge.players - 1, "spawn_left": 0, "submitted": submitted,
        "combat": view["combat"], "draw_queue": [], "step_snapshot": step,
        "do_played": played, "do_permanent": permanent, "window": window,
        "adjusting": view["adjusting"], "identify": None,
        "route": [list(r) for r in view["route"]], "applied": list(view["deep_one_applied"]),
        "result": None,
    }


def _entitled(table: Table, colour: str) -> int:
    """The spawns ``colour`` was entitled to when the Spawn step began (R-IE-44, R-IE-45)."""
    mine = table.mine(colour)
    pool = table.pools.get(colour, 0)
    if not mine:
        return min(1, pool)
    room = sum(4 - here.get(colour, 0) for here in table.pawns.values())
    return min(table.spawn_income(colour, mine), pool, room)


def load(knowledge: SeatKnowledge, snap: dict[str, Any], sealed: Sealed) -> InnsmouthState | None:
    """The world checked by the game, the sealed inputs of the step sent, or None when it is
    not consistent with the seat's knowledge."""
    try:
        state = game().state_from_json(snap)
    except SnapshotError:
        return None
    done = [c for c in knowledge.view["done"]]
    if done and not (knowledge.options.get("spawn_sequential_in_seat_order")
                     and state.phase == "do_spawn"):
        for colour in done:
            seat = state.seat_of(colour)
            state.apply(sealed(state, seat))
    if Counter(map(repr, state.legal_actions(knowledge.seat))) != Counter(
            map(repr, knowledge.legal)):
        return None
    return state
