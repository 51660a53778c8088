"""What the Human goes for, learnt from his reveals (the hard level's belief).

Every legal plot is possible; a player picks the ones that serve him. The model gives a cell
an *appeal* from what the Human saw when he plotted: the tokens he would search there, the
escape edge once he has the victory points, the Deep Ones already there and a Shoggoth next
to it. A Human of *purpose* ``b`` picks a plot with a weight ``exp(b * appeal)`` of its end:
``b = 0`` is the Human who plays any legal plot alike, a large ``b`` one who always goes for
the best cell.

Each reveal shows where he went from where, with how many cards and which values: replaying
the public events gives the scene he plotted in, and the chance of his choice under each
purpose. Their product, with a prior, weighs the purposes; the belief over his secret cell
now is the mixture.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from dataclasses import dataclass

from services.bots.contract import SeatKnowledge
from services.bots.innsmouth_escape.belief import Belief, landing
from services.bots.innsmouth_escape.table import Table, card, distance
from services.games.innsmouth_escape.board import GRID
from services.games.innsmouth_escape.state import ESCAPE_VP  # R-IE-26

TOKEN_APPEAL = {"captive": 2.0, "equipment": 1.0, "encounter": 0.7}
ESCAPE_APPEAL = 6.0
PAWN_FEAR = 1.5
SHOGGOTH_FEAR = 3.0
PURPOSES = (0.0, 0.5, 1.0, 2.0, 4.0)
PRIOR = (0.4, 0.15, 0.15, 0.15, 0.15)


@dataclass(frozen=True)
class Scene:
    """What the Human saw when he plotted."""

    start: str
    numbers: tuple[int, ...]
    face_down: int
    blocked: frozenset[str]  # the Shoggoths' cells
    tokens: tuple[tuple[str, float], ...]  # cell, appeal of its tokens
    pawns: tuple[tuple[str, int], ...]  # cell, Deep Ones there
    vp: int


def appeal(scene: Scene, cell: str, tokens: Mapping[str, float],
           pawns: Mapping[str, int]) -> float:
    """What ending on ``cell`` is worth to the Human in this scene."""
    value = tokens.get(cell, 0.0) - PAWN_FEAR * pawns.get(cell, 0)
    if scene.vp >= ESCAPE_VP and GRID.on_escape_edge(cell):
        value += ESCAPE_APPEAL
    if any(distance(cell, s) <= 1 for s in scene.blocked):
        value -= SHOGGOTH_FEAR
    return value


@functools.lru_cache(maxsize=50_000)
def choices(scene: Scene, purpose: float) -> Belief:
    """Where a Human of this purpose ends his plot."""
    shares = landing(scene.start, scene.numbers, scene.face_down, scene.blocked)
    if not shares:
        return {}
    tokens, pawns = dict(scene.tokens), dict(scene.pawns)
    weights = {c: q * math.exp(purpose * appeal(scene, c, tokens, pawns)) for c, q in shares}
    total = sum(weights.values())
    return {c: w / total for c, w in weights.items()}


class Replay:
    """The public events replayed: the scenes of the Human's plots and where he went."""

    def __init__(self, table: Table) -> None:
        values = [int(v) for v in str(table.options["number_cards"]).split(",")]
        self.values = values
        self.discard: list[int] = []
        self.pos = ""
        self.tokens: dict[str, dict[str, int]] = {
            c["cell"]: {d: r for d, r in c["icons"].items() if d in TOKEN_APPEAL}
            for c in table.view["board"]}
        self.pawns: dict[str, int] = {}
        self.shoggoths: dict[str, str] = {}
        self.vp = 0
        self.scene: Scene | None = None
        self.seen: list[tuple[Scene, str]] = []

    def run(self, knowledge: SeatKnowledge) -> None:
        for told in knowledge.history:
            for event in told.events:
                self.event(event)

    def add(self, cell: str, n: int) -> None:
        self.pawns[cell] = self.pawns.get(cell, 0) + n

    def event(self, e: Mapping[str, object]) -> None:
        kind = e.get("type")
        if kind == "pawns_placed":
            for cell in e["cells"]:  # type: ignore[union-attr]
                self.add(str(cell), 1)
        elif kind == "human_placed":
            self.pos = str(e["cell"])
        elif kind == "plotted":
            self.scene = self.now(int(e["face_down"]))  # type: ignore[arg-type]
        elif kind == "revealed":
            path = list(e["path"])  # type: ignore[call-overload]
            end = path[0] if e["forfeit"] else path[-1]
            if self.scene is not None and not e["forfeit"]:
                self.seen.append((self.scene, str(end)))
            self.scene = None
            self.pos = str(end)
            self.discard += [int(str(c).split("-")[1]) for c in e["cards"]  # type: ignore
                             if str(c) != "rest"]
        elif kind == "movement_recycled":
            self.discard = []
        elif kind == "cards_drawn":
            self.tokens.get(self.pos, {}).pop(str(e["deck"]), None)
            self.vp += sum(info.vp for c in e["tableau"]  # type: ignore[union-attr]
                           if (info := card(str(c))) is not None)
        elif kind == "spawned":
            for cell in e["cells"]:  # type: ignore[union-attr]
                self.add(str(cell), 1)
        elif kind == "summoned":
            self.add(str(e["cell"]), -3)
            self.shoggoths[str(e["colour"])] = str(e["cell"])
        elif kind == "deep_ones_moved":
            for move in e["pawns"]:  # type: ignore[union-attr]
                start, end = str(move).split(">")
                self.add(start, -1)
                self.add(end, 1)
            if e["shoggoth"]:
                self.shoggoths[str(e["colour"])] = str(e["shoggoth"])
        elif kind == "killed":
            self.add(self.pos, -len(e["colours"]))  # type: ignore[arg-type]
        elif kind == "casualties":
            self.add(self.pos, -sum(int(n) for _c, n in e["pawns"]))  # type: ignore
        elif kind == "adjusted":
            self.adjusted(e)

    def adjusted(self, e: Mapping[str, object]) -> None:
        amount = int(e["amount"])  # type: ignore[call-overload]
        if e["kind"] == "pawns":
            self.add(str(e["cell"]), amount)
        elif e["kind"] == "move_pawns":
            self.add(str(e["cell"]), -amount)
            self.add(str(e["to"]), amount)
        elif e["kind"] == "shoggoth":
            self.shoggoths[str(e["colour"])] = str(e["to"])

    def now(self, face_down: int) -> Scene:
        numbers = list(self.values)
        for v in self.discard:
            if v in numbers:
                numbers.remove(v)
        tokens = tuple((c, sum(TOKEN_APPEAL[d] * r for d, r in here.items()))
                       for c, here in sorted(self.tokens.items()) if here)
        return Scene(self.pos, tuple(sorted(numbers)), face_down,
                     frozenset(c for c in self.shoggoths.values() if c), tokens,
                     tuple(sorted((c, n) for c, n in self.pawns.items() if n > 0)), self.vp)


def purposes(seen: list[tuple[Scene, str]]) -> list[float]:
    """How likely each purpose is, given where the Human went."""
    logs = [math.log(p) for p in PRIOR]
    for scene, end in seen:
        for i, purpose in enumerate(PURPOSES):
            chance = choices(scene, purpose).get(end, 0.0)
            logs[i] += math.log(max(chance, 1e-6))
    top = max(logs)
    weights = [math.exp(x - top) for x in logs]
    total = sum(weights)
    return [w / total for w in weights]


def learnt(knowledge: SeatKnowledge, table: Table) -> Belief | None:
    """The belief over the Human's cell after his plot, his purpose learnt from his reveals
    (None when no plot is waiting to be revealed)."""
    replay = Replay(table)
    replay.run(knowledge)
    if replay.scene is None or table.view.get("plot") is None:
        return None
    weights = purposes(replay.seen)
    belief: Belief = {}
    for weight, purpose in zip(weights, PURPOSES, strict=True):
        for cell, p in choices(replay.scene, purpose).items():
            belief[cell] = belief.get(cell, 0.0) + weight * p
    return belief
