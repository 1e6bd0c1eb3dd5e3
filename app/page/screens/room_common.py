"""What the host's and a guest's room share: the table mode "Online", the page's address that
names the room, and reconnecting to the signaling service.

The rooms: screens/room_setup.py (a host sets a room up), screens/lobby.py (the lobby),
screens/host_room.py and screens/guest_room.py (the host's and a guest's controllers; each gives
the table its transport), net/room_link.py (signaling and WebRTC). See docs/online.md ("Rooms in
the page").
"""

from pyscript import window

ONLINE = {"id": "online", "title": "Online"}  # the table's mode at an online room
MAX_VALUES = 100_000  # in a host's state message or a saved room (app/shared/json_guard.py)
RECONNECT_MAX_S = 8  # signaling retries back off 1, 2, 4, 8, 8… s (host and guest)


def set_address(param=None, code=None):
    """The page's address names its room: ?host=CODE for its host (a reload resumes the room),
    ?room=CODE for a guest (a reload rejoins it); no param drops both (the room was left)."""
    params = window.URLSearchParams.new(window.location.search)
    params.delete("room")
    params.delete("host")
    if param:
        params.set(param, code)
    query = params.toString()
    window.history.replaceState(None, "", window.location.pathname + ("?" + query if query else ""))


def retry_signaling(room, say):
    """The signaling socket closed under `room` (a host or a guest): `say` why, and call
    `room.reconnect` after 1, 2, 4, 8, 8… s (RECONNECT_MAX_S) until a connect succeeds."""
    wait = min(RECONNECT_MAX_S, 2 ** room.reconnects)
    room.reconnects += 1
    if not window.navigator.onLine:
        say("No network: an online room needs a connection (games on this device work "
            "offline). Trying again in {} s…".format(wait))
    else:
        say("Cannot reach the signaling service; trying again in {} s…".format(wait))
    window.setTimeout(room.reconnect_proxy, wait * 1000)
