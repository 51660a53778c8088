"""Reels and endgames of Innsmouth 32: the reel-end check (R-I32-68), end tasks 1-6
(R-I32-69), horror stars (R-I32-67), reel IV and the director's final turn (R-I32-71), Turning
Point (R-I32-72, A-I32-17) and Last One Standing (R-I32-73, A-I32-18, A-I32-25)."""

from __future__ import annotations

from typing import Any

from services.games.core import Event
from services.games.innsmouth_32 import actions as a

LOS = 3  # ``final`` while Last One Standing runs


class Reels:
    def current_seat(self: Any) -> int:
        """The seat whose turn is running (its ``next_seat`` step is in the queue)."""
        return next((int(s[1]) for s in self.todo if s[0] == "next_seat"), self.director)

    def turning_point_check(self: Any) -> list[Event]:
        """R-I32-72: reels I-III, monster players (the director included; a monster player
        counts once he holds a monster, R-I32-32) at least the remaining players."""
        if self.turning_point or self.reel >= 4 or self.final == LOS:
            return []
        monsters = 1 + sum(1 for s in self.monster_players if any(self.throngs[s]))
        remaining = sum(1 for s in self.character_seats()
                        if self.pools[s] or self.to_draw(s))
        if monsters < remaining:
            return []
        self.turning_point = True
        return [a.Told("R-I32-72", "Turning Point: no more cards come to the screen")]

    def last_one_check(self: Any) -> list[Event]:
        """R-I32-73, A-I32-18: one survivor in play and none to draw."""
        alive = self.in_play()
        if self.final == LOS or len(alive) != 1 or self.any_to_draw():
            return []
        self.final = LOS
        seat = self.owner(alive[0])
        attackers = [(seat + i) % self.players for i in range(1, self.players + 1)]
        attackers = [s for s in attackers if s == self.director or s in self.monster_players
                     or (not self.pools[s] and s != seat)]
        self.todo = [*self.los_star_steps(alive[0]),  # R-I32-67 (stars.py)
                     ["los_turn", seat], *[["los_attack", s] for s in attackers], ["los_end"]]
        return [a.Told("R-I32-73", f"Last One Standing: {self.card_name(alive[0])} takes a "
                       "final turn, then withstands one round of attacks")]

    def step_los_turn(self: Any, seat: int) -> list[Event]:
        if not self.pools[seat]:
            return []
        return self.wait("turn", seat=seat)

    def step_los_attack(self: Any, seat: int) -> list[Event]:
        if not self.in_play():
            return []
        if seat not in self.monster_players and seat != self.director:
            self.monster_players.append(seat)
        return self.wait("director", seat=seat)

    def step_los_end(self: Any) -> list[Event]:
        return self.finish_game("R-I32-73", "Last One Standing is over")

    def reel_end_check(self: Any) -> list[Event]:
        """R-I32-68: the reel pile is empty (or Turning Point holds it) and the screen holds
        no card; the triggering action is complete, no further actions."""
        if self.final == LOS or any(s["card"] for s in self.screen) or (
                self.reel_pile and not self.turning_point):
            return self.last_one_check()
        if self.reel == 4:
            if self.final == 0:
                self.final = 1  # R-I32-71: on to the director's final turn
                return [a.Told("R-I32-71", "Reel IV is over: the director's final turn comes")]
            return self.last_one_check()
        seat = self.current_seat()
        nxt = self.left_of(seat)
        if nxt == self.director:
            nxt = self.left_of(nxt)  # R-I32-69 task 2: a reel never starts with the director
        self.fade_in, self.fade = nxt, None  # A-I32-21: the fade out is cleared
        self.todo = [["end_tasks"], ["seat_turn", nxt]]
        return [a.Told("R-I32-68", f"Reel {self.reel} is over")]

    def step_end_tasks(self: Any) -> list[Event]:
        """R-I32-69: (1) no event is left in play (the screen is empty); (2) fade in; (3) the
        horror star; (4) REEL# insanity tokens to random victims; (5) survivor loss (option);
        (6) the next reel."""
        events: list[Event] = [a.Told("R-I32-69", f"Fade in: Seat {self.fade_in + 1} starts "
                                      f"reel {self.reel + 1}")]
        steps: list[list[Any]] = self.end_task_one()  # task 1 (snatched.py)
        if self.in_play():
            steps.append(["star"])
        steps += [["victim", "insanity", ["insanity"]]] * self.reel
        if self.options["survivor_loss"] and self.survivor_pile:
            steps.append(["survivor_loss"])
        steps += [["new_reel"]]
        self.push(*steps)
        return events

    def step_star(self: Any) -> list[Event]:
        """R-I32-67: the players choose the survivor; the fade-in player speaks for them
        (decision D-I32-02), or the first character player with a survivor."""
        seats = [self.fade_in, *self.character_seats()]
        seat = next((s for s in seats if self.pools[s]), None)
        if seat is None:  # end task 1 (a Snatched card) took the last survivor: no star
            return []
        return self.wait("choose", seat=seat, choices=self.in_play(), purpose="star")

    def step_survivor_loss(self: Any) -> list[Event]:
        card = self.survivor_pile.pop(0)  # unrevealed: nobody learns which
        self.familiar.append(card)
        self.discards.append(card)
        if card in self.victims:
            self.victims.remove(card)
        return [a.Told("R-I32-69", "Survivor loss: the top survivor goes to the discards "
                       "unseen as a familiar face")]

    def step_clip_offer(self: Any, seat: int) -> list[Event]:
        """R-I32-71, A-I32-19: at the end of the director's turn in reel IV (in any reel with
        the option clip_any_turn), with the reel pile empty and a screen slot empty, he may
        clear the screen and declare the reel over; in reel IV that turn is the final."""
        if seat != self.director or self.final in (2, LOS) or self.reel_pile:
            return []
        if self.reel < 4 and not self.options["clip_any_turn"]:
            return []
        if all(s["card"] for s in self.screen) or not any(s["card"] for s in self.screen):
            return []
        return self.wait("choose", seat=seat, choices=["clip", "play_on"], purpose="clip")

    def clip(self: Any) -> list[Event]:
        for slot in self.screen:
            if slot["card"]:
                self.discards.append(slot["card"])
                slot["card"], slot["down"] = "", False
        self.fade = None
        if self.reel == 4:
            self.final = 2
        return [a.Told("R-I32-71", f"The director clips reel {self.reel}")]

    def step_cut_offer(self: Any) -> list[Event]:
        """R-I32-70: at the start of a reel, with no monster in his throngs, the director may
        draw REEL# discards and place the monsters among them."""
        if any(self.throngs[self.director]) or not self.discards:
            return []
        return self.wait("choose", seat=self.director, choices=["cut", "pass"], purpose="cut")

    def step_cut_draw(self: Any) -> list[Event]:
        drawn = self.discards[:self.reel]
        monsters = [c for c in drawn if self.is_monster(c)]
        self.seen += [c for c in monsters if c not in self.seen]  # shown as they are placed
        self.push(*[["place_cut", c] for c in monsters])
        return [a.Told("R-I32-70", f"Director's cut: {len(drawn)} discards drawn, "
                       f"{len(monsters)} monsters among them")]

    def step_place_cut(self: Any, card: str) -> list[Event]:
        if card not in self.discards or not self.throng_slots(self.director):
            return []
        return self.wait("place", seat=self.director, cards=[card], purpose="cut")

    def step_new_reel(self: Any) -> list[Event]:
        self.reel += 1
        for me in self.survivors.values():
            me["healed"] = False  # R-I32-62: the Doctor's power does not carry over
        self.discards += self.reel_pile  # cards Turning Point held back join the shuffle
        self.reel_pile = []
        if not self.options["turning_point_persists"]:
            self.turning_point = False  # A-I32-17 (option)
        self.push(["shuffle", "discards", "reel"], ["reveal", f"seat:{self.director}"],
                  ["cut_offer"])
        return [a.Told("R-I32-69", f"Reel {self.reel} begins")]
