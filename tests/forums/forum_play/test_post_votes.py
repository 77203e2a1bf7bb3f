"""Votes written in posts, the hammer and the vote count of a classic game played in the
threads (docs/forum-play.md, C5)."""

import datetime as dt

import pytest
from django.test import TestCase

from forums.models import BoardKind, Post, PostKind
from forums.services.boards import thread_create
from forums.services.posts import post_delete, post_edit
from game.models import DayResult, LogEntry, Vote
from game.rulesets.phases import NIGHT
from game.services.days.forum_day import vote_count_request
from game.services.days.votes import vote_cast
from tests.factories import moderator_of
from tests.forums.forum_play.helpers import at, day_thread, forum_game, say
from tests.game.classic.helpers import phase_now

pytestmark = pytest.mark.django_db


def latest_target(game, player):
    vote = Vote.objects.filter(game=game, voter=player).order_by("-id").first()
    return vote and (vote.target_id, vote.note)


def test_a_vote_by_post_is_cast_and_shown_in_the_post():
    game, p = forum_game()
    post = say(p["vil1"], "I have a feeling.\n**VOTE: maf1**")
    assert latest_target(game, p["vil1"]) == (p["maf1"].pk, "")
    assert post.post_vote.counted and post.post_vote.target_label == "maf1"
    assert LogEntry.objects.filter(game=game, text="vil1 votes to kill maf1.").exists()


def test_an_unvote_withdraws_and_a_new_vote_changes_it():
    game, p = forum_game()
    say(p["vil1"], "vote: maf1")
    say(p["vil1"], "UNVOTE")
    assert latest_target(game, p["vil1"]) == (None, "UNVOTE")
    say(p["vil1"], "VOTE: Cop")
    assert latest_target(game, p["vil1"]) == (p["cop"].pk, "")


def test_an_ambiguous_or_unknown_name_is_not_counted_and_the_author_is_told():
    game, p = forum_game()
    post = say(p["vil2"], "VOTE: vil")
    assert not post.post_vote.counted
    assert "could be vil1, vil2, vil3, vil4" in post.post_vote.notice
    post = say(p["vil2"], "VOTE: nobody here")
    assert "no living player is called" in post.post_vote.notice
    assert not Vote.objects.filter(game=game, voter=p["vil2"]).exists()


def test_a_vote_posted_after_the_deadline_is_refused_though_the_post_stands():
    game, p = forum_game()
    late = phase_now(game).ends_at + dt.timedelta(seconds=1)
    post = say(p["vil1"], "VOTE: maf1", when=late)
    assert post.pk and not post.post_vote.counted
    assert "It is night" in post.post_vote.notice
    assert not Vote.objects.filter(game=game, voter=p["vil1"]).exists()


def test_an_edited_or_deleted_post_leaves_its_vote_as_posted():
    game, p = forum_game()
    post = say(p["vil1"], "VOTE: maf1")
    post_edit(post_id=post.pk, by=p["vil1"].user, body="VOTE: cop", now=at(game, 6))
    assert latest_target(game, p["vil1"]) == (p["maf1"].pk, "")
    post_delete(post_id=post.pk, by=moderator_of(game), reason="spam", now=at(game, 7))
    assert Vote.objects.filter(game=game, voter=p["vil1"]).count() == 1
    post.refresh_from_db()
    assert post.post_vote.target_label == "maf1"


def test_votes_in_the_mafia_den_or_in_another_thread_do_not_count():
    game, p = forum_game()
    den = thread_create(
        game_id=game.pk,
        board_kind=BoardKind.MAFIA_DEN,
        by=p["maf1"].user,
        title="Plans",
        body="VOTE: cop",
        now=at(game),
    )
    say(p["maf2"], "VOTE: cop", thread=den)
    other = thread_create(
        game_id=game.pk,
        board_kind=BoardKind.TOWN_SQUARE,
        by=p["vil1"].user,
        title="Theories",
        body="hello",
        now=at(game),
    )
    post = say(p["vil1"], "VOTE: maf1", thread=other)
    assert "thread of the open day only" in post.post_vote.notice
    assert not Vote.objects.filter(game=game).exists()


def test_the_form_vote_keeps_working_and_counts_toward_the_hammer():
    game, p = forum_game()
    for name in ("vil1", "vil2", "vil3", "vil4"):
        say(p[name], "VOTE: maf1")
    with TestCase.captureOnCommitCallbacks(execute=True):
        vote_cast(game_id=game.pk, voter_id=p["cop"].pk, target_id=p["maf1"].pk, now=at(game, 9))
    game.refresh_from_db()
    assert game.current_phase == NIGHT
    assert DayResult.objects.get(game=game, day=1).executed_id == p["maf1"].pk


def test_the_hammer_ends_the_day_at_once_announced_and_the_night_thread_opens():
    game, p = forum_game()
    for name in ("vil1", "vil2", "vil3", "vil4"):
        say(p[name], "VOTE: maf1")
    game.refresh_from_db()
    assert game.current_phase == "day"
    hammer = say(p["cop"], "VOTE: maf1", when=at(game, 9))
    game.refresh_from_db()
    assert (game.current_phase, game.current_day) == (NIGHT, 1)
    assert LogEntry.objects.filter(game=game, kind="hammer").count() == 1
    texts = list(day_thread(game, 1).posts.values_list("body", flat=True))
    assert "Hammer! A majority voted for maf1: day 1 ends now." in texts
    assert DayResult.objects.get(game=game, day=1).executed_id == p["maf1"].pk
    assert day_thread(game, 1).locked_at == hammer.created_at + dt.timedelta(microseconds=1)
    night = game_thread(game, NIGHT, 1)
    assert night.locked_at is None and "Night 1 has begun. It ends" in night.posts.first().body


def game_thread(game, code, number):
    from forums.models import PhaseThread

    return PhaseThread.objects.get(game=game, code=code, number=number).thread


def test_without_the_majority_setting_the_day_runs_to_its_deadline():
    game, p = forum_game(majority_ends_day=False)
    for name in ("vil1", "vil2", "vil3", "vil4", "cop"):
        say(p[name], "VOTE: maf1")
    game.refresh_from_db()
    assert game.current_phase == "day"


def test_a_vote_count_is_posted_after_every_n_changes_and_on_request():
    game, p = forum_game(vote_count_every=3, majority_ends_day=False)
    say(p["vil1"], "VOTE: maf1")
    say(p["vil2"], "VOTE: maf1")
    assert not Post.objects.filter(thread=day_thread(game), kind=PostKind.VOTE_COUNT).exists()
    say(p["vil3"], "VOTE: vil1")
    counts = list(
        Post.objects.filter(thread=day_thread(game), kind=PostKind.VOTE_COUNT).values_list(
            "body", flat=True
        )
    )
    assert len(counts) == 1
    assert counts[0].startswith(
        "Vote count, day 1:\nmaf1 (2): vil1, vil2\nvil1 (1): vil3\n"
        "Not voting (5): cop, doc, maf1, maf2, vil4\n"
        "With 8 alive, 5 votes are a majority; the day ends at its deadline"
    )
    assert "Time left: " in counts[0]
    vote_count_request(game_id=game.pk, by=moderator_of(game), now=at(game, 20))
    assert Post.objects.filter(thread=day_thread(game), kind=PostKind.VOTE_COUNT).count() == 2
