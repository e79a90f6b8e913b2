"""A page printed to PDF by headless Chromium, for a par sheet filed as a document.

Chromium (Debian's ``chromium`` package) lays out and prints the very page the HTML output is, so
the PDF shows what a browser shows, with no PDF library to keep in step with the page.  Where no
Chromium is installed, asking for a PDF is refused with one line before any work starts.
"""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from oddscalc.core.errors import InputError

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "chrome")
SECONDS = 300        # printing a par sheet takes a few seconds; a hung browser is stopped here


def find_browser() -> str | None:
    """The path of a Chromium found on PATH, or None."""
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    return None


def require_browser(what: str) -> str:
    """The Chromium a PDF needs, or a one-line refusal.

    >>> import os
    >>> saved = os.environ.get("PATH", "")
    >>> os.environ["PATH"] = ""
    >>> try:
    ...     require_browser("--output")
    ... finally:
    ...     os.environ["PATH"] = saved
    Traceback (most recent call last):
    oddscalc.core.errors.InputError: --output: a PDF is printed by Chromium, which is not installed ...
    """
    browser = find_browser()
    if browser is None:
        raise InputError(f"{what}: a PDF is printed by Chromium, which is not installed (Debian: apt-get install "
                         "chromium); write .html instead")
    return browser


def headless_flags(browser: str, profile: Path) -> list[str]:
    """Chromium headless with a fresh profile and nothing reaching the network."""
    flags = [browser, "--headless", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
             "--no-first-run", "--disable-extensions", f"--user-data-dir={profile}"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        flags.append("--no-sandbox")        # Chromium refuses to run as root with its sandbox
    return flags


def print_pdf(html: str, what: str) -> bytes:
    """The PDF Chromium prints of the self-contained page ``html``."""
    browser = require_browser(what)
    # imported here: only a PDF needs a scratch folder
    import tempfile
    with tempfile.TemporaryDirectory(prefix="oddscalc-pdf-") as scratch:
        page, pdf = Path(scratch) / "page.html", Path(scratch) / "page.pdf"
        page.write_text(html, encoding="utf-8")
        command = [*headless_flags(browser, Path(scratch) / "profile"), "--no-pdf-header-footer",
                   f"--print-to-pdf={pdf}", page.as_uri()]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=SECONDS)
        except subprocess.TimeoutExpired:
            raise InputError(f"{what}: Chromium did not print the page within {SECONDS} s") from None
        except OSError as error:
            raise InputError(f"{what}: cannot run {browser}: {error.strerror}") from None
        data = pdf.read_bytes() if pdf.is_file() else b""
    if done.returncode != 0 or not data.startswith(b"%PDF-"):
        last = (done.stderr.strip().splitlines() or ["no message"])[-1][:200]
        raise InputError(f"{what}: Chromium could not print the page to PDF ({last})")
    return data
