"""app/shared/json_guard.py under CPython (and inside Pyodide: tests/pyodide/test_in_pyodide.py runs
this file there too; tests/micropython/ runs the same cases under the page's MicroPython)."""

import json
import random

import pytest

import json_guard
from json_guard_cases import CASES, expected, outcome


@pytest.mark.parametrize("index", range(len(CASES)))
def test_case(index):
    assert outcome(CASES[index][0]) == expected(index), repr(CASES[index][0])[:80]


def test_a_raw_lone_surrogate_is_refused():
    with pytest.raises(json_guard.JSONRefused) as refused:
        json_guard.loads('{"name": "a\ud800"}')
    assert refused.value.code == "bad-text" and isinstance(refused.value, ValueError)


def test_limits_are_the_callers():
    assert json_guard.loads("[[[1]]]", max_depth=3) == [[[1]]]
    for text, limits, code in (("[[[1]]]", {"max_depth": 2}, "too-deep"),
                               ("[1,2,3]", {"max_values": 3}, "too-many-values"),
                               ("[1001]", {"max_number": 1000}, "bad-number"),
                               ("[-1001]", {"max_number": 1000}, "bad-number"),
                               ("[1.5e3]", {"max_number": 1000}, "bad-number")):
        with pytest.raises(json_guard.JSONRefused) as refused:
            json_guard.loads(text, **limits)
        assert refused.value.code == code, text


def random_value(rng, depth):
    roll = rng.random()
    if depth > 0 and roll < 0.3:
        return [random_value(rng, depth - 1) for _ in range(rng.randrange(4))]
    if depth > 0 and roll < 0.5:
        return {random_text(rng): random_value(rng, depth - 1) for _ in range(rng.randrange(4))}
    return rng.choice([None, True, False, rng.randrange(-2**53, 2**53 + 1), rng.uniform(-1e15, 1e15),
                       rng.random(), random_text(rng)])


def random_text(rng):
    alphabet = 'ab"\\/[]{},:\n\t é€😀한\u2028\x00'
    return "".join(rng.choice(alphabet) for _ in range(rng.randrange(8)))


def test_random_json_within_the_limits_comes_back_as_it_was():
    rng = random.Random(20)
    for _ in range(400):
        value = random_value(rng, rng.randrange(6))
        for text in (json.dumps(value), json.dumps(value, ensure_ascii=False)):
            assert json_guard.loads(text) == value, text


def test_mangled_json_is_parsed_or_refused_never_anything_else():
    """Random cuts, splices and repeats of valid texts and hostile pieces: the guard answers a
    value or a JSONRefused with a known code, and never lets json.loads see deep nesting."""
    rng = random.Random(21)
    pieces = ["[" * 40, "{\"a\":" * 40, "NaN", "Infinity", "1e400", "\\ud800", "\"", "\\", "]",
              "}", ",", "9" * 30, "\\ud83d\\ude00", "\ud800"]
    codes = {"bad-json", "too-deep", "too-many-values", "bad-number", "bad-text"}
    for _ in range(600):
        text = json.dumps(random_value(rng, 4))
        for _ in range(rng.randrange(1, 4)):
            at = rng.randrange(len(text) + 1)
            text = text[:at] + rng.choice(pieces) * rng.randrange(1, 3) + text[at + rng.randrange(3):]
        try:
            json_guard.loads(text)
        except json_guard.JSONRefused as err:
            assert err.code in codes
