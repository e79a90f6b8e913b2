"""The three-card engine's part of ``simulate``: strategies, exact references and the native simulator.

Everything about the rules comes from the engine (oddscalc/games/three_card_*.py): the ranking
and qualifier, the optimal decision of every situation (the solution's per-group decisions,
spread over the situations by ext/three.pyx with the counts the analysis uses), the hand class
of every strength, and the outcome name of every (hand class, result) cell of the kernel's
tally (ext/simulate3.pyx), which is the name of the row the analysis counts it in.

Strategies: ``optimal`` and "play X or better" thresholds (``q64``, ``pair-plus``, ``always``),
whose exact analyses :func:`reference_analysis` gives.

>>> from oddscalc.tables import load_game
>>> simulator, name_counts = prepare(load_game("three-card-poker"), 7, "always")
>>> simulator.run(1000)
>>> counts = name_counts(simulator.counts())
>>> sum(counts.values()), counts.get("fold", 0)
(1000, 0)
"""
from __future__ import annotations

from collections.abc import Callable

from oddscalc.economics import Analysis
from oddscalc.tables import GameTable

# name -> weakest hand that plays, as the ranks of an unsuited hand (None: play every hand)
THRESHOLDS = {"q64": "Q 6 4", "pair-plus": "2 2 3", "always": None}
STRATEGIES = ("optimal", *THRESHOLDS)
STRATEGY_HELP = ("optimal: the exact optimal strategy (for the Bonus ratio); q64: play Q-6-4 or better; "
                 "pair-plus: play any pair or better; always: play every hand")

_DECISIONS: dict = {}


def _solution(game: GameTable, strategy: str):
    from oddscalc.games.three_card_counts import game_counts
    from oddscalc.games.three_card_rules import qualifier_strength, three_card_rules
    from oddscalc.games.three_card_solve import solve
    rules = three_card_rules(game)
    threshold = None
    if strategy != "optimal":
        hand = THRESHOLDS[strategy]
        threshold = 0 if hand is None else qualifier_strength(hand, rules.ranking)
    return solve(rules, game_counts(rules), threshold), threshold


def reference_analysis(game: GameTable, strategy: str = "optimal") -> Analysis:
    """The exact analysis a run of ``strategy`` should match (combined with the Bonus when staked).

    >>> from oddscalc.tables import load_game
    >>> reference_analysis(load_game("fast-poker"), "always").call_probability
    Fraction(1, 1)
    """
    from oddscalc.games.three_card_outcomes import game_analysis
    return game_analysis(_solution(game, strategy)[0])


def _decisions(solution) -> bytearray:
    """The optimal decision of every situation (see three.spread_decisions); the last one is kept,
    as a strategy is usually simulated several times."""
    from oddscalc._native import three
    rules, c = solution.rules, solution.counts
    keys = three.group_keys(c.up_rank, c.strength, c.not_qualify, c.dealer_wins, c.tie)
    order = sorted(range(len(keys)), key=keys.__getitem__)
    plays = bytes(solution.play[i] for i in order)
    cache_key = (rules.ranking.native, rules.qualify, bool(rules.upcards), plays)
    if cache_key not in _DECISIONS:
        _DECISIONS.clear()
        _DECISIONS[cache_key] = three.spread_decisions(rules.ranking.native, rules.qualify, bool(rules.upcards),
                                                       [keys[i] for i in order], plays)
    return _DECISIONS[cache_key]


def prepare(game: GameTable, seed: int, strategy: str = "optimal", qualify: int | None = None
            ) -> tuple[object, Callable[[list], dict[str, int]]]:
    """A fresh native simulator, and the function that turns its tally into outcome counts.

    ``qualify`` overrides the dealer's qualifier (tests use it to build a wrong simulator)."""
    from oddscalc._native import three
    from oddscalc._native.simulate3 import ThreeCardSimulator
    from oddscalc.cards import DECK
    from oddscalc.games.three_card_outcomes import outcome_name
    from oddscalc.games.three_card_rules import HAND_CLASSES
    from oddscalc.games.three_card_solve import RESULTS
    solution, threshold = _solution(game, strategy)
    rules = solution.rules
    native = rules.ranking.native
    classes = bytearray(native.n_strengths)
    for strength, _count, *example in three.player_hands(native, DECK):
        classes[strength] = HAND_CLASSES.index(rules.hand_class(strength, example))
    simulator = ThreeCardSimulator(seed, native, rules.qualify if qualify is None else qualify,
                                   bool(rules.upcards), classes,
                                   -1 if threshold is None else threshold,
                                   _decisions(solution) if threshold is None else None)
    names = [[outcome_name(solution, klass, result) for result in range(len(RESULTS))]
             for klass in HAND_CLASSES]

    def name_counts(tally: list) -> dict[str, int]:
        out: dict[str, int] = {}
        for row, row_names in zip(tally, names):
            for count, name in zip(row, row_names):
                if count:
                    out[name] = out.get(name, 0) + count
        return out
    return simulator, name_counts
