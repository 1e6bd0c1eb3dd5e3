"""Game records in the page (issue #26, parts 4 and 5), in Chromium: a finished game is kept among
the recent games and saved as a record (.json and .txt downloads); after a reload the home screen
lists it with its result and the game's statistics, replays it (from the list, from the saved file)
on a read-only table, refuses a tampered pasted record plainly and changes nothing, and removes it."""

import json

import pytest
from tablekit import OVER, log, start, tap_move, wait_engine, wait_log

pytestmark = pytest.mark.browser

RECENT = "document.querySelector('.card.recent')?.dataset.count === '{}'"


def test_a_record_saved_the_page_reloaded_the_record_opened_from_the_home_screen(open_page, blocked, tmp_path):
    page = open_page("/?clock=3&pace=0&budget=0.05")
    wait_engine(page)
    start(page, "ataxx", "solo", level="easy")
    tap_move(page, "place", "jump")
    wait_log(page, 2)  # the computer answered; then Red's clock runs out
    page.wait_for_function(OVER, timeout=20_000)
    moves = log(page)
    page.wait_for_function("document.querySelector('.table').dataset.kept === '2'")  # kept
    # Solo's rematch changes the person's colour: the result says so before it happens.
    assert page.inner_text(".result .result-next") == "Rematch: you play Blue; the computer plays Red and starts."

    # Save record: the two downloads, a record and its notation text.
    page.click(".result button:text-is('Hide')")
    page.click(".controls button.save-record")
    page.wait_for_selector(".record-save:not([hidden])")
    with page.expect_download() as got:
        page.click(".record-save a[download$='.json']")
    saved = tmp_path / got.value.suggested_filename
    got.value.save_as(saved)
    record = json.loads(saved.read_text())
    assert saved.name.startswith("parlor-ataxx-") and record["format"] == "parlor-record"
    assert record["moves"] == moves and record["forfeit"] == {"seat": 0, "reason": "timeout"}
    assert record["seats"][1] == {"kind": "ai", "level": "easy"} and record["result"]["winners"] == [1]
    assert record["started"] <= record["ended"]
    with page.expect_download() as got:
        page.click(".record-save a[download$='.txt']")
    text = (tmp_path / "r.txt")
    got.value.save_as(text)
    assert text.read_text().startswith('[Format "parlor-record"]')

    # Reloaded: the home screen lists the game, and the game's card counts it.
    page.reload()
    page.wait_for_function(RECENT.format(1))
    item = page.inner_text(".recent-game")
    red, blue = record["result"]["scores"]  # Red's clock ran out: the line says so, and whose score is whose
    assert "Ataxx" in item and f"Blue wins on time · Red {red}, Blue {blue}" in item and "You vs Easy" in item, item
    assert record["ended"][:10] in item
    assert page.inner_text("article[data-game=ataxx] p.stats") == "Played 1 · vs Easy: won 0 of 1"
    wait_engine(page)

    # A tampered pasted record is refused plainly, and nothing changes.
    tampered = json.dumps({**record, "result": {**record["result"], "winners": [0]}})
    page.fill(".open-record textarea", tampered)
    page.click(".open-record button.open-pasted")
    page.wait_for_selector(".record-error:not([hidden])")
    assert "changed" in page.inner_text(".record-error")
    assert page.evaluate("document.body.dataset.screen") == "home"
    assert page.evaluate(RECENT.format(1))

    # The saved file opens on a read-only table that replays it.
    page.set_input_files(".open-record input[type=file]", str(saved))
    page.wait_for_selector(".table[data-record='1']")
    page.wait_for_function("document.querySelectorAll('.move-log .mv').length === {}".format(len(moves)))
    assert page.inner_text(".turn-status") == f"Blue wins on time · Red {red}, Blue {blue}"
    assert page.query_selector(".board.interactive") is None
    page.click(".result button:text-is('Hide')")
    page.click(".replay-first")
    page.wait_for_function("document.querySelector('.table').dataset.replayPly === '0'")
    page.click(".replay-forward")
    page.wait_for_function("document.querySelector('.table').dataset.replayPly === '1'")
    assert page.is_hidden(".controls button:text('Undo')") and page.is_hidden(".controls button:text('Rematch')")
    page.click(".table .controls button:text('Close')")
    page.wait_for_function(RECENT.format(1))

    # From the list: Replay, then Remove (it stays removed after a reload).
    page.click(".recent-game button:text('Replay')")
    page.wait_for_selector(".table[data-record='1']")
    assert [m for m in log(page)] == moves
    page.click(".table .controls button:text('Close')")
    page.wait_for_function(RECENT.format(1))
    page.click(".recent-game button:text('Remove')")
    page.wait_for_function(RECENT.format(0))
    assert page.query_selector("article[data-game=ataxx] p.stats") is None
    page.reload()
    page.wait_for_function(RECENT.format(0))
    assert not page.console_errors, page.console_errors

    # The store is bounded: only the newest 50 stay, listed newest first.
    for index in range(52):
        page.evaluate(f"window.parlorRecords.add('{{\"game\": \"g{index}\"}}', 50)")
    kept = page.evaluate("window.parlorRecords.list()")
    assert len(kept) == 50 and kept[0][1] == '{"game": "g51"}' and kept[-1][1] == '{"game": "g2"}'
