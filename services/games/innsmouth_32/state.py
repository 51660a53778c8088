"""The Innsmouth 32 state machine (rules spec 5.5): set-up, the step queue and the dispatch.

The game runs as a queue of steps (``todo``, JSON lists such as ``["seat_turn", 2]``). The loop
in :meth:`I32State.run` takes steps off the front until one needs an input; it then sets
``phase`` (a chance prompt: ``shuffle``, ``roll``, ``victim``; or a seat prompt: ``turn``,
``act``, ``commit``, ``negate``, ``director``, ``aim``, ``place``, ``fade``, ``choose``,
``adjust``) and ``current`` (what that input is about); during ``commit`` and ``negate`` the
other character players with power spoints have a ``lend`` prompt too (R-I32-55,
:mod:`spoints`). An input is checked completely before anything changes, so a refused action
changes nothing.

Turns are in :mod:`turns`, attacks and damage in :mod:`fights`, the movie screen, events,
creature features, fade out and reel ends in :mod:`screen`, views and sentences in
:mod:`views`, snapshot checks in :mod:`snapshot`.
"""

from __future__ import annotations

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
from services.games.innsmouth_32 import actions as a
from services.games.innsmouth_32.clerk_dibs import ClerkDibs
from services.games.innsmouth_32.companions import Companions
from services.games.innsmouth_32.cultist import Cultist
from services.games.innsmouth_32.data import I32Data
from services.games.innsmouth_32.director import Director
from services.games.innsmouth_32.extras import Extras
from services.games.innsmouth_32.faction_games import FactionGames
from services.games.innsmouth_32.factions import Factions
from services.games.innsmouth_32.fights import Fights
from services.games.innsmouth_32.modules import Modules
from services.games.innsmouth_32.people import People
from services.games.innsmouth_32.physical import PhysicalDecks
from services.games.innsmouth_32.readings import Readings
from services.games.innsmouth_32.reels import Reels
from services.games.innsmouth_32.screen import Screen
from services.games.innsmouth_32.snatched import Snatched
from services.games.innsmouth_32.spoints import Lending
from services.games.innsmouth_32.stars import Stars
from services.games.innsmouth_32.terrors import Terrors
from services.games.innsmouth_32.turns import Turns
from services.games.innsmouth_32.views import Views
from services.games.kit.steps import StepQueue

REEL_PILES = {1: 10, 2: 20, 3: 15, 4: 10}  # 5.3
SEAT_PHASES = {  # phase -> (rule for "not your turn", prompt text)
    "turn": ("R-I32-10", "choose pool actions, take+act or draw survivor+act"),
    "act": ("R-I32-13", "choose the survivor's action"),
    "commit": ("R-I32-41", "commit spoints before the roll"),
    "negate": ("R-I32-49", "negate the damage with spoints or flail"),
    "director": ("R-I32-30", "take+attack or all-out attack"),
    "aim": ("R-I32-30", "aim the next throng"),
    "place": ("R-I32-25", "place the monster in a throng"),
    "fade": ("R-I32-66", "fade out an item or power play, or pass"),
    "choose": ("R-I32-22", "choose"),
    "adjust": ("A-I32-02", "apply the card's printed effect, then done"),
    "identify": ("R-I32-24", "tell the box the card: tap its tag or choose it"),  # physical
    "counter": ("A-I32-10", "choose the counterstrike's target and weapon"),  # counterstrikes
}
CHANCE_PHASES = ("shuffle", "roll", "victim", "pick")
ACTION_PHASES: dict[type[Action], tuple[tuple[str, ...], str]] = {
    a.Pool: (("turn",), "R-I32-10"), a.Spotlight: (("turn",), "R-I32-14"),
    a.DrawSurvivor: (("turn",), "R-I32-15"), a.Act: (("act", "counter"), "R-I32-13"),
    a.Commit: (("commit",), "R-I32-41"), a.Negate: (("negate",), "R-I32-49"),
    a.Flail: (("negate",), "R-I32-49"), a.TakeAttack: (("director",), "R-I32-30"),
    a.AllOut: (("director",), "R-I32-30"), a.Aim: (("aim",), "R-I32-30"),
    a.Place: (("place",), "R-I32-25"), a.FadeOut: (("fade",), "R-I32-66"),
    a.Choose: (("choose",), "R-I32-22"),
    a.Pass: (("fade", "director", "act", "choose"), "R-I32-30"),
    a.Adjust: (("adjust",), "A-I32-02"),
    a.Lend: (("commit", "negate"), "R-I32-55"), a.Share: (("commit", "negate"), "R-I32-83"),
    a.StarAction: (("turn", "act"), "R-I32-67"),
    a.Identify: (("identify",), "R-I32-24"),  # option cards = physical (physical.py)
    a.Cover: (("director",), "R-I32-30"), a.MonsterCut: (("director",), "R-I32-32"),
}


@dataclass(eq=False)
class I32State(ClerkDibs, FactionGames, Factions, Extras, Stars, Lending, Snatched,
               PhysicalDecks, Modules,
               Terrors, Companions, Cultist, Readings, Director, Views, Reels, Screen, People,
               Fights, Turns, StepQueue, State):
    info: ClassVar[GameInfo]  # set by the package

    data: I32Data
    players: int
    options: dict[str, OptionValue]
    director: int = 0
    phase: str = "running"
    todo: list[list[Any]] = field(default_factory=list)
    current: dict[str, Any] | None = None
    power: list[int] = field(default_factory=list)
    pools: list[list[str]] = field(default_factory=list)
    survivors: dict[str, dict[str, Any]] = field(default_factory=dict)  # in play
    survivor_pile: list[str] = field(default_factory=list)  # top first
    victims: list[str] = field(default_factory=list)  # random victims deck (order untracked)
    reel_pile: list[str] = field(default_factory=list)  # top first
    discards: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)  # removed from play
    familiar: list[str] = field(default_factory=list)  # survivors now monster cards
    seen: list[str] = field(default_factory=list)  # movie cards ever shown face up
    screen: list[dict[str, Any]] = field(default_factory=list)
    throngs: list[list[list[str]]] = field(default_factory=list)  # [seat][0..5] cards
    sanctuaries: list[dict[str, Any]] = field(default_factory=list)
    monster_players: list[int] = field(default_factory=list)
    reel: int = 1
    fade: dict[str, Any] | None = None  # {"card", "left"}
    fade_in: int = -1
    turning_point: bool = False
    final: int = 0  # reel IV: 1 ended (next director turn is final), 2 final turn running
    fight: dict[str, Any] | None = None
    result: Outcome | None = None
    covers: list[dict[str, Any]] = field(default_factory=list)  # R-I32-30 (director.py)
    mods: dict[str, Any] = field(default_factory=dict)  # the advanced modules (modules.py)
    unseen: dict[str, list[str]] = field(default_factory=lambda: {"movie": [], "survivors": []})
    told: list[str] = field(default_factory=list, repr=False)  # physical.py: a card just told
    event_cards: list[str] = field(default_factory=list)  # snatched cards in play (snatched.py)
    sides: dict[str, Any] = field(default_factory=dict)  # R-I32-83 (faction_games.py)
    fresh: bool = field(default=True, repr=False)  # False: loaded from a snapshot

    def __post_init__(self) -> None:
        if not self.fresh:
            return
        self.director = int(self.options["director_seat"])
        self.power = [0] * self.players
        self.pools = [[] for _ in range(self.players)]
        self.throngs = [[[] for _ in range(6)] for _ in range(self.players)]
        self.screen = [{"card": "", "down": False} for _ in range(3)]
        self.victims = list(self.data.ids("survivors"))
        self.todo = [*self.module_setup(),  # R-I32-80..84
                     ["shuffle", "survivors"], *self.faction_setup(),  # R-I32-83
                     ["shuffle", "movie"], ["power"],
                     *[["draw_start", s] for s in self.character_seats()],
                     ["setup_screen"], ["cut_offer"], ["seat_turn", self.left_of(self.director)]]
        self.run()

    # ------------------------------------------------------------------ derived values

    def character_seats(self) -> list[int]:
        """The character players clockwise from the director's left (R-I32-08)."""
        return [(self.director + i) % self.players for i in range(1, self.players)]

    def left_of(self, seat: int) -> int:
        return (seat + 1) % self.players

    def owner(self, survivor: str) -> int:
        return next(s for s, pool in enumerate(self.pools) if survivor in pool)

    def in_play(self) -> list[str]:
        return [s for pool in self.pools for s in pool]

    def value(self, card: str) -> int:
        """A monster card's value: its printed value, or a familiar face's MUSCLE."""
        if card == self.data.night_clerk.id:
            return int(self.data.night_clerk_value)  # R-I32-82
        if card in self.familiar:
            return int(self.data.get(card).stats["muscle"])
        return int(self.data.get(card).value)

    def is_monster(self, card: str) -> bool:
        return card in self.familiar or self.module_monster(card) or \
            self.data.is_movie_monster(card)

    # ------------------------------------------------------------------ prompts

    def pending(self) -> tuple[Prompt, ...]:
        if self.phase in ("over", "running"):
            return ()
        chance = self.chance()
        if chance is not None:
            return (chance,)
        return (SeatPrompt(self.current["seat"], self.phase, self.prompt_text()),
                *self.lend_prompts(),  # R-I32-55 (spoints.py)
                *self.share_prompts(),  # R-I32-83 (factions.py)
                *self.star_prompts(),  # D-I32-02 (readings.py)
                *self.anytime_prompts())  # R-I32-67: a horror star at any time (anytime.py)

    def prompt_text(self) -> str:
        cur = self.current or {}
        if self.phase == "act":
            return f"choose {self.data.get(cur['survivor']).name}'s action"
        if self.phase == "commit":
            return f"commit spoints before {cur['purpose']}"
        return SEAT_PHASES[self.phase][1]

    def chance(self) -> Shuffle | Roll | Draw | None:
        cur = self.current or {}
        if self.phase == "shuffle":
            return Shuffle(f"shuffle the {cur['deck']}", cur["rule"], deck=cur["deck"],
                           items=tuple(cur["items"]))
        if self.phase == "roll":
            return Roll(cur["purpose"], cur["rule"], count=cur["count"], sides=6)
        if self.phase == "victim":
            return Draw(cur["purpose"], "R-I32-33", deck="victims",
                        items=tuple(self.victim_cards()))
        return self.module_chance()  # R-I32-80, R-I32-81: a module's random pick

    def outcome(self) -> Outcome | None:
        return self.result

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self, seat: int) -> list[Action]:
        if not any(isinstance(p, SeatPrompt) and p.seat == seat for p in self.pending()):
            return []
        if self.star_only(seat):  # R-I32-67: asked only for its horror stars (anytime.py)
            return self.star_actions(seat)
        return self.with_stars(seat, getattr(self, f"legal_{self.phase}")(seat))

    # ------------------------------------------------------------------ apply

    def apply(self, action: Action) -> list[Event]:
        if self.phase == "over":
            raise IllegalAction(self.result.rule if self.result else "BOX-END",
                                "the game is over")
        if isinstance(action, EndGame):
            self.result = Outcome("abandoned", (), action.reason or "the table ended the game",
                                  "BOX-END")
            self.phase = "over"
            return []
        if isinstance(action, a.StarAction):
            return self.play_star(action)  # R-I32-67: at any time (anytime.py)
        if isinstance(action, SeatAction):
            self.check_seat(action)
            phases, rule = ACTION_PHASES.get(type(action), ((), "ACTION"))
            if self.phase not in phases:
                raise IllegalAction(rule, f"{action.type.replace('_', ' ')} is not possible "
                                    f"now: Seat {action.seat + 1} must {self.prompt_text()}")
            if action not in self.legal_actions(action.seat):
                raise IllegalAction(*self.why_not(action))
            return getattr(self, f"do_{self.phase}")(action)
        chance = self.chance()
        if chance is None:
            raise IllegalAction("BOX-CHANCE", f"no chance outcome is expected now: the box is "
                                f"waiting for {self.waiting_for()}")
        chance.check(action)
        if isinstance(action, ShuffleResult):
            return self.shuffled(action)
        if isinstance(action, RollResult):
            return self.rolled(tuple(action.faces))
        if isinstance(action, DrawResult):
            return self.victim_drawn(action.card)
        raise IllegalAction("BOX-CHANCE", "this chance outcome is not expected now")

    def waiting_for(self) -> str:
        chance = self.chance()
        if chance is not None:
            return chance.purpose
        cur = self.current or {}
        return f"Seat {cur.get('seat', 0) + 1}" if self.phase in SEAT_PHASES else "nothing"

    def check_seat(self, action: SeatAction) -> None:
        if not 0 <= action.seat < self.players:
            raise IllegalAction("R-I32-01", f"there is no seat {action.seat + 1} "
                                f"(seats 1 to {self.players})")
        if any(isinstance(p, SeatPrompt) and p.seat == action.seat for p in self.pending()) \
                and not self.star_only(action.seat):  # R-I32-67: or only a star (anytime.py)
            return
        chance = self.chance()
        rule = chance.rule if chance else SEAT_PHASES.get(self.phase, ("R-I32-10", ""))[0]
        if self.phase == "choose":  # a plot device, first dibs, a horror star...
            rule = self.choice_rule(str((self.current or {}).get("purpose", "")))
        raise IllegalAction(rule, f"Seat {action.seat + 1} cannot act now: the box is "
                            f"waiting for {self.waiting_for()}")

    # ------------------------------------------------------------------ chance

    def step_shuffle(self, deck: str, then: str = "") -> list[Event]:
        """``then``: "reel" when the shuffled discards become the next reel (R-I32-69)."""
        items = self.deck_ids(deck)  # the modules' cards too (modules.py)
        if not items and deck == "survivors" and self.sides:
            return []  # R-I32-83: a faction game's empty common pile (faction_games.py)
        rule = {"survivors": "R-I32-02", "movie": "R-I32-03"}.get(
            deck, "R-I32-69" if then else "R-I32-13")
        if self.physical:
            return self.own_shuffle(deck, list(items), then)  # the table shuffles
        return self.wait("shuffle", deck=deck, items=list(items), rule=rule, then=then)

    def shuffled(self, action: ShuffleResult) -> list[Event]:
        deck = self.current["deck"]
        if deck == "own":
            return self.own_shuffled(action)  # R-I32-83 (faction_games.py)
        order = list(action.order)
        words = {"survivors": "survivor pile", "movie": "movie deck"}.get(deck, "discards")
        events: list[Event] = [a.Told(self.current["rule"], f"The box shuffles the {words}")]
        if deck == "survivors":
            self.survivor_pile = order
        elif deck == "movie" or self.current["then"] == "reel":
            self.deal_reel(order)
        else:
            self.discards = order
        return events + self.resume()

    def deal_reel(self, order: list[str]) -> None:
        """R-I32-03, R-I32-69 task 6: the reel pile, 3 screen cards face down, the rest to
        the discards (A-I32-06: reels II-IV deal the allotment and 3 more)."""
        size = REEL_PILES[self.reel]
        self.reel_pile = order[:size]
        rest = order[size:]
        extra = self.reel == 1 or self.options["screen_cards_extra"]
        for slot in self.screen:
            if slot["card"] or (not rest and not self.reel_pile):
                continue
            source = rest if extra and rest else self.reel_pile
            slot["card"], slot["down"] = source.pop(0), True
        self.discards = rest

    def step_power(self) -> list[Event]:
        """R-I32-05: power points by the number of character players."""
        count = len(self.character_seats())
        each = 7 if count <= 3 else 6 if count <= 5 else 5 if count <= 7 else 4
        for seat in self.character_seats():
            self.power[seat] = each
        return [a.Told("R-I32-05", f"Each character player takes {each} power points")]

    def step_draw_start(self, seat: int) -> list[Event]:
        """R-I32-06, A-I32-04: the first survivor, its printed mythos and the option's rest."""
        if self.sides:
            return []  # R-I32-83: the player chose it (faction_games.py)
        return self.draw_survivor(seat, int(self.options["setup_rest_points"]), "R-I32-06")

    def draw_survivor(self, seat: int, rest: int, rule: str,
                      again: list[Any] | None = None) -> list[Event]:
        if not self.to_draw(seat):  # R-I32-83: or his own pile (faction_games.py)
            return []
        card = self.top_survivor(seat, again or ["draw_start", seat])  # physical.py
        if card is None:
            return []  # the drawing player tells the box the card first
        info = self.data.get(card)
        self.pools[seat].append(card)
        self.survivors[card] = {"rest": rest, "mythos": info.mythos, "items": [], "stores": {},
                                "insane": [], "stars": 0, "where": "", "inside": False,
                                "healed": False}
        return [a.Shown(rule, f"Seat {seat + 1} draws {info.name}", card),
                *self.companion_joins(seat, card)]  # R-I32-81
