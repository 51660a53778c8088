"""``benchmarks.i32_losses``: where the box's director loses. A known game (3 players, seed
8, the `hard` director) ends in Last One Standing with the last survivor Lost in the Marsh,
out of reach, after an all-out attack that was the director's only legal move."""

from __future__ import annotations

import pytest

from benchmarks import bots_innsmouth_32, i32_losses


def test_the_watch_sees_last_one_standing_start_out_of_reach() -> None:
    watch = i32_losses.Watch()
    won, _ = bots_innsmouth_32.play_one("hard", 3, 8, watch)
    assert not won
    assert watch.start == i32_losses.Start("lost-in-the-marsh", reach=False, forced=True)
    assert watch.left == (1, 0)


def test_the_report_counts_the_losses_of_the_tournament_games(
        capsys: pytest.CaptureFixture[str]) -> None:
    i32_losses.main(["--games", "2", "--seed", "7", "--players", "3"])
    lines = capsys.readouterr().out.splitlines()
    won = sum(bots_innsmouth_32.play_one("hard", 3, seed)[0] for seed in (7, 8))
    assert lines[0] == (f"hard director, 3 players, games 7-8: won {won} ({won / 2:.1%}), "
                        f"lost {2 - won}")
    assert "  lost, the last survivor out of reach: 1" in lines
    assert lines[-1] == f"  every out-of-reach loss won: {won + 1} ({(won + 1) / 2:.1%})"
