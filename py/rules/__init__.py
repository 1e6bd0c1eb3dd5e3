"""The rules of Parlor's games behind one small State contract.

    from parlor.rules import GAMES, new_game, from_dict, from_view, IllegalMove
    state = new_game("ataxx", seats=2, variant=None, seed=7)
    state = state.play(state.legal_moves()[0])

See docs/rules-contract.md for the protocol and each game's notation.
"""

from __future__ import annotations

from typing import Any

from . import ataxx, chains, gems, runners, sanctuary
from .core import GameInfo, IllegalMove, State

GAMES: dict[str, GameInfo] = {info.id: info for info in (ataxx.INFO, runners.INFO, sanctuary.INFO,
                                                          gems.INFO, chains.INFO)}

__all__ = ["GAMES", "GameInfo", "IllegalMove", "State", "from_dict", "from_view", "new_game"]


def _info(game: Any) -> GameInfo:
    if not isinstance(game, str) or game not in GAMES:
        raise ValueError(f"unknown game {game!r:.40}; games are {', '.join(GAMES)}")
    return GAMES[game]


def new_game(game: str, seats: int | None = None, variant: str | None = None, seed: Any = None,
             **options: Any) -> State:
    """A new game of `game` for `seats` (default: the fewest) with `variant` (default: the
    game's own); `seed` drives all chance; game-specific `options` (e.g. Ataxx `fen`)."""
    info = _info(game)
    seats = info.min_seats if seats is None else seats
    if isinstance(seats, bool) or not isinstance(seats, int) or not info.min_seats <= seats <= info.max_seats:
        raise ValueError(f"{info.title} is for {info.seat_counts} seats, not {seats!r:.20}")
    code = info.new.__code__  # the game's own options: the parameters of its `new`
    known = set(code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]) - {"seats", "variant", "seed"}
    for name in options:
        if name not in known:
            raise ValueError(f"{info.title} options are {', '.join(sorted(known)) or 'none'}; not {name!r:.40}")
    return info.new(seats=seats, variant=variant, seed=seed, **options)


def from_dict(data: dict) -> State:
    """Rebuild a state from `State.to_dict()` output."""
    if not isinstance(data, dict):
        raise ValueError("a state dict must be a dict")
    return _info(data.get("game")).from_dict(data)


def from_view(view: dict, seed: Any = None) -> State:
    """A state consistent with `view`, hidden parts sampled with `seed`."""
    if not isinstance(view, dict):
        raise ValueError("a view must be a dict")
    return _info(view.get("game")).from_view(view, seed)
