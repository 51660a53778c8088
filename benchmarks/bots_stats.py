"""What the bot tournaments (benchmarks/bots_*.py) share: 95% Wilson intervals, the
two-proportion z statistic, percentiles, and the markdown tables they print."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def z_score(wins_a: int, games_a: int, wins_b: int, games_b: int) -> float:
    """The two-proportion z statistic of A's rate over B's (pooled; z > 1.96: A is
    significantly stronger at 5%)."""
    if not games_a or not games_b:
        return 0.0
    pooled = (wins_a + wins_b) / (games_a + games_b)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / games_a + 1 / games_b))
    return (wins_a / games_a - wins_b / games_b) / spread if spread else 0.0


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0-1) of ``values``, nearest rank; 0 when there are none."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def pair_row(role: str, a: str, b: str, players: str | int, wins_a: int, games_a: int,
             wins_b: int, games_b: int) -> dict[str, Any]:
    """The row of level A against level B in ``role``: wins, rates with their 95% Wilson
    intervals, the difference and the two-proportion z."""
    return {"role": role, "level_a": a, "level_b": b, "players": players, "games": games_a,
            "wins_a": wins_a, "rate_a": wins_a / games_a, "ci_a": wilson(wins_a, games_a),
            "wins_b": wins_b, "rate_b": wins_b / games_b, "ci_b": wilson(wins_b, games_b),
            "difference": wins_a / games_a - wins_b / games_b,
            "z": z_score(wins_a, games_a, wins_b, games_b)}


def times_row(role: str, level: str, times: Sequence[float]) -> dict[str, Any]:
    """A level's decision times in ``role``: how many, p50, p99 and max (ms)."""
    return {"role": role, "level": level, "decisions": len(times),
            "p50_ms": percentile(times, 0.5), "p99_ms": percentile(times, 0.99),
            "max_ms": max(times, default=0.0)}


def table(rows: Sequence[dict[str, Any]]) -> str:
    """The rows as two markdown tables: the pairings (rows with ``games``), then the decision
    times (rows with ``decisions``)."""
    lines = ["| players | A | B | games | A wins | A rate (95% CI) | B wins | B rate (95% CI) "
             "| A - B | z |", "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        if "games" not in r:
            continue
        (lo_a, hi_a), (lo_b, hi_b) = r["ci_a"], r["ci_b"]
        lines.append(f"| {r['players']} | {r['level_a']} | {r['level_b']} | {r['games']} | "
                     f"{r['wins_a']} | {r['rate_a']:.1%} ({lo_a:.1%}-{hi_a:.1%}) | "
                     f"{r['wins_b']} | {r['rate_b']:.1%} ({lo_b:.1%}-{hi_b:.1%}) | "
                     f"{r['difference'] * 100:+.1f} pp | {r['z']:.2f} |")
    lines += ["", "| level | decisions | p50 ms | p99 ms | max ms |",
              "| --- | --- | --- | --- | --- |"]
    for r in rows:
        if "decisions" in r:
            level = r.get("level", r.get("level_a"))
            lines.append(f"| {level} | {r['decisions']} | {r['p50_ms']:.1f} | "
                         f"{r['p99_ms']:.1f} | {r['max_ms']:.1f} |")
    return "\n".join(lines)
