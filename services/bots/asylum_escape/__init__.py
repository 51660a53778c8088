"""Bots for Asylum Escape: the box plays the Patients, hunting the hidden Victims.

``make_bot(level)`` plays any seat. The Patients' seat plays at the level's strength:

* ``easy`` sends each Patient toward the room a Victim was last seen in (a catch, a Stumble,
  a reveal) and wanders when nobody has been seen;
* ``normal`` keeps a full belief over each Victim's room (:mod:`.belief`: catches, misses,
  public Movement values, Stumbles, the collapse), weighs each catch by the kill roll, and
  prefers to stop where it reaches the Victims' likely rooms next turn (:mod:`.hunt`);
* ``hard`` searches (:mod:`.search`): it samples complete hidden positions consistent with
  what the seat has seen (checked by the engine's own ``state_from_json``) and plays each
  candidate move out to the end of the next Patient turn, within a fixed number of
  iterations; in a game of one Victim (2 players: the window is Patient turns 1-3) it
  values each path by expectimax on the belief to the window's end instead (:mod:`.duel`),
  its belief weighing a careful Victim (one that moves away from the Patients) by the chance
  its public play leaves for one (:func:`careful_share`).

Every level uses a Bloodlust card's effect (a reveal, a Patient moved, a room destroyed) on
its belief (:mod:`.effects`).

A Victim's seat plays at the level's strength too (:mod:`.victims`): ``easy`` moves as far
from the Patients as it can; ``normal`` routes by the danger of each room next Patient turn
(a Bloodlust card destroying the room the table thinks most crowded included) and uses its
move and save cards; ``hard`` also avoids the rooms a hunter would search on
what the table knows of the Victims (:mod:`.victims_route`), and, the only Victim at the
table (2 players), plays the Patients' next turn out for every coin side and chooses by the
chance to live (:mod:`.victims_single`, :mod:`.victims_duel`).
Everything is pure: the same knowledge and seed give the same action.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from services.bots.asylum_escape.belief import Tracker
from services.bots.asylum_escape.effects import choose_effect
from services.bots.asylum_escape.hunt import Hunt
from services.bots.asylum_escape.victims import choose_victim
from services.bots.contract import LEVELS, BotError, SeatKnowledge
from services.games.asylum_escape import actions as a
from services.games.asylum_escape.bloodlust import structured_effect
from services.games.asylum_escape.data import AsylumData, load_data
from services.games.core import Action

GAME = "asylum-escape"
ROLES = {"patients": "the Patients, hunting the Victims whose rooms are secret"}


def role_of(public_view: Mapping[str, Any], seat: int) -> str | None:
    """``patients`` for the Patients player's seat, ``victim`` for the others, None while
    the Patients player is not drawn yet."""
    patients = int(public_view.get("patients_seat", -1))
    if patients < 0 or not 0 <= seat < int(public_view.get("players", 0)):
        return None
    return "patients" if seat == patients else "victim"


class AsylumBot:
    """Any seat of Asylum Escape at one level (see the module's words)."""

    def __init__(self, level: str, data: AsylumData | None = None,
                 iterations: int | None = None) -> None:
        if level not in LEVELS:
            raise BotError(f"level {level!r}: expected one of {', '.join(LEVELS)}")
        self.level = level
        self.data = data if data is not None else load_data()
        self.iterations = iterations

    def choose(self, knowledge: SeatKnowledge, rng: random.Random) -> Action:
        if knowledge.game != GAME:
            raise BotError(f"this bot plays {GAME}, not {knowledge.game}")
        if not knowledge.legal:
            raise BotError(f"Seat {knowledge.seat + 1} has no legal action now")
        if role_of(knowledge.public, knowledge.seat) != "patients":
            return choose_victim(knowledge, self.data, rng, self.level)
        return self.patients(knowledge, rng)

    # ------------------------------------------------------------------ the Patients

    def patients(self, knowledge: SeatKnowledge, rng: random.Random) -> Action:
        view, legal = knowledge.view, knowledge.legal
        phase, step = view["phase"], view.get("step", {})
        duel = self.level == "hard" and len(view["victims"]) == 1
        tracker = Tracker.of(knowledge, self.data, negative=self.level != "easy",
                             evasion=careful_share(knowledge) if duel else 0.0)
        hunt = Hunt(tracker, view)
        if phase == "patient_move":
            moves = [x for x in legal if isinstance(x, a.MovePatient)]
            if self.level == "hard" and duel_wanted(view, tracker):
                from services.bots.asylum_escape.duel import choose_duel

                return choose_duel(knowledge, tracker, hunt, moves)
            if self.level == "hard":
                from services.bots.asylum_escape.search import search

                return search(knowledge, tracker, hunt, moves, rng, self.data,
                              self.iterations)
            paths = [x.path for x in moves]
            if self.level == "easy":
                return moves[hunt.chase(step["patient"], paths, rng)]
            return moves[hunt.best_path(step["patient"], paths, ())]
        if phase == "choose_room":
            rooms = [x for x in legal if isinstance(x, a.ChooseRoom)]
            purpose, mover = step.get("purpose", ""), step.get("patient", "")
            values = [hunt.room_value(x.room, purpose, mover) for x in rooms]
            return rooms[max(range(len(rooms)), key=lambda i: (round(values[i], 9), -i))]
        if phase == "adjust":
            effect = structured_effect(self.data, str(step.get("card", "")))
            if effect:
                adjusts = [x for x in legal if isinstance(x, a.Adjust)]
                return choose_effect(effect, hunt, adjusts, self.level, rng)
            target = hunt.reveal_target()
            reveal = a.Adjust(knowledge.seat, "reveal", target=target)
            if tracker.reveal_wanted() and reveal in legal:
                return reveal
            done = a.Adjust(knowledge.seat, "done")
            if done in legal:
                return done
        return rng.choice(legal)  # the table's own cards (identify) or layout (lay_room)


CAREFUL = 0.3  # hard, one Victim: the prior chance the Victim plays carefully (:mod:`.victims`)
SKIPPED = "draws nothing"  # the sentence of a Victim that draws no card


def careful_share(knowledge: SeatKnowledge) -> float:
    """The chance the one Victim moves away from the Patients, from what it did in public:
    a careful Victim keeps its Victim card, always draws a card and plays only a save card
    when caught; any other play is as likely (uniformly among the legal ones, a third of
    draws are skipped). A mulligan, a skipped draw or another card played: none."""
    victims = knowledge.view["victims"]
    if len(victims) != 1:
        return 0.0
    seat = int(victims[0]["seat"])
    if victims[0].get("mulligan"):
        return 0.0
    other = 0.5  # the chance a Victim playing any legal action did the same: it kept its card
    for told in knowledge.history:
        if not told.sentence.startswith(f"Seat {seat + 1} "):
            continue
        if told.sentence.endswith(SKIPPED):
            return 0.0
        for e in told.events:
            if e["type"] == "card_played" and e.get("effect") != "save":
                return 0.0
            if e["type"] in ("card_drawn", "movement_shown"):
                other *= 2 / 3
    return CAREFUL / (CAREFUL + (1.0 - CAREFUL) * other)


DUEL_TURNS = 3  # the duel looks ahead when the window ends within this many Patient turns


def duel_wanted(view: Mapping[str, Any], tracker: Tracker) -> bool:
    """A game of one Victim (2 players), alive, and the final window known: the hard level
    plans to the window's end (:mod:`.duel`) once that is less than ``DUEL_TURNS`` Patient
    turns after this one (with the option ``single_victim_window`` off it is turn 9). With
    more Victims the playouts stay, even for the last one left (as the 3-6 player
    measurements were made)."""
    window = view.get("final_window")
    return (len(view["victims"]) == 1 and len(tracker.beliefs) == 1 and bool(window)
            and 0 <= int(window[1]) - tracker.turn < DUEL_TURNS)


def make_bot(level: str, data: AsylumData | None = None,
             iterations: int | None = None) -> AsylumBot:
    """A bot for any seat of Asylum Escape at ``level``; ``data`` is the game's pack (the
    shipped one by default), ``iterations`` the hard level's search budget."""
    return AsylumBot(level, data, iterations)
