"""The Intruder Escape state machine: setup, rounds, turns and assessment (rules spec 2.6, 2.7).

Phases with a seat prompt: ``characters``, ``ready`` (identity seen, the wake-up), ``keep``,
``turn``, ``follow`` (play or keep the card taken by Hostage/Snatch), ``reveal`` (a dead player
may show his identity). Chance phases: ``identities``, ``center``, ``refill``, ``bottom``
(shuffles), ``roll`` (the die, rerolled until a valid face), ``insert`` (where a returned
escape item goes in the center deck). ``over`` at the end.

Card play (legality and effects) lives in :mod:`plays`, views and snapshots in :mod:`views`.
Every check happens before the first change, so a refused action changes nothing.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, ClassVar

from services.games.core import (
    Action,
    Draw,
    DrawResult,
    EndGame,
    Event,
    GameInfo,
    IllegalAction,
    OptionValue,
    Outcome,
    Prompt,
    Roll,
    RollResult,
    SeatAction,
    SeatPrompt,
    Shuffle,
    ShuffleResult,
    State,
)
from services.games.intruder_escape import actions as a
from services.games.intruder_escape.cards import IMMUNITY, IntruderData
from services.games.intruder_escape.endings import INNOCENT, INTRUDER, Endings
from services.games.intruder_escape.plays import PlayRules
from services.games.intruder_escape.rows import Placed, RowRules
from services.games.intruder_escape.views import IntruderViews

# The rule that says who acts in each phase (named when a seat acts out of turn).
PHASE_RULES = {"characters": "R-IX-01", "ready": "R-IX-04", "keep": "R-IX-05",
               "turn": "R-IX-08", "follow": "R-IX-21", "reveal": "R-IX-33"}

# Die purposes: (words for the screen, rule, who the die may choose).
ROLLS: dict[str, tuple[str, str]] = {
    "first": ("first player", "R-IX-07"),
    "tie": ("tie for most damage", "R-IX-30"),
    "nodamage": ("nobody was damaged", "R-IX-31"),
    "security-camera": ("Security Camera", "R-IX-23"),
    "roulette": ("Roulette", "R-IX-24"),
    "broken-mirror": ("Broken Mirror", "R-IX-25"),
}


@dataclass(eq=False)
class IntruderState(IntruderViews, PlayRules, Endings, State):
    info: ClassVar[GameInfo]  # set by the package

    data: IntruderData
    players: int
    options: dict[str, OptionValue]
    phase: str = "characters"
    characters: list[str | None] = field(default_factory=list)
    identity_cards: list[str] = field(default_factory=list)  # per seat, e.g. "intruder-2"
    spare_identity: str | None = None  # 6 players dealt from 7 cards: the card nobody has
    ready: list[bool] = field(default_factory=list)
    lives_lost: list[list[int]] = field(default_factory=list)  # the round of each lost life
    center: list[str] = field(default_factory=list)  # index 0 is the top
    top_exposed: bool = False
    discard: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)  # once-per-game cards used (A-IX-13)
    hands: list[list[str]] = field(default_factory=list)
    # kinds of the cards the table saw go into a hand and has not seen leave it (a bottomed
    # one stays): copies look alike, so the table tracks kinds, never which copy
    known: list[list[str]] = field(default_factory=list)
    rows: list[list[Placed]] = field(default_factory=list)
    items: list[list[str]] = field(default_factory=list)  # escape items in front of a seat
    turns_taken: list[int] = field(default_factory=list)
    skip_next: list[bool] = field(default_factory=list)
    immune: int | None = None
    home_used: list[bool] = field(default_factory=list)
    medkit_used: list[bool] = field(default_factory=list)
    used_once: list[str] = field(default_factory=list)  # die cards already used (by card id)
    choices: list[dict[str, Any] | None] = field(default_factory=list)  # keep choices (secret)
    bottom_batch: list[str] = field(default_factory=list)
    round: int = 0
    first: int = 0
    lap: int = 0
    pos: int = -1
    active: int | None = None
    follow: str | None = None  # the card taken by Hostage/Snatch, play now or keep
    follow_seen: bool = False  # the table saw which card it is (Snatch, or a face-up top)
    die: dict[str, Any] | None = None  # the pending roll: purpose, eligible seats, by
    queue: list[dict[str, Any]] = field(default_factory=list)  # after a death
    after: str | None = None  # what comes once the queue is empty: next_turn, round_end
    revealed: list[bool] = field(default_factory=list)
    camera: dict[str, Any] | None = None  # the hand shown by Security Camera this round
    seq: int = 0
    assessment: dict[str, Any] | None = None  # the last assessment, step by step
    rolls: list[dict[str, Any]] = field(default_factory=list)  # faces of the current roll
    result: Outcome | None = None

    def __post_init__(self) -> None:
        n = self.players
        if not self.characters:
            by_seat = self.options["characters"] == "by_seat"
            self.characters = [self.data.characters[s].id if by_seat else None
                               for s in range(n)]
            self.ready = [False] * n
            self.lives_lost = [[] for _ in range(n)]
            self.hands = [[] for _ in range(n)]
            self.known = [[] for _ in range(n)]
            self.rows = [[] for _ in range(n)]
            self.items = [[] for _ in range(n)]
            self.turns_taken = [0] * n
            self.skip_next = [False] * n
            self.home_used = [False] * n
            self.medkit_used = [False] * n
            self.choices = [None] * n
            self.revealed = [False] * n
            if by_seat:
                self.phase = "identities"

    # ------------------------------------------------------------------ derived values

    @property
    def row_rules(self) -> RowRules:
        return RowRules(
            barricade_waits=bool(self.options["barricade_waits"]),
            double_scratch_immediate_only=bool(self.options["double_scratch_immediate_only"]),
            heal_below_zero=bool(self.options["heal_below_zero"]),
        )

    def kind(self, card: str) -> str:
        return self.data.card(card).id

    def name(self, card: str) -> str:
        return self.data.card(card).name

    def identity(self, seat: int) -> str:
        return self.identity_cards[seat].rsplit("-", 1)[0] if self.identity_cards else ""

    def alive(self, seat: int) -> bool:
        return len(self.lives_lost[seat]) < self.data.lives

    def lives_left(self, seat: int) -> int:
        return self.data.lives - len(self.lives_lost[seat])

    def living(self) -> list[int]:
        return [s for s in range(self.players) if self.alive(s)]

    def targetable(self) -> list[int]:
        return [s for s in self.living() if s != self.immune]

    def seat_of_face(self, face: int) -> int | None:
        character = next((c.id for c in self.data.characters if c.die == face), None)
        return self.characters.index(character) if character in self.characters else None

    def order(self) -> list[int]:
        return [(self.first + i) % self.players for i in range(self.players)]

    def wake_up(self) -> bool:
        return self.data.setup(self.players).wake_up

    # ------------------------------------------------------------------ prompts

    def pending(self) -> tuple[Prompt, ...]:
        phase = self.phase
        if phase == "over":
            return ()
        if phase == "characters":
            seat = self.characters.index(None)
            return (SeatPrompt(seat, "character", f"Seat {seat + 1}: choose a character"),)
        if phase == "ready":
            return tuple(SeatPrompt(s, "identity", "look at your identity")
                         for s in range(self.players) if not self.ready[s])
        if phase == "keep":
            return tuple(SeatPrompt(s, "keep", f"keep {self._keep_count(s)} cards")
                         for s in self.living() if self.choices[s] is None)
        if phase in ("turn", "follow") and self.active is not None:
            text = "play a card or skip" if phase == "turn" else "play the card taken or keep it"
            return (SeatPrompt(self.active, phase, text),)
        if phase == "reveal":
            seat = self.queue[0]["seat"]
            return (SeatPrompt(seat, "reveal", "show your identity card or keep it secret"),)
        chance = self._chance()
        return (chance,) if chance is not None else ()

    def _chance(self) -> Shuffle | Roll | Draw | None:
        phase = self.phase
        if phase == "identities":
            return Shuffle("deal the identity cards", "R-IX-03", deck="identities",
                           items=self._identity_deck())
        if phase == "center":
            return Shuffle("shuffle the action cards", "R-IX-05", deck="center",
                           items=self.data.deck_ids())
        if phase == "refill":
            return Shuffle("shuffle the discard pile under the center deck", "R-IX-06",
                           deck="discard", items=tuple(self.discard))
        if phase == "bottom":
            return Shuffle("mix the cards put under the center deck", "A-IX-22",
                           deck="bottom", items=tuple(self.bottom_batch))
        if phase == "roll" and self.die is not None:
            words, rule = ROLLS[self.die["purpose"]]
            return Roll(words, rule, count=1, sides=6)
        if phase == "insert":
            return Draw(f"where {self.name(self.queue[0]['card'])} goes back", "A-IX-17",
                        deck="positions", items=tuple(str(i) for i in range(len(self.center) + 1)))
        return None

    def _identity_deck(self) -> tuple[str, ...]:
        intruders, innocents = self.data.identity_cards  # 6 players, random: 6 of all 7
        choice = self.options["intruders_6p"]
        if self.players != 6 or choice != "random":
            splits = self.data.setup(self.players).splits
            wanted = int(choice) if self.players == 6 else splits[0][0]
            intruders, innocents = next(s for s in splits if s[0] == wanted)
        return tuple([f"{INTRUDER}-{i}" for i in range(1, intruders + 1)]
                     + [f"{INNOCENT}-{i}" for i in range(1, innocents + 1)])

    def _keep_count(self, seat: int) -> int:
        usable = [c for c in self.hands[seat] if self.data.card(c).category != IMMUNITY]
        return min(self.data.keep, len(usable))

    def outcome(self) -> Outcome | None:
        return self.result

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self, seat: int) -> list[Action]:
        if not any(isinstance(p, SeatPrompt) and p.seat == seat for p in self.pending()):
            return []
        phase = self.phase
        if phase == "characters":
            taken = set(self.characters)
            return [a.ChooseCharacter(seat, c.id) for c in self.data.characters
                    if c.id not in taken]
        if phase == "ready":
            return [a.Ready(seat)]
        if phase == "reveal":
            return [a.Reveal(seat, True), a.Reveal(seat, False)]
        if phase == "keep":
            return self._keep_actions(seat)
        return self.play_actions(seat)

    def _keep_actions(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        usable = [c for c in hand if self.data.card(c).category != IMMUNITY]
        options: list[Action] = [a.Keep(seat, tuple(k))
                                 for k in itertools.combinations(usable, self._keep_count(seat))]
        if len(usable) < len(hand) and not self.home_used[seat]:
            options.append(a.Keep(seat, (), home=True))
        return options

    # ------------------------------------------------------------------ apply

    def apply(self, action: Action) -> list[Event]:
        if self.phase == "over":
            done = self.result.reason if self.result else ""
            raise IllegalAction(self.result.rule if self.result else "BOX-END",
                                f"the game is over ({done})")
        if isinstance(action, EndGame):
            return self._end_game(action)
        if isinstance(action, SeatAction):
            self._check_seat(action)
        handler = {
            a.ChooseCharacter: self._choose_character,
            a.Ready: self._ready,
            a.Keep: self._keep,
            a.Reveal: self._reveal,
            ShuffleResult: self._shuffled,
            RollResult: self._rolled,
            DrawResult: self._inserted,
        }.get(type(action))
        if handler is not None:
            return handler(action)  # type: ignore[operator]
        if isinstance(action, a.Play | a.Skip | a.Hold):
            return self.apply_play(action)
        raise IllegalAction("ACTION", f"{action.type!r} is not an Intruder Escape action")

    def _check_seat(self, action: SeatAction) -> None:
        if not 0 <= action.seat < self.players:
            raise IllegalAction("R-IX-01", f"there is no seat {action.seat + 1} "
                                f"(seats 1 to {self.players})")
        prompts = self.pending()
        if not any(isinstance(p, SeatPrompt) and p.seat == action.seat for p in prompts):
            waiting = self._waiting_words(prompts)
            chance = self._chance()
            rule = chance.rule if chance is not None else PHASE_RULES.get(self.phase, "R-IX-08")
            raise IllegalAction(rule, f"Seat {action.seat + 1} cannot act now: the box is "
                                f"waiting for {waiting}")

    def _waiting_words(self, prompts: tuple[Prompt, ...]) -> str:
        if self.phase == "keep":
            return "the keep choices"
        seats = [p.seat for p in prompts if isinstance(p, SeatPrompt)]
        if seats:
            return ", ".join(f"Seat {s + 1}" for s in seats)
        chance = self._chance()
        return chance.purpose if chance is not None else "nothing"

    def _expect(self, phase: str, rule: str, what: str) -> None:
        if self.phase != phase:
            raise IllegalAction(rule, f"this is not the time to {what} (phase {self.phase})")

    # ------------------------------------------------------------------ setup

    def _choose_character(self, action: a.ChooseCharacter) -> list[Event]:
        self._expect("characters", "R-IX-01", "choose a character")
        known = [c.id for c in self.data.characters]
        if action.character not in known:
            raise IllegalAction("R-IX-01", f"unknown character {action.character!r}; "
                                f"characters are {', '.join(known)}")
        if action.character in self.characters:
            holder = self.characters.index(action.character)
            raise IllegalAction("R-IX-01", f"{self._character_name(action.character)} is "
                                f"already Seat {holder + 1}'s character")
        self.characters[action.seat] = action.character
        if None not in self.characters:
            self.phase = "identities"
        return [a.CharacterChosen(action.seat, action.character)]

    def _character_name(self, character: str) -> str:
        return next(c.name for c in self.data.characters if c.id == character)

    def _shuffled(self, action: ShuffleResult) -> list[Event]:
        prompt = self._chance()
        if not isinstance(prompt, Shuffle):
            raise IllegalAction("R-IX-05", f"the box is not waiting for a shuffle "
                                f"(phase {self.phase})")
        prompt.check(action)
        order = list(action.order)
        if self.phase == "identities":
            self.identity_cards = order[: self.players]
            self.spare_identity = order[self.players] if len(order) > self.players else None
            self.phase = "center"
            return [a.IdentitiesDealt(self.players)]
        if self.phase == "center":
            self.center = order
            self.phase = "ready"
            return []
        if self.phase == "refill":
            count = len(order)
            self.center += order
            self.discard = []
            return [a.RoundStarted(self.round, count), *self._deal()]
        self.center += order  # bottom
        self.bottom_batch = []
        return [a.Bottomed(len(order), len(self.center)), *self._roll_for("first")]

    def _ready(self, action: a.Ready) -> list[Event]:
        self._expect("ready", "R-IX-04", "confirm your identity")
        self.ready[action.seat] = True
        if all(self.ready):
            return self._new_round()
        return []

    # ------------------------------------------------------------------ rounds

    def _new_round(self) -> list[Event]:
        self.round += 1
        self.rows = [[] for _ in range(self.players)]
        self.turns_taken = [0] * self.players
        self.skip_next = [False] * self.players
        self.immune = None
        self.camera = None
        self.choices = [None] * self.players
        self.lap, self.pos, self.active, self.follow = 0, -1, None, None
        if self.discard:  # R-IX-06: only from round 2 is there anything to recycle
            self.phase = "refill"
            return []
        return [a.RoundStarted(self.round, 0), *self._deal()]

    def _deal(self) -> list[Event]:
        """R-IX-05: 5 cards to each living player, one at a time from the top (A-IX-20: a short
        deck is dealt as evenly as possible; the discard pile was just put under it)."""
        living = self.living()
        for _ in range(self.data.deal):
            for seat in living:
                if self.center:
                    self._take_top(seat)
        self.phase = "keep"
        return [a.Dealt(tuple(len(h) for h in self.hands), len(self.center))]

    def _take_top(self, seat: int) -> str:
        card = self.center.pop(0)
        self.hands[seat].append(card)
        if self.top_exposed:
            self.top_exposed = False
            self.known[seat].append(self.kind(card))
        return card

    def _keep(self, action: a.Keep) -> list[Event]:
        self._expect("keep", "R-IX-05", "choose the cards you keep")
        seat, hand = action.seat, self.hands[action.seat]
        home = [c for c in hand if self.data.card(c).category == IMMUNITY]
        if action.home:
            if not home:
                raise IllegalAction("R-IX-26", "you have no Nobody's Home to use")
            if self.home_used[seat]:
                raise IllegalAction("R-IX-26", "you already used Nobody's Home this game: it "
                                    "goes to the discard pile; keep 3 of your other cards")
            if action.keep:
                raise IllegalAction("R-IX-26", "with Nobody's Home you discard your whole "
                                    "hand: keep no card")
        else:
            wanted = self._keep_count(seat)
            unknown = [c for c in action.keep if c not in hand]
            if unknown:
                yours = ", ".join(f"{c} ({self.data.card(c).name})" for c in hand)
                raise IllegalAction("R-IX-05", f"you were not dealt {', '.join(unknown)}; your "
                                    f"cards are {yours}")
            if any(c in home for c in action.keep):
                raise IllegalAction("R-IX-26", "Nobody's Home cannot be kept: use it now or it "
                                    "goes to the discard pile")
            if len(set(action.keep)) != len(action.keep) or len(action.keep) != wanted:
                raise IllegalAction("R-IX-05", f"keep exactly {wanted} different cards of the "
                                    f"{len(hand)} dealt, not {len(action.keep)}")
        self.choices[seat] = {"keep": list(action.keep), "home": action.home}
        if any(self.choices[s] is None for s in self.living()):
            return []
        return self._keeps_done()

    def _keeps_done(self) -> list[Event]:
        """Every choice is in: Nobody's Home is announced, the rest goes under the deck."""
        events: list[Event] = []
        batch: list[str] = []
        for seat in self.living():
            choice = self.choices[seat]
            hand = self.hands[seat]
            if choice is not None and choice["home"]:
                self.discard += hand
                self.immune, self.home_used[seat] = seat, True
                shown = tuple(sorted(self.kind(c) for c in hand)) \
                    if self.options["discard_public"] else ()
                events.append(a.HomeUsed(seat, shown))
                self.hands[seat], self.known[seat] = [], []
                continue
            kept = choice["keep"] if choice is not None else []
            for card in hand:
                if self.data.card(card).category == IMMUNITY:
                    self.discard.append(card)
                    if self.kind(card) in self.known[seat]:  # not used, so discarded
                        self.known[seat].remove(self.kind(card))
                    if self.options["discard_public"]:  # else it goes face down, unnoticed
                        events.append(a.HomeVoid(self.kind(card)))
                elif card not in kept:
                    batch.append(card)
            # ``known`` stays: the table saw those cards dealt, not whether they were kept
            self.hands[seat] = [c for c in hand if c in kept]
        self.choices = [None] * self.players
        if len(batch) > 1 and self.options["bottom_order"] == "shuffled":
            self.bottom_batch = batch
            self.phase = "bottom"
            return events
        self.center += batch
        events.append(a.Bottomed(len(batch), len(self.center)))
        return events + self._roll_for("first")

    # ------------------------------------------------------------------ the die

    def _roll_for(self, purpose: str, eligible: list[int] | None = None,
                  by: int | None = None) -> list[Event]:
        if eligible is None:
            eligible = self.targetable()
        self.die = {"purpose": purpose, "eligible": eligible, "by": by}
        self.rolls = []
        self.phase = "roll"
        return []

    def _rolled(self, action: RollResult) -> list[Event]:
        prompt = self._chance()
        if not isinstance(prompt, Roll) or self.die is None:
            raise IllegalAction("R-IX-07", f"the box is not waiting for the die "
                                f"(phase {self.phase})")
        prompt.check(action)
        face = action.faces[0]
        seat = self.seat_of_face(face)
        purpose, eligible = self.die["purpose"], self.die["eligible"]
        why = self._reroll_reason(seat, face, eligible)
        self.rolls.append({"face": face, "seat": seat, "accepted": not why})
        events: list[Event] = [a.DieRolled(ROLLS[purpose][0], face, seat, not why, why)]
        if why or seat is None:
            return events
        self.die = None
        if purpose == "first":
            self.first = seat
            self.phase = "turn"
            events.append(a.FirstPlayer(seat))
            return events + self._next_turn()
        if purpose in ("tie", "nodamage"):
            if self.assessment is not None:
                self.assessment.update(loser=seat, rolls=list(self.rolls))
            events += self._lose_life(seat, purpose.replace("nodamage", "no damage"),
                                      ROLLS[purpose][1])
            self.after = "round_end"
            return events + self._continue()
        events += self.die_effect(purpose, seat)
        self.after = "next_turn"
        return events + self._continue()

    def _reroll_reason(self, seat: int | None, face: int, eligible: list[int]) -> str:
        if seat is None:
            return f"no one plays character {face}: roll again"
        if seat in eligible:
            return ""
        if not self.alive(seat):
            return f"Seat {seat + 1} is dead: roll again"
        if seat == self.immune:
            return f"Seat {seat + 1} is at Nobody's Home: roll again"
        return f"Seat {seat + 1} is not in the tie: roll again"

    # ------------------------------------------------------------------ turns

    def _next_turn(self) -> list[Event]:
        """Move to the next turn clockwise (R-IX-08); lost turns and empty hands skip."""
        events: list[Event] = []
        self.active, self.follow = None, None
        while True:
            self.pos += 1
            if self.pos >= self.players:
                self.pos, self.lap = 0, self.lap + 1
            if self.lap >= self.data.max_turns_per_round:
                return events + self._end_of_play()
            seat = self.order()[self.pos]
            if not self.alive(seat) or seat == self.immune:
                continue
            self.turns_taken[seat] += 1
            if self.skip_next[seat]:
                self.skip_next[seat] = False
                events.append(a.Skipped(seat, "broken mirror"))
                continue
            if not self.hands[seat]:
                events.append(a.Skipped(seat, "no cards"))
                continue
            self.active, self.phase = seat, "turn"
            return events

    def _continue(self) -> list[Event]:
        """Run what waits: returned escape items, a dead player's reveal, then ``after``."""
        events: list[Event] = []
        while self.result is None:
            if self.queue:
                step = self.queue[0]
                if step["kind"] == "insert" and self.options["items_on_death"] == "discard":
                    self.queue.pop(0)
                    self.discard.append(step["card"])
                    events.append(a.ItemReturned(self.kind(step["card"]), "discard"))
                    continue
                self.phase = step["kind"]
                return events
            after, self.after = self.after, None
            if after == "next_turn":
                return events + self._next_turn()
            if after == "round_end":
                return events + self._round_end()
            return events
        self.after = None  # the game ended: nothing comes after
        return events

    def _inserted(self, action: DrawResult) -> list[Event]:
        prompt = self._chance()
        if not isinstance(prompt, Draw):
            raise IllegalAction("A-IX-17", f"the box is not waiting for a position in the "
                                f"center deck (phase {self.phase})")
        prompt.check(action)
        card = self.queue.pop(0)["card"]
        self.center.insert(int(action.card), card)
        if action.card == "0":
            self.top_exposed = False
        return [a.ItemReturned(self.kind(card), "center"), *self._continue()]

    def _reveal(self, action: a.Reveal) -> list[Event]:
        self._expect("reveal", "R-IX-33", "reveal an identity")
        self.queue.pop(0)
        events: list[Event] = []
        if action.show:
            self.revealed[action.seat] = True
            events.append(a.IdentityRevealed(action.seat, self.identity(action.seat)))
        return events + self._continue()
