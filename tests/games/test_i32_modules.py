"""Innsmouth 32 advanced modules with exact results: terrors (R-I32-80) and the secret cultist
(R-I32-84). EXAMPLE pack: Father Dagon and Mother Hydra are terrors worth 10, the Deep
Shoggoth 9; Bugsy Malone MUSCLE 7 SPEED 6, Lefty Rourke MUSCLE 6; Fire Axe MUSCLE +3."""

from __future__ import annotations

import json
from typing import Any

from services.games.core import DrawResult, ShuffleResult
from services.games.innsmouth_32 import actions as a
from tests.games.i32_helpers import GAME, edit, move, refused, roll, texts
from tests.games.i32_modules_helpers import director_turn, mstart

DAGON, HYDRA, SHOGGOTH = "father-dagon", "mother-hydra", "the-deep-shoggoth"


# ------------------------------------------------------------------ terrors (R-I32-80)


def test_the_director_picks_terrors_for_the_movie_deck() -> None:
    """terrors = 2: two director choices before the shuffle; the deck holds them."""
    state = GAME.new_state(3, {"terrors": "2"})
    assert state.current == {"seat": 0, "choices": [DAGON, HYDRA, SHOGGOTH],
                             "purpose": "terror"}
    refused(state, a.Choose(0, "fire-axe"), "R-I32-80", "Fire Axe is not one of the allowed "
            "choices: Father Dagon, Mother Hydra, The Deep Shoggoth")
    refused(state, a.Choose(1, DAGON), "R-I32-80", "Seat 2 cannot act now")
    events = state.apply(a.Choose(0, SHOGGOTH))
    assert texts(events) == ["The director adds The Deep Shoggoth to the movie deck"]
    assert state.current["choices"] == [DAGON, HYDRA]
    state.apply(a.Choose(0, DAGON))
    assert state.mods["terrors"] == [SHOGGOTH, DAGON]
    prompt = state.chance_prompt()
    assert state.phase == "shuffle" and prompt is not None
    state.apply(ShuffleResult("survivors", tuple(state.deck_ids("survivors"))))
    movie = state.chance_prompt()
    assert movie is not None and set(movie.items) == {*GAME.data.ids("movie"), SHOGGOTH,
                                                       DAGON}


def test_a_random_terror_per_reel_is_a_chance_draw_kept_secret() -> None:
    """terrors = per_reel: before reel I the box draws 1 terror among the 3; nobody is told
    which (the draw reads "a random terror")."""
    state = GAME.new_state(3, {"terrors": "per_reel"})
    prompt = state.chance_prompt()
    assert prompt is not None and prompt.to_json()["deck"] == "terrors"
    assert prompt.to_json()["size"] == 3 and "items" not in prompt.to_json()
    draw = DrawResult("terrors", HYDRA)
    events = state.apply(draw)
    assert texts(events) == ["A random terror is shuffled into the movie deck"]
    assert state.mods["terrors"] == [HYDRA]
    assert state.describe(draw, 1) == "The box draws a random terror"
    assert state.describe(draw, 0) == "The box draws a random terror"
    assert "terrors" not in state.view(None) and HYDRA not in json.dumps(state.view(1))


def test_a_terror_on_screen_is_placed_by_the_director_and_replaced() -> None:
    """On appearing the director places it under a throng or an empty slot (a monster
    player's throng too); the slot is refilled and revealed."""
    state = mstart(3, [a.Choose(0, DAGON)], reel=("crowbar",), screen=(DAGON, "fire-axe",
                                                                      "boat-hook"),
                   terrors="1")
    assert state.phase == "choose" and state.current["card"] == DAGON
    assert state.current["choices"] == [f"throng:0:{i}" for i in range(6)]
    refused(state, a.Choose(0, "throng:1:0"), "R-I32-80",
            "Seat 2's throng 1 is not one of the allowed choices")
    events = state.apply(a.Choose(0, "throng:0:2"))
    assert texts(events)[:2] == ["Father Dagon goes under Seat 1's throng 3",
                                 "Screen slot 1: Crowbar"]
    assert state.throngs[0][2] == [DAGON]
    assert [s["card"] for s in state.screen] == ["crowbar", "fire-axe", "boat-hook"]
    assert state.view(None)["throngs"][0][2] == [
        {"card": DAGON, "name": "Father Dagon", "kind": "terror", "value": 10}]


def in_throng(*cards: str, seat: int = 0, throng: int = 0) -> Any:
    def change(d: dict[str, Any]) -> None:
        for card in cards:
            if card in (DAGON, HYDRA, SHOGGOTH):
                d["mods"]["terrors"].append(card)
                d["throngs"][seat][throng].append(card)
            else:
                move(d, card, "throng", seat, throng)
    return change


def armed_with(*cards: str) -> Any:
    """Seat 2's Bugsy holds the Fire Axe; ``cards`` in the director's throng 1."""
    def change(d: dict[str, Any]) -> None:
        move(d, "fire-axe", "items", "bugsy-malone")
        move(d, "deep-one-6", "screen", 0)
        in_throng(*cards)(d)
    return edit(mstart(3, terrors="off"), change)


def test_a_terror_is_not_counted_for_the_three_cards() -> None:
    """Three monsters and a terror make a full throng: the snapshot accepts it, and a
    throng of two monsters and two terrors still takes a monster."""
    state = armed_with("deep-one-1", "deep-one-2", "deep-one-3", DAGON)
    assert 0 not in state.throng_slots(0)
    state = armed_with("deep-one-1", "deep-one-2", DAGON, HYDRA)
    assert 0 in state.throng_slots(0)


def attack(state: Any, target: str, faces: tuple[int, int], damage: int,
           spoints: int = 0) -> list[str]:
    state.apply(a.Pool(1))
    state.apply(a.Act(1, "bugsy-malone", "attack", target, "fire-axe", "muscle"))
    state.apply(a.Commit(1, 0, 0))
    events = roll(state, *faces)
    if state.phase == "commit":
        state.apply(a.Commit(1, spoints, 0))
        events += roll(state, damage)
    return texts(events)


def test_only_overkill_eliminates_a_terror() -> None:
    """6 + 3 = 9 against the Deep Shoggoth (9) leaves it; a head shot leaves it; 10+ removes
    it from play; no mythos attack aims at it."""
    state = armed_with(SHOGGOTH)
    said = attack(state, SHOGGOTH, (3, 4), 6)
    assert state.throngs[0][0] == [SHOGGOTH] and said[-1].endswith("unharmed")
    state = armed_with(SHOGGOTH)
    attack(state, SHOGGOTH, (1, 1), 0)
    assert state.throngs[0][0] == [SHOGGOTH] and SHOGGOTH not in state.removed
    state = armed_with(SHOGGOTH)
    said = attack(state, SHOGGOTH, (3, 4), 6, spoints=1)
    assert state.throngs[0][0] == [] and state.removed[-1] == SHOGGOTH
    state = armed_with(SHOGGOTH, "deep-one-1")
    state.survivors["bugsy-malone"]["mythos"] = 20
    state.apply(a.Pool(1))
    acts = state.legal_actions(1)
    assert a.Act(1, "bugsy-malone", "mythos_attack", "deep-one-1") in acts
    assert not [x for x in acts if getattr(x, "target", "") == SHOGGOTH
                and x.kind == "mythos_attack"]
    refused(state, a.Act(1, "bugsy-malone", "mythos_attack", SHOGGOTH), "R-I32-13",
            "Seat 2 cannot do that now")


def test_a_terror_moves_only_with_take_attack() -> None:
    """The director moves Mother Hydra from throng 1 to throng 2 and attacks with throng 2
    (a Deep One 4 and Hydra 10: target 14)."""
    def change(d: dict[str, Any]) -> None:
        in_throng(HYDRA)(d)
        in_throng("deep-one-1", throng=1)(d)
        director_turn(d)
    state = edit(mstart(3), change)
    acts = state.legal_actions(0)
    assert a.TakeAttack(0, HYDRA, 1, "bugsy-malone") in acts
    assert a.TakeAttack(0, HYDRA, 0, "bugsy-malone") not in acts
    refused(state, a.TakeAttack(0, HYDRA, 0, "bugsy-malone"), "R-I32-30",
            "Seat 1 cannot do that now")
    events = state.apply(a.TakeAttack(0, HYDRA, 1, "bugsy-malone"))
    assert texts(events) == ["Seat 1 moves Mother Hydra to throng 2"]
    assert state.throngs[0][:2] == [[], ["deep-one-1", HYDRA]]
    assert state.fight["target"] == 14 and state.fight["victim"] == "bugsy-malone"


# ------------------------------------------------------------------ secret cultist (R-I32-84)


def test_the_secret_cultist_is_known_to_the_director_only() -> None:
    state = GAME.new_state(3, {"secret_cultist": True})
    assert state.current["purpose"] == "cultist"
    assert state.current["choices"] == list(GAME.data.ids("survivors"))
    choice = a.Choose(0, "old-zadok")
    events = state.apply(choice)
    assert texts(events) == ["The director secretly takes one card out of the random "
                             "victims deck: the secret cultist"]
    assert "old-zadok" not in state.victims
    assert state.view(0)["secret_cultist"] == "old-zadok"
    for seat in (None, 1, 2):
        assert "secret_cultist" not in state.view(seat)
        assert "old-zadok" not in json.dumps(state.view(seat))
        assert state.describe(choice, seat) == "Seat 1 has chosen"
        assert state.describe(choice, seat, settled=True) == "Seat 1 has chosen"
    assert state.describe(choice, 0) == "Seat 1 sets Old Zadok aside as the secret cultist"
    assert "Zadok" not in " ".join(texts(events))


def cultist_position(players: int, pools: list[list[str]], cultist: str) -> Any:
    """Survivors in ``pools``; every other survivor out of the pile (removed from play)."""
    def change(d: dict[str, Any]) -> None:
        d["mods"]["cultist"] = cultist
        if cultist in d["victims"]:
            d["victims"].remove(cultist)
        held = {s for pool in pools for s in pool}
        for s in list(d["survivor_pile"]):
            if s in held:
                continue
            d["survivor_pile"].remove(s)
            d["removed"].append(s)
            if s in d["victims"]:
                d["victims"].remove(s)
        for seat, pool in enumerate(pools):
            for s in pool:
                if s not in d["pools"][seat]:
                    d["survivor_pile"].remove(s)
                    d["pools"][seat].append(s)
                    d["survivors"][s] = {**d["survivors"][d["pools"][1][0]], "items": [],
                                         "stores": {}, "rest": 0, "insane": []}
    return change


def test_the_cultist_is_revealed_as_the_last_in_a_pool_with_no_survivor_to_draw() -> None:
    """Seat 3's only survivor, Lefty Rourke, is the cultist (Seats 2 and 4 have one each);
    with the pile empty it becomes a familiar face in Seat 3's throng 1 at the next
    checkpoint and Seat 3 a monster player."""
    state = edit(mstart(4, [a.Choose(0, "lefty-rourke")], secret_cultist=True),
                 cultist_position(4, [[], ["bugsy-malone"], ["lefty-rourke"],
                                      ["vera-lucchese"]], "lefty-rourke"))
    state.apply(a.Pool(1))
    events = state.apply(a.Act(1, "bugsy-malone", "rest"))
    assert state.phase == "fade" and "lefty-rourke" in state.survivors
    events = state.apply(a.Pass(0))  # no fade out; then the checkpoint
    assert "Lefty Rourke was the secret cultist! A familiar face in Seat 3's throng 1: " \
        "Seat 3 is now a monster player" in texts(events)
    assert state.throngs[2][0] == ["lefty-rourke"] and state.monster_players == [2]
    assert state.pools[2] == [] and "lefty-rourke" in state.familiar
    assert state.view(1)["secret_cultist"] == "lefty-rourke"
    assert state.describe(a.Choose(0, "lefty-rourke"), 1) == \
        "Seat 1 sets Lefty Rourke aside as the secret cultist"
    assert state.current == {"seat": 2} and state.phase == "director"
    # only overkill eliminates it: 9 damage against its value 6 leaves it
    state = edit(state, lambda d: (move(d, "fire-axe", "items", "bugsy-malone"),
                                   d.update(phase="turn", current={"seat": 1},
                                            todo=[["next_seat", 1]])))
    said = attack(state, "lefty-rourke", (2, 3), 6)
    assert said[-1].endswith("unharmed") and state.throngs[2][0] == ["lefty-rourke"]


def test_coup_de_grace_the_cultist_is_the_last_one_standing() -> None:
    """Seat 2 has Bugsy and the cultist Lefty; Bugsy falls to the director's attack: the
    cultist is revealed, no survivor is left and the director wins."""
    def change(d: dict[str, Any]) -> None:
        cultist_position(2, [[], ["bugsy-malone", "lefty-rourke"]], "lefty-rourke")(d)
        d["power"][1] = 0
        move(d, "deep-one-1", "throng", 0, 0)
        director_turn(d)
    state = edit(mstart(2, [a.Choose(0, "lefty-rourke")], secret_cultist=True), change)
    state.apply(a.AllOut(0))
    state.apply(a.Aim(0, "bugsy-malone"))
    roll(state, 1, 2)  # hit
    roll(state, 3)  # 3 damage: no spoints, Bugsy flails
    events = roll(state, 6, 5)
    said = texts(events)
    assert "Directorial coup de grâce: the secret cultist was the Last One Standing" in said
    assert state.phase == "over" and state.result is not None
    assert state.result.winners == (0, 1)  # D-I32-53: Seat 2 is now a monster player


def test_per_reel_a_new_terror_joins_the_discards_before_the_next_reel() -> None:
    """terrors = per_reel: at the start of reel II the box draws one of the two terrors left
    into the discards, then the discards are shuffled into the reel."""
    state = mstart(3, [DrawResult("terrors", HYDRA)], terrors="per_reel")
    assert state.mods["terrors"] == [HYDRA] and HYDRA in state.deck_ids("movie")

    def change(d: dict[str, Any]) -> None:
        d.update(phase="fade", current={"seat": 0}, todo=[["new_reel"], ["seat_turn", 1]])
    state = edit(state, change)
    events = state.apply(a.Pass(0))
    assert texts(events) == ["Reel 2 begins"]
    prompt = state.chance_prompt()
    assert prompt is not None and prompt.to_json()["deck"] == "terrors"
    assert set(prompt.items) == {DAGON, SHOGGOTH}
    events = state.apply(DrawResult("terrors", DAGON))
    assert texts(events) == ["A random terror is shuffled into the movie deck"]
    assert state.mods["terrors"] == [HYDRA, DAGON] and DAGON in state.discards
    shuffle = state.chance_prompt()
    assert shuffle is not None and DAGON in shuffle.items
    state.apply(ShuffleResult("discards", tuple(state.discards)))
    assert state.reel == 2
    placed = [c for seat in state.throngs for t in seat for c in t]
    assert DAGON in [*state.reel_pile, *state.discards, *placed,
                     *[s["card"] for s in state.screen]]
