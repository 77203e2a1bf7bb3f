"""The win check after every death (the rule set's `winner`; R16, R17 for live action) and at
day end (R18), and the end of the game."""

import datetime as dt

from game.models import DueEvent, Game, GameStatus, Player, Visibility
from game.models.players import SEAT_ORDER
from game.rulesets.base import PlayerStatus
from game.rulesets.live_action.win import Winner, clock_outcome
from game.services.lines import lines_write
from game.services.log import log_append
from game.snapshots.kill_facts import day_end_clock, player_statuses, undecided_reports

WINNER_TEXT = {
    Winner.TOWN: "The town wins: no mafia-aligned player is alive.",
    Winner.MAFIA: "The mafia win: no townie is alive.",
}
CLOCK_TEXT = "The town wins: the mafia let too many days pass without a kill (R18)."


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
    clock = day_end_clock(game, last_ended=day.number)
    decided = clock_outcome(clock) if clock else None
    if decided is not None:
        game_over_at_day_end(game, *decided, ended_at)


def mafia_clock_recheck(game: Game, now: dt.datetime) -> None:
    """After a kill report is decided: the mafia kill clock that waited for it (R52) runs again
    for the days ended so far. The caller holds the game lock."""
    clock = day_end_clock(game)
    decided = clock_outcome(clock) if clock else None
    if decided is not None:
        game_over_at_day_end(game, *decided, now)


SEEDED_DRAWS = "C8"


def game_over_at_day_end(game: Game, side: str, by_clock: bool, at: dt.datetime) -> None:
    """The win check after the days ended so far decided `side`: by the mafia kill clock (R18),
    or with nobody left on the other side (R17)."""
    game_finish(game=game, winner=side, now=at, text=CLOCK_TEXT if by_clock else WINNER_TEXT[side])


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
    if game.rules.game_over is not None:
        _game_over_in_own_words(game, winner, now)
        return game
    if game.random_seed:
        # The seeded draws' ruling (C8) is cited where the rule set's pages cite it.
        cited = " (C8)" if game.rules.pages.may_cite(SEEDED_DRAWS) else ""
        text += f" Every draw came from the seed {game.random_seed}{cited}."
    log_append(
        game=game,
        kind="game_over",
        text=f"The game is over. {text} Every role is now public.",
        visibility=Visibility.PUBLIC,
        now=now,
    )
    return game


def _game_over_in_own_words(game: Game, winner: str, now: dt.datetime) -> None:
    """The rule set's own lines for the game's end (`Ruleset.game_over`: HP's closing list,
    H9), which read the players in seat order."""
    players = list(game.players.exclude(role="").order_by(*SEAT_ORDER))
    seats = [PlayerStatus(p.pk, p.role, p.alive, p.conscripted) for p in players]
    lines = game.rules.game_over(winner, seats, game.current_day)
    lines_write(game=game, lines=lines, players=players, now=now)
