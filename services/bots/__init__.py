"""Players for any seat: pure, seeded, fed only what their seat may know (DESIGN.md, "Bots").

:mod:`.contract` is the contract (:class:`SeatKnowledge`, :class:`Bot`, the seeded random
source); :mod:`.play` drives bot seats through a game. Game-specific bots (issue 23) come in
one package per game.
"""
