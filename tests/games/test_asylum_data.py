"""Asylum Escape's data pack (A-AE-01, A-AE-02): the EXAMPLE file loads, every error names the
file and the field, and a user's own copy in packs/ replaces the shipped one."""

from __future__ import annotations

from pathlib import Path

import pytest

from services.games.asylum_escape import AsylumEscape
from services.games.asylum_escape.data import load_data
from services.games.core import DataError, OptionError
from services.games.kit.packs import shipped_pack_text
from services.games.registry import default_registry, game_with_data

TEXT = shipped_pack_text("asylum.toml")


def edited(old: str, new: str, count: int = 1) -> str:
    assert old in TEXT, old
    return TEXT.replace(old, new, count)


def test_the_shipped_pack_is_a_loudly_labelled_example() -> None:
    data = load_data()
    assert data.example and "EXAMPLE" in data.title
    assert TEXT.startswith("# ====") and "NOT THE REAL CARDS" in TEXT
    assert len(data.deck("locations")) == 25
    assert data.get("the-butcher").catching_stat == (5, 6)
    assert data.get("the-director").special
    assert data.get("camo-locker-1").hold and data.get("camo-locker-1").effect == "save"
    assert data.get("stumble-1").stumble and data.get("move-3-1").value == 3
    assert data.get("hoarder").hand_limit == 9


@pytest.mark.parametrize(("text", "field", "words"), [
    (edited('id = "rooftop"', 'id = "roof top"'), "locations[0].id", "without spaces"),
    (edited('[[locations]]\nid = "rooftop"\nname = "Rooftop"\ncolour = "red"\n', ""),
     "locations", "at least 25"),
    (edited('start_room = "morgue"', 'start_room = "moon"'), "patients[0].start_room",
     "not the id of a location"),
    (edited("catching_stat = [5, 6]", "catching_stat = [0, 6]"),
     "patients[0].catching_stat[0]", "from 1 to 20"),
    (edited("catching_stat = [5, 6]", "catching_stat = [6, 6]"),
     "patients[0].catching_stat[1]", "listed twice"),
    (edited("catching_stat = [5, 6]", "catching_stat = []"), "patients[0].catching_stat",
     "at least one"),
    (edited('id = "intern"', 'id = "morgue"'), "victims[0].id", "already the id of locations"),
    (edited('kind = "camo"', 'kind = "both"'), "camo_sabo[0].kind", "camo or sabo"),
    (edited('timing = ["response"]', 'timing = ["always"]'), "camo_sabo[0].timing[0]",
     "'always' is not allowed"),
    (edited('timing = ["response"]', 'timing = ["hold"]'), "camo_sabo[0].timing",
     "at least one of own_turn"),
    (edited('timing = ["response"]', 'timing = ["own_turn"]'), "camo_sabo[0].effect",
     "must include response"),
    (edited('effect = "move"\nvalue = 1', 'effect = "move"'), "camo_sabo[6].value", "missing"),
    (edited('effect = "save"', 'effect = "save"\nvalue = 2'), "camo_sabo[0].value",
     "only a card with effect"),
    (edited('effect = "save"', 'effect = "fly"'), "camo_sabo[0].effect", "unknown effect"),
    (edited('"stumble-1"\nstumble = true', '"stumble-1"\nstumble = true\nvalue = 2'),
     "movement[16]", "not both"),
    (edited('"move-1-1"\nvalue = 1', '"move-1-1"\nvalue = 9'), "movement[0].value",
     "must be 1 to 6"),
    (edited("hand_limit = 9", "hand_limit = 0"), "victims[3].hand_limit", "1 to 20"),
    (edited('positive = "Draws fast (made up)."', 'positive = "  "'), "victims[0].positive",
     "must not be empty"),
    (edited('name = "Rooftop"', 'name = "Rooftop"\nsize = 3'), "locations[0].size",
     "unknown field"),
    (edited("\n[[bloodlust]]\n", "\n[[bloodlusts]]\n", 9), "bloodlusts", "unknown field"),
    (edited("\nexample = true\n", "\nexample = yes\n"), "(syntax)", "not valid TOML"),
])
def test_an_invalid_pack_names_file_and_field(text: str, field: str, words: str) -> None:
    with pytest.raises(DataError) as info:
        load_data(text, "mine.toml")
    assert info.value.file == "mine.toml"
    assert info.value.field == field, info.value.message
    assert words in info.value.message


def test_movement_needs_a_number_card() -> None:
    text = TEXT
    for value in (1, 2, 3):
        text = text.replace(f"value = {value}\n\n[[movement]]", "stumble = true\n\n[[movement]]")
    text = text.replace('id = "move-3-4"\nvalue = 3', 'id = "move-3-4"\nstumble = true')
    with pytest.raises(DataError) as info:
        load_data(text, "mine.toml")
    assert info.value.field == "movement" and "number card" in info.value.message


def test_catching_faces_beyond_the_die_are_refused_at_the_start() -> None:
    game = AsylumEscape(load_data(edited("catching_stat = [5, 6]", "catching_stat = [8]")))
    with pytest.raises(OptionError) as info:
        game.new_state(3, {"die_sides": 6})
    assert info.value.rule == "A-AE-02" and "beyond a 6-sided die" in info.value.message
    assert game.new_state(3, {"die_sides": 8}).options["die_sides"] == 8


def test_a_pack_in_packs_replaces_the_shipped_one(tmp_path: Path) -> None:
    mine = edited('title = "Asylum Escape - EXAMPLE cards (made up)"\nexample = true',
                  'title = "Our asylum"\nexample = false')
    (tmp_path / "asylum.toml").write_text(mine, encoding="utf-8")
    game = default_registry(tmp_path).get("asylum-escape")
    assert isinstance(game, AsylumEscape)
    assert game.data.title == "Our asylum" and not game.data.example
    assert game.new_state(2).view(None)["example_data"] is False


def test_a_broken_pack_file_is_refused_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "asylum.toml"
    path.write_text(edited('kind = "camo"', 'kind = "both"'), encoding="utf-8")
    with pytest.raises(DataError) as info:
        game_with_data("asylum-escape", path)
    assert info.value.file == str(path) and info.value.field == "camo_sabo[0].kind"
