"""What a normal install ships: every package of oddscalc/ is listed in pyproject.toml (a new
family's subpackage too: an editable install finds it anyway, an installed one would not)."""
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_package_is_listed_in_pyproject():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]["packages"])
    found = {".".join(path.parent.relative_to(ROOT).parts) for path in (ROOT / "oddscalc").rglob("__init__.py")}
    assert found <= listed, sorted(found - listed)
