"""Untrusted JSON text, parsed the same way by the page (MicroPython), the engine (Pyodide) and
the signaling service (CPython).

``loads(text)`` first scans the text, outside its strings, and refuses nesting deeper than
``max_depth``, more than ``max_values`` values and numbers that are not plain JSON *before* any
parser sees it: Pyodide's ``json.loads`` recurses on the JavaScript stack, and ``"[" * 8000``
there is a fatal error that kills the worker (CPython raises RecursionError; MicroPython's
parser does not recurse). Numbers: no ``NaN``/``Infinity`` (CPython's parser takes them), none
infinite as a double (``1e400``) or beyond ``max_number`` (2**53, exact as a JavaScript number).
After parsing it refuses strings (and keys) holding an unpaired UTF-16 surrogate (``"\\ud800"``),
which UTF-8 cannot encode; a pair written as two escapes is one character everywhere
(MicroPython's parser leaves the two halves apart: they are joined here).

Every refusal is a ``JSONRefused`` (a ValueError) with a ``code`` and a plain ``message``:

- ``bad-json``: not JSON text;
- ``too-deep``: arrays and objects nested deeper than ``max_depth``;
- ``too-many-values``: more than ``max_values`` values;
- ``bad-number``: NaN, an infinity, a number beyond ``max_number`` or longer than 40 characters;
- ``bad-text``: an unpaired surrogate in a string or a key.

Limits: a container or a comma counts as a value (keys are not counted), so ``max_values``
bounds the values from above; the text's length must be bounded by the caller (before this
runs); the guard does not make MicroPython's lenient parser strict (it also takes a missing or
trailing comma, ``\\x`` escapes, leading zeros).

The scan uses only bytes methods over the whole text (structural characters are ASCII, and
UTF-8 never puts an ASCII byte inside another character); Python loops run only over the
containers of a text with more than ``max_depth`` of them, and the strings of a text that may
hold a surrogate: ``loads`` takes 2-4 times what ``json.loads`` alone takes, in every
interpreter (docs/online.md). Pure Python, no import but ``json``: one file for the three.
"""

import json

MAX_DEPTH = 32  # the protocol's messages and saved rooms nest 8 deep at most
MAX_VALUES = 10_000
MAX_NUMBER = 2 ** 53  # larger integers are not exact as JavaScript numbers
MAX_NUMBER_CHARS = 40  # a longer number is beyond MAX_NUMBER, or more precise than a double


class JSONRefused(ValueError):
    """Untrusted JSON refused: ``code`` says why (see the module's docstring)."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message


def _outside(data):
    """`data` (JSON text as UTF-8) without its strings: each string, quotes and all, becomes a
    space. Escapes go first: every escaped backslash, then every escaped quote (a backslash
    left before a quote escapes it). Inside a string that is how a parser reads them; outside
    one a backslash stops every parser at once, so nothing after it is parsed anyway."""
    if b"\\" in data:
        data = data.replace(b"\\\\", b"").replace(b'\\"', b"")
    parts = data.split(b'"')
    if len(parts) % 2 == 0:
        raise JSONRefused("bad-json", "A string is not closed.")
    return b" ".join(parts[::2])


def scan(text, max_depth=MAX_DEPTH, max_values=MAX_VALUES, max_number=MAX_NUMBER):
    """Check `text` without parsing it: its nesting, its number of values and its numbers.
    Returns its UTF-8 bytes; raises JSONRefused."""
    if not isinstance(text, str):
        raise JSONRefused("bad-json", "JSON text expected.")
    try:
        data = text.encode("utf-8")
    except UnicodeError:  # CPython: a raw lone surrogate in the text
        raise JSONRefused("bad-text", "Text with an unpaired surrogate.") from None
    rest = _outside(data).replace(b"{", b"[").replace(b"}", b"]")
    opens = rest.count(b"[")
    if opens > max_depth:  # the depth is highest just before a close (or at the end)
        depth = 0
        for piece in rest.split(b"]"):
            depth += piece.count(b"[")
            if depth > max_depth:
                raise JSONRefused("too-deep", "Nested deeper than {} levels.".format(max_depth))
            depth = depth - 1 if depth > 0 else 0
    if opens + rest.count(b",") + 1 > max_values:
        raise JSONRefused("too-many-values", "More than {} values.".format(max_values))
    if b"N" in rest or b"I" in rest:  # NaN, Infinity, -Infinity: CPython's parser takes them
        raise JSONRefused("bad-number", "NaN or an infinity is not a JSON number.")
    literals = rest.replace(b"[", b" ").replace(b"]", b" ").replace(b",", b" ").replace(b":", b" ")
    literals = literals.replace(b"true", b" ").replace(b"false", b" ").replace(b"null", b" ")
    numbers = literals.split()
    if numbers:
        longest = max(map(len, numbers))
        if longest > MAX_NUMBER_CHARS:
            raise JSONRefused("bad-number", "A number of more than {} characters.".format(MAX_NUMBER_CHARS))
        # A number with fewer digits than max_number and no exponent is within it; the others
        # are read again, all at once, by the parser (a flat list: no recursion).
        if longest >= len(str(int(max_number))) or b"e" in literals or b"E" in literals:
            try:
                biggest = max(map(abs, json.loads("[" + b",".join(numbers).decode() + "]")))
            except Exception:  # not numbers: the text is not JSON
                raise JSONRefused("bad-json", "Not valid JSON.") from None
            if not biggest <= max_number:  # an infinity too (a NaN was refused above)
                raise JSONRefused("bad-number", "A number beyond +-{}, or infinite.".format(max_number))
    return data


def _may_hold_surrogates(text, data):
    """Whether a string of `text` may hold a surrogate: an escape of one (\\uD800-\\uDFFF), or
    a raw one (MicroPython keeps it as the three bytes ED A0-BF xx; CPython refused it when
    encoding)."""
    for escape in ("\\ud", "\\uD"):
        at = text.find(escape)
        while at >= 0:
            digit = text[at + 3:at + 4]
            if digit and digit in "89abcdefABCDEF":  # not Hangul's \ud5xx and the like
                return True
            at = text.find(escape, at + 3)
    at = data.find(b"\xed")
    while at >= 0:
        if data[at + 1:at + 2] >= b"\xa0":
            return True
        at = data.find(b"\xed", at + 1)
    return False


def _joined(text):
    """`text` with each surrogate pair made one character; JSONRefused for an unpaired one."""
    out = None
    chars = list(text)
    count = len(chars)
    index = 0
    while index < count:
        code = ord(chars[index])
        if 0xD800 <= code <= 0xDFFF:
            low = ord(chars[index + 1]) if index + 1 < count else 0
            if code > 0xDBFF or not 0xDC00 <= low <= 0xDFFF:
                raise JSONRefused("bad-text", "Text with an unpaired surrogate.")
            if out is None:
                out = chars[:index]
            out.append(chr(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)))
            index += 2
            continue
        if out is not None:
            out.append(chars[index])
        index += 1
    return text if out is None else "".join(out)


def _texts(value):
    """`value` with the surrogate pairs of its strings and keys joined; JSONRefused for an
    unpaired one. Its depth was bounded by the scan."""
    kind = type(value)
    if kind is str:
        return _joined(value)
    if kind is list:
        for index in range(len(value)):
            value[index] = _texts(value[index])
    elif kind is dict:
        items = [(_joined(key), _texts(item)) for key, item in value.items()]
        value.clear()
        for key, item in items:
            value[key] = item
    return value


def loads(text, max_depth=MAX_DEPTH, max_values=MAX_VALUES, max_number=MAX_NUMBER):
    """`text` parsed as JSON, or JSONRefused (see the module's docstring for the codes)."""
    data = scan(text, max_depth, max_values, max_number)
    try:
        value = json.loads(text)
    except Exception:  # ValueError (CPython's JSONDecodeError too), or MicroPython's own
        raise JSONRefused("bad-json", "Not valid JSON.") from None
    return _texts(value) if _may_hold_surrogates(text, data) else value
