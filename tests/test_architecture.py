"""The layers import one way (cli → web → api → tools → engines → report → core), tools reach
engines only through the Engine protocol, the command line only through the API (and the
workbench, which it serves), the workbench through the API and the engines' contract, families do
not import each other, and no module imports itself back through a cycle.

Every module of the package is read, each package's ``__init__.py`` included (a family's
``__init__.py`` *is* that family: ``oddscalc.engines.stud``), and every import in it: top-level and
function-level ones, ``if TYPE_CHECKING:`` ones, relative ones (``from ..three_card import x``) and
``importlib.import_module("oddscalc....")`` with a literal name.  The rules are functions of the
module graph, so the tests at the end plant an import in the package's graph (and in a small package
on disk) and check that it is reported: a guard that is never seen to fail guards nothing."""
import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "oddscalc"
LAYERS = {"core": 0, "report": 1, "engines": 2, "tools": 3, "api": 4, "web": 5, "cli": 6}
NATIVE = "oddscalc._native"
NATIVE_USERS = ("core", "engines")
DYNAMIC = ("import_module", "__import__")


def module_name(path: Path, package: Path = PACKAGE) -> str:
    parts = path.relative_to(package.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_in(source: str, module: str, is_package: bool) -> set[str]:
    """Every ``oddscalc`` name the source of ``module`` imports, anywhere in it."""
    here = module if is_package else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = here.split(".")
                anchor = anchor[:len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, *([base] if base else [])])
            if node.module:
                found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
        elif (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str)
              and (getattr(node.func, "attr", None) or getattr(node.func, "id", None)) in DYNAMIC):
            found.add(node.args[0].value)
    return {name for name in found if name == "oddscalc" or name.startswith("oddscalc.")}


def read_modules(package: Path = PACKAGE) -> dict[str, set[str]]:
    """module name -> the names it imports, for every ``.py`` file of the package."""
    return {module_name(path, package): imports_in(path.read_text(encoding="utf-8"), module_name(path, package),
                                                   path.name == "__init__.py")
            for path in sorted(package.rglob("*.py"))}


def families(modules: dict[str, set[str]]) -> set[str]:
    """The engine families: the subpackages of ``oddscalc/engines``."""
    return {parts[2] for m in modules if len(parts := m.split(".")) > 3 and parts[1] == "engines"}


def resolve(name: str, modules: dict[str, set[str]]) -> str | None:
    """The module an imported name belongs to (``from pkg import name`` may name a module or not)."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def layer(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in LAYERS else None


def family_of(module: str, known: set[str]) -> str | None:
    """The family a module belongs to: ``oddscalc.engines.stud`` (its ``__init__``) and everything
    under it are ``stud``."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "engines" and parts[2] in known else None


def graph(modules: dict[str, set[str]]) -> dict[str, set[str]]:
    return {module: {target for name in names if (target := resolve(name, modules)) and target != module}
            for module, names in modules.items()}


# --- the rules: each gives the violations of one module ---------------------------------------------

def upward(module: str, targets: set[str], known: set[str]) -> list[str]:
    """No layer imports a layer above it; only core and engines call a kernel; the kernels' package
    imports nothing of the rest."""
    mine, found = layer(module), []
    for target in sorted(targets):
        theirs = layer(target)
        if module.startswith(NATIVE):
            if not target.startswith(NATIVE):
                found.append(f"{module} (the kernels) imports {target}")
        elif target.startswith(NATIVE):
            if mine not in NATIVE_USERS:
                found.append(f"{module} calls a kernel directly ({target}); only core and engines do")
        elif mine is None:
            continue        # the package's top (the public API, __main__) may use every layer
        elif theirs is None:
            found.append(f"{module} imports {target}, above every layer")
        elif LAYERS[theirs] > LAYERS[mine]:
            found.append(f"{module} ({mine}) imports {target} ({theirs})")
    return found


def command_line_through_the_api(module: str, targets: set[str], known: set[str]) -> list[str]:
    if layer(module) != "cli":
        return []
    return [f"{module} (cli) imports {t}" for t in sorted(targets)
            if layer(t) not in ("cli", "web", "api", "core", "report")]


def api_through_the_protocol(module: str, targets: set[str], known: set[str]) -> list[str]:
    """The API reaches an engine through engines.base or a family's package entry, never deeper."""
    if layer(module) != "api":
        return []
    return [f"{module} (api) imports {t}, inside family {family_of(t, known)}" for t in sorted(targets)
            if (fam := family_of(t, known)) and t != f"oddscalc.engines.{fam}"]


# the modules of engines/ that make the contract between the families and the rest
CONTRACT = {"oddscalc.engines.base", "oddscalc.engines.charts", "oddscalc.engines.inputs"}


def tools_through_the_protocol(module: str, targets: set[str], known: set[str]) -> list[str]:
    if layer(module) != "tools":
        return []
    return [f"{module} (tools) imports {t}" for t in sorted(targets)
            if layer(t) == "engines" and t not in CONTRACT]


def families_apart(module: str, targets: set[str], known: set[str]) -> list[str]:
    """A family imports no other family; a module of engines/ outside every family (base, the shared
    helpers) imports none (else one family could reach another through it)."""
    if layer(module) != "engines":
        return []
    mine = family_of(module, known)
    return [f"{module} ({mine or 'shared engines'}) imports {t} (family {fam})" for t in sorted(targets)
            if (fam := family_of(t, known)) and fam != mine]


def workbench_through_the_api(module: str, targets: set[str], known: set[str]) -> list[str]:
    """The workbench holds no game logic: it reaches games through the API, and of the engines
    only the contract (a family's declared rules, strategies and charts, to build its form)."""
    if layer(module) != "web":
        return []
    return [f"{module} (web) imports {t}" for t in sorted(targets)
            if layer(t) not in ("web", "api", "core", "report") and t not in CONTRACT]


RULES = (upward, command_line_through_the_api, api_through_the_protocol, tools_through_the_protocol, families_apart,
         workbench_through_the_api)


def cycles(edges: dict[str, set[str]]) -> list[str]:
    state: dict[str, int] = {}          # 1 on the current path, 2 finished
    found: list[str] = []

    def visit(module: str, path: list[str]) -> None:
        state[module] = 1
        for target in sorted(edges.get(module, ())):
            if state.get(target) == 1:
                found.append("import cycle: " + " -> ".join(path[path.index(target):] + [target]))
            elif target not in state:
                visit(target, path + [target])
        state[module] = 2

    for module in sorted(edges):
        if module not in state:
            visit(module, [module])
    return found


def violations(modules: dict[str, set[str]]) -> list[str]:
    """Every broken rule of a package's module graph."""
    edges, known = graph(modules), families(modules)
    return [v for module in sorted(edges) for rule in RULES for v in rule(module, edges[module], known)] + cycles(edges)


MODULES = read_modules()
EDGES = graph(MODULES)
FAMILIES = families(MODULES)


# --- the package as it is ---------------------------------------------------------------------------

def test_every_module_is_read_package_entries_included():
    files = sorted(PACKAGE.rglob("*.py"))
    assert len(MODULES) == len(files)
    entries = {module_name(path) for path in files if path.name == "__init__.py"}
    assert {"oddscalc", "oddscalc.engines", *(f"oddscalc.engines.{f}" for f in FAMILIES),
            *(f"oddscalc.{name}" for name in LAYERS)} <= entries <= set(MODULES)
    assert {layer(m) for m in MODULES} >= set(LAYERS)
    assert FAMILIES >= {"stud", "three_card", "fast_action"}
    for fam in FAMILIES:
        assert family_of(f"oddscalc.engines.{fam}", FAMILIES) == fam        # the entry is the family
    assert family_of("oddscalc.engines.base", FAMILIES) is None


def test_every_registered_engine_lives_in_a_family():
    from oddscalc.engines.base import ENGINES
    for name, where in ENGINES.items():
        assert where in MODULES and family_of(where, FAMILIES), f"engine {name} is played by {where}"


@pytest.mark.parametrize("module", sorted(MODULES))
def test_every_rule(module):
    assert [v for rule in RULES for v in rule(module, EDGES[module], FAMILIES)] == []


def test_no_import_cycle():
    assert cycles(EDGES) == []


# --- the guards fail when they should: imports planted in the package's graph -----------------------

def planted(path: str, source: str) -> list[str]:
    """The violations of the package with ``source`` appended to the file at ``path`` (relative to
    oddscalc/): the real graph, that one module read again."""
    file = PACKAGE / path
    name = module_name(file)
    modules = {**MODULES, name: imports_in(file.read_text(encoding="utf-8") + "\n" + source + "\n", name,
                                           file.name == "__init__.py")}
    return violations(modules)


def test_the_package_itself_is_clean():
    assert violations(MODULES) == [] and planted("core/__init__.py", "") == []


def test_a_package_on_disk_is_read_with_its_entries(tmp_path):
    """The walk itself: a small package whose only offence is in a family's __init__.py."""
    files = {"__init__.py": "", "core/__init__.py": "", "engines/__init__.py": "",
             "engines/base.py": "from oddscalc.core import errors\n", "core/errors.py": "",
             "engines/stud/__init__.py": "from oddscalc.engines.base import x\n"
                                          "from oddscalc.engines.three_card import ENGINE\n",
             "engines/stud/solve.py": "from . import rules\n", "engines/stud/rules.py": "",
             "engines/three_card/__init__.py": "from .solve import solve\n", "engines/three_card/solve.py": ""}
    for path, text in files.items():
        (tmp_path / "oddscalc" / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "oddscalc" / path).write_text(text, encoding="utf-8")
    modules = read_modules(tmp_path / "oddscalc")
    assert modules["oddscalc.engines.stud.solve"] == {"oddscalc.engines.stud.rules"}
    assert modules["oddscalc.engines.three_card"] == {"oddscalc.engines.three_card.solve",
                                                      "oddscalc.engines.three_card.solve.solve"}
    assert violations(modules) == [
        "oddscalc.engines.stud (stud) imports oddscalc.engines.three_card (family three_card)"]


FAMILY_PLANTS = {
    "a family's __init__ imports another family's __init__":
        ("engines/stud/__init__.py", "from oddscalc.engines.three_card import ENGINE as OTHER",
         "oddscalc.engines.stud (stud) imports oddscalc.engines.three_card (family three_card)"),
    "a function-level import in a family's __init__":
        ("engines/three_card/__init__.py", "def later():\n    from oddscalc.engines.fast_action import rules",
         "oddscalc.engines.three_card (three_card) imports oddscalc.engines.fast_action.rules (family fast_action)"),
    "a TYPE_CHECKING import in a family's __init__":
        ("engines/fast_action/__init__.py",
         "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from oddscalc.engines.stud.solve import StudResult",
         "oddscalc.engines.fast_action (fast_action) imports oddscalc.engines.stud.solve (family stud)"),
    "a relative import in a family's __init__":
        ("engines/stud/__init__.py", "from ..three_card import solve as other_solve",
         "oddscalc.engines.stud (stud) imports oddscalc.engines.three_card.solve (family three_card)"),
    "a literal import_module in a family's __init__":
        ("engines/stud/__init__.py",
         "import importlib\nOTHER = importlib.import_module('oddscalc.engines.fast_action')",
         "oddscalc.engines.stud (stud) imports oddscalc.engines.fast_action (family fast_action)"),
    "a family module imports another family's package entry":
        ("engines/stud/solve.py", "import oddscalc.engines.three_card",
         "oddscalc.engines.stud.solve (stud) imports oddscalc.engines.three_card (family three_card)"),
    "a shared engines module imports a family":
        ("engines/handrules.py", "from oddscalc.engines.stud import solve",
         "oddscalc.engines.handrules (shared engines) imports oddscalc.engines.stud.solve (family stud)"),
}


@pytest.mark.parametrize("case", FAMILY_PLANTS)
def test_a_planted_cross_family_import_is_reported(case):
    path, source, expected = FAMILY_PLANTS[case]
    assert expected in planted(path, source)


# one planted import in the __init__ of every layer (and of the kernels' package), against each rule
LAYER_PLANTS = {
    "core": ("core/__init__.py", "from oddscalc.report import model",
             "oddscalc.core (core) imports oddscalc.report.model (report)"),
    "report": ("report/__init__.py", "def later():\n    from oddscalc.engines import base",
               "oddscalc.report (report) imports oddscalc.engines.base (engines)"),
    "engines": ("engines/__init__.py", "from oddscalc.tools import check",
                "oddscalc.engines (engines) imports oddscalc.tools.check (tools)"),
    "tools": ("tools/__init__.py", "from oddscalc.engines.stud import solve",
              "oddscalc.tools (tools) imports oddscalc.engines.stud.solve"),
    "tools-entry": ("tools/__init__.py", "from oddscalc.engines import stud",
                    "oddscalc.tools (tools) imports oddscalc.engines.stud"),
    "api": ("api/__init__.py", "from oddscalc.engines.three_card.solve import solve",
            "oddscalc.api (api) imports oddscalc.engines.three_card.solve, inside family three_card"),
    "api-upward": ("api/__init__.py", "from oddscalc.cli import main",
                   "oddscalc.api (api) imports oddscalc.cli.main (cli)"),
    "cli": ("cli/__init__.py", "from oddscalc.tools import design",
            "oddscalc.cli (cli) imports oddscalc.tools.design"),
    "cli-native": ("cli/__init__.py", "from oddscalc._native import eval5",
                   "oddscalc.cli calls a kernel directly (oddscalc._native); only core and engines do"),
    "web": ("web/__init__.py", "from oddscalc.tools import sweep",
            "oddscalc.web (web) imports oddscalc.tools.sweep"),
    "web-family": ("web/__init__.py", "def later():\n    from oddscalc.engines.stud import solve",
                   "oddscalc.web (web) imports oddscalc.engines.stud.solve"),
    "web-upward": ("web/__init__.py", "from oddscalc.cli import main",
                   "oddscalc.web (web) imports oddscalc.cli.main (cli)"),
    "web-native": ("web/__init__.py", "import oddscalc._native",
                   "oddscalc.web calls a kernel directly (oddscalc._native); only core and engines do"),
    "top-native": ("__init__.py", "import oddscalc._native",
                   "oddscalc calls a kernel directly (oddscalc._native); only core and engines do"),
    "native": ("_native/__init__.py", "from oddscalc.core import cards",
               "oddscalc._native (the kernels) imports oddscalc.core.cards"),
}


@pytest.mark.parametrize("case", LAYER_PLANTS)
def test_a_planted_import_in_a_layer_entry_is_reported(case):
    path, source, expected = LAYER_PLANTS[case]
    assert expected in planted(path, source)


def test_a_planted_cycle_through_a_package_entry_is_reported():
    found = planted("core/__init__.py", "from oddscalc.core import economics")
    assert found == []          # an entry importing its modules is no cycle
    found = planted("core/numbers.py", "def later():\n    import oddscalc.core.economics")
    assert any(v.startswith("import cycle: ") and "oddscalc.core.numbers" in v for v in found), found
