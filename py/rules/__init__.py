"""The rules of Parlor's games behind one small State contract.

    from parlor.rules import GAMES, new_game, from_dict, from_view, IllegalMove
    state = new_game("ataxx", seats=2, variant=None, seed=7)
    state = state.play(state.legal_moves()[0])

See docs/rules-contract.md for the protocol and each game's notation.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator, Mapping
from typing import Any

from .core import GameInfo, IllegalMove, State

_MODULE_NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")


class _Registry(Mapping):
    """Every game of this package by id, in the order of their module names: a module of
    parlor.rules named by its game's id that declares its `INFO` (a GameInfo) is a game; adding
    one needs no other edit. A game's module is imported when it is first looked up (the engine
    worker starts without the games it does not open); listing the games imports them all."""

    def __init__(self) -> None:
        self._found: dict[str, GameInfo] = {}
        self._listed: list[str] | None = None

    def __getitem__(self, game: Any) -> GameInfo:
        if game in self._found:
            return self._found[game]
        if not isinstance(game, str) or not _MODULE_NAME.fullmatch(game):
            raise KeyError(game)
        name = f"{__name__}.{game}"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as err:
            if err.name != name:
                raise  # the game's module exists and failed to import: not an unknown game
            raise KeyError(game) from None
        info = getattr(module, "INFO", None)
        if not isinstance(info, GameInfo) or info.id != game:
            raise KeyError(game)
        self._found[game] = info
        return info

    def _ids(self) -> list[str]:
        if self._listed is None:
            import pkgutil  # only to list every game: looking one up does not need it

            names = sorted(found.name for found in pkgutil.iter_modules(__path__))
            self._listed = [name for name in names if name in self]
        return self._listed

    def __iter__(self) -> Iterator[str]:
        return iter(self._ids())

    def __len__(self) -> int:
        return len(self._ids())

    def __repr__(self) -> str:
        return f"GAMES({', '.join(self)})"


GAMES: Mapping[str, GameInfo] = _Registry()

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
