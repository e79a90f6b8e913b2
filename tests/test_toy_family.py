"""Issue 18, deliverable 6, the recipe proven: a game family is added without editing the package.

The family is tests/toy_family (two-card high card against a dealer, docs/new-family.md's worked
example) with its game file tests/toy_family/toy-high-card.toml.  Each test registers it at run
time with ``register()`` (the registry is restored after), then drives it through the command
line (in-process) and the Python API exactly as a built-in game: analyze, decide over three
actions with an input no built-in family has (``--seen-burn``), rank under its own ranking,
strategy, the tools that attach to an exact analysis (sweep, design, distribution, the par sheet),
the contract's own checks, and the one-line refusals of what it does not declare.  Its figures are
checked against a brute-force count written here, independently of the family (its own ranking,
its own settling of a deal).
"""
import importlib.util
import inspect
import json
import sys
from collections import Counter
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from itertools import combinations
from pathlib import Path

import pytest

import oddscalc
from oddscalc.core.errors import InputError
from oddscalc.engines import base
from oddscalc.tools.design import solve_payout
from oddscalc.tools.payouts import payout_key
from oddscalc.tools.sweep import sweep

TESTS = Path(__file__).resolve().parent
GAME = TESTS / "toy_family" / "toy-high-card.toml"
FAMILY = "toy-two-card"
MODULE = "toy_family"          # importable once tests/ is on sys.path (the fixture puts it there)
CONTRACT = TESTS / "engines" / "test_contract.py"
DEALS = 190 * 18 * 17          # the player's two of 20 cards, the upcard, the hole card


@pytest.fixture
def toy(monkeypatch):
    """The toy family registered as a plug-in would be, for one test: tests/ on sys.path (pytest's
    importlib mode puts nothing there) and ``register()`` writing into a copy of the registry,
    which monkeypatch puts back, so the contract's "every registered engine plays a built-in game"
    never sees it.  Returns the game file's path, as a user names it."""
    monkeypatch.syspath_prepend(str(TESTS))
    monkeypatch.setattr(base, "ENGINES", dict(base.ENGINES))
    base.register(FAMILY, MODULE)
    return str(GAME)


def one_line_refusal(call, *args, **kwargs):
    with pytest.raises(InputError) as caught:
        call(*args, **kwargs)
    text = str(caught.value)
    assert text and "\n" not in text, text
    return text


@cache
def contract():
    """tests/engines/test_contract.py as a module (its helpers and checks), the one pytest
    imported when it collected it, else loaded from its file (tests/ is no package)."""
    for module in list(sys.modules.values()):
        if getattr(module, "__file__", None) and Path(module.__file__).resolve() == CONTRACT:
            return module
    spec = importlib.util.spec_from_file_location("toy_view_of_test_contract", CONTRACT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --- the brute force: the game as these tests read its rules, by hand --------------------------

RANKS = "TJQKA"
DECK = tuple(rank + suit for rank in RANKS for suit in "cdhs")


@dataclass(frozen=True)
class Toy:
    """The rules of a toy table as written here: the dealer's weakest qualifying hand, the raise's
    pays ("to one"), what the Ante wins when the dealer does not qualify, who takes a tie."""
    qualify: tuple[str, str] = ("K", "Q")
    high_card: Fraction = Fraction(1)
    pair: Fraction = Fraction(2)
    not_qualify: Fraction = Fraction(0)
    ties: str = "push"
    raises: tuple[int, ...] = (1, 2)


FILE = Toy()          # what tests/toy_family/toy-high-card.toml says


@cache
def strength(a, b):
    """A two-card hand as a number that compares as hands do: a pair above every high card, then
    the higher rank, then the lower."""
    high, low = sorted((RANKS.index(a[0]), RANKS.index(b[0])), reverse=True)
    return 100 * (high == low) + 10 * high + low


def tally(toy, hand, dealers):
    """How a raise of ``hand`` ends against each dealer hand: (not qualifying, lost, pushed, won),
    a tie with a qualifying dealer settled by the table's rule."""
    mine, qualify = strength(*hand), strength(*toy.qualify)
    short = lost = tied = won = 0
    for dealer in dealers:
        if dealer < qualify:
            short += 1
        elif dealer > mine:
            lost += 1
        elif dealer == mine:
            tied += 1
        else:
            won += 1
    if toy.ties == "player":
        return short, lost, 0, won + tied
    if toy.ties == "dealer":
        return short, lost + tied, 0, won
    return short, lost, tied, won


def evs(toy, pair, counts):
    """Every action's exact EV per Ante (``raised`` Antes; 0 folds) over a tally."""
    short, lost, _tied, won = counts
    pay = toy.pair if pair else toy.high_card
    return {raised: Fraction(-1) if raised == 0 else
            (short * toy.not_qualify - lost * (1 + raised) + won * (1 + raised * pay)) / sum(counts)
            for raised in (0, *toy.raises)}


def brute_evs(toy, hand, up, out=()):
    """Every action's exact EV over the hole cards left, and how many are left."""
    dealers = [strength(up, hole) for hole in DECK if hole not in {*hand, up, *out}]
    return evs(toy, hand[0][0] == hand[1][0], tally(toy, hand, dealers)), len(dealers)


@cache
def situations():
    """Every (hand, upcard) of the deck, with the dealer hands its 17 hole cards make."""
    found = []
    for hand in combinations(DECK, 2):
        for up in DECK:
            if up not in hand:
                seen = {*hand, up}
                found.append((hand, up, tuple(strength(up, hole) for hole in DECK if hole not in seen)))
    return tuple(found)


def every_situation(toy):
    """(hand is a pair, tally) -> how many (hand, upcard) situations of the deck have it."""
    return Counter((hand[0][0] == hand[1][0], tally(toy, hand, dealers)) for hand, _up, dealers in situations())


@cache
def brute_game(toy):
    """Over every (hand, upcard): the optimal return per Ante, the share of situations that raise
    (between equal EVs the smaller stake), and the return of raising 1x on every hand."""
    best, raising, always_one = Fraction(0), 0, Fraction(0)
    for key, situations_ in every_situation(toy).items():
        values = evs(toy, *key)
        top = max(values.values())
        best += top * situations_
        raising += situations_ if min(k for k, v in values.items() if v == top) > 0 else 0
        always_one += values[1] * situations_
    count = len(situations())
    return best / count, Fraction(raising, count), always_one / count


def overlays(toy):
    """The --pay and --rule overlays that make the game file's table this one."""
    pays = {"high-card": toy.high_card, "pair": toy.pair}
    rules = {"dealer_qualifies": " ".join(toy.qualify), "dealer_not_qualify_pays": toy.not_qualify,
             "ties": toy.ties, "max_raise": max(toy.raises)}
    return pays, rules


# --- the family comes from outside the package ---------------------------------------------------

def test_the_family_is_registered_from_outside_the_package(toy):
    family = base.engine(FAMILY)
    assert Path(sys.modules[MODULE].__file__).resolve().parent == TESTS / "toy_family"
    assert isinstance(family, base.Family) and family.name == FAMILY
    assert base.capabilities(family) == ("exact analysis", "decide", "strategy")
    assert not isinstance(family, base.Simulates | base.Exposes | base.Commands)
    table = oddscalc.load(toy)
    assert table.engine == FAMILY and base.engine_of(table) is family
    assert "toy-high-card" not in oddscalc.games().names          # a game file, not a built-in game


def test_no_package_file_names_the_toy_family():
    """The proof is only worth something if the package does not know the family."""
    root = TESTS.parent
    files = [*(root / "oddscalc").rglob("*.py"), *(root / "ext").rglob("*.py*"), *(root / "tables").rglob("*"),
             root / "pyproject.toml"]
    for path in files:
        if path.is_file():
            text = path.read_text(encoding="utf-8", errors="replace")
            assert FAMILY not in text and MODULE not in text and "toy-high-card" not in text, path


def test_a_game_of_an_unregistered_family_is_refused_in_one_line(cli):
    assert FAMILY not in base.ENGINES                 # no test's registration outlives it
    assert cli("analyze", GAME).refused(f"unknown engine '{FAMILY}'")


# --- analyze -------------------------------------------------------------------------------------

def test_analyze_on_the_command_line_text_and_json(toy, cli):
    text = cli("analyze", toy)
    assert text.status == 0 and f"exact analysis over {DEALS:,} deals" in text.out
    assert "the optimal action by your hand and the dealer's upcard" in text.out
    shown = cli("analyze", toy, "--format", "json")
    assert shown.status == 0
    data = json.loads(shown.out)
    assert data["total"] == DEALS == sum(row["count"] for row in data["outcomes"])
    assert sum(Fraction(row["probability"]) for row in data["outcomes"]) == 1
    assert Fraction(data["expected_return"]) == brute_game(FILE)[0]
    assert data["actions"] == ["fold", "raise 1x", "raise 2x"]


VARIANTS = [FILE, Toy(ties="dealer"), Toy(ties="player", pair=Fraction(3)),
            Toy(qualify=("A", "T"), not_qualify=Fraction(1, 2), high_card=Fraction(3, 2)),
            Toy(qualify=("T", "T"), raises=(1, 2, 3))]


@pytest.mark.parametrize("variant", VARIANTS, ids=["file", "ties-dealer", "ties-player", "ace-ten", "pairs-3x"])
def test_the_exact_analysis_is_the_brute_force_count(toy, variant):
    pays, rules = overlays(variant)
    result = oddscalc.analyze(toy, pays=pays, rules=rules)
    analysis = result.analysis
    optimal, raising, always_one = brute_game(variant)
    assert analysis.total == DEALS == sum(row.count for row in analysis.outcomes)
    assert sum(result.probabilities.values()) == 1
    assert analysis.expected_return == optimal
    assert analysis.call_probability == raising
    table = oddscalc.load(toy, pays=pays, rules=rules)
    assert base.EXACT.of(table).analyze(table, "always-1x").expected_return == always_one


def test_the_file_offers_every_action_and_the_house_wins():
    """The game file is a game: each of the three actions is the best somewhere, and the house
    is ahead (a toy whose player always raised, or always won, would prove less)."""
    chosen = Counter()
    for key, situations_ in every_situation(FILE).items():
        values = evs(FILE, *key)
        top = max(values.values())
        chosen[min(k for k, v in values.items() if v == top)] += situations_
    assert set(chosen) == {0, 1, 2}
    assert brute_game(FILE)[0] < 0


def test_analyze_json_has_the_shape_of_every_game(toy):
    result = oddscalc.analyze(toy)
    data = contract().check_json(result)
    assert data["table"] == result.analysis.table
    assert Fraction(data["expected_return"]) == result.expected_return


# --- decide --------------------------------------------------------------------------------------

THREE_WAYS = [("Ah Ad", "Kc", "raise 2x"), ("Ac Jd", "Th", "raise 1x"), ("Jh Tc", "Ks", "fold")]


@pytest.mark.parametrize(("hand", "up", "choice"), THREE_WAYS, ids=[c for _h, _u, c in THREE_WAYS])
def test_decide_picks_the_best_of_three_actions(toy, cli, hand, up, choice):
    values, left = brute_evs(FILE, hand.split(), up)
    decided = oddscalc.decide(toy, hand=hand, up=up)
    assert decided.choice == choice
    assert dict(decided.values) == {"fold": values[0], "raise 1x": values[1], "raise 2x": values[2]}
    (decision,) = decided.decisions
    assert decision.total == left == 17
    assert decision.margin == values[{"fold": 0, "raise 1x": 1, "raise 2x": 2}[choice]] - sorted(values.values())[-2]
    data = contract().check_json(decided)
    shown = cli("decide", toy, "--hand", hand, "--up", up, "--format", "json")
    assert shown.status == 0 and json.loads(shown.out) == data
    assert data["situation"] == {"hand": hand, "up": up}
    (part,) = data["decisions"]
    assert part["choice"] == choice and Fraction(part["margin"]) == decision.margin
    assert list(part["options"]) == ["fold", "raise 1x", "raise 2x"]           # the family's order
    assert {k: Fraction(v) for k, v in part["options"].items()} == dict(decided.values)
    assert (part["exact"], part["total"], part["std_error"]) == (True, 17, None)
    assert [(r["outcome"], r["count"], Fraction(r["net"])) for r in part["outcomes"]] == [
        (o.outcome, o.count, o.net) for o in decision.outcomes]
    assert decided.margin == Fraction(part["margin"])


def test_decide_outcomes_are_those_of_the_best_raise(toy):
    decided = oddscalc.decide(toy, "Jh Tc", "Ks")               # folds: the outcomes are still a raise's
    (decision,) = decided.decisions
    shown = decision.facts["outcomes_of"]
    assert shown == max(("raise 1x", "raise 2x"), key=lambda action: decision.values[action])
    assert sum(row.count for row in decision.outcomes) == decision.total
    assert sum(row.count * row.net for row in decision.outcomes) / decision.total == decision.values[shown]


def test_a_seen_burn_card_leaves_the_deck_and_can_change_the_decision(toy, cli):
    """--seen-burn is this family's input: no built-in family declares it.  A-J against a ten: the
    raises tie at 0 (the smaller one is taken); a burned ten seen makes the 2x raise better."""
    plain = oddscalc.decide(toy, hand="Jc Ac", up="Tc")
    assert plain.choice == "raise 1x" and plain.values["raise 1x"] == plain.values["raise 2x"] == 0
    values, left = brute_evs(FILE, ("Jc", "Ac"), "Tc", out=("Td",))
    burned = cli("decide", toy, "--hand", "Jc Ac", "--up", "Tc", "--seen-burn", "Td", "--format", "json")
    data = json.loads(burned.out)
    (part,) = data["decisions"]
    assert burned.status == 0 and data["situation"]["seen_burn"] == "Td" and part["total"] == left == 16
    assert part["choice"] == "raise 2x"
    assert [Fraction(v) for v in part["options"].values()] == [values[k] for k in (0, 1, 2)]
    assert "seen burn Td" in cli("decide", toy, "--hand", "Jc Ac", "--up", "Tc", "--seen-burn", "Td").out
    assert oddscalc.decide(toy, "Jc Ac", "Tc", "Td").values == oddscalc.decide(toy, hand="Jc Ac", up="Tc",
                                                                                  seen_burn="Td").values


def test_the_help_of_decide_lists_the_familys_inputs(toy, cli):
    shown = cli("decide", toy, "-h")
    assert shown.status == 0
    assert "--seen-burn CARD" in shown.out and "your two cards (required)" in shown.out
    assert "--dead" not in shown.out


def test_an_input_the_family_does_not_declare_is_refused_in_one_line(toy, cli):
    hand = ("--hand", "Ac Jd", "--up", "Th")
    assert cli("decide", toy, *hand, "--dead", "Qs").refused("--dead does not apply to this game")
    assert "dead= does not apply" in one_line_refusal(oddscalc.decide, toy, hand="Ac Jd", up="Th", dead="Qs")
    assert cli("analyze", toy, "--seen-burn", "Qs").refused("--seen-burn does not apply")
    # the option is the family's: a built-in game's decide does not take it
    assert cli("decide", "caribbean-stud", "--hand", "As Kd 9c 5h 2s", "--up", "Qd",
               "--seen-burn", "2c").refused("--seen-burn does not apply")
    assert cli("decide", toy, "--hand", "Ac Jd").refused("needs --up")
    assert cli("decide", toy, "--hand", "Ac 9d", "--up", "Th").refused("9d is not in it")
    assert cli("decide", toy, *hand, "--seen-burn", "Th").refused()              # the upcard again
    assert cli("decide", toy, "--hand", "Ac Jd Qd", "--up", "Th").refused()


# --- rank: the family's own ranking --------------------------------------------------------------

def test_rank_is_the_familys_ranking(toy, cli):
    table = oddscalc.load(toy)               # read once: the API takes a loaded table as the game
    ranked = {hand: oddscalc.rank(" ".join(hand), game=table).hand for hand in combinations(DECK, 2)}
    assert {h.n_strengths for h in ranked.values()} == {15}
    for a, b in combinations(ranked, 2):
        # the family's strengths order every pair of hands as the brute force's does
        assert (ranked[a].strength > ranked[b].strength) == (strength(*a) > strength(*b)), (a, b)
        assert (ranked[a].strength == ranked[b].strength) == (strength(*a) == strength(*b)), (a, b)
    assert {ranked[h].category.label for h in ranked if h[0][0] == h[1][0]} == {"pair"}
    assert {ranked[h].category.label for h in ranked if h[0][0] != h[1][0]} == {"high-card"}
    shown = cli("rank", "Qs", "Qd", "--game", toy, "--format", "json")
    assert shown.status == 0
    assert json.loads(shown.out) == {"cards": "Qs Qd", "best": "Qs Qd", "category": "pair", "strength": 12,
                                     "strengths": 15, "game": "toy-high-card"}
    assert cli("rank", "Ah", "Kd", "Qs", "--game", toy).refused("ranks two-card hands, not 3 cards")
    assert cli("rank", "Ah", "9d", "--game", toy).refused("9d is not in it")


# --- the tools that attach to an exact analysis --------------------------------------------------

def test_sweep_and_design_attach_to_the_familys_exact_analysis(toy):
    """The tools reach the family only as an ExactAnalysis: its return at each payout of a sweep,
    and the payout design solves for, re-analysed by the family itself."""
    table = oddscalc.load(toy)
    key = payout_key(table, "pair")
    rows = sweep(table, key, [Fraction(1), Fraction(2), Fraction(3)])
    returns = [row.analysis.expected_return for row in rows]
    assert returns[2] == brute_game(replace(FILE, pair=Fraction(3)))[0]
    assert returns[0] < returns[1] == brute_game(FILE)[0] < returns[2]
    solved = solve_payout(table, key, Fraction(95, 100))
    assert 2 < solved.payout < 3 and solved.payout.denominator > 1          # between the table's pays
    assert oddscalc.analyze(toy, pays={"pair": solved.payout}).rtp == Fraction(95, 100)


# the API's payout module and the command line's tools (design, sweep, distribution, simulate)
# import sympy: over a second in a fresh process
@pytest.mark.slow
def test_the_tools_on_the_command_line_and_through_the_api(toy, cli, tmp_path):
    assert oddscalc.sweep(toy, "pair", [3]).returns[Fraction(3)] == brute_game(replace(FILE, pair=Fraction(3)))[0]
    designed = oddscalc.design(toy, "pair", "0.95")
    assert oddscalc.analyze(toy, pays={"pair": designed.payout}).rtp == Fraction(95, 100)
    shown = cli("design", toy, "--vary", "pair", "--target-return", "0.95", "--format", "json")
    assert shown.status == 0 and Fraction(json.loads(shown.out)["payout"]) == designed.payout
    assert cli("sweep", toy, "--vary", "pair=1..3").status == 0
    assert cli("sweep", toy, "--vary", "flush=1..3").refused("flush")
    assert cli("distribution", toy, "--rounds", "2").status == 0
    assert cli("simulate", toy, "--rounds", "100").refused("simulate is not available for toy-high-card")
    sheet = tmp_path / "toy.html"
    assert cli("report", toy, "--output", sheet).status == 0
    assert "Toy High Card" in sheet.read_text(encoding="utf-8")


def test_strategy_chart_compare_and_price(toy, cli):
    table = oddscalc.load(toy)
    chart = oddscalc.strategy(toy).chart()
    analysis = oddscalc.analyze(toy).analysis
    assert chart.actions == ("fold", "raise 1x", "raise 2x") and len(chart.rows) == 15 and chart.columns == tuple(RANKS)
    assert chart.total == 190 * 18                                  # every (hand, upcard) once
    assert chart.action_probabilities == analysis.action_probabilities
    assert 1 - chart.probability("fold") == analysis.call_probability == brute_game(FILE)[1]
    compared = oddscalc.strategy(toy, compare=True).to_dict()["compare"]
    assert [row["strategy"] for row in compared][0] == "optimal" and len(compared) == len(
        base.EXACT.of(table).strategies(table))
    priced = oddscalc.strategy(toy, price="always-1x").to_dict()
    optimal, _raising, always_one = brute_game(FILE)
    assert Fraction(priced["cost"]) == optimal - always_one > 0
    assert cli("strategy", toy).status == 0
    assert cli("strategy", toy, "--price", "no-such-strategy").refused("no-such-strategy")


# --- what the family does not declare ------------------------------------------------------------

def test_a_capability_the_family_lacks_is_refused_in_one_line(toy, cli):
    assert "simulate is not available for toy-high-card: a toy game" in one_line_refusal(oddscalc.simulate, toy, 100)
    assert cli("exposure", toy, "--dealer-cards", "2").refused("exposure is not available for toy-high-card")
    assert cli("fast-action", "odds", "--game", toy, "--seats", "1,2,3").refused("toy-high-card")


# --- the engine contract every built-in family keeps ---------------------------------------------

# the decide situation of the toy game, as tests/golden/cases.toml gives each built-in game's
CASE = {"hand": "Ac Jd", "up": "Th"}
# a check that compares the JSON's "game" with the name the game was given by: a game outside
# tables/ is given by its file's path, so it cannot hold; test_decide_picks_the_best_of_three_actions
# checks the rest of it (choice, options in order, margin, counts, outcome rows) on the toy
BY_NAME_ONLY = {"test_decide_json_agrees_with_its_object"}
# checks whose refusals go through the command line's tools, which import sympy (as above)
SLOW_CHECKS = {"test_a_capability_the_engine_lacks_is_refused_in_one_line"}
CONTRACT_CHECKS = [pytest.param(name, marks=[pytest.mark.slow] if name in SLOW_CHECKS else [])
                   for name in sorted(dir(contract().TestEngineContract))
                   if name.startswith("test_") and name not in BY_NAME_ONLY]


@pytest.mark.parametrize("check", CONTRACT_CHECKS)
def test_the_engine_contract_holds_for_the_family(toy, cli, tmp_path, monkeypatch, check):
    """Every check of the contract, run on the toy game as it runs on each built-in game: the
    contract finds a game's decide situation in its cases, so the toy's is added there for the
    test (and taken out after)."""
    monkeypatch.setitem(contract().CASES["decide"], toy, CASE)
    method = getattr(contract().TestEngineContract(), check)
    given = {"name": FAMILY, "game": toy, "cli": cli, "tmp_path": tmp_path}
    wanted = inspect.signature(method).parameters
    assert set(wanted) <= set(given), f"{check} asks for {sorted(set(wanted) - set(given))}: give it here"
    method(**{name: given[name] for name in wanted})
