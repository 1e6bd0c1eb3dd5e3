"""Move confirmation's pure part (app/shared/move_confirm.py): the setting's default and the move
waiting for Confirm."""

from move_confirm import CONFIRM, DOUBLE_TAP_MS, IGNORE, PENDING, PendingMove, confirming, passes_by_itself


def test_on_by_default_only_online_on_a_touch_screen_and_the_device_choice_wins():
    assert confirming(None, "guest", True) and confirming(None, "host", True)
    assert not confirming(None, None, True)  # a table on this device: Undo is there
    assert not confirming(None, "guest", False)  # a mouse rarely mis-taps
    assert confirming("on", None, False) and not confirming("off", "guest", True)
    assert not confirming("garbage", None, True)  # an unknown stored value is no choice
    # A board of small targets (Gems' holes): on by default on any touch screen, local too.
    assert confirming(None, None, True, anywhere_on_touch=True)
    assert not confirming(None, None, False, anywhere_on_touch=True)
    assert not confirming("off", None, True, anywhere_on_touch=True)


def test_a_move_waits_and_the_same_move_again_confirms_it():
    pending = PendingMove()
    assert not pending.waiting() and pending.take() is None
    assert pending.propose("A2-B2", 0, 4, now_ms=1000) == PENDING and pending.waiting()
    assert pending.propose("A2-B2", 0, 4, now_ms=1000 + DOUBLE_TAP_MS - 1) == IGNORE  # a double tap
    assert pending.propose("A2-B2", 0, 4, now_ms=1000 + DOUBLE_TAP_MS) == CONFIRM
    assert pending.take() == ("A2-B2", 0, 4) and not pending.waiting()


def test_another_move_replaces_the_one_waiting():
    pending = PendingMove()
    pending.propose("A2-B2", 0, 4, now_ms=0)
    assert pending.propose("A2-A4", 0, 4, now_ms=100) == PENDING  # another target: it waits instead
    assert pending.propose("A2-A4", 0, 4, now_ms=100 + DOUBLE_TAP_MS) == CONFIRM
    pending.propose("A2-B2", 0, 4, now_ms=0)
    assert pending.propose("A2-B2", 0, 5, now_ms=5000) == PENDING  # the same text at a new position


def test_a_move_waiting_goes_stale_when_the_table_moves_on():
    pending = PendingMove()
    assert not pending.stale(4, 0, True)  # nothing waits
    pending.propose("c3", 1, 4, now_ms=0)
    assert not pending.stale(4, 1, True)
    assert pending.stale(5, 1, True) and pending.stale(4, 0, True) and pending.stale(4, 1, False)
    pending.clear()
    assert not pending.waiting() and not pending.stale(5, 0, False)


def test_a_forced_pass_is_made_by_the_table_unless_the_device_keeps_the_manual_pass():
    assert passes_by_itself(None) and passes_by_itself("on")
    assert not passes_by_itself("off")
