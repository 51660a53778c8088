"""Intruder Escape: a hidden-role deduction game, Innocents against Intruders.

Rules: shared/rules/intruder-escape.md (section 2, R-IX-01..37, A-IX-01..24); the rulebook is
shared/seeds/intruder-escape.txt. This package holds the card data (``cards``); the engine
comes later.
"""
