from collections import Counter

import pytest

from game.errors import GameRuleError
from game.models import GameStatus, Item, LogEntry, Player, Visibility
from game.rulesets.live_action.roles import Role
from game.services.lobby.games import game_settings_update, moderator_add
from game.services.lobby.setup import game_start, items_deal, role_set, roles_assign
from game.services.lobby.signups import signup_create, signup_remove, signups_set_open
from tests.factories import (
    START,
    UserFactory,
    make_game,
    moderator_of,
    running_game,
    seeded,
    sign_up,
    start_game,
)

pytestmark = pytest.mark.django_db


def test_random_deal_respects_the_counts_and_pairs_the_gay_knights():
    game = make_game(setup={"roles": {"mafia": 5, "serial_killer": 2, "gay_knight": 1}})
    sign_up(game, 30)
    roles_assign(game_id=game.pk, by=moderator_of(game), now=START, rng=seeded())
    players = list(game.players.all())
    tally = Counter(p.role for p in players)
    assert tally[Role.MAFIA] == 5
    assert tally[Role.SERIAL_KILLER] == 2
    knights = [p for p in players if p.role == Role.GAY_KNIGHT]
    assert len(knights) in (2, 4)
    by_id = {p.pk: p for p in players}
    for knight in knights:
        partner = by_id[knight.partner_id]
        assert partner.role == Role.GAY_KNIGHT
        assert partner.partner_id == knight.pk


def test_items_are_dealt_from_the_game_counts():
    game = make_game(setup={"items": {"shovel": 7, "taser": 4}})
    sign_up(game, 12)
    items_deal(game_id=game.pk, by=moderator_of(game), now=START, rng=seeded())
    assert Counter(Item.objects.filter(game=game).values_list("kind", flat=True)) == {
        "shovel": 7,
        "taser": 4,
    }
    assert not Item.objects.filter(game=game, holder__isnull=True).exists()


def test_counts_larger_than_the_sign_ups_are_refused_and_nothing_changes():
    game = make_game(setup={"roles": {"mafia": 5, "serial_killer": 2}})
    sign_up(game, 4)
    with pytest.raises(GameRuleError, match="only 4 signed up"):
        roles_assign(game_id=game.pk, by=moderator_of(game), now=START)
    assert set(game.players.values_list("role", flat=True)) == {""}


def test_moderator_sets_a_gay_knight_pair_by_hand():
    game = make_game()
    a, b, c = sign_up(game, 3)
    mod = moderator_of(game)
    role_set(
        game_id=game.pk, player_id=a.pk, role=Role.GAY_KNIGHT, partner_id=b.pk, by=mod, now=START
    )
    a.refresh_from_db()
    b.refresh_from_db()
    assert (a.role, b.role) == (Role.GAY_KNIGHT, Role.GAY_KNIGHT)
    assert (a.partner_id, b.partner_id) == (b.pk, a.pk)
    role_set(game_id=game.pk, player_id=a.pk, role=Role.TOWNIE, by=mod, now=START)
    b.refresh_from_db()
    assert b.partner_id is None
    role_set(game_id=game.pk, player_id=c.pk, role=Role.MAFIA, by=mod, now=START)
    problems_before_start = pytest.raises(GameRuleError, match="no Gay Knight partner")
    with problems_before_start:
        game_start(game_id=game.pk, by=mod, now=START)


def test_a_gay_knight_without_a_partner_is_refused():
    game = make_game()
    (a,) = sign_up(game, 1)
    with pytest.raises(GameRuleError, match="needs a partner"):
        role_set(
            game_id=game.pk,
            player_id=a.pk,
            role=Role.GAY_KNIGHT,
            by=moderator_of(game),
            now=START,
        )


def test_a_game_cannot_start_with_players_missing_a_role():
    game = make_game()
    sign_up(game, 3)
    with pytest.raises(GameRuleError, match="without a role"):
        game_start(game_id=game.pk, by=moderator_of(game), now=START)
    game.refresh_from_db()
    assert game.status == GameStatus.SIGNUP


def test_starting_begins_day_one_and_closes_sign_ups():
    game = make_game()
    sign_up(game, 3)
    start_game(game)
    game.refresh_from_db()
    assert (game.status, game.current_day, game.signups_open) == (GameStatus.RUNNING, 1, False)
    day = game.days.get()
    assert day.started_at == START
    assert game.due_events.get(kind="day_end").due_at == day.ends_at
    with pytest.raises(GameRuleError, match="already started"):
        signup_create(game_id=game.pk, user=UserFactory(), introduction="late", now=START)


def test_signing_up_twice_or_as_a_moderator_is_refused():
    game = make_game()
    (player,) = sign_up(game, 1)
    with pytest.raises(GameRuleError, match="already signed up"):
        signup_create(game_id=game.pk, user=player.user, introduction="again", now=START)
    with pytest.raises(GameRuleError, match="Moderators cannot play"):
        signup_create(game_id=game.pk, user=moderator_of(game), introduction="me", now=START)
    assert game.players.count() == 1


def test_closed_sign_ups_refuse_new_players_until_reopened():
    game = make_game()
    mod = moderator_of(game)
    signups_set_open(game_id=game.pk, by=mod, open=False, now=START)
    with pytest.raises(GameRuleError, match="closed"):
        signup_create(game_id=game.pk, user=UserFactory(), introduction="hi", now=START)
    signups_set_open(game_id=game.pk, by=mod, open=True, now=START)
    signup_create(game_id=game.pk, user=UserFactory(), introduction="hi", now=START)
    assert game.players.count() == 1


def test_moderator_removes_a_sign_up_and_it_is_logged():
    game = make_game()
    (player,) = sign_up(game, 1)
    signup_remove(
        game_id=game.pk, player_id=player.pk, by=moderator_of(game), now=START, reason="spam"
    )
    assert not Player.objects.filter(pk=player.pk).exists()
    entry = LogEntry.objects.get(game=game, kind="signup_removed")
    assert entry.reason == "spam"
    assert entry.visibility == Visibility.PUBLIC


def test_a_player_of_the_game_cannot_become_its_moderator():
    game = make_game()
    (player,) = sign_up(game, 1)
    with pytest.raises(GameRuleError, match="cannot moderate"):
        moderator_add(
            game_id=game.pk,
            by=moderator_of(game),
            username_or_email=player.user.username,
            now=START,
        )


def test_co_moderator_is_added_once():
    game = make_game()
    other = UserFactory()
    moderator_add(game_id=game.pk, by=moderator_of(game), username_or_email=other.email, now=START)
    assert game.moderators.filter(user=other).exists()
    with pytest.raises(GameRuleError, match="already moderates"):
        moderator_add(
            game_id=game.pk, by=moderator_of(game), username_or_email=other.username, now=START
        )


def test_role_counts_cannot_change_once_the_game_runs():
    game, _ = running_game(3)
    with pytest.raises(GameRuleError, match="cannot change now: setup"):
        game_settings_update(
            game_id=game.pk, by=moderator_of(game), now=START, setup={"roles": {"mafia": 1}}
        )
    game_settings_update(game_id=game.pk, by=moderator_of(game), now=START, secret_ballots=True)
    game.refresh_from_db()
    assert game.secret_ballots is True


def test_an_unknown_time_zone_is_refused():
    game = make_game()
    with pytest.raises(GameRuleError, match="not a known time zone"):
        game_settings_update(game_id=game.pk, by=moderator_of(game), now=START, time_zone="Mars/X")
