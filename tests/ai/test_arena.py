"""bench/arena.py: its statistics (Elo, Wilson interval, the SPRT's log-likelihood ratio against
hand-computed values) and a few very short games through its command line."""

from __future__ import annotations

import importlib.util
import json
import math
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from parlor.rules import new_game

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("arena", ROOT / "bench" / "arena.py")
arena = sys.modules["arena"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(arena)


def test_elo_and_score_are_inverse_and_centred_on_the_fair_share():
    assert arena.elo_of(0.5) == 0
    assert arena.elo_of(0.25, fair=0.25) == pytest.approx(0, abs=1e-9)
    assert arena.elo_of(0.75) == pytest.approx(400 * math.log10(3))  # 190.8
    for fair in (0.5, 0.25):
        for elo in (-300, -20, 0, 35, 400):
            assert arena.elo_of(arena.score_of(elo, fair), fair) == pytest.approx(elo)
    assert arena.elo_of(1.0) == math.inf and arena.elo_of(0.0) == -math.inf


def test_wilson_interval():
    low, high = arena.wilson(50, 100)
    assert (low, high) == pytest.approx((0.4038, 0.5962), abs=1e-4)
    low, high = arena.wilson(100, 100)
    assert high == 1.0 and low == pytest.approx(0.9630, abs=1e-4)
    assert arena.wilson(0, 100)[0] == 0.0


def test_sprt_bounds():
    low, high = arena.sprt_bounds(0.05, 0.05)
    assert low == pytest.approx(-2.9444, abs=1e-4) and high == pytest.approx(2.9444, abs=1e-4)


def test_llr_of_wins_and_losses_is_the_binomial_ratio():
    # Only wins and losses: the one distribution of mean s on {0, 1} is Bernoulli(s), so the
    # ratio is W ln(s1 / s0) + L ln((1 - s1) / (1 - s0)); elo 0 vs 10: s0 = 0.5, s1 = 0.514387.
    scores = [1.0] * 60 + [0.0] * 40
    s1 = 1 / (1 + 10 ** (-10 / 400))
    by_hand = 60 * math.log(s1 / 0.5) + 40 * math.log((1 - s1) / 0.5)
    assert by_hand == pytest.approx(0.53423, abs=1e-5)
    assert arena.llr(scores, 0, 10) == pytest.approx(by_hand, abs=1e-6)


def test_llr_with_draws_is_the_maximum_likelihood_ratio():
    # Wins, draws, losses: the likeliest trinomial of mean s, found here by a fine search over
    # the draw rate d (win s - d/2, loss 1 - s - d/2), gives the same ratio as the tilt.
    wins, draws, losses = 38, 30, 32

    def best(s):
        top = -math.inf
        for k in range(1, 50_000):
            d = k / 50_000 * min(2 * s, 2 * (1 - s))
            w, l = s - d / 2, 1 - s - d / 2
            if w > 0 and l > 0:
                top = max(top, wins * math.log(w) + draws * math.log(d) + losses * math.log(l))
        return top

    s0, s1 = arena.score_of(0), arena.score_of(20)
    expected = best(s1) - best(s0)
    scores = [1.0] * wins + [0.5] * draws + [0.0] * losses
    assert arena.llr(scores, 0, 20) == pytest.approx(expected, abs=1e-4)
    # ... and it is near the normal approximation N (s1 - s0)(2 mean - s0 - s1) / (2 var).
    n = len(scores)
    mean = sum(scores) / n
    var = sum((x - mean) ** 2 for x in scores) / n
    assert arena.llr(scores, 0, 20) == pytest.approx(n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var), rel=0.05)


def test_a_few_short_games_from_the_command_line(capsys):
    # Runners, two seats: each opening under both lineups and both first seats (4 games).
    results = arena.main(["runners", "medium", "easy", "--games", "4", "--seed", "3"])
    out = capsys.readouterr().out
    assert len(results) == 4
    assert {r.index for r in results} == {0, 1, 2, 3}
    assert "4 games an opening" in out and "4 games: A" in out
    assert all(0 <= r.score <= 1 for r in results)
    points = sum(r.score for r in results)
    assert f"A {points:g} points = {100 * points / 4:.1f}%" in out


def test_the_results_file_holds_each_game_and_its_moves_replay_it(tmp_path, capsys):
    record = tmp_path / "results.jsonl"
    results = arena.main(["ataxx", "medium", "easy", "--games", "2", "--seed", "5",
                          "--results", str(record)])
    capsys.readouterr()
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    assert sorted(line["game"] for line in lines) == sorted(r.index for r in results)
    for line in lines:
        state = new_game("ataxx", **line["start"])
        for move in line["moves"]:
            state = state.play(move)
        assert state.is_over and state.winners == line["winners"]
        assert len(line["moves"]) == line["plies"]


def test_a_game_cut_short_is_a_draw_and_the_sprt_stops_on_draws(capsys):
    # Ataxx games cut after one ply are draws: 50% each, and the SPRT of 0 vs 200 Elo soon
    # accepts H0 (draws only are far likelier at 0 Elo than at +200).
    results = arena.main(["ataxx", "hard:0.05", "easy", "--games", "40", "--max-plies", "1",
                          "--sprt", "0,200"])
    out = capsys.readouterr().out
    assert all(r.score == 0.5 and sorted(r.winners) == [0, 1] for r in results)
    assert 2 <= len(results) < 40
    assert f"SPRT stopped after {len(results)} games" in out and "-> H0" in out
    ratio = arena.llr([0.5] * len(results), 0, 200)
    assert ratio <= arena.sprt_bounds(0.05, 0.05)[0] < arena.llr([0.5] * (len(results) - 1), 0, 200)


@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(),
                    reason="needs the git repository")
def test_a_player_of_an_earlier_commit_is_loaded_as_its_own_package(capsys):
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout.strip()
    results = arena.main(["gems", f"medium@{head}", "medium", "--games", "2", "--max-plies", "3"])
    out = capsys.readouterr().out
    assert f"A = medium@{head[:10]}" in out and len(results) == 2
    assert arena.package_of(head) == f"parlor_{head[:12]}"
    assert arena.chooser(head, "wall").__module__ == f"parlor_{head[:12]}.ai"
