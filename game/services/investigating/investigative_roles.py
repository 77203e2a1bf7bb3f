"""The state investigations depend on: the police watch list (R48, R23), the priest's lists (R28,
R19 step 2) and a moderator's record that a desperado has gone desperado (R25), an override of
the player's own request (game.services.investigating.desperado)."""

import datetime as dt

from django.db import transaction

from game.errors import GameRuleError
from game.models import Player, PoliceWatch, PriestList, PriestListEntry, User, Visibility
from game.rulesets.live_action.offices.police_officer import WATCH_LIST_SIZE
from game.rulesets.live_action.roles import desperado
from game.rulesets.live_action.roles.priest import ROLE as PRIEST
from game.rulesets.live_action.roles.priest import list_limit
from game.services.days.end_of_day import desperado_schedule
from game.services.locking import lock_game
from game.services.log import log_append
from game.services.players import player_of, running_game_player
from game.snapshots.kills import priest_powers_lost


@transaction.atomic
def watch_list_set(
    *, game_id: int, by: User, player_ids: list[int], now: dt.datetime
) -> list[PoliceWatch]:
    """The police officer names up to three players to watch tomorrow (R48); setting it again
    replaces the list."""
    game = lock_game(game_id)
    officer = running_game_player(game, by)
    if officer.police_officer_since is None or not officer.alive:
        raise GameRuleError("Only the living police officer keeps a watch list (R48).")
    chosen = list(dict.fromkeys(player_ids))
    if len(chosen) > WATCH_LIST_SIZE:
        raise GameRuleError("A watch list holds at most three players (R48).")
    watched = [player_of(game, pk) for pk in chosen]
    day = game.current_day + 1
    PoliceWatch.objects.filter(officer=officer, day=day).delete()
    rows = PoliceWatch.objects.bulk_create(
        PoliceWatch(game=game, officer=officer, watched=p, day=day) for p in watched
    )
    log_append(
        game=game,
        kind="watch_list_set",
        text=f"{officer.name} will watch {', '.join(p.name for p in watched) or 'nobody'} on "
        f"day {day}.",
        visibility=Visibility.MODERATORS,
        now=now,
        actor=by,
    )
    return rows


@transaction.atomic
def priest_lists_set(
    *, game_id: int, by: User, saint_ids: list[int], sinner_ids: list[int], now: dt.datetime
) -> None:
    """The priest sets both lists (R28). Names kept keep their place; the lists as they were at
    each moment stay readable for the saint-kills-sinner step (R19)."""
    game = lock_game(game_id)
    priest = running_game_player(game, by)
    if priest.role != PRIEST.code or not priest.alive:
        raise GameRuleError("Only a living priest keeps saint and sinner lists (R28).")
    if priest_powers_lost(game, priest):
        raise GameRuleError("A saint on your lists killed a sinner: your powers are gone (R28).")
    saints, sinners = list(dict.fromkeys(saint_ids)), list(dict.fromkeys(sinner_ids))
    if set(saints) & set(sinners):
        raise GameRuleError("No player can be on both lists (R28).")
    limit = list_limit(Player.objects.filter(game=game, alive=True).count())
    if len(saints) > limit or len(sinners) > limit:
        raise GameRuleError(f"Each list holds at most {limit} players now (R28).")
    wanted = {PriestList.SAINT: saints, PriestList.SINNER: sinners}
    current = PriestListEntry.objects.filter(priest=priest, removed_at__isnull=True)
    kept = set()
    for entry in current:
        if entry.player_id in wanted[entry.list]:
            kept.add((entry.list, entry.player_id))
        else:
            entry.removed_at = now
            entry.save(update_fields=["removed_at"])
    for kind, ids in wanted.items():
        for pk in ids:
            if (kind, pk) not in kept:
                PriestListEntry.objects.create(
                    game=game, priest=priest, player=player_of(game, pk), list=kind, added_at=now
                )
    log_append(
        game=game,
        kind="priest_lists_set",
        text=f"{priest.name} set {len(saints)} saints and {len(sinners)} sinners.",
        visibility=Visibility.MODERATORS,
        now=now,
        actor=by,
    )


@transaction.atomic
def desperado_mark(
    *, game_id: int, player_id: int, by: User, now: dt.datetime, reason: str = ""
) -> Player:
    """A moderator records that a desperado has gone desperado from today (R25): investigator
    powers and kill immunity from now, death at the end of tomorrow."""
    game = lock_game(game_id)
    player = player_of(game, player_id)
    if player.role != desperado.ROLE.code or not player.alive:
        raise GameRuleError(f"{player.name} is not a living desperado.")
    if player.desperado_since_day is not None:
        raise GameRuleError(f"{player.name} has already gone desperado.")
    player.desperado_since_day = game.current_day
    player.save(update_fields=["desperado_since_day"])
    desperado_schedule(game=game, player=player, went_desperado_on=game.current_day, now=now)
    log_append(
        game=game,
        kind="desperado_recorded",
        text=f"{player.name} went desperado on day {game.current_day} (R25).",
        visibility=Visibility.MODERATORS,
        now=now,
        actor=by,
        reason=reason,
    )
    return player
