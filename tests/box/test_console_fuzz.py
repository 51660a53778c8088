"""Fuzz the terminal simulator's console on the real daemon: random key bytes (escape
sequences, control characters, invalid UTF-8, the board's keys, shifted and held), random
typed tag lines and random terminal sizes. Any exception fails; every wall must fit its
terminal. A seeded loop bounded by its number of inputs (one box for all: starting and
closing a box costs seconds)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.box.conftest import SimTable
from tests.box.test_console import Session

INPUTS = 500
SEQUENCES = [b"\x1bOP", b"\x1bOS", b"\x1b[15~", b"\x1b[17~", b"\x1b[1;2P", b"\x1b[[A",
             b"\x1b[Z", b"\x1b[A", b"\x1b[200~", b"\x1b[<0;12;4M", b"\x1b[", b"\x1bO",
             b"\x1b[1;", b"\x1b\x1b", b"\x1bq", b"\x1b[99;99;99~", b"\x1b[I"]
KEYS = "1qaz2wsx3edc4rfv5tgb6yhn" + "QAZWSX!@#" + " \t\r\n`~p0-=[]"
WORDS = ["seat1", "seat7", "3", "0", "-1", "the-watchman", "the-watchmn", "Knife", "knife",
         "5E98794C3F", "5e98794c3", "ZZZZZZZZZZ", "tag", "", "é", "\x00", "seat1 seat2"]


def random_input(rng: random.Random) -> bytes:
    kind = rng.randrange(6)
    if kind == 0:
        return rng.choice(SEQUENCES)
    if kind == 1:
        return rng.choice(KEYS).encode() * rng.choice((1, 1, 1, 2, 8))  # taps and repeats
    if kind == 2:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 12)))
    if kind == 3:
        return bytes(rng.choice([0x03, 0x01, 0x08, 0x7F, 0x1B, 0x0D, 0x1C, 0x00]))
    line = " ".join(rng.choice(WORDS) for _ in range(rng.randrange(4)))
    return b"`" + line.encode() + rng.choice([b"\r", b"\x1b", b"\x7f\r", b""])


@pytest.mark.parametrize("seed", [1, 2])
def test_random_keys_tags_and_sizes_never_raise(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    table = SimTable(tmp_path / "data", seed=seed)
    try:
        session = Session(table)
        for _ in range(INPUTS):
            session.type(random_input(rng), then=rng.choice((0.0, 0.01, 0.05, 0.2, 0.5)))
            size = (rng.randrange(1, 240), rng.randrange(1, 70))
            wall = session.console.frame(size)
            assert len(wall.lines) <= size[1]
            assert all(len(line) <= size[0] for line in wall.lines)
        session.stop.clear()  # Ctrl-C or Esc twice may have come up: the console goes on
        session.type(b"\x1b", then=0.1)  # Esc: cancels a tag being typed, or counts once
        session.type(b"p", then=0.1)
        assert not session.stop.is_set() and session.console.typed is None
        session.type(b"\x1b", then=0.1)
        session.type(b"\x1b", then=0.1)
        assert session.stop.is_set()
    finally:
        table.close()
