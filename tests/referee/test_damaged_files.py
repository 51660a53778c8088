"""Every command that reads a file, given damaged versions of it, ends with one line naming
the file and what is wrong and a non-zero status, never a traceback; the box itself (here
`refbox sim --script`) comes up on a damaged tag registry or journal.

Damaged versions: random bytes, a truncated valid file, a valid file with one byte changed,
valid TOML with a value of the wrong type, an empty file, a folder. Bounded by example count.
The commands run in this process through ``services.referee.cli.main``: an exception that
escaped it fails the test with its traceback.
"""

from __future__ import annotations

import io
import random
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from services.games.registry import PACK_FILES
from services.referee.cli import main

ROOT = Path(__file__).resolve().parents[2]
SEED = 20261124
SCRIPT = "game decktet-escape\npress seat1 ok\nwait 0.5\n"
WRONG_TYPES = ('[1, 2]', '"x"', '3.5', 'true', '{ a = 1 }', '-7', '1979-05-27', '""', '[]')


def damaged(valid: bytes, rng: random.Random, count: int, toml: bool = True
            ) -> Iterator[tuple[str, bytes | None]]:
    """``count`` damaged versions of ``valid`` (None: a folder in place of the file)."""
    kinds = ["bytes", "truncated", "byte", "empty", "folder"] + (["types"] * 3 if toml else [])
    for n in range(count):
        kind = kinds[n % len(kinds)] if n < len(kinds) else rng.choice(kinds)
        if kind == "bytes":
            yield kind, bytes(rng.randrange(256) for _ in range(rng.randint(1, 400)))
        elif kind == "truncated":
            yield kind, valid[: rng.randrange(1, len(valid))]
        elif kind == "byte":
            at = rng.randrange(len(valid))
            yield kind, valid[:at] + bytes([rng.randrange(256)]) + valid[at + 1:]
        elif kind == "empty":
            yield kind, b""
        elif kind == "folder":
            yield kind, None
        else:
            yield kind, _wrong_type(valid.decode(), rng).encode()


def _wrong_type(text: str, rng: random.Random) -> str:
    """Valid TOML with some ``key = value`` lines given a value of another type."""
    lines = text.splitlines()
    assignments = [i for i, line in enumerate(lines) if re.match(r"\s*[A-Za-z_]+\s*=", line)]
    for i in rng.sample(assignments, k=min(len(assignments), rng.randint(1, 3))):
        key = lines[i].split("=", 1)[0]
        lines[i] = f"{key}= {rng.choice(WRONG_TYPES)}"
    return "\n".join(lines) + "\n"


def place(path: Path, content: bytes | None) -> None:
    if content is None:
        path.mkdir(parents=True)
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)


def refbox(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    """Run a command in this process; its status and standard error."""
    code = main(list(argv))
    return code, capsys.readouterr().err


def assert_one_line(code: int, err: str, command: str, context: object) -> None:
    """Success, or a non-zero status with exactly one `refbox COMMAND: ...` line."""
    assert "Traceback" not in err, context
    if code == 0:
        return
    said = [line for line in err.splitlines() if line.startswith(f"refbox {command}:")]
    assert len(said) == 1, (context, err)
    assert err.rstrip("\n").endswith(said[0]), (context, err)


def one_seat_board() -> bytes:
    """hw/sim.toml with seat 1 only: the box starts and stops faster (fewer button threads)."""
    text = (ROOT / "hw" / "sim.toml").read_text()
    text = text[: text.index('[[seats]]\nname = "seat2"')]
    return text.replace('name = "sim"', 'name = "sim-one-seat"', 1).encode()


@pytest.fixture
def script(tmp_path: Path) -> Path:
    path = tmp_path / "script.txt"
    path.write_text(SCRIPT)
    return path


@pytest.fixture
def board(tmp_path: Path) -> str:
    path = tmp_path / "one-seat.toml"
    path.write_bytes(one_seat_board())
    return str(path)


@pytest.fixture(autouse=True)
def no_stdin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))


# ---------------------------------------------------------------------- the inputs


def test_a_binary_board_profile_is_one_line(tmp_path, capsys, script):
    board = tmp_path / "board.toml"
    board.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    code, err = refbox(capsys, "sim", "--board", str(board), "--script", str(script))
    assert code == 2
    assert err == (f"refbox sim: board profile ({board}): line 1: this is not a text file "
                   "(byte 0x89 is not UTF-8 text); give a board profile (.toml), see "
                   "docs/hardware.md\n")


def test_a_binary_script_names_the_line(tmp_path, capsys, board):
    path = tmp_path / "script.bin"
    path.write_bytes(b"wait 1\nwait 2\n\xff\xfe\n")
    code, err = refbox(capsys, "sim", "--board", board, "--script", str(path))
    assert code == 2
    assert err == (f"refbox sim: {path}:3: this is not a text file (byte 0xFF is not UTF-8 "
                   "text); give a sim script (see docs/box.md)\n")


def test_a_script_line_with_an_extra_word(tmp_path, capsys, board):
    path = tmp_path / "script.txt"
    path.write_text("wait 0.1\npress seat1 ok now\n")
    code, err = refbox(capsys, "sim", "--board", board, "--script", str(path))
    assert code == 2
    assert err == (f"refbox sim: {path}:2: 'press seat1 ok now': press takes SEAT BUTTON "
                   "(2 words after 'press'), not 3\n")


@pytest.mark.parametrize("seconds", ["inf", "nan", "-1", "1e9", "soon"])
def test_a_wait_that_would_never_end_is_refused(tmp_path, capsys, board, seconds):
    path = tmp_path / "script.txt"
    path.write_text(f"wait {seconds}\n")
    code, err = refbox(capsys, "sim", "--board", board, "--script", str(path))
    assert code == 2
    assert err == (f"refbox sim: {path}:1: 'wait {seconds}': wait takes a number of seconds "
                   f"from 0 to 600, not '{seconds}'\n")


def test_a_file_where_capture_expects_a_folder(tmp_path, capsys, board, script):
    capture = tmp_path / "shots"
    capture.write_text("not a folder")
    code, err = refbox(capsys, "sim", "--board", board, "--script", str(script), "--capture",
                       str(capture))
    assert code == 2
    assert err == (f"refbox sim: {capture}: this is a file, not a folder; give a folder for "
                   "the screen pictures\n")


def test_a_file_where_data_expects_a_folder(tmp_path, capsys, board, script):
    data = tmp_path / "data"
    data.write_text("not a folder")
    code, err = refbox(capsys, "sim", "--board", board, "--script", str(script), "--data",
                       str(data))
    assert (code, err) == (2, f"refbox sim: {data}: this is a file, not a folder; give a "
                              "folder for the journal and the tag registry\n")


def test_run_with_a_file_where_data_expects_a_folder(tmp_path):
    """The daemon itself (in a process of its own: it wants a real standard error)."""
    data = tmp_path / "data"
    data.write_text("not a folder")
    run = subprocess.run([sys.executable, "-m", "services.referee.cli", "run", "--data",
                          str(data)], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert run.returncode == 2
    assert run.stderr.splitlines()[-1] == (f"refbox run: {data}: this is a file, not a "
                                           "folder; give a folder for the journal and the tag "
                                           "registry")
    assert "Traceback" not in run.stderr


@pytest.mark.parametrize(("content", "said"), [
    (None, "file: this is a folder; give a tag registry (TOML) written by `refbox enroll`"),
    (b'[[tags]]\ntag = 5\ngame = ["x"]\nkind = 1\nid = 2\nlabel = 3\n',
     "tags[0] (tag 5): game ['x'] is not allowed; use lower-case letters, digits, '-', '_' "
     "and '.', starting with a letter or digit"),
    (b"\x00\xff\xfe", "line 1: this is not a text file (byte 0xFF is not UTF-8 text); give a "
                      "tag registry (TOML) written by `refbox enroll`"),
])
def test_a_damaged_tag_registry_is_logged_and_the_box_comes_up(tmp_path, capsys, board, caplog,
                                                                script, content, said):
    data = tmp_path / "data"
    place(data / "tags.toml", content)
    code, err = refbox(capsys, "sim", "--board", board, "--script", str(script), "--data",
                       str(data))
    assert (code, err) == (0, "")
    assert f"tag registry not used: {data / 'tags.toml'}: {said}" in caplog.text


@pytest.mark.parametrize("where", ["deck", "packs"])
def test_a_binary_data_pack_is_one_line(tmp_path, capsys, board, script, where):
    pack = tmp_path / "data" / "packs" / "decktet.toml"
    place(pack, b"\x00\x01\x02\n\x80")
    if where == "deck":
        code, err = refbox(capsys, "play", "decktet-escape", "--deck", str(pack))
    else:
        code, err = refbox(capsys, "sim", "--board", board, "--script", str(script), "--data",
                           str(tmp_path / "data"))
    assert code == 2
    said = (f"{pack}: line 2: this is not a text file (byte 0x80 is not "
            "UTF-8 text); give a data pack (.toml) in the format of the shipped one")
    if where == "deck":
        assert err.startswith(f"refbox play: {said}")  # play may add the rule id
    else:  # the box comes up without the game; the script's game line says why
        assert err == (f"refbox sim: {script}:1: 'game decktet-escape': decktet-escape is not "
                       f"available: {said}\n")
    assert err.count("\n") == 1


def test_a_file_where_the_packs_folder_belongs(tmp_path, capsys, board, script):
    data = tmp_path / "data"
    place(data / "packs", b"decktet")
    code, err = refbox(capsys, "sim", "--board", board, "--script", str(script), "--data",
                       str(data))
    assert (code, err) == (2, f"refbox sim: {data / 'packs'}: this is a file, not the folder "
                              "of data packs\n")


# ---------------------------------------------------------------------- fuzz


def test_fuzz_board_profiles(tmp_path, capsys, script):
    valid = one_seat_board()
    rng = random.Random(f"{SEED}:board")
    for n, (kind, content) in enumerate(damaged(valid, rng, 14)):
        board = tmp_path / f"board{n}.toml"
        place(board, content)
        code, err = refbox(capsys, "sim", "--board", str(board), "--script", str(script))
        assert_one_line(code, err, "sim", (kind, content))


def test_fuzz_scripts(tmp_path, capsys, board):
    valid = (SCRIPT + "hold seat1 ok\ndouble seat2 peek\ndown seat3 peek\nup seat3 peek\n"
             "tag seat1 the-watchman\n").encode()
    rng = random.Random(f"{SEED}:script")
    for n, (kind, content) in enumerate(damaged(valid, rng, 8, toml=False)):
        path = tmp_path / f"script{n}.txt"
        place(path, content)
        code, err = refbox(capsys, "sim", "--board", board, "--script", str(path))
        assert_one_line(code, err, "sim", (kind, content))


def test_fuzz_tag_registries_never_stop_the_box(tmp_path, capsys, board, script):
    first = tmp_path / "first"
    assert refbox(capsys, "sim", "--board", board, "--script", str(script), "--data",
                  str(first))[0] == 0
    valid = (first / "tags.toml").read_bytes()  # the simulator's own registry
    rng = random.Random(f"{SEED}:tags")
    for n, (kind, content) in enumerate(damaged(valid, rng, 8)):
        data = tmp_path / f"data{n}"
        place(data / "tags.toml", content)
        code, err = refbox(capsys, "sim", "--board", board, "--script", str(script), "--data",
                       str(data))
        assert (code, err) == (0, ""), (kind, content)


@pytest.mark.parametrize(("game", "pack"), sorted(PACK_FILES.items()))
def test_fuzz_data_packs(tmp_path, capsys, game, pack):
    valid = (ROOT / "services" / "games" / "data" / pack).read_bytes()
    rng = random.Random(f"{SEED}:{pack}")
    for n, (kind, content) in enumerate(damaged(valid, rng, 16)):
        path = tmp_path / f"{n}" / pack
        place(path, content)
        code, err = refbox(capsys, "play", game, "--deck", str(path))
        assert_one_line(code, err, "play", (kind, content))


def test_fuzz_journal_files(tmp_path, capsys):
    from tests.referee.damage import played_game

    good = tmp_path / "good.sqlite"
    played_game(good, "decktet-escape", 3, 4, SEED)
    valid = good.read_bytes()
    rng = random.Random(f"{SEED}:journal")
    for n, (kind, content) in enumerate(damaged(valid, rng, 10, toml=False)):
        path = tmp_path / f"j{n}.sqlite"
        place(path, content)
        for argv in (["journal", "list"], ["journal", "export", "1"],
                     ["journal", "recover", "1"], ["play", "decktet-escape", "--resume", "1"]):
            code, err = refbox(capsys, *argv, "--journal", str(path))
            assert_one_line(code, err, argv[0], (kind, argv))


def test_fuzz_board_profiles_for_wiring(tmp_path, capsys):
    valid = (ROOT / "hw" / "two-seat.toml").read_bytes()
    rng = random.Random(f"{SEED}:wiring")
    for n, (kind, content) in enumerate(damaged(valid, rng, 16)):
        board = tmp_path / f"board{n}.toml"
        place(board, content)
        code, err = refbox(capsys, "wiring", "--board", str(board), "--text")
        assert_one_line(code, err, "wiring", (kind, content))


def test_fuzz_journal_rows_for_every_journal_command(tmp_path, capsys):
    """Row and record damage: list always reads; export, recover and play --resume answer in
    one line (or succeed when the damage happened to be harmless)."""
    from tests.referee.damage import GAMES, damage_record, damage_row, played_game

    for example in range(9):
        rng = random.Random(f"{SEED}:rows:{example}")
        path = tmp_path / f"{example}.sqlite"
        game = GAMES[example % 3]
        gid = played_game(path, game, 4, rng.randint(1, 6), example)
        for _ in range(rng.randint(1, 2)):
            (damage_record if rng.random() < 0.3 else damage_row)(path, gid, rng)
        assert refbox(capsys, "journal", "list", "--journal", str(path)) == (0, "")
        for argv in (["journal", "export", str(gid)], ["journal", "recover", str(gid)],
                     ["play", game, "--resume", str(gid)]):
            code, err = refbox(capsys, *argv, "--journal", str(path))
            assert_one_line(code, err, argv[0], (example, argv))


def test_fuzz_tag_registries_for_enroll(tmp_path, capsys, board, script):
    """`refbox enroll --tags FILE` reads the registry before it opens a reader (here a reader
    that does not exist, so that an undamaged registry ends the command too): one line."""
    first = tmp_path / "first"
    assert refbox(capsys, "sim", "--board", board, "--script", str(script), "--data",
                  str(first))[0] == 0
    valid = (first / "tags.toml").read_bytes()
    rng = random.Random(f"{SEED}:enroll")
    for n, (kind, content) in enumerate(damaged(valid, rng, 8)):
        path = tmp_path / f"tags{n}.toml"
        place(path, content)
        code = main(["enroll", "--game", "intruder-escape", "--kind", "card", "--tags",
                     str(path), "--reader", "nosuch"])
        out, err = capsys.readouterr()
        assert code != 0 and "Traceback" not in out + err, (kind, content)
        said = (out + err).strip().splitlines()
        assert len(said) == 1 and said[0].startswith("refbox enroll: "), (kind, said)
