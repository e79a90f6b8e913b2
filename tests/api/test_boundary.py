"""The API's typed boundary (issue 17): every public function refuses a bad argument with an
``InputError`` that names the parameter as the caller wrote it (``pays=``, ``up=``, ``samples=``),
never a command-line option, before any work; the command line keeps its own terms."""
import inspect
import sys
from fractions import Fraction
from pathlib import Path

import numpy
import pytest

import oddscalc
from oddscalc.api import WHERE
from oddscalc.api.arguments import ArgumentTypeError, Whole, api_terms, boundary

PUBLIC = sorted(name for name in WHERE if name[0].islower())
FAST_ACTION_DECIDE = {"board": "Kh 7d 2c", "players": 3}
SETTLED = {"hole": "1:AsAd 2:KsKd 3:7c2h", "board": "Ah Kh 9c 9d 3s"}


def refusal(call):
    """The message of the InputError ``call`` raises (one line)."""
    with pytest.raises(oddscalc.InputError) as refused:
        call()
    message = str(refused.value)
    assert "\n" not in message
    return message


# --- the calls of the issue, and more, each with the parameter its refusal must name -------------

BAD_CALLS = [
    # overlays and the game
    ("pays=5", lambda: oddscalc.analyze("caribbean-stud", pays=5), "pays"),
    ("pays='flush=3'", lambda: oddscalc.load("fast-poker", pays="flush=3"), "pays"),
    ("pays={1: 2}", lambda: oddscalc.analyze("caribbean-stud", pays={1: 2}), "pays"),
    ("pays=[1]", lambda: oddscalc.analyze("caribbean-stud", pays=[1]), "pays"),
    ("pays=['flush']", lambda: oddscalc.load("fast-poker", pays=["flush"]), "pays"),
    ("pays={'flush': -1}", lambda: oddscalc.load("fast-poker", pays={"flush": -1}), "pays"),
    ("pays={'flush': True}", lambda: oddscalc.load("fast-poker", pays={"flush": True}), "pays"),
    ("pays={'flush': nan}", lambda: oddscalc.load("fast-poker", pays={"flush": float("nan")}), "pays"),
    ("pays={'flush': 10**5000}", lambda: oddscalc.load("fast-poker", pays={"flush": 10 ** 5000}), "pays"),
    ("pays={'flush': 10**30}", lambda: oddscalc.load("fast-poker", pays={"flush": 10 ** 30}), "pays"),
    ("pays={'flsh': 1}", lambda: oddscalc.load("fast-poker", pays={"flsh": 1}), "pays"),
    ("pays={'x.flush': 1}", lambda: oddscalc.load("fast-poker", pays={"x.flush": 1}), "pays"),
    ("pays={'flsh': None}", lambda: oddscalc.load("fast-poker", pays={"flsh": None}), "pays"),
    ("rules={'ties': object()}", lambda: oddscalc.analyze("fast-poker", rules={"ties": object()}), "rules"),
    ("rules={'tie': 'push'}", lambda: oddscalc.load("fast-poker", rules={"tie": "push"}), "rules"),
    ("rules={'ties': 'x'}", lambda: oddscalc.load("fast-poker", rules={"ties": "x"}), "rules"),
    ("rules=['ties']", lambda: oddscalc.load("fast-poker", rules=["ties"]), "rules"),
    ("rules={'dealer_upcards': 5}", lambda: oddscalc.load("fast-poker", rules={"dealer_upcards": 5}), "rules"),
    ("meter on a game without one", lambda: oddscalc.load("caribbean-stud", rules={"meter": 5}), "rules"),
    ("table=0", lambda: oddscalc.analyze("caribbean-stud", table=0), "table"),
    ("table=b'x.toml'", lambda: oddscalc.load("fast-poker", table=b"x.toml"), "table"),
    ("table=''", lambda: oddscalc.load("fast-poker", table=""), "table"),
    ("table missing", lambda: oddscalc.load("fast-poker", table="/nonexistent/t.toml"), "table"),
    ("table a folder", lambda: oddscalc.load("fast-poker", table="/"), "table"),
    ("game=5", lambda: oddscalc.analyze(5), "game"),
    ("game=None", lambda: oddscalc.symbolic(None), "game"),
    ("game with NUL", lambda: oddscalc.load("fast\0poker"), "game"),
    ("game of 1 MB", lambda: oddscalc.load("x" * 2 ** 20), "game"),
    # cards
    ("hand=5", lambda: oddscalc.decide("caribbean-stud", 5, "Kh"), "hand"),
    ("hand=[1.5, ...]", lambda: oddscalc.decide("caribbean-stud", [1.5, 2, 3, 4, 5], "Kh"), "hand"),
    ("hand=b'As'", lambda: oddscalc.decide("caribbean-stud", b"As Kd Jc 8h 3s", "Kh"), "hand"),
    ("hand names and codes", lambda: oddscalc.decide("caribbean-stud", ["As", 3, 4, 5, 6], "Kh"), "hand"),
    ("up=7.0", lambda: oddscalc.decide("caribbean-stud", "As Kd Jc 8h 3s", 7.0), "up"),
    ("no up", lambda: oddscalc.decide("caribbean-stud", "As Kd Jc 8h 3s"), "up"),
    ("up without an upcard", lambda: oddscalc.decide("three-card-poker", "As Kd Jc", "Kh"), "up"),
    ("dead={}", lambda: oddscalc.decide("caribbean-stud", "As Kd Jc 8h 3s", "Kh", dead={}), "dead"),
    ("cards=5", lambda: oddscalc.rank(5), "cards"),
    ("cards=None", lambda: oddscalc.rank(None), "cards"),
    ("rank game=5", lambda: oddscalc.rank("As Kd Qh", game=5), "game"),
    # decide's other arguments
    ("samples=-5", lambda: oddscalc.decide("fast-action-poker", "As Ad", samples=-5, **FAST_ACTION_DECIDE),
     "samples"),
    ("workers=0", lambda: oddscalc.decide("fast-action-poker", "As Ad", workers=0, **FAST_ACTION_DECIDE), "workers"),
    ("workers=10**6", lambda: oddscalc.decide("fast-action-poker", "As Ad", workers=10 ** 6, **FAST_ACTION_DECIDE),
     "workers"),
    ("players='3'", lambda: oddscalc.decide("fast-action-poker", "As Ad", board="Kh 7d 2c", players="3"), "players"),
    ("players=9", lambda: oddscalc.decide("fast-action-poker", "As Ad", board="Kh 7d 2c", players=9), "players"),
    ("others_bet=5", lambda: oddscalc.decide("fast-action-poker", "As Ad", others_bet=5, **FAST_ACTION_DECIDE),
     "others_bet"),
    ("others_bet=[8]", lambda: oddscalc.decide("fast-action-poker", "As Ad", others_bet=[8], **FAST_ACTION_DECIDE),
     "others_bet"),
    ("hero_button='x'", lambda: oddscalc.decide("caribbean-stud", "As Kd Jc 8h 3s", "Kh", hero_button="x"),
     "hero_button"),
    ("hero_button on a game without betting",
     lambda: oddscalc.decide("caribbean-stud", "As Kd Jc 8h 3s", "Kh", hero_button=True), "hero_button"),
    ("players on a game without players",
     lambda: oddscalc.decide("caribbean-stud", "As Kd Jc 8h 3s", "Kh", players=3), "players"),
    ("samples on an exact game", lambda: oddscalc.decide("fast-poker", "Qh 6d 4s", samples=100), "samples"),
    ("decide without a hand", lambda: oddscalc.decide("fast-action-poker", None), "hand"),
    ("decide without a board", lambda: oddscalc.decide("fast-action-poker", "As Ad"), "board"),
    ("decide without players", lambda: oddscalc.decide("fast-action-poker", "As Ad", board="Kh 7d 2c"), "players"),
    # analyze and strategy
    ("seats=5", lambda: oddscalc.analyze("fast-action-poker", seats=5), "seats"),
    ("seats on a game without seats", lambda: oddscalc.analyze("caribbean-stud", seats="1,2,3"), "seats"),
    ("analyze without seats", lambda: oddscalc.analyze("fast-action-poker"), "seats"),
    ("analyze samples=1", lambda: oddscalc.analyze("fast-action-poker", seats="1,2,3", samples=1), "samples"),
    ("seed=-1", lambda: oddscalc.analyze("fast-action-poker", seats="1,2,3", seed=-1), "seed"),
    ("scheduler=5", lambda: oddscalc.analyze("fast-action-poker", seats="1,2,3", scheduler=5), "scheduler"),
    ("compare='x'", lambda: oddscalc.strategy("fast-poker", compare="x"), "compare"),
    ("price=5", lambda: oddscalc.strategy("fast-poker", price=5), "price"),
    ("compare and price", lambda: oddscalc.strategy("fast-poker", compare=True, price="Q-6-4+"), "price"),
    # design, sweep
    ("per=5", lambda: oddscalc.design("five-plus-one-bonus", "flush", "0.9", per=5), "per"),
    ("per='totl'", lambda: oddscalc.design("five-plus-one-bonus", "flush", "0.9", per="totl"), "per"),
    ("vary=5", lambda: oddscalc.design("five-plus-one-bonus", 5, "0.9"), "vary"),
    ("vary a range", lambda: oddscalc.design("five-plus-one-bonus", "flush=1..3", "0.9"), "vary"),
    ("target=None", lambda: oddscalc.design("five-plus-one-bonus", "flush", None), "target"),
    ("target=nan", lambda: oddscalc.design("five-plus-one-bonus", "flush", float("nan")), "target"),
    ("target=97.5", lambda: oddscalc.design("five-plus-one-bonus", "flush", 97.5), "target"),
    ("max_payout=[1]", lambda: oddscalc.design("five-plus-one-bonus", "flush", "0.9", max_payout=[1]), "max_payout"),
    ("step=0", lambda: oddscalc.design("five-plus-one-bonus", "flush", "0.9", step=0), "step"),
    ("symbolic=1", lambda: oddscalc.design("five-plus-one-bonus", "flush", "0.9", symbolic=1), "symbolic"),
    ("sweep vary=5", lambda: oddscalc.sweep("five-plus-one-bonus", 5), "vary"),
    ("sweep values=5", lambda: oddscalc.sweep("five-plus-one-bonus", "flush", 5), "values"),
    ("sweep values of 10**4", lambda: oddscalc.sweep("five-plus-one-bonus", "flush", range(10 ** 4)), "values"),
    ("sweep step=0", lambda: oddscalc.sweep("five-plus-one-bonus", "flush=1..3", step=0), "step"),
    ("sweep backwards", lambda: oddscalc.sweep("five-plus-one-bonus", "flush=3..1"), "vary"),
    ("sweep plot=5", lambda: oddscalc.sweep("five-plus-one-bonus", "flush=1..3", plot=5), "plot"),
    ("sweep plot='x.txt'", lambda: oddscalc.sweep("five-plus-one-bonus", "flush=1..3", plot="x.txt"), "plot"),
    # distribution
    ("rounds=0", lambda: oddscalc.distribution("fast-poker", 0), "rounds"),
    ("rounds=1.5", lambda: oddscalc.distribution("fast-poker", 1.5), "rounds"),
    ("rounds='3'", lambda: oddscalc.distribution("fast-poker", "3"), "rounds"),
    ("rounds=10**16", lambda: oddscalc.distribution("fast-poker", 10 ** 16), "rounds"),
    ("quantiles=0.5", lambda: oddscalc.distribution("fast-poker", 1, quantiles=0.5), "quantiles"),
    ("quantiles=[2]", lambda: oddscalc.distribution("fast-poker", 1, quantiles=[2]), "quantiles"),
    ("quantiles=[]", lambda: oddscalc.distribution("fast-poker", 1, quantiles=[]), "quantiles"),
    ("digits=0", lambda: oddscalc.distribution("fast-poker", 1, digits=0), "digits"),
    ("digits=1.5", lambda: oddscalc.distribution("fast-poker", 1, digits=1.5), "digits"),
    ("losing_more_than=5", lambda: oddscalc.distribution("fast-poker", 1, losing_more_than=5), "losing_more_than"),
    ("full='x'", lambda: oddscalc.distribution("fast-poker", 1, full="x"), "full"),
    ("exact and digits", lambda: oddscalc.distribution("fast-poker", 1, exact=True, digits=5), "digits"),
    # simulate, check
    ("simulate 100.5", lambda: oddscalc.simulate("fast-poker", 100.5), "rounds"),
    ("simulate rounds=True", lambda: oddscalc.simulate("fast-poker", True), "rounds"),
    ("simulate rounds=0", lambda: oddscalc.simulate("fast-poker", 0), "rounds"),
    ("seed=-1", lambda: oddscalc.simulate("fast-poker", 100, seed=-1), "seed"),
    ("seed=1.5", lambda: oddscalc.simulate("fast-poker", 100, seed=1.5), "seed"),
    ("seed=2**64", lambda: oddscalc.simulate("fast-poker", 100, seed=2 ** 64), "seed"),
    ("strategy=5", lambda: oddscalc.simulate("fast-poker", 100, strategy=5), "strategy"),
    ("output=5", lambda: oddscalc.simulate("fast-poker", 100, output=5), "output"),
    ("output='x.txt'", lambda: oddscalc.simulate("fast-poker", 100, output="x.txt"), "output"),
    ("rounds beyond the time limit", lambda: oddscalc.simulate("fast-poker", 10 ** 14), "ODDSCALC_MAX_SECONDS"),
    ("check alpha=None", lambda: oddscalc.check("five-plus-one-bonus", {"lose": 5}, alpha=None), "alpha"),
    ("check alpha=2", lambda: oddscalc.check("five-plus-one-bonus", {"lose": 5}, alpha=2), "alpha"),
    ("check strategy=5", lambda: oddscalc.check("five-plus-one-bonus", {"lose": 5}, strategy=5), "strategy"),
    ("check table=0", lambda: oddscalc.check("five-plus-one-bonus", {"lose": 5}, table=0), "table"),
    # exposure
    ("dealer_cards=-1", lambda: oddscalc.exposure("three-card-poker", dealer_cards=-1), "dealer_cards"),
    ("dealer_cards=6", lambda: oddscalc.exposure("three-card-poker", dealer_cards=6), "dealer_cards"),
    ("dealer_cards=4 in a three-card game", lambda: oddscalc.exposure("three-card-poker", dealer_cards=4),
     "dealer_cards"),
    ("boxes=1.5", lambda: oddscalc.exposure("three-card-poker", boxes=1.5), "boxes"),
    ("boxes=8", lambda: oddscalc.exposure("three-card-poker", boxes=8), "boxes"),
    ("exposure samples=0", lambda: oddscalc.exposure("three-card-poker", samples=0), "samples"),
    ("exposure seed=1.5", lambda: oddscalc.exposure("three-card-poker", seed=1.5), "seed"),
    ("exposure workers=257", lambda: oddscalc.exposure("three-card-poker", workers=257), "workers"),
    ("sorted_ranks=5", lambda: oddscalc.exposure("caribbean-stud", sorted_ranks=5), "sorted_ranks"),
    # Fast Action odds
    ("button=2", lambda: oddscalc.fast_action_odds("1,2,3", button=2), "button"),
    ("seats=123", lambda: oddscalc.fast_action_odds(123), "seats"),
    ("hole=['1:AsAd']", lambda: oddscalc.fast_action_odds("1,2,3", hole=["1:AsAd"]), "hole"),
    ("fast-action samples=0", lambda: oddscalc.fast_action_odds("1,2,3", samples=0), "samples"),
    ("fast-action workers=0", lambda: oddscalc.fast_action_odds("1,2,3", workers=0), "workers"),
    ("exact_limit=-1", lambda: oddscalc.fast_action_odds("1,2,3", exact_limit=-1), "exact_limit"),
    ("exact_limit=10**13", lambda: oddscalc.fast_action_odds("1,2,3", exact_limit=10 ** 13), "exact_limit"),
    ("draws before the deal is known", lambda: oddscalc.fast_action_odds("1,2,3", draws="As"), "draws"),
    ("fast-action game=5", lambda: oddscalc.fast_action_odds("1,2,3", game=5), "game"),
    # the par sheet
    ("output=5", lambda: oddscalc.par_sheet("fast-poker", 5), "output"),
    ("output='sheet.doc'", lambda: oddscalc.par_sheet("fast-poker", "sheet.doc"), "output"),
    ("sheet rounds=0", lambda: oddscalc.par_sheet("fast-poker", "sheet.html", rounds=0), "rounds"),
    ("sheet rounds=1.5", lambda: oddscalc.par_sheet("fast-poker", "sheet.html", rounds=1.5), "rounds"),
    ("sweep_points='3'", lambda: oddscalc.par_sheet("fast-poker", "sheet.html", sweep_points="3"), "sweep_points"),
    ("sweep_points=102", lambda: oddscalc.par_sheet("fast-poker", "sheet.html", sweep_points=102), "sweep_points"),
    ("command=5", lambda: oddscalc.par_sheet("fast-poker", "sheet.html", command=5), "command"),
]


@pytest.mark.parametrize("call, parameter", [pytest.param(call, parameter, id=name)
                                             for name, call, parameter in BAD_CALLS])
def test_a_bad_call_is_refused_naming_the_parameter_not_an_option(call, parameter, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    message = refusal(call)
    assert (f"{parameter}=" if parameter.islower() else parameter) in message
    assert "--" not in message
    assert list(tmp_path.iterdir()) == []                   # nothing written


# --- a wrong type for every parameter of every function ---------------------------------------

# a valid value of every required parameter
REQUIRED = {"game": "five-plus-one-bonus", "hand": "As Kd 9c 5h 2s", "vary": "flush", "target": "0.9", "rounds": 10,
            "counts": {"lose": 1}, "seats": "1,2,3", "cards": "As Kd Qh", "output": "sheet.html", "name": "odds",
            "variants": ["flush=6"], "hands": ["As Ks Qs Js Ts"]}


VARIADIC = (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)   # a family's inputs: below


def wrong_type_calls():
    """For every parameter of every public function: the function called with that one argument
    of a type no parameter takes (and valid required ones)."""
    for name in PUBLIC:
        function = getattr(oddscalc, name)
        declared = [p for p in inspect.signature(function).parameters.values() if p.kind not in VARIADIC]
        required = [p.name for p in declared if p.default is inspect.Parameter.empty]
        for parameter in declared:
            for value in (object(), b"bytes", 3j):
                arguments = {key: REQUIRED[key] for key in required}
                arguments[parameter.name] = value
                yield pytest.param(function, arguments, parameter.name, id=f"{name}({parameter.name}={value!r:.9})")


@pytest.mark.parametrize("function, arguments, parameter", list(wrong_type_calls()))
def test_every_parameter_refuses_a_wrong_type(function, arguments, parameter):
    message = refusal(lambda: function(**arguments))
    assert "--" not in message
    if parameter == "counts":               # check's counts: the counts reader's own refusal
        assert "counts" in message
    else:
        assert message.startswith(f"{parameter}= must be ")
        with pytest.raises(TypeError):      # a wrong type is an InputError that is also a TypeError
            function(**arguments)


# a family's declared inputs (decide's, and Fast Action's analyze): checked by their kind
FAMILY_INPUTS = [
    (oddscalc.decide, "caribbean-stud", {"hand": "As Kd 9c 5h 2s", "up": "Qd"}, "dead"),
    (oddscalc.decide, "caribbean-stud", {"up": "Qd"}, "hand"),
    (oddscalc.decide, "fast-action-poker", {"hand": "As Kd", "board": "Qs Jh 2c", "players": 3}, "players"),
    (oddscalc.decide, "fast-action-poker", {"hand": "As Kd", "board": "Qs Jh 2c", "players": 3}, "others_bet"),
    (oddscalc.decide, "fast-action-poker", {"hand": "As Kd", "board": "Qs Jh 2c", "players": 3}, "hero_button"),
    (oddscalc.analyze, "fast-action-poker", {}, "seats"),
]


@pytest.mark.parametrize("function, game, arguments, parameter", FAMILY_INPUTS,
                         ids=[f"{f.__name__}-{g}-{p}" for f, g, _a, p in FAMILY_INPUTS])
def test_every_declared_input_refuses_a_wrong_type(function, game, arguments, parameter):
    for value in (object(), b"bytes", 3j):
        message = refusal(lambda value=value: function(game, **{**arguments, parameter: value}))
        assert message.startswith(f"{parameter}= must be "), message


def test_an_input_the_family_does_not_declare_is_refused_by_name():
    message = refusal(lambda: oddscalc.decide("caribbean-stud", "As Kd 9c 5h 2s", "Qd", players=4))
    assert message == ("decide caribbean-stud: players= does not apply to this game "
                       "(it takes: hand, up, seen, reads, dead)")


def test_every_public_function_is_behind_the_boundary():
    assert len(PUBLIC) == 18
    for name in PUBLIC:
        assert getattr(getattr(oddscalc, name), "__wrapped__", None) is not None, name


def test_a_parameter_without_a_checker_fails_when_the_function_is_defined():
    def unchecked(game: str) -> None:
        return None
    with pytest.raises(TypeError, match="'game' has no checker"):
        boundary(unchecked)


# --- the limits are the command line's ---------------------------------------------------------

LIMITS = [   # (the API call with a value just past a limit, the same on the command line, the name)
    (lambda: oddscalc.simulate("fast-poker", 10, seed=2 ** 64), ("simulate", "fast-poker", "--rounds", "10",
                                                                 "--seed", str(2 ** 64)), "seed"),
    (lambda: oddscalc.simulate("fast-poker", 10 ** 15 + 1), ("simulate", "fast-poker", "--rounds", str(10 ** 15 + 1)),
     "rounds"),
    (lambda: oddscalc.exposure("three-card-poker", samples=1),
     ("exposure", "three-card-poker", "--samples", "1"), "samples"),
    (lambda: oddscalc.exposure("three-card-poker", samples=10 ** 9 + 1),
     ("exposure", "three-card-poker", "--samples", str(10 ** 9 + 1)), "samples"),
    (lambda: oddscalc.exposure("three-card-poker", workers=257),
     ("exposure", "three-card-poker", "--workers", "257"), "workers"),
    (lambda: oddscalc.exposure("three-card-poker", dealer_cards=6),
     ("exposure", "three-card-poker", "--dealer-cards", "6"), "dealer-cards"),
    (lambda: oddscalc.exposure("three-card-poker", boxes=8), ("exposure", "three-card-poker", "--boxes", "8"),
     "boxes"),
    (lambda: oddscalc.fast_action_odds("1,2,3", exact_limit=10 ** 12 + 1),
     ("fast-action", "odds", "--seats", "1,2,3", "--exact-limit", str(10 ** 12 + 1)), "exact-limit"),
    (lambda: oddscalc.decide("fast-action-poker", "As Ad", board="Kh 7d 2c", players=9),
     ("decide", "fast-action-poker", "--hole", "As Ad", "--flop", "Kh 7d 2c", "--players", "9"), "players"),
    (lambda: oddscalc.decide("fast-action-poker", "As Ad", board="Kh 7d 2c", players=3, others_bet=[8]),
     ("decide", "fast-action-poker", "--hole", "As Ad", "--flop", "Kh 7d 2c", "--players", "3",
      "--others-bet", "8"), "others-bet"),
    (lambda: oddscalc.distribution("fast-poker", 1, digits=100_001),
     ("distribution", "fast-poker", "--digits", "100001"), "digits"),
    (lambda: oddscalc.par_sheet("fast-poker", "sheet.html", rounds=5001),
     ("report", "fast-poker", "--output", "sheet.html", "--rounds", "5001"), "rounds"),
    (lambda: oddscalc.par_sheet("fast-poker", "sheet.html", sweep_points=102),
     ("report", "fast-poker", "--output", "sheet.html", "--sweep-points", "102"), "sweep-points"),
]


@pytest.mark.parametrize("call, argv, name", LIMITS, ids=[f"{argv[0]} {name}" for _, argv, name in LIMITS])
def test_the_api_refuses_what_the_command_line_refuses(call, argv, name, cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    api = refusal(call)
    assert api.startswith(f"{name.replace('-', '_')}= must be between ")
    printed = cli(*argv)
    assert printed.refused(f"--{name}"), printed.err


def test_the_limits_themselves_are_allowed(tmp_path):
    assert oddscalc.simulate("fast-poker", 10, seed=2 ** 64 - 1).counts.rounds == 10
    settled = oddscalc.fast_action_odds("1,2,3", exact_limit=10 ** 12, samples=10 ** 9, seed=0, workers=256,
                                        **SETTLED)
    assert settled.to_dict()["net"] == {"1": "6", "2": "-3", "3": "-3"}


# --- the caller's terms ------------------------------------------------------------------------

def test_a_refusal_below_speaks_options_to_the_command_line_and_parameters_to_python(cli):
    printed = cli("decide", "caribbean-stud", "--hand", "As Kd Jc 8h 3s")
    assert printed.refused("needs --up with the dealer's face-up card")
    assert refusal(lambda: oddscalc.decide("caribbean-stud", "As Kd Jc 8h 3s")).endswith(
        "needs up= with the dealer's face-up card")
    printed = cli("analyze", "fast-poker", "--pay", "flush=-1")
    assert printed.refused("--pay flush: negative value -1")
    assert refusal(lambda: oddscalc.analyze("fast-poker", pays={"flush": -1})).startswith("pays= flush: negative")


def test_the_terms_end_with_the_call():
    message = refusal(lambda: oddscalc.analyze("fast-poker", pays={"flush": -1}))
    assert message.startswith("pays=")
    from oddscalc.cli.main import run
    with pytest.raises(oddscalc.InputError, match="--pay flush"):
        run(["analyze", "fast-poker", "--pay", "flush=-1"])
    assert refusal(lambda: oddscalc.load("fast-poker", pays={"flush": -1})).startswith("pays=")


@pytest.mark.parametrize("message, parameters, expected", [
    ("--pay flush: negative value -1", ["pays"], "pays= flush: negative value -1"),
    ("--others-bet must be between 0 and 4 with 5 players", ["others_bet"], "others_bet= must be between 0 and 4"),
    ("decide g needs --hole with your 2 cards", ["hand"], "decide g needs hand= with your 2 cards"),
    ("--hole 1:AsKd: seat 1", ["hole"], "hole=1:AsKd: seat 1"),
    ("needs --flop with the community cards", ["board"], "needs board= with"),
    ("--target-return 97.5 would be a return of 9750 %", ["target"], "target=97.5 would be"),
    ("(raise it with --max-memory MB or ODDSCALC_MAX_MEMORY_MB)", [], "(raise it with ODDSCALC_MAX_MEMORY_MB)"),
    ("a meter (rules.meter, --meter) does not apply", ["rules"], "a meter (rules.meter, rules=) does not apply"),
    ("unknown game '--pay' (did you mean", ["game"], "unknown game '--pay' (did you mean"),
    ("the player's --up card", ["up"], "the player's up= card"),
])
def test_api_terms(message, parameters, expected):
    assert api_terms(message, parameters).startswith(expected)


def test_a_call_that_does_not_fit_the_signature_is_an_input_error_with_the_nearest_name():
    message = refusal(lambda: oddscalc.analyze("fast-poker", pay={"flush": 6}))
    assert "unexpected keyword argument 'pay'" in message and "did you mean 'pays='" in message
    assert "missing a required argument: 'rounds'" in refusal(lambda: oddscalc.simulate("fast-poker"))
    assert "too many positional arguments" in refusal(lambda: oddscalc.games(1))
    with pytest.raises(TypeError):
        oddscalc.games(1)


# --- what the boundary accepts and hands on ----------------------------------------------------

def test_table_zero_is_refused_without_reading_standard_input(monkeypatch):
    def no_read(*args):
        raise AssertionError("stdin read")
    monkeypatch.setattr(sys, "stdin", None)
    monkeypatch.setattr("os.read", no_read)
    with pytest.raises(ArgumentTypeError, match="table= must be a path"):
        oddscalc.load("fast-poker", table=0)


def test_numpy_integers_are_integers_and_numpy_floats_are_not():
    run = oddscalc.simulate("fast-poker", numpy.int64(20), seed=numpy.uint64(3))
    assert run.counts.rounds == 20 and run.counts.counts == oddscalc.simulate("fast-poker", 20, seed=3).counts.counts
    assert refusal(lambda: oddscalc.simulate("fast-poker", numpy.float64(20))).startswith("rounds= must be")
    assert refusal(lambda: oddscalc.simulate("fast-poker", numpy.bool_(True))).startswith("rounds= must be")


def test_iterables_are_read_once_and_paths_may_be_path_like(tmp_path):
    table = oddscalc.load("fast-poker", pays=(line for line in ["flush=7"]))
    assert table.paytable().pay("flush") == 7
    assert oddscalc.decide("caribbean-stud", iter(["As", "Ad", "9c", "5h", "2s"]), "Qd").choice == "call"
    levels = oddscalc.distribution("five-plus-one-bonus", 2, quantiles=iter([Fraction(1, 2)]))
    assert levels.exact
    overlay = tmp_path / "t.toml"
    overlay.write_text("[paytables.play.pays]\nflush = 9\n")
    assert oddscalc.load("fast-poker", table=overlay).paytable().pay("flush") == 9
    assert oddscalc.load(Path(oddscalc.load("fast-poker").source)).name == "fast-poker"


def test_whole_refuses_bools_and_integral_floats():
    check = Whole(0, 10)
    assert check(3, "--x") == 3
    for value in (True, 3.0, Fraction(3), "3"):
        with pytest.raises(ArgumentTypeError, match="--x must be a whole number"):
            check(value, "--x")
