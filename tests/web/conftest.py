"""The workbench under test: one server per session, in a thread of the test process, on a free
port of 127.0.0.1, over a folder of its own; an HTTP client; headless Chromium (Debian's) driven by
Playwright for the page."""
import os
import shutil

import pytest

CHROMIUM = os.environ.get("ODDSCALC_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="session")
def workbench_folder(tmp_path_factory):
    return tmp_path_factory.mktemp("workbench")


@pytest.fixture(scope="session")
def workbench(workbench_folder):
    """A running workbench (``.url``): no game warmed up, so the session starts at once; the tests
    that need Caribbean Stud's counts pay for them once."""
    pytest.importorskip("uvicorn", reason="the web extra is not installed: pip install -e '.[test]'")
    from oddscalc.web.server import start
    from oddscalc.web.settings import Settings
    running = start(Settings(port=0, folder=workbench_folder, warm=()))
    yield running
    running.stop()


@pytest.fixture(scope="session")
def http(workbench):
    import httpx
    with httpx.Client(base_url=workbench.url, timeout=120) as client:
        yield client


@pytest.fixture(scope="session")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api",
                                   reason="playwright is not installed: pip install -e '.[test]'")
    if not os.path.exists(CHROMIUM):
        pytest.skip("chromium not installed: apt-get install chromium")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        yield launched
        launched.close()


@pytest.fixture
def page(browser, workbench):
    """A fresh page (the page's own content policy is bypassed only so the test may evaluate its
    waiting conditions; the page itself runs no inline script)."""
    context = browser.new_context(bypass_csp=True, viewport={"width": 1500, "height": 1000}, accept_downloads=True)
    opened = context.new_page()
    errors = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.script_errors = errors
    yield opened
    context.close()
    assert errors == [], errors
