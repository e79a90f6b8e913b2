"""A normal (non-editable) install ships every package: pyproject.toml lists them one by one (the
tables folder is mapped in as ``oddscalc._tables``), so a new subpackage must be added there."""
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_package_is_listed_for_a_normal_install():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(init.parent.relative_to(ROOT).parts) for init in (ROOT / "oddscalc").rglob("__init__.py")
             if "__pycache__" not in init.parts}
    assert found <= listed, f"add to pyproject.toml: {sorted(found - listed)}"
    assert listed - found == {"oddscalc._tables"}
