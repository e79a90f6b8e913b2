"""Ultimate Texas Hold'em (engine ``holdem-ultimate``) and Texas Hold'em Bonus (``holdem-bonus``) as
built-in games: the families' outcome tables and side bets on reduced decks, every row against the
brute-force reference tests/ho.py playing the same rules (the shipped tables, the overlays of
tables/examples and rule changes); ``decide`` through the API at every stage against the oracle's
``decide``; bad input refused in one line before any count; the strategy charts on the full deck.

The facade itself (oddscalc/engines/holdem_stages.py) is checked in test_holdem_stages.py; here the
family is: the game file read into its rules, the row names, nets and wagers of the outcome tables, the
action shares by the family's names, Trips and the Bonus, the option names and values of ``decide``.

The oracle's analysis plays every deal with the policy it found; walking its deals with that policy
(``oracle_rows``) names each deal's row as the family does (the way the round was played, the ending,
the final hand), so every row's count, net and wager is compared, not only their sums.  A deal of the
walk is a deal of the oracle's groups (the player's two cards, the flop, the turn and river, or the
turn and the river apart for Texas Hold'em Bonus, the dealer's two), exactly the facade's deal.

Full-deck work (20-40 s and about 2.3 GB a game, once per process) is in the slow suite only; the
default part takes the fast deck of each game (about a second of the oracle each) and ``decide`` at the
flop, turn and river, which count only the situation's own completions.
"""
from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb
from typing import Any

import pytest

import oddscalc
from oddscalc.core.cards import parse_cards
from oddscalc.core.gametable import tables_dir
from oddscalc.core.hands import FiveCardCategory as Cat
from oddscalc.engines import holdem_stages as hs
from oddscalc.engines.base import load
from oddscalc.engines.chart_tables import chart_table
from oddscalc.engines.holdem import bonus, starting_hands, ultimate
from oddscalc.engines.holdem.bonus import BonusGame
from oddscalc.engines.holdem.ultimate import UltimateGame
from tests import holdem_oracle as ho

UTH, THB = "ultimate-texas-holdem", "texas-holdem-bonus"
EXAMPLES = tables_dir() / "examples"
# the oracle's ordered deals per deal of its groups (the facade's deal): the player's 2!, the flop's
# 3!, the turn and river's 2! (Ultimate Texas Hold'em only: the Bonus game turns them apart), the dealer's 2!
ORDERINGS = {UTH: 2 * 6 * 2 * 2, THB: 2 * 6 * 2}
FAST = "As Ks Qs Js Ts Ah Ad Kh 9c"              # the developer loop's deck (the oracle: about 1 s a game)
EVERY_CARD = [f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs"]
RESULT_COLUMN = {"win": 0, "tie": 1, "lose": 2}


def dead_of(deck: str) -> tuple[int, ...]:
    live = set(parse_cards(deck))
    return tuple(c for c in range(52) if c not in live)


def dead_text(deck: str) -> str:
    """Every card not in the small deck, as ``--dead`` takes it."""
    return " ".join(c for c in EVERY_CARD if c not in deck.split())


def table(game: str, example: str | None = None, pays: tuple[str, ...] = (), **rules: Any) -> Any:
    return load(game, EXAMPLES / f"{example}.toml" if example else None, pays=pays,
                rules=[f"{k}={v}" for k, v in rules.items()])


def _frozen(params: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    """Parameters as a key (a paytable given as a dict becomes its sorted rows)."""
    return tuple(sorted((k, ("table", tuple(sorted(v.items()))) if isinstance(v, dict) else v)
                        for k, v in params.items()))


def _thawed(params: tuple[tuple[str, Any], ...]) -> dict[str, Any]:
    return {k: dict(v[1]) if isinstance(v, tuple) and v[:1] == ("table",) else v for k, v in params}


@cache
def _oracle(game: str, deck: str, params: tuple[tuple[str, Any], ...]) -> Any:
    return ho.analyze(game, deck, _thawed(params))


def oracle(game: str, deck: str, params: dict[str, Any]) -> Any:
    """The oracle's analysis, once per process for each (game, deck, parameters)."""
    return _oracle(game, deck, _frozen(params))


# ---- the oracle's deals named as the family names its rows ------------------------------------------

def _category(hand_class: str) -> str:
    """The oracle's hand class ("pair-A") as the family's category label ("pair")."""
    return "pair" if hand_class.startswith("pair-") else hand_class


def _ending(result: str, qualifies: bool) -> str:
    return hs.ENDINGS[(3 if qualifies else 0) + RESULT_COLUMN[result]]


def _uth_row(history: tuple[str, ...], result: str, qualifies: bool, category: str) -> str:
    preflop, flop, river = history
    if river == "fold":
        return f"fold-{category}"
    path = (f"preflop-{preflop[4:]}x" if preflop.startswith("play") else
            f"flop-{flop[4:]}x" if flop.startswith("play") else f"river-{river[4:]}x")
    return f"{path}-{_ending(result, qualifies)}-{category}"


def _thb_row(history: tuple[str, ...], result: str, qualifies: bool, category: str) -> str:
    if history == ("fold",):
        return "fold"
    _, turn, river = history
    wagers = "-".join(["flop", *(["turn"] if turn != "check" else []), *(["river"] if river != "check" else [])])
    return f"{wagers}-{_ending(result, qualifies)}-{category}"


@cache
def _oracle_rows(game: str, deck: str, params: tuple[tuple[str, Any], ...]) -> tuple[dict, dict, dict]:
    theirs = _oracle(game, deck, params)
    rules = ho.GAMES[game](ho.parameters(game, _thawed(params)))
    cards = sorted(parse_cards(deck))
    ends: Counter[tuple[Any, tuple[str, ...]]] = Counter()      # (summary, history) -> deals

    def walk(dealt: tuple[tuple[int, ...], ...], history: tuple[str, ...]) -> None:
        stage = len(history)
        if not rules.folded(history) and stage < len(rules.stages) and len(dealt) == rules.stages[stage].dealt:
            walk(dealt, (*history, theirs.policy[(dealt, history)]))       # the oracle's own decision
            return
        if len(dealt) == len(rules.groups):
            ends[(rules.summary(dealt), history)] += 1
            return
        used = {card for group in dealt for card in group}
        for group in combinations([c for c in cards if c not in used], rules.groups[len(dealt)].size):
            walk((*dealt, group), history)

    walk((), ())
    rows: dict[str, list[Any]] = {}
    sides: dict[str, list[Any]] = {}
    outcomes: Counter[tuple[str, str, bool]] = Counter()
    nets: Counter[Fraction] = Counter()
    row_of = _uth_row if game == UTH else _thb_row
    for (summary, history), n in ends.items():
        hand, result, qualifies = rules.outcome(summary, history)
        outcomes[(hand, result, qualifies)] += n
        net = rules.main_net(summary, history)
        nets[net] += n
        name = row_of(history, result, qualifies, _category(hand))
        row = rows.setdefault(name, [0, net, Fraction(rules.wagered(history))])
        assert row[1:] == [net, rules.wagered(history)], name        # one net and wager per row
        row[0] += n
        side = rules.side_net(summary, history)
        if game == UTH:
            side_name = f"trips-{_category(hand)}" if side > -1 else "trips-lose"
        else:
            side_name = f"bonus-{summary[2].lower()}" if side > -1 else "bonus-lose"
        entry = sides.setdefault(side_name, [0, side])
        assert entry[1] == side, side_name
        entry[0] += n
    # the walk is the oracle's play: its outcomes and nets are the oracle's own counts
    order = ORDERINGS[game]
    assert {k: n * order for k, n in outcomes.items()} == theirs.outcomes
    assert {k: n * order for k, n in nets.items()} == theirs.net_counts
    return ({k: tuple(v) for k, v in rows.items()}, {k: tuple(v) for k, v in sides.items()}, dict(outcomes))


def oracle_rows(game: str, deck: str, params: dict[str, Any]) -> tuple[dict, dict, dict]:
    """The oracle's deals, per facade deal, by the family's row names: {row: (count, net, wager)}, the
    side bet's {row: (count, net)} over every deal, and the oracle's outcome keys."""
    return _oracle_rows(game, deck, _frozen(params))


def rows_of(analysis: Any, with_wager: bool = True) -> dict[str, tuple[Any, ...]]:
    """The family's rows that happen: {row: (count, net, wager)}; every name once."""
    names = [row.outcome for row in analysis.outcomes]
    assert len(names) == len(set(names)), names
    return {row.outcome: (row.count, row.net, row.wager) if with_wager else (row.count, row.net)
            for row in analysis.outcomes if row.count}


def _oracle_action(key: str) -> tuple[str, str]:
    """A family action key ("preflop: play 4x", "turn: bet 1x") as the oracle's (stage, action)."""
    stage, action = key.split(": ")
    for word in ("play", "bet"):
        if action.startswith(f"{word} "):
            action = word + action.removeprefix(f"{word} ").removesuffix("x")
    return stage, action


def assert_actions_equal_the_oracles(mine: dict[str, Fraction], theirs: dict[str, dict[str, Fraction]]) -> None:
    mapped = {_oracle_action(key): p for key, p in mine.items()}
    assert len(mapped) == len(mine)
    for (stage, action), p in mapped.items():
        assert p == theirs[stage].get(action, 0), (stage, action)
    assert {(s, a) for s, acts in theirs.items() for a in acts if a not in ("none", "not-reached")} <= set(mapped)


# ---- the outcome tables against the oracle on reduced decks -------------------------------------------

# (deck, the overlay of tables/examples, --rule values, the oracle's parameters for the same game)
ULTIMATE_CASES = [
    pytest.param(FAST, None, {}, {}, id="fast"),
    pytest.param("2c 2d 6h 6s 9c 9d Qh Qs Ac Ad", None, {}, {}, id="pairs-10", marks=pytest.mark.slow),
    pytest.param(FAST, "ultimate-texas-holdem-blind-b", {}, {"blind_paytable": "B"}, id="blind-b",
                 marks=pytest.mark.slow),
    pytest.param("2c 2d 6h 6s 9c 9d Qh Qs Ac Ad", "ultimate-texas-holdem-4x-only", {}, {"preflop_multiples": (4,)},
                 id="4x-only-10", marks=pytest.mark.slow),
    pytest.param("As Ks Qs Js Ts Ah Kh Qh Jh Th", "ultimate-texas-holdem-trips-b", {}, {"trips_paytable": "B"},
                 id="trips-b-10", marks=pytest.mark.slow),
    pytest.param("Ac Ad Kh Qh Jh Th 5c 4d 3s 2s", "ultimate-texas-holdem-blind-b", {"dealer_qualifier": "none"},
                 {"blind_paytable": "B", "dealer_qualifier": None}, id="blind-b-no-qualifier-10",
                 marks=pytest.mark.slow),
    pytest.param("2c 2d 5h 7s 9c Jd Kh Ah 4c", None, {"dealer_qualifier": "pair-4"}, {"dealer_qualifier": "pair-4"},
                 id="fours-qualify", marks=pytest.mark.slow),
    pytest.param("Ah Kh Qh Jh 9h 8c 7c 6d 5d", None, {"tie_break": "wager_less"}, {"tie_break": "wager_less"},
                 id="wager-less", marks=pytest.mark.slow),
    pytest.param(FAST, None, {"preflop_multiples": "1 2 3 4", "flop_multiple": 3},
                 {"preflop_multiples": (1, 2, 3, 4), "flop_multiples": (3,)}, id="preflop-1-to-4-flop-3x",
                 marks=pytest.mark.slow),
    pytest.param("Ac Kd Qh Js Tc 9d 9h 2s 3c", None, {"river_multiple": 2}, {"river_multiples": (2,)},
                 id="river-2x", marks=pytest.mark.slow),
]

BONUS_CASES = [
    pytest.param(FAST, None, {}, {}, id="fast"),
    pytest.param("Ac Ad Ah As Kc Kd Qh Qs 9c 9d", None, {}, {}, id="four-aces-10", marks=pytest.mark.slow),
    pytest.param("Ac Kd Qh Js Tc 9d 9h 2s 3c", "texas-holdem-bonus-atlantic-city", {}, {"ante_min_hand": "flush"},
                 id="atlantic-city", marks=pytest.mark.slow),
    pytest.param("As Ks Qs Js Ts Ah Kh Qh Jh Th", "texas-holdem-bonus-atlantic-city",
                 {"flop_multiple": 1, "tie_break": "wager_less"},
                 {"ante_min_hand": "flush", "flop_multiple": 1, "tie_break": "wager_less"},
                 id="atlantic-city-1x-wager-less-10", marks=pytest.mark.slow),
    pytest.param("Ah Kh Qh Jh 9h 8c 7c 6d 5d", None, {"tie_break": "wager_less"}, {"tie_break": "wager_less"},
                 id="wager-less", marks=pytest.mark.slow),
]


def _overlay_applies(game: str, loaded: Any, example: str | None, rules: dict[str, Any], typed: Any) -> None:
    # the overlay or rules change the typed rules (so the comparison sees them)
    if example or rules:
        assert typed.of(loaded).rules != typed.of(load(game)).rules


def _check_main(analysis: Any, rows: dict, theirs: Any, deals: int) -> None:
    assert analysis.total == deals and theirs.total == deals * ORDERINGS[analysis.game]
    assert rows_of(analysis) == rows
    assert analysis.expected_return == theirs.expected_return
    assert analysis.average_wager == theirs.average_wager
    assert sum(analysis.probability(row) for row in analysis.outcomes) == 1
    assert_actions_equal_the_oracles(dict(analysis.action_probabilities), theirs.action_probabilities)


def _check_ultimate(deck: str, loaded: Any, params: dict[str, Any]) -> None:
    typed = UltimateGame.of(loaded).rules
    play = hs.ultimate_play(typed, dead_of(deck))
    main, trips = ultimate.main_of(loaded, play), ultimate.trips_of(loaded, play)
    theirs = oracle(UTH, deck, params)
    rows, sides, _ = oracle_rows(UTH, deck, params)
    _check_main(main, rows, theirs, play.deals)
    acts = main.action_probabilities
    plays = sum(acts[f"preflop: play {m}x"] for m in typed.preflop_multiples)
    assert plays + acts["preflop: check"] == 1
    assert acts[f"flop: play {typed.flop_multiple}x"] + acts["flop: check"] == acts["preflop: check"]
    assert acts[f"river: play {typed.river_multiple}x"] + acts["river: fold"] == acts["flop: check"]
    # Trips: every category it pays (those not dealt too), then the rest lost
    assert trips.total == play.deals
    assert rows_of(trips, with_wager=False) == sides
    rules_of = ho.GAMES[UTH](ho.parameters(UTH, params))
    for row in trips.outcomes:
        if row.outcome != "trips-lose":
            assert row.net == ho.pay(rules_of.trips, row.outcome.removeprefix("trips-")) > -1, row.outcome
    assert trips.expected_return == theirs.side_bet_return("trips")
    assert sum(trips.probability(row) for row in trips.outcomes) == 1


@pytest.mark.slow
@pytest.mark.parametrize("deck, example, rules, params", ULTIMATE_CASES)
def test_ultimates_outcome_tables_equal_the_oracle_on_reduced_decks(deck, example, rules, params):
    loaded = table(UTH, example, **rules)
    _overlay_applies(UTH, loaded, example, rules, UltimateGame)
    _check_ultimate(deck, loaded, params)


@pytest.mark.slow
def test_a_blind_paying_below_a_straight_equals_the_oracle():
    # the kernel keeps the river situations apart from the least paying hand: here a pair
    deck = "Ac Kd Qh Js Tc 9d 9h 2s 3c"
    pays = ("blind.pair=1/2", "blind.three-of-a-kind=2", "trips.two-pair=1", "trips.straight=5")
    loaded = table(UTH, None, pays)
    assert UltimateGame.of(loaded).rules.blind_from == Cat.PAIR
    blind = {**ho.PAYTABLES["uth-blind"]["A"], **{f"pair-{r}": Fraction(1, 2) for r in "23456789TJQKA"},
             "three-of-a-kind": 2}
    trips = {**ho.PAYTABLES["trips"]["C"], "two-pair": 1, "straight": 5}
    _check_ultimate(deck, loaded, {"blind_paytable": blind, "trips_paytable": trips})
    assert ultimate.main_of(loaded, hs.ultimate_play(UltimateGame.of(loaded).rules, dead_of(deck))).expected_return \
        != oracle(UTH, deck, {}).expected_return


def _bonus_class(name: str) -> str:
    """A family Bonus hand ("aks", "aa-vs-aa") as the oracle's class ("AKs", "AA-vs-AA")."""
    return "AA-vs-AA" if name == "aa-vs-aa" else name[:2].upper() + name[2:]


@pytest.mark.slow
@pytest.mark.parametrize("deck, example, rules, params", BONUS_CASES)
def test_bonus_outcome_tables_equal_the_oracle_on_reduced_decks(deck, example, rules, params):
    loaded = table(THB, example, **rules)
    _overlay_applies(THB, loaded, example, rules, BonusGame)
    game = BonusGame.of(loaded)
    play = hs.bonus_play(game.rules, dead_of(deck))
    main, side = bonus.main_of(loaded, play), bonus.bonus_of(game, dead_of(deck))
    theirs = oracle(THB, deck, params)
    rows, sides, _ = oracle_rows(THB, deck, params)
    _check_main(main, rows, theirs, play.deals)
    acts = main.action_probabilities
    bet = acts[f"preflop: bet {game.rules.flop_multiple}x"]
    assert bet + acts["preflop: fold"] == 1
    assert acts["flop: bet 1x"] + acts["flop: check"] == bet == acts["turn: bet 1x"] + acts["turn: check"]
    # the Bonus over every (player, dealer) holding: each stands for the same number of boards
    n = len(deck.split())
    assert side.total == comb(n, 2) * comb(n - 2, 2)
    boards = play.deals // side.total
    assert all(count % boards == 0 for count, _ in sides.values())
    assert rows_of(side, with_wager=False) == {k: (count // boards, net) for k, (count, net) in sides.items()}
    rules_of = ho.GAMES[THB](ho.parameters(THB, params))
    for row in side.outcomes:
        if row.outcome != "bonus-lose":
            assert row.net == ho.pay(rules_of.bonus, _bonus_class(row.outcome.removeprefix("bonus-"))) > -1
    assert side.expected_return == theirs.side_bet_return("bonus")
    assert sum(side.probability(row) for row in side.outcomes) == 1


# ---- decide through the API against the oracle's decide --------------------------------------------

D10 = "2c 2d 6h 6s 9c 9d Qh Qs Ac Ad"
D11 = "Ah Kh Qh Jh Th 9h 8c 7c 2c 2d 5s"                 # flushes
D11S = "As Kd Qh Js Tc 9d 8h 7s 5d 4h 2c"                # straights

FLOPS = [(D10, "6h 9c", "2c Qs Ac"), (D10, "Qh Ad", "6s 9d 2c"), (D10, "2d 9c", "Ac Qs 6h"),
         (D11, "2c 2d", "Ah 5s 8c"), (D11, "Kh 7c", "Qh 9h 5s"), (D11, "8c 7c", "2c Jh 5s"),
         (D11S, "As Kd", "Qh Js 2c"), (D11S, "7s 2c", "Kd 9d 4h"), (D11S, "Tc 9d", "8h 7s 2c"),
         (D11S, "5d 4h", "As 7s Kd"), (D11S, "Qh 8h", "Js 4h 5d")]
RIVERS = [(D10, "6h 9c", "2c Qs Ac 9d Qh"), (D10, "Qh Ad", "6s 9d 2c Ac 2d"), (D11, "Kh 7c", "Qh 9h 5s 2c 8c"),
          (D11, "2c 2d", "Ah 5s 8c Kh Jh"), (D11S, "As Kd", "Qh Js 2c 9d 4h"), (D11S, "7s 2c", "Kd 9d 4h 5d 8h"),
          (D11S, "Tc 9d", "8h 7s 2c As Qh"), (D11S, "Qh 8h", "Js 4h 5d 7s Tc")]
TURNS = [(D10, "6h 9c", "2c Qs Ac 9d"), (D10, "Qh Ad", "6s 9d 2c Ac"), (D10, "2d 9c", "Ac Qs 6h Qh"),
         (D11, "Kh 7c", "Qh 9h 5s 2c"), (D11, "8c 7c", "2c Jh 5s Th"), (D11S, "As Kd", "Qh Js 2c 9d"),
         (D11S, "7s 2c", "Kd 9d 4h 5d"), (D11S, "5d 4h", "As 7s Kd 2c")]


def _named(values: dict[str, Fraction], names: dict[str, str]) -> dict[str, Fraction]:
    """The oracle's option values by the family's option names."""
    return {names[k]: v for k, v in values.items()}


def _check_decided(decided: Any, theirs: dict[str, Fraction], wagers: dict[str, int],
                   wager_more: bool = True) -> str:
    (decision,) = decided.decisions
    assert dict(decision.values) == theirs
    assert all(type(v) is Fraction for v in decision.values.values())
    best = max(theirs.values())
    tied = [a for a, v in theirs.items() if v == best]
    assert decision.choice == (max if wager_more else min)(tied, key=wagers.__getitem__)
    assert decided.choice == decision.choice and decision.exact
    return decision.choice


@pytest.mark.slow
def test_ultimate_decide_at_the_flop_and_the_river_is_the_oracles():
    wagers = {"check": 0, "play 2x": 2, "fold": 0, "play 1x": 1}
    chosen = set()
    for deck, hand, flop in FLOPS:
        decided = oddscalc.decide(UTH, hand=hand, board=flop, dead=dead_text(deck))
        theirs = _named(ho.decide(UTH, deck, [hand, flop], ("check",)), {"check": "check", "play2": "play 2x"})
        chosen.add(_check_decided(decided, theirs, wagers))
        n = len(deck.split()) - 5
        assert decided.decisions[0].total == comb(n, 2) * comb(n - 2, 2)
    for deck, hand, board in RIVERS:
        cards = board.split()
        decided = oddscalc.decide(UTH, hand=hand, board=board, dead=dead_text(deck))
        theirs = _named(ho.decide(UTH, deck, [hand, " ".join(cards[:3]), " ".join(cards[3:])], ("check", "check")),
                        {"fold": "fold", "play1": "play 1x"})
        chosen.add(_check_decided(decided, theirs, wagers))
        assert decided.decisions[0].total == comb(len(deck.split()) - 7, 2)
    assert chosen == set(wagers)          # the situations take every option


@pytest.mark.slow
def test_ultimate_decide_under_other_rules_is_the_oracles():
    for rules, params in (({"dealer_qualifier": "none", "tie_break": "wager_less"},
                           {"dealer_qualifier": None, "tie_break": "wager_less"}),
                          ({"flop_multiple": 3, "river_multiple": 2, "dealer_qualifier": "pair-4"},
                           {"flop_multiples": (3,), "river_multiples": (2,), "dealer_qualifier": "pair-4"})):
        more = rules.get("tie_break", "wager_more") == "wager_more"
        fm, rm = rules.get("flop_multiple", 2), rules.get("river_multiple", 1)
        wagers = {"check": 0, f"play {fm}x": fm, "fold": 0, f"play {rm}x": rm}
        for deck, hand, flop in FLOPS[:6]:
            decided = oddscalc.decide(UTH, hand=hand, board=flop, dead=dead_text(deck), rules=rules)
            theirs = _named(ho.decide(UTH, deck, [hand, flop], ("check",), params),
                            {"check": "check", f"play{fm}": f"play {fm}x"})
            _check_decided(decided, theirs, wagers, more)
        for deck, hand, board in RIVERS[:4]:
            cards = board.split()
            decided = oddscalc.decide(UTH, hand=hand, board=board, dead=dead_text(deck), rules=rules)
            theirs = _named(ho.decide(UTH, deck, [hand, " ".join(cards[:3]), " ".join(cards[3:])],
                                      ("check", "check"), params), {"fold": "fold", f"play{rm}": f"play {rm}x"})
            _check_decided(decided, theirs, wagers, more)


@pytest.mark.slow
def test_bonus_decide_at_the_flop_and_the_turn_is_the_oracles():
    wagers = {"check": 0, "bet 1x": 1}
    names = {"check": "check", "bet1": "bet 1x"}
    chosen = set()
    for deck, hand, flop in FLOPS:
        decided = oddscalc.decide(THB, hand=hand, board=flop, dead=dead_text(deck))
        chosen.add(_check_decided(decided, _named(ho.decide(THB, deck, [hand, flop], ("bet2",)), names), wagers))
    for deck, hand, board in TURNS:
        cards = board.split()
        for made in (False, True):
            decided = oddscalc.decide(THB, hand=hand, board=board, dead=dead_text(deck), turn_wager=made)
            theirs = ho.decide(THB, deck, [hand, " ".join(cards[:3]), cards[3]], ("bet2", "bet1" if made else "check"))
            chosen.add(_check_decided(decided, _named(theirs, names), wagers))
            assert decided.decisions[0].total == (len(deck.split()) - 6) * comb(len(deck.split()) - 7, 2)
    assert chosen == set(wagers)


def test_bonus_decide_under_other_rules_is_the_oracles():
    rules = {"flop_multiple": 1, "tie_break": "wager_less"}
    params = {"flop_multiple": 1, "tie_break": "wager_less", "ante_min_hand": "flush"}
    names = {"check": "check", "bet1": "bet 1x"}
    for deck, hand, flop in FLOPS[:6]:
        decided = oddscalc.decide(THB, hand=hand, board=flop, dead=dead_text(deck), rules=rules,
                                  table=EXAMPLES / "texas-holdem-bonus-atlantic-city.toml")
        theirs = _named(ho.decide(THB, deck, [hand, flop], ("bet1",), params), names)
        _check_decided(decided, theirs, {"check": 0, "bet 1x": 1}, wager_more=False)
    for deck, hand, board in TURNS[:5]:
        cards = board.split()
        decided = oddscalc.decide(THB, hand=hand, board=board, dead=dead_text(deck), turn_wager=True, rules=rules,
                                  table=EXAMPLES / "texas-holdem-bonus-atlantic-city.toml")
        theirs = _named(ho.decide(THB, deck, [hand, " ".join(cards[:3]), cards[3]], ("bet1", "bet1"), params), names)
        _check_decided(decided, theirs, {"check": 0, "bet 1x": 1}, wager_more=False)


@pytest.mark.parametrize("game, hands, names", [
    (UTH, ["Ah Ad", "Ts 9c", "Kh 9c"], {"check": "check", "play3": "play 3x", "play4": "play 4x"}),
    (THB, ["Ah Ad", "Ts 9c", "Kh 9c"], {"fold": "fold", "bet2": "bet 2x"}),
])
def test_decide_preflop_on_a_reduced_deck_is_the_oracles(game, hands, names):
    # on a reduced deck the whole solution is quick: preflop decide prices the orbit of the hand
    wagers = {"check": 0, "fold": 0, "play 3x": 3, "play 4x": 4, "bet 2x": 2}
    for hand in hands:
        decided = oddscalc.decide(game, hand=hand, dead=dead_text(FAST))
        _check_decided(decided, _named(ho.decide(game, FAST, [hand]), names), wagers)


@cache
def _full_deck_decision(game: str, hand: str, board: str, turn_wager: bool = False) -> Any:
    more = {"turn_wager": True} if turn_wager else {}
    (decision,) = oddscalc.decide(game, hand=hand, board=board, **more).decisions
    assert decision.values and all(type(v) is Fraction for v in decision.values.values())
    assert decision.values[decision.choice] == max(decision.values.values())
    return decision


@pytest.mark.slow
def test_decide_on_the_full_deck_at_the_flop_the_river_and_the_turn():
    flop = _full_deck_decision(UTH, "As Kd", "Qs Jh 4c")
    assert flop.choice == "play 2x" and set(flop.values) == {"check", "play 2x"}
    assert flop.total == comb(47, 2) * comb(45, 2) == sum(row.count for row in flop.outcomes)
    assert sum(Fraction(row.count, flop.total) for row in flop.outcomes) == 1
    # the outcomes shown are the Play's: they price it
    assert sum(row.net * row.count for row in flop.outcomes) / flop.total == flop.values["play 2x"]
    river = _full_deck_decision(UTH, "7c 2d", "Qs Jh 4c 9s 3h")
    assert river.choice == "fold" and river.values["fold"] == -2 and river.total == comb(45, 2)
    assert sum(row.net * row.count for row in river.outcomes) / river.total == river.values["play 1x"]
    assert sum(Fraction(row.count, river.total) for row in river.outcomes) == 1
    for made in (False, True):
        turn = _full_deck_decision(THB, "As Kd", "Qs Jh 4c 2d", turn_wager=made)
        assert turn.total == 46 * comb(45, 2) == sum(row.count for row in turn.outcomes)
        assert sum(Fraction(row.count, turn.total) for row in turn.outcomes) == 1
        assert sum(row.net * row.count for row in turn.outcomes) / turn.total == turn.values["bet 1x"]
        # the River wager is won, pushed or lost 1 to 1
        assert turn.values["bet 1x"] - turn.values["check"] == Fraction(sum(
            row.count * (1 if row.net > 0 else -1 if row.net < 0 else 0) for row in turn.outcomes), turn.total)
    flop = _full_deck_decision(THB, "As Kd", "Qs Jh 4c")
    assert set(flop.values) == {"check", "bet 1x"} and flop.choice == "bet 1x"


def test_bonus_decide_at_the_flop_outcome_probabilities_sum_to_one():
    flop = _full_deck_decision(THB, "As Kd", "Qs Jh 4c")
    assert sum(Fraction(row.count, flop.total) for row in flop.outcomes) == 1


# ---- bad input on the command line, refused before any count -----------------------------------------

@pytest.fixture
def no_count(monkeypatch):
    """Fail any full (or reduced) solution: each refusal must come before a count."""
    def refuse(*args, **kwargs):
        raise AssertionError("a count was started")
    monkeypatch.setattr(hs, "ultimate_counts", refuse)
    monkeypatch.setattr(hs, "bonus_counts", refuse)


BAD_INPUT = [
    (("decide", UTH, "--hand", "As Kd", "--board", "Qs Jh 4c 2d"), "4"),
    (("decide", UTH, "--hand", "As Kd", "--board", "Qs Jh"), "2"),
    (("decide", THB, "--hand", "As Kd", "--board", "Qs Jh 4c 2d 3d"), "5"),
    (("decide", THB, "--hand", "As Kd", "--board", "Qs Jh 4c", "--turn-wager"), "--turn-wager"),
    (("decide", THB, "--hand", "As Kd", "--turn-wager"), "--turn-wager"),        # else a preflop: the full count
    (("decide", UTH, "--hand", "As Kd", "--board", "As Jh 4c"), "As"),
    (("decide", THB, "--hand", "As Kd", "--board", "Qs Jh Kd 4c"), "Kd"),
    (("decide", UTH, "--hand", "As Kd", "--board", "Qs Jh 4c", "--dead", "4c"), "4c"),
    (("decide", UTH, "--hand", "As", "--board", "Qs Jh 4c"), "2 cards"),
    (("decide", THB, "--hand", "As"), "2 cards"),
    (("decide", UTH, "--hand", "As Kd Qc"), "2 cards"),
    (("analyze", UTH, "--chunks", "0"), "--chunks"),
    (("analyze", THB, "--chunks", "0"), "--chunks"),
    (("analyze", UTH, "--workers", "0"), "--workers"),
    (("analyze", UTH, "--pay", "blind.straight=-1"), "blind.straight"),
    (("decide", UTH, "--hand", "As Kd", "--board", "Qs Jh 4c", "--pay", "blind.flush=-1"), "blind.flush"),
    (("analyze", THB, "--pay", "ante.straight=-1"), "ante.straight"),
    (("analyze", UTH, "--pay", "blind.pair-of-aces=3"), "pair-of-aces"),
    (("analyze", UTH, "--rule", "preflop_multiples=0"), "preflop_multiples"),
    (("strategy", UTH, "--rule", "preflop_multiples=1 2 3 4 5"), "preflop_multiples"),
    (("decide", UTH, "--hand", "As Kd", "--rule", "preflop_multiples=3x"), "preflop_multiples"),
    (("analyze", UTH, "--rule", "dealer_qualifier=pair-X"), "dealer_qualifier"),
    (("analyze", UTH, "--rule", "flop_multiple=0"), "flop_multiple"),
    (("analyze", THB, "--rule", "flop_multiple=11"), "flop_multiple"),
    (("analyze", THB, "--rule", "tie_break=maybe"), "tie_break"),
    (("decide", THB, "--hand", "As Kd", "--rule", "preflop_multiples=4"), "preflop_multiples"),
]


@pytest.mark.parametrize("args, message", BAD_INPUT, ids=[" ".join(a[:2] + a[-2:]) for a, _ in BAD_INPUT])
def test_bad_input_is_refused_in_one_line_before_any_count(cli, no_count, args, message):
    shown = cli(*args)
    assert shown.refused(message), (shown.status, shown.out, shown.err)


@pytest.mark.parametrize("game", [UTH, THB])
def test_no_count_catches_a_count(cli, no_count, game):
    # the guard of the refusals above: a preflop decide (on a reduced deck: never cached) counts
    with pytest.raises(AssertionError, match="a count was started"):
        cli("decide", game, "--hand", "Ah Kh", "--dead", dead_text(FAST))


@pytest.mark.parametrize("game, board", [(UTH, "Qs Jh 4c"), (UTH, "Qs Jh 4c 2c 3c"), (THB, "Qs Jh 4c"),
                                         (THB, "Qs Jh 4c 2c")])
def test_too_many_dead_cards_are_refused_in_one_line(cli, no_count, game, board):
    # eight live cards: a round deals nine (preflop says so in one line)
    dead = dead_text("As Kd Qs Jh 4c 2c 3c 5c")
    assert cli("decide", game, "--hand", "As Kd", "--dead", dead).refused("9 cards")
    assert cli("decide", game, "--hand", "As Kd", "--board", board, "--dead", dead).refused()


# ---- the strategy charts on the full deck ------------------------------------------------------------

def _cells(chart: Any) -> dict[str, tuple[int, ...]]:
    """The preflop chart's cells by starting hand."""
    return {name: chart.counts[row][column] for name in starting_hands.every_hand()
            for row, column in [starting_hands.cell_of(name)]}


def _one_action_each(chart: Any) -> dict[str, str]:
    cells = _cells(chart)
    assert len(cells) == 169 == sum(len(row) for row in chart.counts)
    assert all(sum(1 for n in cell if n) == 1 for cell in cells.values())
    return {name: chart.actions[next(i for i, n in enumerate(cell) if n)] for name, cell in cells.items()}


def _strategy_json_is_analyzes(game: str, result: Any, cli: Any) -> dict[str, Any]:
    data = result.to_dict()
    analysis = oddscalc.analyze(game).analysis
    assert {k: Fraction(v) for k, v in data["action_probabilities"].items()} == analysis.action_probabilities
    assert data["stages"][0]["stage"] == "preflop" and len(data["stages"][0]["cells"]) == 169
    assert all(sum(1 for n in cell["options"].values() if n) == 1 for cell in data["stages"][0]["cells"])
    assert [s["stage"] for s in data["stages"]] == list(result.chart().points)
    assert json.loads(cli("strategy", game, "--format", "json").out) == data
    return data


# Wizard of Odds' optimal strategy for Ultimate Texas Hold'em: Play 4x with any pair 33+, any ace, K2s+,
# K5o+, Q6s+, Q8o+, J8s+, JTo+; otherwise check (3x is never better)
def _woo_plays_4x(name: str) -> bool:
    order = starting_hands.RANKS[::-1]              # 2 .. A
    hi, lo = order.index(name[0]), order.index(name[1])
    if len(name) == 2:
        return hi >= order.index("3")
    least = {"A": {"s": "2", "o": "2"}, "K": {"s": "2", "o": "5"}, "Q": {"s": "6", "o": "8"},
             "J": {"s": "8", "o": "T"}}.get(name[0])
    return least is not None and lo >= order.index(least[name[2]])


@pytest.mark.slow
def test_ultimates_strategy_charts_on_the_full_deck(cli):
    result = oddscalc.strategy(UTH)
    charts = result.chart()
    assert charts.points[0] == "preflop" and "river" in charts.points
    pre = charts.at("preflop")
    assert pre.actions == ("check", "play 3x", "play 4x")
    chosen = _one_action_each(pre)
    assert "play 3x" not in chosen.values() and not any(map(any, pre.taking("play 3x")))
    assert dict(pre.rules)["play 3x"] == "no starting hand"
    assert not any("play 3x" in cell for row in chart_table(pre).rows for cell in row[1:])
    # pairs from 33 up play 4x, 22 checks; every hand as published
    assert all(chosen[r + r] == "play 4x" for r in "AKQJT9876543") and chosen["22"] == "check"
    assert dict(pre.rules)["play 4x"].startswith("pairs: 33+;")
    assert {name for name, action in chosen.items() if action == "play 4x"} == {
        name for name in starting_hands.every_hand() if _woo_plays_4x(name)}
    # every chart counts deals: the shares are the analysis'
    analysis = oddscalc.analyze(UTH).analysis
    assert pre.total == analysis.total
    assert charts.action_probabilities == {k: v for k, v in analysis.action_probabilities.items()}
    assert analysis.action_probabilities["preflop: play 4x"] == Fraction(250, 663)      # docs/holdem-stages.md
    _strategy_json_is_analyzes(UTH, result, cli)


@pytest.mark.slow
def test_bonus_strategy_chart_on_the_full_deck(cli):
    result = oddscalc.strategy(THB)
    charts = result.chart()
    pre = charts.at("preflop")
    assert pre.actions == ("fold", "bet 2x")
    chosen = _one_action_each(pre)
    # "fold 2-3 to 2-7 offsuit" and nothing else
    assert {name for name, action in chosen.items() if action == "fold"} == {f"{r}2o" for r in "34567"}
    analysis = oddscalc.analyze(THB).analysis
    assert pre.total == analysis.total
    for action in pre.actions:
        assert pre.probability(action) == analysis.action_probabilities[f"preflop: {action}"]
    assert pre.probability("fold") == Fraction(10, 221)
    words = dict(pre.rules)
    assert "flop: bet 1x" in words and "turn: bet 1x" in words
    _strategy_json_is_analyzes(THB, result, cli)
