"""The terminal wall's layout and the typed tag lines, as pure functions."""

from __future__ import annotations

import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from services.referee.box.simtags import TagLine, TagLineError, parse_tag_line
from services.referee.box.wall import Panel, boxes, layout
from services.referee.tags import TagEntry

SEATS = [f"seat{n}" for n in range(1, 7)]
NAMES = [*SEATS, "public", "director"]
FULL = ["refbox simulator", "Seat 1: ok Q", "quit: Esc twice or Ctrl-C", ""]
COMPACT = ["Seats 1-6: ok QWERTY  next ASDFGH  prev ZXCVBN  back F1-F6  peek 123456",
           "Shift+key or Space,key: hold   ` tag   Tab: other seats   Esc Esc: quit"]
TAGS = [
    TagEntry("5E98794C3F", "decktet-escape", "card", "the-watchman", "the Watchman"),
    TagEntry("5E00000001", "decktet-escape", "card", "the-author", "the Author"),
    TagEntry("5E00000002", "intruder-escape", "card", "knife", "Knife"),
    TagEntry("5E00000003", "innsmouth-escape", "card", "knife", "Knife"),
    TagEntry("5E00000004", "innsmouth-escape", "token", "1", "Token 1"),
]


def panel(name: str, rows: int, fill: str = ".") -> Panel:
    return Panel(name, tuple(f"{name}:{row}".ljust(21, fill) for row in range(rows)))


def wall_of(rows: dict[str, int]) -> list[Panel]:
    return [panel(name, rows.get(name, 6)) for name in NAMES]


def test_a_seven_line_page_beside_six_line_ones() -> None:
    """Regression: seat 1 showing a 7-line page (Intruder's keep step) crashed the wall."""
    seven, six = panel("seat1", 7), panel("seat2", 6)
    lines = boxes([seven, six])
    assert len(lines) == 9
    assert lines[0] == "+-seat1-----------------+  +-seat2-----------------+"
    assert lines[6] == "| seat1:5.............. |  | seat2:5.............. |"
    assert lines[7] == "| seat1:6.............. |  |                       |"
    assert lines[8] == "+-----------------------+  +-----------------------+"
    assert boxes([six, seven])[7] == "|                       |  | seat1:6.............. |"


def test_boxes_take_the_widest_row_and_name() -> None:
    lines = boxes([Panel("a-very-long-screen-name", ("x",)), Panel("b", ("wide" * 7,))])
    assert [len(line) for line in lines] == [66, 66, 66]
    assert lines[1] == "| x" + " " * 27 + " |  | " + "wide" * 7 + " |"


def test_the_full_wall_when_the_terminal_is_big_enough() -> None:
    wall = layout(wall_of({"seat1": 7}), seats=SEATS, focus=3, full_legend=FULL,
                  compact_legend=COMPACT, status="Seat 1: ok", size=(106, 30))
    assert wall.full
    assert wall.shown == ("public", *SEATS, "director")  # the full wall ignores the focus
    assert wall.lines[:4] == FULL
    assert len(wall.lines) == 4 + 9 + 8 + 1 and wall.lines[-1] == "Seat 1: ok"  # 7 + 6 rows
    assert max(len(line) for line in wall.lines) == 106


def test_80x24_shows_a_compact_wall_from_the_focused_seat() -> None:
    wall = layout(wall_of({"seat1": 7}), seats=SEATS, focus=0, full_legend=FULL,
                  compact_legend=COMPACT, status="", size=(80, 24))
    assert not wall.full
    assert wall.lines[:2] == COMPACT
    assert wall.shown == ("public", "seat1", "seat2", "seat3", "seat4", "seat5")
    assert len(wall.lines) == 2 + 9 + 8 + 1
    assert max(len(line) for line in wall.lines) <= 80
    turned = layout(wall_of({}), seats=SEATS, focus=4, full_legend=FULL,
                    compact_legend=COMPACT, status="", size=(80, 24))
    assert turned.shown == ("public", "seat5", "seat6", "seat1", "seat2", "seat3")


def test_long_status_and_legend_wrap_instead_of_being_cut() -> None:
    status = ("no seat 'seat9' with a reader: type one of seat1, seat2, seat3, seat4, seat5, "
              "seat6 (or its number, 1-6), then the piece")
    wall = layout(wall_of({}), seats=SEATS, focus=0, full_legend=FULL, compact_legend=COMPACT,
                  status=status, size=(60, 24))
    legend = [part for line in COMPACT for part in textwrap.wrap(line, 60)]
    assert len(legend) == 4 and wall.lines[:4] == legend
    assert wall.lines[-3:] == textwrap.wrap(status, 60)
    assert wall.shown == ("public", "seat1", "seat2", "seat3")  # 2 a row, 2 rows between


def test_a_terminal_too_small_for_one_screen_says_so() -> None:
    wall = layout(wall_of({}), seats=SEATS, focus=0, full_legend=FULL, compact_legend=COMPACT,
                  status="", size=(20, 10))
    assert wall.shown == ()
    text = " ".join(wall.lines)
    assert "The screens need a terminal of at least 25x" in text
    assert len(wall.lines) <= 10 and all(len(line) <= 20 for line in wall.lines)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(NAMES), st.integers(0, 12), st.integers(0, 40)),
             max_size=10, unique_by=lambda item: item[0]),
    st.integers(-3, 400), st.integers(-3, 120), st.integers(-10, 10), st.text(max_size=200),
)
def test_any_wall_fits_any_terminal(panels: list[tuple[str, int, int]], width: int,
                                    height: int, focus: int, status: str) -> None:
    shown = [Panel(name, tuple("x" * cols for _ in range(rows))) for name, rows, cols in panels]
    wall = layout(shown, seats=SEATS, focus=focus, full_legend=FULL, compact_legend=COMPACT,
                  status=status, size=(width, height))
    assert len(wall.lines) <= max(1, height)
    assert all(len(line) <= max(1, width) for line in wall.lines)
    assert set(wall.shown) <= {name for name, _rows, _cols in panels}
    if wall.full:
        assert len(wall.shown) == len(panels)


# ---------------------------------------------------------------------- tag lines


def test_a_piece_by_name_label_or_tag_id() -> None:
    watchman = TagLine("seat1", "5E98794C3F", TAGS[0])
    assert parse_tag_line("seat1 the-watchman", SEATS, TAGS) == watchman
    assert parse_tag_line("tag 1 The Watchman", SEATS, TAGS) == watchman
    assert parse_tag_line("SEAT1   5e98794c3f", SEATS, TAGS) == watchman
    assert parse_tag_line("seat3 0A0000BEEF", SEATS, TAGS) == TagLine("seat3", "0A0000BEEF", None)
    assert watchman.describe("Seat 1") == \
        "tag the-watchman (the Watchman, decktet-escape) on Seat 1's reader"
    assert TagLine("seat3", "0A0000BEEF", None).describe("Seat 3") == \
        "tag 0A0000BEEF (not a registered piece) on Seat 3's reader"


def test_the_current_game_s_piece_comes_first() -> None:
    assert parse_tag_line("2 knife", SEATS, TAGS).entry == TAGS[2]
    assert parse_tag_line("2 knife", SEATS, TAGS, "innsmouth-escape").entry == TAGS[3]


@pytest.mark.parametrize(("line", "message"), [
    ("seat1 the-watchmn", "no piece called 'the-watchmn': closest: the-watchman, the-author"),
    ("seat1 zzzz", "no piece called 'zzzz': type a piece name (e.g. the-watchman) or a tag id "
                   "of 10 hex characters"),
    ("seat9 the-watchman", "no seat 'seat9' with a reader: type one of seat1, seat2, seat3, "
                           "seat4, seat5, seat6 (or its number, 1-6), then the piece"),
    ("seat2", "which piece on seat2? type SEAT PIECE, e.g. seat1 the-watchman"),
    ("   ", "type SEAT PIECE and Enter, e.g. seat1 the-watchman"),
])
def test_a_wrong_line_is_refused_with_what_is_allowed(line: str, message: str) -> None:
    with pytest.raises(TagLineError) as refused:
        parse_tag_line(line, SEATS, TAGS)
    assert refused.value.message == message


def test_a_board_without_readers() -> None:
    with pytest.raises(TagLineError, match="no seat of this board has a reader"):
        parse_tag_line("seat1 knife", [], TAGS)


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=60))
def test_any_typed_line_is_a_tag_or_a_refusal(line: str) -> None:
    try:
        placed = parse_tag_line(line, SEATS, TAGS)
    except TagLineError as error:
        assert error.message and "\n" not in error.message
    else:
        assert placed.seat in SEATS and len(placed.tag) == 10
        int(placed.tag, 16)
