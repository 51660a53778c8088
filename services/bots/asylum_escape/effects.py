"""The Patients' use of a Bloodlust card's structured effect (R-AE-16), on the seat's belief.

* ``reveal``: name the Victim whose room the belief is least sure of (the widest spread);
* ``move_patient``: the Patient and room worth most: the Victims expected to be caught in the
  room it enters (each catch weighted by the kill roll, :meth:`Hunt.path_value`), plus what
  the new room gains over the old one for next turn's hunt (:meth:`Hunt.reach_value`; in
  the last Patient turn only the catch counts); ``done`` when no move gains anything;
* ``destroy``: the room without a Patient holding the most belief mass (a Victim in a
  destroyed room dies, A-AE-08), next turn's likely rooms breaking ties, so the Victims'
  room runs out where they are likely to go.

``easy`` chooses on its own belief (it forgets what a catch that did not happen tells) and
moves toward the latest sighting; ``normal`` and ``hard`` weigh the whole belief (a look-ahead
to the window's end for hard's choice, as :mod:`.duel` does for moves, was measured: no gain
at 2 players, 200 games).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from services.bots.asylum_escape.hunt import CATCH, Hunt
from services.games.asylum_escape import actions as a

REACH = 0.5  # weight of next turn's reach against a catch now
LATER = 0.01  # destroy: next turn's likely rooms break ties


def choose_effect(effect: str, hunt: Hunt, legal: Sequence[a.Adjust], level: str,
                  rng: random.Random) -> a.Adjust:
    """The adjustment to make for ``effect`` among ``legal`` (``done`` included)."""
    done = next(x for x in legal if x.kind == "done")
    choices = [x for x in legal if x.kind == effect]
    if not choices:
        return done
    if effect == "reveal":
        target = hunt.reveal_target()
        return next((x for x in choices if x.target == target), choices[0])
    if level == "easy" and effect == "move_patient":
        return chase(hunt, choices, done, rng)
    value = destroy_value if effect == "destroy" else move_value
    scores = [value(hunt, x) for x in choices]
    ranked = [choices[i] for i in sorted(range(len(choices)),
                                         key=lambda i: (-round(scores[i], 9), i))]
    if effect == "move_patient" and max(scores) <= 1e-9:
        return done
    return ranked[0]


def move_value(hunt: Hunt, choice: a.Adjust) -> float:
    patient, room = choice.patient, choice.room
    start = hunt.tracker.patients.get(patient, "")
    catch = sum(b.get(room, 0.0) * (CATCH + hunt.kill_chance(room, patient, seat))
                for seat, b in hunt.tracker.beliefs.items())
    if last_turn(hunt):
        return catch
    gain = hunt.reach_value(room, set()) - (hunt.reach_value(start, set()) if start else 0.0)
    return catch + REACH * gain


def last_turn(hunt: Hunt) -> bool:
    """The Patients' last turn (the final window ends with it): no next turn to prepare."""
    window = hunt.view.get("final_window")
    return bool(window) and hunt.tracker.turn >= int(window[1])


def destroy_value(hunt: Hunt, choice: a.Adjust) -> float:
    room = choice.room
    now = sum(b.get(room, 0.0) for b in hunt.tracker.beliefs.values())
    return now + LATER * hunt.later_mass().get(room, 0.0)


def chase(hunt: Hunt, choices: Sequence[a.Adjust], done: a.Adjust,
          rng: random.Random) -> a.Adjust:
    """The easy level: a Patient steps onto or toward the latest sighting; none: ``done``."""
    grid = hunt.tracker.grid
    seen = [r for r in hunt.tracker.sighted.values() if r in grid]
    if not seen:
        return done
    dist = hunt.distances(seen[-1])
    gains = [dist.get(hunt.tracker.patients.get(x.patient, ""), 99) - dist.get(x.room, 99)
             for x in choices]
    top = max(gains)
    if top <= 0:
        return done
    return rng.choice([x for x, g in zip(choices, gains, strict=True) if g == top])
