"""Journal resume of the longest Asylum Escape games, measured directly.

    .venv/bin/python benchmarks/journal_asylum.py [--seeds 10] [--rows 2000] [--dir DIR]

How long can a game be (shared/rules/asylum-escape.md)?

* **Short mode** is bounded: the Victims alive when the Patients finish turn 9 win (R-AE-28),
  earlier if every Victim dies. The most rows come from 6 players (5 Victims) who all live to
  the end (a death removes that Victim's rows for the rest of the game) and play every row
  they may: a mulligan each, a Camo/Sabo or Movement card drawn every Victim turn, every card
  that can be played played at once, every window of the ``card_windows`` option answered,
  the table's own decks (``cards = physical``: one more row per card drawn) and its own
  layout (``layout = table``: 25 rows). A Victim turn is then at most: the other 4 Victims
  asked for cards, a draw (and the card told), a card or two, a move: about 10 rows, so
  about 50 per Patient turn with the 3 Patients (coin, move) and Bloodlust; 9 turns and the
  set-up give about 550-650 rows. The table here plays that way with Patients that never
  catch anyone (it knows where the Victims are; a real Patients player does not); of
  ``--seeds`` games the longest is kept.
* **Long mode** has no bound: it ends 3 Patient turns after only one Victim is left
  (R-AE-29), or when every Victim is dead (R-AE-31). While 2 Victims or more stay alive it
  goes on, and nothing forces a catch (a Patient may stay put, a Victim may keep away). So
  the long game here is a calm table (Patients stay put, Victims draw nothing and keep their
  rooms, every window passed, every Bloodlust card applied with "done") played until the
  journal holds ``--rows`` rows.

Each game is played through ``LiveGame`` into a WAL journal (``synchronous=FULL``), chance
resolved by the box's seeded rng, with no undo: every row is effective and replayed on resume.
``LiveGame.resume`` (open the file, read, fold, replay every row) is timed, best of 5.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from collections.abc import Sequence
from typing import Any

from services.games.asylum_escape import actions as a
from services.games.core import Action, SeatPrompt
from services.games.registry import default_registry
from services.referee.journal import Journal
from services.referee.live import LiveGame

PLAYERS = 6
SHORT = {"mode": "short", "cards": "physical", "layout": "table", "card_windows": True,
         "patients_seat": 0}
LONG = {"mode": "long", "patients_seat": 0}
RISKY = ("sabo-trip",)  # adds a kill attempt: a death shortens the game


def victim_rooms(state: Any) -> set[str]:
    return {v["room"] for v in state.victims if v["alive"] and v["room"]}


def long_choice(state: Any, seat: int, rng: random.Random) -> Action:
    """The longest-game table (short mode): every row it may, nobody caught."""
    legal = state.legal_actions(seat)
    phase = state.phase
    if phase == "victim_card":
        return legal[1] if state.victim(seat)["card"] and not state.victim(seat)["mulligan"] \
            else legal[0]  # a mulligan each
    if phase == "patient_move":  # through as many Victims' rooms as it can
        rooms = [v["room"] for v in state.victims if v["alive"]]
        return max(legal, key=lambda x: (sum(r in x.path for r in rooms), rng.random()))
    if phase in ("start_rooms", "move", "victim_act") and any(
            isinstance(x, a.Move | a.StartRoom) for x in legal):
        plays = [x for x in legal if isinstance(x, a.PlayCard) and not x.card.startswith(RISKY)]
        if plays:
            return rng.choice(plays)
        blocked = state.patient_rooms()
        safe = [x for x in legal if isinstance(x, a.Move | a.StartRoom) and not set(
            x.path if isinstance(x, a.Move) else (x.room,)) & blocked]
        return rng.choice(safe or legal)
    if phase == "victim_draw":
        draws = [x for x in legal if isinstance(x, a.DrawCard)]
        return draws[0] if draws else legal[-1]
    if phase in ("window", "victim_act"):
        plays = [x for x in legal if isinstance(x, a.PlayCard) and not x.card.startswith(RISKY)]
        return rng.choice(plays) if plays else legal[0]  # pass, or end the turn
    if phase == "adjust":
        return a.Adjust(seat, "done")
    return rng.choice(legal)


def calm_choice(state: Any, seat: int, rng: random.Random) -> Action:
    """The endless table (long mode): Patients stay put, Victims keep their rooms."""
    phase = state.phase
    if phase == "patient_move":
        return a.MovePatient(seat, state.current["patient"], ())
    if phase == "victim_draw":
        return a.SkipDraw(seat)
    if phase == "victim_act":
        return a.EndTurn(seat)
    if phase == "window":
        return a.Pass(seat)
    if phase == "adjust":
        return a.Adjust(seat, "done")
    if phase == "start_rooms":  # no Patient's start room (a release there catches)
        starts = {state.data.get(p).start_room for p in state.data.deck("patients")} | {
            state.data.get(p).start_room for p in state.data.deck("special")}
        rooms = [x for x in state.legal_actions(seat) if x.room not in starts]
        return rooms[seat % len(rooms)]
    return state.legal_actions(seat)[0]


def lucky(state: Any, prompt: Any, rng: random.Random) -> dict[str, Any]:
    """The chance of the longest table: tails (a Patient reaches 2 rooms), kill rolls that
    miss (a face outside the Catching Stat), anything else at random."""
    if prompt.kind == "flip":
        return {"heads": False}
    if prompt.kind == "roll":
        stat = state.data.get(state.current["patient"]).catching_stat
        sides = int(state.options["die_sides"])
        return {"faces": [min(f for f in range(1, sides + 1) if f not in stat)]}
    outcome = dict(prompt.resolve(rng).to_json())
    outcome.pop("type")
    return outcome


def play(path: str, options: dict[str, Any], seed: int, rows: int, choose: Any,
         chance: Any = None) -> int:
    """Play into the journal at ``path`` (chance from ``chance``, else the box's rng)."""
    game = default_registry().get("asylum-escape")
    rng = random.Random(seed)
    with Journal(path) as journal:
        live, _ = LiveGame.new(journal, game, PLAYERS, options,
                               rng=None if chance else rng)
        while live.state.outcome() is None and len(live.history) < rows:
            prompt = live.state.pending()[0]
            if isinstance(prompt, SeatPrompt):
                live.apply(choose(live.state, prompt.seat, rng))
            else:
                live.supply_chance(chance(live.state, prompt, rng))
        return live.id


def resume(path: str, gid: int) -> tuple[Any, list[float]]:
    timings = []
    for _ in range(5):
        start = time.perf_counter()
        with Journal(path) as journal:
            live = LiveGame.resume(journal, gid, default_registry())
        timings.append(time.perf_counter() - start)
    return live, timings


def report(title: str, path: str, live: Any, timings: list[float]) -> None:
    rows = len(live.history)
    seat = sum(1 for s in live.history if s.kind == "action")
    outcome = live.state.outcome()
    state = live.state
    print(f"{title}: {rows} journal rows, all effective ({seat} seat actions, {rows - seat} "
          f"chance), Patient turn {state.turn}, Victims alive {len(state.alive())}/"
          f"{len(state.victims)}; {outcome.reason if outcome else 'still playing'}")
    replays = []
    for _ in range(5):
        again = live.game.state_from_json(live.initial)
        start = time.perf_counter()
        for step in live.history:
            again.apply(step.action)
        replays.append(time.perf_counter() - start)
    print(f"  resume (open, read, fold, replay every row): {min(timings) * 1000:.1f} ms best of "
          f"5, median {sorted(timings)[2] * 1000:.1f} ms; of which the engine's replay "
          f"{min(replays) * 1000:.1f} ms ({rows / min(replays):,.0f} actions/s); journal "
          f"{os.path.getsize(path) / 1024:.0f} KiB")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10, help="short games tried; the longest "
                        "is kept")
    parser.add_argument("--rows", type=int, default=2000, help="rows of the long-mode game")
    parser.add_argument("--dir", default=None, help="where to put the journal files")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(dir=args.dir) as directory:
        best: tuple[int, str, int, int] | None = None
        for seed in range(args.seeds):
            path = os.path.join(directory, f"short-{seed}.sqlite")
            gid = play(path, SHORT, seed, 10**9, long_choice, lucky)
            with Journal(path) as journal:
                rows = journal.game(gid).entries
            if best is None or rows > best[0]:
                best = (rows, path, gid, seed)
        assert best is not None
        _rows, path, gid, seed = best
        live, timings = resume(path, gid)
        report(f"short mode, longest of {args.seeds} (seed {seed})", path, live, timings)
        path = os.path.join(directory, "long.sqlite")
        gid = play(path, LONG, 1, args.rows, calm_choice)
        live, timings = resume(path, gid)
        report("long mode, calm table", path, live, timings)


if __name__ == "__main__":
    main()
