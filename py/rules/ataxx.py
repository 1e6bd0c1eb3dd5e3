"""Ataxx on a 7×7 board: the users' rules text for Ataxx; notation, state schema and the
decisions where the text is silent in docs/ataxx.md.

Squares a1–g7: files a–g from the left, ranks 1–7 from the bottom. Seat 0 is `x` (moves first,
starts on a7 and g1), seat 1 is `o`. Notation: a place (clone) is the target square (`b6`), a
jump is origin and target (`a7c5`), a pass is `pass` (`0000` is accepted on input).

The board is three 49-bit integers (x, o, blocked); bit `rank * 7 + file` is a square. The
tables and `gen_moves`/`apply_move` below are the fast core the AI searches with; `AtaxxState`
wraps them in the State protocol.
"""

from __future__ import annotations

from typing import Any

from .core import GameInfo, IllegalMove, State, bits, check_move_string, shown

SIZE = 7
SQUARES = SIZE * SIZE
FULL = (1 << SQUARES) - 1
START_FEN = "x5o/7/7/7/7/7/o5x x 0 1"
VARIANTS = ("standard", "solo")
JUMP_LIMIT = 80
"""The 80th consecutive jump that captures nothing ends the game."""

NAMES = [f"{'abcdefg'[sq % SIZE]}{sq // SIZE + 1}" for sq in range(SQUARES)]
INDEX = {name: sq for sq, name in enumerate(NAMES)}
PIECE = "xo"


NOT_FILE_A = sum(1 << sq for sq in range(SQUARES) if sq % SIZE != 0)
NOT_FILE_G = sum(1 << sq for sq in range(SQUARES) if sq % SIZE != SIZE - 1)


def spread(mask: int) -> int:
    """`mask` and every square next to it: `spread(own) & empty` are the place targets."""
    row = mask | ((mask << 1) & NOT_FILE_A) | ((mask >> 1) & NOT_FILE_G)
    return (row | (row << SIZE) | (row >> SIZE)) & FULL


ADJACENT = [spread(1 << sq) & ~(1 << sq) for sq in range(SQUARES)]
"""ADJACENT[sq]: the up to 8 squares next to sq (place targets, capture zone)."""
RING2 = [spread(spread(1 << sq)) & ~spread(1 << sq) for sq in range(SQUARES)]
"""RING2[sq]: the up to 16 squares exactly two away (jump targets; jumps are symmetric, so also
the squares that can jump to sq)."""

# Named layouts of blocked squares offered in the UI (all symmetric under 180° rotation).
LAYOUTS = {
    "Open": START_FEN,
    "Centre cross": "x5o/7/3-3/2---2/3-3/7/o5x x 0 1",
    "Four pillars": "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1",
    "Corridors": "x5o/1-3-1/7/7/7/1-3-1/o5x x 0 1",
    "Diamond": "x5o/3-3/2-1-2/1-3-1/2-1-2/3-3/o5x x 0 1",
}


def can_move(own: int, empty: int) -> bool:
    """True if a side with pieces `own` has any place or jump into `empty`."""
    return bool(spread(spread(own)) & empty)


def gen_moves(own: int, empty: int) -> list[tuple[int, int]]:
    """All (origin, target) moves; origin -1 marks a place (clone). No pass."""
    moves = [(-1, to) for to in bits(spread(own) & empty)]
    for sq in bits(own):
        moves.extend((sq, to) for to in bits(RING2[sq] & empty))
    return moves


def apply_move(own: int, opp: int, origin: int, target: int) -> tuple[int, int, int]:
    """Return (own', opp', captured count) after placing (origin -1) or jumping to target."""
    flips = ADJACENT[target] & opp
    own |= (1 << target) | flips
    if origin >= 0:
        own &= ~(1 << origin)
    return own, opp & ~flips, flips.bit_count()


def move_name(origin: int, target: int) -> str:
    """Notation of a move: target for a place, origin+target for a jump."""
    return NAMES[target] if origin < 0 else NAMES[origin] + NAMES[target]


def parse_move(text: str) -> tuple[int, int] | None:
    """(origin, target) from notation, origin -1 for a place; None for a pass.

    Raises IllegalMove if `text` is not in Ataxx notation (legality is not checked here).
    """
    move = check_move_string(text)
    if move in ("pass", "0000"):
        return None
    if len(move) == 2 and move in INDEX:
        return -1, INDEX[move]
    if len(move) == 4 and move[:2] in INDEX and move[2:] in INDEX:
        return INDEX[move[:2]], INDEX[move[2:]]
    raise IllegalMove(
        f"{shown(text)} is not an Ataxx move: write a place as its target (b6), "
        "a jump as origin and target (a7c5), or pass"
    )


def parse_fen(fen: Any) -> tuple[int, int, int, int, int, int]:
    """(x, o, blocked, turn, halfmove, fullmove) from standard Ataxx FEN; ValueError if malformed."""
    if not isinstance(fen, str) or len(fen) > 200:
        raise ValueError(f"an Ataxx FEN must be a short string, not {shown(fen)}")
    parts = fen.split()
    if len(parts) not in (2, 4):
        raise ValueError(f"an Ataxx FEN has a board, a side to move and two counters: {shown(fen)}")
    rows = parts[0].split("/")
    if len(rows) != SIZE:
        raise ValueError(f"an Ataxx FEN board has 7 rows separated by '/': {shown(fen)}")
    x = o = blocked = 0
    for i, row in enumerate(rows):
        rank = SIZE - 1 - i
        file = 0
        for ch in row:
            if ch.isdigit() and ch != "0":
                file += int(ch)
                continue
            if ch not in "xo-" or file >= SIZE:
                raise ValueError(f"bad FEN row {shown(row)}: use x, o, - and digits 1-7, 7 squares")
            bit = 1 << (rank * SIZE + file)
            if ch == "x":
                x |= bit
            elif ch == "o":
                o |= bit
            else:
                blocked |= bit
            file += 1
        if file != SIZE:
            raise ValueError(f"FEN row {shown(row)} does not cover exactly 7 squares")
    if parts[1] not in ("x", "o"):
        raise ValueError(f"the side to move in an Ataxx FEN is x or o, not {shown(parts[1])}")
    turn = PIECE.index(parts[1])
    halfmove, fullmove = 0, 1
    if len(parts) == 4:
        if not (parts[2].isdigit() and parts[3].isdigit()) or len(parts[2] + parts[3]) > 8:
            raise ValueError(f"FEN counters must be small non-negative integers: {shown(fen)}")
        halfmove, fullmove = int(parts[2]), max(1, int(parts[3]))
    return x, o, blocked, turn, halfmove, fullmove


def board_fen(x: int, o: int, blocked: int) -> str:
    """The board field of a FEN."""
    rows = []
    for rank in range(SIZE - 1, -1, -1):
        row, run = "", 0
        for file in range(SIZE):
            bit = 1 << (rank * SIZE + file)
            ch = "x" if x & bit else "o" if o & bit else "-" if blocked & bit else ""
            if not ch:
                run += 1
                continue
            if run:
                row += str(run)
                run = 0
            row += ch
        rows.append(row + (str(run) if run else ""))
    return "/".join(rows)


class AtaxxState(State):
    """An Ataxx position with its history, repetition counts and result."""

    game = "ataxx"
    seats = 2
    __slots__ = (
        "variant", "_pieces", "blocked", "_turn", "halfmove", "fullmove", "start_fen", "_seen",
    )

    def __init__(self, variant: str, x: int, o: int, blocked: int, turn: int, halfmove: int,
                 fullmove: int, start_fen: str, history: tuple, seen: dict):
        self.variant = variant
        self._pieces = (x, o)
        self.blocked = blocked
        self._turn = turn
        self.halfmove = halfmove
        self.fullmove = fullmove
        self.start_fen = start_fen
        self._seen = seen
        super().__init__(history)
        self._judge()

    # --- construction ----------------------------------------------------------------------
    @classmethod
    def start(cls, variant: str | None = None, fen: str | None = None) -> "AtaxxState":
        variant = VARIANTS[0] if variant is None else variant
        if variant not in VARIANTS:
            raise ValueError(f"Ataxx variants are {', '.join(VARIANTS)}; not {shown(variant)}")
        fen = START_FEN if fen is None else fen
        x, o, blocked, turn, halfmove, fullmove = parse_fen(fen)
        if x & o or (x | o) & blocked:
            raise ValueError("an Ataxx FEN may hold one thing per square")
        start_fen = board_fen(x, o, blocked) + f" {PIECE[turn]} {halfmove} {fullmove}"
        return cls(variant, x, o, blocked, turn, halfmove, fullmove, start_fen, (),
                   {(x, o, turn): 1})

    # --- the end rules, checked after every move (spec order) ------------------------------
    def _judge(self) -> None:
        x, o = self._pieces
        empty = FULL & ~(x | o | self.blocked)
        if not x or not o:  # the count: who has none loses; none against none (a FEN) draws
            return self._end_by_count("no pieces left")
        if not empty:
            return self._end_by_count("the board is full")
        if not can_move(self._pieces[self._turn], empty):
            if self.variant == "solo":
                return self._end([1 - self._turn], "no move left")
            if not can_move(self._pieces[1 - self._turn], empty):
                return self._end_by_count("neither player can move")
        if self._seen[(x, o, self._turn)] >= 3:
            return self._end_by_count("the same position occurred three times")
        if self.halfmove >= JUMP_LIMIT:
            return self._end_by_count(f"{JUMP_LIMIT} jumps in a row without a capture")

    def _end_by_count(self, reason: str) -> None:
        x, o = (p.bit_count() for p in self._pieces)
        self._end([0] if x > o else [1] if o > x else [0, 1], reason)

    # --- the protocol ----------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self._end_reason else self._turn

    @property
    def scores(self) -> list[int]:
        return [p.bit_count() for p in self._pieces]

    @property
    def pieces(self) -> tuple[int, int]:
        """Bitboards (x, o)."""
        return self._pieces

    def empty(self) -> int:
        """Bitboard of the empty squares."""
        return FULL & ~(self._pieces[0] | self._pieces[1] | self.blocked)

    def legal_moves(self) -> list[str]:
        if self._moves_cache is None:
            if self._end_reason:
                self._moves_cache = []
            else:
                moves = gen_moves(self._pieces[self._turn], self.empty())
                self._moves_cache = sorted(move_name(f, t) for f, t in moves) or ["pass"]
        return list(self._moves_cache)

    def targets(self) -> dict[str, list[list[str]]]:
        """Board hints for tap-tap and drag: {origin: [[target, move, "place" | "jump"], ...]}.

        A place is listed under every piece of the mover next to its target. Empty when the
        game is over or the only move is a pass.
        """
        if self._end_reason:
            return {}
        own, empty = self._pieces[self._turn], self.empty()
        hints = {}
        for sq in bits(own):
            moves = [[NAMES[t], NAMES[t], "place"] for t in bits(ADJACENT[sq] & empty)]
            moves += [[NAMES[t], NAMES[sq] + NAMES[t], "jump"] for t in bits(RING2[sq] & empty)]
            if moves:
                hints[NAMES[sq]] = sorted(moves)
        return hints

    def _play(self, move: str) -> "AtaxxState":
        parsed = parse_move(move)
        own, opp = self._pieces[self._turn], self._pieces[1 - self._turn]
        empty = self.empty()
        if parsed is None:
            if can_move(own, empty):
                raise IllegalMove("you may pass only when you cannot place or jump")
            return self._after(own, opp, "pass", self.halfmove)
        origin, target = parsed
        name = move_name(origin, target)
        if not empty >> target & 1:
            raise IllegalMove(f"{name} is not legal: {NAMES[target]} is not an empty square")
        if origin < 0:
            if not ADJACENT[target] & own:
                raise IllegalMove(f"{name} is not legal: none of your pieces is next to {NAMES[target]}")
        else:
            if not own >> origin & 1:
                raise IllegalMove(f"{name} is not legal: {NAMES[origin]} is not your piece")
            if ADJACENT[target] >> origin & 1:
                raise IllegalMove(f"{name} is not legal: a move to a neighbouring square is a "
                                  f"place, written as that square alone ({NAMES[target]})")
            if not RING2[origin] >> target & 1:
                raise IllegalMove(f"{name} is not legal: a jump goes exactly two squares")
        own, opp, captured = apply_move(own, opp, origin, target)
        jumps = self.halfmove + 1 if origin >= 0 and not captured else 0
        return self._after(own, opp, name, jumps)

    def _after(self, own: int, opp: int, name: str, halfmove: int) -> "AtaxxState":
        turn = 1 - self._turn
        x, o = (own, opp) if self._turn == 0 else (opp, own)
        seen = dict(self._seen)
        key = (x, o, turn)
        seen[key] = seen.get(key, 0) + 1
        fullmove = self.fullmove + (self._turn == 1)
        return AtaxxState(self.variant, x, o, self.blocked, turn, halfmove, fullmove,
                          self.start_fen, self._history + (name,), seen)

    def _taken(self, target: int) -> int:
        """The rival pieces a piece arriving on `target` takes (the mover's move, this state)."""
        return ADJACENT[target] & self._pieces[1 - self._turn]

    def _describe(self, move: str, after: "AtaxxState") -> str:
        """"Red jumps a7→c5 and takes 3", "Blue clones to b6", "Red passes"."""
        who = self.mover_name()
        parsed = parse_move(move)
        if parsed is None:
            return f"{who} passes"
        origin, target = parsed
        if origin < 0:
            text = f"{who} clones to {NAMES[target]}"
        else:
            text = f"{who} jumps {NAMES[origin]}→{NAMES[target]}"
        taken = self._taken(target).bit_count()
        return f"{text} and takes {taken}" if taken else text

    def _places(self, move: str, after: "AtaxxState") -> list[str]:
        """The origin of a jump, the target, then the squares taken."""
        parsed = parse_move(move)
        if parsed is None:
            return []
        origin, target = parsed
        named = [NAMES[origin]] if origin >= 0 else []
        return named + [NAMES[target]] + [NAMES[sq] for sq in bits(self._taken(target))]

    def _forfeit(self, seat: int, reason: str) -> "AtaxxState":
        state = self._forfeited_copy(seat, reason)
        state._end([1 - seat], f"{PIECE[seat]} forfeits ({reason})")
        return state

    # --- notation and serialisation ------------------------------------------------------
    def fen(self) -> str:
        """Standard Ataxx FEN; the halfmove field is the count of jumps without capture."""
        x, o = self._pieces
        return f"{board_fen(x, o, self.blocked)} {PIECE[self._turn]} {self.halfmove} {self.fullmove}"

    def _start_dict(self) -> dict:
        return {"variant": self.variant, "start_fen": self.start_fen}

    def view(self, seat: int | None = None) -> dict:
        seat = self.check_view_seat(seat)
        x, o = self._pieces
        rows = []
        for rank in range(SIZE - 1, -1, -1):
            rows.append("".join(
                "x" if x >> sq & 1 else "o" if o >> sq & 1 else "-" if self.blocked >> sq & 1 else "."
                for sq in range(rank * SIZE, rank * SIZE + SIZE)
            ))
        return {
            **self.to_dict(),
            **self.view_common(seat),
            "legal_moves": self.legal_moves(),
            "fen": self.fen(),
            "board": rows,
            "jumps_without_capture": self.halfmove,
        }


def new(seats: int = 2, variant: str | None = None, seed: Any = None, fen: str | None = None,
        layout: str | None = None) -> AtaxxState:
    """A new Ataxx game from the standard start, a named `layout` of LAYOUTS, or a `fen`.

    `seed` is unused: Ataxx has no chance.
    """
    if type(seats) is not int or seats != 2:
        raise ValueError(f"Ataxx is for 2 seats, not {shown(seats)}")
    if layout is not None:
        if fen is not None or not isinstance(layout, str) or layout not in LAYOUTS:
            raise ValueError(f"give a fen or a layout among {', '.join(LAYOUTS)}, not both")
        fen = LAYOUTS[layout]
    return AtaxxState.start(variant, fen)


def from_dict(data: dict) -> AtaxxState:
    """Rebuild a state from `to_dict()` output by replaying its history from its start FEN."""
    if not isinstance(data, dict) or data.get("game") != "ataxx":
        raise ValueError("not an Ataxx state dict")
    return AtaxxState.start(data.get("variant"), data.get("start_fen", START_FEN)).replayed(data)


def from_view(view: dict, seed: Any = None) -> AtaxxState:
    """Ataxx hides nothing: the view holds the whole state."""
    return from_dict(view)


INFO = GameInfo(
    id="ataxx", title="Ataxx", min_seats=2, max_seats=2, variants=VARIANTS,
    default_variant=VARIANTS[0], layouts=tuple(LAYOUTS), new=new, from_dict=from_dict,
    from_view=from_view, colours=("Red", "Blue"),
    turn_seconds=30,  # the seed: "Each turn lasts 30 seconds; timeout loses"
)


def perft(state: AtaxxState, depth: int) -> int:
    """Leaf count of the move tree to `depth` plies, on bitboards (bulk-counted last ply).

    Ends by pieces, full board and blocked players are honoured (a game-over node counts 0,
    a forced pass counts 1); repetition and the jump limit are not, as in other Ataxx perfts.
    """
    if state.is_over:
        return 0
    x, o = state.pieces
    own, opp = (x, o) if state.to_move == 0 else (o, x)
    return _perft(own, opp, state.blocked, depth, state.variant == "solo")


def _perft(own: int, opp: int, blocked: int, depth: int, solo: bool) -> int:
    empty = FULL & ~(own | opp | blocked)
    if not own or not opp or not empty:
        return 0
    places = spread(own) & empty
    if depth == 1:
        count = places.bit_count()
        mask = own
        while mask:
            low = mask & -mask
            count += (RING2[low.bit_length() - 1] & empty).bit_count()
            mask ^= low
        if count:
            return count
        return 0 if solo or not can_move(opp, empty) else 1
    nodes = 0
    mask = places
    while mask:
        low = mask & -mask
        mask ^= low
        flips = ADJACENT[low.bit_length() - 1] & opp
        nodes += _perft(opp ^ flips, own | low | flips, blocked, depth - 1, solo)
    moved = bool(places)
    mask = own
    while mask:
        origin = mask & -mask
        mask ^= origin
        targets = RING2[origin.bit_length() - 1] & empty
        moved = moved or bool(targets)
        while targets:
            low = targets & -targets
            targets ^= low
            flips = ADJACENT[low.bit_length() - 1] & opp
            nodes += _perft(opp ^ flips, (own | low | flips) ^ origin, blocked, depth - 1, solo)
    if moved:
        return nodes
    return 0 if solo or not can_move(opp, empty) else _perft(opp, own, blocked, depth - 1, solo)
