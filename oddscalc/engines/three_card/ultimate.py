"""Ultimate Three Card Poker (face up): Ante and Blind, then fold or Play 1x (up to 3x with a pair or
better) against a dealer showing one card; priced exactly from the three-card kernel's counts.

Per situation (the player's hand and the dealer's upcard) the kernel (ext/three.pyx, ``class_counts``
with ``split_not_qualifying``) counts the dealer hands that qualify and beat / tie / lose to the
player, and splits those that do not qualify the same way.  Per Ante, with Play multiple m and the
Blind table's pay b of the player's hand (0 below a flush):

- dealer qualifies, player higher: Ante +1, Play +m, Blind +b;
- dealer does not qualify, player higher: Ante pushes, Play +m, Blind +b;
- dealer higher: Play -m, Blind -1, Ante -1 if the dealer qualifies, else it pushes;
- a tie pushes everything; a fold loses the Ante and the Blind (-2).

With ``play_needs_qualifier`` the Play pushes whenever the dealer does not qualify.  The value of a
Play is linear in m, so the best size is the smallest or the largest.

:func:`decide` prices one situation in Fractions, every size.  :func:`solve` decides every row of the
kernel the same way in integers (each pay times the pays' common denominator), and :func:`tally`
sums the decided rows per hand class and action and prices each sum once (docs/ultimate-three-card.md).

>>> result = analyze(UltimateRules(), range(36, 52))      # a deck of tens to aces
>>> sum(result.action_probabilities.values()), sum(result.net_counts.values()) == result.deals
(Fraction(1, 1), True)
"""
from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import lcm

from oddscalc._native import three
from oddscalc.core.cards import DECK
from oddscalc.core.errors import InputError
from oddscalc.core.evaluate import ThreeCardRanking
from oddscalc.core.hands import ThreeCardCategory
from oddscalc.engines.actions import Actions, Point
from oddscalc.engines.base import Decision
from oddscalc.engines.reads import Reads, dealer_hands, three_card_dealer
from oddscalc.engines.solver import FOLD_WAGER, best_of, one_stage
from oddscalc.engines.three_card.rules import qualifier_strength

FOLD = "fold"

# the Blind table (to one, only when the player's hand is higher; unlisted hands push)
BLIND_DEFAULT: Mapping[str, Fraction] = {
    "mini-royal": Fraction(100), "straight-flush": Fraction(8), "three-of-a-kind": Fraction(6),
    "straight": Fraction(3, 2), "flush": Fraction(1),
}
# Pair Plus (to one, on the player's three cards; unlisted hands lose)
PAIRPLUS_DEFAULT: Mapping[str, Fraction] = {
    "straight-flush": Fraction(40), "three-of-a-kind": Fraction(30), "straight": Fraction(6),
    "flush": Fraction(3), "pair": Fraction(1),
}


def play_action(multiple: int) -> str:
    """The action's name of a Play of ``multiple`` times the Ante.

    >>> play_action(3)
    'play 3x'
    """
    return f"play {multiple}x"


@dataclass(frozen=True)
class UltimateRules:
    """The game's parameters (docs/staged-games.md, section 3.6)."""
    dealer_upcards: int = 1
    qualifier: str = "Q 3 2"
    play_multiples_pair_or_better: tuple[int, ...] = (1, 2, 3)
    play_multiples_below_pair: tuple[int, ...] = (1,)
    play_needs_qualifier: bool = False
    blind: Mapping[str, Fraction] = field(default_factory=lambda: dict(BLIND_DEFAULT))
    pairplus: Mapping[str, Fraction] = field(default_factory=lambda: dict(PAIRPLUS_DEFAULT))
    pairplus_ratio: Fraction = Fraction(0)
    pairplus_survives_fold: bool = False
    wager_more: bool = True        # tie_break: on equal values, the larger wager

    @property
    def actions(self) -> Actions:
        """The game's one decision, for the strategy language: fold, or each Play size."""
        sizes = sorted({*self.play_multiples_pair_or_better, *self.play_multiples_below_pair})
        return Actions((Point("", (FOLD, *(play_action(m) for m in sizes))),))


@dataclass(frozen=True)
class UltimateResult:
    """Exact figures per Ante of optimal play; ``expected_return`` and ``net_counts`` are the main
    game's (Ante, Blind, Play), the Pair Plus stake only moves the decisions (a fold may lose it)."""
    deals: int
    expected_return: Fraction
    average_wager: Fraction
    action_probabilities: dict[str, Fraction]
    net_counts: dict[Fraction, int]           # net of Ante, Blind and Play per Ante -> deals
    pairplus_return: Fraction                 # per unit of Pair Plus, on its own
    value: Fraction                           # what the decisions maximise: expected_return and the
                                              # Pair Plus stake's net (pairplus_ratio per Ante)
    # (action, ending, the player's hand class, net per Ante) -> deals: how each action ends
    # (ENDINGS; a fold's ending is "fold")
    outcome_counts: dict[tuple[str, str, str, Fraction], int] = field(default_factory=dict)

    @property
    def house_edge(self) -> Fraction:
        return -self.expected_return

    @property
    def element_of_risk(self) -> Fraction:
        return self.house_edge / self.average_wager


def hand_class(ranking: ThreeCardRanking, strength: int, top: int) -> str:
    """A strength's class for the tables: its category, the strongest straight flush a mini royal."""
    category = ranking.category(strength)
    if category == ThreeCardCategory.STRAIGHT_FLUSH and strength == top:
        return "mini-royal"
    return category.label


def _pay(table: Mapping[str, Fraction], klass: str, unlisted: Fraction) -> Fraction:
    if klass in table:
        return Fraction(table[klass])
    if klass == "mini-royal" and "straight-flush" in table:
        return Fraction(table["straight-flush"])
    return unlisted


# the ways a Play ends, in the order of _outcomes
ENDINGS = ("dealer qualifies, player higher", "dealer qualifies, dealer higher", "dealer qualifies, tie",
           "dealer does not qualify, player higher", "dealer does not qualify, dealer higher",
           "dealer does not qualify, tie")


def outcome_name(action: str, ending: str, klass: str) -> str:
    """The stable name of an outcome row: a Play's action, how it ended and the player's hand class,
    as lowercase words joined by hyphens (the names counts files and ``check`` read).

    >>> outcome_name("play 3x", ENDINGS[4], "pair")
    'play-3x-dealer-does-not-qualify-dealer-higher-pair'
    """
    return "-".join(f"{action} {ending} {klass}".replace(",", "").split())


# one way a Play ends: (dealer hands, net per Ante as constant + slope * the Play multiple)
Ending = tuple[int, Fraction, int]


def _outcomes(rules: UltimateRules, blind: Fraction, pw: int, dw: int, tie: int,
              nq_pw: int, nq_dw: int, nq_tie: int) -> tuple[Ending, ...]:
    """How a Play ends, over the dealer hands of a situation (``blind``: the Blind's pay)."""
    play_nq = 0 if rules.play_needs_qualifier else 1
    return (
        (pw, 1 + blind, 1),                  # qualifies, player higher
        (dw, Fraction(-2), -1),              # qualifies, dealer higher
        (tie, Fraction(0), 0),
        (nq_pw, blind, play_nq),             # does not qualify, player higher
        (nq_dw, Fraction(-1), -play_nq),     # does not qualify, dealer higher
        (nq_tie, Fraction(0), 0),
    )


def _values(rules: UltimateRules, klass: str, pp: Fraction, per: int,
            outcomes: tuple[Ending, ...]) -> dict[str, tuple[Fraction, int]]:
    """Every allowed action's value times ``per`` (the dealer hands) and its Play multiple."""
    constant = sum((n * c for n, c, _ in outcomes), Fraction(0))
    slope = sum(n * k for n, _, k in outcomes)
    pp_played = rules.pairplus_ratio * pp
    pp_folded = pp_played if rules.pairplus_survives_fold else -rules.pairplus_ratio
    sizes = rules.play_multiples_below_pair if klass == "high-card" else rules.play_multiples_pair_or_better
    values = {FOLD: ((-2 + pp_folded) * per, 0)}
    values.update({play_action(m): (constant + m * slope + pp_played * per, m) for m in sorted(sizes)})
    return values


def seen_counts(ranking: ThreeCardRanking, dealer: Sequence[int], deck: Sequence[int], strength: int,
                qualify: int, reads: Reads = ()) -> tuple[Callable[[int], int], tuple[int, int, int, int, int]]:
    """Every completion of the dealer's known cards from ``deck``, ranked directly (at most 1,128):
    how many fall below a strength, and (not qualifying, beating the player, tying, losing to a
    qualifying dealer, all), as ``three.hand_counts`` gives them for an upcard alone."""
    dealt = sorted(ranking.strength(hand) for hand in dealer_hands(dealer, reads, deck, 3))

    def below(t: int) -> int:
        return bisect_left(dealt, t)
    total, nq = len(dealt), below(qualify)
    dw = total - below(max(qualify, strength + 1))
    tie = below(strength + 1) - below(strength) if strength >= qualify else 0
    return below, (nq, dw, tie, total - nq - dw - tie, total)


def decide(rules: UltimateRules, hand: Sequence[int], upcard: int | None = None,
           dead: Sequence[int] = (), seen: Sequence[int] = (), reads: Reads = ()) -> Decision:
    """Fold or Play ``hand`` against the dealer's ``upcard`` (none with ``dealer_upcards`` 0; ``seen``:
    other dealer cards seen, in his hand): each allowed action's exact value per Ante over the dealer
    hands the known cards leave.

    >>> from oddscalc.core.cards import parse_cards
    >>> d = decide(UltimateRules(), parse_cards("Qh 6d 4s"), parse_cards("2c")[0])
    >>> d.choice, sorted(d.values), d.total
    ('play 1x', ['fold', 'play 1x'], 1128)
    """
    if bool(rules.dealer_upcards) != (upcard is not None):
        raise InputError("give the dealer's upcard" if rules.dealer_upcards else "the dealer shows no card")
    dealer, deck = three_card_dealer(hand, upcard, seen, dead, reads, "a decision")
    ranking = ThreeCardRanking()
    qualify = qualifier_strength(rules.qualifier, ranking)
    strength = ranking.strength(hand)
    up = -1 if upcard is None else upcard
    if seen or reads:
        below, (nq, dw, tie, pw, total) = seen_counts(ranking, dealer, deck, strength, qualify, reads)
    else:
        def below(t: int) -> int:
            return int(three.hand_counts(ranking.native, deck, tuple(hand), t, up)[0])

        nq, dw, tie, pw, total = three.hand_counts(ranking.native, deck, tuple(hand), qualify, up)
    nq_tie = nq_dw = 0
    if strength < qualify:
        below_s, below_s1 = below(strength), below(strength + 1)
        nq_tie, nq_dw = below_s1 - below_s, nq - below_s1
    klass = hand_class(ranking, strength, ranking.native.n_strengths - 1)
    outcomes = _outcomes(rules, _pay(rules.blind, klass, Fraction(0)), pw, dw, tie, nq - nq_dw - nq_tie,
                         nq_dw, nq_tie)
    values = _values(rules, klass, _pay(rules.pairplus, klass, Fraction(-1)), total, outcomes)
    choice = best_of({a: v for a, (v, _) in values.items()}, {a: m for a, (_, m) in values.items()}, rules.wager_more)
    return Decision(choice, {a: v / total for a, (v, _) in values.items()}, total,
                    facts={"hand_class": klass})


# --- every situation of a deck: the kernel's rows, decided in integers --------------------------------

# the kernel's columns a row is read from, in the order _decide_rows takes them
ROW_COLUMNS = ("weight", "strength", "not_qualify", "dealer_wins", "tie", "player_wins", "nq_dealer_wins", "nq_tie")


@dataclass(frozen=True)
class Solved:
    """Every situation of a deck decided: the kernel's rows (``three.class_counts`` with the dealer
    hands that do not qualify split, classes of equal upcard rank, strength and counts), the
    ``per`` dealer hands of each situation, and the action every row takes (``choices``: its index
    among ``rules.actions``), the optimal one or a fixed strategy's."""
    rules: UltimateRules
    columns: Mapping[str, Sequence[int]]
    per: int
    choices: bytes

    @property
    def actions(self) -> tuple[str, ...]:
        return self.rules.actions.points[0].actions


def strategy_index(rules: UltimateRules, up_rank: int, strength: int, n_strengths: int) -> int:
    """The position of (upcard rank, strength) in a strategy table (``bytes``: an action index per
    strength, one row per upcard rank, a single row when the dealer shows no card)."""
    return (up_rank if rules.dealer_upcards else 0) * n_strengths + strength


def _scale(rules: UltimateRules) -> int:
    """The common denominator of every pay the decisions weigh (Blind, Pair Plus times its stake)."""
    ratio = Fraction(rules.pairplus_ratio)
    pays = [ratio, *(Fraction(v) for v in rules.blind.values()),
            *(ratio * Fraction(v) for v in rules.pairplus.values())]
    return lcm(*(p.denominator for p in pays))


def _scaled(value: Fraction, scale: int) -> int:
    scaled = value * scale
    assert scaled.denominator == 1, "the scale is a common denominator"
    return scaled.numerator


def solve(rules: UltimateRules, deck: Iterable[int] = DECK, strategy: bytes | None = None) -> Solved:
    """Every situation of ``deck`` decided: optimally, or by a ``strategy`` table (see
    :func:`strategy_index`) whose actions must be allowed to the hands they are given to.

    The optimal choice compares each action's value over the situation's dealer hands in integers
    (every pay times the common denominator of the pays): the same comparison as :func:`decide`,
    exact, without a Fraction per row.
    """
    ranking = ThreeCardRanking()
    qualify = qualifier_strength(rules.qualifier, ranking)
    columns, per = three.class_counts(ranking.native, tuple(sorted(deck)), qualify, bool(rules.dealer_upcards),
                                      True)
    n_strengths = ranking.native.n_strengths
    actions = rules.actions.points[0].actions
    top = n_strengths - 1
    more = rules.wager_more
    pnq = 0 if rules.play_needs_qualifier else 1
    scale = _scale(rules)
    ratio = Fraction(rules.pairplus_ratio)
    # per strength: the Blind pay and the Pair Plus stake's net played and folded, in integers over
    # ``scale``, and the Play sizes allowed
    coefficients: dict[int, tuple[int, int, int, tuple[int, ...]]] = {}
    for s in set(columns["strength"]):
        klass = hand_class(ranking, s, top)
        pp_net = ratio * _pay(rules.pairplus, klass, Fraction(-1))
        sizes = rules.play_multiples_below_pair if klass == "high-card" else rules.play_multiples_pair_or_better
        folded = pp_net if rules.pairplus_survives_fold else -ratio
        coefficients[s] = (_scaled(_pay(rules.blind, klass, Fraction(0)), scale), _scaled(pp_net, scale),
                           _scaled(folded, scale), tuple(sizes))
    if strategy is not None:
        allowed = {s: {0, *(actions.index(play_action(m)) for m in coefficients[s][3])} for s in coefficients}
        return Solved(rules, columns, per, _fixed_choices(rules, columns, strategy, n_strengths, allowed))
    # every action's value, linear in the columns (the player wins, the dealer wins, the dealer does
    # not qualify, and of those the dealer higher, a tie) and a constant per dealer hand: the one-stage
    # solver takes the best allowed action of each row
    multiple = {play_action(m): m for m in (*rules.play_multiples_below_pair, *rules.play_multiples_pair_or_better)}
    wagers = [multiple.get(action, FOLD_WAGER) for action in actions]
    rows: list[list[list[int] | None]] = [[[0] * 6] + [None] * (len(actions) - 1) for _ in range(n_strengths)]
    for s, (blind, pp_played, pp_folded, sizes) in coefficients.items():
        rows[s][0] = [0, 0, 0, 0, 0, pp_folded - 2 * scale]
        for m in sizes:
            rows[s][actions.index(play_action(m))] = [
                scale + blind + m * scale, -2 * scale - m * scale, blind + m * scale * pnq,
                -blind - scale - 2 * m * scale * pnq, -blind - m * scale * pnq, pp_played]
    found = one_stage(columns["strength"], range(n_strengths), [columns[name] for name in (
        "player_wins", "dealer_wins", "not_qualify", "nq_dealer_wins", "nq_tie")], per, rows, wagers, more,
        tally=False)                                   # tally() sums the decided rows with their outcomes
    return Solved(rules, columns, per, found.choices)


def _fixed_choices(rules: UltimateRules, columns: Mapping[str, Sequence[int]], strategy: bytes, n_strengths: int,
                   allowed: Mapping[int, set[int]]) -> bytes:
    """Each row's action under a strategy table, refusing one the row's hand may not take."""
    if len(strategy) != (13 if rules.dealer_upcards else 1) * n_strengths:
        raise ValueError("a strategy table holds an action index per strength (and upcard rank)")
    choices = bytes(strategy[strategy_index(rules, up, s, n_strengths)]
                    for up, s in zip(columns["up_rank"], columns["strength"], strict=True))
    for choice, s in zip(choices, columns["strength"], strict=True):
        if choice not in allowed[s]:
            raise ValueError(f"strategy table: action {choice} is not allowed to strength {s}")
    return choices


def analyze(rules: UltimateRules, deck: Iterable[int] = DECK, strategy: bytes | None = None) -> UltimateResult:
    """Every situation of ``deck`` decided optimally (or by a ``strategy`` table); exact figures per
    Ante."""
    return tally(solve(rules, deck, strategy))


def tally(solved: Solved) -> UltimateResult:
    """The exact figures of a solved deck: the rows summed per hand class and action in integers,
    then each sum priced once."""
    rules, columns, per = solved.rules, solved.columns, solved.per
    ranking = ThreeCardRanking()
    top = ranking.native.n_strengths - 1
    actions = solved.actions
    classes = sorted({hand_class(ranking, s, top) for s in set(columns["strength"])})
    class_of = {s: classes.index(hand_class(ranking, s, top)) for s in set(columns["strength"])}
    width = len(actions)
    # per (hand class, action): situations, then the dealer hands of each ending (ENDINGS' order)
    sums = [[0] * 7 for _ in range(len(classes) * width)]
    for choice, weight, strength, nq, dw, tie, pw, nq_dw, nq_tie in zip(
            solved.choices, *(columns[name] for name in ROW_COLUMNS), strict=True):
        cell = sums[class_of[strength] * width + choice]
        cell[0] += weight
        cell[1] += weight * pw
        cell[2] += weight * dw
        cell[3] += weight * tie
        cell[4] += weight * (nq - nq_dw - nq_tie)
        cell[5] += weight * nq_dw
        cell[6] += weight * nq_tie
    probabilities = dict.fromkeys(actions, 0)
    class_weights = dict.fromkeys(classes, 0)
    net_counts: dict[Fraction, int] = {}
    outcome_counts: dict[tuple[str, str, str, Fraction], int] = {}
    total_ev = total_value = Fraction(0)
    total_wager = 0
    ratio = Fraction(rules.pairplus_ratio)
    for k, klass in enumerate(classes):
        blind = _pay(rules.blind, klass, Fraction(0))
        pp = _pay(rules.pairplus, klass, Fraction(-1))
        for a, action in enumerate(actions):
            weight, *ending_counts = sums[k * width + a]
            if not weight:
                continue
            multiple = 0 if action == FOLD else int(action.removeprefix("play ").removesuffix("x"))
            probabilities[action] += weight
            class_weights[klass] += weight
            total_wager += weight * per * (2 + multiple)
            if multiple == 0:
                deals = weight * per
                net_counts[Fraction(-2)] = net_counts.get(Fraction(-2), 0) + deals
                outcome_counts[(action, FOLD, klass, Fraction(-2))] = deals
                total_ev -= 2 * deals
                total_value += deals * (-2 + (ratio * pp if rules.pairplus_survives_fold else -ratio))
                continue
            total_value += weight * per * ratio * pp
            for ending, (n, c, slope) in zip(ENDINGS, _outcomes(rules, blind, *ending_counts), strict=True):
                if n:
                    net = c + slope * multiple
                    net_counts[net] = net_counts.get(net, 0) + n
                    outcome_counts[(action, ending, klass, net)] = n
                    total_ev += n * net
                    total_value += n * net
    situations = sum(probabilities.values())
    deals = situations * per
    pp_total = sum((w * _pay(rules.pairplus, klass, Fraction(-1)) for klass, w in class_weights.items()), Fraction(0))
    return UltimateResult(
        deals=deals,
        expected_return=total_ev / deals,
        average_wager=Fraction(total_wager, deals),
        action_probabilities={a: Fraction(p, situations) for a, p in probabilities.items()},
        net_counts=dict(sorted(net_counts.items())),
        pairplus_return=pp_total / situations,
        value=total_value / deals,
        outcome_counts=outcome_counts,
    )
