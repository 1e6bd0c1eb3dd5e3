"""Hostile and ordinary JSON texts with what app/shared/json_guard.py must make of them, the same under
CPython, Pyodide and MicroPython (tests/app/test_json_guard.py runs them under the first two,
tests/micropython/ under the page's MicroPython). Plain Python that MicroPython runs too."""

import json

import json_guard

DEEP = 8000  # Pyodide's json.loads dies of a JavaScript stack overflow well before this

# (text, expected): a refusal code, or the value parsed.
CASES = [
    ('{"v":1,"type":"hello","name":"Ann"}', {"v": 1, "type": "hello", "name": "Ann"}),
    ('[true,false,null,0,-1,1.5,"x"]', [True, False, None, 0, -1, 1.5, "x"]),
    ("[" * 32 + "]" * 32, "depth-32"),
    ("[" * 33 + "]" * 33, "too-deep"),
    ("[" * DEEP, "too-deep"),
    ("[" * DEEP + "]" * DEEP, "too-deep"),
    ('{"a":' * 1600 + "1" + "}" * 1600, "too-deep"),
    ('[{"a":[' * 11 + "]}]" * 11, "too-deep"),
    ('{"v":1,"type":"move","move":' + "[" * 3000 + "]" * 3000 + "}", "too-deep"),
    ("[]]" + "[" * 40, "too-deep"),  # a stray close does not hide the nesting after it
    ('"' + "[" * 100 + '"', "[" * 100),  # brackets inside a string are text
    ('["\\"' + "[" * 40 + '"]', ['"' + "[" * 40]),  # after an escaped quote, still inside
    ('["\\\\"' + ",1]", ["\\", 1]),  # an escaped backslash does not escape the quote
    ('["a\\\\\\"b"]', ['a\\"b']),
    ("[" + ",".join(["0"] * 10_000) + "]", "too-many-values"),
    ("[" + ",".join(["0"] * 9_998) + "]", "ok"),
    ("NaN", "bad-number"),
    ('{"ply": NaN}', "bad-number"),
    ("[Infinity]", "bad-number"),
    ('{"seat": -Infinity}', "bad-number"),
    ("1e400", "bad-number"),
    ("[-1e400]", "bad-number"),
    ("[1E400]", "bad-number"),
    ("1e-400", 0.0),
    ("[1.5e3, 2E2]", [1500.0, 200.0]),
    ("9007199254740992", 9007199254740992),
    ("-9007199254740992", -9007199254740992),
    ("9007199254740993", "bad-number"),
    ("[1, 123456789012345678901]", "bad-number"),
    ("1" * 41, "bad-number"),
    ("1" * 5000, "bad-number"),
    ("[0.10000000000000000555]", [0.1]),
    ('"\\ud800"', "bad-text"),
    ('"a\\uDFFFb"', "bad-text"),
    ('"\\ude00\\ud83d"', "bad-text"),  # a pair the wrong way round
    ('"\\ud83d"', "bad-text"),
    ('"\\ud83dx"', "bad-text"),
    ('{"\\udbff": 1}', "bad-text"),
    ('{"name": ["ok", {"deep": "\\ud800"}]}', "bad-text"),
    ('"\\ud83d\\ude00"', "\U0001F600"),
    ('{"\\ud83d\\ude00": "x\\ud83d\\ude00y"}', {"\U0001F600": "x\U0001F600y"}),
    ('"\\ud55c\\uae00"', "\ud55c\uae00"),  # Hangul, written as escapes
    ('"\\\\ud800"', "\\ud800"),  # an escaped backslash, then plain text
    ('"é€😀 한글"', "é€😀 한글"),
    ('"' + "x" * 8000 + '"', "x" * 8000),
    ("{garbage", "bad-json"),
    ('"abc', "bad-json"),
    ('"abc\\"', "bad-json"),
    ("", "bad-json"),
    ("   ", "bad-json"),
    ("[1,", "bad-json"),
    ("nul", "bad-json"),
    (None, "bad-json"),
    (5, "bad-json"),
    (["[]"], "bad-json"),
]


def outcome(text):
    """["ok", value] or ["refused", code]; the limits of a room's guest message."""
    try:
        return ["ok", json_guard.loads(text)]
    except json_guard.JSONRefused as err:
        if not isinstance(err, ValueError) or not err.message:
            return ["broken", err.code]
        return ["refused", err.code]


def expected(index):
    text, want = CASES[index]
    if want == "depth-32":
        value = []
        for _ in range(31):
            value = [value]
        return ["ok", value]
    if want == "ok":
        return ["ok", json.loads(text)]
    if want in ("too-deep", "too-many-values", "bad-number", "bad-text", "bad-json"):
        return ["refused", want]
    return ["ok", want]


def report():
    """Every case's outcome, as JSON text (what the MicroPython runner prints)."""
    return json.dumps([outcome(text) for text, _ in CASES])
