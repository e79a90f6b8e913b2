"""The JSON API of a running workbench: every figure is the API's (and so the command line's),
refusals are the API's one-line messages as JSON, long tasks run in workers with progress and can
be cancelled, nothing outside the folder is read or written, and concurrent requests are all
answered."""
import json
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction

import pytest

import oddscalc
from oddscalc.api.arguments import api_terms

pytestmark = pytest.mark.slow


def cli_json(cli, *args):
    done = cli(*args, "--format", "json")
    assert done.status == 0, done.err
    return json.loads(done.out)


def finished(http, answer, timeout=120):
    """A task's final state (following a 202 until it is over)."""
    job = answer.json()
    deadline = time.monotonic() + timeout
    while job["state"] in ("queued", "running"):
        assert time.monotonic() < deadline, job
        job = http.get(f"/api/jobs/{job['id']}", params={"wait": 5}).json()
    return job


def test_the_figures_are_analyzes_exactly(http, cli):
    answer = http.post("/api/analyze", json={"game": "three-card-poker",
                                             "pays": {"pair-plus.flush": "3", "play.flush": "2"}})
    assert answer.status_code == 200
    data = answer.json()
    expected = cli_json(cli, "analyze", "three-card-poker", "--pay", "pair-plus.flush=3", "--pay", "play.flush=2")
    assert data["report"] == expected                     # the whole --format json, as it is
    main = {m["key"]: m for m in data["wagers"][0]["metrics"]}
    for key in ("house_edge", "element_of_risk", "rtp", "rtp_total", "hit_frequency", "call_probability"):
        assert main[key]["exact"] == expected[key]
    pair_plus = {m["key"]: m for m in data["wagers"][1]["metrics"]}
    assert pair_plus["house_edge"]["exact"] == str(oddscalc.analyze(
        "three-card-poker", pays={"pair-plus.flush": 3}).wagers["pair-plus"].house_edge)
    assert data["shipped"]["main"]["house_edge"]["exact"] == "686689/20358520"
    assert data["changes"] == [{"field": "pays.play.flush", "shipped": "1", "value": "2"},
                               {"field": "pays.pair-plus.flush", "shipped": "4", "value": "3"}]


def test_a_bad_value_is_the_apis_one_line_message_beside_its_field(http, cli):
    answer = http.post("/api/analyze", json={"game": "three-card-poker",
                                             "pays": {"pair-plus.flush": "-3", "pair-plus.pair": "1"},
                                             "rules": {"dealer_upcards": "7"}})
    assert answer.status_code == 400
    errors = answer.json()["errors"]
    assert [e["field"] for e in errors] == ["pays.pair-plus.flush", "rules.dealer_upcards"]
    for error, option in zip(errors, (["--pay", "pair-plus.flush=-3"], ["--rule", "dealer_upcards=7"]), strict=True):
        refused = cli("analyze", "three-card-poker", *option)
        assert refused.refused()
        # the command line's line, its option named as the JSON API's field (pays=, rules=)
        assert error["message"] == api_terms(refused.err.removeprefix("oddscalc: error: ").strip(), ["pays", "rules"])
    assert answer.json()["error"] == errors[0]["message"]


@pytest.mark.parametrize("path, body, headers, status, message", [
    ("/api/analyze", b'{"game": "fast-poker"}', {"content-type": "text/plain"}, 415, "must be JSON"),
    ("/api/analyze", b'{"game": ', {"content-type": "application/json"}, 400, "not JSON"),
    ("/api/analyze", b'{"game": "fast-poker", "pay": {}}', {"content-type": "application/json"}, 400,
     "unknown field 'pay' (did you mean 'pays'?)"),
    ("/api/analyze", b'{"game": "x" }' + b" " * 300_000, {"content-type": "application/json"}, 413, "larger than"),
    ("/api/nothing", b"{}", {"content-type": "application/json"}, 404, "no such route"),
])
def test_refusals_are_json(http, path, body, headers, status, message):
    answer = http.post(path, content=body, headers=headers)
    assert answer.status_code == status and message in answer.json()["error"]


def test_another_hosts_name_is_not_answered(http):
    answer = http.get("/api", headers={"host": "attacker.example"})
    assert answer.status_code == 400


def test_no_file_outside_the_folder(http, workbench_folder, tmp_path):
    (tmp_path / "secret.toml").write_text("name = 'secret'\n")
    for name in (f"../{tmp_path.name}/secret.toml", str(tmp_path / "secret.toml"), "..%2Fsecret.toml"):
        answer = http.get("/api/form", params={"game": name})
        assert answer.status_code == 400 and "workbench folder" in answer.json()["error"]
    assert http.get("/api/files/..%2F..%2Fetc%2Fpasswd").status_code in (400, 404)
    assert http.get("/api/files/pyproject.toml").status_code == 400
    answer = http.post("/api/files", json={"name": "../evil.toml", "text": "x"})
    assert answer.status_code == 400 and not (workbench_folder.parent / "evil.toml").exists()


def test_a_game_file_of_the_folder_is_loaded_and_analysed(http, workbench_folder):
    text = (oddscalc.load("fast-poker").source and open(oddscalc.load("fast-poker").source).read())
    text = text.replace('name = "fast-poker"', 'name = "my-fast-poker"').replace("flush = 3", "flush = 4")
    answer = http.post("/api/files", json={"name": "my-fast-poker.toml", "text": text})
    assert answer.status_code == 200, answer.json()
    assert "my-fast-poker.toml" in http.get("/api/games").json()["files"]
    figures = http.post("/api/analyze", json={"game": "my-fast-poker.toml"}).json()
    assert figures["wagers"][0]["metrics"][1]["exact"] == str(
        oddscalc.analyze(workbench_folder / "my-fast-poker.toml").house_edge)
    broken = http.post("/api/files", json={"name": "broken.toml", "text": "name = \n"})
    assert broken.status_code == 400 and "malformed TOML" in broken.json()["error"]
    assert not (workbench_folder / "broken.toml").exists()


def test_the_overlay_reproduces_what_is_on_screen(http, cli, workbench_folder):
    body = {"game": "caribbean-stud", "pays": {"call.flush": "6", "call.straight": "7/2"}, "rules": {"ties": "dealer"}}
    overlay = http.post("/api/overlay", json=body).json()
    path = workbench_folder / overlay["file"]
    assert path.read_text() == overlay["toml"] == http.get(f"/api/files/{overlay['file']}").text
    shown = http.post("/api/analyze", json=body).json()
    again = cli_json(cli, "analyze", "caribbean-stud", "--table", path)
    assert again["house_edge"] == shown["report"]["house_edge"]
    assert oddscalc.load("caribbean-stud", table=path).digest() == shown["digest"]


def test_design_solves_and_its_payout_gives_the_target(http):
    answer = http.post("/api/design", params={"wait": 30},
                       json={"game": "three-card-poker", "vary": "pair-plus.flush", "target": "39/40"})
    job = finished(http, answer)
    assert job["state"] == "done", job
    assert job["result"]["payout"] == str(oddscalc.design("three-card-poker", "pair-plus.flush", "39/40").payout)
    applied = http.post("/api/analyze", json={"game": "three-card-poker",
                                              "pays": {"pair-plus.flush": job["result"]["payout"]}}).json()
    pair_plus = {m["key"]: m["exact"] for m in applied["wagers"][1]["metrics"]}
    assert Fraction(pair_plus["rtp"]) == Fraction(39, 40)


def test_sweep_compare_and_strategy_are_the_apis(http):
    swept = finished(http, http.post("/api/sweep", params={"wait": 30}, json={
        "game": "three-card-poker", "vary": "pair-plus.flush", "from": "2", "to": "9", "step": "1"}))
    assert swept["state"] == "done" and swept["progress"] == 1.0
    assert swept["result"]["rows"] == oddscalc.sweep("three-card-poker", "pair-plus.flush=2..9").to_dict()["rows"]
    compared = finished(http, http.post("/api/compare", params={"wait": 30}, json={
        "game": "three-card-poker", "variants": ["pair-plus.flush=3", "ties=dealer"]}))
    assert compared["result"]["report"] == oddscalc.compare(
        "three-card-poker", ["pair-plus.flush=3", "ties=dealer"]).to_dict()
    charted = finished(http, http.post("/api/strategy", params={"wait": 30}, json={"game": "three-card-poker"}))
    chart = oddscalc.strategy("three-card-poker").chart()
    assert charted["result"]["charts"][0]["rows"] == list(chart.rows)
    assert [cell["counts"] for row in charted["result"]["charts"][0]["cells"] for cell in row] == [
        list(cell) for row in chart.counts for cell in row]


def test_a_sampled_analysis_is_a_task_with_the_apis_figures(http):
    answer = http.post("/api/analyze", json={"game": "fast-action-poker",
                                             "inputs": {"seats": "1,2,4,7", "samples": 4000, "seed": 3}})
    assert answer.status_code == 202
    job = finished(http, answer)
    assert job["state"] == "done", job
    assert job["result"]["report"] == oddscalc.analyze("fast-action-poker", seats="1,2,4,7", samples=4000,
                                                       seed=3).to_dict()
    assert job["result"]["wagers"] == [] and job["result"]["exact"] is False


def test_a_strategy_by_name_prices_it(http):
    data = http.post("/api/analyze", json={"game": "three-card-poker", "strategy": "Q-6-4+"}).json()
    priced = oddscalc.compare("three-card-poker", ["strategy=optimal"], strategy="Q-6-4+")
    assert data["wagers"][0]["metrics"][1]["exact"] == str(priced.variants[0].wagers[0].analysis.house_edge)


def test_a_par_sheet_is_exported_with_progress(http, workbench_folder):
    answer = http.post("/api/parsheet", json={"game": "fast-poker", "sweep_points": 3, "rounds": 20})
    assert answer.status_code == 202
    job = finished(http, answer)
    assert job["state"] == "done", job
    sheet = http.get(f"/api/files/{job['result']['file']}")
    assert sheet.headers["content-type"].startswith("text/html")
    assert "default-src 'none'" in sheet.headers["content-security-policy"]
    assert (workbench_folder / job["result"]["file"]).read_text(encoding="utf-8") == sheet.text
    house_edge = str(oddscalc.analyze("fast-poker").house_edge)
    assert house_edge in sheet.text


def test_a_pdf_par_sheet_is_printed_by_chromium(http):
    job = finished(http, http.post("/api/parsheet", json={"game": "fast-poker", "format": "pdf", "sweep_points": 0,
                                                          "rounds": 10}))
    assert job["state"] == "done", job
    printed = http.get(f"/api/files/{job['result']['file']}")
    assert printed.content.startswith(b"%PDF") and printed.headers["content-type"] == "application/pdf"
    assert "attachment" in printed.headers["content-disposition"]


def test_a_running_task_is_cancelled_and_the_next_runs(http):
    started = http.post("/api/sweep", json={"game": "caribbean-stud", "vary": "call.flush", "from": "0", "to": "100"})
    job = started.json()
    deadline = time.monotonic() + 30
    while job["state"] == "queued" and time.monotonic() < deadline:
        job = http.get(f"/api/jobs/{job['id']}", params={"wait": 0.2}).json()
    assert job["state"] == "running"
    cancelled = http.delete(f"/api/jobs/{job['id']}").json()
    assert cancelled["state"] == "cancelled"
    after = finished(http, http.post("/api/design", params={"wait": 30},
                                     json={"game": "five-plus-one-bonus", "vary": "flush", "target": "0.9"}))
    assert after["state"] == "done" and after["result"]["payout"] == "11839/872"


def test_a_task_past_the_time_limit_is_stopped(tmp_path):
    from oddscalc.core.budget import Limits
    from oddscalc.web.settings import Settings
    from oddscalc.web.workers import Pool
    pool = Pool(Settings(folder=tmp_path, warm=(), limits=Limits(2048, 1.5)))
    pool.start()
    try:
        request = {"game": "caribbean-stud", "pays": [], "rules": [], "strategy": "optimal", "inputs": {},
                   "vary": "call.flush", "values": [str(v) for v in range(60)]}
        job = pool.submit("sweep", request)
        deadline = time.monotonic() + 60
        while not job.over and time.monotonic() < deadline:
            time.sleep(0.1)
        assert job.state == "failed" and "ran past the time limit of 2 s" in job.error
    finally:
        pool.stop()


def test_too_many_tasks_are_refused_not_queued(tmp_path):
    from oddscalc.web.settings import Settings
    from oddscalc.web.workers import Busy, Pool
    pool = Pool(Settings(folder=tmp_path, warm=(), max_jobs=2))
    pool.start()
    try:
        request = {"game": "fast-poker", "pays": [], "rules": [], "strategy": "optimal", "inputs": {}}
        pool.submit("strategy", request)
        pool.submit("strategy", request)
        with pytest.raises(Busy, match="at most 2"):
            pool.submit("strategy", request)
    finally:
        pool.stop()


def test_concurrent_requests_are_all_answered(http, workbench):
    """Twenty-four requests at once (figures and forms), while a long task runs: every one is
    answered, with the API's figures; the quick ones are not held up by the task."""
    long = http.post("/api/sweep", json={"game": "caribbean-stud", "vary": "call.straight", "from": "0", "to": "30"})
    flushes = [str(Fraction(n, 4)) for n in range(12, 28)]
    expected = {f: str(oddscalc.analyze("three-card-poker", pays={"play.flush": f}).house_edge) for f in flushes}
    import httpx

    def ask(pay):
        with httpx.Client(base_url=workbench.url, timeout=60) as client:
            start = time.monotonic()
            answer = client.post("/api/analyze", json={"game": "three-card-poker", "pays": {"play.flush": pay}})
            return pay, answer.status_code, answer.json(), time.monotonic() - start

    with ThreadPoolExecutor(max_workers=16) as pool:
        answers = list(pool.map(ask, flushes))
        forms = list(pool.map(lambda _: httpx.get(f"{workbench.url}/api/form?game=fast-poker", timeout=60).status_code,
                              range(8)))
    assert forms == [200] * 8
    for pay, status, data, _seconds in answers:
        assert status == 200 and data["wagers"][0]["metrics"][1]["exact"] == expected[pay]
    assert max(seconds for *_, seconds in answers) < 20
    assert threading.active_count() < 100
    http.delete(f"/api/jobs/{long.json()['id']}")


def test_the_schema_is_served(http):
    document = http.get("/api/schema").json()
    assert document["paths"]["/api/analyze"]["post"]["requestBody"]["content"]["application/json"]["schema"][
        "properties"]["pays"]["type"] == "object"
