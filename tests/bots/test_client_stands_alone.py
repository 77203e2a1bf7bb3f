"""The bots' client runs on a player's machine: it imports nothing of the app, and nothing but
the standard library besides itself; a bot program in its folder imports only the standard
library (the seed: a bot touches nothing outside its folder)."""

import ast
import sys
from pathlib import Path

import bots

BOTS = Path(bots.__file__).resolve().parent


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


def test_the_bots_import_only_the_standard_library_and_themselves():
    sources = sorted(BOTS.rglob("*.py"))
    assert len(sources) >= 10
    for path in sources:
        own = {"bots"} if path.parent == BOTS else set()
        foreign = imported_modules(path) - sys.stdlib_module_names - own
        assert not foreign, f"{path.relative_to(BOTS)} imports {sorted(foreign)}"
