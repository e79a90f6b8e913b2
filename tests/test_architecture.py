"""The layers import one way (cli → api → tools → engines → report → core), tools reach engines
only through the Engine protocol, the command line only through the API, families do not import
each other, and no module imports itself back through a cycle.  Imports are read from the source,
function-level ones included."""
import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "oddscalc"
LAYERS = {"core": 0, "report": 1, "engines": 2, "tools": 3, "api": 4, "cli": 5}
NATIVE_USERS = ("core", "engines")


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in found if name.startswith("oddscalc")}


MODULES = {module_name(path): imports_of(path) for path in PACKAGE.rglob("*.py")}


def resolve(name: str) -> str | None:
    """The module an imported name belongs to (``from pkg import name`` may name a module or not)."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def layer(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in LAYERS else None


def family(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if len(parts) > 3 and parts[1] == "engines" else None


def graph() -> dict[str, set[str]]:
    return {module: {target for name in names if (target := resolve(name)) and target != module}
            for module, names in MODULES.items()}


def test_the_layers_are_all_there():
    assert {layer(m) for m in MODULES} >= set(LAYERS)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_upward_import(module):
    mine = layer(module)
    if mine is None:
        return              # the package's top (the public API, __main__) may use every layer
    for target in graph()[module]:
        theirs = layer(target)
        if target.startswith("oddscalc._native"):
            assert mine in NATIVE_USERS, f"{module} calls a kernel directly; only core and engines do"
        elif theirs is None:
            raise AssertionError(f"{module} imports {target}, above every layer")
        else:
            assert LAYERS[theirs] <= LAYERS[mine], f"{module} ({mine}) imports {target} ({theirs})"


@pytest.mark.parametrize("module", sorted(m for m in MODULES if layer(m) == "cli"))
def test_the_command_line_is_a_shell_over_the_api(module):
    for target in graph()[module]:
        assert layer(target) in ("cli", "api", "core", "report"), f"{module} imports {target}"


@pytest.mark.parametrize("module", sorted(m for m in MODULES if layer(m) == "api"))
def test_the_api_reaches_engines_through_the_protocol_or_a_family_entry(module):
    for target in graph()[module]:
        if layer(target) == "engines":
            assert target == "oddscalc.engines.base" or family(target) is None, f"{module} imports {target}"


@pytest.mark.parametrize("module", sorted(m for m in MODULES if layer(m) == "tools"))
def test_tools_reach_engines_only_through_the_protocol(module):
    for target in graph()[module]:
        if layer(target) == "engines":
            assert target == "oddscalc.engines.base", f"{module} imports {target}"


@pytest.mark.parametrize("module", sorted(m for m in MODULES if family(m)))
def test_engine_families_do_not_import_each_other(module):
    for target in graph()[module]:
        assert family(target) in (None, family(module)), f"{module} imports {target}"


def test_no_import_cycle():
    edges = graph()
    state: dict[str, int] = {}          # 1 on the current path, 2 finished

    def visit(module: str, path: list[str]) -> None:
        state[module] = 1
        for target in sorted(edges.get(module, ())):
            if state.get(target) == 1:
                loop = path[path.index(target):] + [target] if target in path else [module, target]
                raise AssertionError("import cycle: " + " -> ".join(loop))
            if target not in state:
                visit(target, path + [target])
        state[module] = 2

    for module in sorted(edges):
        if module not in state:
            visit(module, [module])
