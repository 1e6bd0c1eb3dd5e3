"""The arena: two computer players, A and B, play any of Parlor's games against each other.

A player is `LEVEL[:BUDGET][@COMMIT]`: a level (easy, medium, hard), its time budget in seconds
of CPython (default: the game's, below) and the commit whose `py/` it runs (default: this
checkout); in Ataxx also `ref:D` or `ref:D,SAFE`, the C stand-in for a dedicated engine at fixed
depth D (bench/ataxx_ref.py: compiled with gcc on first use; it is given the position's FEN).
`hard@HEAD~3` is Hard as it was three commits ago: `git archive` writes that commit's `py/` to
a temporary folder, where it is imported as a package of its own (`parlor_<sha>`) beside this
checkout's `parlor`, so both play in one process; `hard@FOLDER` plays a folder holding a copy
of `py/` (an experiment not yet committed), copied when the arena starts. The game itself is
always this checkout's rules; a player only ever gets a seat's view (`state.view(seat)`) and answers through
its own `choose_move`, as the page's engine calls it.

Seats: `--lineup` gives every seat to A or B, e.g. `AB` (two players), `ABBB` (one A against
three B), `ABAB` (teams); the default is `AB` for two seats, `ABAB` in Runners' 2v2, otherwise
one A against the rest. Every opening is played under every distinct rotation of the lineup
over the seats (so colours swap), and, in games that take `first` (who moves first), with every
seat moving first.

Openings: `--openings FILE` (one a line: moves separated by spaces, played from the start of
the table, or a JSON object {"start": {new_game options}, "moves": [...]}; `#` comments), or
random openings from `--seed`: `--plies` random legal plies (default per game: Ataxx 2-4, a
third of them on the blocked layouts; Runners and Hex Chains 2; Gems and Sanctuary none); in a
game of chance the opening's seed is its deal, the same under every rotation.

Scores: A's points per game are its share of the winners (a win 1, a draw 1/2, a win shared by
three 1/3; in a team game the team's share), the mean is printed with a 95% Wilson interval
(conservative for draws and shared wins: no score in [0, 1] has more variance than a win-or-loss
one), and as an Elo difference over A's fair share f (f = A's seats / seats: 1/2 head to head,
1/4 for one against three): Elo = 400 log10(s / (1 - s)) - 400 log10(f / (1 - f)), the usual
logistic Elo when f = 1/2. A game still going after `--max-plies` counts as a draw of all seats.

Early stop (`--sprt ELO0,ELO1`): the generalized SPRT of fishtest's logistic model (M. Van den
Bergh's GSPRT on game results, as fishtest and cutechess run it): H0 "A is ELO0 over B", H1 "A
is ELO1 over B", in the Elo above; the log-likelihood ratio is that of the game scores' own
distribution tilted to the means of H0 and H1 (its maximum-likelihood estimates); the match
stops once it leaves (log(beta / (1 - alpha)), log((1 - beta) / alpha)). Games are scored
one by one (not in pairs: no pentanomial model).

Budgets are CPython seconds; Pyodide runs the searches about 1.9x slower, so 0.5 s here is
about 1 s in the browser. `--clock cpu` makes every budget count the process's CPU time instead
of the wall clock (fairer on a machine busy with other work, not fair: a process that shares
busy cores does less in a CPU second, so a budgeted player against a fixed-depth one scores
less there; docs/ai.md). `--depth D` has Hard search to the fixed depth D instead
(`choose_move`'s max_depth: fresh tables, no clock, reproducible): a comparison of evaluations
that leaves their speed out. Prints figures; asserts nothing.
`--progress N` prints the running score every N games, `--results FILE` appends every game's
result and moves as a JSON line (for paired comparisons and for replaying a game), and `kill
PID` (SIGTERM) or Ctrl-C ends a match early with the figures of the games played. `--workers N`
plays N games at once (default 1).

    nice -n 19 .venv/bin/python bench/arena.py ataxx hard medium --games 100
    nice -n 19 .venv/bin/python bench/arena.py runners hard medium --seats 4 --games 256 --clock cpu
    nice -n 19 .venv/bin/python bench/arena.py runners hard hard@HEAD~1 --seats 4 --sprt 0,30
    nice -n 19 .venv/bin/python bench/arena.py sanctuary medium easy --games 400 --workers 2
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import importlib
import io
import json
import math
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _parlor  # noqa: E402,F401  (makes `import parlor` work from a checkout)
import ataxx_ref  # noqa: E402

from parlor.rules import GAMES, new_game  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
LEVELS = ("easy", "medium", "hard")
BUDGETS = {"chains": 0.45, "gems": 0.45}
"""Default budgets (CPython seconds) where a game's docs measure at another than 0.5 s."""
PLIES = {"ataxx": (2, 4), "runners": (2, 2), "chains": (2, 2)}
"""Random opening plies per game (others: none)."""
LINEUPS = {("runners", "2v2"): "ABAB"}
MAX_PLIES = {"ataxx": 500}
"""Plies after which a game counts as a draw (others: 5000)."""


# --- players -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class PlayerSpec:
    level: str
    budget: float | None
    commit: str | None  # a full sha, or None for this checkout
    ref: tuple[int, int] | None = None  # `ref:D,SAFE`: (depth, safe weight)

    @classmethod
    def parse(cls, text: str) -> "PlayerSpec":
        """`LEVEL[:BUDGET][@COMMIT]`; the commit is resolved to its sha now."""
        rest, _, commit = text.partition("@")
        level, _, budget = rest.partition(":")
        if level == "ref" and not commit:
            return cls(level, None, None, ataxx_ref.parse(budget))
        if level not in LEVELS:
            raise SystemExit(f"a player's level is one of {', '.join(LEVELS)}, not {level!r}")
        try:
            seconds = float(budget) if budget else None
        except ValueError:
            raise SystemExit(f"a budget is a number of seconds, not {budget!r}") from None
        if seconds is not None and not 0 < seconds < math.inf:
            raise SystemExit(f"a budget is a positive number of seconds, not {budget!r}")
        if commit and Path(commit, "ai", "__init__.py").is_file():
            return cls(level, seconds, snapshot(Path(commit)))
        return cls(level, seconds, resolve(commit) if commit else None)

    def label(self, budget: float) -> str:
        if self.ref:
            return f"ref:{self.ref[0]}" + (f",{self.ref[1]}" if self.ref[1] else "")
        where = "" if not self.commit else (
            f"@{self.commit[:10]}" if not self.commit.startswith("dir-") else f"@{self.commit}")
        return f"{self.level}:{budget:g}{where}" if self.level == "hard" else f"{self.level}{where}"


def resolve(rev: str) -> str:
    out = subprocess.run(["git", "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"],
                         cwd=ROOT, capture_output=True, text=True, check=False)
    if out.returncode:
        raise SystemExit(f"not a commit of this repository: {rev!r}")
    return out.stdout.strip()


def snapshot(folder: Path) -> str:
    """Copy a folder holding a version of py/ (an experiment not yet committed; its modules and
    data files) to where `package_of` finds it; returns its tag, `dir-<hash of its files>`."""
    digest = hashlib.sha1()
    files = sorted(f for f in folder.rglob("*") if f.is_file() and "__pycache__" not in f.parts)
    for f in files:
        digest.update(str(f.relative_to(folder)).encode() + b"\0" + f.read_bytes())
    tag = f"dir-{digest.hexdigest()[:10]}"
    home = Path(tempfile.gettempdir()) / f"parlor-arena-{tag}"
    if not (home / package_name(tag)).is_dir():
        home.mkdir(exist_ok=True)
        scratch = Path(tempfile.mkdtemp(dir=home))
        for f in files:
            (scratch / f.relative_to(folder)).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(f, scratch / f.relative_to(folder))
        scratch.rename(home / package_name(tag))
    return tag


def package_name(commit: str) -> str:
    return "parlor_" + commit[:12].replace("-", "_")


def package_of(commit: str | None) -> str:
    """The name of the package holding `commit`'s py/ (`parlor` for this checkout; a tag of
    `snapshot` for a copied folder), loaded."""
    if commit is None:
        return "parlor"
    name = package_name(commit)
    home = Path(tempfile.gettempdir()) / f"parlor-arena-{commit[:12]}"
    if commit.startswith("dir-"):
        home = Path(tempfile.gettempdir()) / f"parlor-arena-{commit}"
    elif not (home / name).is_dir():
        blob = subprocess.run(["git", "archive", "--format=tar", commit, "py"], cwd=ROOT,
                              capture_output=True, check=True).stdout
        home.mkdir(exist_ok=True)
        scratch = Path(tempfile.mkdtemp(dir=home))
        with tarfile.open(fileobj=io.BytesIO(blob)) as tar:
            tar.extractall(scratch, filter="data")
        try:
            (scratch / "py").rename(home / name)  # atomic: parallel workers may race here
        except OSError:
            if not (home / name).is_dir():
                raise
    if str(home) not in sys.path:
        sys.path.insert(0, str(home))
    return name


@functools.lru_cache(maxsize=None)
def chooser(commit: str | None, clock: str):
    """`choose_move` of the package of `commit`, its budget counting `clock` time."""
    ai = importlib.import_module(package_of(commit) + ".ai")
    if clock == "cpu":
        search = importlib.import_module(package_of(commit) + ".ai.search")
        ai.Budget = functools.partial(search.Budget, clock=time.process_time)
    return ai.choose_move


# --- openings -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Opening:
    start: tuple  # new_game options, as sorted (name, value) pairs
    moves: tuple
    random_seed: int | None = None  # random openings: their moves depend on who moves first


def read_openings(path: str) -> list[Opening]:
    openings = []
    for number, line in enumerate(Path(path).read_text().splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("{"):
            data = json.loads(line)
            if not isinstance(data, dict) or set(data) - {"start", "moves"}:
                raise SystemExit(f"{path}:{number}: an opening is {{\"start\": {{...}}, \"moves\": [...]}}")
            start, moves = data.get("start", {}), data.get("moves", [])
        else:
            start, moves = {}, line.split()
        openings.append(Opening(tuple(sorted(start.items())), tuple(moves)))
    if not openings:
        raise SystemExit(f"{path}: no openings")
    return openings


def random_openings(game: str, count: int, seed: int, plies: tuple[int, int]) -> list[Opening]:
    """`count` openings: the start (a deal seed in a game of chance; in Ataxx every third on one
    of the blocked layouts) and a seed for the random plies, which are drawn when the game is
    set up (they depend on who moves first)."""
    info = GAMES[game]
    layouts = [name for name in info.layouts if name != info.layouts[0]] if game == "ataxx" else []
    openings = []
    for i in range(count):
        start = {}
        if info.chance:
            start["seed"] = seed * 100_000 + i
        if layouts and i % 3 == 2:
            start["layout"] = layouts[(i // 3) % len(layouts)]
        openings.append(Opening(tuple(sorted(start.items())), (), seed * 100_000 + i if plies[1] else None))
    return openings


def start_game(game: str, seats: int, variant: str, opening: Opening, first: int | None,
               plies: tuple[int, int]):
    """The state after `opening`; random plies avoid ending the game (at most 100 tries)."""
    options = dict(opening.start)
    if first is not None and "first" not in options:
        options["first"] = first
    base = new_game(game, seats=seats, variant=variant, **options)
    state = base
    for move in opening.moves:
        state = state.play(move)
    if opening.random_seed is None:
        return state
    rng = random.Random(f"{opening.random_seed}/{first}")
    for _ in range(100):
        state = base
        for _ in range(rng.randint(*plies)):
            state = state.play(rng.choice(state.legal_moves()))
            if state.is_over:
                break
        if not state.is_over:
            return state
    raise SystemExit("random openings keep ending the game: use fewer --plies")


# --- one game -------------------------------------------------------------------------------------

@dataclass
class Job:
    index: int
    game: str
    seats: int
    variant: str
    opening: Opening
    first: int | None
    lineup: str  # "A" or "B" per seat
    players: dict  # "A"/"B" -> (PlayerSpec, budget)
    plies: tuple
    max_plies: int
    clock: str
    seed: int
    depth: int | None = None  # --depth: Hard's fixed depth (choose_move's max_depth)


@dataclass
class Result:
    index: int
    score: float  # A's share of the winners
    winners: list
    plies: int
    times: dict = field(default_factory=dict)  # "A"/"B" -> [(wall, cpu)] of decisions with a choice
    moves: tuple = ()  # the game's moves from its start, the opening's included


def play(job: Job) -> Result:
    """Play one game of the arena."""
    state = start_game(job.game, job.seats, job.variant, job.opening, job.first, job.plies)
    opening_plies = len(state.history)
    times = {"A": [], "B": []}
    while not state.is_over and len(state.history) - opening_plies < job.max_plies:
        seat = state.to_move
        side = job.lineup[seat]
        spec, budget = job.players[side]
        if spec.ref:
            state = state.play(ataxx_ref.choose(state, *spec.ref))
            continue
        choose = chooser(spec.commit, job.clock)
        view = state.view(seat)
        choices = len(state.legal_moves())
        seed = (job.seed * 100_000 + job.index) * 10_000 + len(state.history)
        wall, cpu = time.perf_counter(), time.process_time()
        limits = ({"budget_s": budget} if job.depth is None
                  else {"max_depth": job.depth, "budget_s": 3600.0})  # --depth: no clock
        move = choose(view, spec.level, seed=seed, **limits)
        if choices > 1:
            times[side].append((time.perf_counter() - wall, time.process_time() - cpu))
        state = state.play(move)
    winners = state.winners if state.is_over else list(range(job.seats))
    score = sum(job.lineup[s] == "A" for s in winners) / len(winners)
    return Result(job.index, score, winners, len(state.history), times, tuple(state.history))


def schedule(game: str, seats: int, variant: str, lineup: str, openings: list[Opening],
             rotate_first: bool) -> list[tuple[Opening, int | None, str]]:
    """(opening, first, lineup) of every game in order: each opening under every distinct
    rotation of the lineup and (if the game takes it) every first seat."""
    rotations = list(dict.fromkeys(lineup[-k:] + lineup[:-k] for k in range(seats)))
    firsts = list(range(seats)) if rotate_first and GAMES[game].first_option else [None]
    return [(opening, first, rotated) for opening in openings for first in firsts
            for rotated in rotations]


# --- statistics -----------------------------------------------------------------------------------

def wilson(points: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a proportion `points / n`."""
    if not n:
        return 0.0, 1.0
    p = points / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    low, high = max(0.0, centre - half), min(1.0, centre + half)
    return (0.0 if points <= 0 else low), (1.0 if points >= n else high)  # exact at the ends


def elo_of(score: float, fair: float = 0.5) -> float:
    """Elo over the fair share `fair` of a mean score (+-inf at 1 and 0)."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return 400 * math.log10(score / (1 - score)) - 400 * math.log10(fair / (1 - fair))


def score_of(elo: float, fair: float = 0.5) -> float:
    """The mean score of a player `elo` over its fair share `fair` (inverse of `elo_of`)."""
    return 1 / (1 + (1 - fair) / fair * 10 ** (-elo / 400))


def _tilt(values: list[float], probs: list[float], mean: float) -> float:
    """lambda such that probs_i / (1 + lambda (values_i - mean)) is a distribution of `mean`:
    the maximum-likelihood distribution of that mean on the observed values."""
    low = -1 / (max(values) - mean)
    high = 1 / (mean - min(values))
    low, high = low + 1e-12 * (high - low), high - 1e-12 * (high - low)
    for _ in range(200):  # the derivative below decreases in lambda: bisection
        mid = (low + high) / 2
        slope = sum(p * (x - mean) / (1 + mid * (x - mean)) for x, p in zip(values, probs))
        if slope > 0:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def llr(scores: list[float], elo0: float, elo1: float, fair: float = 0.5) -> float:
    """The GSPRT log-likelihood ratio of H1 (elo1) against H0 (elo0) for the game scores (in
    [0, 1]); a score 0 and a score 1 are present at least as a count of 1e-3 (fishtest's
    regularisation, so that an all-win start has a finite ratio)."""
    counts: dict[float, float] = {}
    for s in scores:
        counts[s] = counts.get(s, 0) + 1
    for end in (0.0, 1.0):
        counts.setdefault(end, 1e-3)
    n = sum(counts.values())
    values = list(counts)
    probs = [counts[v] / n for v in values]
    s0, s1 = score_of(elo0, fair), score_of(elo1, fair)
    l0, l1 = _tilt(values, probs, s0), _tilt(values, probs, s1)
    return n * sum(p * (math.log(1 + l0 * (x - s0)) - math.log(1 + l1 * (x - s1)))
                   for x, p in zip(values, probs))


def sprt_bounds(alpha: float, beta: float) -> tuple[float, float]:
    """(lower, upper): accept H0 at or below the lower bound, H1 at or above the upper."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


# --- the match ------------------------------------------------------------------------------------

def load() -> str:
    try:
        return "load %.2f %.2f %.2f" % os.getloadavg()
    except (AttributeError, OSError):
        return "load ?"


def percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def elo_text(x: float) -> str:
    return "inf" if x == math.inf else "-inf" if x == -math.inf else f"{x:+.0f}"


def summary(results: list[Result], fair: float) -> str:
    n = len(results)
    points = sum(r.score for r in results)
    low, high = wilson(points, n)
    wins = sum(r.score == 1 for r in results)
    losses = sum(r.score == 0 for r in results)
    mean = points / n
    return (f"{n} games: A {points:g} points = {percent(mean)} (95% interval {percent(low)}-"
            f"{percent(high)}; fair share {percent(fair)}), +{wins} ={n - wins - losses} -{losses}"
            f"; Elo {elo_text(elo_of(mean, fair))} ({elo_text(elo_of(low, fair))} to "
            f"{elo_text(elo_of(high, fair))})")


def time_lines(results: list[Result], players: dict) -> list[str]:
    lines = []
    for side in "AB":
        spec, budget = players[side]
        pairs = [t for r in results for t in r.times[side]]
        if spec.level != "hard" or not pairs:
            continue
        walls = sorted(w for w, _ in pairs)
        cpus = sorted(c for _, c in pairs)
        over = sum(w > budget for w in walls)
        lines.append(f"  {side}'s move time ({len(walls)} decisions with a choice; budget {budget:g} s): "
                     f"median {statistics.median(walls):.3f} s, p99 {walls[int(0.99 * (len(walls) - 1))]:.3f} s, "
                     f"worst {walls[-1]:.3f} s wall; CPU median {statistics.median(cpus):.3f} s, worst "
                     f"{cpus[-1]:.3f} s; {over} over the budget (wall)")
    return lines


def run(args) -> list[Result]:
    info = GAMES[args.game]
    seats = args.seats or info.min_seats
    variant = args.variant or info.default_variant
    if seats not in info.seats_for(variant):
        raise SystemExit(f"{info.title} {variant} is for {info.seats_for(variant)} seats, not {seats}")
    lineup = args.lineup or LINEUPS.get((args.game, variant)) or ("AB" if seats == 2 else "A" + "B" * (seats - 1))
    if len(lineup) != seats or set(lineup) != {"A", "B"}:
        raise SystemExit(f"the lineup gives each of the {seats} seats to A or B, e.g. AB or ABBB")
    fair = lineup.count("A") / seats
    if args.plies:
        low, _, high = args.plies.partition("-")
        plies = (int(low), int(high or low))
    else:
        plies = PLIES.get(args.game, (0, 0))
    budget = args.budget or BUDGETS.get(args.game, 0.5)
    players = {}
    for side, text in (("A", args.a), ("B", args.b)):
        spec = PlayerSpec.parse(text)
        if spec.ref and args.game != "ataxx":
            raise SystemExit("the reference engine (ref:D) plays Ataxx only")
        players[side] = (spec, spec.budget or budget)
    rotations = schedule(args.game, seats, variant, lineup, [Opening((), ())], not args.fixed_first)
    per_opening = len(rotations)
    count = -(-args.games // per_opening)
    if args.openings:  # a short file is played again from its start (other seeds)
        listed = read_openings(args.openings)
        openings = (listed * -(-count // len(listed)))[:max(count, len(listed))]
    else:
        openings = random_openings(args.game, count, args.seed, plies)
    games = schedule(args.game, seats, variant, lineup, openings, not args.fixed_first)[:args.games]
    max_plies = args.max_plies or MAX_PLIES.get(args.game, 5000)
    jobs = [Job(i, args.game, seats, variant, opening, first, rotated, players, plies, max_plies,
                args.clock, args.seed, args.depth) for i, (opening, first, rotated) in enumerate(games)]
    sprt = None
    if args.sprt:
        elo0, elo1 = (float(x) for x in args.sprt.split(","))
        sprt = (elo0, elo1, *sprt_bounds(args.alpha, args.beta))

    source = f"{len(listed)} openings from {args.openings}" if args.openings else (
        f"{len(openings)} random openings, seed {args.seed}, {plies[0]}-{plies[1]} random plies")
    print(f"arena: {info.title}, {seats} seats, {variant}; A = {players['A'][0].label(players['A'][1])}, "
          f"B = {players['B'][0].label(players['B'][1])}; lineup {lineup} rotated"
          f"{' and every first seat' if per_opening > len(set(lineup[k:] + lineup[:k] for k in range(seats))) else ''}"
          f" ({per_opening} games an opening); {source}; "
          f"{f'Hard at fixed depth {args.depth}' if args.depth else f'budgets in {args.clock} time'}; "
          f"{args.workers} process{'es' if args.workers > 1 else ''}; {load()}", flush=True)
    if sprt:
        print(f"SPRT: H0 Elo {sprt[0]:g}, H1 Elo {sprt[1]:g}, alpha {args.alpha:g}, beta {args.beta:g}: "
              f"bounds {sprt[2]:.2f}, {sprt[3]:.2f} (GSPRT on game scores, logistic Elo over the fair share)")
    for spec, _ in players.values():  # loaded before any worker starts (they inherit it)
        if not spec.ref:
            chooser(spec.commit, args.clock)
        elif not ataxx_ref.available():  # (compiled once, here)
            raise SystemExit("the reference engine (ref:D) needs gcc")
    started = time.perf_counter()
    results: list[Result] = []
    verdict = None

    def results_in():
        if args.workers <= 1:
            for job in jobs:
                yield play(job)
            return
        import multiprocessing

        with multiprocessing.Pool(args.workers, initializer=signal.signal,
                                  initargs=(signal.SIGTERM, signal.SIG_DFL)) as pool:
            yield from pool.imap_unordered(play, jobs)  # leaving the block terminates the pool

    record = open(args.results, "a") if args.results else None
    try:
        for result in results_in():
            results.append(result)
            if record:
                job = jobs[result.index]
                print(json.dumps({"game": result.index, "opening": (list(job.opening.moves) if job.opening.random_seed is None
                                                         else job.opening.random_seed),
                                  "start": dict(job.opening.start), "first": job.first, "lineup": job.lineup,
                                  "winners": result.winners, "score": result.score, "plies": result.plies,
                                  "moves": list(result.moves)}),
                      file=record, flush=True)
            if sprt:
                ratio = llr([r.score for r in results], sprt[0], sprt[1], fair)
                if ratio <= sprt[2] or ratio >= sprt[3]:
                    verdict = (f"SPRT stopped after {len(results)} games: LLR {ratio:.2f} -> "
                               + (f"H1 (A is about {sprt[1]:g} Elo or more better)" if ratio >= sprt[3]
                                  else f"H0 (A is not {sprt[1]:g} Elo better; about {sprt[0]:g} or worse)"))
                    break
            if args.progress and len(results) % args.progress == 0:
                extra = f"; LLR {ratio:.2f}" if sprt else ""
                print(f"  .. {summary(results, fair)}{extra}; {time.perf_counter() - started:.0f} s; {load()}",
                      flush=True)
    except KeyboardInterrupt:  # Ctrl-C or SIGTERM: stop, and report the games played
        verdict = f"stopped by hand after {len(results)} games"
    if record:
        record.close()
    if not results:
        raise SystemExit("no game finished")
    print(summary(results, fair))
    if verdict and not sprt:
        print(verdict)
    if sprt:
        print(verdict or f"SPRT undecided after {len(results)} games: LLR "
              f"{llr([r.score for r in results], sprt[0], sprt[1], fair):.2f}")
    for line in time_lines(results, players):
        print(line)
    print(f"  median game {statistics.median(r.plies for r in results):.0f} plies; "
          f"{time.perf_counter() - started:.0f} s; {load()}")
    return results


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", choices=sorted(GAMES))
    p.add_argument("a", help="player A: LEVEL[:BUDGET][@COMMIT], e.g. hard, hard:0.25, hard@HEAD~2 (or @FOLDER: a copy of py/); "
                   "in Ataxx ref:D, the C reference engine at depth D")
    p.add_argument("b", help="player B, as A")
    p.add_argument("--seats", type=int, help="seats (default: the game's fewest)")
    p.add_argument("--variant", help="variant (default: the game's own)")
    p.add_argument("--lineup", help="A or B per seat, e.g. ABBB (default: see above)")
    p.add_argument("--games", type=int, default=100, help="games at most (default 100)")
    p.add_argument("--budget", type=float, help="budget of a player that names none (CPython s; "
                   "default 0.5, Hex Chains and Gems 0.45)")
    p.add_argument("--depth", type=int, help="Hard searches to this fixed depth instead of a budget")
    p.add_argument("--clock", choices=["wall", "cpu"], default="wall",
                   help="what a budget counts: wall-clock time (as in the page) or CPU time")
    p.add_argument("--openings", help="a file of openings (see above)")
    p.add_argument("--plies", help="random opening plies, N or LOW-HIGH (default per game)")
    p.add_argument("--seed", type=int, default=1, help="seed of the random openings and the players")
    p.add_argument("--fixed-first", action="store_true", help="do not rotate who moves first")
    p.add_argument("--max-plies", type=int, help="a game longer than this is a draw")
    p.add_argument("--sprt", help="ELO0,ELO1: stop early by a sequential probability ratio test")
    p.add_argument("--alpha", type=float, default=0.05)
    p.add_argument("--beta", type=float, default=0.05)
    p.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    p.add_argument("--progress", type=int, default=0, help="print the score every N games")
    p.add_argument("--results", help="append every game's result to this file (JSON lines)")
    return p


def _interrupt(signum, frame):
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> list[Result]:
    return run(parser().parse_args(argv))


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, _interrupt)  # `kill PID` ends a long match with its figures
    main()
