"""Which games the box knows. The CLI and the daemon ask a Registry; nothing is global."""

from __future__ import annotations

from collections.abc import Iterator

from services.games.core import Game, OptionError


class Registry:
    def __init__(self, games: tuple[Game, ...]) -> None:
        self._games = {g.info.id: g for g in games}

    def __iter__(self) -> Iterator[Game]:
        return iter(self._games.values())

    def get(self, game_id: str) -> Game:
        try:
            return self._games[game_id]
        except KeyError:
            known = ", ".join(self._games)
            raise OptionError("GAME", f"unknown game {game_id!r}; games are: {known}") from None


def default_registry() -> Registry:
    """Every game shipped with refbox, with its shipped data."""
    from services.games.decktet_escape import DecktetEscape
    from services.games.intruder_escape import IntruderEscape

    return Registry((DecktetEscape(), IntruderEscape()))
