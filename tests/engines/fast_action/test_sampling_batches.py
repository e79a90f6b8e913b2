"""Sampling in batches (for a progress bar) draws exactly what one run draws."""
import pytest

from oddscalc._native import board as kernel
from oddscalc.engines.base import load
from oddscalc.engines.fast_action.deal import parse_deal
from oddscalc.engines.fast_action.odds import kernel_spec
from oddscalc.engines.fast_action.rules import rules_of_game


@pytest.mark.slow
def test_batches_give_the_same_sums_and_report_every_sample():
    rules = rules_of_game(load("fast-action-poker"))
    spec = kernel_spec(rules, parse_deal(rules, "1,2,4"))
    heard = []
    samples = 150_000                 # three batches: 65,536 + 65,536 + 18,928
    with_progress = kernel.count_deals(spec, samples, 7, progress=heard.append)
    assert heard == [65536, 65536, 18928]
    assert kernel.count_deals(spec, samples, 7) == with_progress
    assert with_progress["samples"] == samples
