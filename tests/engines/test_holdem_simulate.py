"""The Hold'em simulators (ext/holdem_simulate.pyx): their flop decisions spread over every suit
image, the decisions they take round by round (UTH's river, THB's River wager) as ``decide`` prices
them, their paths and folds as their tables say, and (slow: the full-deck counts) ``check`` passing
against the exact analyses of all three games, under the optimal and a simple strategy."""
import random
from itertools import permutations
from math import comb

import pytest

import oddscalc
from oddscalc._native.holdem_simulate import BonusSimulator, HoldemSimulator, spread_flops
from oddscalc.core.cards import format_cards
from oddscalc.engines.holdem_simulate import FLOP_TABLE, ON
from oddscalc.engines.holdem_stages import UltimateRules, ultimate_coefficients

UTH, CH, THB = "ultimate-texas-holdem", "casino-holdem", "texas-holdem-bonus"


def colex(cards):
    return sum(comb(c, i + 1) for i, c in enumerate(sorted(cards)))


@pytest.mark.slow
def test_a_canonical_flops_decisions_reach_every_suit_image():
    flop = (0, 4, 9)                                   # 2c 3c 4d
    rest = [c for c in range(52) if c not in flop]
    holdings = [(rest[i], rest[j]) for j in range(1, 49) for i in range(j)]
    # a decision that only a suit-blind property decides: a pocket pair, or a holding suited with 2c
    decided = bytes(int(a >> 2 == b >> 2 or a & 3 == b & 3 == 0) for a, b in holdings)
    table = bytearray(FLOP_TABLE)
    spread_flops(memoryview(bytes(flop)).cast("B", (1, 3)), memoryview(bytes(rest)).cast("B", (1, 49)), decided,
                 table)
    for perm in permutations(range(4)):
        image = [(c >> 2) * 4 + perm[c & 3] for c in range(52)]
        row = colex(image[c] for c in flop) * 1326
        for a, b in random.Random(1).sample(holdings, 60):
            want = a >> 2 == b >> 2 or a & 3 == b & 3 == 0
            assert table[row + colex((image[a], image[b]))] == want
    # only the 12 images of the flop (2c and 3c share a suit) were written
    assert sum(1 for f in range(22100) if any(table[f * 1326:(f + 1) * 1326])) == 12


def priced_river():
    rules = UltimateRules()
    k = ultimate_coefficients(rules, 52)
    return HoldemSimulator(1, bytes([ON]) * 2704, len(rules.preflop_multiples), bytes(FLOP_TABLE), False,
                           rules.qualifier, -1, k.river, k.fold_board // comb(45, 2), rules.wager_more)


def test_the_river_is_decided_as_decide_prices_it():
    sim = priced_river()
    deals = [random.Random(k).sample(range(52), 7) for k in range(25)]
    # and boards where the Blind's pay is what decides: a straight or a flush on the board
    deals += [[48, 45, *b] for b in ((32, 28, 24, 20, 1), (3, 11, 19, 27, 2))]
    for cards in deals:
        hand, board = cards[:2], cards[2:]
        found = oddscalc.decide(UTH, hand=format_cards(hand), board=format_cards(board))
        assert sim.plays_at_river(hand, board) == (found.choice == "play 1x"), (hand, board)


def test_the_river_wager_is_decided_as_decide_prices_it():
    sim = BonusSimulator(1, bytes([1]) * 2704, bytes(FLOP_TABLE))
    for k in range(8):
        cards = random.Random(100 + k).sample(range(52), 6)
        hand, board = cards[:2], cards[2:]
        found = oddscalc.decide(THB, hand=format_cards(hand), board=format_cards(board))
        assert sim.bets_at_turn(hand, board) == (found.choice == "bet 1x"), (hand, board, found.options)


def test_the_tables_send_every_round_where_they_say():
    sim = HoldemSimulator(3, bytes([1]) * 2704, 2, bytes(FLOP_TABLE), False, 0, 0)
    sim.run(2000)
    cells, folds = sim.counts()
    assert [sum(map(sum, path)) for path in cells] == [0, 2000, 0, 0] and sum(folds) == 0
    # on to the flop, no Play there and folding (Casino Hold'em): every round folds, by its final hand
    sim = HoldemSimulator(3, bytes([ON]) * 2704, 0, bytes(FLOP_TABLE), True, 0)
    sim.run(2000)
    cells, folds = sim.counts()
    assert sum(folds) == 2000 and not any(map(any, cells[0])) and folds[0] > 0 and folds[2] > 0
    # the same seed deals the same rounds
    again = HoldemSimulator(3, bytes([ON]) * 2704, 0, bytes(FLOP_TABLE), True, 0)
    again.run(2000)
    assert again.counts() == sim.counts()


def test_bad_tables_are_refused():
    with pytest.raises(ValueError, match="preflop byte"):
        HoldemSimulator(1, bytes([5]) * 2704, 2, bytes(FLOP_TABLE), False, 0)
    with pytest.raises(ValueError, match="flop byte"):
        HoldemSimulator(1, bytes([ON]) * 2704, 2, bytes(10), False, 0)
    with pytest.raises(ValueError, match="Play's 60 values"):
        HoldemSimulator(1, bytes([ON]) * 2704, 2, bytes(FLOP_TABLE), False, 0, -1)
    with pytest.raises(ValueError, match="river 2 is not"):
        BonusSimulator(1, bytes(2704), bytes(FLOP_TABLE), True, 2)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "strategy", "rounds"),
                         [(UTH, "optimal", 60_000), (UTH, "simple", 60_000), (CH, "optimal", 60_000),
                          (CH, "simple", 60_000), (THB, "optimal", 20_000), (THB, "flop-wager-only", 2_000_000),
                          (THB, "always-bet", 2_000_000)])
def test_the_simulator_passes_check_against_the_exact_analysis(game, strategy, rounds):
    counts = oddscalc.simulate(game, rounds, seed=11, strategy=strategy).counts
    verdict = oddscalc.check(game, counts, strategy=strategy)
    assert verdict.passed, verdict.verdict


@pytest.mark.slow
def test_a_wrong_river_is_caught():
    # the simulator with the river played on any pair or better instead of the priced decision:
    # check must see that it is not the analysed strategy
    from oddscalc.engines.base import load
    from oddscalc.engines.holdem.ultimate import cell_name, fold_name, path_names, play
    from oddscalc.engines.holdem_simulate import NamedSimulator, ultimate_flop_table, ultimate_preflop
    game = load(UTH)
    found = play(game)
    names = [n for n, _ in path_names(found.rules)]
    native = HoldemSimulator(4, ultimate_preflop(found.preflop_choice), 2, ultimate_flop_table(found.rules, None),
                             False, found.rules.qualifier, 1)
    native.run(60_000)
    named = NamedSimulator(native, lambda p, c, e: cell_name(names[p], c, e), fold_name).counts()
    assert not oddscalc.check(UTH, named).passed
