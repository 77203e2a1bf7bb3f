"""`make fuzz`, `make faults` and `make bench` run outside the suite, so a service moved without
them would break only there (the fuzz seed once imported `mayor_set` from where it had left).
Their modules are scripts that set up their own environment when imported, so they are read,
not run: every name they import from the project must exist where they import it from."""

import ast
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ("fuzz", "faults", "bench")
APP = ("game", "forums", "live", "mafia_mod")
SCRIPTS = sorted(path for folder in TOOLS for path in (ROOT / folder).rglob("*.py"))


def _defined_in(module: str) -> set[str]:
    """The top-level names of a tool's own module, read from its source."""
    path = ROOT.joinpath(*module.split("."))
    source = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    names = set()
    for node in ast.parse(source.read_text()).body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                elements = target.elts if isinstance(target, ast.Tuple) else [target]
                names.update(e.id for e in elements if isinstance(e, ast.Name))
    return names


def _missing(script: Path) -> list[str]:
    missing = []
    for node in ast.walk(ast.parse(script.read_text())):
        if not isinstance(node, ast.ImportFrom) or not node.module or node.level:
            continue
        top = node.module.split(".")[0]
        names = [alias.name for alias in node.names if alias.name != "*"]
        if top in APP:
            module = importlib.import_module(node.module)
            missing += [f"{node.module}.{n}" for n in names if not hasattr(module, n)]
        elif top in TOOLS:
            defined = _defined_in(node.module)
            missing += [f"{node.module}.{n}" for n in names if n not in defined]
    return missing


def test_the_tools_scripts_are_found():
    assert {"seed.py", "run.py", "day_end.py"} <= {script.name for script in SCRIPTS}


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_name_a_tool_imports_from_the_project_exists(script):
    assert _missing(script) == []
