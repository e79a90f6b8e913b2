"""The solution store (oddscalc/core/solution_store.py): a solution computed once is read back in a
later run; another key or another code names another file; a damaged file is computed again; off
keeps nothing; and a Hold'em solution read back equals the one counted."""
import pickle

import pytest

from oddscalc.core import solution_store as store
from oddscalc.core.cards import parse_cards
from oddscalc.engines import holdem_stages as hs


@pytest.fixture
def kept_in(tmp_path, monkeypatch):
    monkeypatch.setenv("ODDSCALC_CACHE", str(tmp_path))
    return tmp_path


def counting():
    calls = []

    def compute():
        calls.append(1)
        return {"value": len(calls)}
    return calls, compute


def test_a_solution_is_computed_once_and_read_back(kept_in):
    calls, compute = counting()
    first = store.kept("game", ("rules", 1), [__file__], compute)
    again = store.kept("game", ("rules", 1), [__file__], compute)
    assert first == again == {"value": 1} and len(calls) == 1
    assert len(list(kept_in.glob("game-*.pickle"))) == 1


def test_another_key_or_code_names_another_file(kept_in, tmp_path_factory):
    calls, compute = counting()
    store.kept("game", ("rules", 1), [__file__], compute)
    store.kept("game", ("rules", 2), [__file__], compute)
    other = tmp_path_factory.mktemp("code") / "kernel.so"
    other.write_bytes(b"another build")
    store.kept("game", ("rules", 1), [__file__, str(other)], compute)
    assert len(calls) == 3 and len(list(kept_in.glob("game-*.pickle"))) == 3


def test_a_damaged_file_is_computed_again(kept_in):
    calls, compute = counting()
    store.kept("game", "key", [__file__], compute)
    (path,) = kept_in.glob("game-*.pickle")
    path.write_bytes(b"not a pickle")
    assert store.kept("game", "key", [__file__], compute) == {"value": 2}
    assert pickle.loads(path.read_bytes()) == {"value": 2}


def test_off_keeps_nothing(monkeypatch, tmp_path):
    monkeypatch.setenv("ODDSCALC_CACHE", "off")
    calls, compute = counting()
    store.kept("game", "key", [__file__], compute)
    store.kept("game", "key", [__file__], compute)
    assert len(calls) == 2 and store.store_dir() is None


def test_an_unwritable_store_still_computes(monkeypatch, tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("a file, not a directory")
    monkeypatch.setenv("ODDSCALC_CACHE", str(blocked / "store"))
    calls, compute = counting()
    assert store.kept("game", "key", [__file__], compute) == {"value": 1}


def test_a_holdem_solution_read_back_equals_the_count(kept_in):
    deck = parse_cards("As Ks Qs Js Ts Ah Ad Kh 9c")
    dead = tuple(c for c in range(52) if c not in deck)
    counted = hs.ultimate_play(dead=dead)
    assert len(list(kept_in.glob("ultimate-texas-holdem-*.pickle"))) == 1
    assert hs.ultimate_play(dead=dead) == counted
    assert hs.bonus_play(dead=dead) == hs.bonus_play(dead=dead)
    assert len(list(kept_in.glob("texas-holdem-bonus-*.pickle"))) == 1
