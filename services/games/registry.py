"""Which games the box knows. The CLI and the daemon ask a Registry; nothing is global.

A shipped game is known by its metadata (``services.games.infos``) until it is asked for:
its engine and data pack are imported when the game is chosen or resumed, so a box that plays
one game holds one engine (docs/performance.md, "Memory"). A data pack the user placed in the
box's ``packs/`` folder is read and checked at start, so a damaged one is reported at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from importlib import import_module
from pathlib import Path

from services.games.core import DataError, Game, GameInfo, OptionError

# The data file of each game that has one: a corrected or completed copy of it (real card
# names, your characters' names) placed in the box's ``packs/`` directory replaces the shipped
# file. The copy is validated exactly like the shipped one.
PACK_FILES = {"decktet-escape": "decktet.toml", "intruder-escape": "intruder.toml",
              "innsmouth-escape": "innsmouth.toml", "asylum-escape": "asylum.toml",
              "innsmouth-32": "innsmouth32.toml"}


# Each shipped game: the module of its metadata (``INFO``), the module and class of its engine.
SHIPPED = {
    "decktet-escape": ("services.games.infos.decktet_escape", "services.games.decktet_escape",
                       "DecktetEscape"),
    "intruder-escape": ("services.games.infos.intruder_escape",
                        "services.games.intruder_escape", "IntruderEscape"),
    "innsmouth-escape": ("services.games.infos.innsmouth_escape",
                         "services.games.innsmouth_escape", "InnsmouthEscape"),
    "asylum-escape": ("services.games.infos.asylum_escape", "services.games.asylum_escape",
                      "AsylumEscape"),
    "innsmouth-32": ("services.games.infos.innsmouth_32", "services.games.innsmouth_32",
                     "Innsmouth32"),
}


@dataclass(frozen=True)
class LazyGame:
    """A game known by its metadata; ``load`` makes the game (imports its engine) when the
    registry is first asked for it. ``preload``, if given, imports the engine ahead without
    making the game (see :meth:`Registry.preload`)."""

    info: GameInfo
    load: Callable[[], Game]
    preload: Callable[[], object] | None = None


class Registry:
    """The games, by id, in the order given. ``unavailable`` names the games left out and why
    (a damaged data pack on the box: the rest of the box goes on, and a game of it waits in
    the journal). ``infos()`` reads the games' metadata without loading an engine; ``get``
    and iterating load them."""

    def __init__(self, games: Iterable[Game | LazyGame],
                 unavailable: dict[str, DataError] | None = None) -> None:
        games = tuple(games)
        self._infos = {g.info.id: g.info for g in games}
        self._loaders = {g.info.id: g.load for g in games if isinstance(g, LazyGame)}
        self._preloaders = {g.info.id: g.preload for g in games
                            if isinstance(g, LazyGame) and g.preload is not None}
        self._games = {g.info.id: g for g in games if not isinstance(g, LazyGame)}
        self.unavailable = dict(unavailable or {})

    def __iter__(self) -> Iterator[Game]:
        """Every game, each loaded (use ``infos()`` to list them without their engines)."""
        return iter([self.get(game_id) for game_id in self._infos])

    def infos(self) -> tuple[GameInfo, ...]:
        """The metadata of every game, in order, without importing an engine."""
        return tuple(self._infos.values())

    def loaded(self, game_id: str) -> bool:
        """Whether the game's engine has been loaded (a game of this registry)."""
        return game_id in self._games

    def only(self, game_ids: Iterable[str]) -> Registry:
        """The games of ``game_ids`` (in this registry's order), sharing this registry's
        loaded games: a game loaded through either is loaded once."""
        wanted = set(game_ids)
        return Registry((LazyGame(info, partial(self.get, game_id),
                                  partial(self.preload, game_id))
                         for game_id, info in self._infos.items() if game_id in wanted),
                        self.unavailable)

    def preload(self, game_id: str) -> None:
        """Import the engine of ``game_id`` without making the game, so that a later ``get``
        finds it imported (the lobby calls this on a daemon thread for the game it
        highlights: importing is safe off the loop's thread, and a ``get`` that comes while
        the import runs waits only for the rest of it). Nothing for a game already loaded or
        without an engine to import ahead; raises whatever the import raises (``get``
        imports again and raises it too)."""
        preload = self._preloaders.get(game_id)
        if preload is not None and game_id not in self._games:
            preload()

    def get(self, game_id: str) -> Game:
        game = self._games.get(game_id)
        if game is not None:
            return game
        if game_id in self._loaders:
            game = self._games[game_id] = self._loaders[game_id]()
            return game
        if game_id in self.unavailable:
            raise OptionError("GAME", f"{game_id} is not available: "
                              f"{self.unavailable[game_id]}")
        known = ", ".join(self._infos)
        raise OptionError("GAME", f"unknown game {game_id!r}; games are: {known}")


def game_with_data(game_id: str, path: Path) -> Game:
    """The game with its data read from ``path`` (raises DataError naming the file)."""
    text = _read_pack(path)
    if game_id == "decktet-escape":
        from services.games.decktet_escape import DecktetEscape
        from services.games.decktet_escape.deck import load_deck

        return DecktetEscape(load_deck(text, str(path)))
    if game_id == "intruder-escape":
        from services.games.intruder_escape import IntruderEscape
        from services.games.intruder_escape.cards import load_cards

        return IntruderEscape(load_cards(text, str(path)))
    if game_id == "innsmouth-escape":
        from services.games.innsmouth_escape import InnsmouthEscape
        from services.games.innsmouth_escape.data import load_data

        return InnsmouthEscape(load_data(text, str(path)))
    if game_id == "asylum-escape":
        from services.games.asylum_escape import AsylumEscape
        from services.games.asylum_escape.data import load_data as load_asylum

        return AsylumEscape(load_asylum(text, str(path)))
    if game_id == "innsmouth-32":
        from services.games.innsmouth_32 import Innsmouth32
        from services.games.innsmouth_32.data import load_data as load_i32

        return Innsmouth32(load_i32(text, str(path)))
    games = ", ".join(PACK_FILES)
    raise OptionError("GAME", f"{game_id!r} has no data file to replace; games with one: {games}")


def default_registry(packs: Path | None = None, *, leave_out_damaged: bool = False
                     ) -> Registry:
    """Every game shipped with refbox, each loaded when first asked for. A game whose data
    file (``PACK_FILES``) is in the directory ``packs`` uses that copy instead of the shipped
    one, read and checked now. A damaged copy raises DataError, or with ``leave_out_damaged``
    (the box) leaves that game out, never falling back to the shipped data, and the
    registry's ``unavailable`` says why."""
    if packs is not None:
        if packs.exists() and not packs.is_dir():
            raise DataError(str(packs), "", "this is a file, not the folder of data packs")
    games: list[Game | LazyGame] = []
    unavailable: dict[str, DataError] = {}
    for game_id, (info_module, engine_module, engine_class) in SHIPPED.items():
        path = packs / PACK_FILES[game_id] if packs is not None else None
        if path is not None and (path.exists() or path.is_symlink()):  # a folder is reported
            try:
                games.append(game_with_data(game_id, path))
            except DataError as error:
                if not leave_out_damaged:
                    raise
                unavailable[game_id] = error
            continue
        info = import_module(info_module).INFO
        games.append(LazyGame(info, partial(_shipped, engine_module, engine_class),
                              partial(import_module, engine_module)))
    return Registry(games, unavailable)


def _shipped(module: str, name: str) -> Game:
    """The shipped game ``name`` of ``module`` with its shipped data pack."""
    game: Game = getattr(import_module(module), name)()
    return game


MAX_PACK = 4 * 1024 * 1024  # bytes: many times the largest shipped data pack


def _read_pack(path: Path) -> str:
    """The text of a data pack the user supplied; DataError naming the file (and the line of
    bytes that are not text) otherwise."""
    try:
        with path.open("rb") as stream:
            data = stream.read(MAX_PACK + 1)
    except IsADirectoryError:
        raise DataError(str(path), "", "this is a folder; give a data pack (.toml)") from None
    except OSError as error:
        raise DataError(str(path), "", f"cannot read the file: {error.strerror or error}"
                        ) from None
    if len(data) > MAX_PACK:  # a device such as /dev/zero is refused, not read whole
        raise DataError(str(path), "", f"this file is larger than {MAX_PACK:,} bytes, the most "
                        "refbox reads; give a data pack (.toml)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise DataError(str(path), f"line {line}", f"this is not a text file (byte "
                        f"0x{data[error.start]:02X} is not UTF-8 text); give a data pack "
                        "(.toml) in the format of the shipped one") from None
