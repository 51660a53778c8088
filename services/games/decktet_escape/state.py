"""The Escape! state machine: rules R-EX-01..25 of shared/rules/decktet-escape.md.

Phases: ``deal`` (waiting for the shuffle), ``turn`` (the active seat clues, plays or
discards), ``place`` / ``give`` / ``lose`` (a choice the active seat makes after a reveal),
``over``. Every check happens before the first change, so a refused action changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from services.games.core import (
    Action,
    ChanceAction,
    EndGame,
    Event,
    GameInfo,
    IllegalAction,
    OptionValue,
    Outcome,
    Prompt,
    SeatAction,
    SeatPrompt,
    Shuffle,
    ShuffleResult,
    State,
)
from services.games.decktet_escape import actions as a
from services.games.decktet_escape import physical
from services.games.decktet_escape.deck import (
    BOAT,
    CORRIDOR,
    GUARD,
    KEY,
    SUITS,
    Card,
    Deck,
    plural,
)
from services.games.decktet_escape.views import EscapeViews

HAND_SIZE = 5
CLUE_WORDS = (KEY, CORRIDOR, BOAT, *SUITS)


@dataclass
class Route:
    id: int
    cards: list[str]  # cards[0] is the key


@dataclass(eq=False)
class EscapeState(EscapeViews, State):
    info: ClassVar[GameInfo]  # set by the package when the game is assembled

    deck: Deck
    players: int
    options: dict[str, OptionValue]
    phase: str = "deal"
    draw: list[str] = field(default_factory=list)  # index 0 is the top
    hands: list[list[str]] = field(default_factory=list)
    hand_sizes: list[int] = field(default_factory=list)  # physical cards: sizes only
    draw_left: int = 0  # physical cards: cards left in the players' draw pile
    marks: dict[str, list[str]] = field(default_factory=dict)  # card -> clues that touched it
    not_marks: dict[str, list[str]] = field(default_factory=dict)  # card -> clues that missed it
    discard: list[str] = field(default_factory=list)
    tokens: int = 0
    routes: list[Route] = field(default_factory=list)
    escaped: list[list[str] | None] = field(default_factory=list)
    active: int = 0
    revealed: str | None = None  # card being resolved during place/give/lose
    choices: list[int] = field(default_factory=list)
    completed: Route | None = None  # finished route (boat included) waiting for its recipient
    disaster: tuple[str, str] | None = None  # (reason, rule) while the lost route is chosen
    clues: list[dict[str, Any]] = field(default_factory=list)
    next_route: int = 1
    turn: int = 0
    result: Outcome | None = None

    # ------------------------------------------------------------------ derived values

    @property
    def token_total(self) -> int:
        return 6 if self.options["dark_of_the_storm"] else int(self.options["tokens"])

    @property
    def corridors_needed(self) -> int:
        return 4 if self.options["bowels_of_the_ship"] else 3

    def route_limit(self) -> int:
        limit = self.players - (1 if self.options["rat_warren"] else 0)
        if self.options["every_man_for_himself"]:
            limit -= sum(1 for e in self.escaped if e is not None)
        return limit

    def _limit_rule(self) -> str:
        if self.options["every_man_for_himself"] and any(e is not None for e in self.escaped):
            return "R-EX-24"
        return "R-EX-23" if self.options["rat_warren"] else "R-EX-10"

    def card(self, card_id: str) -> Card:
        return self.deck[card_id]

    def anchor(self, route: Route) -> str:
        """The last card of the route that is not the Guard (R-EX-11, R-EX-12)."""
        return next(c for c in reversed(route.cards) if self.card(c).group != GUARD)

    def corridors(self, route: Route) -> int:
        return len(route.cards) - 1

    def fits(self, card_id: str, route: Route) -> bool:
        card = self.card(card_id)
        anchor = set(self.card(self.anchor(route)).suits)
        if card.group == CORRIDOR:
            return bool(anchor & set(card.suits))
        if card.group == GUARD:
            return True
        if card.group == BOAT:
            enough = self.corridors(route) >= self.corridors_needed
            return enough and (
                not self.options["boat_must_match"] or bool(anchor & set(card.suits))
            )
        return False

    def _route(self, route_id: int) -> Route | None:
        return next((r for r in self.routes if r.id == route_id), None)

    def _clue_slots(self, target: int, about: str) -> tuple[int, ...]:
        return tuple(i for i, c in enumerate(self.hands[target]) if _matches(self.card(c), about))

    @property
    def physical(self) -> bool:
        return self.options["cards"] == "physical"

    def hand_size(self, seat: int) -> int:
        return self.hand_sizes[seat] if self.physical else len(self.hands[seat])

    def _can_clue(self, seat: int) -> bool:
        if self.tokens < 1:
            return False
        others = [t for t in range(self.players) if t != seat]
        if self.physical:
            return any(self.hand_sizes[t] > 0 for t in others)
        if self.options["allow_empty_clues"]:
            return bool(others)
        return any(self.card(c).group != GUARD for t in others for c in self.hands[t])

    # ------------------------------------------------------------------ contract

    def pending(self) -> tuple[Prompt, ...]:
        if self.phase == "deal":
            purpose = f"shuffle the {len(self.deck.cards)} cards before the deal"
            return (Shuffle(purpose, "R-EX-02", "draw", self.deck.ids),)
        if self.phase == "over":
            return ()
        return (SeatPrompt(self.active, self.phase, self._prompt_text()),)

    def _prompt_text(self) -> str:
        if self.phase == "turn":
            return "give a clue, play a card or discard a card"
        name = self.card(self.revealed).name if self.revealed else "the card"
        routes = ", ".join(str(c) for c in self.choices)
        if self.phase == "place":
            return f"choose the route for {name}: route {routes}"
        if self.phase == "give":
            seats = ", ".join(f"Seat {c + 1}" for c in self.choices)
            return f"give the completed escape route to {seats}"
        return f"disaster: choose which of the longest routes is lost: route {routes}"

    def outcome(self) -> Outcome | None:
        return self.result

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase in ("deal", "over") or seat != self.active:
            return []
        if self.phase == "place":
            return [a.PlaceOn(seat, r) for r in self.choices]
        if self.phase == "give":
            return [a.GiveRoute(seat, s) for s in self.choices]
        if self.phase == "lose":
            return [a.LoseRoute(seat, r) for r in self.choices]
        if self.physical:
            return physical.legal(self, seat)
        found: list[Action] = []
        if self.tokens >= 1:
            for target in range(self.players):
                if target == seat:
                    continue
                touched = {w for c in self.hands[target] for w in _clue_words(self.card(c))}
                for about in CLUE_WORDS:
                    if self.options["allow_empty_clues"] or about in touched:
                        found.append(a.Clue(seat, target, about))
        hand = self.hands[seat]
        targets: list[int | None] = [None]
        if self.options["declare_route_before_reveal"]:
            targets += [r.id for r in self.routes]
        found += [a.Play(seat, slot, route) for slot in range(len(hand)) for route in targets]
        if not (self.options["hanabi_strict_discard"] and self.tokens >= self.token_total):
            found += [a.Discard(seat, slot) for slot in range(len(hand))]
        return found

    def apply(self, action: Action) -> list[Event]:
        if self.result is not None:
            raise IllegalAction(self.result.rule, f"the game is over: {self.result.reason}")
        if isinstance(action, EndGame):
            events: list[Event] = []
            reason = action.reason or "the table ended the game"
            self._end("abandoned", (), "BOX-END", reason, events)
            return events
        if self.phase == "deal":
            return self._deal(action)
        if isinstance(action, ChanceAction):
            raise IllegalAction(
                "R-EX-02", "nothing is to be shuffled now: the only chance in Escape! is the deal"
            )
        if not isinstance(action, SeatAction):
            raise IllegalAction("R-EX-05", f"{action.type!r} is not an Escape! action")
        self._check_seat(action.seat, "seat")
        if action.seat != self.active:
            raise IllegalAction(
                "R-EX-05",
                f"it is Seat {self.active + 1}'s turn, not Seat {action.seat + 1}'s",
            )
        handler = {
            "turn": self._turn_action,
            "place": self._place_choice,
            "give": self._give_choice,
            "lose": self._lose_choice,
        }[self.phase]
        result: list[Event] = []
        handler(action, result)
        return result

    # ------------------------------------------------------------------ setup

    def _deal(self, action: Action) -> list[Event]:
        if not isinstance(action, ShuffleResult):
            raise IllegalAction(
                "R-EX-02", "the cards have not been dealt yet: the box is waiting for the shuffle"
            )
        prompt = self.pending()[0]
        prompt.check(action)  # type: ignore[union-attr]
        order = list(action.order)
        self.hands = [[] for _ in range(self.players)]
        for _ in range(HAND_SIZE):
            for seat in range(self.players):
                self.hands[seat].append(order.pop(0))
        self.draw = order
        self.tokens = self.token_total
        self.escaped = [None] * self.players
        self.active = int(self.options["first_player"])
        self.phase = "turn"
        self.turn = 1
        return [a.Dealt(HAND_SIZE, len(self.draw), self.active), a.TurnStarted(self.active)]

    # ------------------------------------------------------------------ the turn

    def _turn_action(self, action: Action, events: list[Event]) -> None:
        if self.physical:
            physical.turn(self, action, events)
        elif isinstance(action, a.Clue):
            self._clue(action, events)
        elif isinstance(action, a.Play):
            self._play(action, events)
        elif isinstance(action, a.Discard):
            self._discard(action, events)
        else:
            raise IllegalAction(
                "R-EX-05", "on your turn you give a clue, play a card or discard a card"
            )

    def _clue(self, action: a.Clue, events: list[Event]) -> None:
        self._check_clue(action)
        about = action.about
        slots = self._clue_slots(action.target, about)
        if not slots and not self.options["allow_empty_clues"]:
            raise IllegalAction(
                "R-EX-08",
                f"Seat {action.target + 1} holds no {plural(about)}: a clue must point at "
                "least one card",
            )
        for i, card in enumerate(self.hands[action.target]):
            bucket = self.marks if i in slots else self.not_marks
            if about not in bucket.setdefault(card, []):
                bucket[card].append(about)
        self.tokens -= 1
        self.clues.append(
            {"seat": action.seat, "target": action.target, "about": about, "slots": list(slots)}
        )
        events.append(a.ClueGiven(action.seat, action.target, about, slots, self.tokens))
        self._next_turn(events)

    def _check_clue(self, action: a.Clue) -> None:
        self._check_seat(action.target, "target")
        if action.target == action.seat:
            raise IllegalAction("R-EX-06", "a clue must be given to another player, not yourself")
        if self.tokens < 1:
            raise IllegalAction("R-EX-06", "no clue token is left in the cup: play or discard")
        about = action.about
        if about in ("guard", "excuse", "the-excuse"):
            raise IllegalAction("R-EX-07", "the Guard can never be named in a clue")
        if about not in CLUE_WORDS:
            raise IllegalAction(
                "R-EX-06",
                f"{about!r} is not a clue: name a card type (key, corridor, boat) "
                f"or a suit ({', '.join(SUITS)})",
            )

    def _play(self, action: a.Play, events: list[Event]) -> None:
        self._check_slot(action.slot, "play")
        self._check_declared(action.route)
        card = self._take(action.seat, action.slot, "play", events)
        self._played(card, action.route, events)

    def _check_declared(self, declared: int | None) -> None:
        if not self.options["declare_route_before_reveal"] and declared is not None:
            raise IllegalAction(
                "A-EX-03",
                "routes are chosen after the card is revealed; declaring a route needs the "
                "option declare_route_before_reveal",
            )
        if declared is not None and self._route(declared) is None:
            raise IllegalAction("R-EX-11", f"there is no route {declared} in progress")

    def _played(self, card: str, declared: int | None, events: list[Event]) -> None:
        self.revealed = card
        if self.options["declare_route_before_reveal"]:
            self._resolve_declared(card, declared, events)
        else:
            self._resolve(card, events)

    def _resolve(self, card: str, events: list[Event]) -> None:
        group = self.card(card).group
        if group == KEY:
            if len(self.routes) < self.route_limit():
                self._start_route(card, events)
            else:
                limit = max(self.route_limit(), 0)
                self._disaster(
                    card, f"{limit} escape route(s) already in progress", self._limit_rule(), events
                )
            return
        legal = [r.id for r in self.routes if self.fits(card, r)]
        if not legal:
            rule, reason = self._misfit(group)
            self._disaster(card, reason, rule, events)
        elif len(legal) == 1:
            self._put(card, legal[0], events)
        else:
            self.phase, self.choices = "place", legal
            events.append(a.ChoiceNeeded(self.active, "place", tuple(legal)))

    def _misfit(self, group: str) -> tuple[str, str]:
        if group == CORRIDOR:
            return "R-EX-11", "no route in progress ends in a card sharing a suit with it"
        if group == GUARD:
            return "R-EX-12", "there is no route in progress to take the Guard"
        rule = "R-EX-21" if self.options["bowels_of_the_ship"] else "R-EX-13"
        return rule, f"no route in progress has {self.corridors_needed} corridors"

    def _resolve_declared(self, card: str, declared: int | None, events: list[Event]) -> None:
        group = self.card(card).group
        if declared is None:
            if group == KEY:
                self._resolve(card, events)
            else:
                self._disaster(card, f"a {group} cannot start a new route", "A-EX-03", events)
            return
        route = self._route(declared)
        if route is not None and group != KEY and self.fits(card, route):
            self._put(card, declared, events)
        else:
            self._disaster(card, f"it does not fit route {declared}", "A-EX-03", events)

    def _discard(self, action: a.Discard, events: list[Event]) -> None:
        self._check_slot(action.slot, "discard")
        if self.options["hanabi_strict_discard"] and self.tokens >= self.token_total:
            self._refuse_strict_discard()
        card = self._take(action.seat, action.slot, "discard", events)
        self._discarded(action.seat, card, events)

    @staticmethod
    def _refuse_strict_discard() -> None:
        raise IllegalAction(
            "R-EX-16",
            "all tokens are in the cup: discarding is not allowed (hanabi_strict_discard)",
        )

    def _discarded(self, seat: int, card: str, events: list[Event]) -> None:
        self.discard.append(card)
        self.tokens = min(self.token_total, self.tokens + 1)
        events.append(a.Discarded(seat, card, self.tokens))
        if self.card(card).group == GUARD:
            self.revealed = card
            self._lose_longest(card, "the Guard was discarded", "R-EX-17", events)
        else:
            self._end_of_play("neutral", events)

    # ------------------------------------------------------------------ choices

    def _place_choice(self, action: Action, events: list[Event]) -> None:
        rule = "R-EX-13" if self.card(self.revealed or "").group == BOAT else "R-EX-11"
        if not isinstance(action, a.PlaceOn):
            raise IllegalAction(rule, f"first {self._prompt_text()}")
        if action.route not in self.choices:
            raise IllegalAction(rule, f"route {action.route} cannot take it; {self._prompt_text()}")
        self._put(self.revealed or "", action.route, events)

    def _give_choice(self, action: Action, events: list[Event]) -> None:
        if not isinstance(action, a.GiveRoute):
            raise IllegalAction("R-EX-13", f"first {self._prompt_text()}")
        if action.to not in self.choices:
            raise IllegalAction(
                "R-EX-13",
                f"Seat {action.to + 1} cannot take it (nobody holds two routes); "
                f"{self._prompt_text()}",
            )
        self._give(action.to, events)

    def _lose_choice(self, action: Action, events: list[Event]) -> None:
        if not isinstance(action, a.LoseRoute):
            raise IllegalAction("R-EX-15", f"first {self._prompt_text()}")
        if action.route not in self.choices:
            raise IllegalAction(
                "R-EX-15", f"route {action.route} is not one of the longest; {self._prompt_text()}"
            )
        self._lose(action.route, events)

    # ------------------------------------------------------------------ effects

    def _take(self, seat: int, slot: int, by: str, events: list[Event]) -> str:
        card = self.hands[seat].pop(slot)
        self.marks.pop(card, None)
        self.not_marks.pop(card, None)
        events.append(a.CardRevealed(seat, slot, card, self.card(card).group, by))
        return card

    def _start_route(self, card: str, events: list[Event]) -> None:
        self.routes.append(Route(self.next_route, [card]))
        events.append(a.RouteStarted(self.next_route, card))
        self.next_route += 1
        self._end_of_play("positive", events)

    def _put(self, card: str, route_id: int, events: list[Event]) -> None:
        route = self._route(route_id)
        if route is None:  # the choices only ever hold routes in progress
            raise IllegalAction("R-EX-11", f"there is no route {route_id} in progress")
        if self.card(card).group == BOAT:
            self.routes.remove(route)
            self.completed = Route(route.id, [*route.cards, card])
            unescaped = [s for s in range(self.players) if self.escaped[s] is None]
            if self.escaped[self.active] is None:
                self._give(self.active, events)
            elif len(unescaped) == 1:
                self._give(unescaped[0], events)
            else:
                self.phase, self.choices = "give", unescaped
                events.append(a.ChoiceNeeded(self.active, "give", tuple(unescaped)))
            return
        route.cards.append(card)
        events.append(a.CardPlaced(route.id, card, self.corridors(route)))
        self._end_of_play("positive", events)

    def _give(self, seat: int, events: list[Event]) -> None:
        route = self.completed or Route(0, [])
        self.escaped[seat] = route.cards
        self.completed = None
        events.append(a.RouteCompleted(route.id, route.cards[-1], tuple(route.cards), seat))
        if all(e is not None for e in self.escaped):
            self._end(
                "complete",
                tuple(range(self.players)),
                "R-EX-19",
                "every player has escaped: complete success",
                events,
            )
            return
        self._end_of_play("positive", events)

    def _disaster(self, card: str, reason: str, rule: str, events: list[Event]) -> None:
        self.discard.append(card)
        self._lose_longest(card, reason, rule, events)

    def _lose_longest(self, card: str, reason: str, rule: str, events: list[Event]) -> None:
        if not self.routes:
            events.append(a.Disaster(card, reason, rule, None, ()))
            self._end_of_play("negative", events)
            return
        longest = max(len(r.cards) for r in self.routes)
        tied = [r.id for r in self.routes if len(r.cards) == longest]
        if len(tied) == 1:
            self.disaster = (reason, rule)
            self._lose(tied[0], events)
        else:
            self.phase, self.choices, self.disaster = "lose", tied, (reason, rule)
            events.append(a.ChoiceNeeded(self.active, "lose", tuple(tied)))

    def _lose(self, route_id: int, events: list[Event]) -> None:
        route = self._route(route_id)
        if route is None:  # the choices only ever hold routes in progress
            raise IllegalAction("R-EX-15", f"there is no route {route_id} in progress")
        self.routes.remove(route)
        self.discard.extend(route.cards)
        reason, rule = self.disaster or ("disaster", "R-EX-15")
        self.disaster = None
        events.append(a.Disaster(self.revealed or "", reason, rule, route.id, tuple(route.cards)))
        self._end_of_play("negative", events)

    def _end_of_play(self, tone: str, events: list[Event]) -> None:
        """After a play or discard: draw (R-EX-14, R-EX-16, R-EX-18) and pass the turn."""
        self.revealed = None
        self.choices = []
        self.phase = "turn"
        if self.physical:
            physical.draw(self, events)
        elif self.draw:
            self.hands[self.active].append(self.draw.pop(0))
            events.append(a.CardDrawn(self.active, len(self.draw)))
        if self.options["narration"]:
            events.append(a.Narrate(self.active, tone))
        self._next_turn(events)

    def _next_turn(self, events: list[Event]) -> None:
        self.active = (self.active + 1) % self.players
        self.turn += 1
        if not self._end_if_stuck(events):
            events.append(a.TurnStarted(self.active))

    def _end_if_stuck(self, events: list[Event]) -> bool:
        """R-EX-20: the active seat holds no card and cannot clue: the game ends."""
        hand = self.hand_size(self.active)
        stuck = not hand and (self.options["end_on_empty_hand"] or not self._can_clue(self.active))
        if not stuck:
            return False
        escaped = tuple(s for s in range(self.players) if self.escaped[s] is not None)
        who = f"Seat {self.active + 1} must play but holds no card"
        if escaped:
            names = ", ".join(f"Seat {s + 1}" for s in escaped)
            self._end(
                "partial", escaped, "R-EX-20", f"{who}: partial success ({names} escaped)", events
            )
        else:
            self._end("loss", (), "R-EX-20", f"{who} and nobody escaped: the game is lost", events)
        return True

    def _end(
        self, result: str, winners: tuple[int, ...], rule: str, reason: str, events: list[Event]
    ) -> None:
        self.result = Outcome(result, winners, reason, rule)
        self.phase = "over"
        self.choices = []
        events.append(a.GameEnded(result, winners, rule, reason))

    # ------------------------------------------------------------------ checks

    def _check_seat(self, seat: int, what: str) -> None:
        if not 0 <= seat < self.players:
            raise IllegalAction(
                "R-EX-01",
                f"there is no {what} {seat}: this game has seats 0 to {self.players - 1}",
            )

    def _check_slot(self, slot: int, verb: str) -> None:
        size = len(self.hands[self.active])
        if size == 0:
            raise IllegalAction("R-EX-20", f"you hold no card to {verb}")
        if not 0 <= slot < size:
            raise IllegalAction(
                "R-EX-09" if verb == "play" else "R-EX-16",
                f"there is no card in slot {slot}: you hold {size} card(s), slots 0 to {size - 1}",
            )

    # ------------------------------------------------------------------ snapshots

    @classmethod
    def from_snapshot(cls, data: Mapping[str, Any], deck: Deck | None = None) -> EscapeState:
        """Rebuild from ``to_json()``; ``deck`` is reused when it equals the snapshot's."""
        return cls(
            deck=deck if deck is not None else Deck.from_json(data["deck"]),
            players=int(data["players"]),
            options=dict(data["options"]),
            phase=str(data["phase"]),
            draw=list(data["draw"]),
            hands=[list(h) for h in data["hands"]],
            hand_sizes=[int(n) for n in data["hand_sizes"]],
            draw_left=int(data["draw_left"]),
            marks={k: list(v) for k, v in data["marks"].items()},
            not_marks={k: list(v) for k, v in data["not_marks"].items()},
            discard=list(data["discard"]),
            tokens=int(data["tokens"]),
            routes=[Route(int(r["id"]), list(r["cards"])) for r in data["routes"]],
            escaped=[None if e is None else list(e) for e in data["escaped"]],
            active=int(data["active"]),
            revealed=data["revealed"],
            choices=[int(c) for c in data["choices"]],
            completed=None
            if data["completed"] is None
            else Route(int(data["completed"]["id"]), list(data["completed"]["cards"])),
            disaster=None
            if data["disaster"] is None
            else (data["disaster"][0], data["disaster"][1]),
            clues=[dict(c, slots=list(c["slots"])) for c in data["clues"]],
            next_route=int(data["next_route"]),
            turn=int(data["turn"]),
            result=Outcome.from_json(data["outcome"]) if data["outcome"] else None,
        )


def _matches(card: Card, about: str) -> bool:
    """Does a clue about ``about`` touch this card? The Guard is never touched (R-EX-07)."""
    return about in _clue_words(card)


def _clue_words(card: Card) -> tuple[str, ...]:
    """Every clue that touches this card: its type and its suits; none for the Guard."""
    return () if card.group == GUARD else (card.group, *card.suits)
