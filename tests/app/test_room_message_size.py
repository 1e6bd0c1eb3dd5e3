"""Every message a room host sends fits what a guest's page reads: app/page/net/room_link.py drops
a data-channel text over MAX_TEXT unread, so a larger state would freeze that guest's table."""

import json
import random
import re
from pathlib import Path

import pytest

from parlor.rules import GAMES
from room_host import RoomHost

ROOM_LINK = Path(__file__).resolve().parents[2] / "app" / "page" / "net" / "room_link.py"
MAX_TEXT = int(re.search(r"^MAX_TEXT = (\d+) \* 1024", ROOM_LINK.read_text(), re.M).group(1)) * 1024
TABLES = [(game, seats, variant) for game, info in GAMES.items() for seats, variant in info.tables()]


def msg(**fields):
    return json.dumps({"v": 1, **fields})


@pytest.mark.parametrize("game,seats,variant", TABLES)
def test_a_random_game_between_guests_sends_no_message_over_the_pages_limit(game, seats, variant):
    now = [0.0]  # a move a second: the host's flood limit is not what is tested here
    room = RoomHost({"game": game, "variant": variant, "seats": [{"kind": "human"}] * seats, "seed": 3},
                    code="SIZE", clock=lambda: now[0])
    tokens, largest = {}, 0

    def drain():
        nonlocal largest
        out = room.drain()["outbox"]
        largest = max([largest, *(len(text) for _, text in out)])
        return [(peer, json.loads(text)) for peer, text in out]

    for seat in range(seats):
        peer = f"g{seat}"
        room.peer_open(peer)
        room.receive(peer, msg(type="take", seat=seat, name=f"P{seat}"))
        tokens[seat] = next(m["you"]["token"] for p, m in drain() if p == peer and "token" in m.get("you", {}))
    room.host_act({"type": "start"})
    drain()
    rng = random.Random(seats)
    while not room.table.state.is_over:
        state = room.table.state
        seat = state.to_move
        now[0] += 1.0
        room.receive(f"g{seat}", msg(type="move", move=rng.choice(state.legal_moves()), ply=room.table.ply,
                                     token=tokens[seat]))
        assert room.table.state is not state, "the guest's legal move was refused"
        drain()
    assert 0 < largest <= MAX_TEXT, f"a {largest}-character message (limit {MAX_TEXT})"
