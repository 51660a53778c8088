"""Innsmouth Escape movement plots R-IE-10..19 (spec section 1.7, A-IE-08) against an
independent brute force, plus one or more rule tests per id.

The brute force does not use ``walk``, ``plans`` or ``Grid``: ``brute_plots`` is a depth-first
search over single orthogonal steps that carries the card being played (its direction and the
steps it still has to make) and the set of cells already touched; ``first_fault`` lays a plot
out as a flat list of step coordinates (without looking at the board) and names the first step
that leaves the board (R-IE-13), touches a cell already on the path, start included (R-IE-15),
or holds a Shoggoth (R-IE-16). When a plot breaks several rules, the one met first along the
steps counts; a step back onto the start cell counts as R-IE-15 even with a Shoggoth there.

``plans`` costs 10-30 ms for a full hand (it tries every card order and direction), so the
cross product board x start x hand x Shoggoths is covered in parts that together take about
5 s on one core (sizes are columns x rows; seeds are fixed):

* geometry, with the hand [1,1,2,2,3,3] + 3 Rests, whose plots contain those of every hand
  the game can produce: every start and every placement of 0 or 1 Shoggoth on 1x1, 1x4 and
  2x2; on 2x3 and 3x3 every start without a Shoggoth and every Shoggoth cell for the corner,
  edge (and centre) starts, on 3x3 also 2-Shoggoth samples; 4x4 and 3x5 every start, plus samples
  with 1 or 2 Shoggoths; 6x6 the corners, edges and centre cells plus samples with 1..4;
* hands: all 108 hands (the 27 sub-multisets of [1,1,2,2,3,3] x 0..3 Rests) on the real
  board, and the 27 number hands on a 3x3; a seeded sample of (board, start, hand,
  0..4 Shoggoths), most of them on 6x6; ``destinations`` on a sample of 6x6 positions;
* ``walk``: all 1885 plots of up to 3 cards (values 1..3, any direction, whatever the hand)
  from two corners of 2x2 with 0 or 1 Shoggoth; on 1x1, 1x4, 4x1, 2x3 and 3x3 for every
  start and 0 or 1 Shoggoth, every plot whose shorter prefixes are legal plus one random
  longer plot past each refused prefix; the same on 4x4, 3x5 and six 6x6 starts without
  Shoggoths, and on seeded samples with 1..4 Shoggoths (sometimes one on the start).
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter

import pytest

from services.games.innsmouth_escape.board import (
    GRID,
    Grid,
    PathError,
    destinations,
    plans,
    walk,
)

# ------------------------------------------------------------------------ brute force

COLUMN_LETTERS = "ABCDEFGHIJ"
# Row 1 is the north edge, column A the west edge (spec 1.3).
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
WORD = {"N": "north", "E": "east", "S": "south", "W": "west"}
FULL_HAND = (1, 1, 2, 2, 3, 3)
# Every multiset of number cards the game's six cards can leave in hand (27 of them).
NUMBER_HANDS = sorted({combo for size in range(7)
                       for combo in itertools.combinations(FULL_HAND, size)})
HANDS = [(numbers, rests) for numbers in NUMBER_HANDS for rests in range(4)]
# Every plot of up to 3 number cards, whatever the hand (1 + 12 + 144 + 1728 = 1885).
CARD = [(value, d) for value in (1, 2, 3) for d in "NESW"]
ALL_MOVES = [moves for k in range(4) for moves in itertools.product(CARD, repeat=k)]


def label(column: int, row: int) -> str:
    return f"{COLUMN_LETTERS[column]}{row + 1}"


def spot(cell: str) -> tuple[int, int]:
    return COLUMN_LETTERS.index(cell[0]), int(cell[1:]) - 1


def board_cells(size: tuple[int, int]) -> list[str]:
    columns, rows = size
    return [label(c, r) for c in range(columns) for r in range(rows)]


def brute_plots(size, start, numbers, rests, shoggoths=()) -> set:
    """Every legal plot as (end, path, moves, rests), found one step at a time."""
    columns, rows = size
    blocked = {spot(cell) for cell in shoggoths}
    left = Counter(numbers)
    path = [spot(start)]
    touched = {path[0]}
    moves: list[tuple[int, str]] = []
    found = set()

    def go(steps_left: int, dc: int, dr: int) -> None:
        if steps_left:
            column, row = path[-1]
            nxt = (column + dc, row + dr)
            if (not (0 <= nxt[0] < columns and 0 <= nxt[1] < rows)
                    or nxt in touched or nxt in blocked):
                return
            touched.add(nxt)
            path.append(nxt)
            go(steps_left - 1, dc, dr)
            path.pop()
            touched.remove(nxt)
            return
        # Between cards: stop here if Rests fill the plot up to three cards ...
        if len(moves) + rests >= 3:
            names = tuple(label(*p) for p in path)
            found.add((names[-1], names, tuple(moves), 3 - len(moves)))
        if len(moves) == 3:
            return
        # ... or play one more number card from the hand, in any direction.
        for value in [v for v, count in left.items() if count]:
            left[value] -= 1
            for direction, (dc, dr) in STEP.items():
                moves.append((value, direction))
                go(value, dc, dr)
                moves.pop()
            left[value] += 1

    go(0, 0, 0)
    return found


def first_fault(size, start, moves, shoggoths=()):
    """(None, path) for a legal plot, else (rule, card number, cell the message names)."""
    columns, rows = size
    blocked = {spot(cell) for cell in shoggoths}
    column, row = spot(start)
    steps = [(column, row, 0)]
    for number, (value, direction) in enumerate(moves, start=1):
        dc, dr = STEP[direction]
        steps += [(column + dc * i, row + dr * i, number) for i in range(1, value + 1)]
        column, row = column + dc * value, row + dr * value
    for j in range(1, len(steps)):
        c, r, number = steps[j]
        if not (0 <= c < columns and 0 <= r < rows):
            return "R-IE-13", number, label(*steps[j - 1][:2])
        if (c, r) in {s[:2] for s in steps[:j]}:
            return "R-IE-15", number, label(c, r)
        if (c, r) in blocked:
            return "R-IE-16", number, label(c, r)
    return None, tuple(label(c, r) for c, r, _ in steps)


@functools.cache
def grid_of(size: tuple[int, int]) -> Grid:
    return Grid(*size)


def found_by_board(grid: Grid, start, numbers, rests, shoggoths=()) -> list:
    return [(p.end, p.path, p.moves, p.rests)
            for p in plans(grid, start, numbers, rests, shoggoths)]


def check_plans(size, start, numbers, rests, shoggoths=()) -> set:
    got = found_by_board(grid_of(size), start, numbers, rests, shoggoths)
    expected = brute_plots(size, start, numbers, rests, shoggoths)
    assert len(got) == len(set(got)), "plans() lists a plot twice"
    assert set(got) == expected, (
        f"{size} {start} {numbers}+{rests} rests, Shoggoths {sorted(shoggoths)}: "
        f"missing {sorted(expected - set(got))[:3]}, extra {sorted(set(got) - expected)[:3]}")
    return expected


def check_walk(size, start, moves, shoggoths=()):
    """walk() gives the brute force's path, or refuses with its rule, card and cell."""
    expected = first_fault(size, start, moves, shoggoths)
    try:
        path = walk(grid_of(size), start, moves, shoggoths)
    except PathError as error:
        assert expected[0] is not None, (size, start, moves, shoggoths, error)
        rule, number, cell = expected
        value, direction = moves[number - 1]
        text = {"R-IE-13": f"leaves the board after {cell}: a card moves its full value",
                "R-IE-15": f"comes back to {cell}: the path may not touch a cell twice",
                "R-IE-16": f"goes through {cell}, where a Shoggoth is"}[rule]
        assert (error.rule, error.message) == (
            rule, f"card {number} ({value} {WORD[direction]}) {text}"), (size, start, moves,
                                                                        shoggoths)
    else:
        assert expected == (None, tuple(path)), (size, start, moves, shoggoths)
    return expected[0]


def check_walk_tree(size, start, shoggoths, rng: random.Random) -> None:
    """walk() on every plot of up to 3 cards (values 1..3) whose shorter prefixes are legal,
    and on one random longer plot past each refused one (refused for the same card)."""

    def visit(moves: tuple) -> None:
        fault = check_walk(size, start, moves, shoggoths)
        if fault is None and len(moves) < 3:
            for card in CARD:
                visit((*moves, card))
        elif fault is not None and len(moves) < 3:
            longer = moves + tuple(rng.choices(CARD, k=rng.randint(1, 3 - len(moves))))
            assert check_walk(size, start, longer, shoggoths) == fault

    visit(())


def one_shoggoth_or_none(size) -> list[tuple[str, ...]]:
    return [(), *((cell,) for cell in board_cells(size))]


# ------------------------------------------------------------------ the brute force itself


def test_brute_force_agrees_with_hand_computed_cases():
    # 1x4 (A1..A4) from A2 with [1, 2] + 1 Rest, so both number cards: 1N 2S and 1S 2N come
    # back to A2, 2S 1N comes back to A3, 2N and 1S 2S leave the board.
    assert brute_plots((1, 4), "A2", (1, 2), 1) == set()
    assert brute_plots((1, 4), "A1", (1, 2), 1) == {
        ("A4", ("A1", "A2", "A3", "A4"), ((1, "S"), (2, "S")), 1),
        ("A4", ("A1", "A2", "A3", "A4"), ((2, "S"), (1, "S")), 1)}
    assert brute_plots((1, 1), "A1", FULL_HAND, 3) == {("A1", ("A1",), (), 3)}
    assert first_fault((1, 4), "A1", ((3, "S"), (1, "S"))) == ("R-IE-13", 2, "A4")
    assert first_fault((3, 3), "A1", ((2, "E"),), ["B1"]) == ("R-IE-16", 1, "B1")
    assert first_fault((3, 3), "A1", ((1, "E"), (1, "W")), ["A1"]) == ("R-IE-15", 2, "A1")


# -------------------------------------------------------------- plans() against brute force
# The hand [1,1,2,2,3,3] + 3 Rests is used where the geometry varies: the plots of every other
# hand are among its plots, and test_plans_every_hand varies the hand on fixed positions.


@pytest.mark.parametrize("size", [(1, 1), (1, 4), (2, 2)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_plans_every_start_and_shoggoth_on_small_boards(size):
    for start in board_cells(size):
        for shoggoths in one_shoggoth_or_none(size):
            check_plans(size, start, FULL_HAND, 3, shoggoths)


def test_plans_every_start_and_shoggoth_on_2x3():
    """Every start without a Shoggoth; every Shoggoth for a corner and an edge start (the
    other starts are their mirror images)."""
    for start in board_cells((2, 3)):
        check_plans((2, 3), start, FULL_HAND, 3)
    for start in ("A1", "A2"):
        for shoggoths in one_shoggoth_or_none((2, 3))[1:]:
            check_plans((2, 3), start, FULL_HAND, 3, shoggoths)


def test_plans_every_start_and_shoggoth_on_3x3():
    """Every start without a Shoggoth; every Shoggoth for a corner, an edge and the centre
    start (the other starts are their mirror images)."""
    for start in board_cells((3, 3)):
        check_plans((3, 3), start, FULL_HAND, 3)
    for start in ("A1", "B1", "B2"):
        for shoggoths in one_shoggoth_or_none((3, 3))[1:]:
            check_plans((3, 3), start, FULL_HAND, 3, shoggoths)
    rng = random.Random(33)
    for _ in range(2):
        check_plans((3, 3), rng.choice(board_cells((3, 3))), FULL_HAND, 3,
                    rng.sample(board_cells((3, 3)), 2))


@pytest.mark.parametrize("size", [(4, 4), (3, 5)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_plans_every_start_on_mid_boards(size):
    rng = random.Random(sum(size))
    cells = board_cells(size)
    for start in cells:
        check_plans(size, start, FULL_HAND, 3)
    for count in (1, 1, 2):
        check_plans(size, rng.choice(cells), FULL_HAND, 3, rng.sample(cells, count))


def test_plans_sampled_starts_of_the_real_board():
    rng = random.Random(66)
    corner_edge_centre = ["A1", "F6", "C1", "A4", "F3", "D6", "C3", "D4"]
    for start in corner_edge_centre + rng.sample(GRID.cells(), 4):
        check_plans((6, 6), start, FULL_HAND, 3)
    for count in (1, 1, 2, 2, 4):
        check_plans((6, 6), rng.choice(GRID.cells()), FULL_HAND, 3,
                    rng.sample(GRID.cells(), count))


def test_plans_every_hand():
    """All 108 hands (the 27 multisets of number cards from [1,1,2,2,3,3] x 0..3 Rests) on
    the real board, and the 27 multisets with 3 Rests on a crowded 3x3."""
    assert len(HANDS) == 108
    for numbers, rests in HANDS:
        check_plans((6, 6), "C4", numbers, rests, ["C2"])
    for numbers in NUMBER_HANDS:
        check_plans((3, 3), "B2", numbers, 3, ["B3"])


def test_plans_sampled_positions_and_hands():
    rng = random.Random(1926)
    sizes = [(6, 6)] * 6 + [(4, 4), (3, 5), (2, 3), (3, 3)]
    for _ in range(60):
        size = rng.choice(sizes)
        cells = board_cells(size)
        numbers, rests = rng.choice(HANDS)
        shoggoths = rng.sample(cells, rng.choice([0, 1, 1, 2, 2, 3, 4]))
        check_plans(size, rng.choice(cells), numbers, rests, shoggoths)


def test_destinations_group_the_plans():
    rng = random.Random(36)
    for _ in range(12):
        start = rng.choice(GRID.cells())
        numbers, rests = rng.choice(HANDS)
        shoggoths = rng.sample(GRID.cells(), rng.randint(0, 2))
        expected = brute_plots((6, 6), start, numbers, rests, shoggoths)
        ends = destinations(GRID, start, numbers, rests, shoggoths)
        assert set(ends) == {plot[0] for plot in expected}
        for end, listed in ends.items():
            assert all(p.end == end for p in listed)
            assert {(p.end, p.path, p.moves, p.rests) for p in listed} == {
                plot for plot in expected if plot[0] == end}


# ---------------------------------------------------------------- walk() against brute force


@pytest.mark.parametrize("start", ["A1", "B2"])
def test_walk_every_plot_on_2x2(start):
    """All 1885 plots of up to 3 cards, no Shoggoth or one on any cell."""
    for shoggoths in one_shoggoth_or_none((2, 2)):
        for moves in ALL_MOVES:
            check_walk((2, 2), start, moves, shoggoths)


@pytest.mark.parametrize("size", [(1, 1), (1, 4), (4, 1), (2, 3), (3, 3)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
def test_walk_every_start_and_shoggoth(size):
    rng = random.Random(sum(size))
    for start in board_cells(size):
        for shoggoths in one_shoggoth_or_none(size):
            check_walk_tree(size, start, shoggoths, rng)


@pytest.mark.parametrize(("size", "starts", "samples"), [
    ((4, 4), None, 6), ((3, 5), None, 6), ((6, 6), ["A1", "C1", "A4", "C3", "D4", "F6"], 10),
], ids=["4x4", "3x5", "6x6"])
def test_walk_on_bigger_boards(size, starts, samples):
    rng = random.Random(sum(size))
    cells = board_cells(size)
    for start in starts or cells:
        check_walk_tree(size, start, (), rng)
    for _ in range(samples):
        start = rng.choice(cells)
        shoggoths = rng.sample(cells, rng.choice([1, 2, 2, 3, 4]))
        if rng.random() < 0.3:
            shoggoths[0] = start
        check_walk_tree(size, start, shoggoths, rng)


# ------------------------------------------------------------------------------ R-IE-10


SOME_HANDS = [(FULL_HAND, 3), (FULL_HAND, 1), ((1, 2, 3), 2), ((3, 3), 1), ((1,), 2),
              ((2, 2, 3), 0), ((), 3)]


def test_r_ie_10_a_plan_is_always_three_cards():
    for numbers, rests in SOME_HANDS:
        for plan in plans(GRID, "C3", numbers, rests):
            assert len(plan.moves) + plan.rests == 3


def test_r_ie_10_every_mix_of_number_and_rest_cards():
    mixes = Counter(len(p.moves) for p in plans(GRID, "C3", FULL_HAND, 3))
    assert set(mixes) == {0, 1, 2, 3}
    assert mixes[0] == 1  # three Rests


def test_r_ie_10_fewer_than_three_number_cards_need_rests():
    assert plans(GRID, "C3", (2, 3), 0) == []  # two cards only
    assert plans(GRID, "C3", (2,), 1) == []
    one_rest = plans(GRID, "C3", (2, 3), 1)
    assert one_rest and all(len(p.moves) == 2 and p.rests == 1 for p in one_rest)
    two_rests = plans(GRID, "C3", (2, 3), 2)
    assert {len(p.moves) for p in two_rests} == {1, 2}
    assert plans(GRID, "C3", (), 2) == []
    assert [(p.moves, p.rests, p.path) for p in plans(GRID, "C3", (), 3)] == [((), 3, ("C3",))]


def test_r_ie_10_no_rests_means_three_number_cards():
    assert all(len(p.moves) == 3 and p.rests == 0 for p in plans(GRID, "C3", FULL_HAND, 0))


# ------------------------------------------------------------------------------ R-IE-13


def test_r_ie_13_rulebook_example_two_rows_from_the_south_edge():
    # C4 is two rows from the south edge (row 6): a 3 southward is illegal, a 2 is fine.
    with pytest.raises(PathError) as info:
        walk(GRID, "C4", [(3, "S")])
    assert info.value.rule == "R-IE-13"
    assert info.value.message == ("card 1 (3 south) leaves the board after C6: "
                                  "a card moves its full value")
    assert walk(GRID, "C4", [(2, "S")]) == ["C4", "C5", "C6"]


def test_r_ie_13_exact_distance_in_a_straight_line():
    ends = destinations(GRID, "C4", (3,), 2)
    # 3 north or 3 east; 3 south and 3 west leave the board; nothing nearer, nothing bent.
    assert set(ends) == {"C1", "F4"}
    assert [p.moves for p in ends["C1"]] == [((3, "N"),)]
    assert walk(GRID, "C4", [(3, "E")]) == ["C4", "D4", "E4", "F4"]


def test_r_ie_13_the_second_card_may_not_stop_short_of_the_edge():
    with pytest.raises(PathError) as info:
        walk(GRID, "A1", [(3, "E"), (3, "E")])
    assert info.value.rule == "R-IE-13"
    assert info.value.message == ("card 2 (3 east) leaves the board after F1: "
                                  "a card moves its full value")


def test_r_ie_13_straight_orthogonal_directions_only():
    with pytest.raises(PathError) as info:
        walk(GRID, "C3", [(1, "NE")])
    assert info.value.rule == "R-IE-13"
    assert info.value.message == "'NE' is not a direction: use N, S, E or W"


# ------------------------------------------------------------------------------ R-IE-14


def test_r_ie_14_three_then_two_the_same_direction_is_five_cells():
    path = walk(GRID, "A1", [(3, "E"), (2, "E")])
    assert path == ["A1", "B1", "C1", "D1", "E1", "F1"]
    assert GRID.distance("A1", path[-1]) == 5
    ends = destinations(GRID, "A1", (2, 3), 1)
    assert {p.moves for p in ends["F1"]} == {((3, "E"), (2, "E")), ((2, "E"), (3, "E"))}


def test_r_ie_14_cards_run_in_order_each_in_its_own_direction():
    assert walk(GRID, "A1", [(3, "E"), (2, "S")]) == ["A1", "B1", "C1", "D1", "D2", "D3"]
    assert walk(GRID, "A1", [(2, "S"), (3, "E")]) == ["A1", "A2", "A3", "B3", "C3", "D3"]


# ------------------------------------------------------------------------------ R-IE-15


def test_r_ie_15_three_west_then_two_east_is_back_tracking():
    with pytest.raises(PathError) as info:
        walk(GRID, "D3", [(3, "W"), (2, "E")])
    assert info.value.rule == "R-IE-15"
    assert info.value.message == ("card 2 (2 east) comes back to B3: "
                                  "the path may not touch a cell twice")


def test_r_ie_15_the_start_counts():
    with pytest.raises(PathError) as info:
        walk(GRID, "C3", [(1, "E"), (1, "W")])
    assert info.value.rule == "R-IE-15"
    assert info.value.message == ("card 2 (1 west) comes back to C3: "
                                  "the path may not touch a cell twice")


def test_r_ie_15_a_third_card_back_along_the_second():
    with pytest.raises(PathError) as info:
        walk(GRID, "A1", [(1, "E"), (3, "S"), (1, "N")])
    assert info.value.rule == "R-IE-15"
    assert info.value.message == ("card 3 (1 north) comes back to B3: "
                                  "the path may not touch a cell twice")


def test_r_ie_15_turning_is_not_back_tracking():
    assert walk(GRID, "C3", [(1, "E"), (1, "S"), (1, "W")]) == ["C3", "D3", "D4", "C4"]


# ------------------------------------------------------------------------------ R-IE-16


def test_r_ie_16_may_not_end_on_a_shoggoth():
    with pytest.raises(PathError) as info:
        walk(GRID, "A1", [(2, "E")], blocked={"C1"})
    assert info.value.rule == "R-IE-16"
    assert info.value.message == "card 1 (2 east) goes through C1, where a Shoggoth is"


def test_r_ie_16_may_not_pass_through_a_shoggoth():
    with pytest.raises(PathError) as info:
        walk(GRID, "A1", [(1, "S"), (3, "E")], blocked={"C2"})
    assert info.value.rule == "R-IE-16"
    assert info.value.message == "card 2 (3 east) goes through C2, where a Shoggoth is"


def test_r_ie_16_a_shoggoth_on_the_start_cell_does_not_block():
    assert walk(GRID, "A1", [(2, "E")], blocked={"A1"}) == ["A1", "B1", "C1"]
    ends = destinations(GRID, "A1", (2,), 3, blocked={"A1"})
    assert set(ends) == {"A1", "C1", "A3"}


def test_r_ie_16_coming_back_to_a_shoggoth_on_the_start_is_back_tracking():
    with pytest.raises(PathError) as info:
        walk(GRID, "B2", [(1, "E"), (1, "W")], blocked={"B2"})
    assert info.value.rule == "R-IE-15"


def test_r_ie_16_shoggoths_next_to_the_start_leave_only_other_ways():
    ends = destinations(GRID, "A1", FULL_HAND, 3, blocked={"B1"})
    assert not any("B1" in p.path for plans_ in ends.values() for p in plans_)
    assert "B1" not in ends  # C1 only round the Shoggoth (three 2s are not in the hand)
    assert {p.moves for p in ends["C1"]} == {((1, "S"), (2, "E"), (1, "N")),
                                             ((3, "S"), (2, "E"), (3, "N"))}


# ------------------------------------------------------------------------------ R-IE-18


def test_r_ie_18_only_three_rests_stay_on_the_start():
    for numbers, rests in SOME_HANDS:
        for plan in plans(GRID, "C3", numbers, rests, blocked={"C5"}):
            assert (plan.end == "C3") == (plan.moves == ())
            assert len(plan.path) == 1 + sum(value for value, _ in plan.moves)
    assert [p.moves for p in destinations(GRID, "C3", FULL_HAND, 3)["C3"]] == [()]
    assert "C3" not in destinations(GRID, "C3", FULL_HAND, 2)


def test_r_ie_18_a_path_back_to_the_start_is_refused():
    with pytest.raises(PathError) as info:
        walk(GRID, "C3", [(2, "N"), (2, "S")])
    assert info.value.rule == "R-IE-15"
    assert info.value.message == ("card 2 (2 south) comes back to C2: "
                                  "the path may not touch a cell twice")


# ------------------------------------------------------------------------- R-IE-19, A-IE-08


def test_r_ie_19_a_blocked_destination_has_no_plan():
    # Shoggoths on B2 and C1: no plot ends there, so another destination must be chosen.
    ends = destinations(GRID, "A1", FULL_HAND, 3, blocked={"B2", "C1"})
    assert "B2" not in ends and "C1" not in ends
    assert "B1" in ends


def test_a_ie_08_three_rests_remain_when_nothing_else_is_legal():
    boxed_in = {"A1", "B1", "A2"}  # a Shoggoth on the start and on both neighbours
    assert [(p.moves, p.rests, p.path) for p in plans(GRID, "A1", FULL_HAND, 3, boxed_in)] == [
        ((), 3, ("A1",))]
    assert plans(GRID, "A1", FULL_HAND, 2, boxed_in) == []
    assert [p.path for p in plans(Grid(1, 1), "A1", FULL_HAND, 3)] == [("A1",)]
