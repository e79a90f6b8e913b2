"""Caribbean Stud and Live Caribbean Stud: analysis, decisions and strategy (engine ``stud5``).

>>> from oddscalc.tables import load_game
>>> result = analyze(load_game("caribbean-stud"))
>>> result.analysis.total
19933230517200
>>> result.analysis.expected_return * result.analysis.total
Fraction(-1041372912372, 1)
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from oddscalc._native import stud as kernel
from oddscalc.cards import RANKS, format_cards, parse_cards
from oddscalc import design_commands
from oddscalc.economics import Analysis, Outcome
from oddscalc.errors import InputError
from oddscalc.evaluate import five_card_strength
from oddscalc.games.stud_counts import (COMPLETIONS, PAYABLE, PAYOUT_CLASSES, SITUATIONS, Settlement,
                                        StudRules, class_counts, optimal_calls, parse_qualifier,
                                        qualifier_strength, settle)
from oddscalc.report import Report, Table, analysis_report, decimal_text, percent_text
from oddscalc.tables import GameTable, Paytable, check_categories

# Simple strategies for --compare: "call with this hand or better" (None: always call).
SIMPLE_STRATEGIES = (
    ("call with any pair or better", "2 2 5 4 3"),
    ("call with ace-king or better", "A K 4 3 2"),
    ("call with A-K-J-8-3 or better", "A K J 8 3"),
    ("always call", None),
)


def validate(game: GameTable) -> None:
    """Refuse a stud table with bad rules or unknown paytable categories."""
    StudRules.of(game)
    check_categories(game, game.main_paytable, PAYABLE)


@dataclass(frozen=True)
class StudResult:
    """An analysis with the strategy behind it."""
    analysis: Analysis
    settlement: Settlement
    calls: bytearray = field(repr=False, compare=False)


def paytable_text(paytable: Paytable) -> str:
    """Pays strongest first, as printed on a layout.

    >>> from oddscalc.tables import load_game
    >>> paytable_text(load_game("caribbean-stud").paytable())
    'call: 100/50/20/7/5/4/3/2/1/1'
    """
    pays = "/".join(str(paytable.pay(name)) for name in reversed(PAYABLE) if name in paytable.pays)
    return f"{paytable.name}: {pays}"


def outcome_rows(settlement: Settlement, paytable: Paytable, call_multiple: int) -> tuple[Outcome, ...]:
    """The outcome table of a settled strategy: nets and wagers per Ante."""
    wager = Fraction(1 + call_multiple)
    rows = [
        Outcome("fold", sum(settlement.folded) * COMPLETIONS, Fraction(-1), Fraction(1)),
        Outcome("dealer-not-qualify", sum(settlement.not_qualify), Fraction(1), wager),
        Outcome("lose", sum(settlement.losses), -wager, wager),
        Outcome("push", sum(settlement.ties), Fraction(0), wager),
    ]
    for index, name in enumerate(PAYOUT_CLASSES):
        if name in PAYABLE:
            rows.append(Outcome(f"win-{name}", settlement.wins[index],
                                1 + call_multiple * paytable.pay(name), wager))
    return tuple(rows)


def analyze(game: GameTable, calls: bytearray | None = None) -> StudResult:
    """Exact analysis of a game table under the optimal strategy (or the given decisions)."""
    rules = StudRules.of(game)
    classes = class_counts(rules.qualify_strength)
    paytable = game.paytable()
    if calls is None:
        calls = optimal_calls(classes, paytable, rules.call_multiple)
    settlement = settle(classes, calls)
    analysis = Analysis(
        game=game.name, table=paytable_text(paytable), total=SITUATIONS * COMPLETIONS,
        outcomes=outcome_rows(settlement, paytable, rules.call_multiple),
        call_probability=Fraction(sum(settlement.called), SITUATIONS), unit=game.unit,
    )
    return StudResult(analysis, settlement, calls)


def analyze_game(game: GameTable) -> Analysis:
    """The optimal-strategy analysis of a game table (the engine's common entry point)."""
    return analyze(game).analysis


# --- analyze ------------------------------------------------------------------------

def _analyze_arguments(parser) -> None:
    pass


def _analyze_run(game: GameTable, args) -> Report:
    result = analyze(game)
    paytable = game.paytable()
    wins = {row.outcome: row.count for row in result.analysis.outcomes}
    rows = tuple((name, paytable.pay(name), wins[f"win-{name}"]) for name in PAYABLE)
    pays = Table(f"Call paytable ({paytable.basis} one) and winning deals", ("category", "pays", "wins"),
                 tuple(reversed(rows)))
    notes = (f"{game.title}: dealer qualifies with {StudRules.of(game).qualifier_text} or better; "
             f"the optimal player calls in {percent_text(result.analysis.call_probability, 4)} of situations.",
             "Per-ante figures divide by the Ante; per-total figures divide by Ante + Call actually wagered "
             "(operators quote either as RTP).")
    data = {"paytable": {name: paytable.pay(name) for name in PAYABLE if name in paytable.pays},
            "qualifier": StudRules.of(game).qualifier_text}
    return analysis_report(f"{game.title}: exact return under optimal strategy", result.analysis,
                           (pays,), data, notes)


# --- decide -------------------------------------------------------------------------

def _decide_arguments(parser) -> None:
    parser.add_argument("--hand", required=True, help="your five cards, e.g. 'As Kd 9c 5h 2s'")
    parser.add_argument("--up", required=True, help="the dealer's upcard, e.g. Qd")
    parser.add_argument("--dead", default="", help="other cards you can see (other boxes), out of the deck")


@dataclass(frozen=True)
class Decision:
    """The exact call/fold decision of one situation."""
    completions: int
    not_qualify: int
    wins: int
    ties: int
    losses: int
    win_outcome: str
    win_net: Fraction
    call_multiple: int

    @property
    def ev_call(self) -> Fraction:
        wager = 1 + self.call_multiple
        return Fraction(self.not_qualify + self.wins * self.win_net - wager * self.losses, self.completions)

    @property
    def ev_fold(self) -> Fraction:
        return Fraction(-1)

    @property
    def call(self) -> bool:
        return self.ev_call > self.ev_fold


def decide(game: GameTable, hand, upcard: int, dead=()) -> Decision:
    """Exact EVs over every dealer completion consistent with the known cards.

    >>> from oddscalc.tables import load_game
    >>> d = decide(load_game("caribbean-stud"), parse_cards("As Kd 9c 5h 2s"), parse_cards("Qd")[0])
    >>> d.call, d.completions
    (False, 163185)
    """
    rules = StudRules.of(game)
    if 52 - 6 - len(dead) < 4:
        raise InputError("too many dead cards: the dealer needs four more cards")
    nq, wins, ties, losses = kernel.count_completions(tuple(hand), upcard, tuple(dead), rules.qualify_strength)
    category = PAYOUT_CLASSES[kernel.payout_class_of(five_card_strength(hand))]
    pay = game.paytable().pay(category) if category in PAYABLE else Fraction(0)
    return Decision(nq + wins + ties + losses, nq, wins, ties, losses, f"win-{category}",
                    1 + rules.call_multiple * pay, rules.call_multiple)


def _decide_run(game: GameTable, args) -> Report:
    hand = parse_cards(args.hand, count=5)
    upcard = parse_cards(args.up, count=1, exclude=hand)[0]
    dead = parse_cards(args.dead, exclude=hand + (upcard,))
    d = decide(game, hand, upcard, dead)
    wager = Fraction(1 + d.call_multiple)
    outcomes = [("dealer-not-qualify", d.not_qualify, Fraction(1)), ("lose", d.losses, -wager),
                ("push", d.ties, Fraction(0)), (d.win_outcome, d.wins, d.win_net)]
    qualifies = 1 - Fraction(d.not_qualify, d.completions)
    table = Table("if you call: outcomes over the dealer's completions",
                  ("outcome", "completions", "probability", "exact", f"net per {game.unit}"),
                  tuple((name, n, decimal_text(Fraction(n, d.completions), 8), Fraction(n, d.completions), net)
                        for name, n, net in outcomes))
    decision = "call" if d.call else "fold"
    summary = Table("decision", ("", "exact", "decimal"), (
        ("EV of calling", d.ev_call, decimal_text(d.ev_call, 6)),
        ("EV of folding", d.ev_fold, decimal_text(d.ev_fold, 6)),
        (f"margin ({decision} is better by)", abs(d.ev_call - d.ev_fold), decimal_text(abs(d.ev_call - d.ev_fold), 6)),
        ("probability the dealer qualifies", qualifies, decimal_text(qualifies, 6)),
        ("decision", decision, ""),
    ))
    data = {"game": game.name, "hand": format_cards(hand), "upcard": format_cards([upcard]),
            "dead": format_cards(dead), "completions": d.completions, "ev_call": d.ev_call,
            "ev_fold": d.ev_fold, "decision": decision, "margin": d.ev_call - d.ev_fold,
            "dealer_qualifies_probability": qualifies,
            "outcomes": [{"outcome": name, "count": n, "probability": Fraction(n, d.completions), "net": net}
                         for name, n, net in outcomes]}
    title = f"{game.title}: {format_cards(hand)} against upcard {format_cards([upcard])}"
    if dead:
        title += f", dead {format_cards(dead)}"
    return Report(title, (summary, table), data)


# --- strategy -----------------------------------------------------------------------

def _strategy_arguments(parser) -> None:
    parser.add_argument("--compare", action="store_true",
                        help="also evaluate simple strategies exactly, beside the optimal one")


def ranks_text(cards) -> str:
    """Ranks of a hand from the top, e.g. 'A-K-Q-6-2'."""
    return "-".join(RANKS[c >> 2] for c in sorted(cards, key=lambda c: c >> 2, reverse=True))


def ace_king_rules(classes, calls) -> list[tuple]:
    """Per upcard rank (and whether it pairs one of the player's cards): the best 'call with X or
    better' threshold for ace-king hands, and how many situations it gets wrong."""
    groups = defaultdict(lambda: defaultdict(lambda: [0, 0, None]))
    for cards, up, situations, strength, *_counts, called in classes.rows(1, calls):
        pairs = (up >> 2) in {c >> 2 for c in cards}
        entry = groups[(up >> 2, pairs)][strength]
        entry[0 if called else 1] += situations
        entry[2] = cards
    rules = []
    for (rank, pairs), by_strength in sorted(groups.items(), key=lambda g: (-g[0][0], g[0][1])):
        strengths = sorted(by_strength)
        called_total = sum(by_strength[s][0] for s in strengths)
        folded_total = sum(by_strength[s][1] for s in strengths)
        # call from strengths[i] up: the errors are calls below it and folds from it on
        best_errors, best_index = called_total, len(strengths)     # never call
        calls_below, folds_from = 0, folded_total
        for i, strength in enumerate(strengths):
            if calls_below + folds_from < best_errors:
                best_errors, best_index = calls_below + folds_from, i
            calls_below += by_strength[strength][0]
            folds_from -= by_strength[strength][1]
        threshold = ("never" if best_index == len(strengths)
                     else ranks_text(by_strength[strengths[best_index]][2]) + " or better")
        rules.append((RANKS[rank], "yes" if pairs else "no", threshold, called_total, folded_total, best_errors))
    return rules


def _strategy_run(game: GameTable, args) -> Report:
    result = analyze(game)
    rules = StudRules.of(game)
    classes = class_counts(rules.qualify_strength)
    s = result.settlement
    rows = []
    for index, name in reversed(list(enumerate(PAYOUT_CLASSES))):
        called, folded = s.called[index], s.folded[index]
        rule = "always call" if not folded else "always fold" if not called else "depends on the upcard"
        rows.append((name, called + folded, called, folded, rule))
    by_class = Table("optimal decision by hand class ((hand, upcard) situations)",
                     ("hand", "situations", "call", "fold", "rule"), tuple(rows))
    ak = ace_king_rules(classes, result.calls)
    ak_table = Table("ace-king hands: call by upcard (best threshold; 'exceptions' = situations where "
                     "the threshold differs from the exact optimum, from card removal)",
                     ("upcard", "upcard pairs one of your cards", "call with", "call situations",
                      "fold situations", "exceptions"), tuple(ak))
    tables = [by_class, ak_table]
    data = {"game": game.name, "table": result.analysis.table,
            "classes": [{"hand": r[0], "situations": r[1], "call": r[2], "fold": r[3], "rule": r[4]} for r in rows],
            "ace_king": [{"upcard": r[0], "pairs": r[1] == "yes", "call_with": r[2], "call": r[3], "fold": r[4],
                          "exceptions": r[5]} for r in ak],
            "call_probability": result.analysis.call_probability,
            "house_edge": result.analysis.house_edge}
    if args.compare:
        compare_rows = [("optimal", result.analysis)]
        for label, hand in SIMPLE_STRATEGIES:
            threshold = 0 if hand is None else qualifier_strength(parse_qualifier(hand, game.name))
            compare_rows.append((label, analyze(game, classes.decide_threshold(threshold)).analysis))
        tables.append(Table("strategies compared (exact over all deals)",
                            ("strategy", "house edge per ante", "element of risk", "call probability"),
                            tuple((label, percent_text(a.house_edge, 4), percent_text(a.element_of_risk, 4),
                                   percent_text(a.call_probability, 4)) for label, a in compare_rows)))
        data["compare"] = [{"strategy": label, "house_edge": a.house_edge, "element_of_risk": a.element_of_risk,
                            "call_probability": a.call_probability} for label, a in compare_rows]
    return Report(f"{game.title}: optimal strategy ({result.analysis.table})", tuple(tables), data)


COMMANDS = {
    "analyze": (_analyze_arguments, _analyze_run),
    "decide": (_decide_arguments, _decide_run),
    "strategy": (_strategy_arguments, _strategy_run),
}
COMMANDS.update(design_commands.COMMANDS)     # design, sweep, distribution, simulate, check
