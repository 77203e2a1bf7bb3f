"""Chiang Mai games dealt before their nights and days ran on the phase engine kept the host's
entries in phase rows that were never ended. Each phase now ends at the host's step that ended
it (its last entry: the Next that begins a night, or the Next from a dawn or from the vote), the
phase a running game's story is in is open with no deadline (M10, M12), opened where that Next
has not yet been followed by an entry, and it is the game's current phase; a finished game's
last phase ends at its last entry."""

import datetime as dt

from django.db import migrations

FOLLOWING = {"deal": "night", "night": "day", "day": "night"}


def _last_step(phase):
    entries = (phase.state or {}).get("entries") or []
    if not entries:
        return None, phase.started_at
    last = entries[-1]
    return last.get("kind"), dt.datetime.fromisoformat(last["at"])


def _following(phase):
    number = phase.number + 1 if phase.code == "day" else max(phase.number, 1)
    return FOLLOWING[phase.code], number


def _game_phased(GamePhase, game):
    rows = list(GamePhase.objects.filter(game=game).order_by("id"))
    if not rows:
        return
    for row in rows[:-1]:
        row.ends_at = row.ended_at = _last_step(row)[1]
        row.save(update_fields=["ends_at", "ended_at"])
    last = rows[-1]
    kind, at = _last_step(last)
    if game.status == "finished" or kind == "next":
        last.ends_at = last.ended_at = at
    else:
        last.ends_at = last.ended_at = None
    last.save(update_fields=["ends_at", "ended_at"])
    if game.status == "running" and kind == "next":
        code, number = _following(last)
        last = GamePhase.objects.create(
            game=game, code=code, number=number, started_at=at, ends_at=None, state={}
        )
    game.current_phase, game.current_day = last.code, last.number
    game.save(update_fields=["current_phase", "current_day"])


def chiang_mai_games_phased(apps, schema_editor):
    Game = apps.get_model("game", "Game")
    GamePhase = apps.get_model("game", "GamePhase")
    games = Game.objects.filter(ruleset="chiang_mai", status__in=("running", "finished"))
    for game in games.filter(phases__ended_at__isnull=True).distinct():
        _game_phased(GamePhase, game)


class Migration(migrations.Migration):
    dependencies = [("game", "0021_balance_estimates")]

    operations = [migrations.RunPython(chiang_mai_games_phased, migrations.RunPython.noop)]
