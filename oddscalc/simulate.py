"""Seeded Monte Carlo of a game (ext/simulate.pyx), counted under the analysis' outcome names.

Caribbean Stud engines (``stud5``) and the three-card engine (``three-card``: Fast Poker,
Caribbean Fast Poker, Three Card Poker; ext/simulate3.pyx, oddscalc/simulate_three.py).
Strategies: ``optimal`` (the exact optimal decisions for the game's paytable, as the analysis
uses them) and simple thresholds, "call with this hand or better" (stud: ``pair-plus``,
``ace-king``, ``akj83``, ``always``; three-card: ``q64``, ``pair-plus``, ``always``), whose
exact analysis :func:`reference_analysis` also gives, so ``check`` can compare with either.

>>> from oddscalc.tables import load_game
>>> counts = simulate(load_game("caribbean-stud"), 1000, seed=7, strategy="always")
>>> counts.rounds, sum(counts.counts.values()), counts.counts["fold"]
(1000, 1000, 0)
>>> simulate(load_game("fast-poker"), 1000, seed=7).rounds
1000
"""
from __future__ import annotations

import time

from oddscalc.counts_file import Counts
from oddscalc.economics import Analysis
from oddscalc.errors import InputError
from oddscalc.tables import GameTable

# name -> weakest hand that calls (None: always call); "optimal" is the exact optimum.
THRESHOLDS = {"pair-plus": "2 2 5 4 3", "ace-king": "A K 4 3 2", "akj83": "A K J 8 3", "always": None}
STRATEGIES = ("optimal", *THRESHOLDS)
STRATEGY_HELP = ("optimal: the exact optimal strategy; pair-plus: call with any pair or better; "
                 "ace-king: call with A-K-4-3-2 or better; akj83: call with A-K-J-8-3 or better; always: always call")
MAX_ROUNDS = 10 ** 12
CHUNK = 1 << 22
SIMULATED_ENGINES = ("stud5", "three-card")


def strategies(game: GameTable) -> tuple[str, ...]:
    """The strategies the simulator plays (and ``check`` has exact references for) in a game."""
    if game.engine == "three-card":
        from oddscalc import simulate_three
        return simulate_three.STRATEGIES
    return STRATEGIES


def check_strategy(game: GameTable, strategy: str) -> None:
    """Refuse a strategy or an engine that the simulator does not play."""
    if game.engine not in SIMULATED_ENGINES:
        raise InputError(f"simulate plays Caribbean Stud games (engine stud5) and three-card games "
                         f"(engine three-card) only; {game.name} uses engine '{game.engine}'")
    if strategy not in strategies(game):
        raise InputError(f"unknown strategy '{strategy}' (expected one of: {', '.join(strategies(game))})")


def _threshold(game: GameTable, strategy: str) -> int:
    from oddscalc.games.stud_counts import parse_qualifier, qualifier_strength
    hand = THRESHOLDS[strategy]
    return 0 if hand is None else qualifier_strength(parse_qualifier(hand, game.name))


def reference_analysis(game: GameTable, strategy: str = "optimal") -> Analysis:
    """The exact analysis a run of ``strategy`` should match (the optimal one for ``optimal``)."""
    if strategy == "optimal":
        from oddscalc.payouts import analyzer
        return analyzer(game)(game)
    check_strategy(game, strategy)
    if game.engine == "three-card":
        from oddscalc import simulate_three
        return simulate_three.reference_analysis(game, strategy)
    from oddscalc.games.stud import analyze
    from oddscalc.games.stud_counts import StudRules, class_counts
    classes = class_counts(StudRules.of(game).qualify_strength)
    return analyze(game, classes.decide_threshold(_threshold(game, strategy))).analysis


_DECISIONS: dict = {}


def _optimal_decisions(game: GameTable) -> tuple[tuple[int, ...], bytearray | None]:
    """Per payout class: 0 always fold, 1 always call, 2 look the situation up; and the look-up
    table when one is needed (kept for the last strategy only: 135 MB, mostly untouched pages)."""
    from oddscalc.games.stud import analyze
    from oddscalc.games.stud_counts import StudRules, class_counts
    result = analyze(game)
    s = result.settlement
    rules = tuple(1 if not folded else 0 if not called else 2 for called, folded in zip(s.called, s.folded))
    if 2 not in rules:
        return rules, None
    qualify = StudRules.of(game).qualify_strength
    key = (qualify, bytes(result.calls))
    if key not in _DECISIONS:
        _DECISIONS.clear()
        classes = class_counts(qualify)
        table = bytearray(2598960 * 52)
        for klass, rule in enumerate(rules):
            if rule == 2:
                classes.spread_decisions(table, result.calls, klass)
        _DECISIONS[key] = table
    return rules, _DECISIONS[key]


def outcome_names() -> tuple[str, ...]:
    """Names of the simulator's outcome slots (ext/simulate.pyx), as the stud analysis names rows."""
    from oddscalc.games.stud_counts import PAYOUT_CLASSES
    return ("fold", "dealer-not-qualify", "lose", "push", *(f"win-{name}" for name in PAYOUT_CLASSES))


def _prepare(game: GameTable, seed: int, strategy: str):
    """A fresh native simulator of the game, and the function naming its tally's counts."""
    check_strategy(game, strategy)
    if game.engine == "three-card":
        from oddscalc import simulate_three
        return simulate_three.prepare(game, seed, strategy)
    from oddscalc._native.simulate import StudSimulator
    from oddscalc.games.stud_counts import StudRules
    qualify = StudRules.of(game).qualify_strength
    if strategy == "optimal":
        rules, table = _optimal_decisions(game)
        simulator = StudSimulator(seed, qualify, -1, rules, table)
    else:
        simulator = StudSimulator(seed, qualify, _threshold(game, strategy))
    return simulator, lambda tally: dict(zip(outcome_names(), tally))


def new_simulator(game: GameTable, seed: int, strategy: str = "optimal"):
    """A fresh native simulator (ext/simulate.pyx, ext/simulate3.pyx) of the game under a strategy."""
    return _prepare(game, seed, strategy)[0]


def simulate(game: GameTable, rounds: int, seed: int, strategy: str = "optimal", progress=None) -> Counts:
    """Play ``rounds`` seeded rounds; the same seed and strategy always give the same counts."""
    check_strategy(game, strategy)
    if not 1 <= rounds <= MAX_ROUNDS:
        raise InputError(f"--rounds must be between 1 and {MAX_ROUNDS}, got {rounds}")
    if not 0 <= seed < 2 ** 64:
        raise InputError(f"--seed must be between 0 and 2**64 - 1, got {seed}")
    simulator, name_counts = _prepare(game, seed, strategy)
    start = time.perf_counter()
    done = 0
    while done < rounds:
        step = min(CHUNK, rounds - done)
        simulator.run(step)
        done += step
        if progress is not None:
            progress(step)
    seconds = time.perf_counter() - start
    names = reference_names(game, strategy)
    tallied = name_counts(simulator.counts())
    for name, count in tallied.items():
        if count and name not in names:
            raise AssertionError(f"the simulator counted '{name}', which the analysis has no row for")
    counts = {name: tallied.get(name, 0) for name in names}
    return Counts(game.name, counts, strategy, seed, {}, seconds)


def reference_names(game: GameTable, strategy: str) -> tuple[str, ...]:
    """Outcome names of the exact analysis, in its order."""
    return tuple(row.outcome for row in reference_analysis(game, strategy).outcomes)
