import ast
from pathlib import Path

import game.rulesets

RULES_DIR = Path(game.rulesets.live_action.__file__).parent


def imported_modules(path: Path) -> set[str]:
    modules = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            modules.add(node.module)
    return modules


def is_forbidden(module: str) -> bool:
    top = module.split(".")[0]
    return top == "django" or (top == "game" and not module.startswith("game.rulesets"))


def test_rules_import_nothing_from_django_or_the_rest_of_the_app():
    offending = {
        path.name: sorted(m for m in imported_modules(path) if is_forbidden(m))
        for path in RULES_DIR.rglob("*.py")
    }
    assert {name: mods for name, mods in offending.items() if mods} == {}
    assert len(offending) >= 3
