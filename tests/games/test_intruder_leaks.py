"""Intruder Escape: who may know what, on every channel (rules spec 2.9, R-IX-05, R-IX-26,
A-IX-22; docs/games/intruder-escape.md, "What each seat sees and when").

A keep choice is sealed while others still choose: everyone else reads "Seat 2 has chosen".
Once every choice is in, Nobody's Home is announced; which cards were kept is never told. A
card the table saw dealt face up stays listed as seen whatever its holder keeps. Copies of a
card look alike: every channel but a seat's own hand names cards by kind, so swapping two
copies anywhere in a game changes nothing anyone else reads.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest

from services.games.core import Action, RollResult, ShuffleResult
from services.games.intruder_escape import INFO
from services.games.intruder_escape import actions as a
from services.games.intruder_escape.plays import PlayRules
from services.games.intruder_escape.views import IntruderViews
from services.referee import live as live_module
from services.referee.journal import Journal
from services.referee.protocol import Session
from tests.games.conformance import Conformance, Keep
from tests.games.intruder_helpers import GAME, center_for, face, position, setup
from tests.games.leaks import CopySwaps, Counted, Pair, live_game, pairs_of_copies
from tests.games.test_intruder_conformance import forbidden, invariants


def any_choice(_action: Action) -> bool:
    return True


def not_home(action: Action) -> bool:
    return isinstance(action, a.Keep) and not action.home


def secrets(state: Any, actions: Sequence[Action]) -> list[tuple[int, Keep]]:
    """While seats choose: every keep made so far this round, against any other keep. Right
    after the choices (the bottom shuffle, the first-player die): a keep without Nobody's Home
    against any other such keep (R-IX-05: the kept cards are never revealed)."""
    i = len(actions) - 1
    if state.phase == "keep":
        found: list[tuple[int, Keep]] = []
        while i >= 0 and isinstance(actions[i], a.Keep):
            found.append((i, any_choice))
            i -= 1
        return found
    first_roll = state.phase == "roll" and state.die and state.die["purpose"] == "first"
    if state.phase != "bottom" and not first_roll:
        return []
    while i >= 0 and actions[i].actor is None:
        i -= 1
    found = []
    while i >= 0 and isinstance(actions[i], a.Keep):
        if not actions[i].home:  # type: ignore[attr-defined]
            found.append((i, not_home))
        i -= 1
    return found


def harness(extra: Counted | None = None, twin_rate: float = 0.5) -> Conformance:
    return Conformance(GAME, forbidden, invariants, max_steps=4000, sample=0.02,
                       secrets=secrets, extra=extra, twin_rate=twin_rate)


OPTIONS = [{}, {"bottom_order": "seat_order", "discard_public": False},
           {"discard_public": True, "bottom_order": "shuffled"}]


def copies(state: Any) -> list[Pair]:
    """A copy in a hand and another of its kind anywhere: the center deck, the batch put
    under it, the discard pile, a row, the escape items, another hand."""
    if not state.center and not any(state.hands):
        return []
    elsewhere = [*state.center, *state.bottom_batch, *state.discard, *state.removed,
                 *(p.card for row in state.rows for p in row),
                 *(c for items in state.items for c in items),
                 *(q["card"] for q in state.queue if q["kind"] == "insert")]
    return pairs_of_copies(state.kind, state.hands, elsewhere)


def swapped_copies(players: int, extra: Counted | None = None, games: int = 1,
                   samples: int = 12) -> CopySwaps:
    check = harness(twin_rate=0)
    swaps = CopySwaps(GAME, copies, extra)
    for n in range(games):
        options = OPTIONS[n % len(OPTIONS)]
        seed = players * 1000 + n
        check.playout(players, options, seed=seed)
        start = GAME.new_state(players, dict(options)).to_json()
        swaps.check(start, check.history, samples=samples, seed=seed)
    return swaps


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_two_copies_swapped_read_the_same_on_every_channel(players: int) -> None:
    """Two copies of a card swapped throughout the history (a card in a seat's hand and one
    in the deck, the bottomed batch, a row, another hand): every other reader and the public
    table get the same views, events, legal lists, prompts, sentences, transcript and undo
    answers."""
    extra = Counted(limit=2)
    swaps = swapped_copies(players, extra, games=3)
    assert swaps.stats["swaps"] >= 25
    assert extra.calls >= 4


def test_the_copy_check_catches_a_played_card_named_by_id(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A test of the test: the old event, naming the copy played (``knife-2``), is caught."""
    honest = PlayRules._do_play

    def leaky(self: Any, action: a.Play) -> list[Any]:
        return [a.CardPlayed(e.seat, action.card, e.target) if isinstance(e, a.CardPlayed)
                else e for e in honest(self, action)]

    monkeypatch.setattr(PlayRules, "_do_play", leaky)
    with pytest.raises(AssertionError, match="events tell"):
        swapped_copies(4, samples=30)


def test_the_copy_check_catches_a_row_named_by_id(monkeypatch: pytest.MonkeyPatch) -> None:
    """A test of the test: a view naming the copies in the rows is caught."""
    honest = IntruderViews.view

    def leaky(self: Any, seat: int | None) -> Any:
        data = honest(self, seat)
        for entry in data["seats"]:
            entry["row_ids"] = [p.card for p in self.rows[entry["seat"]]]
        return data

    monkeypatch.setattr(IntruderViews, "view", leaky)
    with pytest.raises(AssertionError, match="view of reader None tells"):
        swapped_copies(4, samples=30)


def two_bats(keep_seen: bool) -> tuple[Any, list[Any]]:
    """Seat 1 is dealt two Baseball Bats, the first face up (after a Flashlight), keeps one of
    them (the one seen, or the other) and plays it on Seat 2 on the first turn."""
    hands = [["baseball-bat-1", "baseball-bat-2", "knife-1", "knife-2", "bandage-1"],
             ["bandage-2", "syringe-1", "keys-1", "car-1", "gasoline-1"],
             ["bandage-3", "syringe-2", "license-1", "knife-3", "hostage-1"]]
    state = setup(3, {"bottom_order": "seat_order"})
    state.apply(ShuffleResult("center", tuple(center_for(hands))))
    snapshot = state.to_json()
    snapshot["top_exposed"] = True
    state = GAME.state_from_json(snapshot)
    events: list[Any] = []
    for seat in range(3):
        events += state.apply(a.Ready(seat))
    bat = "baseball-bat-1" if keep_seen else "baseball-bat-2"
    events += keep(state, {0: (bat, "knife-1", "knife-2"), 1: tuple(hands[1][:3]),
                           2: tuple(hands[2][:3])})
    events += state.apply(RollResult((face(0),)))
    events += state.apply(a.Play(0, bat, 1))
    return state, events


def test_which_copy_was_kept_is_never_told() -> None:
    """R-IX-05, A-IX-22 (issue 17): Seat 1 keeps the Bat the table saw dealt face up, or the
    other one, and plays it: the table reads "a Baseball Bat" both times, and with one Bat
    seen going in and one seen going out, no Bat is left in Seat 1's known cards."""
    (seen, seen_events), (other, other_events) = two_bats(True), two_bats(False)
    assert seen_events == other_events
    assert a.CardPlayed(0, "baseball-bat", 1) in seen_events
    for reader in (None, 1, 2):
        assert json.dumps(seen.view(reader)) == json.dumps(other.view(reader))
    assert seen.view(None)["seats"][0]["known"] == []
    assert seen.view(None)["seats"][1]["row"][0]["card"] == "baseball-bat"


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_other_keep_choices_read_the_same_on_every_channel(players: int) -> None:
    extra = Counted(limit=3)
    check = harness(extra)
    for seed, options in enumerate(OPTIONS):
        check.playout(players, options, seed=players * 100 + seed)
    assert check.stats["twins"] >= 20
    assert extra.calls >= 6


def test_option_values_keep_the_choices_sealed() -> None:
    check = harness(twin_rate=0.3)
    values = {o.key: (o.choices or (False, True)) for o in INFO.options}
    defaults = {o.key: o.default for o in INFO.options}
    for n, (key, choices) in enumerate(values.items()):
        for choice in choices:
            if choice != defaults[key]:  # the defaults are played above
                players = 6 if key == "intruders_6p" else 3 + n % 4
                check.playout(players, {key: choice}, seed=n * 10 + len(str(choice)))
    assert check.stats["twins"] > 30


# ------------------------------------------------------------------ the findings of issue 17


def dealt(known_card: bool = True, home: bool = False) -> Any:
    """Round 1, three seats choosing. ``known_card``: the top card was face up (as after a
    Flashlight), so Seat 1's first card was dealt face up; ``home``: Seat 2 holds Nobody's
    Home."""
    plain = [c for c in GAME.data.deck_ids() if not c.startswith("nobodys-home")]
    hands = [plain[5 * s: 5 * s + 5] for s in range(3)]
    if home:
        hands[1][4] = "nobodys-home-1"
    state = setup(3)
    state.apply(ShuffleResult("center", tuple(center_for(hands))))
    snapshot = state.to_json()
    snapshot["top_exposed"] = known_card
    state = GAME.state_from_json(snapshot)
    for seat in range(3):
        state.apply(a.Ready(seat))
    assert state.phase == "keep" and state.hands == hands
    return state


def keep(state: Any, choices: dict[int, tuple[str, ...]]) -> list[Any]:
    events: list[Any] = []
    for seat in sorted(choices):
        events += state.apply(a.Keep(seat, choices[seat]))
    return events


def test_a_card_seen_dealt_stays_seen_whether_it_is_kept_or_bottomed() -> None:
    """R-IX-05, A-IX-22: bottoming is never revealed, so the table's "known" does not change."""
    worlds = []
    for kept_it in (True, False):
        state = dealt()
        seen = state.known[0]
        face_up = state.hands[0][0]  # the first card dealt, the top card turned face up
        assert seen == [GAME.data.card(face_up).id]
        assert state.view(None)["seats"][0]["known"] == seen
        others = state.hands[0][1:]
        mine = (face_up, *others[:2]) if kept_it else tuple(others[:3])
        events = keep(state, {0: mine, 1: tuple(state.hands[1][:3]),
                              2: tuple(state.hands[2][:3])})
        assert state.view(None)["seats"][0]["known"] == seen
        worlds.append((state, events))
    (kept, kept_events), (bottomed, bottomed_events) = worlds
    assert kept_events == bottomed_events
    for reader in (None, 1, 2):
        assert json.dumps(kept.view(reader)) == json.dumps(bottomed.view(reader))
    for reader in (1, 2):
        assert kept.legal_actions(reader) == bottomed.legal_actions(reader)
    assert kept.view(0)["you"]["hand"] != bottomed.view(0)["you"]["hand"]


def test_a_bottomed_card_seen_again_on_the_deck_is_no_longer_in_the_hand() -> None:
    """Seat 2 was seen dealt the Med Kit (no copy) and bottomed it; a Flashlight turns it face
    up on the deck: the table now sees it there, so it leaves Seat 2's known cards."""
    state = position([["flashlight-1"], ["bandage-1"], ["bandage-2"]], center=["med-kit-1"],
                     known=[[], ["med-kit"], []])
    events = state.apply(a.Play(0, "flashlight-1"))
    assert a.TopExposed("med-kit") in events
    assert state.view(None)["seats"][1]["known"] == []
    assert state.view(None)["top_card"] == "med-kit"


def test_a_copy_seen_on_the_deck_tells_nothing_of_the_one_seen_dealt() -> None:
    """Seat 2 was seen dealt a Knife (there are 3): a Knife turned face up on the deck may be
    another copy, so Seat 2 is still seen with one; the event and the view name the kind."""
    state = position([["flashlight-1"], ["bandage-1"], ["bandage-2"]], center=["knife-3"],
                     known=[[], ["knife"], []])
    events = state.apply(a.Play(0, "flashlight-1"))
    assert events[:2] == [a.CardPlayed(0, "flashlight", None), a.TopExposed("knife")]
    assert state.view(None)["seats"][1]["known"] == ["knife"]
    assert state.view(None)["top_card"] == "knife"


def home_dealt() -> Any:
    return dealt(known_card=False, home=True)


def test_nobodys_home_is_told_once_every_keep_is_in() -> None:
    """R-IX-26: until then every reader but Seat 2 reads "Seat 2 has chosen"."""
    state = home_dealt()
    usable = [c for c in state.hands[1] if not c.startswith("nobodys-home")]
    home, cards = a.Keep(1, (), home=True), a.Keep(1, tuple(usable[:3]))
    state.apply(home)
    for reader in (None, 0, 2):
        assert state.describe(home, reader) == state.describe(cards, reader) == (
            "Seat 2 has chosen")
    assert state.describe(home, 1) == "Seat 2 uses Nobody's Home"
    names = [GAME.data.card(c).name for c in usable[:3]]
    assert state.describe(cards, 1) == f"Seat 2 keeps {names[0]}, {names[1]} and {names[2]}"
    state.apply(a.Keep(0, tuple(state.hands[0][:3])))
    state.apply(a.Keep(2, tuple(state.hands[2][:3])))
    assert state.describe(home, None) == "Seat 2 uses Nobody's Home"
    assert state.describe(cards, None) == "Seat 2 keeps 3 cards"


def test_the_transcript_and_undo_answers_say_only_has_chosen() -> None:
    state = home_dealt()
    start = state.to_json()
    with Journal(":memory:") as journal:
        live = live_game(journal, GAME, start, [a.Keep(1, (), home=True)])
        says = [m["says"] for m in live.transcript()["moves"]]
        assert says == ["Seat 2 has chosen"]
        assert live.sentences(1) == ["Seat 2 uses Nobody's Home"]
        answer = Session(live, journal, None).handle({"cmd": "undo"})
        assert answer["undone"] == [{"actor": 1, "says": "Seat 2 has chosen"}]
    with Journal(":memory:") as journal:
        live = live_game(journal, GAME, start, [a.Keep(1, (), home=True)])
        answer = Session(live, journal, None).handle({"cmd": "undo", "referee": True})
        assert answer["undone"] == [{"actor": 1, "says": "Seat 2 has chosen"}]
        live = live_game(journal, GAME, start, [a.Keep(1, (), home=True)])
        assert live.undo(seat=1).says == "Seat 2 uses Nobody's Home"


def test_a_referee_undo_after_the_reveal_names_nobodys_home() -> None:
    state = home_dealt()
    start = state.to_json()
    moves = [a.Keep(1, (), home=True), a.Keep(0, tuple(state.hands[0][:3])),
             a.Keep(2, tuple(state.hands[2][:3]))]
    with Journal(":memory:") as journal:
        live = live_game(journal, GAME, start, moves)
        assert [m["says"] for m in live.transcript()["moves"]][:3] == [
            "Seat 2 uses Nobody's Home", "Seat 1 keeps 3 cards", "Seat 3 keeps 3 cards"]
        answer = Session(live, journal, None).handle(
            {"cmd": "undo", "referee": True, "count": 3, "reason": "wrong cards"})
        assert [u["says"] for u in answer["undone"]] == [
            "Seat 3 keeps 3 cards", "Seat 1 keeps 3 cards", "Seat 2 uses Nobody's Home"]


def test_the_checker_catches_a_planted_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """A test of the test: a describe that names the keep before the reveal is caught."""
    honest = IntruderViews.describe

    def leaky(self: Any, action: Action, seat: int | None = None, *,
              settled: bool = False) -> str:
        if isinstance(action, a.Keep):
            return f"Seat {action.seat + 1} keeps {', '.join(action.keep) or 'nothing'}"
        return honest(self, action, seat, settled=settled)

    monkeypatch.setattr(IntruderViews, "describe", leaky)
    with pytest.raises(AssertionError, match="says of reader"):
        harness().playout(3, {}, seed=1)


def test_the_checker_catches_a_planted_view_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """A view that tells the kinds of every hand (no card id, so the string check of the
    conformance harness cannot see it) is caught by the twins."""
    honest = IntruderViews.view

    def leaky(self: Any, seat: int | None) -> Any:
        data = honest(self, seat)
        for entry in data["seats"]:
            entry["kinds"] = sorted(self.kind(c) for c in self.hands[entry["seat"]])
        return data

    monkeypatch.setattr(IntruderViews, "view", leaky)
    with pytest.raises(AssertionError, match="view of reader"):
        harness().playout(3, {}, seed=1)


def test_the_checker_catches_a_leak_planted_in_the_referee(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A test of the test: a live game whose transcript and undo answers describe each move as
    its own player reads it (the old behaviour) is caught by the live channels alone."""
    def as_the_actor(state: Any, actions: Sequence[Action], seat: int | None = None) -> list[str]:
        return [state.describe(x, x.actor, settled=True) for x in actions]

    monkeypatch.setattr(live_module, "history_sentences", as_the_actor)
    with pytest.raises(AssertionError, match="reader None tells"):
        harness(Counted(limit=20)).playout(3, {}, seed=1)


def test_an_older_snapshot_with_copies_in_known_loads_as_kinds() -> None:
    """Snapshots written before kinds (``known`` and ``camera`` by copy, no ``follow_seen``)
    still load: the copies read as their kinds, and a taken card listed as known was seen."""
    state = position([["hostage-1"], ["bandage-1"], []], center=["knife-3"], top_exposed=True)
    state.apply(a.Play(0, "hostage-1"))
    snapshot = state.to_json()
    assert snapshot["known"] == [["knife"], [], []] and snapshot["follow_seen"] is True
    snapshot["known"] = [["knife-3"], [], []]
    snapshot["camera"] = {"seat": 1, "cards": ["bandage-1"], "round": 1}
    del snapshot["follow_seen"]
    loaded = GAME.state_from_json(snapshot)
    assert loaded.known == [["knife"], [], []] and loaded.follow_seen
    assert loaded.view(None)["follow"] == {"seat": 0, "card": "knife"}
    assert loaded.view(2)["camera"] == {"seat": 1, "cards": ["bandage"], "round": 1}
    snapshot["known"] = [[], [], []]
    assert not GAME.state_from_json(snapshot).follow_seen  # taken face down
