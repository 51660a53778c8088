"""The last rolls on the table screen, explained step by step in sentences.

A roll (or a coin flip) is a chance step of the game's history; the engine's public events of
that step say what it did. The chain shown is the latest one that holds a roll: the seat
action that led to it (if any) and every step after it up to the next seat action, each with
its history sentence (``describe(action, None)``) and the sentences its events give.

Only the event types listed here are read, and only their fields that the public screen shows
(events are public: :meth:`Flow.announce`). Events are matched by their ``type`` name, so no
game's engine is imported before that game is chosen.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from services.games.core import Event, State
from services.referee.companion.words import count, listing, seat_words, sentence, who

Explain = Callable[[Any, Sequence[str], Any], list[str]]
Steps = Sequence[Any]  # each with .kind ("action" | "chance"), .action and .events


def rolled(step: Any) -> bool:
    """Whether a history step is a die roll or a coin flip."""
    action = step.action
    return step.kind == "chance" and (getattr(action, "faces", None) is not None
                                      or getattr(action, "heads", None) is not None)


def last_chain(steps: Steps) -> tuple[int, int] | None:
    """The history indexes [start, end) of the latest chain that holds a roll: from the seat
    action before the roll (or the start) to the next seat action (or the end)."""
    last = next((i for i in range(len(steps) - 1, -1, -1) if rolled(steps[i])), None)
    if last is None:
        return None
    start = next((i for i in range(last, -1, -1) if steps[i].kind == "action"), 0)
    end = next((i for i in range(last + 1, len(steps)) if steps[i].kind == "action"),
               len(steps))
    return start, end


def faces_words(faces: Sequence[int]) -> str:
    return listing([str(face) for face in faces])


# ---------------------------------------------------------------------- one function a game


def _intruder(event: Any, labels: Sequence[str], data: Any) -> list[str]:
    kind = event.type
    if kind == "die_rolled":
        said = f"The die for {event.purpose} shows {event.face}"
        if not event.accepted:
            why = str(event.why).removesuffix(": roll again")
            return [f"{said}: {why}, so the die is rolled again."]
        seat = event.seat
        return [f"{said}: {who(labels, seat)}." if seat is not None else f"{said}."]
    if kind == "first_player":
        return [f"{who(labels, event.seat)} plays first."]
    return []


def _innsmouth(event: Any, labels: Sequence[str], data: Any) -> list[str]:
    kind = event.type
    if kind == "attack_rolled":
        hit_on, hits = event.hit_on, event.hits
        return [f"The Human's attack: the dice show {faces_words(event.faces)}; "
                f"each die of {hit_on} or more hits: {count(hits, 'hit')}."]
    if kind == "killed":
        return [f"The Human kills {listing(list(event.colours))} Deep Ones."]
    if kind == "deep_ones_attacked":
        return [f"The {event.colour} Deep Ones' attack: the dice show "
                f"{faces_words(event.faces)}: "
                f"{count(event.wounds, 'wound')}."]
    if kind == "shoggoths_attacked":
        colours = listing(list(event.colours))
        return [f"The {colours} Shoggoth attack: {count(event.wounds, 'wound')}."]
    if kind == "casualties":
        lost = [f"{number} {colour}" for colour, number in event.pawns]
        return [f"Deep One pawns lost: {listing(lost, 'none')}; the Human has "
                f"{count(event.wounds, 'wound')}."]
    return []


def _asylum(event: Any, labels: Sequence[str], data: Any) -> list[str]:
    from services.referee.companion.words.asylum_escape import name

    kind = event.type
    if kind == "coin_flipped":
        side = "heads" if event.heads else "tails"
        return [f"The coin for {name(data, event.patient)} shows {side}: it moves "
                f"up to {count(event.rooms, 'room')}."]
    if kind == "kill_rolled":
        patient = name(data, event.patient)
        end = "the Victim dies" if event.killed else "the Victim lives"
        return [f"{patient}'s kill roll against {who(labels, event.seat)} shows "
                f"{event.face}: {end}."]
    return []


def _innsmouth_32(event: Any, labels: Sequence[str], data: Any) -> list[str]:
    if event.type in ("told", "shown"):  # the engine's "Seat 2" is the table's label
        return [sentence(seat_words(event.text, labels))]
    return []


EXPLAIN: dict[str, Explain] = {
    "intruder-escape": _intruder,
    "innsmouth-escape": _innsmouth,
    "asylum-escape": _asylum,
    "innsmouth-32": _innsmouth_32,
}


def explain(game: str, events: Sequence[Event], labels: Sequence[str], data: Any) -> list[str]:
    """The sentences a step's public events give (none for a game without dice)."""
    build = EXPLAIN.get(game)
    if build is None:
        return []
    return [line for event in events for line in build(event, labels, data)]


def last_rolls(game: str, state: State, steps: Steps, labels: Sequence[str], data: Any,
               say: Callable[[str], str]) -> dict[str, Any] | None:
    """The latest chain with a roll, step by step: ``{"steps": [{"said", "lines",
    "roll"}]}`` (``said``: the history sentence as the table reads it, through ``say``;
    ``lines``: what the step's events did; ``roll``: whether it is a roll), or None."""
    found = last_chain(steps)
    if found is None:
        return None
    start, end = found
    actions = [step.action for step in steps]
    latest = {a.actor: i for i, a in enumerate(actions) if a.actor is not None}
    told = []
    for index in range(start, end):
        step = steps[index]
        settled = latest.get(step.action.actor, index) != index
        said = say(state.describe(step.action, None, settled=settled))
        told.append({"said": sentence(said) if said else "", "roll": rolled(step),
                     "lines": explain(game, step.events, labels, data)})
    return {"steps": told}
