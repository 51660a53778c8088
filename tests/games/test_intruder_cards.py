"""Intruder Escape's data (spec 2.2-2.4): shipped file, spec table, file/field error messages."""

from __future__ import annotations

import pytest

from services.games.core import DataError
from services.games.intruder_escape.cards import deck_ids, load_cards
from services.games.kit.packs import shipped_pack_text

TEXT = shipped_pack_text("intruder.toml")

# Spec table 2.3, written out again on purpose: the loader's own copy must not be the oracle.
SPEC_QUANTITIES = {
    "keys": 1,
    "car": 1,
    "gasoline": 1,
    "license": 1,
    "baseball-bat": 7,
    "knife": 3,
    "bandage": 4,
    "syringe": 3,
    "med-kit": 1,
    "double-scratch": 1,
    "under-the-bed": 1,
    "barricade": 1,
    "flashlight": 2,
    "hostage": 4,
    "snatch": 3,
    "security-camera": 1,
    "roulette": 1,
    "broken-mirror": 1,
    "nobodys-home": 1,
}


def error_of(text: str) -> str:
    with pytest.raises(DataError) as info:
        load_cards(text, "my-cards.toml")
    return str(info.value)


def test_the_shipped_quantities_are_the_spec_table():
    data = load_cards()
    assert {c.id: c.quantity for c in data.cards} == SPEC_QUANTITIES
    assert sum(c.quantity for c in data.cards) == 38
    assert len(data.deck_ids()) == 38


def test_the_shipped_categories_and_effects():
    data = load_cards()
    categories = {c.id: c.category for c in data.cards}
    assert [k for k, v in categories.items() if v == "escape_item"] == [
        "keys",
        "car",
        "gasoline",
        "license",
    ]
    assert all(data.card(k).excluded_from_cap for k in ("keys", "car", "gasoline", "license"))
    assert (data.card("baseball-bat").damage, data.card("knife").damage) == (1, 2)
    assert (data.card("bandage").heal, data.card("syringe").heal) == (1, 2)
    assert data.card("baseball-bat").heal == 0
    med_kit = data.card("med-kit")
    assert (med_kit.category, med_kit.once_per_player) == ("heal_life", True)
    assert med_kit.cannot_be_doubled and med_kit.cannot_be_snatched
    assert data.card("under-the-bed").nullifies == "previous"
    assert set(data.card("under-the-bed").cannot_nullify) == {
        "nobodys-home",
        "keys",
        "car",
        "gasoline",
        "license",
        "barricade",
    }
    assert data.card("barricade").nullifies == "next"
    assert "under-the-bed" in data.card("barricade").cannot_nullify
    assert "barricade" not in data.card("barricade").cannot_nullify
    die_cards = [c.id for c in data.cards if c.category == "die_card"]
    assert die_cards == ["security-camera", "roulette", "broken-mirror"]
    assert all(data.card(k).once_per_game for k in die_cards)
    assert [c.id for c in data.cards if c.category == "utility"] == [
        "flashlight",
        "hostage",
        "snatch",
    ]
    assert data.card("nobodys-home").category == "immunity"
    assert all(c.text for c in data.cards)


def test_instance_ids_are_unique_and_stable():
    ids = deck_ids()
    assert len(set(ids)) == 38
    assert ids == load_cards().deck_ids()
    assert ids[:4] == ("keys-1", "car-1", "gasoline-1", "license-1")
    assert ids[4:11] == tuple(f"baseball-bat-{n}" for n in range(1, 8))
    assert ids[-1] == "nobodys-home-1"
    data = load_cards()
    assert data.card("knife-3") is data.card("knife")
    assert sum(1 for i in ids if data.card(i).id == "hostage") == 4


def test_characters_are_placeholders_on_faces_one_to_six():
    characters = load_cards().characters
    assert [c.die for c in characters] == [1, 2, 3, 4, 5, 6]
    assert [c.name for c in characters] == [f"Character {n}" for n in range(1, 7)]


def test_setups_and_constants():
    data = load_cards()
    assert {s.players: s.splits for s in data.setups} == {
        3: ((1, 2),),
        4: ((2, 2),),
        5: ((2, 3),),
        6: ((2, 4), (3, 3)),
    }
    assert [s.players for s in data.setups if s.wake_up] == [4, 5, 6]
    assert data.setup(6).splits == ((2, 4), (3, 3))
    assert (data.lives, data.deal, data.keep) == (3, 5, 3)
    assert (data.max_turns_per_round, data.max_cards_on_player_per_round) == (3, 4)
    assert data.identity_cards == (3, 4)


BAT = 'id = "baseball-bat"\nname = "Baseball Bat"\nquantity = 7\ncategory = "damage"\ndamage = 1'


def test_the_bat_snippet_is_in_the_shipped_file():
    assert TEXT.count(BAT) == 1


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda t: t.replace(BAT, BAT.replace("quantity = 7", "quantity = 8")),
            "my-cards.toml: cards: Intruder Escape has 38 action cards, this file has 39",
        ),
        (
            lambda t: t.replace(BAT, BAT.replace("quantity = 7", "quantity = 6")).replace(
                'quantity = 3\ncategory = "damage"', 'quantity = 4\ncategory = "damage"'
            ),
            "my-cards.toml: cards[4].quantity: baseball-bat has 7 copies in the game, not 6",
        ),
        (
            lambda t: t.replace('category = "damage"', 'category = "attack"', 1),
            "my-cards.toml: cards[4].category: unknown category 'attack'; categories are "
            "escape_item, damage, heal, heal_life, modifier, nullifier, utility, die_card, "
            "immunity",
        ),
        (
            lambda t: t.replace(BAT, BAT.replace("damage = 1", "damage = 3")),
            "my-cards.toml: cards[4].damage: must be 1 or 2, not 3",
        ),
        (
            lambda t: t.replace(BAT, BAT.replace("damage = 1", 'damage = "1"')),
            "my-cards.toml: cards[4].damage: must be a whole number, not '1'",
        ),
        (
            lambda t: t.replace(BAT, BAT.replace("damage = 1", "damage = 1\nheal = 1")),
            "my-cards.toml: cards[4].heal: not allowed on a damage card; a damage card may "
            "have: damage",
        ),
        (
            lambda t: t.replace(BAT, BAT.replace("\ndamage = 1", "")),
            "my-cards.toml: cards[4].damage: is missing",
        ),
        (
            lambda t: t.replace('"nobodys-home", "keys"', '"nobody-home", "keys"', 1),
            "my-cards.toml: cards[10].cannot_nullify: unknown card 'nobody-home'; it must name "
            "a card id of this file",
        ),
        (
            lambda t: t.replace('nullifies = "next"', 'nullifies = "both"'),
            'my-cards.toml: cards[11].nullifies: must be "previous" or "next", not \'both\'',
        ),
        (
            lambda t: t.replace("die = 2", "die = 1"),
            "my-cards.toml: characters[1].die: face 1 is used twice; each face 1 to 6 once",
        ),
        (
            lambda t: t.replace("die = 6", "die = 7"),
            "my-cards.toml: characters[5].die: must be a die face 1 to 6, not 7",
        ),
        (
            lambda t: t.replace(BAT, BAT + '\ncolour = "red"'),
            "my-cards.toml: cards[4].colour: unknown field; allowed fields are: "
            "cannot_be_doubled, cannot_be_snatched, cannot_nullify, category, damage, "
            "discarded_on_use, excluded_from_cap, heal, id, multiplier, name, nullifies, "
            "once_per_game, once_per_player, quantity, restores_lives, round_start, text",
        ),
        (
            lambda t: t.replace('id = "car"', 'id = "keys"'),
            "my-cards.toml: cards[1].id: 'keys' appears twice; ids must be unique",
        ),
        (
            lambda t: t.replace(
                "{ intruders = 2, innocents = 3 }", "{ intruders = 2, innocents = 2 }"
            ),
            "my-cards.toml: setups[2].splits[0]: 2 intruders + 2 innocents must make 5 players",
        ),
        (
            lambda t: t.replace(
                "{ intruders = 3, innocents = 3 }", "{ intruders = 4, innocents = 2 }"
            ),
            "my-cards.toml: setups[3].splits[1]: needs more identity cards than the 3 intruder "
            "and 4 innocent cards of rules.identity_cards",
        ),
        (
            lambda t: t.replace("keep = 3", "keep = 6"),
            "my-cards.toml: rules.keep: must be at most deal (5)",
        ),
        (
            lambda t: t.replace("version = 1", 'version = "one"'),
            "my-cards.toml: pack.version: must be a whole number, not 'one'",
        ),
        (lambda t: t + "[[cards\n", "my-cards.toml: (syntax): not valid TOML"),
    ],
)
def test_bad_card_files_name_file_field_and_rule(change, message):
    text = change(TEXT)
    assert text != TEXT
    assert error_of(text).startswith(message)


def test_exact_messages_for_the_main_errors():
    assert error_of(TEXT.replace(BAT, BAT.replace("damage = 1", "damage = 0"))) == (
        "my-cards.toml: cards[4].damage: must be 1 or 2, not 0"
    )
    assert error_of(TEXT.replace("die = 3", "die = 5")) == (
        "my-cards.toml: characters[4].die: face 5 is used twice; each face 1 to 6 once"
    )


def test_a_card_short_and_a_character_short():
    text = TEXT.rsplit("[[cards]]", 1)[0]
    assert error_of(text) == (
        "my-cards.toml: cards: Intruder Escape has 38 action cards, this file has 37"
    )
    head, tail = TEXT.split('[[characters]]\nid = "character-6"', 1)
    text = head + tail.split("\n\n", 1)[1]
    assert error_of(text) == (
        "my-cards.toml: characters: Intruder Escape has 6 characters, this file has 5"
    )


def test_renamed_names_load():
    data = load_cards(TEXT.replace('name = "Character 1"', 'name = "Grandma"'), "mine.toml")
    assert data.characters[0].name == "Grandma"
