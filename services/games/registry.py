"""Which games the box knows. The CLI and the daemon ask a Registry; nothing is global."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from services.games.core import DataError, Game, OptionError

# The data file of each game that has one: a corrected or completed copy of it (real card
# names, your characters' names) placed in the box's ``packs/`` directory replaces the shipped
# file. The copy is validated exactly like the shipped one.
PACK_FILES = {"decktet-escape": "decktet.toml", "intruder-escape": "intruder.toml",
              "innsmouth-escape": "innsmouth.toml", "asylum-escape": "asylum.toml",
              "innsmouth-32": "innsmouth32.toml"}


class Registry:
    """The games, by id. ``unavailable`` names the games left out and why (a damaged data
    pack on the box: the rest of the box goes on, and a game of it waits in the journal)."""

    def __init__(self, games: tuple[Game, ...],
                 unavailable: dict[str, DataError] | None = None) -> None:
        self._games = {g.info.id: g for g in games}
        self.unavailable = dict(unavailable or {})

    def __iter__(self) -> Iterator[Game]:
        return iter(self._games.values())

    def get(self, game_id: str) -> Game:
        try:
            return self._games[game_id]
        except KeyError:
            if game_id in self.unavailable:
                raise OptionError("GAME", f"{game_id} is not available: "
                                  f"{self.unavailable[game_id]}") from None
            known = ", ".join(self._games)
            raise OptionError("GAME", f"unknown game {game_id!r}; games are: {known}") from None


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
    """Every game shipped with refbox. A game whose data file (``PACK_FILES``) is in the
    directory ``packs`` uses that copy instead of the shipped one. A damaged copy raises
    DataError, or with ``leave_out_damaged`` (the box) leaves that game out, never falling
    back to the shipped data, and the registry's ``unavailable`` says why."""
    from services.games.asylum_escape import AsylumEscape
    from services.games.decktet_escape import DecktetEscape
    from services.games.innsmouth_32 import Innsmouth32
    from services.games.innsmouth_escape import InnsmouthEscape
    from services.games.intruder_escape import IntruderEscape

    games: list[Game] = [DecktetEscape(), IntruderEscape(), InnsmouthEscape(), AsylumEscape(),
                         Innsmouth32()]
    if packs is not None:
        if packs.exists() and not packs.is_dir():
            raise DataError(str(packs), "", "this is a file, not the folder of data packs")
    unavailable: dict[str, DataError] = {}
    for i, game in enumerate(games):
        path = packs / PACK_FILES[game.info.id] if packs is not None else None
        if path is not None and (path.exists() or path.is_symlink()):  # a folder is reported
            try:
                games[i] = game_with_data(game.info.id, path)
            except DataError as error:
                if not leave_out_damaged:
                    raise
                unavailable[game.info.id] = error
    return Registry(tuple(g for g in games if g.info.id not in unavailable), unavailable)


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
