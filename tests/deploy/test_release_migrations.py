"""A release's migrations run while the previous release still serves (docs/operations.md):
they may only expand the schema in ways the old code tolerates. A migration that the old code
would fail on (a NOT NULL column it does not fill, a column or table it still reads) belongs to
a later, contracting release, and says so with `CONTRACT = "<why the old code no longer runs>"`.
The migrations up to these were released before the rule and are not checked."""

import importlib

import pytest
from django.db import migrations, models
from django.db.migrations.loader import MigrationLoader

RELEASED = {"game": 12, "forums": 7}
DROPS = (
    migrations.RemoveField,
    migrations.RenameField,
    migrations.DeleteModel,
    migrations.RenameModel,
)


def new_migrations():
    loader = MigrationLoader(None, ignore_no_migrations=True)
    for (app, name), migration in sorted(loader.disk_migrations.items()):
        if app in RELEASED and name[:4].isdigit() and int(name[:4]) > RELEASED[app]:
            yield app, name, migration


def old_code_refusal(operation) -> str | None:
    """Why code of the previous release would fail once `operation` has run, or None."""
    if isinstance(operation, DROPS):
        return f"{type(operation).__name__} removes what the old code still uses"
    if isinstance(operation, migrations.AddField | migrations.AlterField):
        field = operation.field
        if isinstance(field, models.ManyToManyField) or field.null:
            return None
        if field.db_default is models.NOT_PROVIDED:
            return (
                f"{operation.model_name}.{operation.name} is NOT NULL without db_default: the "
                "old code's inserts leave it out"
            )
    return None


def was_not_null_already(loader, app: str, name: str, operation) -> bool:
    """An altered column that was NOT NULL of the same type before: the old code's inserts
    already fill it (a change of choices, help text or Python default is no change to them)."""
    if not isinstance(operation, migrations.AlterField):
        return False
    before = loader.project_state((app, name), at_end=False)
    old = before.models[app, operation.model_name].fields.get(operation.name)
    return old is not None and not old.null and type(old) is type(operation.field)


def refusals(loader, app: str, name: str, migration) -> list[str]:
    if getattr(importlib.import_module(migration.__module__), "CONTRACT", ""):
        return []
    return [
        refusal
        for operation in migration.operations
        if (refusal := old_code_refusal(operation))
        and not was_not_null_already(loader, app, name, operation)
    ]


def test_every_new_migration_is_one_the_running_release_tolerates():
    loader = MigrationLoader(None, ignore_no_migrations=True)
    found = {f"{app}.{name}": refusals(loader, app, name, m) for app, name, m in new_migrations()}
    assert {name: why for name, why in found.items() if why} == {}


@pytest.mark.parametrize(
    ("operation", "tolerated"),
    [
        (migrations.AddField("vote", "note2", models.TextField(null=True)), True),
        (migrations.AddField("vote", "n", models.IntegerField(db_default=0)), True),
        (migrations.AddField("vote", "n", models.IntegerField(default=0)), False),
        (migrations.RemoveField("vote", "note"), False),
        (migrations.RenameField("vote", "note", "text"), False),
        (migrations.CreateModel("Thing", [("id", models.AutoField(primary_key=True))]), True),
    ],
)
def test_the_check_tells_expanding_from_contracting_operations(operation, tolerated):
    assert (old_code_refusal(operation) is None) is tolerated
