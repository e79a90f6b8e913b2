"""``oddscalc serve``: its options refused in one line like every command's, the web extra missing
said in one line, and the real command serving the page until Ctrl-C."""
import os
import signal
import subprocess
import sys
import time

import pytest


@pytest.mark.parametrize("args, message", [
    (("--port", "70000"), "--port must be between 0 and 65535, got 70000"),
    (("--workers", "0"), "--workers must be between 1 and 16, got 0"),
    (("--dir", "/nonexistent/folder"), "--dir: no such folder: '/nonexistent/folder'"),
    (("--warm", "caribean-stud"), "--warm: unknown game 'caribean-stud'"),
    (("--max-seconds", "0"), "--max-seconds must be a positive number, got 0"),
    (("--hots", "0.0.0.0"), "unrecognized arguments: --hots"),
])
def test_a_bad_option_is_one_line(cli, args, message):
    result = cli("serve", *args)
    assert result.refused(message), result.err


def test_without_the_web_extra_it_says_how_to_install_it(cli, monkeypatch, tmp_path):
    for name in ("uvicorn", "oddscalc.web.server", "oddscalc.web.app"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    monkeypatch.setitem(sys.modules, "uvicorn", None)       # as if it were not installed
    result = cli("serve", "--dir", tmp_path, "--warm", "none")
    assert result.refused("serve needs the web extra (uvicorn is not installed): pip install 'oddscalc[web]'")


@pytest.mark.slow
def test_the_command_serves_until_interrupted(tmp_path):
    import httpx
    process = subprocess.Popen([sys.executable, "-m", "oddscalc", "serve", "--port", "0", "--dir", str(tmp_path),
                                "--warm", "none"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               cwd=tmp_path, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        line = process.stdout.readline()
        assert line.startswith("oddscalc workbench: http://127.0.0.1:"), line
        url = line.split()[2].rstrip("/")
        deadline = time.monotonic() + 30
        while True:
            try:
                page = httpx.get(url + "/", timeout=5)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline
                time.sleep(0.1)
        assert page.status_code == 200 and "oddscalc workbench" in page.text
        assert "default-src 'self'" in page.headers["content-security-policy"]
        figures = httpx.post(url + "/api/analyze", json={"game": "fast-poker"}, timeout=60).json()
        assert figures["report"]["game"] == "fast-poker"
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    assert process.returncode == 0, err
    assert "the workbench stopped" in out
