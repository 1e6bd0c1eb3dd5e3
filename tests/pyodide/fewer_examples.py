"""A pytest plugin for the suites run inside Pyodide: each Hypothesis test draws a quarter of the
examples it draws under CPython (at least 2).

Under CPython the same tests run with their full example counts; inside Pyodide (about 3-4x
slower) the question is whether the wheel behaves the same on WebAssembly, which a few examples
of every property answer. The test ids, files and assertions are the same.
"""

from __future__ import annotations

import math

from hypothesis import settings

SCALE = 0.25
MINIMUM = 2


def pytest_collection_modifyitems(items):
    seen = set()
    for item in items:
        test = getattr(item, "obj", None)
        if getattr(test, "hypothesis", None) is None or id(test) in seen:
            continue
        seen.add(id(test))
        # The settings Hypothesis's wrapped test reads when it runs (set by @settings/@given).
        current = test._hypothesis_internal_use_settings
        examples = max(MINIMUM, math.ceil(current.max_examples * SCALE))
        test._hypothesis_internal_use_settings = settings(current, max_examples=examples)
