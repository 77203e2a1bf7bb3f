"""The win check after every death (the rule set's `winner`; R16, R17 for live action) and at
day end (R18), and the end of the game."""

import datetime as dt

from game.models import Day, DueEvent, Game, GameStatus, Player, Visibility
from game.rulesets.base import PlayerStatus
from game.rulesets.live_action.win import Winner, outcome_at_day_end, winner
from game.services.killing.kill_clocks import mafia_kill_days
from game.services.log import log_append
from game.snapshots.undecided_kills import undecided_reports

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
    """Day-end step (R4, R18): after the day's deaths, R17 and then the mafia kill clock, which
    waits for the kill reports of ended days still undecided (R52); moderators are told."""
    today = undecided_reports(game, day=day.number)
    if today:
        names = ", ".join(kill.victim.name for kill in today)
        log_append(
            game=game,
            kind="clock_waits",
            text=f"Day {day.number} ended with kill reports undecided ({names}). The mafia "
            "kill clock (R18) waits until each is confirmed or rejected (R52).",
            visibility=Visibility.MODERATORS,
            now=ended_at,
        )
    _clock_check(game, day.number, ended_at)


def mafia_clock_recheck(game: Game, now: dt.datetime) -> None:
    """After a kill report is decided: the mafia kill clock that waited for it (R52) runs again
    for the days ended so far. The caller holds the game lock."""
    if game.status != GameStatus.RUNNING or game.rules.night_and_day:
        return
    last_ended = (
        Day.objects.filter(game=game, ended_at__isnull=False)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
    )
    if last_ended:
        _clock_check(game, last_ended, now)


def _clock_check(game: Game, last_ended: int, at: dt.datetime) -> None:
    """R18 after the days ended so far, waiting for the days whose reports are undecided (R52)."""
    statuses = player_statuses(game)
    waiting = {kill.day for kill in undecided_reports(game, up_to_day=last_ended)}
    decided = outcome_at_day_end(statuses, last_ended, mafia_kill_days(game), waiting)
    if decided is None:
        return
    text = WINNER_TEXT[decided] if winner(statuses) else CLOCK_TEXT
    game_finish(game=game, winner=decided, now=at, text=text)


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
