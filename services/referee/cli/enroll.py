"""``refbox enroll``: tap RFID tags and name them, building a tag registry file.

    refbox enroll --game GAME --kind KIND [--data DIR | --tags FILE] [--board PROFILE]
                  [--reader NAME] [--from-list FILE]
    refbox enroll --game GAME --kind KIND --list-ids

The game and the kind must be ones the box knows (:func:`tag_kinds`, from the game data). The
components are taken in order, every piece of the kind by default, or those of the list file
(``id,label`` lines; ``#`` comments and blank lines skipped; no label means label = id; the
ids must be pieces of the kind: ``--list-ids`` prints them all in that format), and the user
just taps one tag per prompt (:mod:`services.referee.enroll` does the enrolling; its
``enroll`` without items asks an id and a label for each tag). The registry is ``tags.toml``
in the box's data folder unless ``--tags`` names one. It is saved after every tag, so an
interrupted session resumes where it stopped: components already enrolled are skipped.

Building the parser imports none of the enrolling machinery (events, tag registry, board
profiles, readers): :func:`run` does.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from services.referee.cli import DEFAULT_BOARD

if TYPE_CHECKING:  # the machinery (events, tags, profiles) is imported when the command runs
    from services.referee.enroll import Ask, Say

TAGS = "tags.toml"
"""The daemon's TAGS, written out so that building the parser does not import the daemon (a
test checks they agree)."""


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
        default=DEFAULT_BOARD,
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
    """Every game of the registry with the kinds of its pieces that can carry a tag (known
    without reading a data file or importing an engine: the parser's help lists them)."""
    from services.games.pieces import TAG_KINDS
    from services.games.registry import default_registry

    return {info.id: list(TAG_KINDS.get(info.id, ())) for info in default_registry().infos()}


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
    from firmware_py.errors import HardwareError
    from firmware_py.profile import load_profile
    from services.referee.enroll import enroll, open_tag_source, pick_reader, read_list
    from services.referee.errors import RefereeError
    from services.referee.tags import TagRegistry, TagRegistryError

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
    from services.referee.box.daemon import default_data_dir
    from services.referee.errors import RefereeError

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


