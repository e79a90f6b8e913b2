"""The workbench's parts without a server: the folder it may touch, the requests it takes, the
form made from each game's schema, the overlay that reproduces a table, the JSON API's document,
the progress read off the API's bars."""
import tomllib
from fractions import Fraction

import pytest

import oddscalc
from oddscalc.web import requests as checked
from oddscalc.web.folder import Folder
from oddscalc.web.form import game_form
from oddscalc.web.overlay import changes, overlay_toml
from oddscalc.web.progress import Tap
from oddscalc.web.schema import BODIES, api_schema
from oddscalc.web.settings import Settings


@pytest.fixture
def folder(tmp_path):
    return Folder.at(tmp_path)


@pytest.mark.parametrize("name", ["../x.toml", "/etc/passwd", "a/b.toml", ".hidden.toml", "x..toml", "", "x.txt",
                                  "a\0.toml", "é.toml"])
def test_a_name_that_leads_out_of_the_folder_is_refused(folder, name):
    with pytest.raises(oddscalc.InputError) as refused:
        folder.path(name, (".toml",))
    assert "\n" not in str(refused.value)


def test_a_link_out_of_the_folder_is_refused(folder, tmp_path_factory):
    outside = tmp_path_factory.mktemp("outside") / "game.toml"
    outside.write_text("name = 'x'\n")
    (folder.root / "game.toml").symlink_to(outside)
    with pytest.raises(oddscalc.InputError, match="leads out of the workbench folder"):
        folder.game("game.toml")
    assert folder.game_files() == []


def test_only_the_workbench_exports_are_served(folder):
    (folder.root / "notes.html").write_text("private")
    with pytest.raises(oddscalc.InputError, match="not one of the workbench's exports"):
        folder.read_export("notes.html")
    folder.write("oddscalc-x.toml", "a = 1\n")
    assert folder.read_export("oddscalc-x.toml") == b"a = 1\n"


def test_a_request_becomes_the_command_lines_overlays(folder):
    request = checked.game_request({"game": "caribbean-stud", "pays": {"call.flush": "6", "call.pair": None},
                                    "rules": {"ties": "dealer", "call_multiple": 3}}, folder)
    assert request["pays"] == ["call.flush=6", "call.pair=none"]
    assert request["rules"] == ["ties=dealer", "call_multiple=3"]
    assert request["strategy"] == "optimal"


@pytest.mark.parametrize("body, message", [
    ({"game": "caribean-stud"}, "unknown game 'caribean-stud' (did you mean 'caribbean-stud'?)"),
    ({"game": "caribbean-stud", "pay": {}}, "unknown field 'pay' (did you mean 'pays'?)"),
    ({"game": "caribbean-stud", "pays": [1]}, "pays must be a JSON object"),
    ({"game": "caribbean-stud", "pays": {"flush": 1.5}}, "give the value as text"),
    ({"game": "../../etc/passwd.toml"}, "give a file name in the workbench folder"),
    ({"game": "caribbean-stud", "strategy": "../s.toml"}, "give a file name in the workbench folder"),
    ({"game": "caribbean-stud", "inputs": {"seats": "/etc/x"}}, "no file"),
    ({"game": "caribbean-stud", "inputs": {"table": "x.toml"}}, "'table' is not an input of a game"),
    ({"game": "fast-action-poker", "inputs": {"scheduler": "tcp://10.0.0.1:8786"}}, "the workbench sets it"),
    ([], "the request body must be a JSON object"),
])
def test_a_bad_request_is_one_line(folder, body, message):
    with pytest.raises(oddscalc.InputError) as refused:
        checked.game_request(body, folder)
    assert message in str(refused.value) and "\n" not in str(refused.value)


def test_a_variant_cannot_name_a_file_outside_the_folder(folder):
    with pytest.raises(oddscalc.InputError, match="give a file name in the workbench folder"):
        checked.compare_request({"game": "caribbean-stud", "variants": ["../t.toml"]}, folder)
    with pytest.raises(oddscalc.InputError, match="a strategy file is named by the strategy field"):
        checked.compare_request({"game": "caribbean-stud", "variants": ["strategy=/tmp/s.toml"]}, folder)


def test_a_sweep_range_is_exact_and_bounded(folder):
    request = checked.sweep_request({"game": "fast-poker", "vary": "flush", "from": "1", "to": "2", "step": "1/3"},
                                    folder)
    assert request["values"] == ["1", "4/3", "5/3", "2"]
    with pytest.raises(oddscalc.InputError, match=r"gives 1001 payouts \(at most 101\)"):
        checked.sweep_request({"game": "fast-poker", "vary": "flush", "from": "0", "to": "1000"}, folder)


@pytest.mark.parametrize("game", oddscalc.games().names)
def test_every_game_has_a_form_from_its_schema(game):
    table = oddscalc.load(game)
    form = game_form(table, game)
    assert [rule["key"] for rule in form["rules"]] == list(table.rules.values)
    for rule in form["rules"]:
        if rule["given"]:        # each value the file sets, as the form shows it, is taken back by --rule
            again = oddscalc.load(game, rules=[f"{rule['key']}={rule['value']}"])
            assert again.digest() == table.digest(), rule
    assert [p["name"] for p in form["paytables"]] == [p.name for p in table.paytables]
    for paytable in form["paytables"]:
        for pay in paytable["pays"]:
            assert oddscalc.load(game, pays=[f"{pay['key']}={pay['value']}"]).digest() == table.digest()


def test_the_overlay_reproduces_the_table(tmp_path):
    table = oddscalc.load("three-card-poker", pays=["pair-plus.flush=7/2", "pair-plus.pair=none", "flush=2"],
                          rules=["ties=dealer", "dealer_qualifies=K 2 2",
                                 "category_order=straight-flush, flush, three-of-a-kind, straight, pair, high-card"])
    shipped = oddscalc.load("three-card-poker")
    text = overlay_toml(table, shipped, "three-card-poker")
    tomllib.loads(text)
    (tmp_path / "overlay.toml").write_text(text)
    again = oddscalc.load("three-card-poker", table=tmp_path / "overlay.toml")
    assert again.digest() == table.digest()
    assert [c.field for c in changes(table, shipped)] == [
        "pays.play.flush", "pays.pair-plus.pair", "pays.pair-plus.flush", "rules.category_order",
        "rules.dealer_qualifies", "rules.ties"]
    assert changes(shipped, shipped) == [] and "[" not in overlay_toml(shipped, shipped, "three-card-poker")


def test_an_overlay_string_with_any_character_reads_back():
    from oddscalc.web.overlay import toml_string
    text = 'a "quoted" \\ back\nslash\t\x7f\x01 ☃ 😀'
    assert tomllib.loads(f"x = {toml_string(text)}")["x"] == text


def test_the_api_document_lists_each_requests_fields():
    assert {kind: set(fields) for kind, fields in BODIES.items()} == {
        kind: set(fields) for kind, fields in checked.FIELDS.items()}
    document = api_schema()
    assert document["openapi"].startswith("3.1")
    assert {"/api/analyze", "/api/design", "/api/sweep", "/api/compare", "/api/parsheet", "/api/jobs/{job}"} \
        <= set(document["paths"])


def test_the_documented_routes_are_the_routes():
    pytest.importorskip("starlette")
    from oddscalc.web.app import Workbench
    routes = {route.path for route in Workbench(Settings(warm=())).routes()}
    api = {path for path in routes if path.startswith("/api")}
    assert api == set(api_schema()["paths"])


def test_progress_is_read_off_the_apis_bar_and_the_rest_is_passed_on():
    import io
    heard, passed = [], io.StringIO()
    tap = Tap(lambda done, label: heard.append((done, label)), passed)
    tap.write("\rpar sheet of fast-poker:  60%|██████    | 6/10 [00:01<00:00]")
    tap.write("a warning\n")
    assert heard == [(0.6, "par sheet of fast-poker")] and passed.getvalue() == "a warning\n" and tap.isatty()


def test_the_limits_reach_a_worker_as_the_command_line_reads_them():
    from oddscalc.core.budget import Limits, parse_limit
    environment = Settings(limits=Limits(1536.5, 2.25)).environment()
    assert parse_limit(environment["ODDSCALC_MAX_SECONDS"], "x") == 2.25
    assert parse_limit(environment["ODDSCALC_MAX_MEMORY_MB"], "x") == 1536.5


def test_a_figure_is_exact_with_its_decimal():
    from oddscalc.web.figures import number
    assert number(Fraction(-142031221, 2718662100)) == {"exact": "-142031221/2718662100", "decimal": "-0.0522430577",
                                                        "percent": "-5.224306 %"}


def test_a_heavy_or_sampled_analysis_goes_to_a_worker():
    from oddscalc.web.work import needs_worker
    plain = {"pays": [], "rules": [], "strategy": "optimal", "inputs": {}}
    assert [needs_worker({**plain, "game": game}) for game in ("casino-holdem", "fast-action-poker",
                                                               "caribbean-stud", "three-card-poker")] == [
        True, True, False, False]
