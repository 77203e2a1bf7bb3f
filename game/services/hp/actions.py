"""A person's night pick in an HP game: their group's pick (H3), checked and written, and the
night ends at once if it waits for nobody else (H2; H10: no wall-clock wait in a solo game).
Their vote is the shared day's (`services.days.votes.vote_cast`, `HP_DAY`)."""

from __future__ import annotations

import datetime as dt

from django.db import transaction

from game.errors import GameRuleError
from game.models import GameStatus, NightAction, Player
from game.rulesets.hp.choices import pick_refusal
from game.rulesets.hp.phases import phase_kind
from game.rulesets.hp.roles import GROUP_ROLES
from game.rulesets.phases import NIGHT
from game.services.locking import lock_game
from game.services.nights.phases import phases_unwaited_end
from game.snapshots.hp import table_of
from game.snapshots.hp_turns import ACTION_OF, players_of, stored_picks


def _locked_night(player: Player) -> tuple:
    game = lock_game(player.game_id)
    if game.ruleset != "hp" or game.status != GameStatus.RUNNING:
        raise GameRuleError("This game is not being played.")
    player = next(p for p in players_of(game) if p.pk == player.pk)
    if not player.alive:
        raise GameRuleError("You are out of the game: you watch it to the end.")
    if phase_kind(game.current_phase) != NIGHT:
        raise GameRuleError("It is day: vote.")
    return game, player


@transaction.atomic
def hp_pick(*, player: Player, target_id: int, now: dt.datetime) -> None:
    """H3: a living member of a group picks whom the group may pick; one pick a night."""
    game, player = _locked_night(player)
    if player.role not in GROUP_ROLES:
        raise GameRuleError("Commoners have no night action: wait for the day.")
    if any(player.pk in group for group in stored_picks(game).values()):
        raise GameRuleError("You have already chosen tonight.")
    table = table_of(players_of(game))
    refusal = pick_refusal(table, player.role, target_id)
    if refusal:
        raise GameRuleError(refusal, field="target")
    NightAction.objects.create(
        game=game,
        night=game.current_day,
        actor=player,
        action=ACTION_OF[player.role],
        target_id=target_id,
        submitted_at=now,
    )
    phases_unwaited_end(game=game, now=now)
