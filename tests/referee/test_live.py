"""Live games: engine + journal + chance + the undo rules of the box."""

from __future__ import annotations

import json
import random

import pytest

from services.games.core import IllegalAction
from services.games.decktet_escape import actions as a
from services.games.registry import Registry, default_registry
from services.referee.errors import JournalError, UndoRefused
from services.referee.journal import Journal
from services.referee.live import LiveGame
from tests.referee.tally import Add, AskDie, Tally


@pytest.fixture
def journal(tmp_path):
    with Journal(str(tmp_path / "j.sqlite")) as j:
        yield j


def registry() -> Registry:
    return Registry((*default_registry(), Tally()))


def test_a_new_game_with_the_box_rng_is_shuffled_and_dealt_at_once(journal):
    game = default_registry().get("decktet-escape")
    live, events = LiveGame.new(journal, game, 3, rng=random.Random(4))
    assert [e.type for e in events] == ["dealt", "turn"]
    assert [e.kind for e in journal.entries(live.id)] == ["chance"]
    assert journal.game(live.id).settings == {"chance": "auto"}


def test_manual_chance_waits_for_the_outcome(journal):
    game = default_registry().get("decktet-escape")
    live, events = LiveGame.new(journal, game, 3)
    assert events == [] and live.state.chance_prompt() is not None
    with pytest.raises(IllegalAction) as info:
        live.supply_chance({"order": ["the-author"]})
    assert info.value.rule == "R-EX-02"
    assert journal.entries(live.id) == []
    events = live.supply_chance({"order": list(game.deck.ids)})
    assert events[0].type == "dealt"


def test_refusals_are_not_journaled(journal):
    live, _ = LiveGame.new(journal, Tally(), 2)
    with pytest.raises(IllegalAction):
        live.apply(Add(1, 2))
    assert journal.entries(live.id) == []


def test_resume_replays_to_the_same_state(journal):
    game = default_registry().get("decktet-escape")
    rng = random.Random(9)
    live, _ = LiveGame.new(journal, game, 4, {"rat_warren": True}, rng=rng)
    for _ in range(30):
        seat = live.state.pending()[0].seat
        live.apply(rng.choice(live.state.legal_actions(seat)))
    again = LiveGame.resume(journal, live.id, registry())
    assert again.state.to_json() == live.state.to_json()
    assert [s.action for s in again.history] == [s.action for s in live.history]


def test_a_player_undo_takes_back_a_move_that_revealed_nothing(journal):
    live, _ = LiveGame.new(journal, Tally(), 2)
    live.apply(Add(0, 3))
    live.apply(Add(1, 2))
    step = live.undo()
    assert step.action == Add(1, 2)
    assert live.state.view(None) == {"total": 3, "active": 1}
    assert [e.kind for e in journal.entries(live.id)] == ["action", "action", "undo"]
    assert LiveGame.resume(journal, live.id, registry()).state.to_json() == live.state.to_json()


def test_a_player_undo_cannot_cross_a_chance_outcome(journal):
    live, _ = LiveGame.new(journal, Tally(), 2, rng=random.Random(1))
    live.apply(AskDie(0))  # the box rolls at once
    with pytest.raises(UndoRefused) as info:
        live.undo()
    assert (info.value.rule, info.value.message) == (
        "UNDO-CHANCE", "a chance outcome came after the last move, so it cannot be taken "
        "back; only a referee undo can")


def test_a_player_undo_cannot_cross_a_reveal(journal):
    game = default_registry().get("decktet-escape")
    live, _ = LiveGame.new(journal, game, 3, rng=random.Random(2))
    live.apply(a.Discard(0, 0))
    with pytest.raises(UndoRefused) as info:
        live.undo()
    assert info.value.rule == "UNDO-HIDDEN"
    assert info.value.message == ("'Seat 1 discards the card in slot 1' brought hidden "
                                  "information to light, so it cannot be taken back; only a "
                                  "referee undo can")


def test_nothing_to_undo(journal):
    live, _ = LiveGame.new(journal, Tally(), 2)
    with pytest.raises(UndoRefused) as info:
        live.undo()
    assert (info.value.rule, info.value.message) == ("UNDO-EMPTY", "there is nothing to undo")
    with pytest.raises(UndoRefused) as info:
        live.referee_undo(1)
    assert info.value.message == "only 0 move(s) can be taken back, not 1"
    with pytest.raises(UndoRefused) as info:
        live.referee_undo(0)
    assert info.value.rule == "UNDO-COUNT"


def test_a_referee_undo_crosses_chance_and_reveals_and_is_logged(journal):
    game = default_registry().get("decktet-escape")
    live, _ = LiveGame.new(journal, game, 3, rng=random.Random(3))
    before = live.state.to_json()
    live.apply(a.Discard(0, 0))
    live.apply(a.Discard(1, 2))
    removed = live.referee_undo(2, reason="wrong seat pressed")
    assert [s.action for s in removed] == [a.Discard(1, 2), a.Discard(0, 0)]
    assert live.state.to_json() == before
    last = journal.entries(live.id)[-1]
    assert (last.kind, last.body) == ("referee_undo", {"count": 2, "reason": "wrong seat pressed"})
    assert LiveGame.resume(journal, live.id, registry()).state.to_json() == before


def test_a_referee_undo_of_a_finished_game_makes_it_running_again(journal):
    live, _ = LiveGame.new(journal, Tally(), 2)
    for amount in (3, 3, 3, 3, 3):
        live.apply(Add(live.state.active, amount))
    assert journal.game(live.id).status == "finished"
    live.referee_undo(1)
    assert journal.game(live.id).status == "running" and live.state.outcome() is None


class FailingJournal(Journal):
    """A journal whose next append fails, as a full disk would."""

    fail_next = False

    def append(self, *args, **kwargs):
        if self.fail_next:
            self.fail_next = False
            raise JournalError(self.path, "cannot write the journal: disk I/O error")
        return super().append(*args, **kwargs)


def test_a_failed_commit_leaves_engine_and_journal_agreeing(tmp_path):
    with FailingJournal(str(tmp_path / "f.sqlite")) as journal:
        live, _ = LiveGame.new(journal, Tally(), 2)
        live.apply(Add(0, 2))
        journal.fail_next = True
        with pytest.raises(JournalError):
            live.apply(Add(1, 3))
        assert live.state.view(None) == {"total": 2, "active": 1}
        assert len(journal.entries(live.id)) == 1


def test_the_transcript_hides_secrets_until_the_game_is_over(journal):
    game = default_registry().get("decktet-escape")
    rng = random.Random(5)
    live, _ = LiveGame.new(journal, game, 3, rng=rng)
    live.apply(a.Clue(0, 1, live.state.legal_actions(0)[0].about))
    running = json.dumps(live.transcript())
    for hand in live.state.hands:
        for card in hand:
            assert f'"{card}"' not in running
    assert '"order"' not in running
    data = live.transcript()
    assert data["secrets_included"] is False and "actions" not in data
    while live.state.outcome() is None:
        seat = live.state.pending()[0].seat
        live.apply(rng.choice(live.state.legal_actions(seat)))
    done = live.transcript()
    assert done["secrets_included"] is True
    assert done["actions"][0]["action"]["type"] == "shuffle"
    assert done["final"] == live.state.to_json()
    assert done["outcome"] == live.state.outcome().to_json()
