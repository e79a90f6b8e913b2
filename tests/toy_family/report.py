"""The toy family's reports: the analysis (the standard tables, then the strategy by hand and
upcard), one decision (the shared decision report), the strategy as a chart and compared."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from oddscalc.core.cards import RANKS
from oddscalc.core.numbers import ratio_text
from oddscalc.engines.base import OPTIMAL, Decision, NamedStrategy
from oddscalc.engines.charts import StrategyChart
from oddscalc.engines.decision_report import Fact, Wording
from oddscalc.engines.decision_report import decision_report as shared_report
from oddscalc.engines.inputs import Inputs, Situation
from oddscalc.engines.pricing import strategies_compared, strategy_price_report
from oddscalc.report.analysis import analysis_report as standard_report
from oddscalc.report.model import Report, Table

from .ranking import DECK_RANKS, N_STRENGTHS, hand_text
from .rules import ToyRules, action_name
from .solve import STRATEGIES, analysis, decisions

UPCARDS = tuple(RANKS[rank] for rank in DECK_RANKS)


def _game_line(rules: ToyRules) -> str:
    pays = ", ".join(f"{c} {ratio_text(p)}" for c, p in rules.game.paytable().pays.items())
    return (f"Dealer qualifies with {rules.qualify_text} (if not, the Ante wins {ratio_text(rules.not_qualify_net)} "
            f"and the raise pushes); raises of 1 to {rules.max_raise} antes; a tie with a qualifying dealer: "
            f"{rules.ties.text}; a won raise pays {pays} ({rules.game.paytable().basis} one).")


def actions_by_hand(rules: ToyRules, strategy_name: str = OPTIMAL) -> dict[tuple[int, int], set[int]]:
    """(hand strength, upcard rank) -> the actions the strategy takes there (one, in this game,
    but the counts decide, not an assumption)."""
    found: dict[tuple[int, int], set[int]] = {}
    for group, raised in decisions(rules, strategy_name):
        found.setdefault((group.strength, group.up_rank), set()).add(raised)
    return found


def _cell(actions: set[int]) -> str:
    return " or ".join("fold" if k == 0 else f"{k}x" for k in sorted(actions))


def strategy_table(rules: ToyRules, strategy_name: str = OPTIMAL) -> tuple[Table, list[dict[str, object]]]:
    """The action by hand (rows, strongest first) and upcard (columns), and as JSON rows."""
    found = actions_by_hand(rules, strategy_name)
    rows: list[tuple[str, ...]] = []
    data: list[dict[str, object]] = []
    for strength in reversed(range(N_STRENGTHS)):
        cells = [found.get((strength, rank), set()) for rank in DECK_RANKS]
        rows.append((hand_text(strength), *(_cell(cell) for cell in cells)))
        data += [{"hand": hand_text(strength), "upcard": RANKS[rank],
                  "action": " or ".join(action_name(k) for k in sorted(cell))}
                 for rank, cell in zip(DECK_RANKS, cells, strict=True) if cell]
    title = "the optimal action" if strategy_name == OPTIMAL else f"the action of strategy {strategy_name}"
    return Table(f"{title} by your hand and the dealer's upcard", ("hand", *UPCARDS), tuple(rows)), data


def analysis_report(rules: ToyRules) -> Report:
    """``analyze``: the standard outcome, metric and net tables, then the optimal strategy."""
    found = analysis(rules)
    table, strategy = strategy_table(rules)
    data: dict[str, object] = {"qualifier": rules.qualify_text, "max_raise": rules.max_raise,
                               "ties": rules.ties.text, "actions": list(rules.actions), "strategy": strategy}
    return standard_report(f"{rules.game.title}: exact analysis over {found.total:,} deals", found, (table,), data,
                           (_game_line(rules),))


def decision_report(rules: ToyRules, inputs: Inputs, situation: Situation, decisions_: Sequence[Decision]) -> Report:
    """``decide``: the one decision report every family prints (the same JSON shape, the same
    layout); the family says only what is its own: what is counted, which raise's outcomes show."""
    wording = Wording(rules.game.unit, "dealer hole cards", "if you raise: outcomes over the dealer's hole cards",
                      (Fact("outcomes shown are of", "outcomes_of"),), (_game_line(rules),))
    return shared_report(rules.game, inputs, situation, decisions_, wording)


def chart(rules: ToyRules, strategy_name: str = OPTIMAL) -> StrategyChart:
    """The strategy for people: hands (strongest first) by upcard, each cell counting the (hand,
    upcard) situations that take each action (fold first, the default)."""
    counts = [[[0] * len(rules.actions) for _ in DECK_RANKS] for _ in range(N_STRENGTHS)]
    for group, raised in decisions(rules, strategy_name):
        counts[N_STRENGTHS - 1 - group.strength][DECK_RANKS.index(group.up_rank)][raised] += group.weight
    found = actions_by_hand(rules, strategy_name)
    words = []
    for rank in DECK_RANKS:
        parts = []
        for raised in reversed(range(rules.max_raise + 1)):
            hands = [hand_text(s) for s in reversed(range(N_STRENGTHS)) if found.get((s, rank)) == {raised}]
            if hands:
                parts.append(f"{action_name(raised)}: {' '.join(hands)}")
        words.append((f"upcard {RANKS[rank]}", "; ".join(parts)))
    return StrategyChart(rules.actions, tuple(hand_text(s) for s in reversed(range(N_STRENGTHS))), UPCARDS,
                         tuple(tuple(tuple(cell) for cell in row) for row in counts), rules=tuple(words))


def strategy_report(rules: ToyRules, compare: bool = False, price: NamedStrategy | None = None) -> Report:
    """``strategy``: the optimal action by hand and upcard, its rules in words; ``compare``: the
    named strategies priced beside it; ``price``: one of them against it."""
    optimal = analysis(rules)
    if price is not None:
        # the shared price report prints a strategy's rules, and one without rules as "the exact
        # optimum": a named strategy of this family has no rules in the strategy language, so its
        # label stands for them
        shown = replace(price, rules=price.rules or (price.label,)) if price.name != OPTIMAL else price
        return strategy_price_report(rules.game.title, rules.game.unit, shown, analysis(rules, price.name), optimal,
                                     "raise")
    table, data_rows = strategy_table(rules)
    tables = [table, Table("in words", ("where", "rule"), chart(rules).rules)]
    data: dict[str, object] = {"game": rules.game.name, "call_probability": optimal.call_probability,
                               "strategy": data_rows}
    if compare:
        compared, data["compare"] = strategies_compared(
            [(s.label if s.name != OPTIMAL else "optimal", analysis(rules, s.name)) for s in STRATEGIES],
            rules.game.unit, "raise")
        tables.append(compared)
    return Report(f"{rules.game.title}: the optimal strategy", tuple(tables), data, (_game_line(rules),))
