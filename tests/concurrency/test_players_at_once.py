"""Every player of a game acts at the same moment, and each sends their action twice (a double
tap), through the API, on SQLite and on PostgreSQL, in one game of each rule set: no answer is a
server error, a refusal says why, and nothing is lost or counted twice. Where the database keeps
one row (a sign-up, a kill's statement, a night's choice, a ballot), one request wins and the
other is told."""

from collections import Counter

import pytest
from django.utils import timezone

from forums.models import PhaseThread, Post, ReadMarker
from game.models import GamePhase, Kill, KillStatement, NightAction
from game.rulesets.live_action.roles import Role
from game.services.chiang_mai.entries import chiang_mai_enter
from game.services.lobby.setup import game_start, roles_assign
from game.services.nights.phases import phase_end_now
from tests.concurrency.at_once import at_once, get, one_winner, post, refusals_are_clear
from tests.factories import UserFactory, make_game, moderator_of, sign_up, start_game
from tests.game.chiang_mai.helpers import dealt_table
from tests.game.classic.helpers import classic_game

pytestmark = pytest.mark.django_db(transaction=True)
API = "/api/v1"


def twice(calls: list) -> list:
    """Each call, and the same call again: the double tap."""
    return [call for call in calls for _ in range(2)]


def by_pair(answers: list) -> list[tuple]:
    return list(zip(answers[::2], answers[1::2], strict=True))


def tally(game, day: int) -> Counter:
    """Votes per voter in the moderators' tally of `day`."""
    answer = get(moderator_of(game), f"{API}/games/{game.pk}/votes/{day}").send()
    assert answer.status_code == 200, answer.content
    return Counter(ballot["voter"] for ballot in answer.json()["ballots"])


def test_live_action_sign_ups_votes_and_a_kill_reported_by_both_parties_at_once():
    game = make_game()
    users = [UserFactory() for _ in range(8)]
    signups = at_once(
        twice(
            [post(user, f"{API}/games/{game.pk}/signups", {"introduction": "hi"}) for user in users]
        )
    )
    for first, second in by_pair(signups):
        one_winner([first, second])
    assert game.players.count() == 8

    players = list(game.players.order_by("pk"))
    mafioso, victim = players[0], players[1]
    start_game(game, {mafioso: Role.MAFIA}, now=timezone.now())
    votes = at_once(
        twice(
            [
                post(voter.user, f"{API}/games/{game.pk}/votes", {"target_id": mafioso.pk})
                for voter in players[1:]
            ]
            + [post(mafioso.user, f"{API}/games/{game.pk}/votes", {"target_id": victim.pk})]
        )
    )
    assert {answer.status_code for answer in votes} == {201}
    assert tally(game, 1) == Counter({player.name: 1 for player in players})

    report = {"location": "the library", "method": "free_kill"}
    reports = at_once(
        twice(
            [
                post(
                    mafioso.user,
                    f"{API}/games/{game.pk}/kills",
                    {**report, "side": "killer", "other_player_id": victim.pk},
                ),
                post(
                    victim.user,
                    f"{API}/games/{game.pk}/kills",
                    {**report, "side": "victim", "other_player_id": mafioso.pk},
                ),
            ]
        )
    )
    for first, second in by_pair(reports):
        one_winner([first, second])
    kill = Kill.objects.get(game=game)
    assert sorted(KillStatement.objects.filter(kill=kill).values_list("side", flat=True)) == [
        "killer",
        "victim",
    ]


def test_classic_night_choices_and_day_votes_at_once():
    game, p = classic_game(start=timezone.now(), night_ends_when_all_in=True)
    phase_end_now(game_id=game.pk, by=moderator_of(game), now=timezone.now(), code="day", number=0)
    choices = {"maf1": "vil1", "maf2": "vil1", "cop": "maf1", "doc": "vil2"}
    everyone = [
        post(
            player.user,
            f"{API}/games/{game.pk}/night-action",
            {"target_id": p[choices[name]].pk} if name in choices else {"no_one": True},
        )
        for name, player in p.items()
    ]
    answers = at_once(twice(everyone))
    refusals_are_clear(answers)
    for (first, second), name in zip(by_pair(answers), p, strict=True):
        codes = sorted([first.status_code, second.status_code])
        if name in choices:
            # A change of mind is allowed until the night ends; the night may end between the
            # two (C1: all choices in), and then the second is told so.
            assert codes in ([201, 201], [201, 409]), (name, first.content, second.content)
        else:
            assert codes[0] >= 400, (name, first.content)
    actions = NightAction.objects.filter(game=game, night=0)
    assert sorted(actions.values_list("actor__name", flat=True)) == sorted(choices)
    # The night ended once, when every choice was in, and day 1 began once.
    assert GamePhase.objects.filter(game=game, code="night", number=0).count() == 1
    assert GamePhase.objects.filter(game=game, code="day", number=1).count() == 1
    game.refresh_from_db()
    assert (game.current_phase, game.current_day) == ("day", 1)

    living = [player for player in game.players.filter(alive=True)]
    target = next(player for player in living if player.name == "maf1")
    votes = at_once(
        twice(
            [
                post(voter.user, f"{API}/games/{game.pk}/votes", {"target_id": target.pk})
                for voter in living
            ]
        )
    )
    assert {answer.status_code for answer in votes} == {201}
    assert tally(game, 1) == Counter({player.name: 1 for player in living})


def hp_game(size: int):
    game = make_game(ruleset="hp")
    sign_up(game, size)
    moderator = moderator_of(game)
    roles_assign(game_id=game.pk, by=moderator, now=timezone.now())
    game_start(game_id=game.pk, by=moderator, now=timezone.now())
    return game, list(game.players.order_by("pk"))


def hp_round(player):
    answer = get(player.user, f"{API}/games/{player.game_id}/hp").send()
    assert answer.status_code == 200
    return answer.json()


def test_hp_night_picks_and_votes_at_once():
    game, players = hp_game(8)
    picks = []
    for player in players:
        seen = hp_round(player)
        target = seen["choices"][0]["id"] if seen["choices"] else players[0].pk
        picks.append(post(player.user, f"{API}/games/{game.pk}/hp/choose", {"target_id": target}))
    answers = at_once(twice(picks))
    refusals_are_clear(answers)
    choosers = {action.actor_id for action in NightAction.objects.filter(game=game, night=1)}
    per_actor = Counter(
        NightAction.objects.filter(game=game, night=1).values_list("actor_id", flat=True)
    )
    assert set(per_actor.values()) == {1}
    for (first, second), player in zip(by_pair(answers), players, strict=True):
        won = sum(answer.status_code == 200 for answer in (first, second))
        assert won == (1 if player.pk in choosers else 0), (player.name, first.content)
    # Every pick was in: the night ended once and the first vote is open (H10).
    seen = hp_round(players[0])
    assert (seen["number"], seen["phase"], seen["ballot"]) == (1, "day", 1) or seen["finished"]
    if seen["finished"]:
        return

    living = [player for player in players if hp_round(player)["me"]["alive"]]
    ballots = []
    for player in living:
        choices = hp_round(player)["choices"]
        ballots.append(
            post(player.user, f"{API}/games/{game.pk}/hp/choose", {"target_id": choices[0]["id"]})
        )
    answers = at_once(twice(ballots))
    for first, second in by_pair(answers):
        # One vote each (H8); the vote may close between the two, and the second is then told
        # it is no longer asked for.
        one_winner([first, second], ok=200)
    assert hp_round(players[0])["ballot"] != 1 or hp_round(players[0])["phase"] != "day"


def test_chiang_mai_phones_order_point_and_vote_at_once():
    game, players = dealt_table(10, phones=10)
    host = moderator_of(game)
    entries = f"{API}/games/{game.pk}/chiang-mai/entries"
    orders = at_once(
        twice(
            [
                post(player.user, entries, {"kind": "order", "top": player.state["dealt"][-1]})
                for player in players
            ]
        )
    )
    assert {answer.status_code for answer in orders} == {200}
    chiang_mai_enter(game_id=game.pk, by=host, entries=[{"kind": "next"}], now=timezone.now())
    table = get(host, f"{API}/games/{game.pk}/chiang-mai").send().json()
    called = set(table["called_players"] or [])
    innocent = next(seat for seat in table["seats"] if not seat["killer"])
    points = at_once(
        twice(
            [
                post(player.user, entries, {"kind": "pick", "target": innocent["id"]})
                for player in players
            ]
        )
    )
    refusals_are_clear(points)
    for (first, second), player in zip(by_pair(points), players, strict=True):
        expected = {200} if player.name in called else {422, 400, 409}
        assert {first.status_code, second.status_code} <= expected, (player.name, first.content)

    table = get(host, f"{API}/games/{game.pk}/chiang-mai").send().json()
    while table["call"]:
        chiang_mai_enter(game_id=game.pk, by=host, entries=[{"kind": "call"}], now=timezone.now())
        table = get(host, f"{API}/games/{game.pk}/chiang-mai").send().json()
    while table["hunter"]:
        # The deal is random: the pointed-at player may have had a Joker on top, and its holder
        # chooses (here: no one) before the day begins (M6, M11).
        chiang_mai_enter(game_id=game.pk, by=host, entries=[{"kind": "shot"}], now=timezone.now())
        table = get(host, f"{API}/games/{game.pk}/chiang-mai").send().json()
    chiang_mai_enter(game_id=game.pk, by=host, entries=[{"kind": "next"}], now=timezone.now())
    table = get(host, f"{API}/games/{game.pk}/chiang-mai").send().json()
    seats = {seat["id"]: seat for seat in table["seats"]}
    voters = [player for player in players if seats[player.pk]["in_game"]]
    ballots = at_once(
        twice(
            [
                post(
                    player.user,
                    entries,
                    {"kind": "ballot", "split": {str(innocent["id"]): seats[player.pk]["votes"]}},
                )
                for player in voters
            ]
        )
    )
    refusals_are_clear(ballots)
    assert all(answer.status_code in (200, 400, 409, 422) for answer in ballots)
    table = get(host, f"{API}/games/{game.pk}/chiang-mai").send().json()
    counted = table["ballots"] or {}
    for player in voters:
        assert sum(counted.get(player.name, {}).values()) == seats[player.pk]["votes"]


def test_a_forum_game_posts_votes_and_reads_at_once():
    game, p = classic_game(
        start=timezone.now(), votes_in_posts=True, majority_ends_day=False, phase_threads=True
    )
    moderator = moderator_of(game)
    for code in ("day", "night"):
        phase_end_now(game_id=game.pk, by=moderator, now=timezone.now(), code=code, number=0)
    thread = PhaseThread.objects.get(game=game, code="day", number=1).thread
    posts = f"{API}/forums/threads/{thread.pk}/posts"
    before = Post.objects.filter(thread=thread).count()
    living = list(game.players.filter(alive=True))
    target = next(player for player in living if player.name == "maf1")
    answers = at_once(
        twice([post(player.user, posts, {"body": f"VOTE: {target.name}"}) for player in living])
    )
    assert {answer.status_code for answer in answers} == {201}
    assert Post.objects.filter(thread=thread).count() == before + 2 * len(living)
    assert tally(game, 1) == Counter({player.name: 1 for player in living})
    # Each phone marks the thread read up to the post it shows, an older and a newer one at once:
    # the marker never moves back, and the newer one is kept (nothing lost).
    older, newer = (
        Post.objects.filter(thread=thread).order_by("pk").values_list("pk", flat=True)[:2]
    )
    read = f"{API}/forums/threads/{thread.pk}/read"
    reads = at_once(
        [
            post(player.user, read, {"last_post_id": last})
            for player in living
            for last in (older, newer)
        ]
    )
    assert {answer.status_code for answer in reads} == {200}
    markers = ReadMarker.objects.filter(thread=thread).values_list("user_id", "last_read_post_id")
    assert sorted(markers) == sorted((player.user_id, newer) for player in living)
