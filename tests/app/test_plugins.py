"""A game is a plug-in: shared code never names a game (docs/adding-a-game.md).

A game's own files are named after it (py/rules/<id>.py, py/ai/<id>.py,
app/page/boards/<id>.py and .css, app/shared/cards/<id>.py; a part of one may be <id>_<part>.py,
or a module of a folder <id>/); every other module of the wheel,
the page, the engine, the signaling service and the build is shared, and must not hold a game id
in its code: no string that names one, no attribute or name spelled like one (comments and
docstrings may use a game as an example). The registry lines are imports, which name modules.
"""

import ast
import re
from pathlib import Path

import pytest

from parlor.rules import GAMES

ROOT = Path(__file__).resolve().parents[2]
SHARED_CODE = ["py", "app", "peer", "scripts"]


def owner(path):
    """The game whose own file `path` is, or None: shared code."""
    for part in path.relative_to(ROOT).with_suffix("").parts:
        for game in GAMES:
            if part == game or part.startswith(game + "_"):
                return game
    return None


def shared_modules():
    for top in SHARED_CODE:
        for path in sorted((ROOT / top).rglob("*.py")):
            if "__pycache__" not in path.parts and owner(path) is None:
                yield path


def names_in_code(path):
    """(line, text) of every string constant (but docstrings) and every identifier in `path`."""
    tree = ast.parse(path.read_text())
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            yield node.lineno, node.value
        elif isinstance(node, ast.Name):
            yield node.lineno, node.id
        elif isinstance(node, ast.Attribute):
            yield node.lineno, node.attr


@pytest.mark.parametrize("path", list(shared_modules()), ids=lambda p: str(p.relative_to(ROOT)))
def test_shared_code_names_no_game(path):
    word = re.compile(r"\b(" + "|".join(map(re.escape, GAMES)) + r")\b")
    found = [(line, text) for line, text in names_in_code(path) if word.search(text)]
    assert not found, f"{path.relative_to(ROOT)} names a game: {found[:5]}"


def test_every_game_is_complete_as_a_plug_in():
    """Each game of the registry has its computer player, its board and its styles; a game with
    a card (shown on the home screen) has a board to play on."""
    for game in GAMES:
        assert (ROOT / "py" / "ai" / f"{game}.py").is_file(), game
    for card in (ROOT / "app" / "shared" / "cards").glob("*.py"):
        if card.stem != "__init__":
            assert card.stem in GAMES, card
            assert (ROOT / "app" / "page" / "boards" / f"{card.stem}.py").is_file(), card.stem
