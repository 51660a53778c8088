"""The physical pieces of each shipped game that can carry an RFID tag, read from the game's
shipped data pack (``services/games/data/``) alone.

Nothing here imports an engine: the simulator lists every game's pieces when it writes its
made-up tag registry, and ``refbox enroll`` lists the kinds in its help, so both must stay
cheap (docs/performance.md, "Start-up"). The engines' own loaders read the same files and
check them; ``tests/games/test_pieces.py`` compares this list with the one built from the
engines' data, so the two cannot drift apart.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from services.games.registry import PACK_FILES

Piece = tuple[str, str, str]
"""A piece that can carry a tag: (kind, id, label)."""

TAG_KINDS: dict[str, tuple[str, ...]] = {
    "decktet-escape": ("card",),
    "intruder-escape": ("card",),
    "innsmouth-escape": ("card", "location", "movement"),
    "asylum-escape": ("card", "location"),
    "innsmouth-32": ("card", "survivor"),
}
"""The kinds of pieces of each game, sorted (what ``pieces`` yields; checked by a test)."""

DATA = Path(__file__).resolve().with_name("data")
INNSMOUTH_MOVES = (1, 1, 2, 2, 3, 3)  # the Human's number cards, then 3 Rests (A-IE-02)
ASYLUM_DECKS = ("victims", "patients", "special_patients", "camo_sabo", "movement",
                "bloodlust")  # in the order the tag registry lists them


def pieces(game_id: str) -> list[Piece]:
    """The pieces of ``game_id`` that can carry a tag, in the order of its data file (an
    empty list for a game without tagged pieces)."""
    if game_id not in PACK_FILES:
        return []
    data = _shipped(game_id)
    if game_id == "decktet-escape":
        return [("card", card["id"], card["name"]) for card in data["cards"]]
    if game_id == "intruder-escape":
        return [("card", f"{card['id']}-{n}",
                 card["name"] if card["quantity"] == 1 else f"{card['name']} {n}")
                for card in data["cards"] for n in range(1, card["quantity"] + 1)]
    if game_id == "innsmouth-escape":
        moves = [("movement", card, f"Movement {card}") for card in _innsmouth_moves()]
        places = [("location", token, f"Location {token.upper()}") for token in "abcdef123456"]
        return [*moves, *places, *(("card", card["id"], card["name"]) for card in data["cards"])]
    if game_id == "asylum-escape":
        rooms = [("location", room["id"], room["name"]) for room in data["locations"]]
        cards = [("card", card["id"], card.get("name") or _asylum_movement(card))
                 for deck in ASYLUM_DECKS for card in data[deck]]
        return [*rooms, *cards]
    movie = [*data["movie"], *data["terrors"], data["night_clerk"]]
    people = [*data["survivors"], data["hound"]]
    return [*(("card", c["id"], c["name"]) for c in movie),
            *(("survivor", s["id"], s["name"]) for s in people)]


def _shipped(game_id: str) -> dict[str, Any]:
    import tomllib  # only when pieces are listed, not for TAG_KINDS (the CLI's help)

    with (DATA / PACK_FILES[game_id]).open("rb") as stream:
        return tomllib.load(stream)


def _innsmouth_moves() -> list[str]:
    """The 9 movement card ids: "move-2-1" (value 2, first copy) .., then "rest-1" .. 3."""
    seen: dict[int, int] = {}
    ids = []
    for value in INNSMOUTH_MOVES:
        seen[value] = seen.get(value, 0) + 1
        ids.append(f"move-{value}-{seen[value]}")
    return ids + [f"rest-{n}" for n in (1, 2, 3)]


def _asylum_movement(card: dict[str, Any]) -> str:
    """An Asylum Escape Movement card, which has no name: its value, or Stumble."""
    return "Stumble Into Nearest Patient" if card.get("stumble") else f"Movement {card['value']}"
