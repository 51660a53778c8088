"""The director screen (the profile's ``[director_screen]``): the host's view of the box.

It serves every game the same way and shows no secret: whoever runs the box reads there what
the table is doing (lobby, which game, its journal number and how many moves are kept), which
seats the box plays, which device stopped answering, and the phones' join code, so the host
can let a phone join during a game without going through a menu. Innsmouth 32's director is a
player with his own seat screen like every other player: his secrets never go here (the
director screen may face the whole table).

:class:`HostFacts` is everything the screen depends on; the table's frames keep the canvas
drawn for equal facts, so this screen is drawn only when one of them changes.
"""

from __future__ import annotations

from dataclasses import dataclass

from services.referee.box.render import Canvas, fit, title_and_lines

TITLE = "refbox"


@dataclass(frozen=True)
class HostFacts:
    """What the director screen shows. ``mode`` is the table's ("lobby", "offer", "game",
    "paused", "over"); ``game`` a game's screen title ("" in the lobby before a choice)."""

    mode: str
    game: str = ""
    game_id: int | None = None  # the journal's number of the game on the table
    moves: int = 0  # moves kept in the journal for it
    box_seats: tuple[str, ...] = ()  # the level of each seat the box plays ("hard")
    fault: str = ""  # the first device that stopped answering, in words
    faults: int = 0  # how many are offline
    join_code: str = ""  # the phones' join code ("" without phones)


def host_screen(facts: HostFacts) -> Canvas:
    """The director screen for ``facts``: a title and up to five lines of plain words."""
    title, lines = _state(facts)
    if facts.box_seats:
        levels = sorted(set(facts.box_seats))
        seats = "1 seat" if len(facts.box_seats) == 1 else f"{len(facts.box_seats)} seats"
        lines.append(fit(f"box plays {seats}, {'/'.join(levels)}", f"box: {seats}, "
                         f"{'/'.join(levels)}", f"box plays {seats}"))
    if facts.fault:
        lines.append(fit(facts.fault, "a device is offline") if facts.faults < 2 else
                     fit(f"{facts.fault} (+{facts.faults - 1})", f"{facts.faults} devices offline"))
    if facts.join_code:
        lines.append(f"phones: code {facts.join_code}")
    return title_and_lines(fit(title, TITLE), lines[:5])


def _state(facts: HostFacts) -> tuple[str, list[str]]:
    kept = [_moves(facts.moves) + " kept"] if facts.game_id is not None else []
    number = f"game {facts.game_id}" if facts.game_id is not None else "a game"
    if facts.mode == "offer":
        return "Continue?", [fit(facts.game, number), f"{number} is kept", *kept,
                             "the table chooses"]
    if facts.mode == "lobby":
        return TITLE, [fit(f"lobby: {facts.game}", facts.game) if facts.game
                       else "lobby: choose a game"]
    state = {"game": f"playing {number}", "paused": f"PAUSED: {number} saved",
             "over": f"{number} is over"}
    return facts.game or TITLE, [state.get(facts.mode, facts.mode), *kept]


def _moves(count: int) -> str:
    return "1 move" if count == 1 else f"{count} moves"
