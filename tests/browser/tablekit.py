"""Driving a table the way a person does: start from the home screen, tap pieces and targets;
and waiting on the page."""

import time
from pathlib import Path

ENGINE_MS = 120_000
HUMAN_TURN = "document.querySelector('.board.interactive .cell.movable') !== null"
OVER = "document.querySelector('.result:not([hidden])') !== null"
# Resolves in the first task after the page's next frame: what a tap changes there has been done.
AFTER_NEXT_FRAME = "new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)))"


def wait_engine(page):
    page.wait_for_function("document.body.dataset.engine === 'ready'", timeout=ENGINE_MS)


def wait_service_worker(page):
    """Wait until the service worker (registered once the engine is ready) controls the page,
    which it does once its versioned cache is complete."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)


def return_visit(page):
    """Come back to the page once the service worker holds the site (the engine is then Pyodide
    restored from its build-time snapshot)."""
    wait_engine(page)
    wait_service_worker(page)
    page.reload()
    wait_engine(page)


def start(page, game, mode, **choices):
    """Choose `mode` on `game`'s card, set its <select>s by name, press Start."""
    card = f"article[data-game={game}] "
    page.click(card + f'.mode[data-mode="{mode}"]')
    for name, value in choices.items():
        page.select_option(card + f"select[name={name}]", value)
    page.click(card + "button.start")
    # The table is drawn once the engine has seated it (the board's frame comes before).
    page.wait_for_function("document.querySelector('.table .seat-0 .name')?.textContent", timeout=10_000)


def log(page):
    """The move log as the page shows it."""
    return page.eval_on_selector_all(".move-log .mv", "nodes => nodes.map(n => n.textContent)")


def wait_log(page, length, timeout=30_000):
    page.wait_for_function(f"document.querySelectorAll('.move-log .mv').length === {length}",
                           timeout=timeout)


def tap_move(page, prefer, other):
    """Tap a movable piece, then one of its targets (of kind `prefer` if it has one). Returns
    once the tap's effects are on the page: the board stops offering moves in the task after
    the tap (Board.show_locked), so a next call would otherwise still see this turn's pieces."""
    page.wait_for_function(HUMAN_TURN, timeout=30_000)
    page.click(".board .cell.movable")
    target = page.query_selector(f".board .cell:has(.marker.{prefer})") or \
        page.query_selector(f".board .cell:has(.marker.{other})")
    name = target.get_attribute("data-sq")
    target.click()
    page.evaluate(AFTER_NEXT_FRAME)
    return name


# One move in one call to the page, through the board's keyboard (Enter on a piece, Enter on a
# target), as fast as a game to the end needs: a piece that can place a clone or step is
# preferred (Ataxx games end sooner when the board fills). Returns the move's squares, "Pass",
# or null when the page has no move to make.
KEYBOARD_MOVE = """() => {
  const pass = [...document.querySelectorAll('.table button')]
    .find((b) => b.textContent === 'Pass' && !b.hidden && !b.disabled);
  if (pass) { pass.click(); return 'Pass'; }
  const board = document.querySelector('.board.interactive');
  if (!board) return null;
  const enter = (cell) => cell.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter', bubbles: true}));
  const pieces = [...board.querySelectorAll('.cell.movable')];
  for (const kinds of [['place', 'step'], ['jump', 'leap']]) {
    for (const piece of pieces) {
      // Enter on the selected piece would deselect it (a lone piece with only jumps, say)
      if (!piece.classList.contains('selected')) enter(piece);
      const target = board.querySelector(kinds.map((k) => `.cell:has(.marker.${k})`).join(', '));
      if (target) {
        enter(target);
        const confirm = document.querySelector('.move-confirm:not([hidden]) .confirm');
        if (confirm) confirm.click();  // Confirm moves is on: the move waits for it
        return piece.dataset.sq + target.dataset.sq;
      }
    }
  }
  return null;
}"""


def wait_for_promise(page, expression: str, arg=None, timeout_ms: int = 60_000) -> None:
    """Wait until the async JS function `expression`, called with `arg`, resolves to a truthy
    value. (page.wait_for_function takes the Promise an async function returns for a truthy
    value at once, so it cannot wait on caches, storage and other async APIs.)"""
    deadline = time.monotonic() + timeout_ms / 1000
    while not page.evaluate(expression, arg):
        if time.monotonic() > deadline:
            raise TimeoutError(f"not true within {timeout_ms} ms: {expression}")
        page.wait_for_timeout(250)


CONTRAST = """(selector) => {
  // WCAG contrast of a node's text colour against the first opaque background behind it.
  // "rgb(r, g, b)" / "rgba(…)" in 0–255, or "color(srgb r g b / a)" (from color-mix) in 0–1.
  const rgb = (text) => { const n = text.match(/[\\d.]+/g).map(Number);
    return text.startsWith('color(') ? n.map((v, i) => (i < 3 ? v * 255 : v)) : n; };
  const lum = ([r, g, b]) => [r, g, b].map((c) => { c /= 255; return c <= 0.03928 ? c / 12.92 :
    ((c + 0.055) / 1.055) ** 2.4; }).reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
  const node = document.querySelector(selector);
  let back = node, colour;
  while (back) {
    colour = rgb(getComputedStyle(back).backgroundColor);
    if (colour.length < 4 || colour[3] > 0.9) break;
    back = back.parentElement;
  }
  const [a, b] = [lum(rgb(getComputedStyle(node).color)), lum(back ? colour : [255, 255, 255])];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


def contrast(page, selector):
    """The WCAG contrast ratio of `selector`'s text against what is behind it (4.5 reads well)."""
    return page.evaluate(CONTRAST, selector)


BOARD_ROLES = """() => {
  // What a screen reader's structure needs: a grid's cells in rows, a board of spaces' buttons
  // in a named group; every cell named. Returns the cells that break it.
  const board = document.querySelector('.table .board');
  const bad = [];
  for (const cell of board.querySelectorAll('[data-sq]')) {
    const role = cell.getAttribute('role'), row = cell.parentElement.closest('[role]');
    const ok = board.getAttribute('role') === 'grid'
      ? role === 'gridcell' && row.getAttribute('role') === 'row' && row.parentElement.closest('[role]') === board
      : role === 'button' && row === board && board.getAttribute('role') === 'group';
    if (!ok || !cell.getAttribute('aria-label')) bad.push(cell.dataset.sq);
  }
  return [board.getAttribute('role'), bad];
}"""


def board_roles(page):
    """The board's role and the cells whose roles do not fit it (empty when all is well)."""
    return page.evaluate(BOARD_ROLES)


def cell_centre(page, name):
    box = page.locator(f".board [data-sq={name}]").bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def touch(page, points):
    """One finger down at points[0], along the rest (about a frame apart), then up."""
    send = page.cdp.send
    send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": points[0][0], "y": points[0][1]}]})
    for x, y in points[1:]:
        page.wait_for_timeout(16)
        send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.wait_for_timeout(300)



AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
"""axe-core, pinned in package.json (npm ci installs it): injected into the page under test
only, never shipped with the site."""

AXE_RUN = """async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}) x${v.nodes.length}: ` +
         v.nodes.slice(0, 3).map((n) => n.target.join(' ') + ' ' + (n.failureSummary || '').split('\\n')[1]).join(' | '));
}"""


def axe_violations(page, schemes=("light", "dark")):
    """The serious and critical axe-core violations of the page as it is now, in each colour
    scheme (`schemes`; None: as the page is), as lines of text: [] when there are none."""
    assert AXE.exists(), f"{AXE} is missing: run `npm ci` (scripts/setup.sh does)"
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    found = []
    for scheme in schemes or (None,):
        if scheme is not None:
            page.emulate_media(color_scheme=scheme)
        found += [f"{scheme}: {line}" for line in page.evaluate(AXE_RUN)]
    if schemes:
        page.emulate_media(color_scheme="light")  # as the browser was
    return found
