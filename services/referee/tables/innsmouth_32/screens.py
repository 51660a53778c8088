"""A seat's own screen in Innsmouth 32, drawn from that seat's view only.

Hidden (nobody peeking): the seat's label and whose turn it is. Shown, a character player
sees his power spoints and each survivor: its rest spoints and mythos, and its stats (a stat
covered by insanity reads 4, marked ``*``); OK opens the whole cards (items, stores, stars,
sanctuary) or, on his turn, what he has to do. The director (and a monster player) sees his
throngs ("T2 =7 Deep One+1": the throng's value, its first monster and how many more) and
what only he may know (the view's ``private`` part). A refusal shows the engine's reason.
"""

from __future__ import annotations

from typing import Any

from services.referee.box.render import Canvas, dense_page, fit, wrap
from services.referee.tables.innsmouth_32 import labels as lb

WAITING = {"turn": "{who}'s turn", "act": "{who} acts", "commit": "{who}: spoints",
           "negate": "{who}: damage", "director": "{who} attacks", "aim": "{who} aims",
           "place": "{who} places", "fade": "{who}: fade out?", "choose": "{who} chooses",
           "adjust": "{who} applies a card", "identify": "{who} tells a card",
           "shuffle": "the box shuffles", "roll": "dice are rolled",
           "victim": "a random victim", "over": "the movie is over",
           "counter": "{who} strikes back"}
DOING = {"turn": "YOUR TURN", "act": "act now", "commit": "commit spoints",
         "negate": "DAMAGE!", "director": "YOUR TURN", "aim": "aim a throng",
         "place": "place a monster", "fade": "fade out?", "choose": "choose",
         "adjust": "apply the card", "identify": "tell the card",
         "counter": "COUNTERSTRIKE!"}


def headline(view: dict[str, Any], labels: list[str], waiting: list[int], seat: int) -> str:
    phase = view["phase"]
    lending = phase in ("commit", "negate") and view["step"].get("seat", seat) != seat
    if seat in waiting:
        return "lend power?" if lending else DOING.get(phase, "your move")
    who = lb.who(labels, waiting[0]) if waiting else ""
    return WAITING.get(phase, "").format(who=who)


def hidden(label: str, view: dict[str, Any], labels: list[str], waiting: list[int],
           seat: int) -> Canvas:
    canvas = Canvas()
    canvas.centered(2, lb.shorten(label, 10), scale=2)
    line = headline(view, labels, waiting, seat)
    big = line == "YOUR TURN"
    canvas.centered(28, line if big else lb.shorten(line, 21), scale=2 if big else 1)
    canvas.centered(53, "hold PEEK to see")
    return canvas


def is_monsters(view: dict[str, Any], seat: int) -> bool:
    return seat == view["director"] or seat in view.get("monster_players", [])


def home(view: dict[str, Any], labels: list[str], waiting: list[int], seat: int,
         data: Any) -> Canvas:
    """The shown screen when no menu is open."""
    me = lb.who(labels, seat)
    status = headline(view, labels, waiting, seat)
    status = f"OK: {status}" if seat in waiting else status or "OK: details"
    if is_monsters(view, seat):
        role = "DIRECTOR" if seat == view["director"] else "MONSTERS"
        lines = throng_lines(view["throngs"][seat]) + private_lines(view, data)
        title = fit(f"{me} {role}", f"{lb.shorten(me, 11)} {role}")
    else:
        power = view["power"][seat] if seat < len(view["power"]) else 0
        lines = survivor_lines(view, seat, data)
        title = fit(f"{me} power {power}", f"{lb.shorten(me, 14)} pw{power}")
        if len(lines) >= 6 and seat in waiting:
            title = fit(f"{title} OK", f"{lb.shorten(me, 12)} pw{power} OK")
    lines = lines[:6]
    if len(lines) < 6:
        lines.append(lb.shorten(status, 21))
    return dense_page(title, lines)


def throng_lines(throngs: list[list[dict[str, Any]]]) -> list[str]:
    """One line a throng that holds monsters; three to a line when there are more than 5."""
    full = [(i, t) for i, t in enumerate(throngs) if t]
    if not full:
        return ["no monster yet"]
    if len(full) <= 5:
        return [lb.throng_line(i + 1, t) for i, t in full]
    short = [f"T{i + 1}={lb.throng_value(t)}" for i, t in full]
    return [" ".join(short[n:n + 3]) for n in range(0, len(short), 3)]


def private_lines(view: dict[str, Any], data: Any) -> list[str]:
    """What only this seat knows: the secret cultist (R-I32-84, in the director's view
    only until it is revealed), and any ``private`` part of the view."""
    found = []
    if isinstance(view.get("secret_cultist"), str) and view["secret_cultist"]:
        found.append(fit(f"cultist: {lb.name(data, view['secret_cultist'], 12)}",
                         lb.name(data, view["secret_cultist"], 21)))
    private = view.get("private")
    if not isinstance(private, dict):
        return found
    for key, value in private.items():
        if isinstance(value, str) and value:
            word = lb.kind_word(key)
            found.append(fit(f"{word}: {lb.name(data, value, 19 - len(word))}",
                             lb.name(data, value, 21)))
    return found


def survivor_lines(view: dict[str, Any], seat: int, data: Any) -> list[str]:
    """Two lines a survivor: name, rest and mythos; its stats."""
    pool = view["pools"][seat] if seat < len(view["pools"]) else []
    if not pool:
        return ["no survivor in play"]
    lines = []
    for s in pool:
        me = view["survivors"].get(s, {})
        spoints = f" r{me.get('rest', 0)} m{me.get('mythos', 0)}" + (
            f" *{me['stars']}" if me.get("stars") else "")
        lines.append(f"{lb.name(data, s, 21 - len(spoints))}{spoints}")
        held = len(me.get("items", []))
        lines.append(fit(f"{lb.stat_line(me)}{f' +{held}' if held else ''}",
                         lb.stat_line(me)))
    return lines


def reveal(view: dict[str, Any], labels: list[str], seat: int, data: Any) -> Canvas:
    """After the game: who won, and why."""
    outcome = view["outcome"] or {}
    winners = outcome.get("winners", [])
    head = ("you WIN" if seat in winners else "you lose") if outcome.get("result") in (
        "players", "director") else "game ended"
    # D-I32-53: the monster players win with the director
    side = {"players": "the players win", "director": "the director wins" if len(winners) < 2
            else "director's side wins"}.get(str(outcome.get("result")), "")
    lines = [side, *wrap(str(outcome.get("reason", "")))]
    lines = [x for x in lines if x][:5]
    return dense_page(fit(f"{lb.who(labels, seat)}: {head}", head),
                      [*lines, *[""] * (5 - len(lines)), "hold OK: new game"])
