"""RFID readers: RDM6300 (125 kHz EM4100) and PN532 (13.56 MHz ISO14443A) on serial ports.

Parsers survive noise, split frames and bad checksums; :class:`Presence` turns repeated reads
into one placement; :class:`TagReader` reads one port on a thread and survives unplugging.
"""

from firmware_py.rfid.pn532 import Pn532, Pn532Error, Pn532Parser
from firmware_py.rfid.presence import Presence
from firmware_py.rfid.rdm6300 import Rdm6300Parser, encode_frame
from firmware_py.rfid.reader import TagReader

__all__ = [
    "Pn532",
    "Pn532Error",
    "Pn532Parser",
    "Presence",
    "Rdm6300Parser",
    "TagReader",
    "encode_frame",
]
