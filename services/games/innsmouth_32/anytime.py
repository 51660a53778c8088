"""A horror star's extra action "at any time" (R-I32-67, decision D-I32-24).

Every character player whose survivor holds a horror star may spend it for an immediate
extra action (``StarAction``) at any seat prompt of a running reel, whoever is asked: a
player's turn, a survivor's action, the director's (or a monster player's) turn and his
choices between attacks (aim, fade out, clip the reel), and the spoints before an action roll
(an attack, a test, a gambit). A seat that is not asked then has a prompt of its own
(``star``: "spend a horror star, or wait"); its only legal actions are its stars.

The extra action is a survivor turn of its own (A-I32-03): its action prompt, then (unless it
is the player's own turn with ``reveal_per_player_turn``) the reveal, the fade-out countdown
and offer, and the checkpoint. Then the interrupted prompt comes back exactly (``star_back``:
the phase, ``current`` and the fight it interrupted), unless the extra action made it moot
(its survivor is gone, its throng is empty...) or ended the reel or the game.

Not allowed (refused with R-I32-67 and the reason): at a chance prompt (a roll, a shuffle, a
draw), during set-up and between reels (R-I32-68: after a reel ends no further actions until
the next reel's first turn), while a star's extra action is running (one at a time), between
a roll and its consequences (the spoints before a damage roll, negating damage or flailing, a
re-roll or forced re-roll choice, the Last One Standing star rolls), and while a card or an
action is being resolved (placing a monster, applying a card's text, a plot device, first
dibs, an insanity token, a give-or-refuse, the modules' choices, telling the box a card).
Spoints lent to an interrupted commit go back to their lenders first (R-I32-55).
"""

from __future__ import annotations

import copy
from typing import Any

from services.games.core import Action, Event, IllegalAction, SeatPrompt
from services.games.innsmouth_32 import actions as a

STAR_PHASE = "star"  # the prompt of a seat asked only for its horror stars
LOS = 3  # ``final`` while Last One Standing runs (reels.py)
CALM = ("turn", "act", "director", "aim", "fade")  # prompts between actions
CHANCE = ("shuffle", "roll", "victim", "pick")
ROLL_CHOICES = ("reroll", "reflail", "regambit", "force", "los_star")
BUSY = {"negate": "a survivor is negating damage or flailing",
        "place": "a monster is being placed", "adjust": "a card's text is being applied",
        "identify": "the table is telling the box a card"}
WHEN = ("an extra action fits a turn, a survivor's action, the director's turn or his "
        "choices, or the spoints before an action roll")
STORED: dict[str, dict[str, Any]] = {  # the interrupted prompt's ``current`` (snapshots)
    "turn": {"seat": "charseat"}, "act": {"seat": "charseat", "survivor": "svid"},
    "director": {"seat": "seat"}, "aim": {"seat": "seat", "throng": "throng"},
    "fade": {"seat": "seat"},
    "commit": {"seat": "charseat", "survivor": "svid", "purpose": "str", "limit": "count",
               "lent": ["count"]},
    "choose": {"seat": "seat", "choices": ["str"], "purpose": "str"},
}


def interrupted_ok(kinds: Any, value: Any, fights: dict[str, dict[str, Any]]) -> bool:
    """A ``star_back`` step's argument: ``{"phase", "current", "fight"}`` of the prompt an
    extra action interrupted (kinds.py)."""
    if not isinstance(value, dict) or set(value) != {"phase", "current", "fight"}:
        return False
    phase, fight = value["phase"], value["fight"]
    if phase not in STORED:
        return False
    kinds.check(value["current"], STORED[phase], "star_back.current")
    if phase == "choose" and (value["current"]["purpose"] != "clip" or not set(
            value["current"]["choices"]) <= {"clip", "play_on"}):
        return False
    if fight is None:
        return True
    if not isinstance(fight, dict) or fight.get("kind") not in fights:
        return False
    extra = {"damage": "count", "flail": "count"} if fight["kind"] == "monster" else {}
    kinds.check(fight, {**fights[fight["kind"]], **{k: v for k, v in extra.items()
                                                     if k in fight}}, "star_back.fight")
    return True


class Anytime:
    # ------------------------------------------------------------------ when

    def star_window(self: Any) -> str | None:
        """Why no horror star's extra action fits now, or None when it does."""
        phase, cur = self.phase, self.current or {}
        if phase in ("over", "running"):
            return "the movie is over" if phase == "over" else "the box is busy"
        if phase in CHANCE:
            return "the box waits for chance (a roll, a shuffle or a draw)"
        if any(step[0] == "star_back" for step in self.todo):
            return "a horror star's extra action is running: one at a time"
        if self.final != LOS and not any(step[0] == "next_seat" for step in self.todo):
            return "no reel is running (set-up, a reel's end tasks or its start: R-I32-68)"
        purpose = cur.get("purpose", "")
        if phase in CALM or (phase == "choose" and purpose == "clip"):
            return None
        if phase == "commit":
            nxt = self.todo[0] if self.todo else []
            if nxt and nxt[0] == "roll" and nxt[4][0] == "s_hurt":
                return "it is between an attack roll and its damage"
            return None
        if phase == "choose" and purpose in ROLL_CHOICES:
            return "a roll is being resolved (a re-roll or the stars' rolls)"
        return BUSY.get(phase, "a card or an action is being resolved")

    def star_seats(self: Any) -> list[int]:
        """Character players with a survivor holding a horror star."""
        return [s for s in self.character_seats()
                if s not in self.monster_players and self.star_holders(s)]

    def anytime_prompts(self: Any) -> tuple[SeatPrompt, ...]:
        """R-I32-67: the star holders' seats that no other prompt names now."""
        seats = self.star_seats()
        if not seats or self.star_window() is not None:
            return ()
        asked = {(self.current or {}).get("seat"),
                 *(p.seat for p in (*self.lend_prompts(), *self.share_prompts(),
                                    *self.star_prompts()))}
        return tuple(SeatPrompt(s, STAR_PHASE, "spend a horror star for an extra action, or "
                                "wait", optional=True) for s in seats if s not in asked)

    def star_only(self: Any, seat: int) -> bool:
        """The seat is asked only for its horror stars (its prompt is ``star``)."""
        return any(p.seat == seat for p in self.anytime_prompts())

    def with_stars(self: Any, seat: int, found: list[Action]) -> list[Action]:
        """A prompt's legal list with the seat's star actions (the turn and action prompts
        already hold them)."""
        return found + [x for x in self.star_actions(seat) if x not in found]

    # ------------------------------------------------------------------ apply

    def play_star(self: Any, action: a.StarAction) -> list[Event]:
        """Checked completely before anything changes."""
        seat = action.seat
        if not 0 <= seat < self.players:
            raise IllegalAction("R-I32-01", f"there is no seat {seat + 1} (seats 1 to "
                                f"{self.players})")
        why = self.star_window()
        if why is not None:
            raise IllegalAction("R-I32-67", f"Seat {seat + 1} cannot spend a horror star now: "
                                f"{why}; {WHEN}")
        if action not in self.star_actions(seat):
            raise IllegalAction(*self.more_refusal(action))  # extras.py: whose, no star
        return self.do_star_action(action)

    def interrupt(self: Any) -> tuple[dict[str, Any], list[Event]]:
        """The prompt an extra action interrupts, kept for ``star_back``; spoints lent to an
        interrupted commit go back to their lenders first."""
        events: list[Event] = []
        if self.phase == "commit" and self.lent_total():
            self.settle_lent(0)
            events.append(a.Told("R-I32-55", "The lent power spoints go back to their "
                                 "lenders"))
        back = {"phase": self.phase, "current": copy.deepcopy(self.current),
                "fight": copy.deepcopy(self.fight)}
        return back, events

    def step_star_back(self: Any, back: dict[str, Any]) -> list[Event]:
        """After an extra action: the interrupted prompt again, unless it is moot now."""
        self.fight = back["fight"]
        phase, cur = back["phase"], back["current"]
        if phase == "turn" and not self.still_open(phase, cur):
            seat = cur["seat"]
            if self.final == LOS or seat in self.monster_players:
                return []
            self.monster_players.append(seat)  # R-I32-32: no survivor left
            return self.wait("director", seat=seat)
        if not self.still_open(phase, cur):
            return []
        return self.wait(phase, **cur)

    def still_open(self: Any, phase: str, cur: dict[str, Any]) -> bool:
        seat = cur["seat"]
        if phase == "turn":
            return seat not in self.monster_players and bool(
                self.pools[seat] or self.to_draw(seat))
        if phase in ("act", "commit"):
            return cur["survivor"] in self.survivors and self.owner(cur["survivor"]) == seat
        if phase == "aim":
            return bool(self.throngs[seat][cur["throng"]] and self.survivor_targets())
        if phase == "fade":
            return not self.fade and bool(self.fade_cards())
        if phase == "choose":  # clip the reel (R-I32-71)
            slots = [s["card"] for s in self.screen]
            return self.final not in (2, LOS) and not self.reel_pile and any(slots) and \
                not all(slots)
        return True
