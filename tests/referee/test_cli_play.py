"""Interactive `refbox play`: labelled choices, long lists, 1-based seats, errors after the
state, a default player count, --resume of the right game, typed input that cannot crash."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from services.games.registry import default_registry
from services.referee.cli import build_parser, main
from services.referee.cli import play as play_cli
from services.referee.cli.choices import event_text, labels, matching
from services.referee.cli.interactive import number
from services.referee.journal import Journal
from services.referee.live import LiveGame


def play(*argv: str, stdin: str) -> str:
    """Run `refbox play ARGV` in-process with typed lines; what it printed."""
    args = build_parser().parse_args(["play", *argv])
    out = io.StringIO()
    assert play_cli.run(args, io.StringIO(stdin), out) == 0
    return out.getvalue()


def after_last_table(out: str, marker: str) -> str:
    return out[out.rindex(marker):]


INTRUDER_TO_KEEP = "1\n" * 6  # three characters, three looks at the identity


def test_the_keep_step_names_the_cards_kept() -> None:
    out = play("intruder-escape", "--seed", "1", stdin=INTRUDER_TO_KEEP + "q\n")
    keep = after_last_table(out, "Seat 1: keep 3 cards")
    assert keep.splitlines()[1:6] == [
        "  1. Seat 1 keeps 3 cards (keep: Snatch, Car, Baseball Bat) [baseball-bat-2]",
        "  2. Seat 1 keeps 3 cards (keep: Snatch, Car, Baseball Bat) [baseball-bat-3]",
        "  3. Seat 1 keeps 3 cards (keep: Snatch, Baseball Bat, Baseball Bat)",
        "  4. Seat 1 keeps 3 cards (keep: Car, Baseball Bat, Baseball Bat)",
        "  5. Seat 1 uses Nobody's Home",
    ]
    assert "Your hand: Snatch, Car, Baseball Bat, Baseball Bat, Nobody's Home" in out


def test_the_prompt_does_not_repeat_the_seat() -> None:
    out = play("intruder-escape", "--seed", "1", stdin="q\n")
    assert "Seat 1: choose a character" in out and "Seat 1: Seat 1:" not in out


def live_game(game_id: str, players: int, steps: int) -> LiveGame:
    """A game played ``steps`` seat actions in, always the first legal action."""
    import random

    live, _ = LiveGame.new(Journal(":memory:"), default_registry().get(game_id), players, {},
                           rng=random.Random(1))
    for _ in range(steps):
        seat = live.state.pending()[0].seat  # type: ignore[union-attr]
        live.apply(live.state.legal_actions(seat)[0])
    return live


@pytest.mark.parametrize(("game_id", "players"), [
    (g.info.id, n) for g in default_registry() for n in sorted({g.info.min_players,
                                                                g.info.max_players})
])
def test_labels_never_read_the_same_over_a_game(game_id: str, players: int) -> None:
    import random

    pick = random.Random(7)
    live, _ = LiveGame.new(Journal(":memory:"), default_registry().get(game_id), players, {},
                           rng=random.Random(3))
    for _ in range(200):
        prompts = live.state.pending()
        if not prompts:
            break
        seat = prompts[0].seat  # type: ignore[union-attr]
        legal = live.state.legal_actions(seat)
        texts = labels(live.state, seat, legal, game_id)
        assert len(set(texts)) == len(texts), [t for t in texts if texts.count(t) > 1][:3]
        assert all(text.strip() for text in texts)
        live.apply(pick.choice(legal))


def test_innsmouth_plots_show_their_cards_and_path() -> None:
    live = live_game("innsmouth-escape", 3, 3)  # two Deep Ones placed, the Human placed on A1
    state = live.state
    assert state.pending()[0].kind == "plot"
    texts = labels(state, 0, state.legal_actions(0), "innsmouth-escape")
    assert texts[:2] == [
        "The Human plots his movement (cards: Rest, Rest, Rest; path: A1)",
        "The Human plots his movement (cards: Move 1, Rest, Rest; directions: S; path: A1 > A2)",
    ]
    assert len(texts) > 200


def test_a_long_list_is_paged_and_narrowed_by_words() -> None:
    out = play("innsmouth-escape", "--players", "3", "--seed", "1",
               stdin="+\n/ a1 a1 d1\n/ zz\n/\nq\n")
    first = out[out.index("Seat 2: place 3 Deep Ones"):]
    numbered = [line for line in first.splitlines() if line.startswith("   ")]
    assert numbered[0] == "     1. Seat 2 places Deep Ones on A1, A1, A1"
    assert "  (2300 actions in all; page 1 of 115: + next, - previous, / WORDS to narrow)" in out
    assert "  (2300 actions in all; page 2 of 115: + next, - previous, / WORDS to narrow)" in out
    narrowed = out.split("Seat 2 > ")[2]
    assert narrowed.splitlines()[0] == "     2. Seat 2 places Deep Ones on A1, A1, D1"
    assert "no action has the words 'zz'; type / alone to see all" in out
    assert out.count("page 1 of 115") == 2  # "/" alone shows the whole list again


def test_matching_counts_repeated_words() -> None:
    texts = ["on A1, A1, D1", "on A1, D1, D1", "on A1, B1, D1"]
    assert matching(texts, "a1 a1") == [0]
    assert matching(texts, "D1") == [0, 1, 2]
    assert matching(texts, "b1 d1") == [2]


def test_events_use_1_based_seats_and_names() -> None:
    assert event_text({"type": "clue_given", "seat": 0, "target": 1, "about": "moons",
                       "slots": [0, 3], "tokens": 9}, "decktet-escape") == (
        "clue given: Seat 1, target: Seat 2, about: moons, slots: 1, 4, tokens: 9")
    assert event_text({"type": "character_chosen", "seat": 2, "character": "character-1"},
                      "intruder-escape") == "character chosen: Seat 3, character: Character 1"
    assert event_text({"type": "game_ended", "winners": [0, 2]}, "intruder-escape") == (
        "game ended: winners: Seat 1, Seat 3")


def test_events_in_play_read_1_based() -> None:
    out = play("decktet-escape", "--seed", "1", stdin="1\nq\n")
    assert "  * clue given: Seat 1, target: Seat 2, about: key, slots: 4, tokens: 9" in out
    assert "seat=0" not in out and "seat: 0" not in out


def test_an_error_is_printed_after_the_state_and_not_reprinted_over() -> None:
    out = play("decktet-escape", "--seed", "1", stdin="999\nu\n1\nq\n")
    tables = out.split("Escape! - turn ")
    assert len(tables) == 3  # the first turn once, then the second turn after the clue
    first_turn = tables[1]
    after_choices = first_turn[first_turn.index("Seat 1 > "):]
    assert after_choices.splitlines()[:2] == [
        "Seat 1 > choose a number from 1 to 26",
        "Seat 1 > refused: there is nothing to undo",
    ]


@pytest.mark.parametrize(("typed", "answer"), [
    ("²", "'²' is not a command; type h for help"),
    ("٣", "'٣' is not a command; type h for help"),
    ("1" * 5000, f"{'1' * 39!r}"[:-1]),
    ("v ²", "seats are 1 to 3"),
    ("v 99999999999999999999", "seats are 1 to 3"),
    ("ru ²", "ru takes a number of moves, e.g. ru 2"),
    ("ru 0", "ru takes a number of moves, e.g. ru 2"),
    ("t", "t needs a file name, e.g. t game.json"),
    ("t bad\0name", "cannot write bad\0name: embedded null byte"),
    ("+", "   1. Seat 1 tells Seat 2 about keys"),
])
def test_typed_input_gets_one_line_and_the_session_goes_on(typed: str, answer: str) -> None:
    out = play("decktet-escape", "--seed", "1", stdin=f"{typed}\nq\n")
    assert f"Seat 1 > {answer}" in out


def test_number_takes_only_ascii_digits() -> None:
    assert [number(t) for t in ("7", "0012", "²", "٣", "1e3", "-1", "", "1" * 10)] == [
        7, 12, None, None, None, None, None, None]


SHUFFLE = 'an outcome is JSON, e.g. {"order": [every id of the draw pile, top first]}, or type box'


@pytest.mark.parametrize(("typed", "answer"), [
    ("[1]", SHUFFLE),
    ('{"order": NaN}', SHUFFLE),
    ("{" * 5000, f"that is 5000 characters; {SHUFFLE}"),
    ("9" * 4400, "that is 4400 characters; an outcome is JSON"),
    ("[" * 900 + "]" * 900, "that is 1800 characters"),
])
def test_a_typed_chance_outcome_cannot_crash_play(typed: str, answer: str) -> None:
    out = play("decktet-escape", "--dice", "manual", stdin=f"{typed}\nbox\nq\n")
    assert "chance: shuffle: purpose: shuffle the 45 cards before the deal, deck: draw, size: 45"\
        in out
    assert f"or box > {answer}" in out
    assert "  * dealt: hand size: 5, draw count: 30, first: Seat 1" in out


def test_players_default_to_the_fewest_the_game_allows(capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO('{"cmd": "view"}\n'))
    assert main(["play", "innsmouth-escape", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["view"]["players"] == 2
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert ("number of players (default: the fewest the game allows: decktet-escape 3, "
            "intruder-escape 3, innsmouth-escape 2") in help_text


def test_resume_refuses_another_games_id(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    path = str(tmp_path / "j.sqlite")
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "intruder-escape", "--journal", path, "--json"]) == 0
    capsys.readouterr()
    assert main(["play", "decktet-escape", "--journal", path, "--resume", "1"]) == 2
    assert capsys.readouterr().err == (
        f"refbox play: game 1 of {path} is a game of intruder-escape, not decktet-escape; resume "
        f"it with: refbox play intruder-escape --journal {path} --resume 1\n")
    assert main(["play", "intruder-escape", "--journal", path, "--resume", "1", "--json"]) == 0


@pytest.mark.parametrize("value", ["0", "-1", "²", "99999999999999999999", "1" * 5000])
def test_resume_takes_a_game_id(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["play", "decktet-escape", "--resume", value])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "is not a game id (a whole number from 1, see `refbox journal list`)" in err
    assert "Traceback" not in err
