"""Ultimate Three Card Poker as a built-in game (engine ``three-card-ultimate``): the solver of
:mod:`oddscalc.engines.three_card.ultimate` read from a game file (tables/ultimate-three-card-poker.toml).

Ante and Blind (two units per Ante), then fold or Play 1x (1x to 3x with a pair or better) against a
dealer showing one card; the Blind paytable pays the player's higher hand from a flush up, Pair Plus
is a side bet on the player's three cards.  The full analysis takes about a tenth of a second: it is made once per
table (``GameTable.built``).

>>> base.capabilities(ENGINE)
('exact analysis', 'decide', 'strategy', 'simulate', 'exposure')
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import combinations
from typing import TYPE_CHECKING

from oddscalc.core.cards import DECK
from oddscalc.core.economics import Analysis, Outcome
from oddscalc.core.errors import InputError
from oddscalc.core.evaluate import HandRank, ThreeCardRanking, rank_hand
from oddscalc.core.gametable import GameTable, RuleSpec
from oddscalc.core.hands import DEFAULT_THREE_CARD_ORDER
from oddscalc.core.numbers import decimal_text, pay_text
from oddscalc.engines import base
from oddscalc.engines.charts import StrategyChart
from oddscalc.engines.decision_report import Fact, Wording
from oddscalc.engines.decision_report import decision_report as shared_report
from oddscalc.engines.inputs import Input, Inputs, Situation
from oddscalc.engines.reads import parse_reads
from oddscalc.engines.three_card import ultimate_simulate
from oddscalc.engines.three_card.rules import qualifier_strength
from oddscalc.engines.three_card.ultimate import (
    ENDINGS,
    FOLD,
    Solved,
    UltimateResult,
    UltimateRules,
    decide,
    hand_class,
    outcome_name,
    solve,
    tally,
)
from oddscalc.engines.three_card.ultimate_strategy import STRATEGIES, chart, strategy_table
from oddscalc.engines.three_card.ultimate_strategy import strategy_report as shared_strategy_report
from oddscalc.report.analysis import analysis_data, metrics_table, outcome_table
from oddscalc.report.analysis import analysis_report as standard_report
from oddscalc.report.model import Report, Table

NAME = "three-card-ultimate"
BLIND, PAIR_PLUS = "blind", "pair-plus"
WAGER_MORE, WAGER_LESS = "wager_more", "wager_less"
MINI_ROYAL = "mini-royal"
# the classes the paytables may name, strongest first (the mini royal: A-K-Q suited)
CLASSES = (MINI_ROYAL, *(category.label for category in reversed(DEFAULT_THREE_CARD_ORDER)))
MAX_MULTIPLE = 100

RULE_SPECS = (
    RuleSpec("dealer_upcards", "integer", 1, "dealer cards shown before the player decides (1: the face-up "
             "game; 0: all face down)", low=0, high=1),
    RuleSpec("dealer_qualifies", "text", "Q 3 2", "the weakest dealer hand that qualifies (for the Ante only), "
             "as ranks of an unsuited hand"),
    RuleSpec("play_multiples", "text", "1 2 3", "the Play sizes, in Antes, allowed with a pair or better "
             "(whole numbers separated by spaces)"),
    RuleSpec("play_multiples_below_pair", "text", "1", "the Play sizes, in Antes, allowed below a pair"),
    RuleSpec("play_needs_qualifier", "flag", False, "the Play pushes whenever the dealer does not qualify"),
    RuleSpec("pairplus_survives_fold", "flag", False, "a fold keeps the Pair Plus wager in action"),
    RuleSpec("pairplus_ratio", "number", Fraction(0), "Pair Plus stake / Ante: when a fold forfeits it, the "
             "decisions are taken for the whole wager", low=Fraction(0), high=Fraction(100)),
    RuleSpec("tie_break", "text", WAGER_MORE, "the action taken when two are worth exactly the same: the one "
             "that wagers more (play rather than fold, the larger Play) or less", choices=(WAGER_MORE, WAGER_LESS)),
)

DECIDE_INPUTS = Inputs((
    Input("hand", "cards", "your three cards", counts=(3,), required=True, metavar="CARDS"),
    Input("up", "cards", "the dealer's face-up card (required when the dealer shows one)", counts=(1,),
          metavar="CARD"),
    Input("seen", "cards", "other dealer cards seen (a flashed hole card): in the dealer's hand", counts=(0, 1, 2, 3),
          metavar="CARDS"),
    Input("reads", "text", "dealer cards read by rank class only, '|' between cards ('K Q J' a picture, "
          "'K Q J|A')", metavar="RANKS"),
    Input("dead", "cards", "other cards you can see (other boxes, a flashed burn card), out of the deck",
          metavar="CARDS"),
))


def _multiples(game: GameTable, key: str) -> tuple[int, ...]:
    text = game.rules.text(key)
    parts = text.split()
    if not parts or not all(part.isdigit() and 1 <= int(part) <= MAX_MULTIPLE for part in parts):
        raise InputError(f"table '{game.name}': rules.{key} must be Play sizes from 1 to {MAX_MULTIPLE} separated "
                         f"by spaces, got {text!r}")
    return tuple(sorted({int(part) for part in parts}))


def _read(game: GameTable) -> UltimateRules:
    where = f"table '{game.name}'"
    game.check_paytables([BLIND, PAIR_PLUS], [BLIND, PAIR_PLUS])
    if game.main_paytable != BLIND:
        raise InputError(f"{where}: main_paytable is '{BLIND}'")
    if game.classes:
        raise InputError(f"{where}: takes no [classes] (the paytables name the mini royal as '{MINI_ROYAL}')")
    qualifier = game.rules.text("dealer_qualifies")
    qualifier_strength(qualifier, ThreeCardRanking())         # refuses a hand that is not one
    return UltimateRules(
        dealer_upcards=game.rules.integer("dealer_upcards"), qualifier=qualifier,
        play_multiples_pair_or_better=_multiples(game, "play_multiples"),
        play_multiples_below_pair=_multiples(game, "play_multiples_below_pair"),
        play_needs_qualifier=game.rules.flag("play_needs_qualifier"), blind=game.pays_to_one(BLIND, CLASSES),
        pairplus=game.pays_to_one(PAIR_PLUS, CLASSES), pairplus_ratio=game.rules.number("pairplus_ratio"),
        pairplus_survives_fold=game.rules.flag("pairplus_survives_fold"),
        wager_more=game.rules.text("tie_break") == WAGER_MORE)


def ultimate_rules(game: GameTable) -> UltimateRules:
    """The typed rules of a table, read and checked once per table."""
    return game.built(_read)


def solved(game: GameTable, strategy: str = base.OPTIMAL) -> Solved:
    """Every situation of a table decided by a named strategy (the optimal one by default), made once
    per table and strategy."""
    return _solved_and_result(game, strategy)[0]


def result(game: GameTable, strategy: str = base.OPTIMAL) -> UltimateResult:
    """The exact analysis of a table under a named strategy (the optimal one by default), made once
    per table and strategy."""
    return _solved_and_result(game, strategy)[1]


def _solved_and_result(game: GameTable, strategy: str) -> tuple[Solved, UltimateResult]:
    return game.built_for(_solved_and_result, strategy, lambda: _solved_with_result(ultimate_rules(game), strategy))


def _solved_with_result(rules: UltimateRules, strategy: str) -> tuple[Solved, UltimateResult]:
    found = solve(rules, strategy=strategy_table(rules, strategy))
    return found, tally(found)


def _optimal_actions(game: GameTable) -> ultimate_simulate.OptimalActions:
    # the optimal action of every situation of the deck, as the simulator reads it (7.3 MB: once per table)
    return ultimate_simulate.optimal_actions(solved(game))


def play_multiple(action: str) -> int:
    """The Play multiple an action wagers (0 for the fold)."""
    return 0 if action == FOLD else int(action.removeprefix("play ").removesuffix("x"))


def outcome_analysis(game: GameTable, outcome_counts: Mapping[tuple[str, str, str, Fraction], int], deals: int,
                     action_probabilities: Mapping[str, Fraction], call_probability: Fraction | None = None
                     ) -> Analysis:
    """Ante, Blind and Play per Ante from deals counted by (action, ending, the player's hand
    class, net): the fold, then a row per action, ending and class (the plain and the informed
    analyses alike, so that their rows compare by name)."""
    actions = ultimate_rules(game).actions.points[0].actions
    endings = [FOLD, *ENDINGS]
    rows = sorted(outcome_counts.items(),
                  key=lambda item: (actions.index(item[0][0]), endings.index(item[0][1]), CLASSES.index(item[0][2])))
    folds = sum(count for (action, *_), count in rows if action == FOLD)
    outcomes = (*((Outcome(FOLD, folds, Fraction(-2), Fraction(2)),) if folds else ()),
                *(Outcome(outcome_name(action, ending, klass), count, net, Fraction(2 + play_multiple(action)))
                  for (action, ending, klass, net), count in rows if action != FOLD))
    return Analysis(game.name, BLIND, deals, outcomes, call_probability, unit=game.unit,
                    action_probabilities=dict(action_probabilities))


def main_analysis(game: GameTable, strategy: str = base.OPTIMAL) -> Analysis:
    """Ante, Blind and Play per Ante under a named strategy: a row per action, ending and the
    player's hand class."""
    found = result(game, strategy)
    return outcome_analysis(game, found.outcome_counts, found.deals, found.action_probabilities)


def pairplus_analysis(game: GameTable) -> Analysis:
    """Pair Plus per its stake, over every three cards of the deck (a fold's forfeit aside)."""
    rules = ultimate_rules(game)
    ranking = ThreeCardRanking()
    top = ranking.native.n_strengths - 1
    counts = dict.fromkeys(CLASSES, 0)
    for strength, hands in Counter(ranking.strength(hand) for hand in combinations(DECK, 3)).items():
        counts[hand_class(ranking, strength, top)] += hands
    pays = rules.pairplus
    outcomes = []
    for klass in CLASSES:
        if not counts[klass]:
            continue
        pay = pays.get(klass, pays.get("straight-flush") if klass == MINI_ROYAL else None)
        outcomes.append(Outcome(klass, counts[klass], Fraction(-1) if pay is None else Fraction(pay)))
    return Analysis(game.name, PAIR_PLUS, sum(counts.values()), tuple(outcomes), unit=PAIR_PLUS)


def tie_note(rules: UltimateRules) -> str:
    more = rules.wager_more
    return (f"On equal expectations the action that wagers {'more' if more else 'less'} is taken (rules.tie_break "
            f"= {WAGER_MORE if more else WAGER_LESS}): it changes the average wager, never the expected return.")


def game_line(rules: UltimateRules) -> str:
    shown = "one dealer card face up" if rules.dealer_upcards else "no dealer card shown"
    pair = ", ".join(f"{m}x" for m in rules.play_multiples_pair_or_better)
    low = ", ".join(f"{m}x" for m in rules.play_multiples_below_pair)
    return (f"Ante and Blind, {shown}; fold (losing both) or Play {low} below a pair, {pair} with a pair or "
            f"better. The dealer qualifies with {rules.qualifier} or better, for the Ante only"
            f"{'; the Play pushes when he does not' if rules.play_needs_qualifier else ''}. Pair Plus "
            f"{'survives' if rules.pairplus_survives_fold else 'is lost on'} a fold.")


def paytables_table(game: GameTable) -> Table:
    blind, pairplus = game.paytable(BLIND), game.paytable(PAIR_PLUS)
    rows = tuple((klass, pay_text(blind.listed(klass), blind.basis), pay_text(pairplus.listed(klass), pairplus.basis))
                 for klass in CLASSES)
    return Table("paytables (to one; Blind none: push, or a loss when the dealer is higher; Pair Plus none: "
                 "loses; an unlisted mini royal is paid as a straight flush)", ("hand", BLIND, PAIR_PLUS), rows)


def actions_table(found: UltimateResult) -> Table:
    return Table("actions: each one's share of all rounds (optimal play)", ("action", "probability", "decimal"),
                 tuple((action, p, decimal_text(p, 8)) for action, p in found.action_probabilities.items()))


def analysis_report(game: GameTable) -> Report:
    """``analyze``: the standard tables of the main wager, the paytables, the actions, Pair Plus."""
    rules = ultimate_rules(game)
    found = result(game)
    analysis = main_analysis(game)
    side = pairplus_analysis(game)
    tables = [paytables_table(game), actions_table(found),
              outcome_table(side, f"side bet {PAIR_PLUS} outcomes (per {PAIR_PLUS} stake)"),
              metrics_table(side, f"side bet {PAIR_PLUS} metrics")]
    data: dict[str, object] = {
        "paytables": {name: dict(game.paytable(name).pays) for name in (BLIND, PAIR_PLUS)},
        "dealer_upcards": rules.dealer_upcards, "tie_break": WAGER_MORE if rules.wager_more else WAGER_LESS,
        "side_bets": {PAIR_PLUS: analysis_data(side)}}
    notes = [game_line(rules), tie_note(rules),
             f"Figures are per {game.unit} (the Blind equals it, so a round starts with 2 {game.unit}s at risk); "
             f"per-total figures divide by the average total wager ({decimal_text(analysis.average_wager, 6)} "
             f"{game.unit}s)."]
    return standard_report(f"{game.title}: exact return under optimal strategy ({analysis.total:,} deals)",
                           analysis, tables, data, notes)


class UltimateEngine(base.ExposureFromModule, base.FamilyBase):
    """Ultimate Three Card Poker: exact analysis (optimal play and named strategies), decide, the
    strategy as a chart and in words, a seeded simulator, and exposure to dealer cards seen
    (three_card/ultimate_exposure.py)."""

    decide_inputs = DECIDE_INPUTS
    exposure_module = "oddscalc.engines.three_card.ultimate_exposure"
    # dealer cards seen whole or read by rank class (a set or a partition); boxes are refused by name
    exposure_prices = frozenset({"dealer_cards", "boxes", "sorted_ranks", "sorted_classes"})

    def __init__(self) -> None:
        super().__init__(NAME, RULE_SPECS, strategies=STRATEGIES)

    def validate(self, table: GameTable) -> None:
        ultimate_rules(table)

    def analyze(self, table: GameTable, strategy_name: str = base.OPTIMAL) -> Analysis:
        return main_analysis(table, self.parse_strategy(table, strategy_name).name)

    def wagers(self, table: GameTable, strategy_name: str = base.OPTIMAL) -> tuple[base.Wager, ...]:
        """Ante, Blind and Play per Ante; Pair Plus per its own stake."""
        return (base.Wager("main", f"Ante, Blind and Play, per {table.unit}", self.analyze(table, strategy_name),
                           paytables=(BLIND,)),
                base.Wager(PAIR_PLUS, f"side bet {PAIR_PLUS}, per {PAIR_PLUS} stake", pairplus_analysis(table), True,
                           (PAIR_PLUS,)))

    def analysis_report(self, table: GameTable, situation: Situation) -> Report:
        return analysis_report(table)

    def decide(self, table: GameTable, situation: Situation) -> tuple[base.Decision, ...]:
        up = situation.cards("up")
        return (decide(ultimate_rules(table), situation.cards("hand"), up[0] if up else None,
                       situation.cards("dead"), situation.cards("seen"), parse_reads(situation.text("reads"))),)

    def decision_report(self, table: GameTable, situation: Situation,
                        decisions: Sequence[base.Decision]) -> Report:
        wording = Wording(table.unit, "dealer completions", facts=(Fact("hand class", "hand_class"),),
                          notes=(tie_note(ultimate_rules(table)),))
        return shared_report(table, self.decide_inputs, situation, decisions, wording)

    def strategy_chart(self, table: GameTable, strategy_name: str = base.OPTIMAL) -> StrategyChart:
        """The decisions of a strategy (the optimal one by default) by hand and upcard rank."""
        return chart(ultimate_rules(table), solved(table, self.parse_strategy(table, strategy_name).name))

    def strategy_report(self, table: GameTable, compare: bool = False, price: str | None = None) -> Report:
        named = None if price is None else self.parse_strategy(table, price)
        return shared_strategy_report(table.title, table.unit, table.name, self.strategy_chart(table),
                                      lambda strategy: main_analysis(table, strategy), compare, named)

    def simulator(self, table: GameTable, strategy_name: str, seed: int) -> base.Simulator:
        """The native simulator of a named strategy (the optimal one: every situation's own action)."""
        rules = ultimate_rules(table)
        written = strategy_table(rules, self.parse_strategy(table, strategy_name).name)
        optimal = table.built(_optimal_actions) if written is None else None
        return ultimate_simulate.simulator(rules, seed, written, optimal)

    def three_card_ranking(self, table: GameTable) -> ThreeCardRanking:
        return ThreeCardRanking()             # the Three Card Poker ranking: no rule changes it

    def rank(self, table: GameTable, cards: tuple[int, ...]) -> HandRank:
        if len(cards) != 3:
            raise InputError(f"{table.name} ranks three-card hands, not {len(cards)} cards")
        return rank_hand(cards, self.three_card_ranking(table))


ENGINE = UltimateEngine()

if TYPE_CHECKING:
    # a type checker proves that ENGINE provides, signature by signature, what it declares
    _DECLARED: tuple[base.Family, base.ExactAnalysis, base.Decides, base.Strategies, base.Simulates,
                     base.Exposes, base.RanksThreeCards] = (ENGINE,) * 7
