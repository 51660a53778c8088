"""Tags for the simulated board: every taggable piece of every game gets a made-up tag id.

On a real box the tag registry is written by ``refbox enroll`` from the tags you bought; the
simulator has no real tags, so it writes its own registry, clearly marked, the first time it
starts with an empty data directory. Sim tag ids start with ``5E`` ("SiM") and are derived
from the piece's name, so they are the same on every machine.

:func:`parse_tag_line` reads the ``SEAT PIECE`` lines typed in the simulator.
"""

from __future__ import annotations

import difflib
import re
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from services.games.pieces import pieces
from services.games.registry import Registry
from services.referee.errors import RefereeError
from services.referee.tags import TagEntry, TagRegistry

_TAG_ID = re.compile(r"[0-9A-Fa-f]{10}")  # what a simulated RDM6300 reader can send


def sim_tag(game: str, kind: str, component: str) -> str:
    return f"5E{zlib.crc32(f'{game}/{kind}/{component}'.encode()):08X}"


def ensure_sim_tags(path: Path, registry: Registry) -> TagRegistry:
    """The simulator's registry at ``path``, written (once) with a tag for every piece."""
    tags = TagRegistry.load(path, missing_ok=True)
    if len(tags) == 0:
        for info in registry.infos():
            for kind, component, label in pieces(info.id):
                tags.add(TagEntry(sim_tag(info.id, kind, component), info.id, kind,
                                  component, label))
        tags.save()
    return tags


_ENTRY = re.compile(rb"^[ \t]*\[\[[ \t]*tags[ \t]*\]\]", re.MULTILINE)  # an entry's header


def prepare_sim_tags(path: Path, registry: Registry) -> None:
    """The simulated board's start: :func:`ensure_sim_tags`, except that a file which holds
    entries is left to the box, which reads (and checks) it next: the sim does not parse it
    twice at every start (docs/performance.md, "Start-up")."""
    try:
        data = path.read_bytes()
    except OSError:  # missing (the first start), or unreadable: ensure_sim_tags says which
        data = b""
    if not _ENTRY.search(data):
        ensure_sim_tags(path, registry)


class TagLineError(RefereeError):
    """A typed tag line that names no seat with a reader or no piece: says what is allowed."""

    rule = "SIM"


@dataclass(frozen=True)
class TagLine:
    """What a typed tag line asks for: ``tag`` (10 hex characters) on ``seat`` 's reader."""

    seat: str
    tag: str
    entry: TagEntry | None  # the registered piece, None for a bare tag id nobody enrolled

    def describe(self, seat_label: str) -> str:
        what = (f"{self.entry.id} ({self.entry.label}, {self.entry.game})" if self.entry
                else f"{self.tag} (not a registered piece)")
        return f"tag {what} on {seat_label}'s reader"


def parse_tag_line(line: str, seats: Sequence[str], tags: Iterable[TagEntry],
                   game: str | None = None) -> TagLine:
    """``SEAT PIECE`` as typed in the simulator (``seat1 the-watchman``, ``1 The Watchman``,
    ``seat2 5E015C93AB``; a leading ``tag`` is allowed). ``seats`` are the seats with a reader;
    the pieces of ``game`` (the one being set up or played) come first when names are alike.
    Raises :class:`TagLineError` saying what was wrong and what is allowed."""
    entries = sorted(tags, key=lambda e: e.game != game)
    words = line.split()
    if words[:1] == ["tag"]:
        words = words[1:]
    if not words:
        raise TagLineError(f"type SEAT PIECE and Enter, e.g. {_example(seats, entries)}")
    seat = _seat(words[0], seats)
    piece = " ".join(words[1:])
    if not piece:
        raise TagLineError(f"which piece on {seat}? type SEAT PIECE, e.g. "
                           f"{_example(seats, entries)}")
    wanted = piece.casefold()
    found = next((e for e in entries if wanted in (e.id.casefold(), e.label.casefold())), None)
    if found is not None:
        return TagLine(seat, found.tag, found)
    if _TAG_ID.fullmatch(piece):
        tag = piece.upper()
        return TagLine(seat, tag, next((e for e in entries if e.tag == tag), None))
    names = list(dict.fromkeys(e.id for e in entries))
    close = difflib.get_close_matches(wanted, names, n=3, cutoff=0.6)
    hint = (f"closest: {', '.join(close)}" if close
            else "type a piece name (e.g. the-watchman) or a tag id of 10 hex characters")
    raise TagLineError(f"no piece called {piece!r}: {hint}")


def _seat(word: str, seats: Sequence[str]) -> str:
    """A seat by name (``seat1``) or by its 1-based number among ``seats`` (``1``)."""
    wanted = word.casefold()
    for number, seat in enumerate(seats, start=1):
        if wanted in (seat.casefold(), str(number)):
            return seat
    if not seats:
        raise TagLineError("no seat of this board has a reader: there is nowhere to tap a tag")
    numbers = "1" if len(seats) == 1 else f"1-{len(seats)}"
    raise TagLineError(f"no seat {word!r} with a reader: type one of {', '.join(seats)}"
                       f" (or its number, {numbers}), then the piece")


def _example(seats: Sequence[str], entries: Sequence[TagEntry]) -> str:
    piece = next((e.id for e in entries if not e.id.isdigit()), "the-watchman")
    return f"{seats[0] if seats else 'seat1'} {piece}"
