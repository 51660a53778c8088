"""What the lobby, ``refbox games`` and the registry know of each game without its engine:
its ``GameInfo`` (id, titles, player counts, roles, options). The engine is imported only when
the game is chosen or resumed (``services.games.registry``); each game's package re-exports
its ``INFO`` from here."""
