"""Computer players for Parlor's games.

    from parlor.ai import choose_move
    move = choose_move(state.view(seat), "hard", seed=1, budget_s=1.0)

A computer player is handed a view (what its seat may see), never a state, so it cannot cheat.
Levels: "easy" (a uniformly random legal move), "medium" (one-move greedy), "hard" (look-ahead
inside a time budget it never overruns). See docs/ai.md.
"""

from __future__ import annotations

import importlib
import math
import random
from types import ModuleType
from typing import Any

from .search import Budget

LEVELS = ("easy", "medium", "hard")

__all__ = ["LEVELS", "choose_move"]


def choose_move(view: dict, level: str, *, seed: Any = None, budget_s: float | None = None,
                max_depth: int | None = None) -> str:
    """A legal move (in the game's notation) for the seat to move in `view`, at `level`.

    - `view`: a dict as returned by `state.view(seat)` (JSON round trips are fine).
    - `seed`: makes the choice reproducible (None: fresh randomness). Easy and Medium are
      deterministic given the seed; Hard is deterministic given the seed and the depth its
      search completed (`max_depth` caps that depth, so a generous budget plus `max_depth`
      gives a fully reproducible move).
    - `budget_s`: Hard's time budget in seconds, measured from this call (default 1.0; the
      search stops itself in time, see `parlor.ai.search`). Ignored by Easy and Medium.

    Returns "pass" when passing is the only legal move. Raises ValueError for an unknown level
    or game, a malformed view, or a game that is over.
    """
    budget = Budget(_budget_seconds(budget_s))  # the clock starts now: rebuilding counts too
    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r:.40}")
    if max_depth is not None and (isinstance(max_depth, bool) or not isinstance(max_depth, int)
                                  or max_depth < 1):
        raise ValueError(f"max_depth must be a positive integer or None, not {max_depth!r:.40}")
    if seed is not None and not isinstance(seed, (int, float, str, bytes)):
        raise ValueError(f"seed is None, a number or a string, not {seed!r:.40}")
    if not isinstance(view, dict):
        raise ValueError("choose_move needs a view: the dict returned by state.view(seat)")
    from ..rules import from_view

    state = from_view(view, seed)
    if state.is_over:
        raise ValueError(f"the game is over ({state.end_reason}); there is no move to choose")
    rng = random.Random(seed)
    if level == "easy":  # the same for every game: a uniformly random legal move
        return rng.choice(state.legal_moves())
    return player_for(state.game).choose(state, level, rng, budget, max_depth)


def player_for(game: str) -> ModuleType:
    """The computer player of `game`: the module `parlor.ai.<game>`, whose
    `choose(state, level, rng, budget, max_depth)` picks a Medium or Hard move (Easy's is
    `choose_move`'s own)."""
    name = f"{__name__}.{game}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:
            raise
        raise ValueError(f"no computer player for {game!r:.40}") from None


def _budget_seconds(budget_s: Any) -> float:
    if budget_s is None:
        return 1.0
    if isinstance(budget_s, bool) or not isinstance(budget_s, (int, float)) or not 0 < budget_s < math.inf:
        raise ValueError(f"budget_s must be a positive, finite number of seconds, not {budget_s!r:.40}")
    return float(budget_s)
