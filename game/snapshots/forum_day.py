"""The open day's votes as Forum Mafia reads them (docs/forum-play.md): each living player's
current vote, a vote withdrawn by `UNVOTE` being no vote, and the vote count's text. Read by
the hammer and vote counts (services.days.forum_day) and the live vote count page."""

import datetime as dt
from dataclasses import dataclass

from game.models import Game, GamePhase, Player, Vote
from game.rulesets import forum_play
from game.rulesets.phases import NO_ONE, Pick

# A vote withdrawn by `UNVOTE` is a vote row with no target and this note: the day's end counts
# it as a missing vote (for no one, C5), the hammer and the vote count as no vote at all.
WITHDRAWN = "UNVOTE"
NO_ONE_LABEL = "No one"


@dataclass(frozen=True)
class DayVotes:
    """The open day's current votes of the living: `ballots` voter to pick (withdrawn and
    missing votes absent), `changes` the day's vote rows so far, `names` every player's."""

    living: list[int]
    ballots: dict[int, Pick]
    changes: int
    names: dict[int, str]


def day_votes(game: Game, day: int, until: dt.datetime | None = None) -> DayVotes:
    """Two queries whatever the game's size. `until`: the votes and the living as they were
    at that moment (a player who died since was living then)."""
    players = list(Player.objects.filter(game=game).values_list("pk", "name", "alive", "died_at"))
    living = sorted(pk for pk, _, alive, died in players if _living_at(alive, died, until))
    votes = Vote.objects.filter(game=game, day=day)
    if until is not None:
        votes = votes.filter(cast_at__lte=until)
    ballots: dict[int, Pick] = {}
    changes = 0
    for voter_id, target_id, note in votes.order_by("cast_at", "id").values_list(
        "voter_id", "target_id", "note"
    ):
        changes += 1
        if note == WITHDRAWN and target_id is None:
            ballots.pop(voter_id, None)
        else:
            ballots[voter_id] = target_id
    alive = set(living)
    return DayVotes(
        living=living,
        ballots={v: t for v, t in ballots.items() if v in alive},
        changes=changes,
        names={pk: name for pk, name, _, _ in players},
    )


def _living_at(alive: bool, died_at: dt.datetime | None, until: dt.datetime | None) -> bool:
    if alive or until is None:
        return alive
    return died_at is not None and died_at > until


def vote_count_of(game: Game, phase: GamePhase, votes: DayVotes, now: dt.datetime) -> str:
    """The vote count's text (the forum hosts' format, forum_play.vote_count_text)."""
    by_target: dict[Pick, list[str]] = {}
    for voter in votes.living:
        if voter in votes.ballots:
            by_target.setdefault(votes.ballots[voter], []).append(votes.names[voter])
    lines = [
        forum_play.CountLine(
            NO_ONE_LABEL if pick is NO_ONE else votes.names[pick], tuple(sorted(voters))
        )
        for pick, voters in by_target.items()
    ]
    not_voting = sorted(votes.names[v] for v in votes.living if v not in votes.ballots)
    return forum_play.vote_count_text(
        phase.number,
        lines,
        not_voting,
        len(votes.living),
        forum_play.time_left_text((phase.ends_at - now).total_seconds()),
        majority_ends_day=game.majority_ends_day,
    )
