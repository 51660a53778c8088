"""Innsmouth Escape's board-and-cards file (A-IE-02, A-IE-03): the shipped EXAMPLE, the format's
checks with their file/field messages, and the example board being playable."""

from __future__ import annotations

import copy
import itertools
import tomllib
from collections.abc import Callable
from typing import Any

import pytest

from services.games.core import DataError
from services.games.innsmouth_escape.data import (
    DECKS,
    HUMAN_DECKS,
    TIMINGS,
    Card,
    Cell,
    load_data,
)
from services.games.kit.packs import shipped_pack_text

TEXT = shipped_pack_text("innsmouth.toml")
FILE = "my-board.toml"
ALL_CELLS = [f"{c}{r}" for r in range(1, 7) for c in "ABCDEF"]


def error_of(text: str) -> str:
    with pytest.raises(DataError) as info:
        load_data(text, FILE)
    return str(info.value)


def dumps(data: dict[str, Any]) -> str:
    """Just enough TOML for this file's shape (tables, arrays of tables, inline tables)."""

    def value(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, str):
            return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
        if isinstance(v, dict):
            return "{ " + ", ".join(f"{k} = {value(x)}" for k, x in v.items()) + " }"
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        return repr(v)

    lines = []
    for key, item in data.items():
        if isinstance(item, list) and item and all(isinstance(x, dict) for x in item):
            for row in item:
                lines.append(f"[[{key}]]")
                lines += [f"{k} = {value(v)}" for k, v in row.items()]
        elif isinstance(item, dict):
            lines.append(f"[{key}]")
            lines += [f"{k} = {value(v)}" for k, v in item.items()]
        else:
            lines.insert(0, f"{key} = {value(item)}")
    return "\n".join(lines) + "\n"


BASE = tomllib.loads(TEXT)


def changed(change: Callable[[dict[str, Any]], object]) -> str:
    """The shipped data, changed by ``change`` (which edits a deep copy in place)."""
    data = copy.deepcopy(BASE)
    change(data)
    return dumps(data)


def cell_index(cell_id: str) -> int:
    return next(i for i, c in enumerate(BASE["cells"]) if c["id"] == cell_id)


def card_index(card_id: str) -> int:
    return next(i for i, c in enumerate(BASE["cards"]) if c["id"] == card_id)


# ---------------------------------------------------------------------------------------------
# The shipped file.


def test_the_shipped_file_loads_and_is_labelled_example():
    data = load_data()
    assert data.example is True
    assert data.pack_id == "innsmouth-escape"
    assert data.version == 1
    assert data.title == "EXAMPLE board and cards (replace with your copy's)"
    assert TEXT.startswith("# ====")
    assert "EXAMPLE DATA - NOT THE REAL BOARD, NOT THE REAL CARDS" in TEXT.splitlines()[1]
    assert "packs/innsmouth.toml" in TEXT
    assert "refbox play innsmouth-escape --deck FILE" in TEXT
    deck_names = {
        "captive": "Captive",
        "equipment": "Equipment",
        "encounter": "Encounter",
        "deep_one": "Deep One",
    }
    for card in data.cards:
        assert card.name.startswith(f"Example {deck_names[card.deck]} "), card
        assert card.text.startswith("EXAMPLE CARD."), card


def test_the_dumper_round_trips_the_shipped_file():
    assert load_data(dumps(BASE), FILE) == load_data()


def test_the_shipped_counts():
    data = load_data()
    assert data.colours == ("blue", "green", "red", "yellow")
    assert [c.id for c in data.cells] == ALL_CELLS
    assert {d: len(data.deck(d)) for d in DECKS} == {
        "captive": 14,
        "equipment": 14,
        "encounter": 11,
        "deep_one": 46,
    }
    assert sum(len(data.deck(d)) for d in HUMAN_DECKS) == 39
    assert len({c.id for c in data.cards}) == 85


def test_the_shipped_board():
    data = load_data()
    icons = {c.id: c.human_icons for c in data.cells if c.has_human_icon}
    assert icons == {
        "D1": {"captive": 1},
        "F1": {"equipment": 1},
        "B2": {"equipment": 1},
        "F2": {"captive": 2},
        "A3": {"encounter": 1},
        "C3": {"captive": 2},
        "B4": {"encounter": 2},
        "D4": {"equipment": 2, "encounter": 1},
        "E4": {"captive": 2},
        "C5": {"equipment": 1},
    }
    assert [c.id for c in data.cells if c.spawn] == ["B1", "E1", "D3", "A5", "F5"]
    assert [c.id for c in data.cells if c.draw] == ["C1", "F2", "F3", "B5", "D6"]
    assert [c.id for c in data.cells if c.shoggoth] == ["A2", "E3", "C6"]


def test_the_shipped_cards():
    data = load_data()
    weapons = {c.id: (c.weapon_dice, c.weapon_hit_on) for c in data.cards if c.is_weapon}
    assert weapons == {
        "equipment-01": (2, 5),
        "equipment-02": (1, 4),
        "equipment-03": (3, 5),
        "encounter-05": (1, 3),
    }
    assert {c.id: c.heal for c in data.cards if c.heal} == {
        "equipment-04": 2,
        "equipment-05": 1,
        "encounter-04": 2,
    }
    human_manual = [c.id for c in data.cards if c.deck != "deep_one" and c.manual_effect]
    assert human_manual == ["equipment-09", "encounter-06"]
    captives = [data.card(i) for i in data.deck("captive")]
    assert sum(c.vp for c in captives) == 22
    assert sum(1 for c in captives if c.spawn_icons) == 8
    assert sum(1 for c in captives if not c.vp and not c.spawn_icons) == 2  # "a few do neither"
    deep_ones = [data.card(i) for i in data.deck("deep_one")]
    assert all(c.timing in TIMINGS and c.manual_effect for c in deep_ones)
    assert {c.timing for c in deep_ones} == set(TIMINGS)
    assert [c.id for c in deep_ones if c.permanent] == [
        "deep-one-28",
        "deep-one-29",
        "deep-one-30",
        "deep-one-31",
    ]
    assert all(not c.is_weapon and not c.heal and not c.vp for c in deep_ones)


def test_lookups():
    data = load_data()
    assert data.cell("D4") == Cell("D4", equipment=2, encounter=1)
    assert data.card("captive-01").deck == "captive"
    assert data.deck("captive")[:2] == ("captive-01", "captive-02")
    for bad in (lambda: data.cell("G7"), lambda: data.card("nope"), lambda: data.deck("hand")):
        with pytest.raises(KeyError):
            bad()


def test_cell_properties():
    cell = Cell("D4", captive=1, equipment=2, encounter=3, draw=True)
    assert list(cell.human_icons.items()) == [("captive", 1), ("equipment", 2), ("encounter", 3)]
    assert Cell("A1", encounter=1, captive=2).human_icons == {"captive": 2, "encounter": 1}
    assert list(Cell("A1", encounter=1, captive=2).human_icons) == ["captive", "encounter"]
    assert cell.has_human_icon and cell.has_deep_one_icon
    empty = Cell("A1")
    assert empty.human_icons == {}
    assert not empty.has_human_icon and not empty.has_deep_one_icon
    assert Cell("A1", shoggoth=True).has_deep_one_icon


def test_card_properties():
    assert Card("a", "captive", "A").to_tableau
    assert not Card("b", "equipment", "B").to_tableau
    assert Card("c", "equipment", "C", place_in_front=True).to_tableau
    assert Card("d", "encounter", "D", spawn_icons=1).to_tableau
    assert not Card("e", "deep_one", "E", timing="any").to_tableau
    assert Card("f", "equipment", "F", weapon_dice=2, weapon_hit_on=5).is_weapon
    assert not Card("g", "equipment", "G", heal=2).is_weapon
    data = load_data()
    assert data.card("equipment-01").to_tableau is False  # a weapon goes to the hand
    assert data.card("encounter-02").to_tableau is True  # spawn icons


def test_cells_are_normalised_to_row_major_order():
    def shuffle(d: dict[str, Any]) -> None:
        d["cells"].reverse()

    data = load_data(changed(shuffle), FILE)
    assert [c.id for c in data.cells] == ALL_CELLS


def test_optional_fields():
    def strip(d: dict[str, Any]) -> None:
        del d["pack"]["example"]
        del d["cards"][0]["text"]

    data = load_data(changed(strip), FILE)
    assert data.example is False
    assert data.cards[0].text == ""


# ---------------------------------------------------------------------------------------------
# The example board is playable.

NUMBER_CARDS = (1, 1, 2, 2, 3, 3)  # A-IE-01 default
STEPS = {"N": (0, -1), "S": (0, 1), "E": (1, 0), "W": (-1, 0)}


def one_plot(cell_id: str) -> set[str]:
    """Cells a plot of 3 cards (numbers from a full hand, Rests) can end on (R-IE-13..15)."""
    col, row = "ABCDEF".index(cell_id[0]), int(cell_id[1:])
    ends = {cell_id}
    for n in range(1, 4):
        for numbers in set(itertools.permutations(NUMBER_CARDS, n)):
            for dirs in itertools.product(STEPS, repeat=n):
                x, y, path, ok = col, row, {(col, row)}, True
                for k, d in zip(numbers, dirs, strict=True):
                    for _ in range(k):
                        x, y = x + STEPS[d][0], y + STEPS[d][1]
                        if not (0 <= x < 6 and 1 <= y <= 6) or (x, y) in path:
                            ok = False
                            break
                        path.add((x, y))
                    if not ok:
                        break
                if ok:
                    ends.add(f"{'ABCDEF'[x]}{y}")
    return ends


def test_the_example_board_is_playable():
    data = load_data()
    starts = [c.id for c in data.cells if not c.has_human_icon]
    setups = [c.id for c in data.cells if not c.has_deep_one_icon]
    assert len(starts) >= 20
    # 4 Deep One players place 3 pawns each, at most 4 of a colour per cell: plenty of room.
    assert len(setups) >= 12
    assert any(not data.cell(c).has_deep_one_icon for c in starts)
    edges = {c for c in ALL_CELLS if c[0] == "A" or c[1] == "6"}
    tokens = {c.id for c in data.cells if c.has_human_icon}
    reach = {c: one_plot(c) for c in ALL_CELLS}
    for start in starts:
        seen, frontier = {start}, {start}
        while frontier:
            frontier = {n for c in frontier for n in reach[c]} - seen
            seen |= frontier
        assert tokens | edges <= seen
    # From every token cell one plot (or two) reaches an escape edge.
    for token in tokens:
        assert any(reach[n] & edges for n in reach[token])


def test_the_example_lets_the_human_reach_eight_vp():
    data = load_data()
    draws = {deck: sum(c.human_icons.get(deck, 0) for c in data.cells) for deck in HUMAN_DECKS}
    assert draws == {"captive": 7, "equipment": 5, "encounter": 4}
    best = expected = 0.0
    for deck in HUMAN_DECKS:
        cards = [data.card(i) for i in data.deck(deck)]
        assert draws[deck] <= len(cards)  # no deck ever runs dry
        vps = sorted((c.vp for c in cards if c.to_tableau), reverse=True)
        best += sum(vps[: draws[deck]])
        expected += draws[deck] * sum(vps) / len(cards)
    assert best >= 8
    assert expected >= 8
    # The captives alone, all rescued, are expected to be enough.
    captives = [data.card(i).vp for i in data.deck("captive")]
    assert draws["captive"] * sum(captives) / len(captives) >= 8


# ---------------------------------------------------------------------------------------------
# Validation: each rule and its exact message.


def set_cell(cell_id: str, **fields: Any) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        cell = d["cells"][cell_index(cell_id)]
        for key, value in fields.items():
            if value is None:
                cell.pop(key, None)
            else:
                cell[key] = value

    return change


def set_card(card_id: str, **fields: Any) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        card = d["cards"][card_index(card_id)]
        for key, value in fields.items():
            if value is None:
                card.pop(key, None)
            else:
                card[key] = value

    return change


def every_cell(**fields: Any) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        for cell in d["cells"]:
            for key, value in fields.items():
                if value is None:
                    cell.pop(key, None)
                else:
                    cell[key] = value

    return change


D1 = cell_index("D1")
CAP = card_index("captive-01")
EQ = card_index("equipment-01")
DO = card_index("deep-one-01")
ALLOWED_CELL = "captive, draw, encounter, equipment, id, shoggoth, spawn"
ALLOWED_CARD = (
    "deck, heal, id, manual_effect, name, permanent, place_in_front, spawn_icons, text, "
    "timing, vp, weapon"
)


def drop_card(deck: str) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        d["cards"].remove(next(c for c in d["cards"] if c["deck"] == deck))

    return change


def add_card(deck: str, **fields: Any) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        d["cards"].append({"id": f"extra-{deck}", "deck": deck, "name": "Extra", **fields})

    return change


CASES: list[tuple[str, Callable[[dict[str, Any]], object], str]] = [
    # the file and [pack]
    (
        "top-level",
        lambda d: d.update(board=[1]),
        "board: unknown field; allowed fields are: cards, cells, pack, pieces",
    ),
    (
        "pack-unknown",
        lambda d: d["pack"].update(author="me"),
        "pack.author: unknown field; allowed fields are: example, id, title, version",
    ),
    (
        "pack-example",
        lambda d: d["pack"].update(example="yes"),
        "pack.example: must be true or false, not 'yes'",
    ),
    (
        "pack-version",
        lambda d: d["pack"].update(version="one"),
        "pack.version: must be a whole number, not 'one'",
    ),
    ("pack-title", lambda d: d["pack"].pop("title"), "pack.title: is missing"),
    ("pieces-missing", lambda d: d.pop("pieces"), "pieces: is missing"),
    # colours
    (
        "colours-3",
        lambda d: d["pieces"].update(colours=["a", "b", "c"]),
        "pieces.colours: must list exactly 4 colours, not 3",
    ),
    (
        "colours-5",
        lambda d: d["pieces"].update(colours=["a", "b", "c", "d", "e"]),
        "pieces.colours: must list exactly 4 colours, not 5",
    ),
    (
        "colours-twice",
        lambda d: d["pieces"].update(colours=["red", "blue", "green", "red"]),
        "pieces.colours[3]: 'red' appears twice; the 4 colours must differ",
    ),
    (
        "colours-empty",
        lambda d: d["pieces"].update(colours=["red", "", "green", "blue"]),
        "pieces.colours[1]: must be a name without spaces, not ''",
    ),
    (
        "colours-space",
        lambda d: d["pieces"].update(colours=["red", "sea green", "x", "y"]),
        "pieces.colours[1]: must be a name without spaces, not 'sea green'",
    ),
    (
        "colours-number",
        lambda d: d["pieces"].update(colours=["red", "blue", 3, "y"]),
        "pieces.colours[2]: must be text, not 3",
    ),
    (
        "pieces-unknown",
        lambda d: d["pieces"].update(shoggoths=4),
        "pieces.shoggoths: unknown field; allowed fields are: colours",
    ),
    # cells, one by one
    (
        "cell-unknown",
        set_cell("D1", treasure=1),
        f"cells[{D1}].treasure: unknown field; allowed fields are: {ALLOWED_CELL}",
    ),
    (
        "cell-id-bad",
        set_cell("D1", id="G1"),
        f"cells[{D1}].id: unknown cell 'G1'; cells are A1 to F6 (column A-F, row 1-6)",
    ),
    (
        "cell-id-lower",
        set_cell("D1", id="d1"),
        f"cells[{D1}].id: unknown cell 'd1'; cells are A1 to F6 (column A-F, row 1-6)",
    ),
    (
        "cell-id-twice",
        set_cell("D1", id="A1"),
        f"cells[{D1}].id: 'A1' appears twice; each cell A1 to F6 once",
    ),
    ("cell-id-missing", set_cell("D1", id=None), f"cells[{D1}].id: is missing"),
    (
        "cell-missing",
        lambda d: d["cells"].pop(cell_index("B3")),
        "cells: missing cell B3; the board has 36 cells A1 to F6",
    ),
    (
        "rank-zero",
        set_cell("D1", captive=0),
        f"cells[{D1}].captive: a rank must be at least 1, not 0; leave the field out for no icon",
    ),
    (
        "rank-negative",
        set_cell("D1", equipment=-2),
        f"cells[{D1}].equipment: a rank must be at least 1, not -2; leave the field out for no "
        "icon",
    ),
    (
        "rank-text",
        set_cell("D1", encounter="2"),
        f"cells[{D1}].encounter: must be a whole number, not '2'",
    ),
    (
        "rank-float",
        set_cell("D1", captive=1.5),
        f"cells[{D1}].captive: must be a whole number, not 1.5",
    ),
    (
        "rank-bool",
        set_cell("D1", captive=True),
        f"cells[{D1}].captive: must be a whole number, not True",
    ),
    ("icon-number", set_cell("D1", spawn=1), f"cells[{D1}].spawn: must be true or false, not 1"),
    (
        "cells-not-tables",
        lambda d: d.update(cells=[1, 2]),
        "cells[0]: must be a table with an id and the cell's icons",
    ),
    (
        "rank-beyond-deck",
        set_cell("D1", captive=15),
        f"cells[{D1}].captive: rank 15 needs at least 15 captive cards, this file has 14",
    ),
    # the board as a whole
    (
        "no-human-icon",
        every_cell(captive=None, equipment=None, encounter=None),
        "cells: no cell has a Captive, Equipment or Encounter icon; the Human needs at least one",
    ),
    (
        "all-human-icons",
        every_cell(encounter=1),
        "cells: every cell has a Human icon; the Human starts on a cell without one (R-IE-07)",
    ),
    (
        "all-deep-one-icons",
        every_cell(draw=True),
        "cells: every cell has a Deep One icon; the Deep Ones are set up on a cell without one "
        "(R-IE-06)",
    ),
    ("no-spawn", every_cell(spawn=None), "cells: no cell has a spawn icon; at least one is needed"),
    (
        "no-spawn-false",
        every_cell(spawn=False),
        "cells: no cell has a spawn icon; at least one is needed",
    ),
    ("no-draw", every_cell(draw=None), "cells: no cell has a draw icon; at least one is needed"),
    (
        "no-shoggoth",
        every_cell(shoggoth=None),
        "cells: no cell has a shoggoth icon; at least one is needed",
    ),
    # cards, one by one
    (
        "card-unknown",
        set_card("captive-01", colour="red"),
        f"cards[{CAP}].colour: unknown field; allowed fields are: {ALLOWED_CARD}",
    ),
    (
        "card-id-twice",
        set_card("captive-02", id="captive-01"),
        f"cards[{CAP + 1}].id: 'captive-01' appears twice; ids must be unique",
    ),
    (
        "card-id-space",
        set_card("captive-01", id="captive 01"),
        f"cards[{CAP}].id: must be a name without spaces, not 'captive 01'",
    ),
    (
        "card-id-empty",
        set_card("captive-01", id=""),
        f"cards[{CAP}].id: must be a name without spaces, not ''",
    ),
    (
        "card-deck",
        set_card("captive-01", deck="prisoner"),
        f"cards[{CAP}].deck: unknown deck 'prisoner'; decks are captive, equipment, encounter, "
        "deep_one",
    ),
    ("card-deck-missing", set_card("captive-01", deck=None), f"cards[{CAP}].deck: is missing"),
    ("card-name-missing", set_card("captive-01", name=None), f"cards[{CAP}].name: is missing"),
    ("card-name-empty", set_card("captive-01", name="  "), f"cards[{CAP}].name: must not be empty"),
    ("card-text", set_card("captive-01", text=3), f"cards[{CAP}].text: must be text, not 3"),
    (
        "cards-not-tables",
        lambda d: d.update(cards=["x"]),
        "cards[0]: must be a table with id, deck, name and text",
    ),
    # fields allowed per deck
    (
        "timing-on-captive",
        set_card("captive-01", timing="any"),
        f"cards[{CAP}].timing: not allowed on a captive card; a captive card may have: "
        "manual_effect, place_in_front, spawn_icons, vp",
    ),
    (
        "weapon-on-captive",
        set_card("captive-01", weapon={"dice": 1, "hit_on": 5}),
        f"cards[{CAP}].weapon: not allowed on a captive card; a captive card may have: "
        "manual_effect, place_in_front, spawn_icons, vp",
    ),
    (
        "heal-on-captive",
        set_card("captive-01", heal=1),
        f"cards[{CAP}].heal: not allowed on a captive card; a captive card may have: "
        "manual_effect, place_in_front, spawn_icons, vp",
    ),
    (
        "permanent-on-equipment",
        set_card("equipment-01", permanent=True),
        f"cards[{EQ}].permanent: not allowed on an equipment card; an equipment card may have: "
        "heal, manual_effect, place_in_front, spawn_icons, vp, weapon",
    ),
    (
        "vp-on-deep-one",
        set_card("deep-one-01", vp=1),
        f"cards[{DO}].vp: not allowed on a deep_one card; a deep_one card may have: "
        "manual_effect, permanent, timing",
    ),
    (
        "place-on-deep-one",
        set_card("deep-one-01", place_in_front=True),
        f"cards[{DO}].place_in_front: not allowed on a deep_one card; a deep_one card may have: "
        "manual_effect, permanent, timing",
    ),
    # deep one timing
    (
        "timing-missing",
        set_card("deep-one-01", timing=None),
        f"cards[{DO}].timing: is missing; a deep_one card needs one of: human_turn, "
        "deep_one_turn, combat, any",
    ),
    (
        "timing-unknown",
        set_card("deep-one-01", timing="night"),
        f"cards[{DO}].timing: unknown timing 'night'; timings are human_turn, deep_one_turn, "
        "combat, any",
    ),
    (
        "permanent-text",
        set_card("deep-one-01", permanent="yes"),
        f"cards[{DO}].permanent: must be true or false, not 'yes'",
    ),
    (
        "manual-empty",
        set_card("deep-one-01", manual_effect=" "),
        f"cards[{DO}].manual_effect: must say what the table does; leave it out if none",
    ),
    # weapons
    (
        "weapon-dice-high",
        set_card("equipment-01", weapon={"dice": 5, "hit_on": 5}),
        f"cards[{EQ}].weapon.dice: must be 1 to 4, not 5",
    ),
    (
        "weapon-dice-zero",
        set_card("equipment-01", weapon={"dice": 0, "hit_on": 5}),
        f"cards[{EQ}].weapon.dice: must be 1 to 4, not 0",
    ),
    (
        "weapon-hit-low",
        set_card("equipment-01", weapon={"dice": 2, "hit_on": 1}),
        f"cards[{EQ}].weapon.hit_on: must be 2 to 6, not 1",
    ),
    (
        "weapon-hit-high",
        set_card("equipment-01", weapon={"dice": 2, "hit_on": 7}),
        f"cards[{EQ}].weapon.hit_on: must be 2 to 6, not 7",
    ),
    (
        "weapon-hit-missing",
        set_card("equipment-01", weapon={"dice": 2}),
        f"cards[{EQ}].weapon.hit_on: is missing",
    ),
    (
        "weapon-unknown",
        set_card("equipment-01", weapon={"dice": 2, "hit_on": 5, "range": 1}),
        f"cards[{EQ}].weapon.range: unknown field; allowed fields are: dice, hit_on",
    ),
    (
        "weapon-not-table",
        set_card("equipment-01", weapon=2),
        f"cards[{EQ}].weapon: must be a table, not 2",
    ),
    # numbers
    ("vp-high", set_card("captive-01", vp=11), f"cards[{CAP}].vp: must be 0 to 10, not 11"),
    ("vp-negative", set_card("captive-01", vp=-1), f"cards[{CAP}].vp: must be 0 to 10, not -1"),
    (
        "vp-text",
        set_card("captive-01", vp="3"),
        f"cards[{CAP}].vp: must be a whole number, not '3'",
    ),
    (
        "spawn-high",
        set_card("captive-01", spawn_icons=7),
        f"cards[{CAP}].spawn_icons: must be 0 to 6, not 7",
    ),
    ("heal-high", set_card("equipment-01", heal=11), f"cards[{EQ}].heal: must be 0 to 10, not 11"),
    (
        "place-text",
        set_card("captive-01", place_in_front=1),
        f"cards[{CAP}].place_in_front: must be true or false, not 1",
    ),
    # deck sizes
    (
        "human-38",
        drop_card("encounter"),
        "cards: Innsmouth Escape has 39 Captive, Equipment and Encounter cards in all, this file "
        "has 38",
    ),
    (
        "human-40",
        add_card("captive", vp=1),
        "cards: Innsmouth Escape has 39 Captive, Equipment and Encounter cards in all, this file "
        "has 40",
    ),
    (
        "deep-one-45",
        drop_card("deep_one"),
        "cards: Innsmouth Escape has 46 Deep One cards, this file has 45",
    ),
    (
        "deep-one-47",
        add_card("deep_one", timing="any"),
        "cards: Innsmouth Escape has 46 Deep One cards, this file has 47",
    ),
]


@pytest.mark.parametrize(("change", "message"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_bad_files_name_file_field_and_rule(change, message):
    text = changed(change)
    assert text != dumps(BASE)
    assert error_of(text) == f"{FILE}: {message}"


def test_a_deck_short_of_its_largest_rank():
    # The encounter deck: 11 cards, largest rank 2. Move 10 encounters to the equipment deck.
    def shrink(d: dict[str, Any]) -> None:
        moved = [c for c in d["cards"] if c["deck"] == "encounter"][:10]
        for card in moved:
            card["deck"] = "equipment"
            card.pop("spawn_icons", None)

    text = changed(shrink)
    assert error_of(text) == (
        f"{FILE}: cells[{cell_index('B4')}].encounter: rank 2 needs at least 2 encounter cards, "
        "this file has 1"
    )


def test_an_empty_deck_is_fine_without_its_icons():
    # No encounter icons and no encounter cards: allowed (the 39 are split as the file likes).
    def no_encounters(d: dict[str, Any]) -> None:
        for cell in d["cells"]:
            cell.pop("encounter", None)
        for card in d["cards"]:
            if card["deck"] == "encounter":
                card["deck"] = "equipment"

    data = load_data(changed(no_encounters), FILE)
    assert data.deck("encounter") == ()
    assert len(data.deck("equipment")) == 25


def test_text_mutations_of_the_shipped_file():
    assert error_of(TEXT + "[[cells\n").startswith(f"{FILE}: (syntax): not valid TOML")
    text = TEXT.replace('id = "D1"\ncaptive = 1', 'id = "D1"\ncaptive = 0', 1)
    assert text != TEXT
    assert error_of(text) == (
        f"{FILE}: cells[{D1}].captive: a rank must be at least 1, not 0; leave the field out "
        "for no icon"
    )
    text = TEXT.replace("weapon = { dice = 2, hit_on = 5 }", "weapon = { dice = 9, hit_on = 5 }", 1)
    assert text != TEXT
    assert error_of(text) == f"{FILE}: cards[{EQ}].weapon.dice: must be 1 to 4, not 9"
    text = TEXT.replace("\nexample = true", "\nexample = false", 1)
    assert load_data(text, FILE).example is False


def test_the_default_file_name_is_the_shipped_one():
    with pytest.raises(DataError) as info:
        load_data("[pack]\n")
    assert str(info.value) == "innsmouth.toml: pack.id: is missing"
