"""Every hostile input the issue tracker lists, as a regression table: one line on stderr, exit 2,
nothing on stdout, nothing written — never a crash, a hang, a traceback or a silent default.

Each case runs from an empty folder, with a time limit, and checks the folder is unchanged
afterwards; the cases that once crashed a kernel run in a fresh process (a crash there fails the
test instead of killing the test run).
"""
import os
import subprocess
import sys
import time

import pytest

DEAD_32 = ("3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s 7c 7d 7h 7s 8c 8d 8h 8s 9c 9d 9h 9s "
           "Tc Td Th Ts")
HUGE = "1e1000000000"
# every card but the hand As Kd 9c 5h 2s, the upcard Qd and three more: the dealer cannot complete
ALL_BUT_NINE = " ".join(r + s for r in "23456789TJQKA" for s in "cdhs"
                        if r + s not in ("As", "Kd", "9c", "5h", "2s", "Qd", "3c", "4c", "6c"))
LONG_NAME = "x" * 300 + ".toml"

# (arguments, files to create first {name: text}, a fragment of the one-line error)
KERNEL_CASES = [
    # a crash in a kernel, or a deal that needs more cards than remain
    (("decide", "fast-action-poker", "--hole", "As Kd", "--flop", "Qs Jd 2c", "--players", "8",
      "--dead", DEAD_32 + " Jc"), {}, "8 players need 16 more cards"),
    (("decide", "fast-action-poker", "--hole", "As Kd", "--flop", "Qs Jd 2c", "--players", "8",
      "--dead", DEAD_32), {}, "but 15 are left"),
    (("decide", "fast-action-poker", "--hole", "As Kd", "--flop", "Qs Jd 2c", "--players", "7",
      "--dead", DEAD_32 + " Jc Jh Js"), {}, "7 players need 14 more cards"),
    (("decide", "fast-action-poker", "--hole", "As Kd", "--flop", "Qs Jd 2c", "--players", "3",
      "--dead", DEAD_32 + " Jc Jh Js Qc Qd Qh Kc Kh Ks Ac Ad"), {}, "3 players need 6 more cards"),
    (("decide", "caribbean-stud", "--hand", "As Kd 9c 5h 2s", "--up", "Qd", "--dead", ALL_BUT_NINE),
     {}, "the dealer needs four more"),
]
CASES = [
    # silent typos in a table file, and options that do not apply
    (("analyze", "caribbean-stud", "--table", "t.toml"), {"t.toml": "[paytables.cal.pays]\nflush = 100\n"},
     "unknown paytable 'cal' (did you mean 'call'?)"),
    (("analyze", "caribbean-stud", "--table", "t.toml"), {"t.toml": "[paytables.call.pay]\nflush = 100\n"},
     "unknown key 'pay' (did you mean 'pays'?)"),
    (("analyze", "caribbean-stud", "--table", "t.toml"), {"t.toml": "flush = 100\n"}, "unknown key 'flush'"),
    (("analyze", "caribbean-stud", "--table", "t.toml"), {"t.toml": '[rules]\ndealer_qualifes = "A K 4 3 2"\n'},
     "unknown rule 'dealer_qualifes' (did you mean 'dealer_qualifies'?)"),
    (("analyze", "five-plus-one-bonus", "--table", "t.toml"), {"t.toml": "[paytables.call.pays]\nflush = 100\n"},
     "unknown paytable 'call'"),
    (("analyze", "five-plus-one-bonus", "--meter", "5"), {}, "has no meter paytable"),
    (("analyze", "caribbean-stud", "--meter", "5"), {}, "unknown rule 'meter'"),
    (("analyze", "three-card-poker", "--bonus", "2"), {}, "has no Bonus wager"),
    (("decide", "fast-poker", "--hand", "Qh 6d 4s", "--players", "3"), {}, "--players does not apply"),
    # numbers that would hang an exact computation
    (("analyze", "caribbean-stud", "--pay", f"flush={HUGE}"), {}, "out of range"),
    (("analyze", "caribbean-stud", "--table", "t.toml"), {"t.toml": f"[paytables.call.pays]\nflush = {HUGE}\n"},
     "not a finite number"),
    (("analyze", "fast-poker", "--bonus", HUGE), {}, "out of range"),
    (("analyze", "caribbean-stud-progressive", "--meter", HUGE), {}, "out of range"),
    (("design", "caribbean-stud", "--target-return", HUGE, "--vary", "flush"), {}, "out of range"),
    (("sweep", "caribbean-stud", "--vary", f"flush=1..{HUGE}"), {}, "out of range"),
    (("check", "caribbean-stud", "--counts", "c.csv", "--alpha", "1e-1000000000"),
     {"c.csv": "outcome,count\nfold,5\nlose,5\n"}, "out of range"),
    (("check", "caribbean-stud", "--counts", "c.csv"), {"c.csv": f"outcome,count,net\nfold,5,{HUGE}\nlose,5,-3\n"},
     "out of range"),
    (("analyze", "fast-poker", "--bonus", "1e308"), {}, "out of range"),
    (("analyze", "five-plus-one-bonus", "--pay", "royal-flush=1e200"), {}, "out of range"),
    # work far beyond the machine is refused before it starts
    (("distribution", "caribbean-stud", "--rounds", "1", "--pay", "flush=1/10000019"), {}, "one-round grid"),
    (("simulate", "caribbean-stud", "--rounds", "1000000000000"), {}, "beyond the time limit"),
    (("analyze", "fast-action-poker", "--seats", "1,2,3", "--samples", "1000000000"), {}, "beyond the time limit"),
    (("simulate", "fast-poker", "--rounds", "100000000", "--max-seconds", "1"), {}, "beyond the time limit of 1 s"),
    # seeds, files and names
    (("analyze", "fast-action-poker", "--seats", "1,2,3", "--seed", "-1"), {}, "--seed must be between 0"),
    (("fast-action", "odds", "--seats", "1,2,3", "--seed", "-1"), {}, "--seed must be between 0"),
    (("analyze", "caribbean-stud", "--table", "folder"), {"folder/": ""}, "is a folder"),
    (("analyze", "caribbean-stud", "--table", "/proc/self/mem"), {}, "--table"),
    (("analyze", "caribbean-stud", "--table", LONG_NAME), {}, "--table"),
    (("check", "caribbean-stud", "--counts", LONG_NAME), {}, "counts file"),
    (("simulate", "caribbean-stud", "--rounds", "10", "--output", "x" * 300 + ".csv"), {}, "longer than"),
    (("sweep", "caribbean-stud", "--vary", "flush=5..6", "--plot", "x" * 300 + ".png"), {}, "--plot"),
    (("check", "caribbean-stud", "--counts", "c.csv"), {"c.csv": "outcome,count\nfold," + "9" * 5000 + "\n"},
     "more than any simulation plays"),
    (("check", "caribbean-stud", "--counts", "c.csv"), {"c.csv": "outcome,count\nfold,10**400\n"}, "whole number"),
    (("check", "caribbean-stud", "--counts", "c.csv"), {"c.csv": "outcome,count\nfold,²\n"}, "whole number"),
    (("check", "caribbean-stud", "--counts", "c.json"), {"c.json": "[" * 100_000 + "]" * 100_000},
     "c.json"),
    # answers that used to mislead
    (("design", "caribbean-stud", "--target-return", "97.5", "--vary", "flush"), {}, "write 0.975 or 97.5%"),
    (("design", "caribbean-stud", "--target-return", "0.95", "--vary", "flush=1..10"), {}, "a range of payouts"),
    (("analyze", "fast-action-poker", "--seats", "-1,2,3"), {}, "seat '-1' is not a number"),
    # lenient parsing
    (("analyze", "caribbean-stud", "--pay", "flush=٦"), {}, "ASCII digits"),
    (("analyze", "fast-action-poker", "--seats", "١,٢,٣"), {}, "is not a number"),
    (("analyze", "fast-action-poker", "--seats", "1,2,3,"), {}, "an empty seat"),
    (("analyze", "fast-action-poker", "--seats", "5,,6,7"), {}, "an empty seat"),
    (("rank", "As", "Kd", "Qh", "Jc", "2c", "--game", "no-such-game"), {}, "unknown game 'no-such-game'"),
    (("rank", "As", "Kd", "Qh", "--game", "caribbean-stud"), {}, "ranks five-card hands"),
    (("rank", "As", "Kd", "Qh", "Jc", "2c", "--game", "fast-poker"), {}, "ranks three-card hands"),
]


def make_files(tmp_path, files):
    for name, text in files.items():
        target = tmp_path / name
        if name.endswith("/"):
            target.mkdir()
        else:
            target.write_text(text, encoding="utf-8")
    return sorted(os.listdir(tmp_path))


def check_refusal(status, out, err, message, before, after, seconds):
    assert status == 2, (status, out[-300:], err[-300:])
    assert out == "" and "Traceback" not in err
    assert err.startswith("oddscalc: error: ") and err.count("\n") == 1
    assert message in err, err
    assert after == before, "nothing is written"
    assert seconds < 15


@pytest.mark.parametrize("args, files, message", CASES, ids=[" ".join(c[0])[:60] for c in CASES])
def test_hostile_input_is_one_line_and_exit_2(cli, tmp_path, monkeypatch, args, files, message):
    monkeypatch.chdir(tmp_path)
    before = make_files(tmp_path, files)
    start = time.monotonic()
    result = cli(*args)
    check_refusal(result.status, result.out, result.err, message, before, sorted(os.listdir(tmp_path)),
                  time.monotonic() - start)


def run_process(args, cwd):
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "oddscalc", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=60)
    return done, time.monotonic() - start


@pytest.mark.slow
@pytest.mark.parametrize("args, files, message", KERNEL_CASES, ids=[" ".join(c[0])[:60] for c in KERNEL_CASES])
def test_inputs_that_crashed_a_kernel_are_refused(tmp_path, args, files, message):
    before = make_files(tmp_path, files)
    done, seconds = run_process(args, tmp_path)
    check_refusal(done.returncode, done.stdout, done.stderr, message, before, sorted(os.listdir(tmp_path)), seconds)


def test_a_fifo_as_a_table_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    done, seconds = run_process(("analyze", "caribbean-stud", "--table", str(fifo)), tmp_path)
    assert done.returncode == 2 and "not a regular file" in done.stderr and seconds < 15


def test_options_may_come_before_the_game(cli):
    result = cli("analyze", "--format", "json", "five-plus-one-bonus")
    assert result.status == 0 and result.out.startswith("{")


def test_a_file_named_like_a_game_does_not_shadow_it(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "five-plus-one-bonus").write_text("this is not a game file\n")
    assert cli("analyze", "five-plus-one-bonus").status == 0
    assert cli("analyze", "./five-plus-one-bonus").status == 2           # a path is read as a game file


@pytest.mark.slow
def test_check_titles_its_report_with_the_strategy_it_checked(cli, tmp_path):
    counts = tmp_path / "c.csv"
    simulated = cli("simulate", "caribbean-stud", "--rounds", "20000", "--strategy", "always", "--output", counts)
    assert simulated.status == 0
    result = cli("check", "caribbean-stud", "--counts", counts, "--strategy", "always")
    assert "(strategy always)" in result.out and "(strategy optimal)" not in result.out


def test_an_unreachable_target_answers_none_with_exit_1(cli):
    result = cli("design", "caribbean-stud", "--target-return", "50%", "--vary", "flush")
    assert result.status == 1 and "no payout reaches the target" in result.out


def test_design_handles_a_category_the_table_does_not_list_like_sweep(cli):
    result = cli("design", "five-plus-one-bonus", "--target-return", "0.93", "--vary", "three-of-a-kind",
                 "--format", "json")
    assert result.status == 0, result.err
    sweep = cli("sweep", "five-plus-one-bonus", "--vary", "two-pair=0,1", "--format", "json")
    assert sweep.status == 0, sweep.err
