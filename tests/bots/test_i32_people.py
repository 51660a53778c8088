"""The character players' levels of Innsmouth 32 (issue 26, services/bots/innsmouth_32/
people.py, people_normal.py and people_last.py): exact choices per level, honesty twins at
the character players' seats for every level, and the planted cheat caught there."""

from __future__ import annotations

from types import SimpleNamespace
from typing import cast

import pytest

from services.bots.contract import LEVELS, SeatKnowledge, Told, choose, decide
from services.bots.innsmouth_32 import make_bot, people_last, people_normal, role_of
from services.bots.innsmouth_32.table import Table
from services.games.innsmouth_32 import actions as acts
from tests.bots.test_innsmouth_32 import Peeker, decision_points, honesty


def character_points(phases: tuple[str, ...]) -> list[SeatKnowledge]:
    points = decision_points(3, 5, phases, 40)
    return [k for k in points if role_of(k.public, k.seat) == "character"]


def test_normal_attacks_only_at_even_odds_of_eliminating() -> None:
    """At every act decision, normal's choice is an attack only if its odds of eliminating
    the monster, with the spoints it may spare, are at least even."""
    points = character_points(("act",))
    assert points
    for knowledge in points:
        action = choose(make_bot("normal"), knowledge, "s")
        if isinstance(action, acts.Act) and action.kind == "attack" and \
                not action.target.startswith(("throng:", "locks:")):
            table = Table(knowledge.view, knowledge.seat)
            me = table.survivors[action.survivor]
            odds = people_normal.kill_odds(table, me, action.stat, action.item, action.target,
                                           people_normal.spare(table, action.survivor))
            assert odds >= people_normal.EVEN


def test_kill_odds_are_exact() -> None:
    """MUSCLE 7 (21/36 to hit) against a value the die must reach with 4+ (3/6)."""
    knowledge = character_points(("act",))[0]
    table = Table(knowledge.view, knowledge.seat)
    target = next(s["card"] for s in table.screen) if table.screen else None
    if target is None:
        pytest.skip("no monster on screen at this point")
    value = table.monster_value(target)
    me = {"stats": {"muscle": 7}}
    expected = 21 / 36 * sum(1 for d in range(1, 7) if d >= value) / 6
    assert people_normal.kill_odds(table, me, "muscle", "", target, 0) == pytest.approx(expected)


def test_the_last_round_odds_are_exact() -> None:
    """No attack: certain; a lone monster of value 2 hits only on 1-1, a head shot; a throng
    of 11 misses only on 6-6, and with no spoint the survivor flails against SPEED 11 (35/36
    escape); a lock takes the single hit instead (R-I32-64)."""
    assert people_last.survive((), 0, 7) == 1.0
    assert people_last.survive(((2, False),), 5, 7) == pytest.approx(35 / 36)
    assert people_last.survive(((11, False),), 0, 11) == pytest.approx(
        1 / 36 + 34 / 36 * 35 / 36)
    assert people_last.survive(((11, False),), 0, 7, locks=1) == 1.0


def test_spoints_raise_the_odds_of_the_last_round() -> None:
    """Two throngs of 11: more spoints never lower the odds, and 12 spoints negate any 1d6
    hit of both (only the two head shots kill, doubles adding up to +5 damage aside)."""
    attacks = ((11, False), (11, False))
    odds = [people_last.survive(attacks, n, 6) for n in range(0, 13)]
    assert odds == sorted(odds)
    assert odds[0] < odds[12]


def monster(card: str, name: str, value: int) -> dict[str, object]:
    return {"card": card, "name": name, "kind": "monster", "value": value}


def view(step: dict[str, object], rest: int, throngs: list[list[list[dict[str, object]]]],
         monster_players: tuple[int, ...] = (), final: int = 3) -> dict[str, object]:
    """A view of a 3-player game (director at seat 0) with Danny Freeborn (SPEED 8, MUSCLE
    6) the one survivor in play, Seat 3's, and no power spoints left."""
    danny = {"name": "Danny Freeborn", "owner": 2, "faction": "students",
             "stats": {"muscle": 6, "speed": 8, "brains": 5, "guts": 5}, "insane": [],
             "rest": rest, "mythos": 0, "items": ["fire-axe"], "stores": {}, "stars": 0,
             "where": ""}
    return {"director": 0, "players": 3, "reel": 2, "survivors": {"danny-freeborn": danny},
            "power": [0, 0, 0], "monster_players": list(monster_players), "throngs": throngs,
            "screen": [monster("shoggoth-spawn-1", "Shoggoth Spawn", 8)], "sanctuaries": [],
            "step": step, "pools": [[], [], ["danny-freeborn"]], "survivor_pile": 0,
            "final_turn": final, "phase": "negate", "event_cards": []}


def test_the_damage_spoints_reach_the_monster_on_a_four() -> None:
    """After a hit with doubles 3-3 (+3) and the Fire Axe (+3) on a Shoggoth Spawn (8), the
    die must show 2: normal commits nothing; without the axe and the doubles it needs 8:
    4 spoints (of 7 rest, 3 kept in reserve: 4 to spare) to kill on a 4 or better."""
    step = {"seat": 2, "survivor": "danny-freeborn", "purpose": "the damage roll",
            "limit": 99}
    table = Table(view(step, 7, [[], [], []], final=0), 2)
    axe = [Told("Danny Freeborn: attack Shoggoth Spawn with Fire Axe (MUSCLE)", ()),
           Told("The dice show 3+3", ({"text": "2d6 = 3+3 = 6 <= MUSCLE 6 + 2 spoints: hit, "
                                               "doubles +3 damage"},))]
    bare = [Told("Danny Freeborn: attack Shoggoth Spawn", ()),
            Told("The dice show 2+3", ({"text": "2d6 = 2+3 = 5 <= MUSCLE 6: hit"},))]
    assert people_normal.damage_need(table, "danny-freeborn", axe) == 2
    assert people_normal.damage_need(table, "danny-freeborn", bare) == 8
    commits = [acts.Commit(2, 0, n, 0) for n in range(8)]
    assert people_normal.commit(table, commits, "normal", axe) == acts.Commit(2, 0, 0, 0)
    assert people_normal.commit(table, commits, "normal", bare) == acts.Commit(2, 0, 4, 0)


THRONGS = [[[monster("shoggoth-spawn-2", "Shoggoth Spawn", 8)],
            [monster("marsh-ghoul-1", "Marsh Ghoul", 6), monster("deep-one-hybrid-2",
                                                                "Deep One Hybrid", 5)],
            [monster("deep-one-3", "Deep One", 4)], [], [], []],
           [[monster("esoteric-cultist-1", "Esoteric Cultist", 3)], [], []], [[], [], []]]


def test_the_attacks_left_in_the_last_round_are_read_from_the_history() -> None:
    """Last One Standing (R-I32-73): after the director's first aim of an all-out attack,
    his two later throngs (6+5 = 11 and 4) and the monster player's (3) are still to come;
    after a take+attack, only the monster player's."""
    table = Table(view({"seat": 2, "survivor": "danny-freeborn", "damage": 2}, 2, THRONGS,
                       (1,)), 2)
    all_out = [Told("Seat 1 makes an all-out attack", ()),
               Told("Seat 1 aims at Danny Freeborn", ())]
    take = [Told("Seat 1 takes Deep One into throng 3 and attacks Danny Freeborn", ())]
    assert people_last.later_attacks(table, all_out) == ((11, False), (4, False), (3, False))
    assert people_last.later_attacks(table, take) == ((3, False),)


def test_the_last_survivor_negates_or_flails_by_its_exact_odds() -> None:
    """Hard, Last One Standing: 2 damage, 2 rest spoints, one attack of 11 to come: negating
    (0.7099) beats the best flail (1 spoint: 0.6983); 6 damage, 7 rest, three attacks of 11
    to come: a flail with 2 spoints (0.5934) beats negating (0.4249) and the other flails."""
    def table(rest: int, damage: int, throngs: list[list[dict[str, object]]]) -> Table:
        step = {"seat": 2, "survivor": "danny-freeborn", "damage": damage, "limit": 3}
        return Table(view(step, rest, [throngs, [[], [], []], [[], [], []]]), 2)

    one = [[monster("night-gaunt-1", "Night Gaunt", 7)],
           [monster("night-gaunt-2", "Night Gaunt", 7), monster("deep-one-1", "Deep One", 4)]]
    three = [one[0], *[[monster(f"marsh-ghoul-{i}", "Marsh Ghoul", 6),
                        monster(f"deep-one-{i}", "Deep One", 5)] for i in range(1, 4)]]
    aimed = [Told("Seat 1 makes an all-out attack", ()),
             Told("Seat 1 aims at Danny Freeborn", ())]
    small = [acts.Negate(2, 0, 2, 0), *[acts.Flail(2, 0, f, 0) for f in range(3)]]
    assert people_last.negate(table(2, 2, one), small, aimed) == acts.Negate(2, 0, 2, 0)
    big = [acts.Negate(2, 0, 6, 0), *[acts.Flail(2, 0, f, 0) for f in range(4)]]
    assert people_last.negate(table(7, 6, three), big, aimed) == acts.Flail(2, 0, 2, 0)


class Reach:
    """A view read down to what the last survivor's final turn asks: is it out of reach."""

    def __init__(self, inside: bool) -> None:
        self.inside = inside

    def out_of_reach(self, survivor: str) -> bool:
        return self.inside


def test_the_last_survivor_stays_behind_locks_else_moves_in_else_rests() -> None:
    """Normal's final turn (R-I32-73): inside a sanctuary with locks it stays (its sanctuary
    rest first); outside, a move into a locked sanctuary (easy's score above 0) beats a
    rest, and a rest beats easy's other choices."""
    def act(kind: str) -> acts.Act:
        return acts.Act(0, "s", kind)

    inside, outside = cast(Table, Reach(True)), cast(Table, Reach(False))
    assert people_normal.last_stand(inside, act("sanctuary_rest"), 0.1) == 3.0
    assert people_normal.last_stand(inside, act("investigate"), 0.25) == 2.5
    assert people_normal.last_stand(outside, act("move"), 0.5) == 2.8
    assert people_normal.last_stand(outside, act("move"), 0.0) == 0.0
    assert people_normal.last_stand(outside, act("rest"), 0.05) == 2.0
    assert people_normal.last_stand(outside, act("mythos"), 0.25) == 0.25


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_is_deterministic_at_the_character_seats(level: str) -> None:
    points = character_points(("act", "negate", "commit", "turn", "choose"))
    assert len(points) >= 3
    for knowledge in points:
        assert decide(make_bot(level), knowledge, "a") == decide(make_bot(level), knowledge, "a")


@pytest.mark.parametrize("level", LEVELS)
def test_the_character_seats_decide_the_same_in_twin_worlds(level: str) -> None:
    check = honesty(lambda _state: make_bot(level), "any", games=3, samples=25,
                    extra={"secret_cultist": True})
    assert check.checked >= 8, (check.checked, check.stats)
    assert check.differed == 0, check.notes


def test_the_check_catches_a_cheat_at_any_seat() -> None:
    check = honesty(Peeker, "any", games=3, samples=25, forced={})
    assert check.checked >= 5, check.stats
    assert check.differed >= 1, "the cheating bot was not caught"


def test_a_star_kept_re_rolls_a_failed_flail_in_the_last_round() -> None:
    """A throng of 11 hits on all but 1-1 (head shot) and 6-6; with no spoint the survivor
    flails against SPEED 7 (21/36), and a horror star re-rolls a failed flail once."""
    escape = 21 / 36
    assert people_last.survive(((11, False),), 0, 7, stars=1) == pytest.approx(
        1 / 36 + 34 / 36 * (escape + (1 - escape) * escape))
    assert people_last.survive(((11, False),), 0, 7, stars=1) > \
        people_last.survive(((11, False),), 0, 7)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_star_is_not_spent_to_force_a_re_roll_before_the_last_round(level: str) -> None:
    """Normal keeps its horror stars for failed flails (R-I32-67): at a monster's hit it
    passes; so does hard outside Last One Standing."""
    knowledge = character_points(("act",))[0]
    table = Table(knowledge.view, knowledge.seat)
    seat = knowledge.seat
    plain = [acts.Choose(seat, "pass"), acts.Choose(seat, "s01")]
    hit = Told("Seat 1 aims at Danny Freeborn",
               ({"text": "2d6 = 1+2 = 3 <= throng 2+2 = 4: hit"},))
    chosen = people_normal.force(table, plain, level, (hit,))
    assert chosen == acts.Choose(seat, "pass")


def test_the_hit_to_re_roll_is_the_last_one_told_with_its_own_doubles() -> None:
    """An all-out attack tells several hits: the re-roll is weighed on the last one, with its
    own doubles bonus (an earlier throng's doubles do not count)."""
    two = Told("Seat 1 makes an all-out attack", (
        {"text": "2d6 = 3+3 = 6 <= throng 4+3 = 7: hit, doubles +3 damage"},
        {"text": "1d6 = 2: 2 damage"},
        {"text": "2d6 = 2+5 = 7 <= throng 5+4 = 9: hit"},
    ))
    assert people_normal.last_hit((two,)) == (9, 0)
    one = Told("Seat 1 aims at Danny Freeborn",
               ({"text": "2d6 = 4+4 = 8 <= throng 6+6 = 12: hit, doubles +4 damage"},))
    assert people_normal.last_hit((two, one)) == (11, 4)
    assert people_normal.last_hit(()) == (11, 0)


def test_a_mythos_attack_banishes_above_the_monsters_value() -> None:
    """R-I32-58: the monster saves on 2d6 at or below its value; 1-1 makes it immune, 6-6
    removes it. Value 3: 33 of 36 faces banish (not 1-1, 1-2, 2-1); 7: 15; 11 and 12: 6-6."""
    assert people_last.banish_odds(3) == pytest.approx(33 / 36)
    assert people_last.banish_odds(7) == pytest.approx(15 / 36)
    assert people_last.banish_odds(11) == pytest.approx(1 / 36)
    assert people_last.banish_odds(12) == pytest.approx(1 / 36)


class Screen:
    """A stand-in for :class:`Table`: one seat's pool, its survivors and the card data."""

    def __init__(self, pool: list[str], values: dict[str, int]) -> None:
        self.view = {"pools": [pool], "final_turn": 0}
        self.survivors = {s: {"stats": {"muscle": 4}, "rest": 3, "items": []} for s in pool}
        self.values = values
        self.cards = {
            "knife": SimpleNamespace(kind="item", damage=1, mythos=0),
            "tome": SimpleNamespace(kind="power_play", damage=0, mythos=1),
        }

    def card(self, card: str) -> SimpleNamespace | None:
        return self.cards.get(card)

    def monster_value(self, card: str) -> int:
        return self.values[card]

    def spoints(self, survivor: str) -> int:
        return 3


def test_hard_scores_a_mythos_attack_by_its_odds_and_normal_never_makes_one() -> None:
    table = cast(Table, Screen(["s"], {"imp": 4, "brute": 8}))
    cheap, dear = (acts.Act(0, "s", "mythos_attack", m) for m in ("imp", "brute"))
    assert people_normal.hard_score(table, cheap) == pytest.approx(
        1.3 * people_last.banish_odds(4))
    assert people_normal.hard_score(table, dear) == pytest.approx(
        0.1 * people_last.banish_odds(8))  # below even odds: scarcely worth it
    assert people_normal.act_score(table, cheap) == 0.0


def test_hard_takes_and_acts_with_a_lone_survivor_and_none_to_draw() -> None:
    """TAKE+ACT (R-I32-14): the best screen card to take, two actions instead of one; not
    with a survivor to draw (normal's draw stays), with two survivors in the pool, or when an
    item held would be discarded for it."""
    pool, draw = acts.Pool(0), acts.DrawSurvivor(0)
    knife, tome = acts.Spotlight(0, "s", "knife"), acts.Spotlight(0, "s", "tome")
    one = cast(Table, Screen(["s"], {}))
    assert people_normal.spotlight(one, 0, [pool, tome, knife]) == knife
    assert people_normal.spotlight(one, 0, [pool, tome, knife, draw]) is None
    assert people_normal.spotlight(one, 0, [pool]) is None
    dropping = acts.Spotlight(0, "s", "knife", "axe")  # third_item=discard: it keeps its items
    assert people_normal.spotlight(one, 0, [pool, dropping]) is None
    two = cast(Table, Screen(["s", "t"], {}))
    assert people_normal.spotlight(two, 0, [pool, tome, knife]) is None
