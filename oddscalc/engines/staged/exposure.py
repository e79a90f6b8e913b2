"""What seeing community cards early is worth in a staged game (Mississippi Stud, Let It Ride),
exact over every deal.

- ``board_cards=K``: the first K community cards, in the order they are turned, are seen from the
  deal.  Stages decided with the same cards known merge into one (:mod:`.merged`) and the staged
  kernel solves the game with them; when every card is seen (K = the community cards) the one
  decision is over the final hand itself, priced from the count of five-card hands by class.
- ``board_cards=K, sorted_ranks=R``: the first K community cards are seen only as in or out of the
  ranks R (their backs tell, edge sorting), or only by the class of a partition of the ranks they
  are in (``"A|K Q J"``: a hole-carder's read, up to four classes), until each is turned and seen
  whole; every stage is decided optimally with that (ext/staged_sorted.pyx).

>>> from oddscalc.engines.base import Seen, load
>>> found = exposure(load("mississippi-stud"), Seen(board_cards=3))
>>> found.gain > 0, found.analysis.total
(True, 155937600)
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Protocol

from oddscalc._native import eval5
from oddscalc._native import staged_sorted as sorted_kernel
from oddscalc.core.budget import Limits
from oddscalc.core.cards import DECK
from oddscalc.core.economics import Analysis, Outcome
from oddscalc.core.errors import InputError
from oddscalc.core.gametable import GameTable
from oddscalc.engines.base import Exposure, GainSample, Seen
from oddscalc.engines.charts import action_key
from oddscalc.engines.reads import Classes, classes_text, parse_classes
from oddscalc.engines.sidebets import paytable_line
from oddscalc.engines.solver import best
from oddscalc.engines.staged import solve
from oddscalc.engines.staged.merged import merged_stages
from oddscalc.engines.staged.paytable import PayLayout, pay_layout
from oddscalc.engines.staged.rules import HAND_CARDS, Stage, StagedRules


class Counted(Protocol):
    """What both kernels' solutions give: the deals of each fold, final hand and option."""

    @property
    def total(self) -> int: ...

    def outcomes(self) -> list[tuple[int, int, int]]: ...

    def folds(self) -> list[tuple[int, int, int]]: ...

    def actions(self) -> list[list[int]]: ...


class Census:
    """The deals of an all-seen round: every ordered deal makes its final hand, whatever the
    player's decision, and the decision is taken on that hand (``outcomes``, ``folds``,
    ``actions`` as the kernels give them)."""

    def __init__(self, rules: StagedRules, stage: Stage, deck: Sequence[int]) -> None:
        layout = pay_layout(rules.game)
        n, p = len(deck), rules.player_cards
        # each five-card set is dealt C(5, p) ways to the player, the rest in (5 - p)! orders
        per_set = math.comb(HAND_CARDS, p) * math.factorial(HAND_CARDS - p)
        by_class = [0] * len(layout.names)
        for strength, count in enumerate(eval5.strength_census(HAND_CARDS, list(deck))):
            by_class[layout.class_map[strength]] += count * per_set
        self.total = math.comb(n, p) * math.perm(n - p, HAND_CARDS - p)
        self._outcomes: list[tuple[int, int, int]] = []
        self._folds: list[tuple[int, int, int]] = []
        self._actions = [0] * len(stage.options)
        self.choices: dict[int, int] = {}          # pay class -> the option taken on it
        units = rules.initial_units
        for klass, deals in enumerate(by_class):
            if not deals:
                continue
            net = layout.nets[klass]
            values = [Fraction(-units) if option.fold else (units + option.delta) * net for option in stage.options]
            best = best_option(stage, values, rules.wager_more)
            self.choices[klass] = best
            self._actions[best] += deals
            if stage.options[best].fold:
                self._folds.append((0, units, deals))
            else:
                self._outcomes.append((klass, units + stage.options[best].delta, deals))
        self._folds = [(0, units, sum(d for _, _, d in self._folds))] if self._folds else []

    def outcomes(self) -> list[tuple[int, int, int]]:
        return self._outcomes

    def folds(self) -> list[tuple[int, int, int]]:
        return self._folds

    def actions(self) -> list[list[int]]:
        return [self._actions]


class Scaled:
    """A solution's counts times a whole factor (the ordered deals each of its deals stands for)."""

    def __init__(self, counted: Counted, factor: int) -> None:
        self.counted, self.factor = counted, factor
        self.total = counted.total * factor

    def outcomes(self) -> list[tuple[int, int, int]]:
        return [(klass, units, count * self.factor) for klass, units, count in self.counted.outcomes()]

    def folds(self) -> list[tuple[int, int, int]]:
        return [(stage, units, count * self.factor) for stage, units, count in self.counted.folds()]

    def actions(self) -> list[list[int]]:
        return [[count * self.factor for count in counts] for counts in self.counted.actions()]


def best_option(stage: Stage, values: Sequence[Fraction], wager_more: bool) -> int:
    """The solver's choice among a stage's options (engines/solver.py)."""
    return best(values, [solve.wagered(stage, o) for o in range(len(values))], wager_more)


def units_text(units: int) -> str:
    return solve.units_text(units)


def analysis_of(rules: StagedRules, stages: Sequence[Stage], counted: Counted) -> Analysis:
    """The informed player's outcome table (rows named as the plain game's: a fold at a stage with
    the units lost, a final pay class with the units wagered) and each option's share."""
    layout = pay_layout(rules.game)
    rows = [Outcome(f"fold-{solve.slug(stages[i].name)}-{units_text(u)}", count, Fraction(-u), Fraction(u))
            for i, u, count in counted.folds()]
    finals: dict[int, list[tuple[int, int]]] = {}
    for klass, u, count in counted.outcomes():
        finals.setdefault(klass, []).append((u, count))
    for klass in layout.order():
        rows += [Outcome(f"{layout.names[klass]}-{units_text(u)}", count, u * layout.nets[klass], Fraction(u))
                 for u, count in sorted(finals.get(klass, ()))]
    several = len(stages) > 1
    shares = {action_key(stage.name if several else "", option.label): Fraction(count, counted.total)
              for stage, counts in zip(stages, counted.actions(), strict=True)
              for option, count in zip(stage.options, counts, strict=True) if count}
    return Analysis(rules.game.name, paytable_line(rules.game.paytable()), counted.total, tuple(rows), None,
                    rules.game.unit, shares)


def check_board_cards(rules: StagedRules, seen: Seen) -> None:
    community = rules.community_cards
    if not 1 <= seen.board_cards <= community:
        needs = "sorted_ranks= needs " if seen.sorted_ranks is not None else ""
        raise InputError(f"{needs}board_cards=1 to {community} for {rules.game.name} (its community cards), "
                         f"got {seen.board_cards}")


def census_rows(rules: StagedRules, stage: Stage, census: Census) -> tuple[tuple[str, str], ...]:
    """With every card seen, the decision by final hand: runs of pay classes (weakest first) that
    take the same option."""
    layout = pay_layout(rules.game)
    runs: list[tuple[list[str], int]] = []
    for klass in layout.order():
        if klass not in census.choices:
            continue
        if runs and runs[-1][1] == census.choices[klass]:
            runs[-1][0].append(layout.names[klass])
        else:
            runs.append(([layout.names[klass]], census.choices[klass]))
    return tuple((f"final hand {names[0]}" + (f" to {names[-1]}" if len(names) > 1 else ""),
                  stage.options[option].label) for names, option in runs)


def whole_cards(rules: StagedRules, board_cards: int, deck: Sequence[int] = DECK) -> tuple[tuple[Stage, ...], Counted]:
    """The stages and the deals when the first ``board_cards`` community cards are seen whole."""
    stages = merged_stages(rules, board_cards)
    if stages[0].seen == HAND_CARDS:
        return stages, Census(rules, stages[0], deck)
    merged = replace(rules, stages=stages)
    # the kernel deals the first stage's cards as one set; a round deals the player's cards, then
    # the community cards seen in their order: each of its sets is that many ordered deals
    p, known = rules.player_cards, stages[0].seen
    return stages, Scaled(solve.solve(merged, deck), math.comb(known, p) * math.factorial(known - p))


def read_classes(classes: Classes) -> list[int]:
    """The class each card code is read as: the index of its rank's class among those named, or
    one more for the ranks in none."""
    return [next((i for i, ranks in enumerate(classes) if card >> 2 in ranks), len(classes)) for card in DECK]


def class_bits(classes: Classes) -> int:
    """The bits of a card's class in the sorted kernel's situations: 1 for a set, 2 for a partition."""
    return 1 if len(classes) == 1 else 2


def check_sorted_shape(rules: StagedRules) -> None:
    """The sorted kernel's shape: stage i decided with the player's cards and i community cards."""
    if [stage.seen for stage in rules.stages] != list(range(rules.player_cards, HAND_CARDS)):
        raise InputError(f"sorted_ranks= is priced when each stage turns one community card, from the player's "
                         f"{rules.player_cards} cards to {HAND_CARDS - 1}; {rules.game.name}'s stages see "
                         f"{[stage.seen for stage in rules.stages]}")


def check_sorted_range(rules: StagedRules, layout: PayLayout, n: int) -> None:
    """Refuse pays whose values could overflow the sorted kernel's 64-bit integers: units x the
    largest numerator (or scale) x the completions of a first-stage situation x its situations."""
    most = max(hi for _lo, hi in rules.units_reached())
    draws = math.perm(n - rules.player_cards, rules.community_cards)
    largest = most * max(layout.scale, *(abs(x) for x in layout.numerators)) * draws * math.comb(n, rules.player_cards)
    if largest >= solve.INT64:
        raise solve.TooLarge(f"table '{rules.game.name}': the pays over their common denominator {layout.scale} are "
                             "too large for exact 64-bit counts (give pays with smaller denominators)")


def check_sorted_size(rules: StagedRules, board_cards: int, n: int, bits: int = 1) -> None:
    """Refuse, before any work, a solve beyond the memory or time limits (a game file may put many
    units in action): per stage, a value, a reach count and an option per situation and units (the
    classes of the sorted cards ahead ``bits`` each in a situation)."""
    reached = rules.units_reached()
    states = [math.comb(n, rules.player_cards + i) << (max(0, board_cards - i) * bits)
              for i in range(len(rules.stages))]
    memory = sum(s * (hi - lo + 1) * 17 for s, (lo, hi) in zip(states, reached, strict=False))
    memory += math.comb(n, HAND_CARDS)
    work = sum(s * (n - rules.player_cards - i) * (hi - lo + 1)
               for i, (s, (lo, hi)) in enumerate(zip(states, reached, strict=False)))
    Limits.resolve().check(f"solving {rules.game.name} with sorted cards", seconds=work * 5e-9 + memory * 1e-9,
                           memory=memory)


def sorted_cards(rules: StagedRules, board_cards: int, classes: Classes,
                 deck: Sequence[int] = DECK) -> sorted_kernel.SortedSolution:
    """The deals when the first ``board_cards`` community cards are seen only by their class (the
    ranks of ``classes``, or the others) until turned."""
    check_sorted_shape(rules)
    layout = pay_layout(rules.game)
    check_sorted_range(rules, layout, len(deck))
    check_sorted_size(rules, board_cards, len(deck), class_bits(classes))
    return sorted_kernel.solve(tuple(deck), read_classes(classes), rules.player_cards, board_cards,
                               [[o.delta for o in s.options] for s in rules.stages],
                               [[o.fold for o in s.options] for s in rules.stages], rules.initial_units,
                               layout.class_map, layout.numerators, layout.scale, rules.wager_more)


def informed(rules: StagedRules, seen: Seen, deck: Sequence[int] = DECK) -> tuple[tuple[Stage, ...], Analysis]:
    """The informed optimal player's stages and outcome table over every deal of ``deck``."""
    check_board_cards(rules, seen)
    if seen.sorted_ranks is None:
        stages, counted = whole_cards(rules, seen.board_cards, deck)
        return stages, analysis_of(rules, stages, counted)
    classes = parse_classes(seen.sorted_ranks)
    return rules.stages, analysis_of(rules, rules.stages, sorted_cards(rules, seen.board_cards, classes, deck))


def strategy_rows(stages: Sequence[Stage], analysis: Analysis) -> tuple[tuple[str, str], ...]:
    """How the informed player decides, stage by stage: each option's share of all rounds."""
    several = len(stages) > 1
    rows = []
    for stage in stages:
        taken = [f"{option.label} {float(share):.2%}" for option in stage.options
                 if (share := analysis.action_probabilities.get(action_key(stage.name if several else "",
                                                                          option.label), Fraction(0)))]
        known = "every card" if stage.seen == HAND_CARDS else f"{stage.seen} cards"
        rows.append((f"{stage.name} ({known} known)", "; ".join(taken) + " of all rounds"))
    return tuple(rows)


def exposure(game: GameTable, seen: Seen, workers: int | None = None, scheduler: str | None = None
             ) -> Exposure:
    """The exact exposure analysis of a staged game (every case it prices is exact)."""
    rules = StagedRules.of(game)
    check_board_cards(rules, seen)
    if seen.sorted_ranks is not None:
        parse_classes(seen.sorted_ranks)
        check_sorted_shape(rules)
    baseline = solve.analyze(rules)
    stages, analysis = informed(rules, seen)
    strategy = strategy_rows(stages, analysis)
    if stages[0].seen == HAND_CARDS:
        census = Census(rules, stages[0], DECK)
        strategy = census_rows(rules, stages[0], census) + strategy
    facts: dict[str, object] = {"decisions": [stage.name for stage in stages]}
    if seen.sorted_ranks is not None:
        classes = parse_classes(seen.sorted_ranks)
        facts["sorted_ranks"] = classes_text(classes)
        reads = read_classes(classes)
        counts = [reads.count(i) for i in range(max(reads) + 1)]
        if len(classes) == 1:
            facts["sorted_cards_in_deck"] = counts[0]
        else:
            facts["cards_per_class"] = counts
    text = seen.text() if seen.sorted_ranks is None else \
        f"{Seen(board_cards=seen.board_cards).text()}, sorted by {classes_text(parse_classes(seen.sorted_ranks))}"
    return Exposure(text, baseline, analysis.expected_return - baseline.expected_return, analysis,
                    strategy=strategy, facts=facts)


def exposure_chunk(game: GameTable, seen: Seen, seed: int, chunk: int, size: int) -> GainSample:
    """Never needed: every case is counted exactly."""
    raise InputError(f"{game.name}: board cards seen are counted exactly, not sampled")
