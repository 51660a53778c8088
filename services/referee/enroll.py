"""Enrolling RFID tags: each tag from a source is named after a piece and saved in the tag
registry at once (the machinery of ``refbox enroll``: services/referee/cli/enroll.py).

Tags come from a :data:`TagSource`: any iterable of ``TagPlaced`` events. On a real board it
is the profile's reader (``--reader`` names it: ``seat2`` or ``seat2 reader``; default the
first one), read by :class:`firmware_py.rfid.TagReader` on its thread; on a simulated board
the tag ids are typed in. A tag that is already enrolled is refused with what it is, and the
user taps another.
"""

from __future__ import annotations

import contextlib
import queue
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from firmware_py.events import DeviceStatus, InputEvent, TagPlaced
from firmware_py.specs import BoardProfile, Clock, ReaderSpec
from services.referee.errors import FileDamaged
from services.referee.files import read_text
from services.referee.tags import TagEntry, TagRegistry, check_label, check_name, normalize_tag

if TYPE_CHECKING:
    from services.referee.doctor import ReaderLike

TagSource = Iterable[TagPlaced]
"""Where tags come from: iterating yields one ``TagPlaced`` per placement; the end stops."""
Ask = Callable[[str], str]
Say = Callable[[str], None]
ReaderFactory = Callable[[ReaderSpec, str, Callable[[InputEvent], None], Clock],
                         "ReaderLike"]


def enroll(
    registry: TagRegistry,
    tags: TagSource,
    *,
    game: str,
    kind: str,
    items: list[tuple[str, str]] | None = None,
    ask: Ask = input,
    say: Say = print,
) -> int:
    """Enroll tags from ``tags`` into ``registry`` (saved after each); returns how many."""
    check_name("game", game)
    check_name("kind", kind)
    stream = iter(tags)
    if items is None:
        return _enroll_asking(registry, stream, game, kind, ask, say)
    todo = [(cid, label) for cid, label in items if registry.find(game, kind, cid) is None]
    say(f"{len(items) - len(todo)} of {len(items)} already enrolled, {len(todo)} to go")
    for number, (cid, label) in enumerate(todo, 1):
        say(f"[{number}/{len(todo)}] tap the tag for {label} ({kind} {cid})")
        if not _take_tag(registry, stream, TagEntry("-", game, kind, cid, label), say):
            return number - 1
    return len(todo)


def _enroll_asking(
    registry: TagRegistry, stream: Iterator[TagPlaced], game: str, kind: str, ask: Ask, say: Say
) -> int:
    done = 0
    while True:
        say(f"tap a tag to enroll as a {kind} of {game} (Ctrl-C to finish)")
        event = _next_new_tag(registry, stream, say)
        if event is None:
            return done
        while True:
            try:
                cid = ask(f"{kind} id for tag {event.tag} (empty: skip): ").strip()
                if not cid:
                    say("skipped")
                    break
                known = registry.find(game, kind, cid)
                if known is not None:
                    say(f"{game} {kind} {cid} already has tag {known.tag}; choose another id")
                    continue
                check_name("id", cid)
                label = ask(f"label for {cid} [{cid}]: ").strip() or cid
            except EOFError:
                return done
            except ValueError as exc:
                say(f"refused: {exc}")
                continue
            if _save(registry, TagEntry(event.tag, game, kind, cid, label), say):
                done += 1
                break


def _take_tag(
    registry: TagRegistry, stream: Iterator[TagPlaced], template: TagEntry, say: Say
) -> bool:
    while True:
        event = _next_new_tag(registry, stream, say)
        if event is None:
            return False
        if _save(registry, replace(template, tag=event.tag), say):
            return True


def _next_new_tag(registry: TagRegistry, stream: Iterator[TagPlaced], say: Say) -> TagPlaced | None:
    for event in stream:
        try:
            tag = normalize_tag(event.tag)
        except ValueError as exc:
            say(f"ignored: {exc}")
            continue
        known = registry.lookup(tag)
        if known is None:
            return TagPlaced(event.seat, event.reader, tag, event.at)
        say(f"tag {known.tag} is already enrolled as {known.describe()}; tap another tag")
    say("no more tags")
    return None


def _save(registry: TagRegistry, entry: TagEntry, say: Say) -> bool:
    try:
        saved = registry.add(entry)
    except ValueError as exc:
        say(f"refused: {exc}")
        return False
    registry.save()
    say(f"saved: {saved.tag} = {saved.describe()}")
    return True


def read_list(path: Path) -> list[tuple[str, str]]:
    """``id,label`` lines of ``path`` in order; ``ValueError`` names the file and line."""
    try:
        lines = read_text(path, "a list of id,label lines (see --list-ids)").splitlines()
    except FileDamaged as exc:
        raise ValueError(exc.message) from None
    items: list[tuple[str, str]] = []
    seen: dict[str, int] = {}
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        cid, _, label = (part.strip() for part in line.partition(","))
        try:
            check_name("id", cid)
            check_label(label or cid)
        except ValueError as exc:
            raise ValueError(f"{path}:{number}: {exc}") from exc
        if cid in seen:
            raise ValueError(f"{path}:{number}: id {cid!r} is already on line {seen[cid]}")
        seen[cid] = number
        items.append((cid, label or cid))
    return items


def pick_reader(profile: BoardProfile, name: str | None) -> tuple[ReaderSpec, str]:
    """The reader called ``name`` (reader or seat name; None: the first) and its seat."""
    readers = [(s.reader, s.name) for s in profile.seats if s.reader is not None]
    if profile.table_reader is not None:
        readers.append((profile.table_reader, "table"))
    for spec, seat in readers:
        if name is None or name in (spec.name, seat):
            return spec, seat
    known = ", ".join(seat for _, seat in readers) or "none"
    what = f"no reader named {name!r}" if name else "no reader"
    raise ValueError(f"{what} in board profile {profile.name}; readers: {known}")


@contextlib.contextmanager
def open_tag_source(
    profile: BoardProfile,
    spec: ReaderSpec,
    seat: str,
    *,
    ask: Ask = input,
    say: Say = print,
    reader_factory: ReaderFactory | None = None,
) -> Iterator[TagSource]:
    """Typed tag ids on a simulated board, else the real reader (started, stopped at exit)."""
    if profile.simulated:
        yield typed_tags(spec, seat, ask=ask, say=say)
        return
    if reader_factory is None:
        from firmware_py.rfid import TagReader

        reader_factory = TagReader
    events: queue.Queue[InputEvent] = queue.Queue()
    reader = reader_factory(spec, seat, events.put, time.monotonic)
    reader.start()
    say(f"reading tags on {spec.name} ({spec.port})")
    try:
        yield queued_tags(events, say)
    finally:
        reader.stop()


def queued_tags(events: queue.Queue[InputEvent], say: Say) -> Iterator[TagPlaced]:
    """``TagPlaced`` events from a reader's queue, reporting readers going off- and online."""
    while True:
        try:
            event = events.get(timeout=0.5)
        except queue.Empty:
            continue
        if isinstance(event, TagPlaced):
            yield event
        elif isinstance(event, DeviceStatus):
            state = "back online" if event.online else f"offline: {event.reason}"
            say(f"{event.device} ({event.path}) {state}")


def typed_tags(
    spec: ReaderSpec, seat: str, *, ask: Ask = input, say: Say = print
) -> Iterator[TagPlaced]:
    """Tag ids typed at the keyboard (simulated boards); ends on an empty line or EOF."""
    while True:
        try:
            text = ask("tag id (simulated reader; empty: finish): ").strip()
        except EOFError:
            return
        if not text:
            return
        try:
            tag = normalize_tag(text)
        except ValueError as exc:
            say(str(exc))
            continue
        yield TagPlaced(seat, spec.name, tag, time.monotonic())
