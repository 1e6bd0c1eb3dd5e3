"""The State protocol every game implements, and the registry that names the games.

A State is an immutable position plus everything needed to continue the game from it. Games
subclass `State` and register a `GameInfo`; the UI, the AI, the room host and the tests only
ever use the methods defined here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

MAX_MOVE_LENGTH = 64
"""Longer move strings are refused before any parsing."""


class IllegalMove(ValueError):
    """A move (or forfeit) that the rules do not allow; the message says why in plain words."""


def shown(text: Any) -> str:
    """A short, safe rendering of untrusted input for an error message."""
    r = repr(text)
    return r if len(r) <= 40 else r[:37] + "..."


def check_move_string(move: Any) -> str:
    """Refuse non-strings and oversized strings; return the stripped, lower-cased move."""
    if not isinstance(move, str):
        raise IllegalMove(f"a move must be a string, not {type(move).__name__}")
    if len(move) > MAX_MOVE_LENGTH:
        raise IllegalMove(f"a move is at most {MAX_MOVE_LENGTH} characters; got {len(move)}")
    return move.strip().lower()


def check_int(value: Any, what: str, low: int, high: int) -> int:
    """Return `value` if it is an int (not a bool) from `low` to `high`, else raise
    ValueError naming `what`: the shared check of untrusted numbers in dicts and views."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{what} must be an integer from {low} to {high}, not {shown(value)}")
    return value


def bits(mask: int):
    """Yield the index of every set bit of `mask`, lowest first (the games' bitboards)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def join_words(items: list[str]) -> str:
    """"a", "a and b", "a, b and c": a list in an English sentence."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


@dataclass(frozen=True)
class GameInfo:
    """What the lobby needs to know about a game before one exists."""

    id: str
    title: str
    min_seats: int
    max_seats: int
    variants: tuple[str, ...]
    default_variant: str
    layouts: tuple[str, ...]
    """Named starting boards, passed to new_game as `layout=` (may be empty)."""
    new: Callable[..., "State"] = field(repr=False, compare=False)
    from_dict: Callable[[dict], "State"] = field(repr=False, compare=False)
    from_view: Callable[[dict, Any], "State"] = field(repr=False, compare=False)
    variant_seats: tuple[tuple[str, tuple[int, ...]], ...] = ()
    """Seat counts of the variants that do not take every count from min to max seats, as
    ((variant, (seats, ...)), ...), e.g. Runners' ("2v2", (4,))."""
    first_option: bool = False
    """True if new_game takes `first=seat` (who moves first while seating and colours stay);
    a rematch then rotates it. Otherwise a rematch moves the seats' settings one place along."""
    colours: tuple[str, ...] = ()
    """The seats' colour names, seat 0 first, for the largest table."""
    seat_colours: tuple[tuple[int, tuple[str, ...]], ...] = ()
    """Colour names for the seat counts that do not take the first of `colours`, as
    ((seats, (name, ...)), ...), e.g. Sanctuary's two teams sitting opposite."""
    chance: bool = False
    """True if the game has chance (cards, dice): `new_game`'s seed then fixes it, and the
    state's `to_dict()["seed"]` (an int or a short text) is the seed, which a game record keeps.
    A game without chance plays the same for every seed."""
    turn_seconds: int | None = None
    """The turn clock of a table of this game, in seconds; None: no clock."""
    online: tuple[tuple[str, Any], ...] = ()
    """Online-room rules beyond the defaults, as ((name, value), ...): "stand_in_after"
    (seconds without a heartbeat before a computer plays an absent person's turn),
    "lobby_host_absent_after" (seconds before the earliest person present may start),
    "fresh_room_rematch" (a rematch opens a new room). See docs/online.md."""

    @property
    def seat_counts(self) -> str:
        """The seat counts for people to read: "2", or "2–4"."""
        if self.min_seats == self.max_seats:
            return str(self.min_seats)
        return f"{self.min_seats}–{self.max_seats}"

    def seats_for(self, variant: str) -> tuple[int, ...]:
        """The seat counts `variant` can be played with."""
        return dict(self.variant_seats).get(variant, tuple(range(self.min_seats, self.max_seats + 1)))

    def colours_for(self, seats: int) -> tuple[str, ...]:
        """The colour name of each seat at a table of `seats` seats."""
        return dict(self.seat_colours).get(seats, self.colours[:seats])

    def tables(self) -> list[tuple[int, str]]:
        """Every (seats, variant) a game can be started with."""
        return [(seats, variant) for variant in self.variants for seats in self.seats_for(variant)]

    def to_dict(self) -> dict:
        """JSON-safe description for menus."""
        return {
            "id": self.id,
            "title": self.title,
            "min_seats": self.min_seats,
            "max_seats": self.max_seats,
            "variants": list(self.variants),
            "default_variant": self.default_variant,
            "layouts": list(self.layouts),
            "variant_seats": {variant: list(self.seats_for(variant)) for variant in self.variants},
            "colours": {str(seats): list(self.colours_for(seats))
                        for seats in range(self.min_seats, self.max_seats + 1)},
            "turn_seconds": self.turn_seconds,
            "first_option": self.first_option,
            "online": dict(self.online),
        }


class State:
    """A game position. Immutable: `play` and `forfeit` return new states.

    Subclasses set `game`, `seats`, `variant`, start the record every game keeps with
    `State.__init__`, and implement the abstract members below.
    """

    game: str
    seats: int
    variant: str
    __slots__ = ("_history", "_winners", "_end_reason", "_forfeited", "_moves_cache")

    def __init__(self, history: tuple = (), forfeited: dict | None = None):
        """The record of a new position: its moves so far in notation (`_history`), no result
        yet (`_winners`, `_end_reason`; see `_end`), its forfeit (None or {seat, reason}) and
        no legal moves cached (`_moves_cache`)."""
        self._history = history
        self._winners: list[int] = []
        self._end_reason: str | None = None
        self._forfeited = forfeited
        self._moves_cache: list[str] | None = None

    # --- what every game implements -------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        """Seat that decides next; None once the game is over."""
        raise NotImplementedError

    def legal_moves(self) -> list[str]:
        """Every legal decision for `to_move`, sorted, in the game's notation ([] when over)."""
        raise NotImplementedError

    def _play(self, move: str) -> "State":
        """The state after `move` (already a stripped, lower-cased string of at most
        MAX_MOVE_LENGTH characters, the game not over); raises IllegalMove if not legal."""
        raise NotImplementedError

    def _forfeit(self, seat: int, reason: str) -> "State":
        """The state in which `seat` (a valid seat, the game not over) has lost for `reason`."""
        raise NotImplementedError

    @property
    def scores(self) -> list[int]:
        """Per-seat score as the game counts it."""
        raise NotImplementedError

    def _start_dict(self) -> dict:
        """The entries of `to_dict` that say how the game started (variant, seats, start
        position...): all but its id, history and forfeit."""
        raise NotImplementedError

    def view(self, seat: int | None) -> dict:
        """JSON-safe dict of what `seat` may see (None: a spectator)."""
        raise NotImplementedError

    # --- shared behaviour -----------------------------------------------------------------
    # Every game keeps its moves in `_history` (a tuple or list of notation strings), its
    # result in `_winners` and `_end_reason` (set by `_end`) and its forfeit in `_forfeited`.
    def to_dict(self) -> dict:
        """Complete JSON-safe description; `from_dict` rebuilds an equal state (see
        `replayed`): the game, how it started (`_start_dict`), its moves and its forfeit."""
        return {"game": self.game, **self._start_dict(), "history": list(self._history),
                "forfeit": dict(self._forfeited) if self._forfeited else None}

    @property
    def winners(self) -> list[int]:
        """Winning seats (ties share); [] until the game is over."""
        return list(self._winners)

    @property
    def end_reason(self) -> str | None:
        """Why the game ended, in a few plain words; None while it goes on."""
        return self._end_reason

    @property
    def history(self) -> list[str]:
        """Moves played so far, in notation."""
        return list(self._history)

    def view_common(self, seat: int | None) -> dict:
        """What every game's view holds besides its own board: the viewing seat and the
        public course of the game (not the legal moves: a game whose list is long leaves them
        to the snapshot the table sends)."""
        return {
            "seat": seat,
            "seats": self.seats,
            "to_move": self.to_move,
            "scores": self.scores,
            "winners": self.winners,
            "is_over": self.is_over,
            "end_reason": self.end_reason,
        }

    def _end(self, winners: list[int], reason: str) -> None:
        """Mark this (new, not yet shared) state as over, won by `winners`, for `reason`."""
        self._winners = winners
        self._end_reason = reason

    @property
    def is_over(self) -> bool:
        return self.to_move is None

    def play(self, move: Any) -> "State":
        """The state after `move`; raises IllegalMove (changing nothing) if it is not legal."""
        if self.is_over:
            raise IllegalMove(f"the game is over ({self.end_reason}); no more moves")
        return self._play(check_move_string(move))

    def forfeit(self, seat: Any, reason: Any = "resign") -> "State":
        """The state in which `seat` has lost (timeout, resignation)."""
        seat = self.check_seat(seat)
        if self.is_over:
            raise IllegalMove(f"the game is over ({self.end_reason}); nobody can forfeit")
        if not isinstance(reason, str) or not reason or len(reason) > 40:
            raise IllegalMove("a forfeit reason is a short word such as 'timeout' or 'resign'")
        return self._forfeit(seat, reason)

    # --- moves in words (the log, screen readers) and the places they name ----------------
    def seat_names(self) -> list[str]:
        """Each seat's name as the page shows it: its colour (`GameInfo.colours_for`). A game
        whose seat plays several colours overrides it."""
        from . import GAMES  # the registry imports the game modules, which import this one
        info = GAMES.get(self.game)
        names = list(info.colours_for(self.seats)) if info is not None else []
        return names if len(names) == self.seats else [f"Seat {s + 1}" for s in range(self.seats)]

    def mover_name(self) -> str:
        """The name a description of the next move starts with: the seat to move's (a game
        where a seat moves one of several colours names the colour)."""
        seat = self.to_move
        return "Nobody" if seat is None else self.seat_names()[seat]

    def describe(self, move: Any) -> str:
        """`move`, legal here and not yet played, as a short plain-English sentence naming the
        mover first ("Red jumps a1→c3 and takes 3"): for the move log and the announcement of
        a computer's or a remote player's move. Raises IllegalMove (changing nothing) if the
        move is not legal. Games override `_describe`."""
        after = self.play(move)
        return self._describe(after.history[-1], after)

    def places(self, move: Any) -> list[str]:
        """The board places `move` (legal here, not yet played) names, without repeats: where
        it moves from and to first, then what it takes or claims. Each is the name the page's
        board gives that place (its `data-sq` or `data-hex` attribute), so the page can
        highlight them without knowing the game. Raises IllegalMove like `describe`. Games
        override `_places`."""
        after = self.play(move)
        return list(dict.fromkeys(self._places(after.history[-1], after)))

    def _describe(self, move: str, after: "State") -> str:
        """`describe` of the legal `move` (in canonical notation) that leads to `after`."""
        return f"{self.mover_name()} plays {move}"

    def _places(self, move: str, after: "State") -> list[str]:
        """`places` of the legal `move` (in canonical notation) that leads to `after`."""
        return []

    def targets(self) -> dict[str, list[list[str]]]:
        """Board hints for tap-tap and drag, {origin: [[target, move, kind], ...]}, for games
        whose moves go from one place to another; {} for the others and when over."""
        return {}

    def _copy(self) -> "State":
        """A shallow copy sharing every slot (states are immutable), with the cached legal
        moves dropped: the first step of a game's `_play` and `_forfeit`."""
        state = object.__new__(type(self))
        for cls in type(self).__mro__:
            for slot in getattr(cls, "__slots__", ()):
                if hasattr(self, slot):
                    setattr(state, slot, getattr(self, slot))
        state._moves_cache = None
        return state

    def _forfeited_copy(self, seat: int, reason: str) -> "State":
        """`_copy` with the forfeit of `seat` for `reason` recorded: the first step of a game's
        `_forfeit`, which then sets the result."""
        state = self._copy()
        state._forfeited = {"seat": seat, "reason": reason}
        return state

    def check_seat(self, seat: Any) -> int:
        """Return `seat` if it names a seat of this game, else raise IllegalMove."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.seats:
            raise IllegalMove(f"seat must be an integer from 0 to {self.seats - 1}, not {shown(seat)}")
        return seat

    def check_view_seat(self, seat: Any) -> int | None:
        """Like `check_seat`, but None (a spectator) is allowed; raises ValueError otherwise."""
        return None if seat is None else self.check_seat(seat)

    def replayed(self, data: dict) -> "State":
        """This state (a game's start) with the moves of `data["history"]` played and its
        "forfeit" applied: the shared steps of every game's `from_dict`."""
        history = data.get("history", [])
        if not isinstance(history, list):
            raise ValueError(f"a {self.game} state's history is a list of moves")
        state = self
        for move in history:
            state = state.play(move)
        return state.with_forfeit(data.get("forfeit"))

    def with_forfeit(self, forfeit: Any) -> "State":
        """This state with a `to_dict()` "forfeit" entry (null or {seat, reason}) applied:
        the shared last step of every game's `from_dict`."""
        if forfeit is None:
            return self
        if not isinstance(forfeit, dict):
            raise ValueError(f"a {self.game} state's forfeit is null or {{seat, reason}}")
        return self.forfeit(forfeit.get("seat"), forfeit.get("reason"))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash(repr(sorted(self.to_dict().items())))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game} to_move={self.to_move} moves={len(self.history)}>"
