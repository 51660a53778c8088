"""Innsmouth 32's public screen (services/referee/tables/innsmouth_32/public.py): every page of
random games at 3, 5 and 9 seats reads in full (``canvas.overflow`` empty), carries the status
line as its title, and never names a card that lies face down; a scripted attack is explained
on the "roll" page; the status line's marks; long names shortened."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from services.games.core import Event
from services.games.innsmouth_32 import I32State
from services.games.innsmouth_32 import actions as a
from services.referee.box.render import text_grid
from services.referee.tables.innsmouth_32 import public, words
from tests.games.i32_helpers import GAME, edit, move, roll, start

NOTE = "waiting for Seat 2 to choose what Bugsy Malone does"


MODULES = {"terrors": "3", "hound": "thirteenth", "night_clerk": True, "secret_cultist": True,
           "cover_attack": True, "survivor_loss": True, "open_discards": True}


def positions(players: int, seed: int, every: int = 3,
              options: dict[str, Any] | None = None) -> Iterator[tuple[I32State, list[str]]]:
    """A random game (random legal actions and chance outcomes): every ``every``-th position
    after an action, with the texts of that action's public events."""
    rng = random.Random(seed)
    state = GAME.new_state(players, options or {})
    for n in range(4000):
        if state.phase == "over":
            break
        chance = state.chance()
        if chance is not None:
            action = chance.resolve(rng)
        else:
            seat = state.pending()[0].seat  # type: ignore[attr-defined]
            action = rng.choice(state.legal_actions(seat))
        events: list[Event] = state.apply(action)
        if n % every == 0 or state.phase == "over":
            yield state, [e.text for e in events if hasattr(e, "text")]


def hidden_names(state: I32State, told: list[str], seat: int | None = None) -> set[str]:
    """Names of the cards lying face down (screen, reel pile, survivor pile) that no part of
    ``seat``'s view (default: the public one) names: nothing drawn for it may show them."""
    if state.phase == "over":
        return set()
    down = [s["card"] for s in state.screen if s["card"] and s["down"]]
    names = {GAME.data.get(c).name for c in [*down, *state.reel_pile, *state.survivor_pile]}
    shown = json.dumps(state.view(seat)) + " ".join(told)
    visible = {GAME.data.get(c).name for c in GAME.data.ids("movie") + GAME.data.ids(
        "survivors") if c in shown}
    return {n for n in names - visible if n not in shown}


@pytest.mark.parametrize(("players", "seed", "options"), [
    (3, 1, {}), (3, 2, MODULES), (5, 3, {}), (5, 4, MODULES), (9, 5, {}), (9, 6, MODULES)])
def test_every_page_of_random_games_fits_and_keeps_secrets(players: int, seed: int,
                                                           options: dict[str, Any]) -> None:
    drawn = checked = 0
    names: set[str] = set()
    ended = False
    for state, told in positions(players, seed, options=options):
        view = state.view(None)
        status = words.status(view, GAME.data)
        secret = hidden_names(state, told)
        checked += len(secret)
        for name, draw in public.pages(view, NOTE, GAME.data, told):
            canvas = draw()
            drawn += 1
            names.add(name.split()[0])
            assert canvas.overflow == [], (name, canvas.overflow)
            assert canvas.texts[0].startswith(status), (name, canvas.texts[0], status)
            for text in canvas.texts:
                assert not any(s in text for s in secret), (name, text, secret)
        ended = ended or view["outcome"] is not None
    assert drawn > 300 and checked > 100  # the secrets check had names to look for
    assert {"screen", "throngs", "survivors", "sanctuaries", "roll"} <= names
    assert ended and "result" in names


def armed(*changes: Any) -> I32State:
    """Seat 2's Bugsy Malone (MUSCLE 7) holds the Fire Axe (+3); a Deep One (4) is in the
    director's throng 1."""
    def change(d: dict[str, Any]) -> None:
        move(d, "fire-axe", "items", "bugsy-malone")
        move(d, "boat-hook", "screen", 0)
        move(d, "deep-one-1", "throng", 0, 0)
        for extra in changes:
            extra(d)
    return edit(start(3), change)


def page(pages: list[public.Page], name: str) -> list[str]:
    found = dict(pages)[name]()
    assert found.overflow == []
    return [row.rstrip() for row in text_grid(found)]


def test_a_scripted_attack_is_explained_on_the_roll_page() -> None:
    """R-I32-41, R-I32-43..45: 2 spoints on MUSCLE 7, 3+4 hits; 1d6 = 1 + Fire Axe 3 = 4
    eliminates the Deep One (4)."""
    state = armed()
    state.apply(a.Pool(1))
    state.apply(a.Act(1, "bugsy-malone", "attack", "deep-one-1", "fire-axe", "muscle"))
    told = [e.text for e in state.apply(a.Commit(1, 2, 0))]
    told += [e.text for e in roll(state, 3, 4)]
    assert told[-1] == "2d6 = 3+4 = 7 <= MUSCLE 7 + 2 spoints: hit"
    rows = page(public.pages(state.view(None), "", GAME.data, told), "roll")
    assert rows[0] == "Reel I pile 9"
    assert "2d6 = 3+4 = 7 <=" in rows and "MUSCLE 7 + 2 spoints:" in rows and "hit" in rows
    state.apply(a.Commit(1, 0, 0))
    told = [e.text for e in roll(state, 1)]
    assert told[0] == "1d6 = 1 + Fire Axe 3 = 4 >= 4: Deep One eliminated"
    rows = page(public.pages(state.view(None), "", GAME.data, told), "roll")
    assert " ".join(rows[1:]).split() == " ".join(told).split()


def test_the_screen_throngs_survivors_and_sanctuaries_pages() -> None:
    def change(d: dict[str, Any]) -> None:
        move(d, "marsh-ghoul-1", "throng", 0, 0)
        d["survivors"]["bugsy-malone"]["insane"] = ["speed"]
        d["survivors"]["bugsy-malone"]["rest"] = 3
        d["survivors"]["bugsy-malone"]["stars"] = 1
    state = armed(change)
    view = state.view(None)
    pages = public.pages(view, NOTE, GAME.data, [])
    assert [name for name, _ in pages] == ["screen", "screen 2", "throngs", "survivors",
                                           "survivors 2", "sanctuaries"]
    assert page(pages, "screen")[1:5] == ["1 Boat Hook item", "2 empty", "3 Crowbar item",
                                         "Seat 2: takes a turn"]
    assert page(pages, "screen 2")[1:4] == ["waiting for Seat 2 to", "choose what Bugsy",
                                            "Malone does"]
    assert page(pages, "throngs")[1:4] == ["Director (Seat 1)", "T1=10 Deep One 4",
                                           "  Marsh Ghoul 6"]
    assert page(pages, "survivors")[1:] == ["power: S2 7, S3 7", "S2 Bugsy Malone",
                                            "M7 S4* B5 G6 rest 3", "mythos 0, 1 star",
                                            " Fire Axe"]
    assert page(pages, "survivors 2")[4] == "* insane: target 4"
    assert page(pages, "sanctuaries")[1] == "no sanctuary yet"


def test_the_status_line_shows_the_fade_out_turning_point_and_final_turn() -> None:
    def change(d: dict[str, Any]) -> None:
        d["fade"] = {"card": "crowbar", "left": 2}
    view = armed(change).view(None)
    assert words.status(view, GAME.data) == "RI p9 F2 Crowbar"
    assert all(draw().texts[0].startswith("RI p9 F2 Crowbar")
               for _, draw in public.pages(view, "", GAME.data, []))
    view.update(turning_point=True, fade=None, reel=3, reel_pile=15)
    assert words.status(view) == "Reel III pile 15 TP"
    view.update(turning_point=False, final_turn=2, reel=4)
    assert words.status(view) == "Reel IV pile 15 FINAL"
    view.update(final_turn=3, turning_point=True, reel_pile=20,
                fade={"card": "necronomicon", "left": 3})
    assert words.status(view, GAME.data) == "RIV pile 20 TP LOS"  # no room for the card
    pages = public.pages(view, "", GAME.data, [])
    assert page(pages, "screen")[:2] == ["RIV pile 20 TP LOS", "Fade 3: Necronomicon"]


def test_long_names_are_shortened_as_a_person_would() -> None:
    assert words.shorten("Professor Armitage", 14) == "P. Armitage"
    assert words.shorten("The Esoteric Order", 15) == "Esoteric Order"
    assert words.shorten("Deep One Hybrid", 21) == "Deep One Hybrid"
    assert words.shorten("Cthaat Aquadingen", 8) == "C. Aqua."
    assert len(words.shorten("Supercalifragilisticexpialidocious", 10)) == 10
    assert words.name(GAME.data, "no-such-card", 20) == "no-such-card"


def test_the_result_page_names_the_winner_and_the_secrets() -> None:
    *_, (state, told) = positions(4, 11, every=1000)
    assert state.phase == "over"
    view = state.view(None)
    pages = public.pages(view, "", GAME.data, told)
    rows = [r for name, _ in pages if name.startswith("result") for r in page(pages, name)]
    head = "THE PLAYERS WIN" if view["outcome"]["result"] == "players" else \
        "THE DIRECTOR WINS"
    assert head in rows
    if view["secrets"]["reel_pile"]:
        assert any(r.startswith("Reel pile:") for r in rows)
