"""What a newcomer met in `refbox play` (issue 24, item 2), one test each: every adjustment a
card asks for can be applied (Asylum Escape, Innsmouth Escape), Innsmouth 32's spoints are
asked a kind at a time with the target each gives, the mythos action says it is a BRAINS
test, lines follow the terminal's width, and the first line says truly where the game is
kept.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from services.games.core import State
from services.games.registry import Registry, default_registry, game_with_data
from services.referee.cli import main
from services.referee.cli.listing import columns
from services.referee.cli.spoints import Target
from services.referee.journal import Journal
from services.referee.live import LiveGame
from services.referee.tables.innsmouth_32.spoints import Spoints

REGISTRY = default_registry()


@pytest.fixture(autouse=True)
def wide(monkeypatch: pytest.MonkeyPatch) -> None:
    """Lines as long as they come (a test of the width sets its own)."""
    monkeypatch.setenv("COLUMNS", "1000")


def reach(game_id: str, players: int, found: Callable[[State], bool],
          registry: Registry = REGISTRY) -> State:
    """The first state of a seeded random game (seeds from 0) where ``found`` holds."""
    game = registry.get(game_id)
    for seed in range(200):
        rng = random.Random(seed)
        state = game.new_state(players, {})
        for _ in range(3000):
            prompt = state.chance_prompt()
            if prompt is not None:
                state.apply(prompt.resolve(rng))
                continue
            pending = state.pending()
            if not pending:
                break
            if found(state):
                return state
            state.apply(rng.choice(state.legal_actions(pending[0].seat)))  # type: ignore
    raise AssertionError(f"no {game_id} game reached the state asked for")


def kept(tmp_path: Path, state: State, name: str = "game.sqlite") -> str:
    """A journal file holding ``state`` as its game 1."""
    path = str(tmp_path / name)
    with Journal(path) as journal:
        LiveGame.from_state(journal, REGISTRY.get(state.info.id), state)
    return path


def play(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, typed: str,
         *args: str) -> str:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    assert main(["play", *args]) == 0
    out, _err = capsys.readouterr()
    return out


def resumed(path: str) -> State:
    with Journal(path) as journal:
        return LiveGame.resume(journal, 1, REGISTRY).state


def printed(out: str) -> list[str]:
    """The lines printed, without the prompts before them (typed lines are not echoed)."""
    return [re.sub(r"^(Seat [0-9]+ > )+", "", line) for line in out.splitlines()]


def answers(out: str, prompt: str) -> list[list[str]]:
    """The lines printed after each ``prompt`` (what each typed line got), in order."""
    return [part.splitlines() for part in out.split(prompt)[1:]]


def after(out: str, marker: str) -> list[str]:
    return out[out.rindex(marker):].splitlines()


# ---------------------------------------------------------------- adjustments (Asylum)


SHIPPED = Path(__file__).parent.parent / "services" / "games" / "data" / "asylum.toml"
STRUCTURED = 'effect = "move_patient"\nvalue = 1\n'


@pytest.fixture
def deck(tmp_path: Path) -> str:
    """The EXAMPLE pack with Frenzy's effect left to the table (a ``manual_effect``): the
    adjustments a card the box does not apply asks for (A-AE-22)."""
    text = SHIPPED.read_text(encoding="utf-8")
    assert STRUCTURED in text
    path = tmp_path / "manual.toml"
    path.write_text(text.replace(STRUCTURED, 'manual_effect = "Move one Patient one room '
                                 '(adjust: move_patient)."\n'), encoding="utf-8")
    return str(path)


def asylum_adjust(deck: str) -> State:
    """The first adjustment of a card the box does not apply (a seeded random game)."""
    registry = Registry(tuple(game_with_data("asylum-escape", Path(deck))
                              if g.info.id == "asylum-escape" else g for g in REGISTRY))
    return reach("asylum-escape", 3, lambda s: s.view(None)["phase"] == "adjust"
                 and not s.data.get(s.current["card"]).effect, registry)  # type: ignore


def test_a_bloodlust_move_patient_is_found_with_slash_move_and_applied(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch, deck: str) -> None:
    state = asylum_adjust(deck)
    seat = state.pending()[0].seat  # type: ignore[union-attr]
    view = state.view(seat)
    legal = len(state.legal_actions(seat))
    patient = next(p for p in view["patients"] if p["room"])
    rooms = [r for c in view["columns"] for r in c if r != patient["room"]]
    path = kept(tmp_path, state)
    out = play(capsys, monkeypatch, f"/ move\n{legal + 4}\n1\n1\nq\n", "asylum-escape",
               "--journal", path, "--resume", "1", "--deck", deck)
    shown = answers(out, f"Seat {seat + 1} > ")[0]  # the answer to "/ move"
    assert [line for line in shown if ". " in line[:5]] == [
        f"  {legal + 4}. Move a Patient... (which Patient, then the room)"]
    room = state.data.get(rooms[0]).name  # type: ignore[attr-defined]
    assert f"  * adjusted: Seat {seat + 1}, kind: move_patient, patient: " \
        f"{patient['name']}, room: {room}" in printed(out)
    after_move = resumed(path).view(None)["patients"]
    assert [p["room"] for p in after_move if p["card"] == patient["card"]] == [rooms[0]]


def test_the_adjust_list_offers_every_kind_in_the_box_words(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch, deck: str) -> None:
    state = asylum_adjust(deck)
    seat = state.pending()[0].seat  # type: ignore[union-attr]
    step = state.view(seat)["step"]
    legal = len(state.legal_actions(seat))
    out = play(capsys, monkeypatch, "q\n", "asylum-escape", "--journal",
               kept(tmp_path, state), "--resume", "1", "--deck", deck)
    lines = after(out, f"Seat {seat + 1}: apply the card's effect, then done")
    name = state.data.get(step["card"]).name  # type: ignore[attr-defined]
    assert lines[1].startswith(f"  The card: {name}: ")
    assert lines[-6:-1] == [f"  {legal + n}. {text}" for n, text in enumerate((
        "A Patient catches... (which Victim, then which Patient)",
        "A Victim dies... (which Victim)", "Victim draws a card... (which Victim)",
        "Move a Patient... (which Patient, then the room)",
        "Destroy a room... (which room)"), start=1)]
    assert "  1. Done: it is applied" in lines


@pytest.mark.parametrize(("offer", "then", "kind"), [
    (1, "1\n1\n", "catch"), (2, "1\n", "kill"), (3, "1\n", "draw"), (5, "1\n", "destroy")])
def test_each_asylum_adjustment_is_applied(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        offer: int, then: str, kind: str, deck: str) -> None:
    state = asylum_adjust(deck)
    seat = state.pending()[0].seat  # type: ignore[union-attr]
    legal = len(state.legal_actions(seat))
    out = play(capsys, monkeypatch, f"{legal + offer}\n{then}q\n", "asylum-escape",
               "--journal", kept(tmp_path, state), "--resume", "1", "--deck", deck)
    assert any(line.startswith(f"  * adjusted: Seat {seat + 1}, kind: {kind}")
               for line in printed(out)), out[-800:]
    assert "refused" not in out


def test_b_goes_back_to_the_whole_list(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch, deck: str) -> None:
    state = asylum_adjust(deck)
    seat = state.pending()[0].seat  # type: ignore[union-attr]
    legal = len(state.legal_actions(seat))
    out = play(capsys, monkeypatch, f"{legal + 2}\nb\nb\nq\n", "asylum-escape", "--journal",
               kept(tmp_path, state), "--resume", "1", "--deck", deck)
    lines = out.splitlines()
    assert f"Seat {seat + 1} > A Victim dies: which Victim? (b: back)" in lines
    back = after(out, "A Victim dies: which Victim?")
    assert any(line.endswith("1. Done: it is applied") for line in back)
    assert f"Seat {seat + 1} > b goes back from a list an action opened; this is the whole " \
        "list" in back


# ------------------------------------------------------- adjustments (Innsmouth Escape)


@pytest.mark.parametrize(("typed", "expected"), [
    ("3\n1\n1\n", "kind: pawns, colour: {colour}, cell: {cell}, amount: 1"),
    ("6\n1\n1\n", "kind: shoggoth, colour: {colour}, to: A1, amount: 0"),
])
def test_each_innsmouth_adjustment_is_applied(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        typed: str, expected: str) -> None:
    state = reach("innsmouth-escape", 3, lambda s: s.view(None)["phase"] == "adjust")
    seat = state.pending()[0].seat  # type: ignore[union-attr]
    view = state.view(seat)
    colour = next(iter(view["pools"]))
    cell = next(c for c, b in zip(_cells(), view["board"], strict=True)
                if b["pawns"].get(colour, 0) < 4)
    out = play(capsys, monkeypatch, typed + "q\n", "innsmouth-escape", "--journal",
               kept(tmp_path, state), "--resume", "1")
    wanted = f"  * adjusted: Seat {seat + 1}, " + expected.format(colour=colour, cell=cell)
    assert wanted in printed(out), out[-1500:]


def test_innsmouth_moves_a_pawn(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                monkeypatch: pytest.MonkeyPatch) -> None:
    state = reach("innsmouth-escape", 3, lambda s: s.view(None)["phase"] == "adjust")
    seat = state.pending()[0].seat  # type: ignore[union-attr]
    view = state.view(seat)
    colour = next(iter(view["pools"]))
    start = next(c for c, b in zip(_cells(), view["board"], strict=True)
                 if b["pawns"].get(colour, 0))
    to = next(c for c, b in zip(_cells(), view["board"], strict=True)
              if c != start and b["pawns"].get(colour, 0) < 4)
    out = play(capsys, monkeypatch, "5\n1\n1\n1\nq\n", "innsmouth-escape", "--journal",
               kept(tmp_path, state), "--resume", "1")
    assert f"  * adjusted: Seat {seat + 1}, kind: move_pawns, colour: {colour}, cell: " \
        f"{start}, to: {to}, amount: 1" in printed(out)


def _cells() -> list[str]:
    from services.referee.tables.innsmouth_escape.words import CELLS

    return list(CELLS)


# ------------------------------------------------------------------ Innsmouth 32 spoints


def attack_commit(power: int, rest: int) -> State:
    """An attack roll about to be made (MUSCLE 6), the player holding ``power`` power
    spoints and the survivor ``rest`` rest spoints."""
    state = reach("innsmouth-32", 3, lambda s: s.view(None)["phase"] == "commit"
                  and getattr(s, "fight", {}).get("kind") == "attack")
    snapshot: dict[str, Any] = state.to_json()
    current = snapshot["current"]
    snapshot["power"][current["seat"]] = power
    snapshot["survivors"][current["survivor"]]["rest"] = rest
    snapshot["fight"]["base"], snapshot["fight"]["stat"] = 6, "muscle"
    snapshot["current"]["limit"] = 5
    return REGISTRY.get("innsmouth-32").state_from_json(snapshot)


def test_spoints_are_asked_power_then_rest_with_the_target(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = attack_commit(2, 1)
    seat = state.pending()[0].seat  # type: ignore[union-attr]
    name = state.view(seat)["survivors"][state.view(seat)["step"]["survivor"]]["name"]
    path = kept(tmp_path, state)
    out = play(capsys, monkeypatch, "3\n2\nq\n", "innsmouth-32", "--journal", path,
               "--resume", "1", "--seed", "1")
    lines = after(out, f"Seat {seat + 1}: commit spoints before the attack roll")
    assert lines[1:7] == [
        f"  {name}: the attack roll: MUSCLE 6 before spoints",
        "  have 2 power, 1 rest spoints; choose the power, then the rest",
        "  1. 0 power, then rest...: MUSCLE 6",
        "  2. 1 power, then rest...: MUSCLE 6 +1 = 7",
        "  3. 2 power, then rest...: MUSCLE 6 +2 = 8",
        f"Seat {seat + 1} > 2 power: how many rest? (b: back)"]
    assert lines[7:9] == ["  1. 2 power, 0 rest: MUSCLE 6 +2 = 8",
                          "  2. 2 power, 1 rest: MUSCLE 6 +3 = 9"]
    assert f"Seat {seat + 1} > " \
        f"  * commit: Seat {seat + 1}, power: 2, rest: 1, lent: 0" not in out  # no raw dump
    assert resumed(path).to_json()["power"][seat] == 0  # the 2 power spoints were spent


def test_a_gambit_worth_two_a_spoint_says_so() -> None:
    view = {"step": {"survivor": "s", "limit": 5}, "survivors": {"s": {"rest": 0}},
            "power": [3]}
    target = Target(Spoints(0, view, [], lambda _a: ""), "target", 2, 2)
    assert [target.text(n) for n in (0, 1, 5)] == ["target 2", "target 2 +1x2 = 4",
                                                    "target 2 +5x2 = 11"]
    plain = Target(Spoints(0, view, [], lambda _a: ""), "target", 2)
    assert plain.text(1) == "target 2 +1 = 3"  # the box's words (issue 24)


def test_the_mythos_action_says_it_is_a_brains_test(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    state = reach("innsmouth-32", 3, lambda s: any(
        getattr(x, "kind", "") == "mythos" for p in s.pending() if p.actor != "chance"
        for x in s.legal_actions(p.seat)))  # type: ignore[union-attr]
    seat = state.pending()[0].seat  # type: ignore[union-attr]
    view = state.view(seat)
    survivor = view["step"]["survivor"]
    me = view["survivors"][survivor]
    brains = 4 if "brains" in me["insane"] else me["stats"]["brains"]
    out = play(capsys, monkeypatch, "q\n", "innsmouth-32", "--journal",
               kept(tmp_path, state), "--resume", "1")
    assert any(line.endswith(f". {me['name']}: mythos test (a BRAINS {brains} test, not an "
                             f"attack; a success gains {view['reel']} mythos)")
               for line in printed(out))
    assert f"{me['name']}: mythos\n" not in out


# ------------------------------------------------------------------ width and journal


def test_lines_follow_the_terminal_width(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "160")
    wide = play(capsys, monkeypatch, "q\n", "innsmouth-32", "--players", "4", "--seed", "2")
    monkeypatch.setenv("COLUMNS", "80")
    narrow = play(capsys, monkeypatch, "q\n", "innsmouth-32", "--players", "4", "--seed", "2")
    assert max(len(line) for line in narrow.splitlines()) <= 80
    assert max(len(line) for line in wide.splitlines()) > 80
    assert len(wide.splitlines()) < len(narrow.splitlines())


def test_the_width_without_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    assert columns(io.StringIO()) == 80  # not a terminal: 80
    monkeypatch.setenv("COLUMNS", "12")
    assert columns(io.StringIO()) == 40  # too narrow to read: 40
    monkeypatch.setenv("COLUMNS", "wide")
    assert columns(io.StringIO()) == 80


def test_a_long_label_goes_on_under_its_own_text(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "50")
    out = play(capsys, monkeypatch, "1\n" * 6 + "q\n", "intruder-escape", "--seed", "1")
    assert after(out, "Seat 1: keep 3 cards")[1:5] == [
        "  1. Seat 1 keeps 3 cards (keep: Snatch, Car,",
        "     Baseball Bat) [baseball-bat-2]",
        "  2. Seat 1 keeps 3 cards (keep: Snatch, Car,",
        "     Baseball Bat) [baseball-bat-3]"]


def test_the_first_lines_say_nothing_is_kept_without_a_journal(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    out = play(capsys, monkeypatch, "q\n", "decktet-escape", "--seed", "1")
    assert out.splitlines()[:2] == [
        "Escape! (for the Decktet). Type h for help.",
        "Nothing is kept when you quit: start with --journal FILE to keep the game."]


def test_the_first_lines_name_the_journal_and_how_to_resume(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = str(tmp_path / "game.sqlite")
    play(capsys, monkeypatch, "q\n", "decktet-escape", "--journal", path, "--seed", "1")
    out = play(capsys, monkeypatch, "q\n", "decktet-escape", "--journal", path, "--seed", "1")
    assert out.splitlines()[:2] == [
        "Escape! (for the Decktet). Type h for help.",
        f"Kept as game 2 of the journal {path}; to go on later: refbox play decktet-escape "
        f"--journal {path} --resume 2"]


def test_innsmouth_32_adjustments_are_grouped_by_kind_under_the_card(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = reach("innsmouth-32", 3, lambda s: s.view(None)["phase"] == "adjust")
    seat = state.pending()[0].seat  # type: ignore[union-attr]
    out = play(capsys, monkeypatch, "3\n2\nq\n", "innsmouth-32", "--journal",
               kept(tmp_path, state), "--resume", "1")
    lines = printed(out)
    start = lines.index(f"Seat {seat + 1}: apply the card's printed effect, then done")
    assert lines[start + 1].startswith("  The card: ")
    assert lines[start + 3:start + 6] == ["   1. Done: it is applied",
                                          "   2. Rest spoints... (whose, +1 or -1)",
                                          "   3. Mythos... (whose, +1 or -1)"]
    assert "Mythos: whose? (b: back)" in lines
    chosen = lines[lines.index("Mythos: whose? (b: back)") + 2]  # its second line
    assert chosen.startswith("  2. Mythos ")
    name = chosen.split(": ", 1)[1]
    assert any(line.startswith(f"  * told: rule: A-I32-02, text: Adjusted: {name} mythos ")
               for line in lines)


def test_damage_offers_negate_and_the_flail_with_its_target(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = reach("innsmouth-32", 4, lambda s: s.view(None)["phase"] == "negate"
                  and len([x for x in s.legal_actions(s.view(None)["step"]["seat"])
                           if x.type == "flail"]) > 1)
    seat = state.pending()[0].seat  # type: ignore[union-attr]
    view = state.view(seat)
    me = view["survivors"][view["step"]["survivor"]]
    speed = 4 if "speed" in me["insane"] else me["stats"]["speed"]
    out = play(capsys, monkeypatch, "q\n", "innsmouth-32", "--journal",
               kept(tmp_path, state), "--resume", "1")
    lines = printed(out)
    start = lines.index(f"Seat {seat + 1}: negate the damage with spoints or flail")
    damage = view["step"]["damage"]
    assert lines[start + 1] == (f"  {damage} damage to {me['name']}: negate it with {damage} "
                                f"spoints, or flail (SPEED {speed})")
    negates = any(x.type == "negate" for x in state.legal_actions(seat))
    assert lines[-2] == f"  {1 + negates}. Flail: SPEED {speed}... (spoints first)"


def test_a_card_the_box_applies_lists_only_its_choices_as_sentences(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """R-AE-16: a Bloodlust card with an effect offers its own choices (and done), each the
    engine's sentence, none of the adjustments it would refuse."""
    state = reach("asylum-escape", 3, lambda s: s.view(None)["phase"] == "adjust"
                  and bool(s.data.get(s.current["card"]).effect))  # type: ignore
    seat = state.pending()[0].seat  # type: ignore[union-attr]
    out = play(capsys, monkeypatch, "q\n", "asylum-escape", "--journal",
               kept(tmp_path, state), "--resume", "1")
    listed = [line for line in after(out, f"Seat {seat + 1}: apply the card's effect")
              if line[:5].strip().endswith(".") and line[:2] == "  "]
    assert listed == [f"  {n}. {state.describe(x, seat)}"
                      for n, x in enumerate(state.legal_actions(seat), start=1)]
    assert not any("..." in line for line in listed)
