"""Asylum Escape's collapsing grid (spec 4.3, R-AE-14, R-AE-15, A-AE-07) against an
independent, deliberately simple model: every room keeps its place in the original layout,
and coordinates are recomputed from scratch after each destruction (x = how many original
columns to the left still have a room, y = how many rooms of its original column below it are
left); pieces are stored as coordinates and moved by the written rule. Thousands of random
destruction sequences must agree on adjacency, on who sits in which room, and on where the
Patients land (through the engine itself)."""

from __future__ import annotations

import random

from services.games.asylum_escape import actions as a
from services.games.asylum_escape.grid import Grid
from tests.games.asylum_helpers import COLUMNS, start

Coord = tuple[int, int]


class Simple:
    def __init__(self, columns: list[list[str]]) -> None:
        self.origin = {room: (c, r) for c, column in enumerate(columns) for r, room in
                       enumerate(column)}
        self.alive = set(self.origin)

    def coords(self) -> dict[str, Coord]:
        found = {}
        for room in self.alive:
            c, r = self.origin[room]
            x = len({self.origin[o][0] for o in self.alive if self.origin[o][0] < c})
            y = sum(1 for o in self.alive if self.origin[o][0] == c and self.origin[o][1] < r)
            found[room] = (x, y)
        return found

    def adjacency(self) -> dict[str, set[str]]:
        where = self.coords()
        return {room: {o for o, (x2, y2) in where.items()
                       if abs(x - x2) + abs(y - y2) == 1}
                for room, (x, y) in where.items()}

    def destroy(self, room: str, pieces: dict[str, Coord]) -> dict[str, list[Coord]]:
        """Destroy ``room``; move the pieces (name -> coordinate); return, for each piece in
        the destroyed room, its possible landing coordinates (after the collapse)."""
        x, y = self.coords()[room]
        emptied = all(self.origin[o][0] != self.origin[room][0] for o in self.alive - {room})
        self.alive.remove(room)
        height = {cx: sum(1 for cy in self.coords().values() if cy[0] == cx)
                  for cx in {c[0] for c in self.coords().values()}}
        landings: dict[str, list[Coord]] = {}
        for name, (px, py) in list(pieces.items()):
            if (px, py) == (x, y):
                if not emptied:
                    landings[name] = [(x, y) if y < height[x] else (x, y - 1)]
                else:
                    landings[name] = [c for c in ((x - 1, 0), (x, 0)) if c[0] in height]
            elif emptied and px > x:
                pieces[name] = (px - 1, py)
            elif px == x and py > y and not emptied:
                pieces[name] = (px, py - 1)
        return landings


def test_the_grid_matches_the_simple_model_over_random_destructions() -> None:
    rng = random.Random(4_3)
    checked = 0
    for _ in range(2000):
        ids = [f"r{i}" for i in range(25)]
        rng.shuffle(ids)
        columns = [ids[i:i + 5] for i in range(0, 25, 5)]
        grid, simple = Grid(columns), Simple(columns)
        pieces = {f"p{i}": rng.choice(ids) for i in range(4)}
        coords = {name: simple.coords()[room] for name, room in pieces.items()}
        for room in rng.sample(ids, rng.randint(1, 24)):
            landing = grid.destroy(room)
            landings = simple.destroy(room, coords)
            where = {c: r for r, c in simple.coords().items()}
            for name, options in landings.items():
                assert landing.rooms == tuple(where[c] for c in options)
                pick = rng.randrange(len(options))
                coords[name], pieces[name] = options[pick], landing.rooms[pick]
            assert {n: where[c] for n, c in coords.items()} == pieces
            if rng.random() < 0.3:
                adjacency = simple.adjacency()
                assert {r: set(grid.neighbours(r)) for r in grid.rooms()} == adjacency
                checked += 1
    assert checked > 4000


def test_the_engine_lands_patients_and_victims_like_the_simple_model() -> None:
    rng = random.Random(15)
    for _ in range(200):
        state = start(3, options={"destroyed_victims": "displace"})
        simple = Simple(COLUMNS)
        state.patients = [{"card": c, "room": rng.choice(COLUMNS[rng.randrange(5)]),
                           "turn": 1, "special": False}
                          for c in ("the-butcher", "the-twins", "nurse-ratchet")]
        for seat in (1, 2):
            state.victim(seat)["room"] = rng.choice(state.grid.rooms())
        coords = {p["card"]: simple.coords()[p["room"]] for p in state.patients}
        coords.update({f"v{s}": simple.coords()[state.victim(s)["room"]] for s in (1, 2)})
        for room in rng.sample(state.grid.rooms(), rng.randint(1, 20)):
            state.todo, state.phase = [["destroy", room, "test"]], "running"
            state.run()
            landings = simple.destroy(room, coords)
            where = {c: r for r, c in simple.coords().items()}
            for name, options in landings.items():
                if name.startswith("v"):  # displaced Victims take the first landing room
                    coords[name] = options[0]
                    continue
                if len(options) == 2:
                    assert state.phase == "choose_room"
                    assert state.current["rooms"] == [where[c] for c in options]
                    pick = rng.randrange(2)
                    state.apply(a.ChooseRoom(0, where[options[pick]]))
                    coords[name] = options[pick]
                else:
                    coords[name] = options[0]
            assert state.phase == "running" and not state.todo, state.phase
            assert {p["card"]: p["room"] for p in state.patients} == {
                n: where[c] for n, c in coords.items() if not n.startswith("v")}
            assert {f"v{s}": state.victim(s)["room"] for s in (1, 2)} == {
                n: where[c] for n, c in coords.items() if n.startswith("v")}


def test_destroying_a_middle_room_drops_the_rooms_above() -> None:
    grid = Grid([["a", "b", "c"], ["d", "e", "f"]])
    assert grid.destroy("b").rooms == ("c",)  # R-AE-14: the room falling into the slot
    assert grid.columns == [["a", "c"], ["d", "e", "f"]]
    assert grid.neighbours("c") == ["a", "e"]
    assert grid.destroy("f").rooms == ("e",)  # the top: the room below


def test_an_emptied_column_closes_up() -> None:
    grid = Grid([["a"], ["b", "c"], ["d"]])
    assert grid.destroy("b").rooms == ("c",)
    assert grid.destroy("c").rooms == ("a", "d")  # R-AE-15: left or right bottom room
    assert grid.columns == [["a"], ["d"]] and grid.adjacent("a", "d")
    assert grid.destroy("a").rooms == ("d",)  # at an edge, one option
    assert grid.destroy("d").rooms == ()


def test_distances_and_walks_use_orthogonal_steps_only() -> None:
    grid = Grid(COLUMNS)
    assert grid.distances("rooftop")["laundry"] == 2  # diagonal: two steps
    assert grid.neighbours("showers") == ["courtyard", "archive", "boiler-room", "cafeteria"]
    assert len(grid.walks("rooftop", 2)) == 1 + 2 + 6
