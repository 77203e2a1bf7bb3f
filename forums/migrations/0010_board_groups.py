"""A board may belong to a private group of its game's rule set (H1): the group's code is kept
on the board, and the Mafia Den of the games already played is the board of the mafia's group
(R51). Boards of a kind are now unique per group, so that a game may hold several group boards."""

from django.db import migrations, models

import game.rulesets.registry

DEN_GROUP = "mafia"


def dens_join_their_group(apps, schema_editor):
    Board = apps.get_model("forums", "Board")
    Board.objects.filter(kind="mafia_den", group="").update(group=DEN_GROUP)


def dens_leave_their_group(apps, schema_editor):
    Board = apps.get_model("forums", "Board")
    Board.objects.filter(kind="mafia_den").update(group="")


class Migration(migrations.Migration):
    dependencies = [("forums", "0009_live_notification_kinds")]

    operations = [
        migrations.RemoveConstraint(model_name="board", name="one_board_per_kind"),
        migrations.AddField(
            model_name="board",
            name="group",
            field=models.CharField(
                blank=True,
                choices=game.rulesets.registry.private_group_choices,
                db_default="",
                default="",
                help_text="The private group whose board this is; empty for the public boards.",
                max_length=30,
            ),
        ),
        migrations.AlterField(
            model_name="board",
            name="kind",
            field=models.CharField(
                choices=[
                    ("town_square", "Town Square"),
                    ("mafia_den", "Mafia Den"),
                    ("graveyard", "Graveyard"),
                    ("group", "Group board"),
                ],
                max_length=20,
            ),
        ),
        migrations.AddConstraint(
            model_name="board",
            constraint=models.UniqueConstraint(
                fields=("game", "kind", "group"), name="one_board_per_group"
            ),
        ),
        # Last: no schema change may follow rows changed in the same transaction (PostgreSQL).
        migrations.RunPython(dens_join_their_group, dens_leave_their_group),
    ]
