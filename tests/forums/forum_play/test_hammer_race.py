"""Exactly once for the hammer on PostgreSQL (issue 35): two players cast the deciding vote of
a day at the same moment, each on their own connection, by a post, the vote form or the API.
In every round the day ends once, at the first vote recorded; the other vote is refused to
its author with the reason (a post stays as talk, marked so); the votes of the day and the
day's tally agree; and a post and its vote carry one moment of one clock."""

import datetime as dt
import itertools
import json
import os
import threading
from dataclasses import dataclass

import pytest
from django.db import connection, connections, transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.html import strip_tags

from forums.models import Post
from game.models import Day, DayResult, Game, LogEntry, Player, Vote
from game.rulesets.phases import DAY, NIGHT
from game.services.days.forum_day import HAMMER_AFTER
from game.services.days.votes import vote_cast
from game.services.locking import lock_game
from tests.conftest import client_for
from tests.factories import moderator_of
from tests.forums.forum_play.helpers import town_thread
from tests.game.classic.helpers import classic_game, end_phase

pytestmark = [
    pytest.mark.postgres_only,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="row locks need PostgreSQL (DATABASE_URL)"
    ),
]

ROUNDS = int(os.environ.get("HAMMER_RACE_ROUNDS", "50"))
CHANNELS = ("post", "form", "api")
DECIDING = ("cop", "doc")
SIDE_BY_SIDE = 5


@dataclass
class Outcome:
    channel: str
    voter: Player
    counted: bool = False
    reason: str = ""


def day_one_with_four_votes(settings) -> tuple[Game, dict[str, Player]]:
    """A forum game of eight on day 1, open now by the real clock, with four votes for maf1:
    the next vote for maf1 is the fifth, a majority, and hammers."""
    settings.GAME_CLOCK = "process"
    start = timezone.now() - dt.timedelta(minutes=150)
    with transaction.atomic():  # one commit: the set-up is not what races
        game, p = classic_game(
            start=start, phase_minutes=60, votes_in_posts=True, majority_ends_day=True
        )
        end_phase(game)
        end_phase(game)
        assert (game.current_phase, game.current_day) == (DAY, 1)
        settings.GAME_CLOCK = "database"
        for name in ("vil1", "vil2", "vil3", "vil4"):
            vote_cast(game_id=game.pk, voter_id=p[name].pk, target_id=p["maf1"].pk)
    return game, p


def cast_by(channel: str, client: Client, game: Game, thread_id: int, target: Player):
    if channel == "post":
        url = reverse("forums:thread_detail", args=[thread_id])
        return client.post(url, {"body": f"VOTE: {target.name}"})
    if channel == "form":
        return client.post(reverse("vote", args=[game.pk]), {"day": 1, "target": target.pk})
    return client.post(
        f"/api/v1/games/{game.pk}/votes",
        json.dumps({"target_id": target.pk, "day": 1}),
        content_type="application/json",
    )


def outcome_of(outcome: Outcome, response) -> Outcome:
    """Whether the vote was counted, and the reason its author was given if not."""
    if outcome.channel == "post":
        assert response.status_code == 302
        post = Post.objects.select_related("post_vote").get(author_player=outcome.voter)
        outcome.counted = post.post_vote.vote_id is not None
        outcome.reason = post.post_vote.notice
    elif outcome.channel == "form":
        outcome.counted = response.status_code == 302
        outcome.reason = "" if outcome.counted else strip_tags(response.content.decode())
    else:
        outcome.counted = response.status_code == 201
        outcome.reason = "" if outcome.counted else response.json()["detail"]
    return outcome


@dataclass
class Round:
    game: Game
    players: dict[str, Player]
    outcomes: list[Outcome]


def races(rounds: list[Round]) -> None:
    """Every round's two deciding votes, all at once: each vote on its own connection, released
    together by one barrier (the rounds' games race side by side too)."""
    casts = []
    for r in rounds:
        thread = town_thread(r.game)
        for outcome in r.outcomes:
            client = client_for(outcome.voter.user)
            casts.append((outcome, client, r.game, thread.pk, r.players["maf1"]))
    barrier = threading.Barrier(len(casts))
    responses: dict[int, object] = {}

    def cast(index: int) -> None:
        outcome, client, game, thread_id, target = casts[index]
        try:
            barrier.wait(30)
            responses[index] = cast_by(outcome.channel, client, game, thread_id, target)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=cast, args=(i,)) for i in range(len(casts))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    for index, (outcome, *_) in enumerate(casts):
        outcome_of(outcome, responses[index])


def assert_exactly_once(game: Game, p: dict[str, Player], outcomes: list[Outcome]) -> str:
    game.refresh_from_db()
    assert (game.current_phase, game.current_day) == (NIGHT, 1)
    assert LogEntry.objects.filter(game=game, kind="hammer").count() == 1
    assert LogEntry.objects.filter(game=game, kind="execution").count() == 1
    result = DayResult.objects.get(game=game, day=1)
    assert result.executed_id == p["maf1"].pk
    (winner,) = [o for o in outcomes if o.counted]
    (loser,) = [o for o in outcomes if not o.counted]
    assert "day 1 has ended" in loser.reason and "(C5)" in loser.reason
    assert not Vote.objects.filter(game=game, voter=loser.voter).exists()
    vote = Vote.objects.get(game=game, voter=winner.voter)
    day = Day.objects.get(game=game, number=1)
    assert day.ended_at == vote.cast_at + HAMMER_AFTER
    assert vote.pk == Vote.objects.filter(game=game, day=1).latest("id").pk
    # The day's votes, as listed and announced, are the tally's.
    votes = list(Vote.objects.filter(game=game, day=1).order_by("id"))
    assert all(v.cast_at < day.ended_at for v in votes)
    announced = LogEntry.objects.filter(game=game, kind="vote_public").count()
    assert announced == len(votes) == 5
    latest = {v.voter_id: v.target_id for v in votes}
    living = list(game.players.filter(alive=True).values_list("pk", flat=True)) + [p["maf1"].pk]
    totals: dict[str, int] = {}
    for voter in living:
        key = str(latest[voter]) if latest.get(voter) else "none"
        totals[key] = totals.get(key, 0) + 1
    assert totals == result.totals
    if winner.channel == "post":
        post = Post.objects.get(author_player=winner.voter)
        assert post.created_at == vote.cast_at
    return f"{winner.channel} beat {loser.channel}"


def test_two_deciding_votes_at_once_end_the_day_once_at_the_first_recorded(settings):
    pairs = itertools.cycle(itertools.product(CHANNELS, CHANNELS))
    seen: dict[str, int] = {}
    for first in range(0, ROUNDS, SIDE_BY_SIDE):
        rounds = []
        for _ in range(min(SIDE_BY_SIDE, ROUNDS - first)):
            game, p = day_one_with_four_votes(settings)
            channels = next(pairs)
            outcomes = [Outcome(c, p[name]) for c, name in zip(channels, DECIDING, strict=True)]
            rounds.append(Round(game, p, outcomes))
        races(rounds)
        for r in rounds:
            line = assert_exactly_once(r.game, r.players, r.outcomes)
            seen[line] = seen.get(line, 0) + 1
    print(f"{ROUNDS} rounds:", ", ".join(f"{k}: {n}" for k, n in sorted(seen.items())))
    assert sum(seen.values()) == ROUNDS


def waiting_for_a_lock() -> bool:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity "
            "WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        return cursor.fetchone()[0] > 0


def test_a_vote_recorded_while_the_moderators_end_waits_is_counted_before_the_end(settings):
    """The moderators' end of a day is the moment it holds the day's row, on the database's
    clock, not the moment they asked: a vote recorded while their request waits (here for the
    game, held by another action) is before the end and counted, never recorded for the day
    and left out of its tally (C5)."""
    game, p = day_one_with_four_votes(settings)
    Game.objects.filter(pk=game.pk).update(majority_ends_day=False)
    held, release = threading.Event(), threading.Event()
    answers: dict[str, object] = {}

    def hold_the_game() -> None:
        try:
            with transaction.atomic():
                lock_game(game.pk)
                held.set()
                release.wait(60)
        finally:
            connections.close_all()

    def end_now() -> None:
        try:
            answers["end"] = client_for(moderator_of(game)).post(
                f"/api/v1/games/{game.pk}/phase/end",
                json.dumps({"code": DAY, "number": 1}),
                content_type="application/json",
            )
        finally:
            connections.close_all()

    holder = threading.Thread(target=hold_the_game)
    holder.start()
    assert held.wait(60)
    ender = threading.Thread(target=end_now)
    ender.start()
    for _ in range(600):
        if waiting_for_a_lock():
            break
        threading.Event().wait(0.05)
    vote = cast_by("api", client_for(p["doc"].user), game, 0, p["maf2"])
    release.set()
    for t in (holder, ender):
        t.join(60)

    assert vote.status_code == 201 and answers["end"].status_code == 200
    day = Day.objects.get(game=game, number=1)
    assert Vote.objects.get(voter=p["doc"]).cast_at < day.ended_at
    result = DayResult.objects.get(game=game, day=1)
    assert result.totals[str(p["maf2"].pk)] == 1 and result.totals[str(p["maf1"].pk)] == 4
