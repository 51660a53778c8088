"""Innsmouth 32 in words: the reel, the screen, the survivors and the throngs, from the views.

Nearly everything of Innsmouth 32 is public (spec 5.8): the public panel (``view(None)``)
says the director, the reel and the piles, the screen's cards, each player's power points,
survivors (stats, an insane stat marked, spoints, mythos, items, horror stars) and throngs.
The one secret a seat may hold is the secret cultist the director set aside (R-I32-84): the
director's peek. Names come from the game's data.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from services.games.innsmouth_32.names import reel_name
from services.referee.companion.words import (
    SUFFIX,
    Panel,
    count,
    listing,
    name_of,
    over_line,
    panel,
    row,
    settled,
    waited,
    who,
)

WAITING = {"turn": "{who} takes a turn", "act": "{who} acts",
           "commit": "{who} commits spoints", "negate": "{who} may negate or flail",
           "director": "the director attacks", "aim": "{who} aims", "place": "{who} places",
           "fade": "{who} decides on the fade out", "choose": "{who} chooses",
           "adjust": "{who} applies a card", "roll": "the dice decide",
           "shuffle": "the box shuffles", "victim": "a random victim is drawn",
           "counter": "{who} strikes back"}
DOING = {"turn": "Your turn.", "act": "Act now.", "commit": "Commit your spoints.",
         "negate": "Negate or flail?", "director": "Attack.", "aim": "Aim.",
         "place": "Place the card.", "fade": "Fade out?", "choose": "Choose.",
         "adjust": "Apply the card.", "counter": "Strike back?"}
FINAL = {1: "The final turn comes next.", 2: "This is the final turn.",
         3: "The last one standing."}


def name(data: Any, some_id: str) -> str:
    return name_of(data, some_id) if some_id else ""


def card(found: dict[str, Any]) -> str:
    """A face-up card: "Fire Axe (item)", "Deep One (monster, 3)"."""
    if found.get("face_down"):
        return "face down"
    if not found.get("card"):
        return "empty"
    kind = str(found.get("kind", "")).replace("_", " ")
    value = f", {found['value']}" if "value" in found else ""
    return f"{str(found.get('name', found['card'])).removesuffix(SUFFIX)} ({kind}{value})"


def survivor_row(found: dict[str, Any], labels: Sequence[str], data: Any) -> dict[str, Any]:
    stats = ", ".join(f"{k.capitalize()} {v}" + (" (insane)" if k in found["insane"] else "")
                      for k, v in found["stats"].items())
    facts = [stats, f"{count(found['rest'], 'spoint')}"]
    if found["mythos"]:
        facts.append(f"mythos {found['mythos']}")
    if found["stars"]:
        facts.append(count(found["stars"], "horror star"))
    chips = [name(data, item) for item in found["items"]]
    owner = found["owner"]
    label = str(found["name"]).removesuffix(SUFFIX)
    if owner is not None and owner >= 0:
        label = f"{label} ({who(labels, owner)})"
    return row(label, "; ".join(facts), chips)


def public(view: dict[str, Any], labels: Sequence[str], data: Any = None) -> Panel:
    over = view["outcome"] is not None
    reel = reel_name(view["reel"])
    title = "Innsmouth 32: the end" if over else f"Innsmouth 32: reel {reel}"
    rows = [row("Director", who(labels, view["director"])),
            row("Piles", f"reel pile {view['reel_pile']}, survivor pile "
                         f"{view['survivor_pile']}, discards {view['discards']}, random "
                         f"victims {view['victims_deck']}"),
            row("The screen", "", [card(s) for s in view["screen"]])]
    for seat, power in enumerate(view["power"]):
        if seat == view["director"]:
            continue
        throngs = [f"throng {n + 1}: {listing([card(m) for m in t])}"
                   for n, t in enumerate(view["throngs"][seat]) if t]
        rows.append(row(who(labels, seat), f"{count(power, 'power point')}", throngs))
    rows += [survivor_row(s, labels, data) for s in view["survivors"].values()]
    if view.get("secret_cultist"):
        rows.append(row("Secret cultist", name(data, view["secret_cultist"])))
    lines = []
    if view["turning_point"]:
        lines.append("Turning Point.")
    if view["final_turn"] in FINAL:
        lines.append(FINAL[view["final_turn"]])
    outcome = view["outcome"]
    if outcome:
        lines.append(over_line(outcome, labels))
    return panel(title, rows, lines)


def status(view: dict[str, Any], labels: Sequence[str], seat: int,
           waiting: Sequence[int] = ()) -> str:
    told = settled(view, seat, waiting, DOING, "The game is over.")
    if told is not None:
        return told
    phase = view["phase"]
    return waited(WAITING, phase, labels, waiting)


def peek(view: dict[str, Any], labels: Sequence[str], seat: int, data: Any = None
         ) -> Panel | None:
    """The director's secret: the secret cultist set aside (R-I32-84), while only the
    director knows it."""
    cultist = view.get("secret_cultist")
    if seat != view["director"] or not cultist:
        return None
    return panel(f"{who(labels, seat)}: the director's secret",
                 [row("Secret cultist", name(data, cultist))])
