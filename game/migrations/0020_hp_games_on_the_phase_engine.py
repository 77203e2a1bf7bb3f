"""HP games that were running before they ran on the phase engine get the phase row of the step
they are in (its night, or its vote: a vote after n ties today is the round's vote n + 1, H8),
and that step's deadline, if any, becomes the phase's end event (C1)."""

from django.db import migrations
from django.utils import timezone

OLD_STEP_EVENT = "hp_step_end"


def phase_code(game, ties: int) -> str:
    if game.current_phase == "night":
        return "night"
    return "day" if ties == 0 else f"vote_{ties + 1}"


def running_hp_games_phased(apps, schema_editor):
    Game = apps.get_model("game", "Game")
    GamePhase = apps.get_model("game", "GamePhase")
    DueEvent = apps.get_model("game", "DueEvent")
    LogEntry = apps.get_model("game", "LogEntry")
    now = timezone.now()
    for game in Game.objects.filter(ruleset="hp", status="running", phases__isnull=True):
        ties = LogEntry.objects.filter(game=game, day=game.current_day, kind="hp_tie").count()
        code = phase_code(game, ties)
        steps = DueEvent.objects.filter(game=game, kind=OLD_STEP_EVENT, done_at__isnull=True)
        event = steps.order_by("-due_at", "-id").first()
        steps.exclude(pk=getattr(event, "pk", None)).update(done_at=now)
        if event is not None:
            event.kind = "phase_end"
            event.key = f"game:{game.pk}:phase_end:{code}:{game.current_day}"
            event.save(update_fields=["kind", "key"])
        GamePhase.objects.create(
            game=game,
            code=code,
            number=game.current_day,
            started_at=game.started_at or now,
            ends_at=event.due_at if event is not None else None,
            event=event,
            state={},
        )
        game.current_phase = code
        game.save(update_fields=["current_phase"])
    DueEvent.objects.filter(kind=OLD_STEP_EVENT, done_at__isnull=True).update(done_at=now)


class Migration(migrations.Migration):
    dependencies = [("game", "0019_phase_without_deadline")]

    operations = [migrations.RunPython(running_hp_games_phased, migrations.RunPython.noop)]
