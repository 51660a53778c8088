"""The phone companion: phones as seat screens (docs/phones.md).

:mod:`.hub` is the one object shared by the daemon's thread (it publishes each phone seat's
model after every render and takes the phones' input into the box's one queue) and the web
server's thread (:mod:`.server`).
"""
