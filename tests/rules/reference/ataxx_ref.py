"""A clean-room reference implementation of the Ataxx rules, for the cross-check test.

Written by a developer who did not read py/, only from ../shared/spec/ataxx.md, the seed
(../shared/seeds/001_bebcc42bed86ba02.txt), docs/ataxx.md and docs/rules-contract.md.
Standard library only.

API
---
new(fen=None, variant="standard") -> state dict
legal_moves(s) -> sorted list[str]  ([] when the game is over)
play(s, move) -> new state dict      (ValueError if illegal; s is not changed)
fen(s) -> str                        (standard Ataxx FEN; halfmove = jump counter)
result(s) -> {"is_over", "winners", "reason", "scores", "to_move"}

State dict (JSON-safe; treat as opaque):
  variant      "standard" | "solo"
  x, o, blocked  49-bit ints, bit (rank-1)*7 + file  (a1 = bit 0, g7 = bit 48)
  turn         0 (x) or 1 (o)
  jumps        consecutive non-capturing jumps (FEN halfmove field)
  fullmove     FEN fullmove number (grows after o moves, a pass included)
  positions    list of position keys seen so far, the starting position first;
               key = board part of the FEN + " " + side to move
  start_fen    the FEN the game started from
  history      moves played, canonical spelling
  forced_pass  True when the side to move must pass (standard variant only)
  over, winners, reason   cached end state
"""

from __future__ import annotations

SIZE = 7
NSQ = SIZE * SIZE
FULL = (1 << NSQ) - 1
FILES = "abcdefg"
START_FEN = "x5o/7/7/7/7/7/o5x x 0 1"
VARIANTS = ("standard", "solo")
JUMP_LIMIT = 80


def _name(i: int) -> str:
    return FILES[i % SIZE] + str(i // SIZE + 1)


def _index(name: str) -> int:
    if len(name) != 2 or name[0] not in FILES or name[1] not in "1234567":
        raise ValueError(f"bad square {name!r}")
    return (int(name[1]) - 1) * SIZE + FILES.index(name[0])


NAMES = [_name(i) for i in range(NSQ)]
ADJ = [0] * NSQ   # mask of the 8 neighbours
RING = [0] * NSQ  # mask of the 16 squares at Chebyshev distance exactly 2
for _i in range(NSQ):
    _r, _f = divmod(_i, SIZE)
    for _dr in range(-2, 3):
        for _df in range(-2, 3):
            _rr, _ff = _r + _dr, _f + _df
            if not (0 <= _rr < SIZE and 0 <= _ff < SIZE):
                continue
            _d = max(abs(_dr), abs(_df))
            if _d == 1:
                ADJ[_i] |= 1 << (_rr * SIZE + _ff)
            elif _d == 2:
                RING[_i] |= 1 << (_rr * SIZE + _ff)
REACH = [ADJ[i] | RING[i] for i in range(NSQ)]


def _bits(m: int):
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


def _popcount(m: int) -> int:
    return bin(m).count("1")


# ---------------------------------------------------------------- FEN
def _board_str(x: int, o: int, blocked: int) -> str:
    rows = []
    for rank in range(SIZE - 1, -1, -1):
        row, run = "", 0
        for f in range(SIZE):
            b = 1 << (rank * SIZE + f)
            c = "x" if x & b else "o" if o & b else "-" if blocked & b else None
            if c is None:
                run += 1
            else:
                if run:
                    row += str(run)
                    run = 0
                row += c
        if run:
            row += str(run)
        rows.append(row)
    return "/".join(rows)


def _parse_fen(text: str):
    if not isinstance(text, str):
        raise ValueError("FEN must be a string")
    parts = text.split()
    if len(parts) not in (2, 3, 4):
        raise ValueError(f"bad FEN {text!r}: expected board, side[, halfmove[, fullmove]]")
    rows = parts[0].split("/")
    if len(rows) != SIZE:
        raise ValueError(f"bad FEN {text!r}: needs 7 ranks")
    x = o = blocked = 0
    for k, row in enumerate(rows):
        rank = SIZE - 1 - k
        f = 0
        for c in row:
            if c in "1234567":
                f += int(c)
            elif c in "xo-":
                if f >= SIZE:
                    raise ValueError(f"bad FEN {text!r}: rank too long")
                b = 1 << (rank * SIZE + f)
                if c == "x":
                    x |= b
                elif c == "o":
                    o |= b
                else:
                    blocked |= b
                f += 1
            else:
                raise ValueError(f"bad FEN {text!r}: unexpected {c!r}")
            if f > SIZE:
                raise ValueError(f"bad FEN {text!r}: rank too long")
        if f != SIZE:
            raise ValueError(f"bad FEN {text!r}: rank {rank + 1} has {f} squares")
    if parts[1] not in ("x", "o"):
        raise ValueError(f"bad FEN {text!r}: side must be x or o")
    turn = 0 if parts[1] == "x" else 1
    try:
        jumps = int(parts[2]) if len(parts) > 2 else 0
        fullmove = int(parts[3]) if len(parts) > 3 else 1
    except ValueError:
        raise ValueError(f"bad FEN {text!r}: counters must be integers") from None
    if jumps < 0 or fullmove < 1:
        raise ValueError(f"bad FEN {text!r}: counters out of range")
    return x, o, blocked, turn, jumps, fullmove


def _key(x: int, o: int, blocked: int, turn: int) -> str:
    return _board_str(x, o, blocked) + (" x" if turn == 0 else " o")


# ---------------------------------------------------------------- move generation
def _can_move(own: int, empty: int) -> bool:
    for i in _bits(own):
        if REACH[i] & empty:
            return True
    return False


def _gen(own: int, empty: int) -> list[str]:
    places = 0
    moves = []
    for i in _bits(own):
        places |= ADJ[i] & empty
        for j in _bits(RING[i] & empty):
            moves.append(NAMES[i] + NAMES[j])
    moves.extend(NAMES[j] for j in _bits(places))
    return sorted(set(moves))


def _sides(s):
    return (s["x"], s["o"]) if s["turn"] == 0 else (s["o"], s["x"])


# ---------------------------------------------------------------- end checks
def _by_count(x: int, o: int) -> list[int]:
    xc, oc = _popcount(x), _popcount(o)
    if xc > oc:
        return [0]
    if oc > xc:
        return [1]
    return [0, 1]


def _evaluate(s: dict) -> dict:
    """Apply the spec's ordered end checks to s (in place) and return it."""
    x, o, blocked, turn = s["x"], s["o"], s["blocked"], s["turn"]
    s["over"], s["winners"], s["reason"], s["forced_pass"] = False, [], None, False
    xc, oc = _popcount(x), _popcount(o)
    # (1) a player with no pieces loses
    if xc == 0 or oc == 0:
        s["over"] = True
        s["reason"] = "no-pieces"
        s["winners"] = [0, 1] if xc == oc else ([0] if xc else [1])
        return s
    empty = FULL & ~(x | o | blocked)
    # (2) a full board ends the game by count
    if empty == 0:
        s["over"], s["reason"], s["winners"] = True, "full", _by_count(x, o)
        return s
    # (3) no move for the player to move
    own, opp = (x, o) if turn == 0 else (o, x)
    if not _can_move(own, empty):
        if s["variant"] == "solo":
            s["over"], s["reason"], s["winners"] = True, "no-move-solo", [1 - turn]
            return s
        if not _can_move(opp, empty):
            s["over"], s["reason"], s["winners"] = True, "neither-can-move", _by_count(x, o)
            return s
        s["forced_pass"] = True
    # (4) third occurrence of the position, or the 80th non-capturing jump in a row
    key = _key(x, o, blocked, turn)
    if s["positions"].count(key) >= 3:
        s["over"], s["reason"], s["winners"] = True, "repetition", _by_count(x, o)
        s["forced_pass"] = False
        return s
    if s["jumps"] >= JUMP_LIMIT:
        s["over"], s["reason"], s["winners"] = True, "jumps80", _by_count(x, o)
        s["forced_pass"] = False
        return s
    return s


# ---------------------------------------------------------------- public API
def new(fen: str | None = None, variant: str = "standard") -> dict:
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}")
    text = START_FEN if fen is None else fen
    x, o, blocked, turn, jumps, fullmove = _parse_fen(text)
    s = {
        "variant": variant,
        "x": x, "o": o, "blocked": blocked,
        "turn": turn, "jumps": jumps, "fullmove": fullmove,
        "positions": [_key(x, o, blocked, turn)],
        "start_fen": text.strip(),
        "history": [],
    }
    return _evaluate(s)


def legal_moves(s: dict) -> list[str]:
    if s["over"]:
        return []
    if s["forced_pass"]:
        return ["pass"]
    own, _ = _sides(s)
    empty = FULL & ~(s["x"] | s["o"] | s["blocked"])
    return _gen(own, empty)


def _normalise(move) -> str:
    if not isinstance(move, str) or len(move) > 64:
        raise ValueError(f"not a move: {move!r}")
    m = move.strip().lower()
    return "pass" if m == "0000" else m


def play(s: dict, move) -> dict:
    if s["over"]:
        raise ValueError("the game is over")
    m = _normalise(move)
    if m not in legal_moves(s):
        raise ValueError(f"illegal move {move!r}")
    x, o, blocked, turn = s["x"], s["o"], s["blocked"], s["turn"]
    jumps = s["jumps"]
    if m != "pass":
        own, opp = (x, o) if turn == 0 else (o, x)
        if len(m) == 2:
            to = _index(m)
            own |= 1 << to
            jumps = 0  # a place resets the count
        else:
            fr, to = _index(m[:2]), _index(m[2:])
            own = (own & ~(1 << fr)) | (1 << to)
            jumps += 1
        captured = ADJ[to] & opp
        if captured:
            own |= captured
            opp &= ~captured
            jumps = 0  # any capture resets the count
        x, o = (own, opp) if turn == 0 else (opp, own)
    fullmove = s["fullmove"] + (1 if turn == 1 else 0)
    nturn = 1 - turn
    ns = {
        "variant": s["variant"],
        "x": x, "o": o, "blocked": blocked,
        "turn": nturn, "jumps": jumps, "fullmove": fullmove,
        "positions": s["positions"] + [_key(x, o, blocked, nturn)],
        "start_fen": s["start_fen"],
        "history": s["history"] + [m],
    }
    return _evaluate(ns)


def fen(s: dict) -> str:
    return "%s %s %d %d" % (_board_str(s["x"], s["o"], s["blocked"]),
                            "x" if s["turn"] == 0 else "o", s["jumps"], s["fullmove"])


def result(s: dict) -> dict:
    return {
        "is_over": s["over"],
        "winners": list(s["winners"]),
        "reason": s["reason"],
        "scores": [_popcount(s["x"]), _popcount(s["o"])],
        "to_move": None if s["over"] else s["turn"],
    }
