"""What ``refbox play`` offers the acting seat: a list of choices, each an action or a
further list (a sub-list), as the box's menus offer them.

An ordinary turn offers one choice per legal action, in the engine's order and with the
labels of :mod:`choices`, so a number means the same action as in ``legal_actions``. Where
the box offers more than the engine lists, or groups a long list, a game's part adds to it:
the adjustments a card asks for (:mod:`adjust`: Asylum Escape's catch, kill, draw, Patient
move and room destroyed; Innsmouth Escape's pawns and Shoggoths; Innsmouth 32's grouped by
kind) and Innsmouth 32's spoints
before a roll, asked a kind at a time with the target each amount gives (:mod:`spoints`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from services.games.core import Action, State


@dataclass(frozen=True)
class Offer:
    """One line of a list: an action to take, or (``more``) a list to open."""

    label: str
    action: Action | None = None
    more: Callable[[], Choice] | None = None


@dataclass(frozen=True)
class Choice:
    """A list to choose from: its question (empty for a seat's whole turn), the lines that
    explain it (a card's text, the spoints a player has) and its offers."""

    title: str
    offers: list[Offer]
    lines: list[str] = field(default_factory=list)


def turn_choice(state: State, seat: int, game_id: str, labels: Sequence[str]) -> Choice:
    """The whole turn of ``seat``: its legal actions (``labels`` in order), with what the
    game's part adds or groups."""
    legal = state.legal_actions(seat)
    plain = Choice("", [Offer(text, action) for text, action in zip(labels, legal,
                                                                   strict=True)])
    if game_id not in ("asylum-escape", "innsmouth-escape", "innsmouth-32"):
        return plain
    from services.referee.cli.adjust import adjust_choice

    found = adjust_choice(state, seat, game_id, plain)
    if found is None and game_id == "innsmouth-32":
        from services.referee.cli.spoints import spoint_choice

        found = spoint_choice(state, seat, plain)
    return found or plain


def sub(title: str, offers: list[Offer], lines: Sequence[str] = ()) -> Callable[[], Choice]:
    """A list opened by an offer (built when it is opened)."""
    return lambda: Choice(title, offers, list(lines))
