"""refbox hardware layer: buttons, RFID readers, OLED screens, feedback, and simulated twins.

Nothing in here knows about games: devices turn physical input into :mod:`firmware_py.events`
on one queue, and screens show whatever images they are handed.
"""
