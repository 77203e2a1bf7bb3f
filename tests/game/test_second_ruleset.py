"""A game of another rule set (the test-only village of tests/rulesets/village) is created,
dealt, started, shown and played on the same engine, without the live-action package; and a
role added to it in one module plus one registry line is dealt, shown on its card and offered in
the setup form, with no migration."""

from collections import Counter
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from game.errors import GameRuleError
from game.models import GameStatus
from game.rulesets import registry
from game.rulesets.live_action import LIVE_ACTION
from game.services import deadlines
from game.services.days import day_cycle
from game.services.lobby.games import game_settings_update
from game.services.lobby.setup import game_start, role_set, roles_assign
from game.services.nights import phases
from tests.conftest import client_for
from tests.factories import START, make_game, moderator_of, seeded, sign_up
from tests.game.helpers import end_day, vote
from tests.rulesets.village import VILLAGE
from tests.rulesets.village.roles import lookout

pytestmark = pytest.mark.django_db


@pytest.fixture
def village(monkeypatch):
    monkeypatch.setitem(registry.RULESETS, VILLAGE.code, VILLAGE)
    return VILLAGE


def village_game(size: int, **roles: int):
    game = make_game(ruleset="village", setup={"roles": roles})
    players = sign_up(game, size)
    return game, players


def test_a_game_of_another_rule_set_is_created_dealt_started_and_shown(village):
    game, players = village_game(6, wolf=2, seer=1, lookout=1)
    mod = moderator_of(game)
    roles_assign(game_id=game.pk, by=mod, now=START, rng=seeded())
    game_start(game_id=game.pk, by=mod, now=START)
    game.refresh_from_db()
    assert (game.ruleset, game.status, game.current_day) == ("village", GameStatus.RUNNING, 1)
    assert Counter(game.players.values_list("role", flat=True)) == {
        "wolf": 2,
        "seer": 1,
        "lookout": 1,
        "villager": 2,
    }
    wolf = game.players.filter(role="wolf").first()
    page = client_for(wolf.user).get(reverse("role_card", args=[game.pk])).content.decode()
    assert "Wolf" in page and "Outnumber the village." in page and "Wolves" in page
    other_wolf = game.players.filter(role="wolf").exclude(pk=wolf.pk).get()
    assert other_wolf.name in page
    state = client_for(wolf.user).get(f"/api/v1/games/{game.pk}").json()
    assert (state["you"]["role"], state["you"]["role_name"]) == ("wolf", "Wolf")
    overview = client_for(players[0].user).get(reverse("game_detail", args=[game.pk]))
    assert overview.status_code == 200
    dashboard = client_for(mod).get(reverse("mod_dashboard", args=[game.pk])).content.decode()
    assert "Seer" in dashboard and "Villager" in dashboard


def test_a_new_role_is_dealt_shown_on_its_card_and_offered_in_the_setup_form(village):
    assert lookout.ROLE in village.roles and not LIVE_ACTION.has_role(lookout.ROLE.code)
    game, _ = village_game(5, wolf=1, seer=0, lookout=1)
    mod = moderator_of(game)
    setup_page = client_for(mod).get(reverse("mod_dashboard", args=[game.pk])).content.decode()
    assert 'name="role_lookout"' in setup_page and "Lookout" in setup_page
    response = client_for(mod).post(
        reverse("mod_counts", args=[game.pk]), {"role_wolf": 1, "role_seer": 0, "role_lookout": 2}
    )
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.setup["roles"] == {"wolf": 1, "seer": 0, "lookout": 2}
    roles_assign(game_id=game.pk, by=mod, now=START, rng=seeded())
    game_start(game_id=game.pk, by=mod, now=START)
    lookouts = list(game.players.filter(role=lookout.ROLE.code))
    assert len(lookouts) == 2
    card = client_for(lookouts[0].user).get(reverse("role_card", args=[game.pk])).content.decode()
    assert '<h2 id="role-name">Lookout</h2>' in card
    assert "Tell the moderators whose door you watch." in card
    changes = StringIO()
    call_command("makemigrations", "--check", "--dry-run", stdout=changes)
    assert "No changes detected" in changes.getvalue()


def test_each_rule_set_refuses_the_other_ones_roles(village):
    game, (player, *_) = village_game(3, wolf=1)
    mod = moderator_of(game)
    with pytest.raises(GameRuleError, match="Village \\(tests\\) has no such role to count: mafia"):
        game_settings_update(game_id=game.pk, by=mod, now=START, setup={"roles": {"mafia": 1}})
    with pytest.raises(GameRuleError, match="not a role of this game"):
        role_set(game_id=game.pk, player_id=player.pk, role="mafia", by=mod, now=START)
    live = make_game()
    with pytest.raises(GameRuleError, match="Live action has no such role to count: wolf"):
        game_settings_update(
            game_id=live.pk, by=moderator_of(live), now=START, setup={"roles": {"wolf": 1}}
        )


def test_a_village_day_ends_with_an_execution_and_the_rule_sets_win_check(village):
    game, players = village_game(4, wolf=1, seer=0, lookout=0)
    mod = moderator_of(game)
    wolf, *village_players = players
    role_set(game_id=game.pk, player_id=wolf.pk, role="wolf", by=mod, now=START)
    for player in village_players:
        role_set(game_id=game.pk, player_id=player.pk, role="villager", by=mod, now=START)
    game_start(game_id=game.pk, by=mod, now=START)
    for voter in village_players:
        vote(game, voter, wolf)
    end_day(game)
    assert (game.status, game.winner) == (GameStatus.FINISHED, "village")


def test_an_unknown_rule_set_is_refused():
    with pytest.raises(GameRuleError, match="not a rule set the app plays"):
        make_game(ruleset="chess")


def test_every_step_a_rule_set_names_has_its_registered_service(village):
    for rules in registry.RULESETS.values():
        registered = phases.PHASE_STEPS if rules.night_and_day else day_cycle.PHASE_END_STEPS
        named = {step for p in rules.phases for step in p.end_steps}
        assert named <= set(registered), rules.code
    end_of_day_kinds = {
        cause.event_kind
        for rules in registry.RULESETS.values()
        for cause in rules.end_of_day_causes
    }
    assert end_of_day_kinds <= set(deadlines.HANDLERS)
