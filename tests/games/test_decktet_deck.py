"""The Decktet card table (A-EX-17): shipped data, validation with file/field messages."""

from __future__ import annotations

import pytest

from services.games.core import DataError
from services.games.decktet_escape import DecktetEscape
from services.games.decktet_escape.deck import SUITS, load_deck
from services.games.kit.packs import shipped_pack_text

TEXT = shipped_pack_text("decktet.toml")


def error_of(text: str) -> str:
    with pytest.raises(DataError) as info:
        load_deck(text, "my-deck.toml")
    return str(info.value)


def test_the_shipped_table_matches_the_spec():
    deck = load_deck()
    assert len(deck.cards) == 45
    assert deck["the-author"].suits == ("moons", "knots")
    assert deck["the-watchman"].suits == ("moons", "wyrms", "knots")
    assert deck["the-windfall"].group == "boat"
    for suit in SUITS:
        on = [c for c in deck.cards if suit in c.suits]
        assert sorted(c.group for c in on) == ["boat"] * 2 + ["corridor"] * 8 + ["key"] * 4


def test_pawns_and_courts_are_flagged_for_checking():
    deck = load_deck()
    flagged = {c.rank for c in deck.cards if c.verify}
    assert flagged == {"pawn", "court"}
    assert all(c.verify for c in deck.cards if c.rank in ("pawn", "court"))


def test_card_ids_do_not_contain_one_another():
    ids = load_deck().ids
    assert not [(a, b) for a in ids for b in ids if a != b and a in b]


@pytest.mark.parametrize(("change", "message"), [
    (lambda t: t.replace('"the-author"', '"the-desert"', 1),
     "my-deck.toml: cards[13].id: 'the-desert' appears twice; ids must be unique"),
    (lambda t: t.replace('suits = ["moons", "knots"]', 'suits = ["moons", "knots", "moons"]', 1),
     "my-deck.toml: cards[12].suits: must list 0 to 3 different suits"),
    (lambda t: t.replace('suits = ["moons", "knots"]', 'suits = ["moons", "suns"]', 1),
     "my-deck.toml: cards: every suit must be on 8 corridor cards; suns is on 9"),
    (lambda t: t.replace('suits = ["moons", "knots"]', 'suits = ["moons"]', 1),
     "my-deck.toml: cards: expected 24 corridor cards (2 suits each), found 23"),
    (lambda t: t.replace('rank = "ace"', 'rank = "ace"\ncolour = "red"', 1),
     "my-deck.toml: cards[0].colour: unknown field; allowed fields are: id, name, rank, "
     "suits, verify"),
    (lambda t: t.replace('name = "Ace of Moons"\n', "", 1),
     "my-deck.toml: cards[0].name: is missing"),
    (lambda t: t.replace("version = 1", 'version = "one"'),
     "my-deck.toml: pack.version: must be a whole number, not 'one'"),
    (lambda t: t.split("[[cards]]")[0], "my-deck.toml: cards: is missing"),
    (lambda t: t + "[[cards\n", "my-deck.toml: (syntax): not valid TOML"),
])
def test_bad_deck_files_name_file_field_and_rule(change, message):
    assert error_of(change(TEXT)).startswith(message)


def test_a_deck_with_a_card_short():
    text = TEXT.rsplit("[[cards]]", 1)[0]
    assert error_of(text) == "my-deck.toml: cards: the extended Decktet has 45 cards, this " \
                             "file has 44"


def test_a_corrected_deck_is_carried_in_snapshots():
    text = TEXT.replace('id = "the-watchman"', 'id = "the-watchman-2"')
    game = DecktetEscape(load_deck(text, "mine.toml"))
    state = game.new_state(3)
    snapshot = state.to_json()
    assert any(c["id"] == "the-watchman-2" for c in snapshot["deck"]["cards"])
    again = DecktetEscape().state_from_json(snapshot)
    assert "the-watchman-2" in again.deck
