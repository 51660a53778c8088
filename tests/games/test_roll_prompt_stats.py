"""Every roll prompt that names a stat names the one its rule rolls against (issue 24).

With physical dice the table reads the prompt ("The Night Clerk flails (BRAINS 7)") and
judges the roll itself, so a wrong stat there misleads it even when the box judges right.

The prompts are enumerated from the engines' source, in every game: each ``Roll(purpose,
...)``, each ``step_roll(count, purpose, ...)`` and each pending ``["roll", count, purpose,
...]`` step. A prompt names a stat when its words hold one (MUSCLE, SPEED, BRAINS, GUTS, a
catching stat) or a placeholder computes one (``{stat.upper()}``). Each prompt that does has
a check below that brings it up in a real position and compares the stat and number it
names with the rule's; a new prompt naming a stat without a check fails
:func:`test_every_roll_prompt_that_names_a_stat_is_checked`.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from services.games.innsmouth_32 import actions as a
from services.games.innsmouth_32.data import STATS
from services.games.intruder_escape.state import ROLLS
from tests.games.i32_helpers import GAME, edit, move, roll, start
from tests.games.i32_modules_helpers import director_turn, mstart

GAMES = Path(__file__).parents[2] / "services" / "games"
WITH_DICE = ("asylum_escape", "innsmouth_32", "innsmouth_escape", "intruder_escape")
STAT_WORDS = re.compile(rf"\b({'|'.join(STATS)}|catching)\b", re.IGNORECASE)
CLERK = "night-clerk"


def templates(node: ast.expr) -> list[str]:
    """A purpose as written: its words, with ``{expression}`` for each placeholder (both
    texts of ``A if X else B``); an expression that is not a text at all as
    ``<expression>``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        return ["".join(part.value if isinstance(part, ast.Constant) else
                        "{" + ast.unparse(part.value) + "}"  # type: ignore[attr-defined]
                        for part in node.values)]
    if isinstance(node, ast.IfExp):
        return [*templates(node.body), *templates(node.orelse)]
    return [f"<{ast.unparse(node)}>"]


def purposes(game: str) -> Iterator[tuple[str, str]]:
    """(module, purpose template) of every roll prompt of a game's engine."""
    for path in sorted((GAMES / game).glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            found: ast.expr | None = None
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", getattr(node.func, "attr", ""))
                if name == "Roll" and node.args:
                    found = node.args[0]
                elif name == "step_roll" and len(node.args) > 1:
                    found = node.args[1]
            elif (isinstance(node, ast.List) and len(node.elts) >= 4
                  and isinstance(node.elts[0], ast.Constant) and node.elts[0].value == "roll"):
                found = node.elts[2]
            if found is not None:
                yield from ((f"{game}/{path.name}", text) for text in templates(found))


# Purposes that are not written where the prompt is made, and where their words come from.
INDIRECT: dict[tuple[str, str], Callable[[], list[str]]] = {
    ("innsmouth_32/state.py", "<cur['purpose']>"): lambda: [],  # the pending steps above
    ("intruder_escape/state.py", "<words>"): lambda: [w for w, _rule in ROLLS.values()],
}


def names_a_stat(text: str) -> bool:
    placeholders = re.findall(r"\{([^}]*)\}", text)
    return bool(STAT_WORDS.search(re.sub(r"\{[^}]*\}", "", text))
                or any("stat" in p for p in placeholders))


def every_purpose() -> list[tuple[str, str]]:
    found = []
    for game in WITH_DICE:
        for module, text in purposes(game):
            if (module, text) in INDIRECT:
                found += [(module, words) for words in INDIRECT[(module, text)]()]
            else:
                found.append((module, text))
    return found


# ---------------------------------------------------------------------- the rules' stats

def rule_flail(survivor: str) -> str:
    """R-I32-49: a survivor flails with SPEED; R-I32-82: the Night Clerk with BRAINS."""
    return "brains" if survivor == CLERK else "speed"


def check_flail(prompt: str, survivor: str, spent: int) -> None:
    """"NAME flails (STAT N)": the rule's stat, and N = that stat + the spoints spent."""
    stat = rule_flail(survivor)
    value = GAME.data.get(survivor).stats[stat] + spent
    assert prompt == f"{GAME.data.get(survivor).name} flails ({stat.upper()} {value})"


def flail_prompt(state: Any, seat: int, power: int) -> str:
    state.apply(a.Flail(seat, power, 0))
    return str(state.pending()[0].to_json()["purpose"])


def bugsy_flails() -> None:
    """Bugsy Malone (SPEED 6) flails with 1 power spoint: SPEED 7."""
    state = edit(start(3), lambda d: move(d, "deep-one-2", "screen", 0))
    for seat, survivor in ((1, "bugsy-malone"), (2, "lefty-rourke")):
        state.apply(a.Pool(seat))
        state.apply(a.Act(seat, survivor, "rest"))
        state.apply(a.Pass(0))
    state.apply(a.TakeAttack(0, "deep-one-2", 1, "bugsy-malone"))
    roll(state, 1, 2)
    roll(state, 3)
    check_flail(flail_prompt(state, 1, 1), "bugsy-malone", 1)


def the_night_clerk_flails() -> None:
    """The Night Clerk (BRAINS 7, no SPEED) is hit and flails with nothing spent."""
    def attack(d: dict[str, Any]) -> None:
        move(d, "deep-one-1", "throng", 0, 0)
        director_turn(d)
    state = mstart(3, screen=(CLERK, "fire-axe", "boat-hook"), night_clerk=True)
    state.apply(a.Spotlight(1, CLERK, CLERK))
    state.apply(a.Act(1, CLERK, "rest"))
    state = edit(state, attack)
    state.apply(a.AllOut(0))
    state.apply(a.Aim(0, CLERK))
    roll(state, 1, 2)
    roll(state, 2)
    check_flail(flail_prompt(state, 1, 0), CLERK, 0)


def mythos_tests_brains() -> None:
    """R-I32-13: the MYTHOS action is a BRAINS test."""
    state = start(3)
    state.apply(a.Pool(1))
    state.apply(a.Act(1, "bugsy-malone", "mythos"))
    state.apply(a.Commit(1, 0, 0))
    assert state.pending()[0].to_json()["purpose"] == "Bugsy Malone tests BRAINS"


CHECKS: dict[tuple[str, str], tuple[Callable[[], None], ...]] = {
    ("innsmouth_32/fights.py", "{self.card_name(s)} flails ({stat.upper()} {target})"):
        (bugsy_flails, the_night_clerk_flails),
    ("innsmouth_32/people.py", "{self.card_name(s)} tests {stat.upper()}"):
        (mythos_tests_brains,),
}


# ---------------------------------------------------------------------- the tests

def test_the_roll_prompts_of_every_game_with_dice_are_found() -> None:
    found = every_purpose()
    games = {module.split("/")[0] for module, _text in found}
    assert games == set(WITH_DICE)
    assert ("asylum_escape/state.py",
            "kill roll of {name} against Seat {cur['seat'] + 1}") in found
    assert ("innsmouth_escape/combat.py", "the Human's attack") in found
    assert ("intruder_escape/state.py", "tie for most damage") in found
    assert len([m for m, _t in found if m.startswith("innsmouth_32/")]) >= 12


def test_every_purpose_not_written_at_its_prompt_is_traced() -> None:
    unknown = [(m, t) for game in WITH_DICE for m, t in purposes(game)
               if t.startswith("<") and (m, t) not in INDIRECT]
    assert unknown == [], f"roll purposes whose words this test cannot read: {unknown}"


def test_every_roll_prompt_that_names_a_stat_is_checked() -> None:
    naming = {site for site in every_purpose() if names_a_stat(site[1])}
    assert naming == set(CHECKS), (
        f"roll prompts naming a stat without a check against their rule: "
        f"{sorted(naming - set(CHECKS))}; checks for prompts no longer made: "
        f"{sorted(set(CHECKS) - naming)}")


def test_the_stat_finder_sees_words_and_computed_stats() -> None:
    assert names_a_stat("{name} flails (SPEED {target})")
    assert names_a_stat("{name} tests {stat.upper()}")
    assert names_a_stat("a catching roll")
    assert not names_a_stat("{self.card_name(s)} attacks {self.target_name(target)}")
    assert not names_a_stat("the Human's attack")


@pytest.mark.parametrize("check", [c for checks in CHECKS.values() for c in checks],
                         ids=lambda c: c.__name__)
def test_each_prompt_names_the_stat_of_its_rule(check: Callable[[], None]) -> None:
    check()


def test_a_wrong_stat_fails_the_check() -> None:
    """The check can fail: the Night Clerk's old prompt named SPEED."""
    with pytest.raises(AssertionError):
        check_flail("The Night Clerk flails (SPEED 7)", CLERK, 0)
