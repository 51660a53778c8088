"""Innsmouth 32 on the box: the table flow (:mod:`.flow`: seats' menus and screens), the
public screen's pages (:mod:`.public`) and the terminal text (:mod:`.text`)."""
