"""Tags for the simulated board: every taggable piece of every game gets a made-up tag id.

On a real box the tag registry is written by ``refbox enroll`` from the tags you bought; the
simulator has no real tags, so it writes its own registry, clearly marked, the first time it
starts with an empty data directory. Sim tag ids start with ``5E`` ("SiM") and are derived
from the piece's name, so they are the same on every machine.
"""

from __future__ import annotations

import zlib
from pathlib import Path

from services.games.registry import Registry
from services.referee.tables import tag_components
from services.referee.tags import TagEntry, TagRegistry


def sim_tag(game: str, kind: str, component: str) -> str:
    return f"5E{zlib.crc32(f'{game}/{kind}/{component}'.encode()):08X}"


def ensure_sim_tags(path: Path, registry: Registry) -> TagRegistry:
    """The simulator's registry at ``path``, written (once) with a tag for every piece."""
    tags = TagRegistry.load(path, missing_ok=True)
    if len(tags) == 0:
        for game in registry:
            for kind, component, label in tag_components(game.info.id):
                tags.add(TagEntry(sim_tag(game.info.id, kind, component), game.info.id, kind,
                                  component, label))
        tags.save()
    return tags
