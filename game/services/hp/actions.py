"""A person's choices in an HP game: their group's night pick (H3) and their vote (H8). Each is
checked and written, and the phase ends at once if it waits for nobody else (H2; H10: no
wall-clock wait in a solo game)."""

from __future__ import annotations

import datetime as dt

from django.db import transaction

from game.errors import GameRuleError
from game.models import GameStatus, NightAction, Player, Vote
from game.rulesets.hp.choices import living, pick_refusal
from game.rulesets.hp.phases import phase_kind
from game.rulesets.hp.roles import GROUP_ROLES
from game.rulesets.hp.vote import ballot_refusal
from game.rulesets.phases import DAY, NIGHT
from game.services.locking import lock_game
from game.services.nights.phases import phases_unwaited_end
from game.snapshots.hp import table_of
from game.snapshots.hp_turns import ACTION_OF, current_ballot, players_of, stored_picks


def _locked_turn(player: Player, phase: str) -> tuple:
    game = lock_game(player.game_id)
    if game.ruleset != "hp" or game.status != GameStatus.RUNNING:
        raise GameRuleError("This game is not being played.")
    player = next(p for p in players_of(game) if p.pk == player.pk)
    if not player.alive:
        raise GameRuleError("You are out of the game: you watch it to the end.")
    if phase_kind(game.current_phase) != phase:
        raise GameRuleError(
            "It is night: the vote comes at day." if phase == DAY else "It is day: vote."
        )
    return game, player


@transaction.atomic
def hp_pick(*, player: Player, target_id: int, now: dt.datetime) -> None:
    """H3: a living member of a group picks whom the group may pick; one pick a night."""
    game, player = _locked_turn(player, NIGHT)
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


@transaction.atomic
def hp_vote(*, player: Player, target_id: int, now: dt.datetime) -> None:
    """H8: a living player votes for another living player, once a ballot."""
    game, player = _locked_turn(player, DAY)
    ballot = current_ballot(game)
    if Vote.objects.filter(
        game=game, day=game.current_day, round=ballot - 1, voter=player
    ).exists():
        raise GameRuleError("You have already voted in this vote.")
    table = table_of(players_of(game))
    alive = [seat.id for seat in living(table)]
    refusal = ballot_refusal(player.pk, target_id, alive, {seat.id: seat.name for seat in table})
    if refusal:
        raise GameRuleError(refusal, field="target")
    Vote.objects.create(
        game=game,
        day=game.current_day,
        voter=player,
        target_id=target_id,
        cast_at=now,
        round=ballot - 1,
    )
    phases_unwaited_end(game=game, now=now)
