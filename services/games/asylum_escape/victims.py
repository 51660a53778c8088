"""The Victim turn (R-AE-20..26), Camo/Sabo cards and their windows, and the logged referee
adjustments that apply card effects the box does not model (A-AE-01, A-AE-22).

Windows: ``other_turn`` opens at the start of each Victim's turn for every other living
Victim; ``response`` opens before each kill roll for the caught Victim and (option
``card_windows``) every other living Victim. Everyone named is asked, whatever they hold, so
a window tells nobody anything about a hand. A mixin of
:class:`~services.games.asylum_escape.state.AsylumState`.
"""

from __future__ import annotations

from typing import Any

from services.games.asylum_escape import actions as a
from services.games.asylum_escape.bloodlust import to_apply
from services.games.core import Action, DrawResult, Event, IllegalAction

ADJUST_KINDS = ("reveal", "catch", "kill", "move_patient", "destroy", "draw", "discard",
                "done")
# A card's symbols (R-AE-24) and the moment of play, in a player's words.
WHEN = {"own_turn": "on your own turn", "other_turn": "when another Victim's turn starts",
        "response": "before a Patient's kill roll"}
NOW = {"own_turn": "it is your turn", "other_turn": "another Victim's turn is starting",
       "response": "a Patient is about to roll to kill"}


class VictimTurns:
    # ------------------------------------------------------------------ the turn

    def step_victim_turn(self: Any, seat: int) -> list[Event]:
        if not self.victim(seat)["alive"]:
            return []
        others = [s for s in self.alive() if s != seat] if self.options["card_windows"] else []
        if others:
            return self.wait("window", timing="other_turn", waiting=others, turn=seat,
                             then=[["victim_draw", seat]])
        self.push(["victim_draw", seat])
        return []

    def step_victim_draw(self: Any, seat: int) -> list[Event]:
        if not self.victim(seat)["alive"]:
            return []
        return self.wait("victim_draw", seat=seat)

    def step_victim_act(self: Any, seat: int, move: int) -> list[Event]:
        if not self.victim(seat)["alive"]:
            return []
        return self.wait("victim_act", seat=seat, move=move)

    def draw_refusal(self: Any, seat: int, deck: str) -> str:
        if deck not in ("camo_sabo", "movement"):
            return f"draw from camo_sabo or movement, not {deck!r}"
        if not self.pile(deck) and not self.discards[deck]:
            return f"the {deck.replace('_', '/')} deck is empty"
        if deck == "camo_sabo" and len(self.victim(seat)["hand"]) >= self.hand_limit(seat):
            return (f"your hand holds {self.hand_limit(seat)} Camo/Sabo cards, the limit: draw "
                    "a Movement card or skip")
        return ""

    def step_victim_take(self: Any, seat: int, deck: str) -> list[Event]:
        if self.refill(deck, ["victim_take", seat, deck]):
            return []
        drawn = self.top(deck, seat, ["victim_take", seat, deck])
        if drawn is None:
            return []
        if deck == "camo_sabo":
            held, discarded = self.take_camo(seat, drawn)
            self.push(["victim_act", seat, -1])
            return [a.CardDrawn(seat, deck, held, discarded)]
        card = self.data.get(drawn)
        self.discards["movement"].append(card.id)  # R-AE-21, R-AE-26: face-up
        if card.stumble:
            self.push(["stumble", seat], ["destroy_dead"], ["victim_act", seat, -1])
            return [a.MovementShown(seat, card.id, 0, "turn")]
        steps = self.move_value(seat, card.value)
        self.push(["victim_act", seat, steps])
        return [a.MovementShown(seat, card.id, steps, "turn")]

    def take_camo(self: Any, seat: int, card: str) -> tuple[str, str]:
        """Draw the top Camo/Sabo card: a Hold card goes face-up in front, replacing the one
        held (discarded face-up, decision D-AE-02); any other card to the hand (R-AE-25)."""
        victim = self.victim(seat)
        if not self.data.get(card).hold:
            self.to_hand(seat, card)
            return "", ""
        old = victim["held"]
        if old:
            self.discards["camo_sabo"].append(old)
        victim["held"] = card
        return card, old

    # ------------------------------------------------------------------ legal actions

    def victim_actions(self: Any, seat: int) -> list[Action]:
        if self.phase == "victim_draw":
            draws: list[Action] = [a.DrawCard(seat, d) for d in ("camo_sabo", "movement")
                                   if not self.draw_refusal(seat, d)]
            return [*draws, a.SkipDraw(seat)]
        if self.phase == "adjust":
            card = self.effect_card()
            if card is not None:
                return self.effect_actions(seat, card)
            return [a.Adjust(seat, "done"),
                    *[a.Adjust(seat, "reveal", target=s) for s in self.alive()],
                    *[a.Adjust(seat, "discard", target=s) for s in self.alive()
                      if self.victim(s)["hand"]]]
        cards: list[Action] = [a.PlayCard(seat, c) for c in self.playable(seat)]
        if self.phase == "window":
            return [a.Pass(seat), *cards]
        if self.current["move"] < 0:
            return [*cards, a.EndTurn(seat)]
        return [*cards, *self.move_actions(seat)]

    def playable(self: Any, seat: int) -> list[str]:
        victim = self.victim(seat)
        held = [victim["held"]] if victim["held"] else []
        hand = self.unseen_hand(seat) if self.physical else victim["hand"]
        return [c for c in [*hand, *held] if not self.play_refusal(seat, c)[1]]

    def play_refusal(self: Any, seat: int, card: str) -> tuple[str, str]:
        """(rule, reason) why ``seat`` may not play ``card`` now, or ("", "")."""
        victim = self.victim(seat)
        hand = self.unseen_hand(seat) if self.physical else victim["hand"]
        if card not in hand and card != victim["held"]:
            if self.physical and card in self.data.deck("camo_sabo"):
                return "R-AE-24", (f"{self.data.get(card).name} cannot be in your hand: it is "
                                   "face-up or played already, or your hand is empty")
            return "R-AE-24", f"{card!r} is not in your hand nor held in front of you"
        info = self.data.get(card)
        cur = self.current
        now = "own_turn" if self.phase == "victim_act" else cur["timing"]
        if now not in info.timing:
            whens = " or ".join(WHEN[t] for t in info.timing if t != "hold")
            return "R-AE-24", f"{info.name} can be played only {whens}; now {NOW[now]}"
        if info.effect == "save" and (now != "response" or seat != cur["turn"]):
            return "R-AE-24", f"{info.name} saves the caught Victim only"
        if info.effect == "save" and cur["saved"]:
            return "R-AE-24", "this kill attempt is already cancelled"
        return "", ""

    # ------------------------------------------------------------------ actions

    def victim_action(self: Any, action: Action) -> list[Event]:
        if isinstance(action, a.DrawCard):
            reason = self.draw_refusal(action.seat, action.deck)
            if reason:
                rule = "A-AE-16" if "limit" in reason else "R-AE-20"
                raise IllegalAction(rule, reason)
            self.push(["victim_take", action.seat, action.deck])
            return self.resume()
        if isinstance(action, a.SkipDraw):
            self.push(["victim_act", action.seat, -1])
            return self.resume()
        if isinstance(action, a.PlayCard):
            return self.play_card(action)
        if isinstance(action, a.Pass):
            return self.pass_window(action)
        if isinstance(action, a.Adjust):
            return self.adjust(action)
        if isinstance(action, a.EndTurn):
            if self.current["move"] >= 0:
                raise IllegalAction("R-AE-21", "you drew a Movement card: make your move "
                                    "(an empty path stays where you are)")
            return self.resume()
        raise IllegalAction("ACTION", f"{action.type!r} is not an Asylum Escape action")

    def play_card(self: Any, action: a.PlayCard) -> list[Event]:
        if self.phase not in ("victim_act", "window"):
            raise IllegalAction("R-AE-24", "cards are played in your turn or in a window")
        rule, reason = self.play_refusal(action.seat, action.card)
        if reason:
            raise IllegalAction(rule, reason)
        if action.target != -1 and action.target not in self.alive():
            raise IllegalAction("R-AE-24", f"Seat {action.target + 1} is not a living Victim")
        info = self.data.get(action.card)
        self.from_hand(action.seat, action.card)
        self.discards["camo_sabo"].append(action.card)  # R-AE-26
        events: list[Event] = [a.CardPlayed(action.seat, action.card, action.target,
                                            info.effect or info.manual_effect)]
        cur = dict(self.current)
        if info.effect == "save":
            self.current["saved"] = action.card
            return events
        back = (["victim_act", action.seat, cur["move"]] if self.phase == "victim_act"
                else ["window_resume", cur])
        if info.effect == "move":
            self.push(["move_step", action.seat, info.value, "card"], back)
        elif info.manual_effect:
            self.push(["adjust", action.seat, action.card], back)
        else:
            return events
        return events + self.resume()

    def step_window_resume(self: Any, cur: dict[str, Any]) -> list[Event]:
        cur = dict(cur, waiting=[s for s in cur["waiting"] if s in self.alive()])
        if cur["timing"] == "response" and not self.victim(cur["turn"])["alive"]:
            return []
        self.wait("window", **cur)
        return [] if cur["waiting"] else self.close_window()

    def pass_window(self: Any, action: a.Pass) -> list[Event]:
        self.current["waiting"].remove(action.seat)
        if self.current["waiting"]:
            return []
        return self.close_window() + self.run()

    def close_window(self: Any) -> list[Event]:
        cur = self.current
        self.phase, self.current = "running", None
        if cur["timing"] == "response" and cur["saved"]:
            return [a.AttemptCancelled(cur["turn"], cur["patient"], cur["saved"])]
        self.push(*cur["then"])
        return []

    # ------------------------------------------------------------------ adjustments

    def step_adjust(self: Any, seat: int, card: str) -> list[Event]:
        return self.wait("adjust", seat=seat, card=card, effect=to_apply(self.data.get(card)))

    def adjust(self: Any, action: a.Adjust) -> list[Event]:
        kind = action.kind
        if kind not in ADJUST_KINDS:
            raise IllegalAction("A-AE-22", f"unknown adjustment {kind!r}; kinds: "
                                f"{', '.join(ADJUST_KINDS)}")
        effect = self.effect_card()
        if effect is not None:
            return self.apply_effect(action, effect)
        if kind == "done":
            return self.resume()
        self.check_adjust(action)
        seat, card = self.current["seat"], self.current["card"]
        events: list[Event] = [a.Adjusted(action.seat, kind, action.target, action.patient,
                                          action.room)]
        again = ["adjust", seat, card]
        if kind == "reveal":
            self.reveal(action.target)
            room = self.victim(action.target)["room"]
            return [*events, a.RoomRevealed(action.target, room)]
        if kind == "move_patient":
            self.patient(action.patient)["room"] = action.room
            return events
        if kind == "draw" and not self.physical:
            held, discarded = self.take_camo(action.target, self.decks["camo_sabo"].pop(0))
            return [*events, a.CardDrawn(action.target, "camo_sabo", held, discarded)]
        self.phase = "running"
        if kind == "draw":  # physical decks: the Victim draws and tells the box
            self.push(["camo", action.target], again)
        elif kind == "discard":  # D-AE-16: a card forced out of the hand, drawn at random
            self.push(["discard", action.target], again)
        elif kind == "catch":
            catchers = [action.patient]
            room = self.victim(action.target)["room"]
            self.reveal(action.target)
            events.append(a.Caught(action.target, room,
                                   tuple(self.attackers(action.target, catchers)), "A-AE-22"))
            self.push(self.catch_step(action.target, catchers, "A-AE-22"), ["destroy_dead"],
                      again)
        elif kind == "kill":
            events += self.kill(action.target, "A-AE-22")
            if self.phase == "over":
                return events
            self.push(["destroy_dead"], again)
        else:
            self.push(["destroy", action.room, "A-AE-22"], again)
        return events + self.resume()

    def check_adjust(self: Any, action: a.Adjust) -> None:
        kind = action.kind
        if kind in ("reveal", "catch", "kill", "draw", "discard") and \
                action.target not in self.alive():
            raise IllegalAction("A-AE-22", f"{kind} needs the target seat of a living Victim, "
                                f"not {action.target + 1}")
        if kind in ("catch", "move_patient") and action.patient not in [
                p["card"] for p in self.patients if p["room"]]:
            raise IllegalAction("A-AE-22", f"{action.patient!r} is not a Patient on the grid")
        if kind in ("move_patient", "destroy") and action.room not in self.grid:
            raise IllegalAction("A-AE-22", f"{action.room!r} is not a room of the grid")
        if kind == "discard" and not self.victim(action.target)["hand"]:
            raise IllegalAction("A-AE-22", f"Seat {action.target + 1} has no card in hand")
        if kind == "draw":
            reason = self.draw_refusal(action.target, "camo_sabo")
            if reason or not self.pile("camo_sabo"):
                raise IllegalAction("A-AE-16", reason or "the camo/sabo deck is empty")

    def step_discard(self: Any, seat: int) -> list[Event]:
        if not self.victim(seat)["hand"]:
            return []
        if self.physical:  # the Victim names the card the table drew at random
            return self.wait("identify", seat=seat, deck="camo_sabo", purpose="discard")
        return self.wait("discard", seat=seat)

    def discarded(self: Any, action: DrawResult) -> list[Event]:
        seat = self.current["seat"]
        self.victim(seat)["hand"].remove(action.card)
        self.discards["camo_sabo"].append(action.card)  # R-AE-26
        return [a.CardDiscarded(seat, action.card), *self.resume()]
