"""The import graph of the app, read with `ast` from the source (imports inside functions count
too): no cycle, and no import from a lower layer to a higher one (STYLE, "Our shape")."""

import ast
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("game", "forums", "live", "mafia_mod")

# Lowest first. A module may import its own layer and the layers below it.
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("rules", ("game.rules", "game.rulesets")),
    (
        "models",
        (
            "game.demo",
            "game.errors",
            "game.models",
            "game.migrations",
            "forums.errors",
            "forums.models",
            "forums.migrations",
        ),
    ),
    (
        "reads under the services",
        (
            "game.permissions",
            "game.snapshots",
            "forums.access",
            "forums.declared_boards",
            "forums.markup",
            "forums.notification_texts",
        ),
    ),
    (
        "services",
        ("game.services", "forums.services", "forums.push_sessions"),
    ),
    (
        "edges",
        (
            "game.selectors",
            "game.forms",
            "game.views",
            "game.api",
            "game.tasks",
            "game.templatetags",
            "game.management",
            "game.accounts",
            "game.middleware",
            "forums.selectors",
            "forums.views",
            "forums.api",
            "forums.api_play",
            "forums.api_groups",
            "forums.tasks",
            "forums.templatetags",
            "live.access",
            "live.admission",
            "live.events",
            "live.hub",
            "live.publishers",
            "live.server",
            "live.sources",
            "live.views",
        ),
    ),
    (
        "wiring",
        ("game.apps", "game.urls", "forums.apps", "forums.urls", "live", "mafia_mod"),
    ),
]
# Pairs of prefixes where the first never imports the second, whatever their layers.
FORBIDDEN = [
    ("game.selectors", "game.services"),  # reads never write
    ("forums.selectors", "forums.services"),
    ("game", "forums"),  # the forums use the game, never the other way round
]
PURE = ("game.rules", "game.rulesets")
# The packages (and shared modules) of the game's services, lowest first: each imports only its
# own tier and those before it, so that no package imports one that imports it back (README,
# "How the app is built").
SERVICE_ROOT = "game.services"
SERVICE_TIERS: list[tuple[str, tuple[str, ...]]] = [
    (
        "shared tools",
        (
            "ids",
            "lines",
            "live_channel",
            "live_database",
            "live_redis",
            "locking",
            "log",
            "players",
            "wins",
        ),
    ),
    ("items and offices", ("items_offices",)),
    ("kills and deaths", ("killing",)),
    ("the phase engine and nights", ("nights",)),
    ("days", ("days",)),
    ("investigations and powers", ("investigating", "mafia_powers")),
    ("rule sets' own services", ("chiang_mai", "hp")),
    ("before, around and after play", ("estimates", "lobby", "review")),
    ("held decisions and the periodic job", ("deadlines", "hold_effects", "holds")),
    ("registration", ("hooks",)),
]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def source_modules() -> dict[str, Path]:
    return {
        module_name(path): path
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
    }


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """Modules `name` imports: `from a.b import c` is an import of `a.b.c` when that is a
    module of ours, of `a.b` otherwise."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module
            for alias in node.names:
                candidate = f"{module}.{alias.name}"
                found.add(candidate if candidate in known else module)
    return found


def project_graph() -> dict[str, set[str]]:
    modules = source_modules()
    known = set(modules)
    return {
        name: {m for m in imports_of(name, path, known) if m.split(".")[0] in PACKAGES}
        for name, path in modules.items()
    }


def under(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def layer_of(module: str) -> int | None:
    if module in ("game", "forums"):  # the packages' own __init__, empty
        return 0
    for rank, (_, prefixes) in enumerate(LAYERS):
        if any(under(module, prefix) for prefix in prefixes):
            return rank
    return None


def test_every_module_has_a_layer():
    assert sorted(m for m in source_modules() if layer_of(m) is None) == []


def test_no_module_imports_a_higher_layer():
    upward = sorted(
        f"{module} -> {target} ({LAYERS[layer_of(target)][0]})"
        for module, targets in project_graph().items()
        for target in targets
        if target in source_modules() and layer_of(target) > layer_of(module)
    )
    assert upward == []


def test_no_forbidden_import():
    found = sorted(
        f"{module} -> {target}"
        for module, targets in project_graph().items()
        for target in targets
        for importer, imported in FORBIDDEN
        if under(module, importer) and under(target, imported)
    )
    assert found == []


def test_rules_import_no_django_and_nothing_of_the_app_but_the_rules():
    modules = source_modules()
    found = sorted(
        f"{name} -> {target}"
        for name, path in modules.items()
        if any(under(name, prefix) for prefix in PURE)
        for target in imports_of(name, path, set(modules))
        if target.split(".")[0] in (*PACKAGES, "django")
        and not any(under(target, prefix) for prefix in PURE)
    )
    assert found == []


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), and modules that
    import themselves."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1 or node in graph.get(node, ()):
                components.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return components


def test_the_import_graph_has_no_cycle():
    assert cycles(project_graph()) == []


def service_part(module: str) -> str | None:
    """The package (or shared module) of game/services that `module` belongs to."""
    if not module.startswith(SERVICE_ROOT + "."):
        return None
    return module[len(SERVICE_ROOT) + 1 :].split(".")[0]


def service_package_graph(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """The imports between the service packages: one package imports another when one of its
    modules imports one of the other's."""
    packages: dict[str, set[str]] = {}
    for module, targets in graph.items():
        source = service_part(module)
        if source is None:
            continue
        imported = {service_part(target) for target in targets} - {None, source}
        packages.setdefault(source, set()).update(imported)
    return packages


def service_tier(part: str) -> int | None:
    return next((rank for rank, (_, parts) in enumerate(SERVICE_TIERS) if part in parts), None)


def test_the_service_packages_import_each_other_one_way():
    assert cycles(service_package_graph(project_graph())) == []


def test_every_service_package_has_a_tier():
    parts = service_package_graph(project_graph())
    assert sorted(part for part in parts if service_tier(part) is None) == []


def test_no_service_package_imports_a_later_tier():
    later = sorted(
        f"{source} -> {target} ({SERVICE_TIERS[service_tier(target)][0]})"
        for source, targets in service_package_graph(project_graph()).items()
        for target in targets
        if service_tier(target) is not None
        and service_tier(source) is not None
        and service_tier(target) > service_tier(source)
    )
    assert later == []


def test_a_cycle_between_service_packages_is_found():
    graph = {
        "game.services.days.day_end": {"game.services.killing.deaths", "game.models"},
        "game.services.killing.kills": {"game.services.days.wins"},
        "game.services.nights.phases": {"game.services.log"},
    }
    packages = service_package_graph(graph)
    assert packages == {"days": {"killing"}, "killing": {"days"}, "nights": {"log"}}
    assert cycles(packages) == [["days", "killing"]]


@pytest.mark.parametrize(
    "graph, expected",
    [
        ({"a": {"b"}, "b": {"c"}, "c": set()}, []),
        ({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}, [["a", "b", "c"]]),
        ({"a": {"a"}}, [["a"]]),
    ],
)
def test_a_cycle_is_found(graph, expected):
    assert cycles(graph) == expected


def test_an_upward_import_is_found():
    assert layer_of("game.services.killing.kills") > layer_of("game.models.players")
    assert layer_of("forums.selectors.boards") > layer_of("forums.services.boards")
    assert layer_of("game.rules.votes") == 0
    assert layer_of("live.publishers") > layer_of("game.services.live_channel")


def test_imports_inside_functions_and_relative_imports_are_read(tmp_path):
    source = tmp_path / "tasks.py"
    source.write_text("from . import models\n\ndef run():\n    from .services.notes import note\n")
    known = {"app.models", "app.services.notes"}
    assert imports_of("app.tasks", source, known) == {"app.models", "app.services.notes"}


def test_the_bots_the_rules_seat_import_only_the_standard_library_and_themselves():
    """The classic balance estimate seats the seed's bots (`classic.bot_table`): the modules of
    `bots` the rules import, and those they import, are the bots' own client, as pure as the
    rules (tests/bots/test_client_stands_alone.py checks each imports only the standard
    library)."""
    bots = {module_name(path): path for path in sorted((ROOT / "bots").rglob("*.py"))}
    known = set(bots) | set(source_modules())
    queue = [
        target
        for name, path in source_modules().items()
        if any(under(name, prefix) for prefix in PURE)
        for target in imports_of(name, path, known)
        if target in bots
    ]
    seen = set()
    while queue:
        name = queue.pop()
        if name not in seen:
            seen.add(name)
            queue += [t for t in imports_of(name, bots[name], known) if t in bots]
    assert {"bots.player", "bots.randy.randy", "bots.programs"} <= seen
    assert not seen & {"bots.tournament", "bots.hp_tournament", "bots.local_app"}
