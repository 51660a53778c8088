"""A seat's own screen in Innsmouth Escape, drawn from that seat's view only.

Hidden (nobody peeking): the seat's label and what the whole table may know (whose turn it
is, what the Deep Ones are doing). Shown: the Human sees his movement cards, his hand and
his plot; a Deep One player sees his colour and his Deep One cards; a refusal shows the
engine's reason.
"""

from __future__ import annotations

from typing import Any

from services.referee.box.render import Canvas, dense_page, result_head, wrap
from services.referee.tables.innsmouth_escape import words as w

WAITING = {"place_pawns": "{who} places pawns", "place_human": "{who} places the Human",
           "plot": "the Human plots", "spawn_here": "the Human spawns",
           "combat": "combat!", "kill": "the Human kills", "window": "Deep One cards",
           "adjust": "{who} applies a card", "do_move": "Deep Ones move",
           "do_summon": "Deep Ones summon", "do_spawn": "Deep Ones spawn",
           "identify": "the Human draws", "attack": "the dice decide",
           "do_attack": "the dice decide"}
DOING = {"place_pawns": "place your pawns", "place_human": "place the Human",
         "plot": "YOUR TURN", "spawn_here": "choose the pools", "combat": "YOUR TURN",
         "kill": "choose the kills", "adjust": "apply the card",
         "do_move": "move", "do_summon": "summon?", "do_spawn": "spawn",
         "identify": "tap the card"}


WINDOWS = {"human_turn": "start", "combat": "combat"}  # a card window's step, in a word


def window_name(view: dict[str, Any]) -> str:
    """Which card window is open, so that two in a row differ: "R3 start" (the Human's turn
    starts: ``human_turn`` cards) or "R3 combat" (before his fight)."""
    timing = str((view["window"] or {}).get("timing", ""))
    return f"R{view['round']} {WINDOWS.get(timing, timing.replace('_', ' '))}"


def passed(view: dict[str, Any], seat: int) -> bool:
    """The seat's Deep Ones were asked in the open window and passed (all public: hand
    sizes, the cards played this round, who the window still waits for)."""
    colour = view["colours"][seat] if view["colours"] else ""
    return bool(colour and view["deep_one_hand_sizes"].get(colour)
                and colour not in view["deep_one_played"]
                and colour not in (view["window"] or {}).get("waiting", []))


def headline(view: dict[str, Any], labels: list[str], waiting: list[int], seat: int) -> str:
    phase = view["phase"]
    if phase == "window" and seat in waiting:
        return f"{window_name(view)}: card?"
    if phase == "window" and passed(view, seat):
        return f"passed {window_name(view)}"
    if seat in waiting:
        return DOING.get(phase, "your move")
    if phase.startswith("do_") and view["colours"] and view["colours"][seat] in view["done"]:
        return "waiting for others"
    who = w.short(labels, waiting[0]) if waiting else ""
    return WAITING.get(phase, "").format(who=who)


def hidden(label: str, view: dict[str, Any], labels: list[str], waiting: list[int],
           seat: int) -> Canvas:
    canvas = Canvas()
    canvas.centered(2, label, scale=2)
    line = headline(view, labels, waiting, seat)
    canvas.centered(28, line, scale=2 if line == "YOUR TURN" else 1)
    canvas.centered(53, "hold PEEK to see")
    return canvas


def role_title(view: dict[str, Any], labels: list[str], seat: int) -> str:
    me = w.short(labels, seat)
    if seat == view["human"]:
        return f"{me} HUMAN W{view['wounds']}/{view['wounds_to_kill']} V{view['vp']}"
    colour = view["colours"][seat] if view["colours"] else ""
    return f"{me} Deep Ones {colour}".rstrip()


def home(view: dict[str, Any], labels: list[str], waiting: list[int], seat: int) -> Canvas:
    """The shown screen when no menu is open."""
    title = role_title(view, labels, seat)
    mine = seat in waiting
    status = f"OK: {headline(view, labels, waiting, seat)}" if mine else \
        headline(view, labels, waiting, seat)
    adjusting = view["adjusting"]
    if view["phase"] == "adjust" and adjusting and adjusting["seat"] == seat:
        lines = wrap(" ".join(adjusting["effects"]))
        if len(lines) > 5:  # the whole text is in the menu OK opens ("Read the card")
            lines = [*lines[:4], "(more: OK, Read)"]
        return dense_page(title, [*lines, "OK: apply it"])
    if seat == view["human"]:
        lines = human_lines(view)
    else:
        colour = view["colours"][seat] if view["colours"] else ""
        hand = (view.get("deep_one_hands") or {}).get(colour, [])
        lines = [w.name(c) for c in hand] or ["(no Deep One cards)"]
        played = view["deep_one_played"].get(colour)
        if played:
            lines.append(f"played {w.name(played)}")
    lines = lines[:5]
    return dense_page(title, [*lines, *[""] * (5 - len(lines)), status])


def human_lines(view: dict[str, Any]) -> list[str]:
    private = view.get("human_private") or {}
    moves = [w.card_value(c) for c in private.get("movement_hand", [])]
    lines = ["moves " + " ".join(str(v) for v in moves if v) + " " + "R" * moves.count(0)]
    plot = private.get("plot")
    if plot:
        steps = [f"{w.card_value(c)}{d}" for c, d in
                 zip([c for c in plot["cards"] if w.card_value(c)], plot["directions"],
                     strict=False)]
        rests = ["R"] * sum(1 for c in plot["cards"] if not w.card_value(c))
        lines.append(f"plot {' '.join(steps + rests)} >{plot['to']}")
    if view["weapon"]:
        lines.append(f"weapon {w.name(view['weapon'])}")
    lines += [w.name(c) for c in private.get("hand", [])]
    return lines


def reveal(view: dict[str, Any], labels: list[str], seat: int) -> Canvas:
    """After the game: who won, the plot that was hidden, every Deep One hand size."""
    outcome = view["outcome"] or {}
    head = result_head(outcome, seat)
    lines = [f"Human {w.short(labels, view['human'])}: {view['human_cell']}",
             f"wounds {view['wounds']}/{view['wounds_to_kill']} VP {view['vp']}"]
    private = view.get("human_private") or {}
    if private.get("plot"):
        lines.append(f"plot was to {private['plot']['to']}")
    lines += wrap(str(outcome.get("reason", "")).split(": ", 1)[-1])
    lines = lines[:5]
    return dense_page(f"{w.short(labels, seat)}: {head}",
                      [*lines, *[""] * (5 - len(lines)), "hold OK: new game"])
