"""Playing a card on a turn: the legality checks (R-IX-08..12, R-IX-20..27) and the effects.

A mixin of :class:`~services.games.intruder_escape.state.IntruderState`, kept apart so that
each file reads in one sitting. ``_check_play`` raises before anything changes; ``_do_play``
only runs on an action that passed it.
"""

from __future__ import annotations

from typing import Any

from services.games.core import Action, Event, IllegalAction
from services.games.intruder_escape import actions as a
from services.games.intruder_escape.cards import (
    DAMAGE,
    DIE_CARD,
    ESCAPE_ITEM,
    HEAL,
    HEAL_LIFE,
    IMMUNITY,
    MODIFIER,
    NULLIFIER,
    UTILITY,
)
from services.games.intruder_escape.rows import Placed, any_damage, evaluate

ROW_CATEGORIES = (ESCAPE_ITEM, DAMAGE, HEAL, HEAL_LIFE, MODIFIER, NULLIFIER)
CARD_RULES = {
    "flashlight": "R-IX-20",
    "hostage": "R-IX-21",
    "snatch": "R-IX-22",
    "security-camera": "R-IX-23",
    "roulette": "R-IX-24",
    "broken-mirror": "R-IX-25",
    "nobodys-home": "R-IX-26",
    "med-kit": "R-IX-27",
}


class PlayRules:
    # ------------------------------------------------------------------ legal actions

    def play_actions(self: Any, seat: int) -> list[Action]:
        if self.phase == "follow":
            cards, last = [self.follow], a.Hold(seat)
        else:
            cards, last = list(dict.fromkeys(self.hands[seat])), a.Skip(seat)
        actions: list[Action] = []
        for card in cards:
            for candidate in self._candidates(seat, card):
                try:
                    self._check_play(candidate)
                except IllegalAction:
                    continue
                actions.append(candidate)
        return [*actions, last]

    def _candidates(self: Any, seat: int, card: str) -> list[a.Play]:
        info = self.data.card(card)
        if info.category in ROW_CATEGORIES:
            return [a.Play(seat, card, t) for t in range(self.players)]
        if info.id == "snatch":  # a taken card is named by kind: copies look alike
            return [a.Play(seat, card, v, take) for v in range(self.players)
                    for take in dict.fromkeys(self.kind(c) for c in self.snatchable(v))]
        return [a.Play(seat, card)]

    # ------------------------------------------------------------------ apply

    def apply_play(self: Any, action: a.Play | a.Skip | a.Hold) -> list[Event]:
        if isinstance(action, a.Skip):
            self._expect("turn", "R-IX-08", "skip")
            self.after = "next_turn"
            return [a.Skipped(action.seat, "skip"), *self._continue()]
        if isinstance(action, a.Hold):
            self._expect("follow", "R-IX-21", "keep a taken card")
            self.follow = None
            self.phase = "turn"
            self.after = "next_turn"
            return [a.Held(action.seat), *self._continue()]
        self._check_play(action)
        return self._do_play(action)

    # ------------------------------------------------------------------ checks

    def _check_play(self: Any, action: a.Play) -> None:
        seat, card = action.seat, action.card
        if self.phase == "follow":
            if card != self.follow:
                raise IllegalAction("R-IX-21", f"play the card you just took "
                                    f"({self.name(self.follow)}) or keep it")
        elif self.phase != "turn":
            raise IllegalAction("R-IX-08", f"this is not the time to play a card "
                                f"(phase {self.phase})")
        if card not in self.hands[seat]:
            raise IllegalAction("R-IX-08", f"Seat {seat + 1} does not hold {card!r}")
        info = self.data.card(card)
        rule = CARD_RULES.get(info.id, "R-IX-09")
        if info.category == IMMUNITY:
            raise IllegalAction(rule, "Nobody's Home is used only at the start of a round, "
                                "when the cards are dealt")
        if info.category in ROW_CATEGORIES:
            self._check_row_play(action, info)
            return
        if info.id == "snatch":
            self._check_snatch(action)
            return
        if action.target is not None or action.take is not None:
            what = "the die chooses the player" if info.category == DIE_CARD else \
                "it is discarded, not played on a player"
            raise IllegalAction(rule, f"{info.name} takes no target: {what}")
        if info.category == DIE_CARD and info.id in self.used_once:
            raise IllegalAction(rule, f"{info.name} was already used this game: it is a dead "
                                "card now, discarded with your hand at the end of the round "
                                "(A-IX-13)")
        if info.id in ("flashlight", "hostage") and not self.center:
            raise IllegalAction(rule, f"the center deck is empty: {info.name} has no card to "
                                "reach")
        if info.id == "flashlight" and self.top_exposed:
            raise IllegalAction(rule, "the top card of the center deck is already face up")
        if info.category not in (UTILITY, DIE_CARD):
            raise IllegalAction(rule, f"{info.name} cannot be played")

    def _check_target(self: Any, target: int | None, name: str, rule: str) -> int:
        if target is None:
            raise IllegalAction(rule, f"choose the player to play {name} on")
        if not 0 <= target < self.players:
            raise IllegalAction(rule, f"there is no Seat {target + 1} "
                                f"(seats 1 to {self.players})")
        if not self.alive(target):
            raise IllegalAction("R-IX-33", f"Seat {target + 1} is dead and cannot be targeted")
        if target == self.immune:
            raise IllegalAction("R-IX-26", f"Seat {target + 1} is at Nobody's Home this round "
                                "and cannot be targeted")
        return target

    def _check_row_play(self: Any, action: a.Play, info: Any) -> None:
        target = self._check_target(action.target, info.name, "R-IX-09")
        if action.take is not None:
            raise IllegalAction("R-IX-22", f"only Snatch takes a card, not {info.name}")
        row = self.rows[target]
        who = f"Seat {target + 1}"
        in_row = info.category != ESCAPE_ITEM or self.options["escape_items_in_row"]
        if info.category != ESCAPE_ITEM:
            count = sum(1 for p in row if self.data.card(p.card).category != ESCAPE_ITEM)
            limit = self.data.max_cards_on_player_per_round
            if count >= limit:
                raise IllegalAction("R-IX-10", f"{who} already has {limit} cards played on "
                                    "them this round (escape items do not count)")
        if in_row:
            if self.options["repeat_rule"] == "by_same_player":
                mine = [p for p in row if p.by == action.seat]
                last = mine[-1] if mine else None
            else:
                last = row[-1] if row else None
            if last is not None and self.kind(last.card) == info.id:
                whose = "your last card" if self.options["repeat_rule"] == "by_same_player" \
                    else "the last card"
                raise IllegalAction("R-IX-11", f"{whose} on {who} is already {info.name}: the "
                                    "same card cannot be played twice in a row on a player")
        if info.category == HEAL:
            if self.options["heal_needs"] == "any_damage":
                damaged = any_damage(row, self.data, self.row_rules)
            else:
                damaged = evaluate(row, self.data, self.row_rules).running > 0
            if not damaged:
                raise IllegalAction("R-IX-12", f"{who} has no damage this round to heal: "
                                    "healing cards cannot be banked")
        if info.category == HEAL_LIFE:
            if not any(r < self.round for r in self.lives_lost[target]):
                raise IllegalAction("R-IX-12", f"{who} has lost no life in an earlier round: "
                                    f"{info.name} only restores those")
            user = action.seat if self.options["medkit_once"] == "per_player" else target
            if self.medkit_used[user]:
                whom = "you have" if user == action.seat else f"{who} has"
                raise IllegalAction("R-IX-27", f"{whom} already used the {info.name}'s power "
                                    "this game (once per player)")

    def _check_snatch(self: Any, action: a.Play) -> None:
        victim = self._check_target(action.target, "Snatch", "R-IX-22")
        choices = self.snatchable(victim)
        if self.taken_copy(victim, action.take) is None:
            allowed = ", ".join(self.name(c) for c in choices) or "nothing"
            raise IllegalAction("R-IX-22", f"Snatch can take from Seat {victim + 1}: "
                                f"{allowed} (an escape item or the most recent damage or "
                                "healing card; never Med Kit)")

    def taken_copy(self: Any, victim: int, take: str | None) -> str | None:
        """The card Snatch takes from ``victim`` for ``take``, a kind (``knife``) or an
        instance id (``knife-2``); None if Snatch cannot take it."""
        choices = self.snatchable(victim)
        if take in choices:
            return take
        return next((c for c in choices if self.kind(c) == take), None)

    def snatchable(self: Any, victim: int) -> list[str]:
        """What Snatch may take from ``victim`` (R-IX-22, A-IX-11)."""
        if not self.alive(victim) or victim == self.immune:
            return []
        kinds = {DAMAGE, HEAL} | ({MODIFIER} if self.options["snatch_double_scratch"] else set())
        rows = [self.rows[victim]] if self.options["snatch_scope"] == "player" else self.rows
        best: Placed | None = None
        for row in rows:
            steps = evaluate(row, self.data, self.row_rules).steps
            for placed, step in zip(row, steps, strict=True):
                if self.data.card(placed.card).category not in kinds:
                    continue
                if step.nullified and not self.options["snatch_nullified"]:
                    continue
                if best is None or placed.seq > best.seq:
                    best = placed
        recent = [best.card] if best is not None and best in self.rows[victim] else []
        return list(self.items[victim]) + recent

    # ------------------------------------------------------------------ effects

    def _do_play(self: Any, action: a.Play) -> list[Event]:
        seat, card = action.seat, action.card
        info = self.data.card(card)
        self.hands[seat].remove(card)
        self._seen_leaving(seat, card)
        self.follow, self.phase = None, "turn"
        events: list[Event] = [a.CardPlayed(seat, info.id, action.target)]
        if info.category in ROW_CATEGORIES:
            target = action.target
            if info.category == ESCAPE_ITEM:
                self.items[target].append(card)
            if info.category != ESCAPE_ITEM or self.options["escape_items_in_row"]:
                self.rows[target].append(Placed(card, seat, self.seq))
                self.seq += 1
        elif info.category == DIE_CARD:
            (self.removed if self.options["die_cards_after_use"] == "removed"
             else self.discard).append(card)
            self.used_once.append(info.id)
            return events + self._roll_for(info.id, by=seat)
        else:
            self.discard.append(card)
            if info.id == "flashlight":
                self.top_exposed = True
                events.append(a.TopExposed(self.kind(self.center[0])))
                self._seen_leaving(None, self.center[0])
            elif info.id == "hostage":
                exposed = self.top_exposed
                taken = self._take_top(seat)
                events.append(a.TookTop(seat, self.kind(taken) if exposed else None))
                self.follow, self.follow_seen, self.phase = taken, exposed, "follow"
                return events
            else:
                take = self.taken_copy(action.target, action.take)
                return events + self._snatch(seat, action.target, take)
        self.after = "next_turn"
        return events + self._continue()

    def _seen_leaving(self: Any, holder: int | None, card: str) -> None:
        """The table sees ``card`` leave ``holder``'s hand (played), or out of every hand
        (``holder`` None: face up on the deck). One card of that kind leaves the holder's
        known cards; a card that has no copy leaves everyone's (a card seen dealt, then
        bottomed, is seen again on the deck). A copy seen elsewhere tells nothing: copies
        look alike."""
        kind = self.kind(card)
        if holder is not None and kind in self.known[holder]:
            self.known[holder].remove(kind)
        if self.data.card(card).quantity == 1:
            for seen in self.known:
                if kind in seen:
                    seen.remove(kind)

    def _snatch(self: Any, seat: int, victim: int, take: str) -> list[Event]:
        if take in self.items[victim]:
            taken = list(self.items[victim]) if self.options["snatch_items"] == "all" else [take]
        else:
            taken = [take]
        self.items[victim] = [c for c in self.items[victim] if c not in taken]
        self.rows[victim] = [p for p in self.rows[victim] if p.card not in taken]
        self.hands[seat] += taken
        self.known[seat] += [self.kind(c) for c in taken]
        self.follow, self.follow_seen, self.phase = take, True, "follow"
        return [a.Snatched(seat, victim, tuple(self.kind(c) for c in taken))]

    def die_effect(self: Any, purpose: str, seat: int) -> list[Event]:
        """Security Camera, Roulette and Broken Mirror once the die has chosen ``seat``."""
        if purpose == "security-camera":
            shown = sorted(self.kind(c) for c in self.hands[seat])  # not the hand's order
            self.camera = {"seat": seat, "cards": shown, "round": self.round}
            self.known[seat] = list(shown)
            return [a.HandShown(seat, tuple(shown))]
        if purpose == "roulette":
            return self._lose_life(seat, "roulette", "R-IX-24")
        has_turn = self.turns_taken[seat] < self.data.max_turns_per_round
        self.skip_next[seat] = self.skip_next[seat] or has_turn
        return [a.TurnLost(seat, has_turn)]
