"""Gems: ConHex (Michail Antonow, 2002), the connection game of holes and cells, after the users'
rules text for Gems and the project's spec for it.

Holes sit on a 9×9 grid, columns A–I from the left, rows 1–9 from the top (A1 upper left); 12
grid points are not holes, leaving 69. The 41 cells are sets of 3, 5 or 6 holes. A gem claims a
cell for its owner the moment the owner holds at least half of the cell's holes first (2 of 3,
3 of 6, 3 of 5); ownership never changes. Seat 0 (Red, the starting player) joins top and
bottom, seat 1 (Blue) left and right; the first to own a chain of cells joining their two edges
wins at once (two cells are adjacent when they share a hole). Notation: the hole (`E5`); `swap`
for the pie rule (second turn of the `standard` variant only). See docs/gems.md.

Holes are bits 0–68 of a hole mask (row-major: A1 = 0, B1 = 1, ..., I9 = 68); cells are bits
0–40 of a cell mask, in the order of `CELLS`. The tables and the functions `claims`,
`connected`, `winner_of_fill` are the fast core the computer players search with;
`GemsState` wraps them in the State protocol.
"""

from __future__ import annotations

import random
from typing import Any

from .core import GameInfo, IllegalMove, State, bits, shown

COLUMNS = "ABCDEFGHI"
NOT_HOLES = ("B2", "H2", "C3", "G3", "D4", "F4", "D6", "F6", "C7", "G7", "B8", "H8")
"""Grid points without a hole."""
HOLES: tuple[str, ...] = tuple(f"{c}{r}" for r in range(1, 10) for c in COLUMNS
                               if f"{c}{r}" not in NOT_HOLES)
"""The 69 holes in bit order (row by row from the top, left to right)."""
INDEX = {name: i for i, name in enumerate(HOLES)}
N_HOLES = len(HOLES)
ALL_HOLES = (1 << N_HOLES) - 1

_CELL_TEXT = {
    "corner": "A1 B1 A2 | H1 I1 I2 | H9 I9 I8 | A8 A9 B9",
    "top": "B1 C1 D1 | D1 E1 F1 | F1 G1 H1",
    "right": "I2 I3 I4 | I4 I5 I6 | I6 I7 I8",
    "bottom": "B9 C9 D9 | D9 E9 F9 | F9 G9 H9",
    "left": "A2 A3 A4 | A4 A5 A6 | A6 A7 A8",
    "ring 2": "B1 C1 A2 C2 A3 B3 | C1 D1 E1 C2 D2 E2 | E1 F1 G1 E2 F2 G2 | G1 H1 G2 I2 H3 I3 |"
              "H3 I3 H4 I4 H5 I5 | H5 I5 H6 I6 H7 I7 | H7 I7 G8 I8 G9 H9 | E8 F8 G8 E9 F9 G9 |"
              "C8 D8 E8 C9 D9 E9 | A7 B7 A8 C8 B9 C9 | A5 B5 A6 B6 A7 B7 | A3 B3 A4 B4 A5 B5",
    "ring 3": "C2 D2 B3 D3 B4 C4 | D2 E2 F2 D3 E3 F3 | F2 G2 F3 H3 G4 H4 | G4 H4 G5 H5 G6 H6 |"
              "G6 H6 F7 H7 F8 G8 | D7 E7 F7 D8 E8 F8 | B6 C6 B7 D7 C8 D8 | B4 C4 B5 C5 B6 C6",
    "ring 4": "D3 E3 C4 E4 C5 D5 | E3 F3 E4 G4 F5 G5 | F5 G5 E6 G6 E7 F7 | C5 D5 C6 E6 D7 E7",
    "centre": "E4 D5 E5 F5 E6",
}
CELLS: tuple[tuple[str, ...], ...] = tuple(
    tuple(sorted(cell.split())) for text in _CELL_TEXT.values() for cell in text.split("|"))
"""The 41 cells, each a sorted tuple of hole names, in the spec's order: the four corners (A1,
I1, I9, A9), the top, right, bottom and left edge cells (three each, from the corner clockwise
as the spec lists them), ring 2 (12), ring 3 (8), ring 4 (4), the centre (40)."""
KIND: tuple[str, ...] = tuple(kind for kind, text in _CELL_TEXT.items() for _ in text.split("|"))
"""KIND[c]: "corner", "top", ..., "ring 2", "ring 3", "ring 4" or "centre"."""
N_CELLS = len(CELLS)
ALL_CELLS = (1 << N_CELLS) - 1
CENTRE = N_CELLS - 1

CELL_HOLES: tuple[int, ...] = tuple(sum(1 << INDEX[h] for h in cell) for cell in CELLS)
"""CELL_HOLES[c]: the hole mask of cell c."""
NEED: tuple[int, ...] = tuple((len(cell) + 1) // 2 for cell in CELLS)
"""NEED[c]: gems that claim cell c (2 of 3, 3 of 6, 3 of 5)."""
HOLE_CELLS: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in range(N_CELLS) if CELL_HOLES[c] >> h & 1) for h in range(N_HOLES))
"""HOLE_CELLS[h]: the cells hole h belongs to (three, or one for A1 I1 A9 I9 E5)."""
HOLE_CELL_MASK: tuple[int, ...] = tuple(sum(1 << c for c in cells) for cells in HOLE_CELLS)
ADJACENT: tuple[int, ...] = tuple(
    sum(1 << d for d in range(N_CELLS) if d != c and CELL_HOLES[c] & CELL_HOLES[d])
    for c in range(N_CELLS))
"""ADJACENT[c]: the cell mask of the cells sharing a hole with c."""


def _cells_mask(*kinds_or_cells: str) -> int:
    mask = 0
    for item in kinds_or_cells:
        if item in _CELL_TEXT:
            mask |= sum(1 << c for c in range(N_CELLS) if KIND[c] == item)
        else:
            mask |= 1 << CELLS.index(tuple(sorted(item.split())))
    return mask


TOP = _cells_mask("top", "A1 B1 A2", "H1 I1 I2")
BOTTOM = _cells_mask("bottom", "A8 A9 B9", "H9 I9 I8")
LEFT = _cells_mask("left", "A1 B1 A2", "A8 A9 B9")
RIGHT = _cells_mask("right", "H1 I1 I2", "H9 I9 I8")
EDGES: tuple[tuple[int, int], tuple[int, int]] = ((TOP, BOTTOM), (LEFT, RIGHT))
"""EDGES[seat]: the two cell masks a seat joins (seat 0 top–bottom, seat 1 left–right)."""
EDGE_NAMES = (("top", "bottom"), ("left", "right"))
COLOURS = ("Red", "Blue")
"""Seat 0 (the starting player, top to bottom) is Red; seat 1 (left to right) is Blue."""

VARIANTS = ("standard", "no-pie", "handicap-2", "handicap-3")
OPENING = {"standard": 1, "no-pie": 1, "handicap-2": 2, "handicap-3": 3}
"""Gems seat 0 places before alternating play begins."""
SWAP = "swap"


def hole_names(mask: int) -> list[str]:
    """The names of the holes in a hole mask, in bit order."""
    return [HOLES[h] for h in bits(mask)]


def seat_for_ply(ply: int, opening: int) -> int:
    """The seat that makes decision `ply` (0-based) when seat 0 opens with `opening` gems."""
    return 0 if ply < opening else (ply - opening + 1) % 2


def claims(hole: int, gems: int, owned: int) -> int:
    """The cells a gem at `hole` claims: `gems` is the mover's hole mask (holding `hole`),
    `owned` the cells either seat owns already."""
    new = 0
    for c in HOLE_CELLS[hole]:
        if not owned >> c & 1 and (CELL_HOLES[c] & gems).bit_count() >= NEED[c]:
            new |= 1 << c
    return new


def reach(cells: int, start: int) -> int:
    """The cells of `cells` connected (through adjacent cells of `cells`) to `start & cells`."""
    seen = front = cells & start
    while front:
        grow = 0
        while front:
            low = front & -front
            grow |= ADJACENT[low.bit_length() - 1]
            front ^= low
        front = grow & cells & ~seen
        seen |= front
    return seen


def connected(owned: int, seat: int) -> bool:
    """True if the cell mask `owned` holds a chain joining `seat`'s two edges."""
    first, second = EDGES[seat]
    return bool(reach(owned, first) & second)


def chain(owned: int, seat: int) -> int:
    """The cells of `owned` on a chain joining `seat`'s two edges (0 if none): the groups
    touching both edges."""
    first, second = EDGES[seat]
    return reach(owned, first) & reach(owned, second)


_CELL_TABLE = tuple((1 << c, CELL_HOLES[c], NEED[c], len(CELLS[c]) == 6,
                     tuple(h for h in range(N_HOLES) if CELL_HOLES[c] >> h & 1))
                    for c in range(N_CELLS))
_BIT = tuple(1 << h for h in range(N_HOLES))
_HOLE_RANGE = range(N_HOLES)


def fill(gems0: int, gems1: int, owned0: int, owned1: int, mover: int,
         ranked: list[int]) -> tuple[int, int, int]:
    """The full board after the empty holes are filled in the order of `ranked`, `mover`
    first and the seats alternating: (winner, seat 0's gems, seat 1's gems). `ranked` lists
    every empty hole h as `rank << 7 | h`, ranks increasing; `gems*`/`owned*` are the position
    before, which nobody has won yet.

    A cell still open goes to the seat holding the majority of its holes at the end; when both
    reach three in a six-hole cell, the first to get there owns it, i.e. the seat that does not
    hold the cell's last-filled hole. Ownership never changes and a full board has exactly one
    chain (cells meet three at a hole, as hexagons do), so the seat whose cells join its edges
    on the full board is the seat that joined them first: the winner."""
    bit = _BIT
    add0 = sum([bit[x & 127] for x in ranked[0::2]])
    add1 = sum([bit[x & 127] for x in ranked[1::2]])
    if mover:
        add0, add1 = add1, add0
    full0, full1 = gems0 | add0, gems1 | add1
    own0, taken = owned0, owned0 | owned1
    rank = None
    for cbit, holes, need, six, hole_list in _CELL_TABLE:
        if taken & cbit:
            continue
        n0 = (holes & full0).bit_count()
        if n0 >= need:
            if six and n0 == 3:
                # 3 against 3: the seat that filled the last of the six holes came second.
                if rank is None:
                    rank = {x & 127: x for x in ranked}
                get = rank.get
                if full0 >> (max([get(h, -1) for h in hole_list]) & 127) & 1:
                    continue
            own0 |= cbit
    first, second = EDGES[0]
    return (0 if reach(own0, first) & second else 1), full0, full1


def playout(gems0: int, gems1: int, owned0: int, owned1: int, mover: int, rng: random.Random,
            empties: list[int] | None = None) -> tuple[int, int, int]:
    """A uniformly random playout to a full board from a position nobody has won yet (`mover`
    to move; `empties` the empty holes if the caller has them): (winner, seat 0's gems, seat 1's
    gems) at the end, as `fill`."""
    if empties is None:
        taken = gems0 | gems1
        empties = [h for h in _HOLE_RANGE if not taken >> h & 1]
    keys = memoryview(rng.getrandbits(N_HOLES * 16).to_bytes(N_HOLES * 2, "little")).cast("H")
    ranked = sorted([keys[h] << 7 | h for h in empties])
    return fill(gems0, gems1, owned0, owned1, mover, ranked)


CORNER_HOLES = ("A1", "I1", "I9", "A9")


def cell_words(cell: int) -> str:
    """A cell for people: "the centre", "the A1 corner", "a top edge cell", "a cell"."""
    kind = KIND[cell]
    if kind == "centre":
        return "the centre"
    if kind == "corner":
        return f"the {next(h for h in CELLS[cell] if h in CORNER_HOLES)} corner"
    if kind.startswith("ring"):
        return "a cell"
    return f"a{'n' if kind[0] in 'aeiou' else ''} {kind} edge cell"


class GemsState(State):
    """A Gems position with its history and result."""

    game = "gems"
    seats = 2
    __slots__ = ("variant", "gems", "owned", "_last")

    def __init__(self, variant: str):
        self.variant = variant
        self.gems: tuple[int, int] = (0, 0)
        """Per seat: the hole mask of its gems."""
        self.owned: tuple[int, int] = (0, 0)
        """Per seat: the cell mask of the cells it owns."""
        self._last: int | None = None
        super().__init__()

    # --- the protocol ----------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        if self._end_reason:
            return None
        return seat_for_ply(len(self._history), OPENING[self.variant])

    @property
    def scores(self) -> list[int]:
        """Cells owned per seat."""
        return [mask.bit_count() for mask in self.owned]

    @property
    def last(self) -> int | None:
        """The hole of the latest gem placed (after a swap: the swapped gem); None at the start."""
        return self._last

    def empty(self) -> int:
        """The hole mask of the empty holes."""
        return ALL_HOLES & ~(self.gems[0] | self.gems[1])

    def can_swap(self) -> bool:
        """True if `swap` is legal: the second decision of a `standard` game."""
        return self.variant == "standard" and len(self._history) == 1 and not self._end_reason

    def legal_moves(self) -> list[str]:
        if self._moves_cache is None:
            if self._end_reason:
                self._moves_cache = []
            else:
                moves = hole_names(self.empty())
                if self.can_swap():
                    moves.append(SWAP)
                self._moves_cache = sorted(moves)
        return list(self._moves_cache)

    def _play(self, move: str) -> "GemsState":
        text = "".join(move.split())
        seat = self.to_move
        if text == SWAP:
            if not self.can_swap():
                when = ("is not part of this variant (it has no pie rule)"
                        if self.variant != "standard" else
                        "is only possible on the second turn of the game, instead of the "
                        "second gem")
                raise IllegalMove(f"swap {when}")
            return self._swapped()
        name = text.upper()
        hole = INDEX.get(name)
        if hole is None:
            if name in NOT_HOLES:
                raise IllegalMove(f"{name} is not a hole: the grid points "
                                  f"{' '.join(NOT_HOLES)} have none")
            raise IllegalMove(f"{shown(move)} is not a Gems move: write a hole as its column "
                              "A–I and row 1–9 (E5), or swap")
        for s in (0, 1):
            if self.gems[s] >> hole & 1:
                raise IllegalMove(f"{name} already holds a gem ({COLOURS[s]}'s)")
        return self._placed(seat, hole)

    def _placed(self, seat: int, hole: int) -> "GemsState":
        state = self._copy()
        gems = list(self.gems)
        gems[seat] |= 1 << hole
        state.gems = (gems[0], gems[1])
        new = claims(hole, gems[seat], self.owned[0] | self.owned[1])
        if new:
            owned = list(self.owned)
            owned[seat] |= new
            state.owned = (owned[0], owned[1])
            if connected(owned[seat], seat):
                first, second = EDGE_NAMES[seat]
                state._winners = [seat]
                state._end_reason = f"{COLOURS[seat]} joined {first} and {second}"
        state._history = self._history + (HOLES[hole],)
        state._last = hole
        return state

    def _swapped(self) -> "GemsState":
        """The pie rule: the first gem becomes seat 1's; a single gem claims no cell, so the
        cells it touches stay open (a first gem never claims one either)."""
        state = self._copy()
        state.gems = (0, self.gems[0])
        state.owned = (0, 0)
        state._history = self._history + (SWAP,)
        return state

    def _describe(self, move: str, after: "GemsState") -> str:
        """"Red places a gem at E5 and claims the centre", "Blue places a gem at C4, claims 2
        cells and joins left and right", "Blue swaps: Red's gem at E5 becomes Blue's"."""
        who = self.mover_name()
        if move == SWAP:
            names = self.seat_names()
            return f"{who} swaps: {names[0]}'s gem at {HOLES[after.last]} becomes {names[1]}'s"
        seat = self.to_move
        new = after.owned[seat] & ~self.owned[seat]
        text = f"{who} places a gem at {move}"
        if not new:
            return text
        count = new.bit_count()
        cells = cell_words(new.bit_length() - 1) if count == 1 else f"{count} cells"
        if after.is_over and after.winners == [seat]:
            first, second = EDGE_NAMES[seat]
            return f"{text}, claims {cells} and joins {first} and {second}"
        return f"{text} and claims {cells}"

    def _places(self, move: str, after: "GemsState") -> list[str]:
        """The hole of the gem placed, or of the gem a swap takes."""
        return [HOLES[after.last]]

    def _forfeit(self, seat: int, reason: str) -> "GemsState":
        state = self._forfeited_copy(seat, reason)
        state._winners = [1 - seat]
        state._end_reason = f"{COLOURS[seat]} forfeits ({reason})"
        return state

    # --- serialisation ---------------------------------------------------------------------
    def _start_dict(self) -> dict:
        return {"variant": self.variant}

    def cell_owners(self) -> list[int | None]:
        """The owner of each cell (in CELLS order), None if open."""
        o0, o1 = self.owned
        return [0 if o0 >> c & 1 else 1 if o1 >> c & 1 else None for c in range(N_CELLS)]

    def winning_chain(self) -> list[int]:
        """The cells (indices into CELLS) of the chain that won the game; [] if none did."""
        if not self._winners or self._forfeited:
            return []
        seat = self._winners[0]
        return list(bits(chain(self.owned[seat], seat)))

    def view(self, seat: int | None = None) -> dict:
        """Everything (Gems hides nothing); the schema is in docs/gems.md."""
        seat = self.check_view_seat(seat)
        gems = {}
        for h in range(N_HOLES):
            for s in (0, 1):
                if self.gems[s] >> h & 1:
                    gems[HOLES[h]] = s
        return {
            **self.to_dict(),
            **self.view_common(seat),
            "legal_moves": self.legal_moves(),
            "gems": gems,
            "owners": self.cell_owners(),
            "last": None if self._last is None else HOLES[self._last],
            "starter": 0,
            "edges": [list(names) for names in EDGE_NAMES],
            "opening": OPENING[self.variant],
            "can_swap": self.can_swap(),
            "chain": self.winning_chain(),
        }


def new(seats: int = 2, variant: str | None = None, seed: Any = None) -> GemsState:
    """A new game of Gems. `seed` is unused: Gems has no chance."""
    if type(seats) is not int or seats != 2:
        raise ValueError(f"Gems is for 2 seats, not {shown(seats)}")
    variant = VARIANTS[0] if variant is None else variant
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise ValueError(f"Gems variants are {', '.join(VARIANTS)}; not {shown(variant)}")
    return GemsState(variant)


def from_dict(data: dict) -> GemsState:
    """Rebuild a state from `to_dict()` output by replaying its history."""
    if not isinstance(data, dict) or data.get("game") != "gems":
        raise ValueError("not a Gems state dict")
    history = data.get("history", [])
    if not isinstance(history, list) or len(history) > N_HOLES + 1:
        raise ValueError(f"a Gems state's history is a list of at most {N_HOLES + 1} moves")
    return new(variant=data.get("variant")).replayed(data)


def from_view(view: dict, seed: Any = None) -> GemsState:
    """Gems hides nothing: the view holds the whole state."""
    return from_dict(view)


INFO = GameInfo(
    id="gems", title="Gems", min_seats=2, max_seats=2, variants=VARIANTS,
    default_variant=VARIANTS[0], layouts=(), new=new, from_dict=from_dict, from_view=from_view,
    colours=COLOURS,
)
