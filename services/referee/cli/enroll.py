"""``refbox enroll``: tap RFID tags and name them, building a tag registry file.

    refbox enroll --game GAME --kind KIND [--data DIR | --tags FILE] [--board PROFILE]
                  [--reader NAME] [--from-list FILE]
    refbox enroll --game GAME --kind KIND --list-ids

The game and the kind must be ones the box knows (:func:`tag_kinds`, from the game data). The
components are taken in order, every piece of the kind by default, or those of the list file
(``id,label`` lines; ``#`` comments and blank lines skipped; no label means label = id; the
ids must be pieces of the kind: ``--list-ids`` prints them all in that format), and the user
just taps one tag per prompt. (:func:`enroll` without items asks an id and a label for each
tag.) The registry is ``tags.toml`` in the box's data folder unless ``--tags`` names one. It
is saved after every tag, so an interrupted session resumes where it stopped: components already
enrolled are skipped. A tag that is already enrolled is refused with what it is, and the user
taps another.

Tags come from a :data:`TagSource`: any iterable of ``TagPlaced`` events. On a real board it
is the profile's reader (``--reader`` names it: ``seat2`` or ``seat2 reader``; default the
first one), read by :class:`firmware_py.rfid.TagReader` on its thread; on a simulated board
the tag ids are typed in.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import queue
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from pathlib import Path

from firmware_py.errors import HardwareError
from firmware_py.events import DeviceStatus, InputEvent, TagPlaced
from firmware_py.profile import DEFAULT_PROFILE, load_profile
from firmware_py.specs import BoardProfile, Clock, ReaderSpec
from services.referee.box.daemon import TAGS, default_data_dir
from services.referee.doctor import ReaderLike
from services.referee.errors import FileDamaged, RefereeError
from services.referee.files import read_text
from services.referee.tags import (
    TagEntry,
    TagRegistry,
    TagRegistryError,
    check_label,
    check_name,
    normalize_tag,
)

log = logging.getLogger(__name__)

TagSource = Iterable[TagPlaced]
"""Where tags come from: iterating yields one ``TagPlaced`` per placement; the end stops."""
Ask = Callable[[str], str]
Say = Callable[[str], None]
ReaderFactory = Callable[[ReaderSpec, str, Callable[[InputEvent], None], Clock], ReaderLike]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    kinds = "; ".join(f"{game}: {', '.join(k)}" for game, k in tag_kinds().items() if k)
    parser = sub.add_parser(
        "enroll",
        help="tap RFID tags and name them (builds a tag registry)",
        description=f"Games and the kinds of pieces that carry a tag: {kinds}.",
    )
    parser.add_argument("--game", required=True, help="game id, e.g. intruder-escape")
    parser.add_argument("--kind", required=True, help=f"kind of piece ({kinds})")
    parser.add_argument("--data", metavar="DIR", help="the box's data folder, where tags.toml "
                        "lives (default: as refbox run: $REFBOX_DATA, else /var/lib/refbox if "
                        "it exists, else ~/.local/share/refbox)")
    parser.add_argument("--tags", metavar="FILE",
                        help="the registry file (default: tags.toml in the data folder)")
    parser.add_argument(
        "--board",
        default=DEFAULT_PROFILE,
        metavar="PROFILE",
        help="board profile name or path (default: %(default)s)",
    )
    parser.add_argument("--reader", metavar="NAME", help="reader to use (default: the first)")
    parser.add_argument(
        "--from-list",
        dest="from_list",
        metavar="FILE",
        help="take ids and labels in order from FILE (id,label lines; default: every piece "
             "of the kind, in the order of --list-ids)",
    )
    parser.add_argument("--list-ids", dest="list_ids", action="store_true",
                        help="print the ids and labels of the kind as a --from-list file, "
                             "and stop")
    parser.set_defaults(handler=run)


def tag_kinds() -> dict[str, list[str]]:
    """Every game of the registry with the kinds of its pieces that can carry a tag."""
    from services.games.registry import default_registry
    from services.referee.tables import tag_components

    return {g.info.id: sorted({kind for kind, _cid, _label in tag_components(g.info.id)})
            for g in default_registry()}


def components(game: str, kind: str) -> list[tuple[str, str]]:
    """The (id, label) pieces of ``game`` of ``kind``, in order; ``ValueError`` saying what
    games and kinds there are if the game or the kind is unknown."""
    from services.referee.tables import tag_components

    kinds = tag_kinds()
    if game not in kinds:
        tagged = ", ".join(g for g, k in kinds.items() if k)
        raise ValueError(f"unknown game {game!r}; games with pieces that carry a tag: {tagged}")
    if kind not in kinds[game]:
        allowed = ", ".join(kinds[game]) or "none (no piece of this game carries a tag)"
        raise ValueError(f"{game} has no kind {kind!r}; kinds: {allowed}")
    return [(cid, label) for k, cid, label in tag_components(game) if k == kind]


def run(args: argparse.Namespace, *, ask: Ask = input, say: Say = print) -> int:
    try:
        known = components(args.game, args.kind)
        if args.list_ids:
            say(f"# {args.game} {args.kind}: id,label (for refbox enroll --from-list)")
            for cid, label in known:
                say(f"{cid},{label}")
            return 0
        tags_file = Path(args.tags) if args.tags else _data_dir(args.data) / TAGS
        registry = TagRegistry.load(tags_file, missing_ok=True)
        items = check_known(read_list(Path(args.from_list)), known, args) if args.from_list \
            else known
        profile = load_profile(args.board)
        spec, seat = pick_reader(profile, args.reader)
    except (TagRegistryError, HardwareError, RefereeError, ValueError) as exc:
        say(f"refbox enroll: {exc}")
        return 1
    done = 0
    try:
        with open_tag_source(profile, spec, seat, ask=ask, say=say) as tags:
            done = enroll(
                registry, tags, game=args.game, kind=args.kind, items=items, ask=ask, say=say
            )
    except (TagRegistryError, HardwareError) as exc:
        say(f"refbox enroll: {exc}")
        return 1
    except KeyboardInterrupt:
        say(f"\nstopped; {len(registry)} tags in {tags_file} (run again to go on)")
        return 130
    say(f"{done} tag(s) enrolled; {len(registry)} tags in {tags_file}")
    return 0


def _data_dir(data: str | None) -> Path:
    """The data folder (created, private, if it is missing); RefereeError if it cannot be."""
    path = Path(data) if data else default_data_dir()
    try:
        path.mkdir(parents=True, exist_ok=True, mode=0o700)
    except FileExistsError:
        raise RefereeError(f"{path}: this is a file, not a folder; give the data folder "
                           "with --data, or the registry file with --tags") from None
    except OSError as exc:
        raise RefereeError(f"{path}: cannot make the data folder: {exc.strerror}") from None
    return path


def check_known(
    items: list[tuple[str, str]], known: list[tuple[str, str]], args: argparse.Namespace
) -> list[tuple[str, str]]:
    """``items`` if every id is a piece of the game and kind, else ``ValueError``."""
    ids = {cid for cid, _label in known}
    unknown = [cid for cid, _label in items if cid not in ids]
    if unknown:
        raise ValueError(
            f"{args.from_list}: {', '.join(unknown[:5])}{' ...' if len(unknown) > 5 else ''} "
            f"{'is not a' if len(unknown) == 1 else 'are not'} {args.kind} id"
            f"{'' if len(unknown) == 1 else 's'} of {args.game}; see refbox enroll --game "
            f"{args.game} --kind {args.kind} --list-ids"
        )
    return items


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
