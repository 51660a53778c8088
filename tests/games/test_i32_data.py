"""Innsmouth 32's data pack (A-I32-02): the EXAMPLE file loads and is loudly labelled, and every
error names the file and the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from services.games.core import DataError
from services.games.innsmouth_32 import Innsmouth32
from services.games.innsmouth_32.data import load_data
from services.games.kit.packs import shipped_pack_text
from services.games.registry import default_registry

TEXT = shipped_pack_text("innsmouth32.toml")


HEAD, BODY = TEXT.split("\n[pack]\n", 1)


def edited(old: str, new: str, count: int = 1) -> str:
    """The shipped text with ``old`` replaced in the cards (never in the header comment)."""
    assert old in BODY, old
    return HEAD + "\n[pack]\n" + BODY.replace(old, new, count)


def test_the_shipped_pack_is_a_loudly_labelled_example() -> None:
    data = load_data()
    assert data.example and "EXAMPLE" in data.title
    assert TEXT.startswith("# ====") and "NOT THE REAL CARDS" in TEXT
    assert len(data.survivors) == 12 and len(data.movie) >= 58
    assert {s.faction for s in data.survivors} == {"gangsters", "scholars", "students", "locals"}
    gun = data.get("tommy-gun")
    assert gun.kind == "item" and gun.first_dibs and gun.whole_throng and gun.damage == 2
    sign = data.get("elder-sign")
    assert (sign.mythos, sign.save_penalty) == (4, 2)
    assert data.get("gilman-house").locks == 3 and data.get("deep-one-1").value == 4
    assert data.get("the-doctor").abilities == ("doctor_heal",)
    assert data.hound.stats == {"speed": 8, "guts": 7}
    assert data.night_clerk.stats == {"brains": 7, "guts": 6} and data.night_clerk.mythos == 9
    assert data.night_clerk_value == 8 and len(data.terrors) == 3


@pytest.mark.parametrize(("text", "field", "words"), [
    (edited('id = "bugsy-malone"', 'id = "bugsy malone"'), "survivors[0].id",
     "without spaces"),
    (edited('faction = "gangsters"', 'faction = "pirates"'), "survivors[0].faction",
     "unknown faction"),
    (edited("muscle = 7", "muscle = 13"), "survivors[0].muscle", "must be 2 to 12"),
    (edited("muscle = 7", "muscle = 7.0"), "survivors[0].muscle", "must be a whole number"),
    (edited('abilities = ["doctor_heal"]', 'abilities = ["fly"]'),
     "survivors[4].abilities[0]", "unknown ability"),
    (edited('kind = "monster"\n', 'kind = "dragon"\n'), "movie[0].kind", "unknown kind"),
    (edited('kind = "monster"\nvalue = 4', 'kind = "monster"'), "movie[0].value", "missing"),
    (edited('kind = "monster"\nvalue = 4', 'kind = "monster"\nvalue = 4\ndamage = 1'),
     "movie[0].damage", "unknown field"),
    (edited('stats = ["muscle", "speed"]', 'stats = ["muscle", "muscle"]'),
     "movie[26].stats[1]", "at most once"),
    (edited('stats = ["muscle", "speed"]', "stats = []"), "movie[26].stats", "1 or 2 stats"),
    (edited("damage = 3\n", "damage = 3\nsave_penalty = 1\n"), "movie[28].save_penalty",
     "mythos store"),
    (edited('effect = "attack"\nvalue = 6', 'effect = "explode"'), "movie[44].effect",
     "unknown effect"),
    (edited('effect = "none"', 'effect = "none"\nvalue = 2'), "movie[47].value",
     "only an insanity"),
    (edited('effect = "manual"\nmanual_effect = "Every survivor', 'effect = "manual"\ntext = "'),
     "movie[49].manual_effect", "says what the director applies"),
    (edited("locks = 3\nmythos = 4", "locks = 0\nmythos = 0"), "movie[56].locks",
     "at least one lock"),
    (edited('id = "deep-one-1"', 'id = "bugsy-malone"'), "movie[0].id",
     "already the id of survivors[0]"),
    (edited("[night_clerk]", "[night_clerks]"), "night_clerks", "unknown field"),
    (edited("mythos = 9\nvalue = 8\n", "mythos = 9\n"), "night_clerk.value", "missing"),
    (edited("speed = 8\nguts = 7", "speed = 8\nguts = 7\nmuscle = 5"), "hound.muscle",
     "unknown field"),
    (edited('kind = "monster"\n', 'kind = "popcorn"\n'), "movie[0].value", "unknown field"),
    (edited('id = "innsmouth-32"', "id = 1"), "pack.id", "must be text"),
    ("not toml [", "(syntax)", "not valid TOML"),
])
def test_errors_name_the_file_and_the_field(text: str, field: str, words: str) -> None:
    with pytest.raises(DataError) as caught:
        load_data(text, "mine.toml")
    assert caught.value.file == "mine.toml"
    assert caught.value.field == field, caught.value.message
    assert words in caught.value.message


def test_a_short_movie_deck_is_refused() -> None:
    start = TEXT.index("\n[[movie]]\n")
    end = TEXT.index("-- items (12)")
    end = TEXT.rindex("\n", 0, end) + 1
    with pytest.raises(DataError, match="movie: needs at least 58 entries, this file has 34"):
        load_data(TEXT[:start] + TEXT[end:], "mine.toml")


def test_the_users_pack_in_packs_replaces_the_shipped_one(tmp_path: Path) -> None:
    """A corrected copy in packs/ is read and checked like the shipped file."""
    (tmp_path / "innsmouth32.toml").write_text(
        edited('name = "Bugsy Malone"', 'name = "Scarface Sal"'), encoding="utf-8")
    game = default_registry(tmp_path).get("innsmouth-32")
    assert game.data.get("bugsy-malone").name == "Scarface Sal"
    (tmp_path / "innsmouth32.toml").write_text(edited("muscle = 7", "muscle = 1"),
                                               encoding="utf-8")
    with pytest.raises(DataError) as caught:
        default_registry(tmp_path)
    assert caught.value.field == "survivors[0].muscle"
    assert caught.value.file.endswith("innsmouth32.toml")


def test_views_say_the_data_is_an_example() -> None:
    state = Innsmouth32().new_state(3)
    assert state.view(None)["example_data"] is True
