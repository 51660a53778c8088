"""Lives, deaths, wins and the end-of-round assessment (R-IX-14, R-IX-27..37).

A mixin of :class:`~services.games.intruder_escape.state.IntruderState`, kept apart so that
each file reads in one sitting.
"""

from __future__ import annotations

from typing import Any

from services.games.core import EndGame, Event, Outcome
from services.games.intruder_escape import actions as a
from services.games.intruder_escape.cards import ESCAPE_ITEM
from services.games.intruder_escape.rows import evaluate

INTRUDER, INNOCENT = "intruder", "innocent"
TEAMS = {INTRUDER: "Intruders", INNOCENT: "Innocents"}


class Endings:
    # ------------------------------------------------------------------ lives and deaths

    def _lose_life(self: Any, seat: int, cause: str, rule: str) -> list[Event]:
        self.lives_lost[seat].append(self.round)
        events: list[Event] = [a.LifeLost(seat, cause, self.lives_left(seat), rule)]
        if not self.alive(seat):
            events += self._die(seat)
        return events

    def _die(self: Any, seat: int) -> list[Event]:
        """R-IX-33: hand discarded, escape items back in the deck, no more turns."""
        hand = self.hands[seat]
        self.discard += hand
        self.hands[seat], self.known[seat] = [], []
        events: list[Event] = [a.Died(seat, len(hand))]
        returned = self.items[seat]
        self.items[seat] = []
        self.rows[seat] = [p for p in self.rows[seat] if p.card not in returned]
        if self.active == seat:
            self.follow = None
        events += self._check_teams()
        if self.result is not None:  # the game is over: the items simply leave the table
            self.discard += returned
        else:
            self.queue += [{"kind": "insert", "card": c} for c in returned]
            reveal = self.options["reveal_on_death"]
            if reveal == "ask":
                self.queue.append({"kind": "reveal", "seat": seat})
            elif reveal == "always":
                self.revealed[seat] = True
                events.append(a.IdentityRevealed(seat, self.identity(seat)))
        return events

    def _team_alive(self: Any, team: str) -> bool:
        return any(self.identity(s) == team for s in self.living())

    def _check_teams(self: Any) -> list[Event]:
        """R-IX-34/35, checked at once after every death (A-IX-19)."""
        if not self._team_alive(INNOCENT):
            return self._win(INTRUDER, "every Innocent is dead", "R-IX-34")
        if not self._team_alive(INTRUDER):
            return self._win(INNOCENT, "every Intruder is dead", "R-IX-35")
        return []

    def _check_escape(self: Any) -> list[Event]:
        """R-IX-36/37, at the end of a round."""
        wanted = {c.id for c in self.data.cards if c.category == ESCAPE_ITEM}
        for seat in self.living():
            if {self.kind(c) for c in self.items[seat]} != wanted:
                continue
            if self.identity(seat) == INNOCENT:
                return self._win(INNOCENT, f"Seat {seat + 1}, an Innocent, holds all four "
                                 "escape items", "R-IX-36")
            innocents = [s for s in range(self.players) if self.identity(s) == INNOCENT]
            if all(len(self.lives_lost[s]) >= 2 for s in innocents):
                return self._win(INTRUDER, f"Seat {seat + 1}, an Intruder, holds all four "
                                 "escape items and every Innocent has lost 2 lives", "R-IX-37")
        return []

    def _win(self: Any, team: str, reason: str, rule: str) -> list[Event]:
        winners = tuple(s for s in range(self.players) if self.identity(s) == team)
        self.result = Outcome("win", winners, f"{TEAMS[team]} win: {reason}", rule)
        self._close()
        identities = tuple(self.identity(s) for s in range(self.players))
        return [a.GameWon(team, reason, rule, identities)]

    def _close(self: Any) -> None:
        self.phase = "over"
        self.active, self.follow, self.die, self.queue, self.after = None, None, None, [], None

    def _end_game(self: Any, action: EndGame) -> list[Event]:
        reason = action.reason or "the table ended the game"
        self.result = Outcome("abandoned", (), reason, "BOX-END")
        self._close()
        return []

    # ------------------------------------------------------------------ assessment

    def _end_of_play(self: Any) -> list[Event]:
        """R-IX-14 then R-IX-28..31: hands discarded, every row assessed, one life lost."""
        count = sum(len(h) for h in self.hands)
        for seat in range(self.players):
            self.discard += self.hands[seat]
            self.hands[seat], self.known[seat] = [], []
        self.active, self.follow = None, None
        events: list[Event] = [a.HandsDiscarded(count)]
        rows = {s: evaluate(self.rows[s], self.data, self.row_rules) for s in self.living()}
        record: dict[str, Any] = {"round": self.round, "rows": {}, "restored": [],
                                  "loser": None, "cause": "", "rule": ""}
        for seat, result in rows.items():
            record["rows"][str(seat)] = {"damage": result.damage,
                                         "steps": [self._step_record(s) for s in result.steps]}
            events.append(a.RowAssessed(seat, result.damage))
        events += self._med_kits(rows, record)
        self.assessment = record
        eligible = self.targetable()
        top = max((rows[s].damage for s in eligible), default=0)
        if top > 0:
            tied = [s for s in eligible if rows[s].damage == top]
            if len(tied) == 1:
                record.update(loser=tied[0], cause="most damage", rule="R-IX-29")
                events += self._lose_life(tied[0], "most damage", "R-IX-29")
                self.after = "round_end"
                return events + self._continue()
            record.update(cause="tie", rule="R-IX-30", tied=tied)
            return events + self._roll_for("tie", tied)
        record.update(cause="no damage", rule="R-IX-31")
        return events + self._roll_for("nodamage", eligible)

    def _step_record(self: Any, step: Any) -> dict[str, Any]:
        """One card of an assessed row, by card kind: the instance ids go back into the
        deck afterwards, and the record stays on the public screen."""
        return {"card": self.kind(step.card),
                "nullified_by": self.kind(step.nullified_by) if step.nullified_by else None,
                "change": step.change, "total": step.total,
                "doubled": self.kind(step.doubled) if step.doubled else None,
                "restores_life": step.restores_life}

    def _med_kits(self: Any, rows: dict[int, Any], record: dict[str, Any]) -> list[Event]:
        """R-IX-27: each live Med Kit restores one life lost in an earlier round."""
        events: list[Event] = []
        for seat, result in rows.items():
            for card in result.medkits:
                earlier = [r for r in self.lives_lost[seat] if r < self.round]
                if not earlier:
                    continue
                self.lives_lost[seat].remove(earlier[-1])
                by = next(p.by for p in self.rows[seat] if p.card == card)
                user = by if self.options["medkit_once"] == "per_player" else seat
                self.medkit_used[user] = True
                record["restored"].append({"seat": seat, "by": by})
                events.append(a.LifeRestored(seat, self.kind(card), self.lives_left(seat)))
        return events

    def _round_end(self: Any) -> list[Event]:
        """A-IX-03 rows to the discard pile; R-IX-36/37; then the next round."""
        for seat in range(self.players):
            self.discard += [p.card for p in self.rows[seat]
                             if self.data.card(p.card).category != ESCAPE_ITEM]
        self.rows = [[] for _ in range(self.players)]
        events = self._check_escape()
        if self.result is not None:
            return events
        return events + self._new_round()
