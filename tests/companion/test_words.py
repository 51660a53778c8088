"""A phone seat's page in words (issue 25): exact panels of set-up positions, one a game.

Each game's words are built from views only: the public panel from ``view(None)``, the
status sentence from it and the seats the game waits for, the peek from the seat's own
``view(seat)``. Seats are labelled as the table labels them (the third is a phone: Seat 7).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from services.games.decktet_escape import actions as escape
from services.referee.companion.words import listing, over_line, sentence, words_of
from tests.box.test_phone_seats import PHONES, PhoneTable
from tests.companion.test_table_model import playout
from tests.games import asylum_helpers as ah
from tests.games import decktet_helpers as dh
from tests.games import i32_helpers as i3
from tests.games import innsmouth_helpers as ih
from tests.games import intruder_helpers as xh
from tests.games.mutate import step

LABELS = ["Seat 1", "Seat 2", "Seat 7"]


def rows(panel: dict[str, Any] | None) -> list[tuple[str, str, list[str]]]:
    assert panel is not None
    return [(r["label"], r["text"], r["chips"]) for r in panel["rows"]]


def test_the_helpers_say_lists_and_sentences_as_people_do() -> None:
    assert listing([]) == "nobody"
    assert listing(["Seat 1"]) == "Seat 1"
    assert listing(["Seat 1", "Seat 2", "Seat 7"]) == "Seat 1, Seat 2 and Seat 7"
    assert sentence("the game is lost") == "the game is lost."
    assert sentence("It ends.") == "It ends."


def escape_position() -> Any:
    state = dh.position([["ace-moons", "the-huntress", "the-excuse"], ["ace-suns", "the-bard"],
                         ["the-island", "the-sea"]],
                        routes=[["the-battle", "the-forest"]], discard=["the-mill"], active=1)
    state.apply(escape.Clue(1, 0, "moons"))  # Seat 2 tells Seat 1 about its moons
    return state


def test_escape_public_panel_names_cards_and_says_the_last_clue() -> None:
    words = words_of("decktet-escape")
    panel = words.public(escape_position().view(None), LABELS, None)
    assert panel["title"] == "Escape! Turn 2"
    assert panel["lines"] == ["Last clue: Seat 2 told Seat 1 about moons: slots 1 and 2."]
    assert rows(panel) == [
        ("To act", "Seat 7", []), ("Clue tokens", "9 of 10 left", []),
        ("Draw pile", "35 cards", []), ("Escaped", "nobody yet", []),
        ("Route 1", "1 corridor of the 3 a boat needs",
         ["the Battle (corridor): Wyrms, Knots", "the Forest (corridor): Moons, Leaves"]),
        ("Discarded", "1 card", ["the Mill (corridor): Waves, Leaves"])]


def test_escape_peek_shows_the_other_hands_and_the_seats_clue_marks() -> None:
    state = escape_position()
    words = words_of("decktet-escape")
    peek = words.peek(state.view(0), LABELS, 0, None)
    assert peek is not None and peek["title"] == "Seat 1: the other hands"
    assert rows(peek) == [
        ("Seat 2", "2 cards", ["Ace of Suns (boat): Suns", "the Bard (boat): Suns"]),
        ("Seat 7", "2 cards", ["the Island (key): Suns, Waves, Wyrms", "the Sea (boat): Waves"]),
        ("Your cards", "3 cards: what the clues told you",
         ["slot 1: is Moons", "slot 2: is Moons", "slot 3: not Moons"])]
    public = state.view(None)
    assert words.status(public, LABELS, 2, []) == (
        "Your turn: give a clue, play a card or discard one.")
    assert words.status(public, LABELS, 0, []) == "Seat 7 is to act."


def test_escape_the_guard_is_named_as_such() -> None:
    state = dh.position([["the-excuse"], ["ace-suns"], ["the-sea"]])
    peek = words_of("decktet-escape").peek(state.view(1), LABELS, 1, None)
    assert rows(peek)[0] == ("Seat 1", "1 card", ["the Excuse (the Guard)"])


def test_intruder_public_panel_and_the_seats_identity_and_hand() -> None:
    state = xh.position([xh.ids("knife", "bandage"), xh.ids("baseball-bat"), xh.ids("syringe")])
    words = words_of("intruder-escape")
    public = state.view(None)
    assert rows(words.public(public, LABELS, xh.DATA)) == [
        ("Now", "Seat 1 plays a card or skips", []),
        ("Seat 1", "Character 1, 3 lives left, 2 cards in hand", []),
        ("Seat 2", "Character 2, 3 lives left, 1 card in hand", []),
        ("Seat 7", "Character 3, 3 lives left, 1 card in hand", []),
        ("Center deck", "34 cards", []), ("Discard pile", "0 cards", [])]
    peek = words.peek(state.view(0), LABELS, 0, xh.DATA)
    assert peek is not None and peek["title"] == "Seat 1: your secrets"
    assert rows(peek) == [("You are", "", ["Intruder"]),
                          ("Your hand", "2 cards", ["Knife", "Bandage"])]
    assert words.status(public, LABELS, 0, [0]) == "Your turn: play a card or skip."
    assert words.status(public, LABELS, 2, [0]) == "Seat 1 plays a card or skips."


def test_innsmouth_escape_the_human_and_the_deep_ones_in_words() -> None:
    state = ih.start(3, 0)  # the Human (Seat 1) plots from C4
    words = words_of("innsmouth-escape")
    public = state.view(None)
    assert rows(words.public(public, LABELS, ih.GAME.data)) == [
        ("The Human (Seat 1)", "on C4, 0 of 10 wounds, 0 victory points, 0 cards in hand", []),
        ("His movement cards", "9 in hand; moves left in the deck: 1, 1, 2, 2, 3, 3", []),
        ("Seat 2: blue Deep Ones", "22 pawns in the pool, 3 cards in hand, no Shoggoth out",
         ["blue"]),
        ("Seat 7: green Deep Ones", "22 pawns in the pool, 3 cards in hand, no Shoggoth out",
         ["green"]),
        ("Decks", "deep one 40, captive 14, equipment 14, encounter 11", [])]
    assert rows(words.peek(state.view(0), LABELS, 0, ih.GAME.data)) == [
        ("Movement cards", "9 cards", ["Move 1", "Move 1", "Move 2", "Move 2", "Move 3",
                                       "Move 3", "Rest", "Rest", "Rest"]),
        ("Your hand", "0 cards", [])]
    assert rows(words.peek(state.view(2), LABELS, 2, ih.GAME.data)) == [
        ("Your green cards", "3 cards", ["Deep One 2", "Deep One 4", "Deep One 6"]),
        ("Blue cards", "3 cards", ["Deep One 1", "Deep One 3", "Deep One 5"])]
    assert words.status(public, LABELS, 0, [0]) == "Your turn: plot your route."
    assert words.status(public, LABELS, 2, [0]) == "The Human plots his route."


def test_innsmouth_escape_the_humans_plot_in_words() -> None:
    state = ih.start(2, 0)
    ih.plot(state, ["move-2-1", "move-1-1", "rest-1"], ["E", "N"])
    peek = words_of("innsmouth-escape").peek(state.view(0), LABELS, 0, ih.GAME.data)
    assert rows(peek)[1] == ("Your plot", "2 east, 1 north and 1 rest, to E3", [])


def test_asylum_patients_victims_and_a_victims_room() -> None:
    state = ah.start()
    words = words_of("asylum-escape")
    public = state.view(None)
    assert rows(words.public(public, LABELS, ah.DATA)) == [
        ("The Patients", "played by Seat 1", []),
        ("The Butcher", "in Morgue", ["catches on 5, 6"]),
        ("Seat 2: Example Intern", "alive, 1 card in hand",
         ["strength: Draws fast (made up).", "weakness: Clumsy (made up)."]),
        ("Seat 7: Example Janitor", "alive, 1 card in hand",
         ["strength: Knows the vents (made up).", "weakness: Slow (made up)."]),
        ("Decks", "victims 5, patients 3, special 2, camouflage and sabotage 17, movement 18, "
                  "bloodlust 5", [])]
    peek = words.peek(state.view(2), LABELS, 2, ah.DATA)
    assert peek is not None and peek["title"] == "Seat 7: your Victim"
    assert rows(peek) == [("Your room", "Records Office", []), ("Your hand", "1 card", ["Hide"])]
    assert words.peek(state.view(0), LABELS, 0, ah.DATA) is None  # the Patients: no secret
    assert words.status(public, LABELS, 1, []) == "The coin is flipped."


def test_innsmouth_32_the_table_and_the_directors_secret_cultist() -> None:
    state = i3.start()
    words = words_of("innsmouth-32")
    panel = words.public(state.view(None), LABELS, i3.GAME.data)
    assert panel["title"] == "Innsmouth 32: reel I"
    assert rows(panel) == [
        ("Director", "Seat 1", []),
        ("Piles", "reel pile 10, survivor pile 10, discards 47, random victims 2", []),
        ("The screen", "", ["Fire Axe (item)", "Boat Hook (item)", "Crowbar (item)"]),
        ("Seat 2", "7 power points", []), ("Seat 7", "7 power points", []),
        ("Bugsy Malone (Seat 2)", "Muscle 7, Speed 6, Brains 5, Guts 6; 0 spoints", []),
        ("Lefty Rourke (Seat 7)", "Muscle 6, Speed 7, Brains 5, Guts 5; 0 spoints", [])]
    assert words.status(state.view(None), LABELS, 1, [1]) == "Your turn."
    assert words.status(state.view(None), LABELS, 2, [1]) == "Seat 2 takes a turn."
    secret = i3.GAME.new_state(3, {"secret_cultist": True})
    rng = random.Random(1)
    while not secret.view(0).get("secret_cultist"):
        step(secret, rng)
    cultist = i3.GAME.data.get(secret.view(0)["secret_cultist"]).name
    assert rows(words.peek(secret.view(0), LABELS, 0, i3.GAME.data)) == [
        ("Secret cultist", cultist, [])]
    assert words.peek(secret.view(1), LABELS, 1, i3.GAME.data) is None
    assert "secret_cultist" not in secret.view(None)


@pytest.mark.parametrize(("game", "status", "title"), [
    ("decktet-escape", "Seat 1 is to act.", "Escape! Turn 1"),
    ("intruder-escape", "Seat 1 chooses a character.", "Intruder Escape: setting up"),
    ("innsmouth-escape", "Seat 8 places the Deep One pawns.", "Innsmouth Escape: setting up"),
    ("asylum-escape", "Seat 8 looks at their Victim card.", "Asylum Escape: setting up"),
    ("innsmouth-32", "Seat 1 chooses.", "Innsmouth 32: reel I"),
])
def test_a_phone_seats_model_on_the_box_is_in_words(tmp_path: Path, game: str, status: str,
                                                      title: str) -> None:
    """Two button seats and two phones start the game: each phone's model has its status
    sentence and the public panel in words, and no OLED text (the lobby's, before, had)."""
    phones = PhoneTable(tmp_path / "data")
    try:
        phones.run(f"game {game}", "press seat1 prev", "press seat1 ok", "press seat1 ok",
                   "press seat2 ok")
        for seat in PHONES:
            phones.phone(seat, "press", "ok")
        assert phones.model("phone1")["screen"]["lines"] == ["JOINED", "hold OK: start"]
        phones.run("hold seat1 ok")
        assert phones.table.mode == "game"
        model = phones.model("phone1")
        assert (model["status"], model["public"]["title"], model["screen"]) == (
            status, title, None)
        assert phones.hub.public()[1]["title"] == title  # the public model for every phone
    finally:
        phones.close()


def test_intruder_public_panel_tells_the_die_in_a_sentence() -> None:
    """The die's faces with the seats they chose (never the engine's dict of a roll)."""
    words = words_of("intruder-escape")
    labels = ["Seat 1", "Box 1", "Seat 7", "Seat 8"]
    die = {"purpose": "first", "eligible": [0, 1, 2, 3], "by": None,
           "rolls": [{"face": 1, "seat": None, "accepted": False},
                     {"face": 2, "seat": 1, "accepted": False},
                     {"face": 6, "seat": 2, "accepted": True}]}
    assert words.die_line(die, labels) == (
        "The die for the first player rolled 1 (no one plays character 1: rolled again), "
        "2 (Box 1 cannot be chosen: rolled again) and 6 (Seat 7).")
    state, _steps, _labels = playout("intruder-escape", 1, 25)
    public = words.public(state.view(None), labels, xh.DATA)
    assert public["lines"] == [
        "The die's last roll: 1 (no one plays character 1: rolled again), 4 (no one plays "
        "character 4: rolled again) and 6 (Seat 7)."]
    assert "face" not in str(public)


def test_the_end_names_the_seats_as_the_table_labels_them() -> None:
    """The engine's "Seat 3" is the third game seat: a box seat or a phone on the table."""
    labels = ["Box 1", "Seat 7", "Seat 8"]
    state, _steps, _labels = playout("decktet-escape", 1, 400)
    view = state.view(None)
    assert view["outcome"]["reason"].startswith("Seat 3 must play")
    assert words_of("decktet-escape").public(view, labels, None)["lines"] == [
        "The game is over (loss): Seat 8 must play but holds no card and nobody escaped: "
        "the game is lost."]
    outcome = {"reason": "Innocents win: Seat 2, an Innocent, holds all four escape items",
               "winners": [0, 1]}
    assert over_line(outcome, labels) == (
        "The game is over: Innocents win: Seat 7, an Innocent, holds all four escape items. "
        "Winners: Box 1 and Seat 7.")
