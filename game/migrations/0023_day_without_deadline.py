"""A day's row may have no deadline (a game nobody moderates, H10), as every phase in which the
day votes keeps it open and the votes read it: HP games running in one of their votes get the
row of their round's day, open until that vote ends (H8)."""

from django.db import migrations, models

HP_VOTES = ("day", "vote_2", "vote_3")


def running_hp_votes_get_their_day(apps, schema_editor):
    Day = apps.get_model("game", "Day")
    GamePhase = apps.get_model("game", "GamePhase")
    open_votes = GamePhase.objects.filter(
        game__ruleset="hp", game__status="running", code__in=HP_VOTES, ended_at__isnull=True
    )
    for phase in open_votes:
        Day.objects.update_or_create(
            game_id=phase.game_id,
            number=phase.number,
            defaults={"ends_at": phase.ends_at, "ended_at": None},
            create_defaults={"started_at": phase.started_at, "ends_at": phase.ends_at},
        )


def days_without_deadline_removed(apps, schema_editor):
    apps.get_model("game", "Day").objects.filter(ends_at__isnull=True).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("game", "0022_chiang_mai_games_on_the_phase_engine"),
    ]

    operations = [
        migrations.RunPython(migrations.RunPython.noop, days_without_deadline_removed),
        migrations.AlterField(
            model_name="day",
            name="ends_at",
            field=models.DateTimeField(
                blank=True,
                help_text="Empty: no deadline, in a game nobody moderates (H10), whose day ends "
                "as its players vote.",
                null=True,
            ),
        ),
        migrations.RunPython(running_hp_votes_get_their_day, migrations.RunPython.noop),
    ]
