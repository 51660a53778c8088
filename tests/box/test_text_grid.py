"""The terminal simulator's text grid keeps every line, at 10 px and at 9 px line pitch."""

from __future__ import annotations

from services.referee.box.render import dense_page, text_grid


def test_a_dense_page_keeps_all_seven_lines() -> None:
    grid = text_grid(dense_page("TITLE", [f"line {i}" for i in range(6)]))
    assert [row.strip() for row in grid] == ["TITLE", *[f"line {i}" for i in range(6)]]


def test_a_usual_page_keeps_its_six_rows() -> None:
    grid = text_grid(dense_page("TITLE", ["a", "b"]))
    assert [row.strip() for row in grid] == ["TITLE", "a", "b", "", "", ""]
