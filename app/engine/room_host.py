"""An online room's host side: seats, seat tokens, guests' intents, per-peer state messages.

Pure Python, run by the engine worker (Pyodide) of the host's page and tested under CPython.
The host's page owns the WebRTC links; it tags every message with the peer (data channel) it
arrived on and hands it over as text, unparsed. Nothing inside a message names its sender:
the seat a guest plays is the one bound to its peer by a seat token, checked here.

Guest → host (JSON objects, "v": 1):
  hello {name?, token?}   present yourself; a token of a seat (kept by the guest's browser)
                          binds this peer to that seat again
  take {seat, name?}      take an open human seat; the answer carries the seat token, once
  move {move, ply, token, seat?}   a move for your own seat against position `ply`
  hint {ply, token}       a hint for your own turn at position `ply`, if the host allows hints
Host → guest: state {snapshot, lobby, you: {seat, token?}, started}, error {code, message},
  hint {move, ply, seat, words, places} (to the guest who asked only).

Everything a guest sends is refused (an error to that guest only, nothing changed) unless it
is well formed, small, within the rate and allowed by the table; the host keeps serving the
others. Peer-supplied names are plain text, trimmed and length-bounded (the page renders
them with textContent).
"""

from __future__ import annotations

import copy
import hashlib
import hmac
import json
import secrets
import time
from typing import Any, Callable

import json_guard
from parlor.rules import GAMES, from_view
from local_table import LEVELS, Table, TableError

VERSION = 1
MAX_MESSAGE = 8 * 1024  # characters of one guest message, checked before parsing
MAX_VALUES = 1000  # values in one guest message (app/shared/json_guard.py bounds its depth too)
MAX_NAME = 24
RATE = 10.0  # guest messages per second (token bucket refill)
BURST = 20
CLOSE_AFTER = 60  # messages refused in a row for rate: the page drops that peer
HOST = "host"  # the host's own peer id (signaling gives the host that id too)
MAX_PEER_ID = 40

SEED_RANGE = 2**52  # a room's seed, drawn here, kept from guests; exact as a JavaScript number
STAND_IN_LEVEL = "medium"  # the computer that plays an absent person's turn
ABSENT_RULES = ("stand_in_after", "lobby_host_absent_after")


def game_rules(game: str, absent_after: Any = None) -> dict:
    """The online rules `game` declares on its GameInfo (`online`; docs/online.md, "Per-game
    rules": without one, a person's turn waits for them, only the host starts, and a rematch
    restarts in the same room); `absent_after` (seconds) replaces the waits of its away rules
    (tests and demos use a short one)."""
    rules = dict(GAMES[game].online)
    if absent_after is not None:
        if isinstance(absent_after, bool) or not isinstance(absent_after, (int, float)) \
                or not 0 <= absent_after <= 3600:
            raise TableError("absent_after is 0-3600 seconds")
        for key in ABSENT_RULES:
            if key in rules:
                rules[key] = float(absent_after)
    return rules


class Refused(Exception):
    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code, self.message = code, message


def clean_name(value: Any) -> str:
    """A display name: text, no control characters, at most MAX_NAME characters."""
    if not isinstance(value, str):
        return ""
    text = "".join(ch for ch in value if ch.isprintable())
    return " ".join(text.split())[:MAX_NAME]


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Bucket:
    def __init__(self, clock: Callable[[], float]):
        self.clock = clock
        self.tokens = float(BURST)
        self.stamp = clock()
        self.strikes = 0

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(BURST, self.tokens + (now - self.stamp) * RATE)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.strikes = 0
            return True
        self.strikes += 1
        return False


class RoomHost:
    """`config` as for a Table, with seats {kind: human} (an open seat) or {kind: ai, level};
    `host_seat` is the seat the host plays (None: the host only watches)."""

    def __init__(self, config: dict, host_seat: int | None = None, host_name: str = "Host",
                 clock: Callable[[], float] = time.monotonic, code: str = "",
                 absent_after: Any = None, hints: Any = False):
        if not isinstance(config, dict) or not isinstance(config.get("seats"), list):
            raise TableError("a room needs a table config with seats")
        specs = config["seats"]
        self.seats: list[dict] = []
        for spec in specs:
            if not isinstance(spec, dict):
                raise TableError("each seat is {kind: 'human'} or {kind: 'ai', level}")
            if spec.get("kind") == "ai" and spec.get("level") in LEVELS:
                self.seats.append({"kind": "ai", "level": spec["level"], "name": ""})
            elif spec.get("kind") == "human":
                self.seats.append({"kind": "human", "name": "", "hash": None, "peer": None,
                                   "order": None, "away_since": None})
            else:
                raise TableError("a seat is a person or a computer level")
        if host_seat is not None:
            if type(host_seat) is not int or not 0 <= host_seat < len(self.seats) \
                    or self.seats[host_seat]["kind"] != "human":
                raise TableError("the host may take a person's seat only")
            seat = self.seats[host_seat]
            seat.update(name=clean_name(host_name) or "Host", hash="", peer=HOST, order=0)
        self.host_seat = host_seat
        self.code = code if isinstance(code, str) else ""
        seed = config.get("seed", secrets.randbelow(SEED_RANGE))  # fixes every shuffle
        self.table = Table({**config, "seed": seed, "seats": [
            {"kind": "human"} if s["kind"] == "human" else {"kind": "ai", "level": s["level"]}
            for s in self.seats]})
        self.rules = game_rules(self.table.config["game"], absent_after)
        self.may_start_open = False  # a guest that took over an abandoned lobby may start
        self.clock = clock
        self.started = False
        self.peers: dict[str, dict] = {}  # peer id -> {seat, name, bucket, caught_up}
        self.outbox: list[list[str]] = []
        self.to_close: list[str] = []
        self.host_caught_up = False  # the host's page has every move in words (see drain)
        self.hints = hints is True  # hints at the table: off unless the host allows them
        self.hint_cache = None  # (state, seat, answer): one search per turn however often asked

    # --- the page's events -----------------------------------------------------------------
    def peer_open(self, peer: str) -> None:
        """A guest's data channel opened: it is a spectator until it says hello."""
        self._check_peer(peer)
        self.peers[peer] = {"seat": None, "name": "", "bucket": Bucket(self.clock), "caught_up": False}

    def peer_gone(self, peer: str) -> None:
        """A guest's link is lost (closed, heartbeat timeout, signaling left). Its seat stays
        reserved for its token."""
        info = self.peers.pop(peer, None)
        if info and info["seat"] is not None and self.seats[info["seat"]].get("peer") == peer:
            self.seats[info["seat"]].update(peer=None, away_since=self.clock())
        self.broadcast()

    def receive(self, peer: Any, text: Any, budget_s: float | None = None) -> None:
        """One message from `peer`. Refusals go to that peer only and change nothing.
        `budget_s`: the think budget of a hint it asks for (None: Hard's default)."""
        info = self.peers.get(peer) if isinstance(peer, str) else None
        if info is None:
            return  # not (or no longer) a linked guest: nobody to answer
        if not info["bucket"].take():
            if info["bucket"].strikes == 1:
                self.error(peer, "rate-limited", f"Too many messages: at most {RATE:g} per second.")
            elif info["bucket"].strikes >= CLOSE_AFTER and peer not in self.to_close:
                self.to_close.append(peer)
            return
        try:
            message = self._parse(text)
            kind = message.get("type")
            handler = {"hello": self._hello, "take": self._take, "move": self._move,
                       "hint": self._hint}.get(kind) if isinstance(kind, str) else None
            if handler is None:
                raise Refused("unknown-type", "Unknown message type.")
            if kind == "hint":
                handler(peer, info, message, budget_s)
            else:
                handler(peer, info, message)
        except Refused as r:
            self.error(peer, r.code, r.message)
        except Exception as err:  # a fault in this guest's handling stays with this guest
            print("room: a message from {} failed: {}: {}".format(peer[:8], type(err).__name__, err))
            self.error(peer, "internal", "The host could not handle that message.")

    # --- the host's own actions --------------------------------------------------------------
    def host_act(self, action: Any) -> None:
        """The host's page: start, move (its own seat), ai_move, forfeit (a clock ran out),
        pause (for everyone), rematch (restart in the room). Raises TableError when refused."""
        if not isinstance(action, dict):
            raise TableError("an action is a JSON object")
        kind = action.get("type")
        if kind == "check":
            pass  # a timer of the host's page: time-based rules (stand-ins) are re-read below
        elif kind == "hints":  # the host allows hints at the table, or not (lobby or game)
            if not isinstance(action.get("on"), bool):
                raise TableError("hints are on (true) or off (false)")
            self.hints = action["on"]
        elif kind == "start":
            missing = [i for i, s in enumerate(self.seats) if s["kind"] == "human" and s["hash"] is None]
            if missing and not self.may_start_open:
                raise TableError("every person's seat must be taken first")
            for seat in missing:  # nobody came for it: a computer may play it at once
                self.seats[seat]["away_since"] = self.clock() - self.rules.get("stand_in_after", 0.0)
            self.started = True
        elif not self.started:
            raise TableError("the game has not started")
        elif kind == "move":
            if self.host_seat is None or action.get("seat") != self.host_seat:
                raise TableError("the host plays only its own seat")
            self.table.move(self.host_seat, action.get("move"), action.get("ply"))
        elif kind == "ai_move":
            seat = action.get("seat")
            stand_in = seat is not None and seat == self.stand_in_seat()
            self.table.ai_move(seat, action.get("move"), action.get("ply"), stand_in)
        elif kind == "forfeit":
            seat = self.table.state.to_move
            if seat is None or action.get("seat") != seat or self.table.is_ai(seat):
                raise TableError("only the seat to move can run out of time")
            if seat != self.host_seat and self.seats[seat]["peer"] is None:
                raise TableError("an absent player's turn waits for them")
            self.table.forfeit(seat, "timeout", action.get("ply"))
        elif kind == "pause":
            self.table.set_paused(action.get("paused"))
        elif kind == "rematch":
            if self.rules.get("fresh_room_rematch"):
                raise TableError("a rematch of this game opens a fresh room")
            self.table = self._restart()
        else:
            raise TableError("unknown action {!r:.40}".format(kind))
        self.broadcast()

    def _restart(self) -> Table:
        """Rematch in the room, as a local rematch (Table.rematch): the next seed, and the other
        player starts. Games whose first seat is an option rotate it; in Ataxx (the first colour
        always starts) the seats' settings move one place along, so the people move with them:
        each person's seat (name, token hash, link) and the host's seat rotate too."""
        table = self.table.rematch()
        if not GAMES[table.config["game"]].first_option:
            count = len(self.seats)
            self.seats = self.seats[1:] + self.seats[:1]
            if self.host_seat is not None:
                self.host_seat = (self.host_seat - 1) % count
            for info in self.peers.values():
                if info["seat"] is not None:
                    info["seat"] = (info["seat"] - 1) % count
        return table

    def rematch_config(self) -> dict:
        """A fresh room's rematch (the online rule "fresh_room_rematch"): {config, host_seat} for a
        new room with the same seats (people's seats open again, computers kept), the next
        seed and the starting seat rotated as in Table.rematch."""
        table = self.table.rematch()
        seats, host_seat = self.seats, self.host_seat
        if not GAMES[table.config["game"]].first_option:
            seats = seats[1:] + seats[:1]
            if host_seat is not None:
                host_seat = (host_seat - 1) % len(seats)
        config = {**table.config, "seats": [
            {"kind": "human"} if s["kind"] == "human" else {"kind": "ai", "level": s["level"]}
            for s in seats]}
        return {"config": config, "host_seat": host_seat}

    # --- the computer standing in for an absent person (the online rule "stand_in_after") -------
    def stand_in_seat(self) -> int | None:
        """The seat to move if a computer may play its turn now: a person's seat whose player
        has been away (no link, so no heartbeat) for `stand_in_after` seconds."""
        wait = self._stand_in_wait()
        return self.table.state.to_move if wait is not None and wait <= 0 else None

    def _stand_in_wait(self) -> float | None:
        """Seconds until a computer may play the away seat to move (<= 0: now); None: not
        an away person's turn, or the game has no such rule."""
        after = self.rules.get("stand_in_after")
        state = self.table.state
        seat = state.to_move
        if after is None or not self.started or state.is_over or seat is None:
            return None
        spec = self.seats[seat]
        if spec["kind"] != "human" or spec["peer"] is not None or spec.get("away_since") is None:
            return None
        return spec["away_since"] + after - self.clock()

    def think(self, budget_s: float | None = None) -> dict:
        """The computer's move for the seat to move (a computer's seat, or an away person's
        seat a stand-in may play), not applied: {move, ply, seat}."""
        if not self.started:
            raise TableError("no room game is running")
        stand_in = STAND_IN_LEVEL if self.stand_in_seat() is not None else None
        return self.table.think(budget_s, stand_in)

    def hint(self, seat: Any, ply: Any, budget_s: float | None = None) -> dict:
        """A hint for the host's own seat (`seat`, to move at `ply`): as a guest's (`_hint`),
        {move, ply, seat, words, places}; TableError "hints-off" while hints are off."""
        if self.host_seat is None or seat != self.host_seat:
            raise TableError("the host asks hints for its own seat only", "turn")
        return self._hint_for(seat, ply, budget_s)

    def _hint_for(self, seat: int, ply: Any, budget_s: float | None) -> dict:
        """Table.hint for the person at `seat`, if the room allows hints and its game is on;
        asked again in the same position, the same answer (a guest cannot make the host search
        more than once a turn). TableError otherwise; nothing changes."""
        if not self.hints:
            raise TableError("hints are off in this room (the host may turn them on)", "hints-off")
        if not self.started:
            raise TableError("the game has not started", "turn")
        state = self.table.state
        cached = self.hint_cache
        if cached is not None and cached[0] is state and cached[1] == seat and ply == self.table.ply:
            return cached[2]
        answer = self.table.hint(seat, ply, budget_s)
        self.hint_cache = (state, seat, answer)
        return answer

    def take_seat(self, seat: Any, name: Any) -> None:
        """The host takes an open seat itself (in the lobby)."""
        if self.host_seat is not None:
            raise TableError("the host already has a seat")
        if type(seat) is not int or not 0 <= seat < len(self.seats) or \
                self.seats[seat]["kind"] != "human" or self.seats[seat]["hash"] is not None:
            raise TableError("that seat is not open")
        self.seats[seat].update(name=clean_name(name) or "Host", hash="", peer=HOST, away_since=None,
                                order=self._next_order())
        self.host_seat = seat
        self.broadcast()

    def _next_order(self) -> int:
        """Join order of people's seats (the earliest connected person may start an abandoned
        lobby: docs/online.md)."""
        return 1 + max((s.get("order") or 0 for s in self.seats if s["kind"] == "human"), default=0)

    # --- guest messages ------------------------------------------------------------------------
    def _parse(self, text: Any) -> dict:
        if not isinstance(text, str):
            raise Refused("bad-message", "Messages are JSON text.")
        if len(text) > MAX_MESSAGE:
            raise Refused("too-large", f"Messages are limited to {MAX_MESSAGE} characters.")
        try:  # depth, size, numbers and surrogates checked before and after parsing
            message = json_guard.loads(text, max_values=MAX_VALUES)
        except json_guard.JSONRefused as err:
            raise Refused(err.code, err.message) from None
        if not isinstance(message, dict):
            raise Refused("bad-json", "A message is a JSON object.")
        if type(message.get("v")) is not int or message["v"] != VERSION:
            raise Refused("bad-version", f"Protocol version {VERSION} expected in \"v\".")
        return message

    def _bind(self, peer: str, info: dict, seat: int, name: str) -> None:
        for other, data in self.peers.items():  # a seat has one device at a time
            if other != peer and data["seat"] == seat:
                data["seat"] = None
                self.outbox.append([other, self._state(other)])
        info["seat"] = seat
        self.seats[seat].update(peer=peer, away_since=None)
        if name:
            self.seats[seat]["name"] = name

    def _hello(self, peer: str, info: dict, message: dict) -> None:
        info["name"] = clean_name(message.get("name"))
        token = message.get("token")
        if token is not None:
            seat = self._seat_of(token) if isinstance(token, str) and len(token) <= 100 else None
            if seat is None:
                raise Refused("unknown-token", "That seat token is not valid in this room.")
            self._bind(peer, info, seat, info["name"])
        self.broadcast()

    def _take(self, peer: str, info: dict, message: dict) -> None:
        seat = message.get("seat")
        if type(seat) is not int or not 0 <= seat < len(self.seats):
            raise Refused("bad-seat", "No such seat.")
        if info["seat"] is not None:
            raise Refused("has-seat", "You have a seat already.")
        spec = self.seats[seat]
        if spec["kind"] != "human":
            raise Refused("bad-seat", "A computer plays that seat.")
        if spec["hash"] is not None:
            raise Refused("seat-taken", "That seat is taken.")
        name = clean_name(message.get("name")) or info["name"] or "Player " + str(seat + 1)
        token = secrets.token_urlsafe(18)
        spec["hash"] = token_hash(token)
        spec["order"] = self._next_order()
        self._bind(peer, info, seat, name)
        self.outbox.append([peer, self._state(peer, token)])
        self.broadcast(skip=peer)

    def _seated(self, info: dict, message: dict, spectators: str) -> int:
        """The seat of the guest that sent `message`, its token checked (Refused: it watches, it
        names another seat, or the token is not its seat's)."""
        seat = info["seat"]
        token = message.get("token")
        if seat is None:
            raise Refused("no-seat", spectators)
        if "seat" in message and message["seat"] != seat:
            raise Refused("not-your-seat", "You may move only for your own seat.")
        if not isinstance(token, str) or self._seat_of(token) != seat:
            raise Refused("bad-token", "That seat token is not valid for your seat.")
        return seat

    def _in_play(self) -> None:
        """Refused unless the game has started and is not over."""
        if not self.started:
            raise Refused("not-started", "The game has not started.")
        if self.table.state.is_over:
            raise Refused("game-over", "The game is over.")

    def _move(self, peer: str, info: dict, message: dict) -> None:
        seat = self._seated(info, message, "Spectators cannot move; take a seat first.")
        self._in_play()
        state = self.table.state
        if state.to_move != seat:
            raise Refused("not-your-turn", "It is not your turn.")
        move = message.get("move")
        if not isinstance(move, str) or len(move) > 64:
            raise Refused("bad-move", "A move is short text.")
        try:
            self.table.move(seat, move, message.get("ply"))
        except ValueError as err:  # TableError and IllegalMove
            raise Refused("refused", str(err)) from None
        self.broadcast()

    def _hint(self, peer: str, info: dict, message: dict, budget_s: float | None) -> None:
        """A guest's hint for its own turn: answered to that guest only (the others never learn
        of it); refused like a move from the wrong seat, and while hints are off."""
        seat = self._seated(info, message, "Spectators get no hints; take a seat first.")
        if not self.hints:
            raise Refused("hints-off", "Hints are off in this room: the host may turn them on.")
        self._in_play()
        if self.table.state.to_move != seat or self.table.is_ai(seat):
            raise Refused("not-your-turn", "A hint is for your own turn.")
        if type(message.get("ply")) is not int or message["ply"] != self.table.ply:
            raise Refused("stale", "The board has moved on since you asked.")
        try:
            answer = self._hint_for(seat, message["ply"], budget_s)
        except ValueError as err:  # TableError: paused
            raise Refused(getattr(err, "code", "refused"), str(err)) from None
        self.outbox.append([peer, json.dumps({"v": VERSION, "type": "hint", **answer})])

    def _seat_of(self, token: str) -> int | None:
        digest = token_hash(token)
        for index, spec in enumerate(self.seats):
            if spec.get("hash") and hmac.compare_digest(spec["hash"], digest):
                return index
        return None

    def _check_peer(self, peer: Any) -> None:
        if not isinstance(peer, str) or not 0 < len(peer) <= MAX_PEER_ID or peer == HOST:
            raise TableError("a peer id is short text")

    # --- what each one sees ------------------------------------------------------------------
    def error(self, peer: str, code: str, message: str) -> None:
        self.outbox.append([peer, json.dumps({"v": VERSION, "type": "error", "code": code,
                                               "message": message})])

    def lobby(self) -> dict:
        seats = []
        for spec in self.seats:
            if spec["kind"] == "ai":
                seats.append({"kind": "ai", "level": spec["level"], "name": "", "taken": True,
                              "connected": True})
            else:
                # The seat token's SHA-256 (never the token): a guest that takes over as host
                # checks returning guests' tokens against it (docs/online.md, "Takeover").
                seats.append({"kind": "human", "name": spec["name"], "taken": spec["hash"] is not None,
                              "connected": spec["peer"] is not None, "host": spec["peer"] == HOST,
                              "hash": spec["hash"] or None, "order": spec.get("order")})
        return {"code": self.code, "seats": seats, "started": self.started, "rules": self.rules,
                "may_start_open": self.may_start_open and not self.started, "hints": self.hints,
                "spectators": sum(1 for p in self.peers.values() if p["seat"] is None)}

    def snapshot_for(self, seat: int | None, said_from: int | None = None) -> dict:
        """The table as `seat` may see it (None: a spectator), without the saved state. Its
        `said` (the moves in words: the new ones, or from `said_from` for a catch-up) is the
        host's, from the whole state: the rules describe a move without what chance brings
        (a card drawn), so the words hold nothing a view hides."""
        table = self.table
        state = table.state
        to_move = state.to_move
        mine = self.started and seat is not None and to_move == seat and not state.is_over
        snap = table.shared_snapshot(said_from)
        snap["config"] = copy.deepcopy(snap["config"])
        del snap["config"]["seed"]  # it fixes every shuffle: with it, Sanctuary's deck is known
        for index, spec in enumerate(self.seats):
            snap["config"]["seats"][index]["name"] = spec["name"]
        snap["view"] = state.view(seat)
        snap["human_turn"] = bool(mine)
        snap["legal_moves"] = state.legal_moves() if mine else []
        snap["targets"] = state.targets() if mine and hasattr(state, "targets") else {}
        snap["can_undo"] = False
        stand_in = self.stand_in_seat()
        snap["stand_in"] = stand_in  # a computer plays this away person's turn
        snap["ai_turn"] = (snap["ai_turn"] or stand_in is not None) and self.started
        snap["started"] = self.started
        snap["presence"] = [s["kind"] == "ai" or s["peer"] is not None for s in self.seats]
        return snap

    def replay_snapshot(self, ply: Any) -> dict:
        """The position after `ply` moves as the host's page showed it: the host's seat's view
        (a spectator's if it only watches), offering no move (Table.replay_snapshot)."""
        return self.table.replay_snapshot(ply, self.host_seat)

    def _state(self, peer: str, token: str | None = None, encoded: dict | None = None) -> str:
        """The `state` message for `peer`; `encoded`: the parts already encoded by this broadcast
        (the lobby, and each seat's snapshot: spectators share one), filled as they are made."""
        info = self.peers[peer]
        seat = info["seat"]
        you = {"seat": seat}
        if token:
            you["token"] = token
        # A guest's first state carries every move in words (capped: SAID_CAP), the next ones
        # only the new moves.
        said_from = None if info.get("caught_up") else 0
        info["caught_up"] = True
        encoded = {} if encoded is None else encoded
        if "lobby" not in encoded:
            encoded["lobby"] = json.dumps(self.lobby())
        key = (seat, said_from)
        if key not in encoded:
            encoded[key] = json.dumps(self.snapshot_for(seat, said_from))
        # As json.dumps({"v", "type", "snapshot", "lobby", "you"}) writes it.
        return '{{"v": {}, "type": "state", "snapshot": {}, "lobby": {}, "you": {}}}'.format(
            VERSION, encoded[key], encoded["lobby"], json.dumps(you))

    def broadcast(self, skip: str | None = None) -> None:
        encoded = {}
        for peer in self.peers:
            if peer != skip:
                self.outbox.append([peer, self._state(peer, encoded=encoded)])

    def host_snapshot(self, said_from: int | None = None) -> dict:
        snap = self.snapshot_for(self.host_seat, said_from)
        # The host's page runs the computers (and stand-ins: snapshot_for's ai_turn) and the
        # clocks; it asks again ("check") when an away person's turn may pass to a stand-in.
        wait = self._stand_in_wait()
        snap["stand_in_in_s"] = round(wait, 3) if wait is not None and wait > 0 else None
        return snap

    def drain(self) -> dict:
        """What the host's page needs after each call: its own view, the lobby, the messages
        to send ([peer, text], in order) and the peers to drop."""
        out, self.outbox = self.outbox, []
        close, self.to_close = self.to_close, []
        # The host's page gets every move in words once (a room opened, restored or taken over).
        said_from = None if self.host_caught_up else 0
        self.host_caught_up = True
        return {"snapshot": self.host_snapshot(said_from), "lobby": self.lobby(), "outbox": out,
                "close": close, "host_seat": self.host_seat}

    # --- persistence (the host's page keeps this in IndexedDB) --------------------------------
    def save(self) -> dict:
        return {"seats": [{k: v for k, v in s.items() if k not in ("peer", "away_since")} for s in self.seats],
                "host_seat": self.host_seat, "code": self.code, "started": self.started,
                "rules": self.rules, "may_start_open": self.may_start_open, "hints": self.hints,
                "table": self.table.save()}

    @classmethod
    def from_replica(cls, state: Any, code: str = "", name: str = "",
                     clock: Callable[[], float] = time.monotonic) -> "RoomHost":
        """A guest takes over as host: the room rebuilt from its replica, the last `state`
        message it got (snapshot, lobby, you). The position comes from the snapshot's view
        (the rules' `from_view`: Ataxx and Runners views are the whole state; hidden
        information is re-sampled); seats keep their token hashes, so returning guests get
        their seats back with their tokens; the new host plays its own seat; the old host's
        seat (it had no token) becomes an open seat anyone may take."""
        if not isinstance(state, dict) or not all(isinstance(state.get(k), dict)
                                                  for k in ("snapshot", "lobby", "you")):
            raise TableError("no replica of the room to take over")
        snap, lobby, you = state["snapshot"], state["lobby"], state["you"]
        config = snap.get("config")
        if not isinstance(config, dict) or not isinstance(lobby.get("seats"), list) or \
                not isinstance(config.get("seats"), list) or len(lobby["seats"]) != len(config["seats"]):
            raise TableError("the replica is incomplete")
        mine = you.get("seat")
        seats = []
        for index, seat in enumerate(lobby["seats"]):
            if seat.get("kind") == "ai" and seat.get("level") in LEVELS:
                seats.append({"kind": "ai", "level": seat["level"], "name": ""})
                continue
            digest = seat.get("hash") if isinstance(seat.get("hash"), str) else None
            order = seat.get("order") if type(seat.get("order")) is int and digest else None
            # The old host's seat has no token, so it opens; in a game under way it keeps the
            # old host's name until someone takes it.
            named = digest or (seat.get("host") and lobby.get("started"))
            spec = {"kind": "human", "name": clean_name(seat.get("name")) if named else "",
                    "hash": digest, "peer": None, "order": order, "away_since": clock()}
            if index == mine and digest:
                spec.update(peer=HOST, name=clean_name(name) or spec["name"], away_since=None)
            seats.append(spec)
        seed = secrets.randbelow(SEED_RANGE)  # guests never saw the old one
        try:
            position = from_view(snap["view"], seed=seed).to_dict()
        except (ValueError, KeyError, TypeError) as err:
            raise TableError("the replica's position cannot be rebuilt: {}".format(err)) from None
        room = cls.__new__(cls)
        room.seats = seats
        room.host_seat = mine if type(mine) is int and 0 <= mine < len(seats) \
            and seats[mine].get("peer") == HOST else None
        room.code = code if isinstance(code, str) else ""
        table_config = {**config, "seed": seed, "seats": [
            {"kind": "human"} if s["kind"] == "human" else {"kind": "ai", "level": s["level"]}
            for s in seats]}
        room.table = Table(table_config, position, bool(snap.get("paused")), snap.get("log"))
        game = room.table.config["game"]
        shared = lobby.get("rules") if isinstance(lobby.get("rules"), dict) else {}
        try:  # the waits the old host's lobby announced (?absent=), if sane
            room.rules = game_rules(game, shared.get("stand_in_after"))
        except TableError:
            room.rules = game_rules(game)
        room.clock = clock
        room.started = bool(lobby.get("started"))
        # An abandoned lobby (its host gone): the person who took it over may start without
        # the old host's seat (the online rule "lobby_host_absent_after").
        room.may_start_open = not room.started and "lobby_host_absent_after" in room.rules
        room.peers, room.outbox, room.to_close = {}, [], []
        room.host_caught_up = False
        room.hints = lobby.get("hints") is True  # the old host's choice stands
        room.hint_cache = None
        return room

    @classmethod
    def restore(cls, saved: Any, clock: Callable[[], float] = time.monotonic) -> "RoomHost":
        if not isinstance(saved, dict) or not isinstance(saved.get("table"), dict):
            raise TableError("nothing saved to restore")
        room = cls.__new__(cls)
        now = clock()
        room.seats = [dict(s, peer=HOST, away_since=None) if i == saved.get("host_seat") else
                      dict(s, peer=None, away_since=now if s.get("hash") else None)
                      if s.get("kind") == "human" else dict(s)
                      for i, s in enumerate(saved["seats"])]
        room.host_seat = saved.get("host_seat")
        room.code = saved.get("code", "")
        room.table = Table.restore(saved["table"])
        room.rules = saved.get("rules") if isinstance(saved.get("rules"), dict) else \
            game_rules(room.table.config["game"])
        room.may_start_open = bool(saved.get("may_start_open"))
        room.clock = clock
        room.started = bool(saved.get("started"))
        room.peers, room.outbox, room.to_close = {}, [], []
        room.host_caught_up = False
        room.hints = saved.get("hints") is True
        room.hint_cache = None
        return room
