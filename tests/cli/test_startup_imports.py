"""A short command imports only what it uses (docs/performance.md, start-up): a text or JSON report
never imports tabulate (report/text_table.py lays its tables out), wcwidth or importlib.metadata
(what tabulate would pull in), csv, or the heavy optional libraries; JSON is imported only to print
JSON.  Checked in a fresh interpreter, since the test process imports everything."""
import ast
import subprocess
import sys

import pytest

NEVER = ("tabulate", "wcwidth", "importlib.metadata", "csv", "sympy", "numpy", "matplotlib", "tqdm")
COMMANDS = [["decide", "three-card-poker", "--hand", "Qh 6d 4s"],
            ["decide", "mississippi-stud", "--hand", "As Kd", "--board", "Qs"],
            ["decide", "let-it-ride", "--hand", "As Kd 4c"],
            ["analyze", "five-plus-one-bonus"]]
PROGRAM = """
import ast, contextlib, importlib, io, sys
before = set(sys.modules)
main = importlib.import_module("oddscalc.cli.main").main
found = {}
for argv in ast.literal_eval(sys.argv[1]):
    with contextlib.redirect_stdout(io.StringIO()):
        status = main(argv)
    found[" ".join(argv)] = [status, sorted(set(sys.modules) - before)]
print(repr(found))
"""


def modules_after(commands):
    """Per command (run one after another in one fresh interpreter, which imports nothing of its
    own before them but ast, which dataclasses import anyway): its exit status and every module
    imported so far."""
    done = subprocess.run([sys.executable, "-c", PROGRAM, repr(commands)], capture_output=True, text=True,
                          check=True)
    return ast.literal_eval(done.stdout)


@pytest.mark.slow
def test_text_reports_start_without_tabulate_csv_json_or_optional_libraries():
    found = modules_after(COMMANDS)
    assert list(found) == [" ".join(argv) for argv in COMMANDS]
    for line, (status, modules) in found.items():
        assert status == 0, line
        imported = [name for name in modules if name in NEVER or name.split(".")[0] in NEVER or name == "json"]
        assert imported == [], line
        assert any(name.startswith("oddscalc.engines.") for name in modules), line    # the check saw a real run


@pytest.mark.slow
def test_json_is_imported_to_print_json():
    (status, modules), = modules_after([[*COMMANDS[0], "--format", "json"]]).values()
    assert status == 0 and "json" in modules and "tabulate" not in modules
