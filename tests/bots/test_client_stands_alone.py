"""The bots' client runs on a player's machine: it imports nothing of the app, and nothing but
the standard library besides itself; a bot program in its folder imports only the standard
library (the seed: a bot touches nothing outside its folder). `make bots` runs in the
repository: it may read the app's pure rules (game.rulesets) too, to set the balance estimate
beside its games, and nothing else of the app."""

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


# The modules of `make bots` (classic and HP), which run in the repository.
TOURNAMENTS = {"tournament.py", "hp_tournament.py"}


def test_the_bots_import_only_the_standard_library_and_themselves():
    sources = sorted(BOTS.rglob("*.py"))
    assert len(sources) >= 10
    for path in sources:
        own = {"bots"} if path.parent == BOTS else set()
        if path.parent == BOTS and path.name in TOURNAMENTS:
            own.add("game")
        foreign = imported_modules(path) - sys.stdlib_module_names - own
        assert not foreign, f"{path.relative_to(BOTS)} imports {sorted(foreign)}"


def test_make_bots_reads_nothing_of_the_app_but_its_pure_rules():
    for name in TOURNAMENTS:
        tree = ast.parse((BOTS / name).read_text())
        app = {
            node.module
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "game"
        }
        assert all(module.startswith("game.rulesets.") for module in app), (name, app)
