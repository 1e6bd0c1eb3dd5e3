"""A table: one game in progress, its seats (people or computer levels), undo, pause, rematch.

Pure Python, run by the engine worker (Pyodide) and tested under CPython. It holds the
authoritative State; the page only ever sees `snapshot()` dicts. Every move carries the ply it
was made against, so a stale intent (a tap or an AI answer that raced an Undo) is refused
rather than applied to the wrong position.
"""

from __future__ import annotations

from typing import Any

from parlor.rules import GAMES, IllegalMove, from_dict, new_game

LEVELS = ("easy", "medium", "hard")
MAX_SEAT_NAME = 24
LOCAL_VIEWER = object()  # replay_snapshot's default: the seat a table on this device showed
SAID_WINDOW = 8  # a snapshot's words and places: of the last SAID_WINDOW moves (the new ones)
SAID_CAP = 200  # at most this many in a catch-up (a reload, a guest joining): the latest ones
MAX_WORDS = 160  # characters of a move's words sent to the page (the rules keep them under 120)


class TableError(ValueError):
    """A request the table refuses, with a code the page can act on: "stale" (made against an
    older position: a move that raced another, an Undo or a rematch), "paused", "turn" (not
    that seat's turn, or no computer to move), "illegal" (the rules refuse the move), "over"
    (the game is over: a hint has no move to give), "hints-off" (an online room whose host
    has hints off) or "invalid" (a malformed or impossible request)."""

    def __init__(self, message: str, code: str = "invalid"):
        super().__init__(message)
        self.code = code


def refusal(err: ValueError) -> dict:
    """{ok: false, error, code} for a refused request: TableError's code, "illegal" for the
    rules' IllegalMove, "invalid" for any other ValueError."""
    code = err.code if isinstance(err, TableError) else "illegal" if isinstance(err, IllegalMove) else "invalid"
    return {"ok": False, "error": str(err), "code": code}


def _seat(spec: Any) -> dict:
    if not isinstance(spec, dict):
        raise TableError("each seat is {kind: 'human'} or {kind: 'ai', level: 'easy'|'medium'|'hard'}")
    kind = spec.get("kind")
    name = spec.get("name", "")
    if not isinstance(name, str):
        raise TableError("a seat name is text")
    name = name.strip()[:MAX_SEAT_NAME]
    if kind == "human":
        return {"kind": "human", "name": name}
    if kind == "ai" and spec.get("level") in LEVELS:
        return {"kind": "ai", "level": spec["level"], "name": name}
    raise TableError(f"a seat is a human or an ai with a level in {', '.join(LEVELS)}")


def _is_log(log: Any, history: list) -> bool:
    """Whether `log` is the table log ([seat, move] a ply) of exactly the plies of `history`."""
    return isinstance(log, list) and len(log) == len(history) and all(
        isinstance(entry, list) and len(entry) == 2 and type(entry[0]) is int and entry[1] == move
        for entry, move in zip(log, history))


def same_position(state, other) -> bool:
    """Equal states but for a forfeit (which the table keeps apart, for Undo)."""
    mine, theirs = state.to_dict(), other.to_dict()
    mine.pop("forfeit", None)
    theirs.pop("forfeit", None)
    return mine == theirs


class Table:
    """A local table. `config` = {game, variant, seats: [seat spec], options: {...}, seed} and, in a
    game with a turn clock, "turn_s": the seconds of a turn chosen (0: no clock)."""

    def __init__(self, config: dict, saved_state: dict | None = None, paused: bool = False,
                 earlier_log: Any = None):
        if not isinstance(config, dict) or config.get("game") not in GAMES:
            raise TableError(f"choose a game among {', '.join(GAMES)}")
        info = GAMES[config["game"]]
        seats = config.get("seats")
        if not isinstance(seats, list) or not info.min_seats <= len(seats) <= info.max_seats:
            raise TableError(f"{info.title} needs {info.seat_counts} seats")
        options = config.get("options") or {}
        if not isinstance(options, dict):
            raise TableError("options is a dict")
        seed = config.get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TableError("seed is an integer")
        self.config = {
            "game": info.id,
            "variant": config.get("variant") or info.default_variant,
            "seats": [_seat(s) for s in seats],
            "options": dict(options),
            "seed": seed,
        }
        if config.get("turn_s") is not None:  # the turn clock chosen on the home screen
            turn = config["turn_s"]
            if isinstance(turn, bool) or not isinstance(turn, int) or not 0 <= turn <= 3600:
                raise TableError("turn_s is the seconds of a turn, 0 (no clock) to 3600")
            if info.turn_seconds is not None:
                self.config["turn_s"] = turn
        try:
            start = new_game(info.id, seats=len(seats), variant=self.config["variant"],
                             seed=seed, **options)
            saved = from_dict(saved_state) if saved_state else start
        except ValueError as err:
            raise TableError(str(err)) from err
        # Every position of the game so far, replayed from the table's start: Undo and the log
        # read them directly. A saved position that this start does not lead to (written by
        # hand, or rebuilt from a view) becomes the first position itself.
        self.states = [start]
        try:
            for move in saved.history:
                self.states.append(self.states[-1].play(move))
        except IllegalMove:
            self.states = [saved]
        if not same_position(self.states[-1], saved):
            self.states = [saved]
        # The log of the plies before the first known position, when another table had them (a
        # takeover of a game with hidden cards: the position is rebuilt from a view, so the
        # plies cannot be replayed here): shown, never undone.
        self.earlier_log = earlier_log if _is_log(earlier_log, self.states[0].history) else []
        # A game ended by a forfeit (clock, resignation) keeps its last position for Undo.
        self.forfeited = saved if saved.is_over and not self.states[-1].is_over else None
        self.paused = bool(paused)
        # Each known move in words and the places it names ([words, places], computed from the
        # position before it, on first use): self._said[j] is the move that made ply base + j + 1.
        self._said: list[list] = []

    # --- who plays ------------------------------------------------------------------------
    def is_ai(self, seat: int | None) -> bool:
        return seat is not None and self.config["seats"][seat]["kind"] == "ai"

    @property
    def all_ai(self) -> bool:
        return all(s["kind"] == "ai" for s in self.config["seats"])

    @property
    def state(self):
        """The current position."""
        return self.forfeited or self.states[-1]

    @property
    def base(self) -> int:
        """Plies played before the table's first known position."""
        return len(self.states[0].history)

    @property
    def ply(self) -> int:
        return len(self.state.history)

    def _check_ply(self, ply: Any) -> None:
        if ply != self.ply:
            raise TableError("that move was made against an older position; the board has moved on",
                             "stale")

    # --- actions --------------------------------------------------------------------------
    def move(self, seat: Any, move: Any, ply: Any) -> None:
        """A person's move for `seat`, made against position `ply`."""
        self._check_ply(ply)
        if self.paused:
            raise TableError("the table is paused", "paused")
        if seat != self.state.to_move:
            raise TableError("it is not that seat's turn", "turn")
        if self.is_ai(seat):
            raise TableError("a computer plays that seat", "turn")
        self.states.append(self.state.play(move))

    def think(self, budget_s: float | None = None, stand_in: str | None = None) -> dict:
        """The computer's choice for the seat to move (not applied): {move, ply, seat}.
        `stand_in`: a computer level that plays a person's turn (an online room's absent
        player, app/engine/room_host.py)."""
        seat = self.state.to_move
        if self.is_ai(seat):
            level = self.config["seats"][seat]["level"]
        elif stand_in in LEVELS and seat is not None and not self.state.is_over:
            level = stand_in
        else:
            raise TableError("no computer player is to move", "turn")
        from parlor.ai import choose_move  # imported by the first computer move, not at start

        view = self.state.view(seat)
        move = choose_move(view, level, seed=self.config["seed"] * 1009 + self.ply, budget_s=budget_s)
        return {"move": move, "ply": self.ply, "seat": seat}

    def hint(self, seat: Any, ply: Any, budget_s: float | None = None) -> dict:
        """A hint for the person to move at `seat` (position `ply`): Hard's choice within
        `budget_s` (None: Hard's default), computed as a computer player's, from that seat's view
        only; the table is not changed (no move, no undo step, nothing in the log or the record).
        {move, ply, seat, words, places}: the move, in words and the places it names (as the
        log's, State.describe and State.places). Refused: the game is over ("over"), a stale
        `ply` ("stale"), not a person's turn at `seat` ("turn"), the table paused ("paused")."""
        state = self.state
        if state.is_over:
            raise TableError("the game is over: there is no move to hint", "over")
        self._check_ply(ply)
        if type(seat) is not int or seat != state.to_move or self.is_ai(seat):
            raise TableError("a hint is for the person whose turn it is", "turn")
        if self.paused:
            raise TableError("the table is paused", "paused")
        from parlor.ai import choose_move  # imported by the first hint or computer move

        # The seed names the position only: the hidden parts of the view (a draw pile's order)
        # are sampled from public data, never from the table's own seed.
        move = choose_move(state.view(seat), "hard", seed="hint/{}/{}".format(self.ply, seat),
                           budget_s=budget_s)
        return {"move": move, "ply": self.ply, "seat": seat,
                "words": state.describe(move)[:MAX_WORDS], "places": state.places(move)}

    def ai_move(self, seat: Any, move: Any, ply: Any, stand_in: bool = False) -> None:
        """Apply a computer's move from `think`, unless the table has moved on or paused.
        `stand_in`: the computer plays a person's seat (the caller checked it may)."""
        self._check_ply(ply)
        if self.paused:
            raise TableError("the table is paused", "paused")
        if seat != self.state.to_move or not (self.is_ai(seat) or stand_in):
            raise TableError("no computer player is to move", "turn")
        self.states.append(self.state.play(move))

    @property
    def turn_s(self) -> int | None:
        """Seconds per turn, or None: no turn clock (the game has none, or the table's config
        turned it off with "turn_s": 0; without "turn_s", the game's own length)."""
        chosen = self.config.get("turn_s")
        return GAMES[self.config["game"]].turn_seconds if chosen is None else chosen or None

    def forfeit(self, seat: Any, reason: str, ply: Any) -> None:
        """`seat` loses (its clock ran out, or its player resigned)."""
        if reason == "timeout" and self.turn_s is None:
            raise TableError(f"{GAMES[self.config['game']].title} has no turn clock")
        self._check_ply(ply)
        self.forfeited = self.state.forfeit(seat, reason)

    def undo(self) -> None:
        """Back to the previous human decision; with only computers, one turn back and pause."""
        if self.forfeited:
            self.forfeited = None
        else:
            keep = self._undo_target()
            if keep is None:
                raise TableError("nothing to undo")
            del self.states[keep + 1:]
            del self._said[keep:]
        if self.all_ai:
            self.paused = True

    def _undo_target(self) -> int | None:
        """How many plies Undo keeps, or None if there is nothing to undo."""
        keep = len(self.states) - 2
        if keep < 0 or self.all_ai:
            return None if keep < 0 else keep
        while keep >= 0 and self.is_ai(self.states[keep].to_move):
            keep -= 1
        return keep if keep >= 0 else None

    def set_paused(self, paused: bool) -> None:
        self.paused = bool(paused)

    def rematch(self) -> "Table":
        """Same seats; the starting seat rotates by one in turn order. Where the game lets any
        seat move first (GAMES[...].first_option), seating and colours stay; otherwise (Ataxx:
        the first colour always starts) the seats' settings move one place along."""
        config = {**self.config, "seed": self.config["seed"] + 1}
        if GAMES[config["game"]].first_option:
            first = config["options"].get("first", 0)
            config["options"] = {**config["options"], "first": (first + 1) % len(config["seats"])}
        else:
            seats = config["seats"]
            config["seats"] = seats[1:] + seats[:1]
        return Table(config)

    # --- what the page sees ---------------------------------------------------------------
    def said(self, start: int, end: int) -> list:
        """The log's moves `start` to `end` - 1 (log indices: entry k made ply k + 1) in words and
        the places they name, [words, places] each (State.describe and State.places of the
        position before the move), None for a move played before the table's first known position
        (a takeover). Computed once per move and kept: a snapshot costs the new moves only."""
        base = self.base
        end = min(end, self.ply)
        for index in range(max(start, base) - base, end - base):
            while len(self._said) <= index:
                j = len(self._said)
                before, move = self.states[j], self.states[j + 1].history[-1]
                self._said.append([before.describe(move)[:MAX_WORDS], before.places(move)])
        return [self._said[k - base] if k >= base else None for k in range(max(0, start), end)]

    def said_since(self, start: int | None = None) -> dict:
        """{from, moves}: the words and places (`said`) of the log's moves from `start` (None: the
        last SAID_WINDOW, i.e. the new ones; at most the last SAID_CAP)."""
        ply = self.ply
        low = ply - SAID_WINDOW if start is None else max(start, ply - SAID_CAP)
        low = max(0, low)
        return {"from": low, "moves": self.said(low, ply)}

    def snapshot(self, said_from: int | None = None) -> dict:
        """JSON-safe picture of the table for the page: the view, the seats and what may happen
        next; `said` carries the latest moves in words (from ply `said_from`: a catch-up);
        `saved` the whole table (for a reload)."""
        snap = self.shared_snapshot(said_from)
        state = self.state
        human_turn = snap["human_turn"]
        snap["view"] = state.view(snap["to_move"] if human_turn else None)
        snap["legal_moves"] = state.legal_moves() if human_turn else []
        snap["targets"] = state.targets() if human_turn and hasattr(state, "targets") else {}
        snap["saved"] = self.save()
        return snap

    def shared_snapshot(self, said_from: int | None = None) -> dict:
        """The snapshot without what depends on who looks (view, legal_moves, targets) and
        without `saved`: an online room adds each seat's own (room_host.snapshot_for)."""
        state = self.state
        to_move = state.to_move
        human_turn = to_move is not None and not self.is_ai(to_move)
        history = state.history
        return {
            "config": self.config,
            "to_move": to_move,
            "ply": self.ply,
            "human_turn": human_turn,
            "ai_turn": to_move is not None and self.is_ai(to_move),
            "last_move": history[-1] if history else None,
            "log": self.earlier_log + [[self.states[i].to_move, move]
                                       for i, move in enumerate(history[self.base:])],
            "can_undo": self.forfeited is not None or self._undo_target() is not None,
            "paused": self.paused,
            "turn_s": self.turn_s,
            "is_over": state.is_over,
            "winners": state.winners,
            "scores": state.scores,
            "end_reason": state.end_reason,
            "said": self.said_since(said_from),
        }

    # --- replay: an earlier position, as the page showed it then -------------------------------
    def position(self, ply: Any):
        """The position after the first `ply` moves (0: the start; the current ply: now, a
        forfeit included). A position before the table's first known one (the plies another
        table played before a takeover) cannot be rebuilt here: TableError."""
        if type(ply) is not int or not 0 <= ply <= self.ply:
            raise TableError(f"a replayed position is a ply from 0 to {self.ply}")
        if ply == self.ply:
            return self.state
        if ply < self.base:
            raise TableError("the moves before this table took over were played elsewhere; "
                             "their positions are not known here")
        return self.states[ply - self.base]

    def replay_snapshot(self, ply: Any, seat: Any = LOCAL_VIEWER) -> dict:
        """The position after `ply` moves as the page draws a snapshot, offering no move: the
        view of `seat` (None: a spectator's), or by default of the seat this page showed then
        (a person to move: theirs; a computer to move: a spectator's, as `snapshot`). A view
        holds only what that seat may see (never Sanctuary's draw pile nor the seed)."""
        state = self.position(ply)
        to_move = state.to_move
        if seat is LOCAL_VIEWER:
            seat = to_move if to_move is not None and not self.is_ai(to_move) else None
        history = state.history
        return {
            "ply": ply,
            "view": state.view(seat),
            "to_move": to_move,
            "last_move": history[-1] if history else None,
            "is_over": state.is_over,
            "winners": state.winners,
            "scores": state.scores,
            "end_reason": state.end_reason,
            "human_turn": False,
            "ai_turn": False,
            "legal_moves": [],
            "targets": {},
            "replay": True,
        }

    def save(self) -> dict:
        """Everything needed to restore the table after a reload."""
        saved = {"config": self.config, "state": self.state.to_dict(), "paused": self.paused}
        if self.earlier_log:
            saved["earlier_log"] = self.earlier_log
        return saved

    # --- game records (parlor.records, docs/records.md) ------------------------------------------
    def record(self, started: Any = None, ended: Any = None) -> dict:
        """The record of this table's game so far (finished or not): its seats (kind, level,
        name when it has one) and options from the config, `started`/`ended` the ISO 8601 dates
        the page passes. RecordError (a ValueError) when it cannot be made, e.g. a game taken
        over from another table, whose first moves are not known here."""
        seats = []
        for seat in self.config["seats"]:
            entry = {"kind": seat["kind"]}
            if seat["kind"] == "ai":
                entry["level"] = seat["level"]
            if seat.get("name"):
                entry["name"] = seat["name"]
            seats.append(entry)
        from parlor.records import make_record  # imported by the first record, not at start

        return make_record(self.state, seats=seats, options=dict(self.config["options"]),
                           started=started, ended=ended)

    @classmethod
    def from_record(cls, record: Any) -> "Table":
        """A read-only table of a record's game (a dict or text, checked and replayed by
        parlor.records: RecordError if it is refused), at its last position; `replay_snapshot`
        shows any earlier one. Its seats are the record's; it is never played on."""
        from parlor.records import positions, read_record

        data = read_record(record)
        states = positions(data)
        table = cls.__new__(cls)
        table.config = {"game": data["game"], "variant": data["variant"],
                        "seats": [_seat(seat) for seat in data["seats"]],
                        "options": data["options"], "seed": data["seed"]}
        if data["forfeit"] is not None:  # kept apart, as a played table keeps it
            table.states, table.forfeited = states[:-1], states[-1]
        else:
            table.states, table.forfeited = states, None
        table.earlier_log = []
        table.paused = True
        table._said = []
        table.opened = data  # the record as read
        return table

    @classmethod
    def restore(cls, saved: Any) -> "Table":
        if not isinstance(saved, dict):
            raise TableError("nothing saved to restore")
        try:
            return cls(saved.get("config"), saved.get("state"), saved.get("paused", False),
                       saved.get("earlier_log"))
        except IllegalMove as err:
            raise TableError(f"the saved game could not be replayed: {err}") from err
