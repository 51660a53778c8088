"""A belief over who the Intruders are, from what one seat saw (the ``normal`` and ``hard``
levels).

Every assignment of identities the seat cannot rule out is a *world*: the number of
Intruders is the player count's (with 6 players dealt at random, 2 or 3 with the deal's odds,
A-IX-01), the seat's own identity is its own, its fellow Intruders (4+ players) and every
identity shown (a dead player's choice, R-IX-33) are as seen. Each world is weighed by how
likely the public choices the others made are in it: cards played on a player (who played
what on whom, from the history's events), escape items given and snatched, and a dead
player keeping his identity secret. The seat's own choices tell it nothing new.

The likelihoods say what a player of either side tends to do, not what the box's own bots
do: an Intruder (who knows his fellows with 4+ players) seldom hurts a fellow and seldom
helps an Innocent; an Innocent, who knows nobody, plays alike on everyone.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from services.bots.intruder_escape.table import INNOCENT, INTRUDER, Table
from services.games.intruder_escape.cards import DAMAGE, ESCAPE_ITEM, HEAL, HEAL_LIFE, MODIFIER

# How likely each kind of choice is, by the chooser's side and whether the target is on his
# side (an Intruder who knows it); an Innocent's choice weighs the same on everyone.
HURT = {"fellow": 0.3, "enemy": 1.0, "innocent": 0.8}
HELP = {"fellow": 1.0, "enemy": 0.35, "innocent": 0.7}
GIVE = {"fellow": 1.0, "enemy": 0.3, "innocent": 0.6, "self_intruder": 0.7, "self_innocent": 1.0}
TAKE = {"fellow": 0.4, "enemy": 1.0, "innocent": 0.7}
SILENT = {INTRUDER: 0.9, INNOCENT: 0.35}  # a dead player keeps his identity secret


@dataclass(frozen=True)
class Choice:
    """One public choice of another seat: ``kind`` hurt, help, give or take, on ``target``."""

    seat: int
    kind: str
    target: int


class Belief:
    """The worlds one seat cannot rule out, weighed (see the module's words)."""

    def __init__(self, table: Table, choices: Iterable[Choice] = (),
                 silent: Iterable[int] = ()) -> None:
        self.table = table
        worlds = list(_worlds(table))
        logs = [math.log(prior) for _, prior in worlds]
        choices = list(choices)
        silent = list(silent)
        for i, (world, _) in enumerate(worlds):
            logs[i] += sum(math.log(likelihood(c, world, table.wake_up)) for c in choices)
            logs[i] += sum(math.log(SILENT[INTRUDER if s in world else INNOCENT])
                           for s in silent)
        top = max(logs, default=0.0)
        weights = [math.exp(x - top) for x in logs]
        total = sum(weights) or 1.0
        self.worlds: list[tuple[frozenset[int], float]] = [
            (w, x / total) for (w, _), x in zip(worlds, weights, strict=True)]

    def intruder(self, seat: int) -> float:
        """P(``seat`` is an Intruder)."""
        return sum(p for world, p in self.worlds if seat in world)

    def marginals(self) -> dict[int, float]:
        return {s: self.intruder(s) for s in range(self.table.players)}


def _worlds(table: Table) -> Iterable[tuple[frozenset[int], float]]:
    n = table.players
    counts = _counts(table)
    for count, prior in counts.items():
        combos = list(itertools.combinations(range(n), count))
        for combo in combos:
            world = frozenset(combo)
            if _possible(world, table):
                yield world, prior / len(combos)


def _counts(table: Table) -> dict[int, float]:
    setup = table.data.setup(table.players)
    splits = [s[0] for s in setup.splits]
    choice = str(table.options.get("intruders_6p", "random"))
    if len(splits) == 1 or choice != "random":
        fixed = splits[0] if len(splits) == 1 else int(choice)
        return {fixed: 1.0}
    intruders, innocents = table.data.identity_cards  # one of all the cards is not dealt
    total = intruders + innocents
    return {intruders: innocents / total, intruders - 1: intruders / total}


def _possible(world: frozenset[int], table: Table) -> bool:
    if table.identity == INTRUDER and table.seat not in world:
        return False
    if table.identity == INNOCENT and table.seat in world:
        return False
    if table.identity == INTRUDER and table.wake_up:
        if world != frozenset({table.seat, *table.fellows}):
            return False
    for s in range(table.players):
        shown = table.shown_identity(s)
        if shown is not None and (shown == INTRUDER) != (s in world):
            return False
    # R-IX-34/35: the game goes on, so each side still has someone alive
    living = table.living()
    if living and table.phase != "over":
        if not any(s in world for s in living) or all(s in world for s in living):
            return False
    return True


def likelihood(choice: Choice, world: frozenset[int], wake_up: bool) -> float:
    chooser_intruder = choice.seat in world
    if choice.kind == "give" and choice.target == choice.seat:
        return GIVE["self_intruder" if chooser_intruder else "self_innocent"]
    if choice.target == choice.seat:
        return 1.0
    table = {"hurt": HURT, "help": HELP, "give": GIVE, "take": TAKE}[choice.kind]
    if not chooser_intruder:
        return table["innocent"]
    if choice.target in world:
        return table["fellow"] if wake_up else 1.0
    return table["enemy"]


CHOICE_KINDS = {DAMAGE: "hurt", MODIFIER: "hurt", HEAL: "help", HEAL_LIFE: "help",
                ESCAPE_ITEM: "give"}
"""What playing a card of each category on another seat shows of the player's side."""


def choices_of(history: Iterable[Any], table: Table) -> list[Choice]:
    """The public choices of the other seats, from the history's events."""
    return [c for c in choices_of_all(history, table) if c.seat != table.seat]


def choices_of_all(history: Iterable[Any], table: Table) -> list[Choice]:
    """The public choices of every seat (this one's too), from the history's events."""
    found: list[Choice] = []
    for told in history:
        for event in told.events:
            choice = _choice(event, table)
            if choice is not None:
                found.append(choice)
    return found


def _choice(event: Mapping[str, Any], table: Table) -> Choice | None:
    kind = event.get("type")
    if kind == "card_played" and event.get("target") is not None:
        category = table.data.card(str(event["card"])).category
        what = CHOICE_KINDS.get(category)
        if what is None:
            return None
        return Choice(int(event["seat"]), what, int(event["target"]))
    if kind == "snatched" and event.get("cards"):
        if any(table.data.card(str(c)).category == ESCAPE_ITEM for c in event["cards"]):
            return Choice(int(event["seat"]), "take", int(event["victim"]))
    return None


def silent_dead(table: Table, prompts: Iterable[Any]) -> list[int]:
    """Dead seats that chose to keep their identity secret (option reveal_on_death=ask)."""
    if table.options.get("reveal_on_death", "ask") != "ask":
        return []
    asked = {p.seat for p in prompts}
    return [s for s in range(table.players) if not table.alive(s)
            and not table.seats[s]["revealed"] and s not in asked and s != table.seat]


def belief_of(knowledge: Any, table: Table) -> Belief:
    return Belief(table, choices_of(knowledge.history, table),
                  silent_dead(table, knowledge.prompts))
