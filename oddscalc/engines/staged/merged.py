"""The stages of a staged game when the first K community cards are seen from the deal: stages
decided with the same cards known become one.

With K cards seen the player knows p + max(turned, K) cards at a stage (p his own, ``turned`` the
community cards turned so far), so the first stages can be decided with equal information.  The
optimal joint decision over such stages is one decision whose options are a fold (at the first of
them) or one sum of their options: folding after raising on the same information loses more than
folding at once, and which raises make a sum does not matter (every unit pays alike).  The staged
kernel then solves the game exactly with the merged stages.

>>> from oddscalc.engines.base import load
>>> rules = StagedRules.of(load("mississippi-stud"))
>>> [(s.name, s.seen, len(s.options)) for s in merged_stages(rules, 1)]
[('3rd street to 4th street', 3, 6), ('5th street', 4, 4)]
>>> [o.label for o in merged_stages(rules, 2)[0].options][:3]
['fold', 'raise 1x, 1x, 1x', 'raise 4 units in all']
"""
from __future__ import annotations

import itertools
from collections.abc import Sequence

from oddscalc.core.errors import InputError
from oddscalc.engines.staged.rules import HAND_CARDS, Option, Stage, StagedRules


def known_at(rules: StagedRules, stage: Stage, board_cards: int) -> int:
    """The cards the player knows at a stage when the first ``board_cards`` community cards are
    seen from the deal."""
    turned = stage.seen - rules.player_cards
    return min(HAND_CARDS, rules.player_cards + max(turned, board_cards))


def groups(rules: StagedRules, board_cards: int) -> list[list[Stage]]:
    """The stages in runs decided with equal information."""
    runs: list[list[Stage]] = []
    for stage in rules.stages:
        if runs and known_at(rules, runs[-1][0], board_cards) == known_at(rules, stage, board_cards):
            runs[-1].append(stage)
        else:
            runs.append([stage])
    return runs


def _label(stages: Sequence[Stage], ways: list[tuple[Option, ...]], total: int) -> str:
    if len(ways) == 1:
        labels = [option.label for option in ways[0]]
        words = labels[0].split()
        # "raise 1x, raise 1x" reads better as "raise 1x, 1x" when the options share a verb
        if len(words) > 1 and all(label.split()[:-1] == words[:-1] and label.endswith("x") for label in labels):
            return " ".join(words[:-1]) + " " + ", ".join(label.split()[-1] for label in labels)
        return ", then ".join(labels)
    verb = "raise" if total > 0 else "withdraw" if total < 0 else "keep"
    if not total:
        return "keep the units in action"
    return f"{verb} {abs(total)} unit{'s' if abs(total) != 1 else ''} in all"


def merge(stages: Sequence[Stage], name: str, seen: int) -> Stage:
    """One stage for a run of stages decided with the same information: fold (if the first
    stage may) or each distinct sum of the stages' non-fold options."""
    if len(stages) == 1:
        return Stage(name, seen, stages[0].options)
    options: list[Option] = []
    if any(option.fold for option in stages[0].options):
        options.append(Option("fold", 0, True))
    sums: dict[int, list[tuple[Option, ...]]] = {}
    for pick in itertools.product(*(stage.options for stage in stages)):
        if pick[0].fold:
            continue
        fold_at = next((i for i, option in enumerate(pick) if option.fold), None)
        if fold_at is not None:
            if not options or sum(option.delta for option in pick[:fold_at]) < 0:
                # a later fold after withdrawing units is not dominated by folding first
                raise InputError(f"stage '{stages[fold_at].name}' folds after a stage decided with the same "
                                 "cards seen that may withdraw units: board cards seen are not priced here")
            continue
        sums.setdefault(sum(option.delta for option in pick), []).append(pick)
    options += [Option(_label(stages, sums[total], total), total) for total in sorted(sums)]
    return Stage(name, seen, tuple(options))


def merged_stages(rules: StagedRules, board_cards: int) -> tuple[Stage, ...]:
    """The game's stages with the first ``board_cards`` community cards seen: one per run decided
    with equal information (its ``seen``: the cards known then, five when everything is)."""
    merged = []
    for run in groups(rules, board_cards):
        name = run[0].name if len(run) == 1 else f"{run[0].name} to {run[-1].name}"
        merged.append(merge(run, name, known_at(rules, run[0], board_cards)))
    return tuple(merged)
