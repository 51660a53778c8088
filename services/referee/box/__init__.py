"""The box: the table UI on the screens, the event loop and the daemon (``refbox run``)."""
