"""A pytest plugin for the suites run inside Pyodide: each Hypothesis test draws a quarter of the
examples it draws under CPython (at least 2), a test parametrized by ``seed`` (a cross-check
over random games) runs the first quarter of its seeds (at least 2), a test parametrized by a
game's tables (``game``, ``seats``, ``variant``) runs the first table of each game, and a test
module's ``POSITIONS`` (how many random positions a cross-check compares) is a quarter of itself.

Under CPython the same tests run with their full example counts and every seed; inside Pyodide
(about 3-4x slower) the question is whether the wheel behaves the same on WebAssembly, which a
few examples of every property answer. The files and assertions are the same.
"""

from __future__ import annotations

import math

from hypothesis import settings

SCALE = 0.25
MINIMUM = 2


def fewer(count: int) -> int:
    return max(MINIMUM, math.ceil(count * SCALE))


def pytest_collection_modifyitems(config, items):
    for module in {item.module for item in items if getattr(item, "module", None) is not None}:
        if isinstance(getattr(module, "POSITIONS", None), int):
            module.POSITIONS = fewer(module.POSITIONS)

    seen = set()
    for item in items:
        test = getattr(item, "obj", None)
        if getattr(test, "hypothesis", None) is None or id(test) in seen:
            continue
        seen.add(id(test))
        # The settings Hypothesis's wrapped test reads when it runs (set by @settings/@given).
        current = test._hypothesis_internal_use_settings
        test._hypothesis_internal_use_settings = settings(current, max_examples=fewer(current.max_examples))

    # Seeds are counted per test and per value of its other parameters (a golden table keeps its own).
    def seed_of(item):
        params = getattr(getattr(item, "callspec", None), "params", {})
        seed = params.get("seed")
        if not isinstance(seed, int):
            return None, None
        others = tuple(sorted((name, repr(value)) for name, value in params.items() if name != "seed"))
        return (item.originalname, others), seed

    seeds: dict[tuple, set[int]] = {}
    for item in items:
        key, seed = seed_of(item)
        if key is not None:
            seeds.setdefault(key, set()).add(seed)
    kept = {key: set(sorted(found)[:fewer(len(found))]) for key, found in seeds.items()}
    dropped = [item for item in items if seed_of(item)[0] is not None
               and seed_of(item)[1] not in kept[seed_of(item)[0]]]

    # Tables are counted per test and game: the first of each game's tables stays.
    first_tables = set()
    for item in items:
        params = getattr(getattr(item, "callspec", None), "params", {})
        if {"game", "seats", "variant"} <= set(params):
            key = (item.originalname, params["game"])
            if key in first_tables:
                dropped.append(item)
            first_tables.add(key)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        gone = set(map(id, dropped))
        items[:] = [item for item in items if id(item) not in gone]
