"""Words for ``refbox play``: each legal action labelled so that no two read the same, events
with 1-based seats and names instead of ids, and a word filter for long lists.

The acting seat reads these labels on its own turn (hot-seat), so a label may name what that
seat chose (the cards it keeps, its plot); ``State.describe`` stays the public sentence.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any

from services.games.core import Action, State

SEAT_FIELDS = frozenset({"seat", "target", "victim", "first", "winners", "targets"})
"""Fields that hold 0-based seat numbers when they hold integers (shown as "Seat 2")."""
SLOT_FIELDS = frozenset({"slot", "slots"})
"""Fields that hold 0-based hand slots (shown 1-based, as on the screens)."""
HIDDEN_FIELDS = frozenset({"type", "seat"})
_TOKEN = re.compile(r"[a-z0-9'-]+")
_SPEC_ID = re.compile(r"[RA]-[A-Z0-9]+-[0-9]+")  # a rule of a game's spec: R-EX-08, A-IX-04


def with_rule(message: str, rule: str) -> str:
    """A refusal for a person: the sentence, then the rule id if it is one of a spec's (which
    a referee can look up); a family tag (BOX, DATA, UNDO-HIDDEN) says nothing more."""
    return f"{message} [{rule}]" if _SPEC_ID.fullmatch(rule) else message


@cache
def names(game_id: str) -> Mapping[str, str]:
    """What people call each component id of a game ("baseball-bat-2": "Baseball Bat")."""
    from services.referee.tables import tag_components

    found = {cid: label for _kind, cid, label in tag_components(game_id)}
    if game_id == "intruder-escape":
        from services.games.intruder_escape.cards import load_cards

        data = load_cards()
        found.update({i: card.name for card in data.cards for i in card.instance_ids})
        found.update({ch.id: ch.name for ch in data.characters})
    if game_id == "innsmouth-escape":
        from services.games.innsmouth_escape.names import movement_name

        for kind, cid, _label in tag_components(game_id):
            if kind == "movement":
                found[cid] = movement_name(cid)
    return found


def value_text(field: str, value: Any, known: Mapping[str, str]) -> str:
    """One field's value in words: seats 1-based, slots 1-based, ids as names."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int) and field in SEAT_FIELDS:
        return f"Seat {value + 1}"
    if isinstance(value, int) and field in SLOT_FIELDS:
        return str(value + 1)
    if isinstance(value, str):
        return known.get(value, value)
    if isinstance(value, list | tuple):
        return ", ".join(value_text(field, item, known) for item in value) or "none"
    if value is None:
        return "-"
    return str(value)


def _field_text(field: str, value: Any, known: Mapping[str, str]) -> str:
    return f"{field.replace('_', ' ')}: {value_text(field, value, known)}"


def _shown(value: Any) -> bool:
    return value not in ("", None, [])


def labels(state: State, seat: int, actions: Sequence[Action], game_id: str) -> list[str]:
    """One label per action, in order, no two alike.

    The label is the public sentence, followed (in brackets) by the fields that tell apart
    actions with the same sentence, in words; a sentence that is only the action's type name
    gets all its fields. If two labels still read the same, their ids are added."""
    known = names(game_id)
    forms = [a.to_json() for a in actions]
    sentences = [state.describe(a) for a in actions]
    if game_id == "innsmouth-32":
        from services.referee.cli.words32 import act_sentence

        view = state.view(seat)
        sentences = [act_sentence(view, form) or text for form, text in zip(forms, sentences,
                                                                              strict=True)]
    groups: dict[str, list[int]] = {}
    for index, sentence in enumerate(sentences):
        groups.setdefault(sentence, []).append(index)
    result = list(sentences)
    extra = _extra(game_id, state, seat)
    for sentence, members in groups.items():
        raw = sentence == forms[members[0]]["type"]
        fields = _telling_fields([forms[i] for i in members], raw=raw)
        for i in members:
            details = [_field_text(f, forms[i][f], known) for f in fields if _shown(forms[i][f])]
            details += [extra(forms[i])] if extra and forms[i]["type"] == "plot" else []
            if details:
                result[i] = f"{sentence} ({'; '.join(details)})"
    same: dict[str, list[int]] = {}
    for index, text in enumerate(result):
        same.setdefault(text, []).append(index)
    for text, members in same.items():
        if len(members) > 1:
            for i, ids in zip(members, _telling_ids([forms[i] for i in members]), strict=True):
                result[i] = f"{text} [{ids}]"
    return result


def _telling_ids(forms: list[dict[str, Any]]) -> list[str]:
    """For actions whose labels read the same (two copies of a card): the ids that differ."""
    fields = _telling_fields(forms, raw=False)
    texts = []
    for form in forms:
        parts = []
        for field in fields:
            value = form[field]
            if isinstance(value, list):
                common = set.intersection(*(set(map(str, f[field])) for f in forms))
                value = [v for v in value if str(v) not in common]
            parts.append(value_text(field, value, {}))
        texts.append(", ".join(parts))
    return texts


def _extra(game_id: str, state: State, seat: int) -> Callable[[dict[str, Any]], str] | None:
    """What a game's label needs beyond the action's fields: the path of an Innsmouth plot."""
    if game_id != "innsmouth-escape":
        return None
    from services.games.innsmouth_escape.board import GRID, PathError, walk
    from services.games.innsmouth_escape.state import card_value

    start = state.view(seat).get("human_cell")

    def path(form: dict[str, Any]) -> str:
        values = [card_value(c) for c in form["cards"] if card_value(c)]
        try:
            cells = walk(GRID, start, list(zip(values, form["directions"], strict=True)), ())
        except (PathError, ValueError, TypeError):
            return "path: -"
        return "path: " + " > ".join(cells)

    return path if start else None


def _telling_fields(forms: list[dict[str, Any]], *, raw: bool) -> list[str]:
    """The fields worth showing: those that differ within the group, or all if ``raw``."""
    first = forms[0]
    fields = [f for f in first if f not in HIDDEN_FIELDS]
    if raw:
        return fields
    if len(forms) == 1:
        return []
    return [f for f in fields if any(form.get(f) != first[f] for form in forms)]


def event_text(event: Mapping[str, Any], game_id: str) -> str:
    """An event as a line: "clue given: Seat 1, target: Seat 2, about: moons"; a field with
    no value (no seat, an empty reason) is left out."""
    known = names(game_id)
    parts = [value_text("seat", event["seat"], known)] if event.get("seat") is not None else []
    parts += [_field_text(k, v, known) for k, v in event.items()
              if k not in HIDDEN_FIELDS and v not in ("", None)  # no "why: " left empty
              and not (k in SEAT_FIELDS and isinstance(v, int) and v < 0)]  # -1: no seat
    kind = str(event.get("type", "event")).replace("_", " ")
    return f"{kind}: {', '.join(parts)}" if parts else kind


def words(text: str) -> Counter[str]:
    """The words of a label, lower case, counted (so "A1 A1" asks for two A1s)."""
    return Counter(_TOKEN.findall(text.lower()))


def matching(texts: Sequence[str], query: str) -> list[int]:
    """Indexes of the texts that contain every word of ``query`` (as often as it is typed)."""
    wanted = words(query)
    return [i for i, text in enumerate(texts) if not wanted - words(text)]
