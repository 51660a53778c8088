"""Innsmouth Escape in words: the Human, the Deep Ones, the decks, from the views.

The public panel (``view(None)``) says where the Human stands, his wounds and victory
points, his cards on the table, his movement cards left, each Deep One colour's pool, hand
size, Shoggoth and cards played. The peek (the seat's own view) is the Human's movement
cards, his plot and his hand, or the Deep One cards of a Deep One player. Names come from the
game's data; the board itself is the map (``maps``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from services.games.innsmouth_escape.names import DIRECTION_WORDS, movement_name, movement_value
from services.referee.companion.words import (
    Panel,
    capital,
    count,
    end_lines,
    listing,
    name_of,
    panel,
    row,
    settled,
    waited,
    who,
)

WAITING = {"place_pawns": "{who} places the Deep One pawns",
           "place_human": "{who} places the Human", "plot": "The Human plots his route",
           "spawn_here": "The Human chooses the pools to spawn from",
           "combat": "The Human fights", "kill": "The Human chooses the Deep Ones he kills",
           "window": "The Deep One players may play a card",
           "adjust": "{who} applies a card", "do_move": "The Deep Ones move",
           "do_summon": "The Deep Ones may summon a Shoggoth",
           "do_spawn": "The Deep Ones spawn", "identify": "The Human draws a card",
           "attack": "The dice decide", "do_attack": "The dice decide"}
DOING = {"place_pawns": "Place your Deep One pawns.", "place_human": "Place the Human.",
         "plot": "Your turn: plot your route.", "spawn_here": "Choose the pools to spawn from.",
         "combat": "Your turn: fight.", "kill": "Choose the Deep Ones you kill.",
         "window": "You may play a Deep One card now.", "adjust": "Apply the card.",
         "do_move": "Move your Deep Ones.", "do_summon": "Summon a Shoggoth?",
         "do_spawn": "Spawn your Deep Ones.", "identify": "Tap the card you drew."}


def name(data: Any, card: str) -> str:
    """A card's name as the players say it (the EXAMPLE pack's "Example " left off)."""
    return name_of(data, card).removeprefix("Example ")


def names(data: Any, cards: Sequence[str]) -> list[str]:
    return [name(data, c) for c in cards]


def human_row(view: dict[str, Any], labels: Sequence[str], data: Any) -> dict[str, Any]:
    human = view["human"]
    where = f"on {view['human_cell']}" if view["human_cell"] else "not placed yet"
    text = (f"{where}, {view['wounds']} of {view['wounds_to_kill']} wounds, "
            f"{count(view['vp'], 'victory point')}, {count(view['hand_size'], 'card')} in hand")
    chips = [f"weapon: {name(data, view['weapon'])}"] if view["weapon"] else []
    chips += names(data, view["tableau"])
    chips += [f"known: {n}" for n in names(data, view["hand_known"])]
    label = f"The Human ({who(labels, human)})" if human >= 0 else "The Human"
    return row(label, text, chips)


def deep_one_rows(view: dict[str, Any], labels: Sequence[str], data: Any
                  ) -> list[dict[str, Any]]:
    rows = []
    for seat, colour in enumerate(view["colours"]):
        if not colour:
            continue
        shoggoth = view["shoggoths"].get(colour, "")
        facts = [f"{view['pools'].get(colour, 0)} pawns in the pool",
                 f"{count(view['deep_one_hand_sizes'].get(colour, 0), 'card')} in hand",
                 f"Shoggoth on {shoggoth}" if shoggoth else "no Shoggoth out"]
        chips = [colour]
        played = view["deep_one_played"].get(colour)
        if played:
            chips.append(f"played: {name(data, played)}")
        lasting = names(data, view["deep_one_permanent"].get(colour, []))
        chips += [f"lasting: {n}" for n in lasting]
        rows.append(row(f"{who(labels, seat)}: {colour} Deep Ones", ", ".join(facts), chips))
    return rows


def public(view: dict[str, Any], labels: Sequence[str], data: Any = None) -> Panel:
    over = view["outcome"] is not None
    title = "Innsmouth Escape: " + ("the end" if over else f"round {view['round']}"
                                    if view["round"] else "setting up")
    rows = [human_row(view, labels, data)]
    moves = view["movement"]
    left = ", ".join(str(v) for v in moves["remaining_values"]) or "none"
    rows.append(row("His movement cards", f"{moves['hand_size']} in hand; moves left "
                    f"in the deck: {left}", [movement_name(c) for c in moves["discard"]]))
    rows += deep_one_rows(view, labels, data)
    if view["deck_sizes"]:
        rows.append(row("Decks", ", ".join(f"{d.replace('_', ' ')} {n}"
                                           for d, n in view["deck_sizes"].items())))
    if view["deep_one_discard"]:
        rows.append(row("Deep One discards", count(len(view["deep_one_discard"]), "card"),
                        names(data, view["deep_one_discard"])))
    return panel(title, rows, end_lines(view, labels))


def status(view: dict[str, Any], labels: Sequence[str], seat: int,
           waiting: Sequence[int] = ()) -> str:
    told = settled(view, seat, waiting, DOING)
    if told is not None:
        return told
    phase = view["phase"]
    colours = view["colours"]
    if phase.startswith("do_") and colours and colours[seat] in view["done"]:
        return "Waiting for the other Deep One players."
    return waited(WAITING, phase, labels, waiting)


def plot_words(plot: dict[str, Any]) -> str:
    numbers = [c for c in plot["cards"] if movement_value(c)]
    steps = [f"{movement_value(c)} {DIRECTION_WORDS.get(d, d)}"
             for c, d in zip(numbers, plot["directions"], strict=False)]
    rests = len(plot["cards"]) - len(numbers)
    if rests:
        steps.append(count(rests, "rest"))
    return f"{listing(steps, 'stay')}, to {plot['to']}"


def peek(view: dict[str, Any], labels: Sequence[str], seat: int, data: Any = None
         ) -> Panel | None:
    """The Human's movement cards, plot and hand; a Deep One player's Deep One cards."""
    private = view.get("human_private")
    if seat == view["human"] and private:
        rows = [row("Movement cards", count(len(private["movement_hand"]), "card"),
                    [movement_name(c) for c in private["movement_hand"]])]
        if private["plot"]:
            rows.append(row("Your plot", plot_words(private["plot"])))
        rows.append(row("Your hand", count(len(private["hand"]), "card"),
                        names(data, private["hand"])))
        return panel(f"{who(labels, seat)}: the Human", rows)
    hands = view.get("deep_one_hands")
    colours = view["colours"]
    if hands is None or not colours or not colours[seat]:
        return None
    mine = colours[seat]
    rows = [row(f"Your {mine} cards", count(len(hands.get(mine, [])), "card"),
                names(data, hands.get(mine, [])))]
    rows += [row(f"{capital(colour)} cards", count(len(cards), "card"), names(data, cards))
             for colour, cards in hands.items() if colour != mine]
    return panel(f"{who(labels, seat)}: the {mine} Deep Ones", rows)
