"""Ultimate Three Card Poker's strategies for people: the optimal decisions as a chart and in words,
and the simple strategies players use, each a table of decisions priced exactly by the solver.

A strategy table gives an action per (upcard rank, strength) (:func:`ultimate.strategy_index`); the
optimal strategy is the solver's, decided per situation (card removal included), so a chart cell,
a hand group against an upcard rank, counts the situations (the player's three cards and the
upcard, suits included) taking each action.

>>> from oddscalc.engines.three_card.ultimate import UltimateRules, solve
>>> found = chart(UltimateRules(), solve(UltimateRules()))
>>> found.rows[:2], found.columns[:3], found.total
(('mini-royal', 'straight-flush'), ('2', '3', '4'), 1082900)
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from oddscalc.core.cards import RANKS
from oddscalc.core.economics import Analysis
from oddscalc.core.errors import InputError
from oddscalc.core.evaluate import ThreeCardRanking
from oddscalc.core.hands import DEFAULT_THREE_CARD_ORDER
from oddscalc.engines.base import OPTIMAL, NamedStrategy
from oddscalc.engines.charts import StrategyChart
from oddscalc.engines.pricing import strategies_compared, strategy_price_report
from oddscalc.engines.three_card.situations import exceptions, situations, suiting
from oddscalc.engines.three_card.ultimate import FOLD, Solved, UltimateRules, hand_class, play_action, strategy_index
from oddscalc.engines.three_card.ultimate_simulate import optimal_actions
from oddscalc.engines.upcard_suit import Deviation
from oddscalc.report.model import Report, Table

HIGH_CARD = "high-card"
NEVER_FOLD, ALWAYS_1X, Q64, HOW = "never-fold", "always-1x", "q64", "how"

STRATEGIES = (
    NamedStrategy(OPTIMAL, "the exact optimal strategy"),
    NamedStrategy(NEVER_FOLD, "never fold: 3x with a pair or better, else 1x"),
    NamedStrategy(ALWAYS_1X, "always play 1x"),
    NamedStrategy(Q64, "Q-6-4 or better, 3x with a pair or better (upcard ignored)"),
    NamedStrategy(HOW, "S. How's chart: 3x with a pair or better, 1x from a threshold by upcard"),
)
# what each simple strategy does, in full (the price report's rules)
DETAILS = {
    NEVER_FOLD: ("never fold", "play the largest Play allowed: 3x with a pair or better, 1x below a pair"),
    ALWAYS_1X: ("never fold", "play 1x (the smallest Play) with every hand"),
    Q64: ("play 3x (the largest Play allowed) with a pair or better",
          "play 1x with Q-6-4 or better, whatever the dealer's upcard", "fold below Q-6-4"),
    HOW: ("play 3x (the largest Play allowed) with a pair or better",
          "play 1x with at least, by the dealer's upcard: 2: 9-8-x, 3: T-x-x, 4: T-4-x, 5: T-5-x, 6: T-6-x, "
          "7: T-7-x, 8: T-6-x, 9: T-x-x, T: T-8-4, J: J-8-4, Q: Q-8-4, K: K-8-4, A: A-8-5 (x: any lower card)",
          "fold below"),
}

# S. How (discountgambling.net, docs/staged-games.md): the weakest high-card hand played 1x per upcard
# rank, its ranks from the highest ('x': any lower card)
HOW_THRESHOLDS = {"2": "98", "3": "T", "4": "T4", "5": "T5", "6": "T6", "7": "T7", "8": "T6", "9": "T",
                  "T": "T84", "J": "J84", "Q": "Q84", "K": "K84", "A": "A85"}


def lowest_hand(ranks: str) -> tuple[int, ...]:
    """The weakest unsuited high-card hand whose highest ranks are ``ranks`` (the rest, 'x', as low
    as they go), as cards.

    >>> from oddscalc.core.cards import format_cards
    >>> format_cards(lowest_hand("T")), format_cards(lowest_hand("98")), format_cards(lowest_hand("Q64"))
    ('Tc 3d 2h', '9c 8d 2h', 'Qc 6d 4h')
    """
    given = [RANKS.index(r) for r in ranks]
    lows = [r for r in range(13) if r not in given and r < given[-1]][:3 - len(given)]
    return tuple(rank * 4 + suit for suit, rank in enumerate(sorted([*given, *lows], reverse=True)))


def _sizes(rules: UltimateRules, klass: str) -> tuple[int, ...]:
    return rules.play_multiples_below_pair if klass == HIGH_CARD else rules.play_multiples_pair_or_better


Choose = Callable[[int, int, str], str]      # (upcard rank or -1, strength, hand class) -> action


def _chooser(rules: UltimateRules, name: str, ranking: ThreeCardRanking) -> Choose:
    def largest(klass: str) -> str:
        return play_action(max(_sizes(rules, klass)))

    def smallest(klass: str) -> str:
        return play_action(min(_sizes(rules, klass)))

    def played_above(threshold: Callable[[int], int]) -> Choose:
        def choose(up: int, strength: int, klass: str) -> str:
            if klass != HIGH_CARD:
                return largest(klass)
            return smallest(klass) if strength >= threshold(up) else FOLD
        return choose

    if name == NEVER_FOLD:
        return lambda up, strength, klass: largest(klass)
    if name == ALWAYS_1X:
        return lambda up, strength, klass: smallest(klass)
    if name == Q64:
        q64 = ranking.strength(lowest_hand("Q64"))
        return played_above(lambda up: q64)
    if not rules.dealer_upcards:
        raise InputError("the strategy 'how' reads the dealer's upcard, and this table shows none (dealer_upcards = 0)")
    how = {RANKS.index(up): ranking.strength(lowest_hand(ranks)) for up, ranks in HOW_THRESHOLDS.items()}
    return played_above(how.__getitem__)


def strategy_table(rules: UltimateRules, name: str) -> bytes | None:
    """A named strategy as a table of action indices per (upcard rank, strength), as the solver and the
    simulator read it (None: the optimal strategy, decided per situation).

    >>> table = strategy_table(UltimateRules(), "q64")
    >>> len(table), sorted(set(table))
    (9633, [0, 1, 3])
    """
    if name == OPTIMAL:
        return None
    if name not in {s.name for s in STRATEGIES}:
        raise ValueError(f"no strategy table for {name!r}")
    ranking = ThreeCardRanking()
    n = ranking.native.n_strengths
    actions = rules.actions.points[0].actions
    choose = _chooser(rules, name, ranking)
    table = bytearray((13 if rules.dealer_upcards else 1) * n)
    for up in range(13) if rules.dealer_upcards else (-1,):
        for strength in range(n):
            action = choose(up, strength, hand_class(ranking, strength, n - 1))
            table[strategy_index(rules, up, strength, n)] = actions.index(action)
    return bytes(table)


# --- the chart ----------------------------------------------------------------------------------


def _ranks(cards: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted((card >> 2 for card in cards), reverse=True))


def hand_text(cards: Iterable[int]) -> str:
    """A high-card hand's ranks as players write them: ``Q-6-4``."""
    return "-".join(RANKS[r] for r in _ranks(cards))


@dataclass(frozen=True)
class _Row:
    """A solver row as the chart reads it: where it goes and what it counts."""
    klass: str
    ranks: tuple[int, ...]
    column: int
    weight: int
    choice: int
    example: tuple[int, ...]        # the hand's cards, then the upcard (if shown)
    strength: int


def _rows(solved: Solved) -> list[_Row]:
    ranking = ThreeCardRanking()
    top = ranking.native.n_strengths - 1
    c = solved.columns
    klass = {s: hand_class(ranking, s, top) for s in set(c["strength"])}
    return [_Row(klass[s], tuple(sorted((a >> 2, b >> 2, cc >> 2), reverse=True)), up, w, choice,
                 (a, b, cc, u) if u >= 0 else (a, b, cc), s)
            for up, s, w, a, b, cc, u, choice in zip(c["up_rank"], c["strength"], c["weight"], c["a"], c["b"], c["c"],
                                                      c["upcard"], solved.choices, strict=True)]


def _classes() -> tuple[str, ...]:
    return ("mini-royal", *(category.label for category in reversed(DEFAULT_THREE_CARD_ORDER)))


def chart(rules: UltimateRules, solved: Solved) -> StrategyChart:
    """The decisions as a grid: the hand classes from a pair up, then high-card hands by their top
    card (by their two top cards where the top card alone does not decide, and by all three where
    those two do not), by the dealer's upcard rank; every situation counted in its cell."""
    rows = _rows(solved)
    actions = solved.actions
    columns = sorted({row.column for row in rows})
    position = {rank: i for i, rank in enumerate(columns)}

    # the rows summed by what places them in a cell (many rows differ only in their counts)
    weights: Counter[tuple[str, tuple[int, ...], int, int]] = Counter()
    for row in rows:
        weights[(row.klass, row.ranks, row.column, row.choice)] += row.weight

    def tally(key: Callable[[str, tuple[int, ...]], tuple[int, ...]]) -> dict[tuple[int, ...], list[list[int]]]:
        cells: dict[tuple[int, ...], list[list[int]]] = {}
        for (klass, ranks, column, choice), weight in weights.items():
            where = key(klass, ranks)
            if where not in cells:
                cells[where] = [[0] * len(actions) for _ in columns]
            cells[where][position[column]][choice] += weight
        return cells

    def mixed(cells: Mapping[tuple[int, ...], list[list[int]]]) -> set[tuple[int, ...]]:
        return {key for key, row in cells.items() if any(sum(1 for n in cell if n) > 1 for cell in row)}

    classes = _classes()

    def by(depth: Callable[[tuple[int, ...]], int]) -> Callable[[str, tuple[int, ...]], tuple[int, ...]]:
        def key(klass: str, ranks: tuple[int, ...]) -> tuple[int, ...]:
            if klass != HIGH_CARD:
                return (len(classes) - classes.index(klass),)
            return (0, *ranks[:depth(ranks)])
        return key

    one = tally(by(lambda ranks: 1))
    split_top = {key[1] for key in mixed(one) if key[0] == 0}
    two = tally(by(lambda ranks: 2 if ranks[0] in split_top else 1))
    split_two = {key[1:] for key in mixed(two) if key[0] == 0 and len(key) == 3}
    cells = tally(by(lambda ranks: 3 if ranks[:2] in split_two else 2 if ranks[0] in split_top else 1))
    keys = sorted(cells, reverse=True)
    seen = "your three cards and the dealer's upcard" if rules.dealer_upcards else "your three cards"

    def label(key: tuple[int, ...]) -> str:
        if key[0]:
            return classes[len(classes) - key[0]]
        ranks = [RANKS[r] for r in key[1:]]
        return f"{ranks[0]} high" if len(ranks) == 1 else "-".join(ranks) + ("-x" if len(ranks) == 2 else "")

    return StrategyChart(actions, tuple(label(key) for key in keys),
                         tuple(RANKS[rank] if rank >= 0 else "no upcard" for rank in columns),
                         tuple(tuple(tuple(cell) for cell in cells[key]) for key in keys),
                         column_title="dealer's upcard" if rules.dealer_upcards else "(the dealer shows no card)",
                         rules=words(rules, solved, rows),
                         note=f"Cells count the situations ({seen}, suits included); high-card hands are split "
                              "by their second and third cards where the top cards alone do not decide")


# --- the strategy in words ----------------------------------------------------------------------


def _label(ranking: ThreeCardRanking, strength: int, cards: Iterable[int], top: int) -> str:
    """A hand as the words write it: ``Q-6-4``, ``K-K-5 pair``."""
    ranks = Counter(card >> 2 for card in cards)
    text = "-".join(RANKS[r] for r in sorted(ranks, key=lambda r: (ranks[r], r), reverse=True) for _ in range(ranks[r]))
    klass = hand_class(ranking, strength, top)
    return text if klass == HIGH_CARD else f"{text} {klass}"


@dataclass(frozen=True)
class WordRule:
    """One rule of the words: where, what it says, whether a situation's action is the one its words
    take (``takes(strength, action)``), the situations it speaks of and gets wrong, and those
    exceptions grouped (by hand and by the cards in the upcard's suit)."""
    where: str
    text: str
    takes: Callable[[int, str], bool]
    high_card: bool
    column: int                 # the upcard rank it speaks of (-1: every upcard)
    wrong: int
    every: int
    groups: tuple[Deviation, ...] = ()

    def lines(self) -> tuple[tuple[str, str], ...]:
        """The rule and each group of its exceptions as (where, rule) rows."""
        if not self.wrong:
            return ((self.where, self.text),)
        many = "s" if len(self.groups) != 1 else ""
        listed = f"({len(self.groups)} group{many} below)" if self.groups else "(by card removal)"
        return ((self.where, f"{self.text}, except in {self.wrong:,} of {self.every:,} situations {listed}"),
                *((f"{self.where}: exception", f"{group.text}; {group.situations:,} situations")
                  for group in self.groups))

    def action(self, hand: str, suited: tuple[int, ...], strength: int, action: str) -> bool:
        """Whether the words take ``action`` in a situation (its hand as they write it, the ranks of
        its cards in the upcard's suit): a group that names it says which, else the rule does."""
        for group in self.groups:
            if group.holds(hand, suited):
                return group.action == action
        return self.takes(strength, action)


def words(rules: UltimateRules, solved: Solved, rows: Sequence[_Row] | None = None) -> tuple[tuple[str, str], ...]:
    """The strategy as a player can use it (:func:`word_rules`), as (where, rule) rows."""
    return tuple(line for rule in word_rules(rules, solved, rows) for line in rule.lines())


def word_rules(rules: UltimateRules, solved: Solved, rows: Sequence[_Row] | None = None) -> tuple[WordRule, ...]:
    """The strategy as a player can use it: what a pair or better does, then per upcard rank the
    weakest high-card hand played ("play 1x with T-4-2 or better"), the rule that gets most
    situations right; under each rule, every situation it gets wrong, grouped by hand and by the
    player's cards in the upcard's suit (:mod:`oddscalc.engines.upcard_suit`)."""
    rows = _rows(solved) if rows is None else rows
    actions = solved.actions
    found: list[WordRule] = []
    strong = [row for row in rows if row.klass != HIGH_CARD]
    if strong:
        taken = [sum(row.weight for row in strong if row.choice == a) for a in range(len(actions))]
        usual = max(range(len(actions)), key=taken.__getitem__)
        wrong = sum(row.weight for row in strong if row.choice != usual)
        found.append(WordRule("a pair or better", actions[usual], lambda _s, action: action == actions[usual], False,
                              -1, wrong, sum(taken)))
    by_column: dict[int, list[_Row]] = {}
    for row in rows:
        if row.klass == HIGH_CARD:
            by_column.setdefault(row.column, []).append(row)
    for column in sorted(by_column):
        weak = sorted(by_column[column], key=lambda row: row.strength)
        where = f"upcard {RANKS[column]}" if column >= 0 else "high-card hands"
        found.append(_threshold_rule(where, column, weak, actions))
    if not any(rule.wrong for rule in found) or sum(solved.columns["weight"]) != 22100 * (49 if rules.dealer_upcards
                                                                                          else 1):
        return tuple(found)           # nothing to list, or a solve of a smaller deck: counted, not listed
    groups = _exception_groups(rules, solved, found)
    return tuple(replace(rule, groups=groups.get(rule.where, ())) for rule in found)


def _threshold_rule(where: str, column: int, weak: Sequence[_Row], actions: tuple[str, ...]) -> WordRule:
    """"play 1x with T-4-2 or better, fold below" for one upcard's high-card hands (by strength): the
    cut that gets the most situations right, and how many it gets wrong."""
    strengths = sorted({row.strength for row in weak})
    played = dict.fromkeys(strengths, 0)
    folded = dict.fromkeys(strengths, 0)
    for row in weak:
        (played if row.choice else folded)[row.strength] += row.weight
    wrong_count = sum(folded.values())          # the cut below every hand: play everything
    best, best_wrong = 0, wrong_count
    for position, strength in enumerate(strengths):
        wrong_count += played[strength] - folded[strength]
        if wrong_count < best_wrong:
            best, best_wrong = position + 1, wrong_count
    every = sum(row.weight for row in weak)
    plays = sorted({row.choice for row in weak if row.choice})
    how = " or ".join(actions[a] for a in plays) or "play"
    cut = strengths[best] if best < len(strengths) else None

    def takes(strength: int, action: str) -> bool:
        return (action != FOLD) == (cut is not None and strength >= cut)

    if cut is None:
        text = "fold every high-card hand"
    elif best == 0:
        text = f"{how} every high-card hand"
    else:
        lowest = next(row for row in weak if row.strength == cut)
        text = f"{how} with {hand_text(lowest.example[:3])} or better, fold below"
    return WordRule(where, text, takes, True, column, best_wrong, every)


def _exception_groups(rules: UltimateRules, solved: Solved, found: Sequence[WordRule]
                      ) -> dict[str, tuple[Deviation, ...]]:
    """Per rule with exceptions, every situation it gets wrong, grouped: the situations' actions
    are the solve's, spread over the deck as the simulator reads them."""
    ranking = ThreeCardRanking()
    top = ranking.native.n_strengths - 1
    actions = solved.actions
    table = optimal_actions(solved).by_situation
    labels: dict[int, str] = {}
    spoken: dict[str, list[tuple[str, int, tuple[int, ...], int, str, bool]]] = {rule.where: [] for rule in found}
    order: dict[str, set[tuple[int, str]]] = {rule.where: set() for rule in found}
    for hand, up, weight, strength, choice in situations(table, bool(rules.dealer_upcards), ranking):
        high = hand_class(ranking, strength, top) == HIGH_CARD
        column = up >> 2 if up >= 0 else -1
        for rule in found:
            if rule.high_card != high or (high and rule.column != column) or not rule.wrong:
                continue
            if strength not in labels:
                labels[strength] = _label(ranking, strength, hand, top)
            action = actions[choice]
            spoken[rule.where].append((labels[strength], strength, suiting(hand, up), weight, action,
                                       rule.takes(strength, action)))
            order[rule.where].add((strength, labels[strength]))
            break
    out = {}
    for rule in found:
        if rule.wrong:
            out[rule.where] = exceptions(spoken[rule.where], [hand for _s, hand in sorted(order[rule.where],
                                                                                        reverse=True)])
            assert sum(group.situations for group in out[rule.where]) == rule.wrong
    return out


# --- the report -----------------------------------------------------------------------------------


def chart_table(found: StrategyChart) -> Table:
    """The chart as a table: each cell's action, or every action with its situations where they differ."""
    rows = []
    for name, cells in zip(found.rows, found.counts, strict=True):
        shown = []
        for cell in cells:
            taken = [(action, n) for action, n in zip(found.actions, cell, strict=True) if n]
            shown.append("" if not taken else taken[0][0] if len(taken) == 1 else
                         " / ".join(f"{action} {n}" for action, n in taken))
        rows.append((name, *shown))
    return Table(f"the action taken ({found.row_title} by {found.column_title}; a mixed cell counts the "
                 "situations taking each)", (found.row_title, *found.columns), tuple(rows))


def strategy_report(title: str, unit: str, name: str, found: StrategyChart, analysis_of: Callable[[str], Analysis],
                    compare: bool = False, price: NamedStrategy | None = None) -> Report:
    """``strategy``: the optimal chart and its words; ``compare``: the named strategies priced beside
    the optimal one; ``price``: one of them against it (``analysis_of(name)``: a strategy's exact
    analysis)."""
    optimal = analysis_of(OPTIMAL)
    if price is not None:
        # a named strategy of this game has no rules in the strategy language: its label stands for them
        shown = replace(price, rules=DETAILS[price.name]) if price.name != OPTIMAL else price
        return strategy_price_report(title, unit, shown, analysis_of(price.name), optimal, "play", FOLD)
    tables = [chart_table(found), Table("in words", ("where", "what the optimal player does"), found.rules)]
    data: dict[str, object] = {
        "game": name, "actions": list(found.actions), "action_probabilities": dict(optimal.action_probabilities),
        "words": [{"where": where, "rule": rule} for where, rule in found.rules],
        "chart": [{"hand": row, "upcard": column, "actions": dict(zip(found.actions, cell, strict=True))}
                  for row, cells in zip(found.rows, found.counts, strict=True)
                  for column, cell in zip(found.columns, cells, strict=True) if sum(cell)]}
    if compare:
        compared, data["compare"] = strategies_compared(
            [(s.label if s.name != OPTIMAL else "optimal", analysis_of(s.name)) for s in STRATEGIES], unit, "play")
        tables.append(compared)
    return Report(f"{title}: the optimal strategy", tuple(tables), data, (found.note + ".",))
