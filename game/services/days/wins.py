"""The win check after every death (the rule set's `winner`; R16, R17 for live action) and at
day end (R18), and the end of the game."""

import datetime as dt

from game.models import DueEvent, Game, GameStatus, Player, Visibility
from game.rulesets.base import PlayerStatus
from game.rulesets.live_action.win import Winner, outcome_at_day_end, winner
from game.services.killing.kill_clocks import mafia_kill_days
from game.services.log import log_append

WINNER_TEXT = {
    Winner.TOWN: "The town wins: no mafia-aligned player is alive.",
    Winner.MAFIA: "The mafia win: no townie is alive.",
}
CLOCK_TEXT = "The town wins: the mafia let too many days pass without a kill (R18)."


def player_statuses(game: Game) -> list[PlayerStatus]:
    return [
        PlayerStatus(pk, role, alive, conscripted)
        for pk, role, alive, conscripted in Player.objects.filter(game=game)
        .exclude(role="")
        .values_list("pk", "role", "alive", "conscripted")
    ]


def win_check_after_death(game: Game, player: Player, at: dt.datetime) -> None:
    """Death hook (R17): the game ends at once when a side has won."""
    if game.status != GameStatus.RUNNING:
        return
    decided = game.rules.winner(player_statuses(game))
    if decided is not None:
        game_finish(game=game, winner=decided, now=at, text=winner_text(game, decided))


def win_check_at_day_end(game: Game, day, ended_at: dt.datetime) -> None:
    """Day-end step (R4, R18): after the day's deaths, R17 and then the mafia kill clock."""
    statuses = player_statuses(game)
    decided = outcome_at_day_end(statuses, day.number, mafia_kill_days(game))
    if decided is None:
        return
    text = WINNER_TEXT[decided] if winner(statuses) else CLOCK_TEXT
    game_finish(game=game, winner=decided, now=ended_at, text=text)


def winner_text(game: Game, side: str) -> str:
    own = dict(game.rules.win_texts)
    if own:
        return own.get(side, f"{game.rules.team_label(side)} wins.")
    return WINNER_TEXT.get(side, f"{game.rules.team_label(side)} wins.")


def game_finish(*, game: Game, winner: str, now: dt.datetime, text: str) -> Game:
    """End the game: every role, the whole log and the vote history become visible to every
    signed-in user (permissions). Pending deadlines are cancelled. The caller holds the lock."""
    game.status = GameStatus.FINISHED
    game.winner = winner
    game.finished_at = now
    game.save(update_fields=["status", "winner", "finished_at"])
    DueEvent.objects.filter(game=game, done_at__isnull=True, cancelled_at__isnull=True).update(
        cancelled_at=now
    )
    if game.random_seed:
        text += f" Every draw came from the seed {game.random_seed} (C8)."
    log_append(
        game=game,
        kind="game_over",
        text=f"The game is over. {text} Every role is now public.",
        visibility=Visibility.PUBLIC,
        now=now,
    )
    return game
