"""What a newcomer met after issue 10's fixes, one test each (see the report of that walk).

The table menu's back button, `refbox sim` with an unknown game, `refbox play`'s messages
(--resume without a journal, the family tags, the --option example, a referee undo of more
moves than there are, an empty line, end of input), events without empty fields, the doctor
on a reader that cannot be opened, and `refbox journal list`'s row count.

The second hour's walk (issue 24) continues the series, one file per interface:
tests/test_newcomer_terminal.py (the terminal simulator), tests/test_newcomer_play.py
(`refbox play`), tests/test_newcomer_screens.py (the box's screens and roll prompts),
tests/test_newcomer_install.py (systemd/install.sh), tests/box/test_host_screen.py (the
director screen) and tests/test_docs_agree.py (the README and the guides against what ships).
"""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

from firmware_py.events import ButtonHeld, ButtonPressed, TagPlaced
from services.games.core import OptionError
from services.games.registry import default_registry
from services.referee.box.table import Seat, Table
from services.referee.cli import main
from services.referee.cli.choices import event_text, with_rule
from services.referee.cli.interactive import outcome_example
from services.referee.journal import Journal
from services.referee.tables import GameFlows, has_flow
from tests.referee.test_doctor import Bench, by_part

SEATS = [Seat(f"seat{n}", f"Seat {n}") for n in range(1, 4)]


def play(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, typed: str,
         *args: str) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    status = main(["play", *args])
    out, err = capsys.readouterr()
    return status, out, err


# ---------------------------------------------------------------------- the box


def escape_table(journal: Journal) -> Table:
    table = Table(default_registry(), journal, SEATS, random.Random(1), flows=GameFlows(),
                  lookup=lambda tag: ("decktet-escape", "card", "the-watchman"))
    table.lobby.choose("decktet-escape")
    table.lobby.step, table.lobby.joined = "join", [s.name for s in SEATS]
    start = table.lobby.hold("seat1", "ok")
    assert start is not None
    table._start(start)
    return table


def test_the_back_button_leaves_the_table_menu_as_hold_ok_does() -> None:
    with Journal(":memory:") as journal:
        table = escape_table(journal)
        table.handle(ButtonHeld("seat2", "next", 1.0), 1.0)
        assert table._seat(SEATS[1], 1.0).texts[0] == "Table menu"
        table.handle(ButtonPressed("seat2", "back", 2.0), 2.0)  # F2 in the simulator
        assert "seat2" not in table.system
        assert table._seat(SEATS[1], 2.0).texts[0] != "Table menu"
        table.handle(ButtonHeld("seat2", "next", 3.0), 3.0)  # and from a question too
        table._system_choose("seat2", "end")
        assert table._seat(SEATS[1], 3.0).texts[0] == "End the game now?"
        table.handle(ButtonPressed("seat2", "back", 4.0), 4.0)
        assert "seat2" not in table.system and table.mode == "game"


def test_a_card_tapped_while_the_box_deals_is_not_called_a_stranger() -> None:
    with Journal(":memory:") as journal:
        table = escape_table(journal)  # the lobby's default: Cards: dealt
        table.handle(TagPlaced("seat2", "seat2 reader", "5E00000001", 1.0), 1.0)
        table.privacy.reveal("seat2", 1.0)
        canvas = table._seat(SEATS[1], 1.0)
        assert canvas.overflow == []
        shown = " ".join(canvas.texts)
        assert "is not an Escape! card" not in shown
        assert "the box deals the cards (Cards: dealt): play with the buttons" in shown


def test_sim_with_an_unknown_game_says_only_that(capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path) -> None:
    assert main(["sim", "chess", "--screens", "memory", "--data", str(tmp_path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""  # no "the game is saved in ..." for a run that never started
    games = ", ".join(g.info.id for g in default_registry() if has_flow(g.info.id))
    assert err == f"refbox sim: unknown game 'chess'; games are: {games}\n"


def test_a_scripts_misspelt_tag_names_the_closest_pieces(capsys: pytest.CaptureFixture[str],
                                                         tmp_path: Path) -> None:
    script = tmp_path / "s.txt"
    script.write_text("game decktet-escape\ntag seat1 the-watchman\ntag 2 5E00000001\n"
                      "tag seat1 the-watchmn\n", encoding="utf-8")
    assert main(["sim", "--script", str(script), "--data", str(tmp_path)]) == 2
    assert capsys.readouterr().err == (
        f"refbox sim: {script}:4: 'tag seat1 the-watchmn': no piece called 'the-watchmn': "
        "closest: the-watchman, the-author, the-lunatic\n")


# ---------------------------------------------------------------------- refbox play


def test_resume_without_a_journal_says_which_flag_is_missing(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    status, _out, err = play(capsys, monkeypatch, "", "decktet-escape", "--resume", "1")
    assert status == 2
    assert err == ("refbox play: --resume 1 needs the journal that holds the game: "
                   "refbox play decktet-escape --journal FILE --resume 1\n")


def test_command_errors_cite_spec_rules_but_no_family_tags(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    assert with_rule("not 9", "R-EX-01") == "not 9 [R-EX-01]"
    assert with_rule("bad", "A-IX-04") == "bad [A-IX-04]"
    for tag in ("BOX", "DATA", "GAME", "OPTION", "JOURNAL", "UNDO-HIDDEN", "BOX-CHANCE"):
        assert with_rule("bad", tag) == "bad"
    status, _out, err = play(capsys, monkeypatch, "", "decktet-escape", "--players", "9")
    assert (status, err) == (2, "refbox play: Escape! is for 3 to 5 players (2 with the "
                                "unofficial option allow_two_players), not 9 [R-EX-01]\n")
    status, _out, err = play(capsys, monkeypatch, "", "innsmouth-escape", "--deck", "/no/such")
    assert status == 2 and not err.rstrip().endswith("]"), err


@pytest.mark.parametrize(("game", "typed", "example"), [
    ("decktet-escape", "tokens", "tokens=10"),  # the option typed, with its default
    ("intruder-escape", "tokens", "characters=choose"),  # not an option of this game
    ("innsmouth-escape", "human_seat", "human_seat=random"),
])
def test_the_option_example_belongs_to_the_game(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        game: str, typed: str, example: str) -> None:
    status, _out, err = play(capsys, monkeypatch, "", game, "--option", typed)
    assert status == 2
    assert err == f"refbox play: --option {typed!r} must look like KEY=VALUE, e.g. {example}\n"


def test_a_referee_undo_of_too_many_moves_is_refused_before_asking(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    status, out, _err = play(capsys, monkeypatch, "ru 3\n1\nru 5\nq\n",
                             "decktet-escape", "--seed", "1")
    assert status == 0
    assert "Seat 1 > there is no move to take back\n" in out
    assert "Seat 2 > only 1 move(s) can be taken back, not 5\n" in out
    assert "[y/N]" not in out


def test_an_empty_line_and_help_and_the_end_of_input(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    status, out, _err = play(capsys, monkeypatch, "\n\nhelp\n", "decktet-escape", "--seed", "1")
    assert status == 0
    assert "is not a command" not in out
    assert "Seat 1 > Seat 1 > Seat 1 > Type the number of an action, or:" in out
    assert out.endswith("Seat 1 > \n")  # the shell's prompt gets a line of its own


def test_the_chance_prompt_shows_an_outcome_of_its_own_kind(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    assert outcome_example({"kind": "roll", "count": 1, "sides": 6}) == '{"faces": [3]}'
    assert outcome_example({"kind": "roll", "count": 2, "sides": 6}) == '{"faces": [3, 4]}'
    assert outcome_example({"kind": "flip"}) == '{"heads": true}'
    status, out, _err = play(capsys, monkeypatch, "[1]\nq\n", "innsmouth-escape",
                             "--dice", "manual")
    assert status == 0
    assert ('type the outcome as JSON (e.g. {"card": an id of the seats pile}) or box > '
            'an outcome is JSON, e.g. {"card": an id of the seats pile}, or type box') in out
    assert '"faces"' not in out  # a draw is not a die


def test_events_leave_out_fields_with_no_value() -> None:
    rolled = {"type": "die_rolled", "seat": None, "purpose": "first player", "face": 4,
              "accepted": False, "why": "no one plays character 4: roll again"}
    assert event_text(rolled, "intruder-escape") == (
        "die rolled: purpose: first player, face: 4, accepted: no, why: no one plays "
        "character 4: roll again")
    kept = {"type": "die_rolled", "seat": 1, "purpose": "first player", "face": 2,
            "accepted": True, "why": ""}
    assert event_text(kept, "intruder-escape") == (
        "die rolled: Seat 2, purpose: first player, face: 2, accepted: yes")
    disaster = {"type": "disaster", "card": "the-desert", "route": None, "lost": []}
    assert event_text(disaster, "decktet-escape") == (
        "disaster: card: the Desert, lost: none")


# ---------------------------------------------------------------------- doctor, journal


def test_the_doctor_does_not_wait_for_a_tag_on_a_reader_it_cannot_open() -> None:
    bench = Bench()
    bench.unplugged_readers = {"seat1 reader", "seat2 reader"}
    results = by_part(bench.run(timeout=20.0))
    for name in ("seat1 reader", "seat2 reader"):
        assert (results[name].status, results[name].detail) == (
            "FAIL", "port not usable: no such port")
    assert bench.time.now < 20  # neither reader step waited for its 20 s


def test_journal_list_says_one_row(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    path = str(tmp_path / "j.sqlite")
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "decktet-escape", "--journal", path, "--seed", "1", "--json"]) == 0
    capsys.readouterr()
    assert main(["journal", "list", "--journal", path]) == 0
    line = capsys.readouterr().out
    assert "  decktet-escape   3 players  running       1 row   last " in line  # the shuffle


@pytest.mark.parametrize(("game", "typed", "value"), [
    ("decktet-escape", "first_player=1", 0),
    ("decktet-escape", "first_player=3", 2),
    ("innsmouth-escape", "human_seat=random", -1),
    ("innsmouth-escape", "human_seat=2", 1),
    ("asylum-escape", "patients_seat=RANDOM", -1),
])
def test_seat_options_are_typed_as_people_count_seats(game: str, typed: str, value: int) -> None:
    key, text = typed.split("=")
    assert default_registry().get(game).info.option(key).parse(text) == value


@pytest.mark.parametrize(("game", "typed", "message"), [
    ("decktet-escape", "first_player=0",
     "option 'first_player' cannot be '0': it must be a seat from 1 to 5 [R-EX-04]"),
    ("decktet-escape", "first_player=random",
     "option 'first_player' cannot be 'random': it must be a seat from 1 to 5 [R-EX-04]"),
    ("innsmouth-escape", "human_seat=-1",
     "option 'human_seat' cannot be '-1': it must be a seat from 1 to 5 or random [R-IE-01]"),
    ("innsmouth-escape", "human_seat=²",
     "option 'human_seat' cannot be '²': it must be a seat from 1 to 5 or random [R-IE-01]"),
])
def test_a_seat_option_outside_the_seats_is_refused_in_seat_words(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        game: str, typed: str, message: str) -> None:
    status, _out, err = play(capsys, monkeypatch, "", game, "--option", typed)
    assert (status, err) == (2, f"refbox play: {message}\n")


def test_a_seat_option_beyond_the_table_names_the_seats(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    status, _out, err = play(capsys, monkeypatch, "", "innsmouth-escape", "--players", "3",
                             "--option", "human_seat=4")
    assert (status, err) == (2, "refbox play: human_seat: Seat 4 is not at a table of 3 "
                                "players (Seat 1 to Seat 3, or random) [R-IE-01]\n")


def test_a_snapshot_keeps_seat_indexes_and_says_so_when_wrong() -> None:
    option = default_registry().get("innsmouth-escape").info.option("human_seat")
    assert option.check(0) == 0 and option.check(-1) == -1
    with pytest.raises(OptionError) as info:
        option.check(5)
    assert info.value.message == ("option 'human_seat' cannot be 5: it must be a seat index "
                                  "from 0 (Seat 1) to 4 (Seat 5), or -1 for random")


def test_refbox_play_names_innsmouth_movement_cards_and_an_unplaced_human(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    status, out, _err = play(capsys, monkeypatch, "v 1\nq\n", "innsmouth-escape",
                             "--players", "3", "--seed", "2", "--option", "human_seat=1")
    assert status == 0
    assert ("Your movement cards: Move 1, Move 1, Move 2, Move 2, Move 3, Move 3, Rest, Rest, "
            "Rest") in out
    assert "Human: Seat 1 not placed yet, wounds 0/10" in out
    assert "move-1-1" not in out and " on -," not in out
