"""Every page a player and a moderator of each rule set reach, by following the links of the
game's pages from its overview and dashboard, belongs to that rule set: no link or form leads to
a page the game's rule set does not serve, no ruling is cited that its pages may not cite
(`Ruleset.pages.cites`: live action R, classic C, HP H, Chiang Mai M; forum games and every
game's boards the forums' R51; the phase engine's C1, seeded draws' C8 and bots' C10 where the
rule set uses them), and every page reached answers."""

import datetime as dt

import pytest

from game.models import Player
from game.rulesets import registry
from game.services.days.votes import vote_cast
from game.services.hp.solo import hp_solo_create
from game.services.lobby.setup import game_start, role_set, roles_assign
from tests.factories import (
    START,
    UserFactory,
    make_game,
    moderator_of,
    running_game,
    seeded,
    sign_up,
)
from tests.forums.forum_play.helpers import forum_game
from tests.game.chiang_mai.helpers import dealt_table
from tests.game.classic.helpers import act, classic_game, end_phase, phase_now
from tests.game.walk_pages import walk
from tests.rulesets.party import PARTY
from tests.rulesets.village import VILLAGE
from tests.rulesets.werewolf_village import WEREWOLF_VILLAGE

pytestmark = pytest.mark.django_db


def overview(game) -> list[str]:
    return [f"/games/{game.pk}/"]


def dashboard(game) -> list[str]:
    return [f"/games/{game.pk}/", f"/games/{game.pk}/mod/"]


def live_action():
    game, players = running_game(6, mafia=2)
    return game, {"townie": players[-1].user, "mafia": players[0].user}


def live_action_signup():
    game = make_game(name="Spring game")
    return game, {"signed up": sign_up(game, 3)[0].user}


def classic():
    game, players = classic_game()
    end_phase(game)  # night 0
    return game, {"cop": players["cop"].user, "mafioso": players["maf1"].user}


def hp_moderated():
    game = make_game(ruleset="hp")
    players = sign_up(game, 6)
    roles_assign(game_id=game.pk, by=moderator_of(game), now=START)
    game_start(game_id=game.pk, by=moderator_of(game), now=START)
    return game, {"player": players[0].user}


def hp_signup():
    game = make_game(ruleset="hp")
    return game, {"signed up": sign_up(game, 3)[0].user}


def hp_solo():
    user = UserFactory()
    return hp_solo_create(user=user, players=6, role="", now=START), {"player": user}


def chiang_mai():
    game, players = dealt_table(size=7, phones=2)
    return game, {"phone": players[0].user}


def chiang_mai_signup():
    game = make_game(ruleset="chiang_mai")
    return game, {"signed up": sign_up(game, 2)[0].user}


def forum():
    game, players = forum_game()
    return game, {"villager": players["vil1"].user, "mafioso": players["maf1"].user}


def party():
    game = make_game(ruleset=PARTY.code, night_ends_when_all_in=False)
    players = sign_up(game, 5)
    roles = ("werewolf", "healer", "peasant", "peasant", "peasant")
    for player, role in zip(players, roles, strict=True):
        role_set(game_id=game.pk, player_id=player.pk, role=role, by=moderator_of(game), now=START)
    game_start(game_id=game.pk, by=moderator_of(game), now=START)
    return game, {"werewolf": players[0].user, "peasant": players[2].user}


def werewolf_village():
    """A village after its first night: the witch healed, the seer saw, the day has begun."""
    game = make_game(ruleset=WEREWOLF_VILLAGE.code, night_ends_when_all_in=False)
    players = sign_up(game, 6)
    roles = ("werewolf", "werewolf", "seer", "witch", "villager", "villager")
    for player, role in zip(players, roles, strict=True):
        role_set(game_id=game.pk, player_id=player.pk, role=role, by=moderator_of(game), now=START)
    game_start(game_id=game.pk, by=moderator_of(game), now=START)
    for wolf in players[:2]:
        act(game, wolf, players[4])
    act(game, players[3], players[4], action="heal")
    act(game, players[2], players[0])
    end_phase(game)
    users = {"werewolf": 0, "seer": 2, "witch": 3, "villager": 5}
    return game, {who: players[at].user for who, at in users.items()}


def werewolf_village_won():
    """A village that eliminated its one werewolf on day 1."""
    game = make_game(ruleset=WEREWOLF_VILLAGE.code, night_ends_when_all_in=False)
    players = sign_up(game, 5)
    roles = ("werewolf", "seer", "witch", "villager", "villager")
    for player, role in zip(players, roles, strict=True):
        role_set(game_id=game.pk, player_id=player.pk, role=role, by=moderator_of(game), now=START)
    game_start(game_id=game.pk, by=moderator_of(game), now=START)
    end_phase(game)
    cast_at = phase_now(game).started_at + dt.timedelta(minutes=5)
    for voter in players:
        vote_cast(game_id=game.pk, voter_id=voter.pk, target_id=players[0].pk, now=cast_at)
    end_phase(game)
    return game, {"werewolf": players[0].user, "seer": players[1].user}


def live_action_test_village():
    """The tests' village on the live-action engine (tests/rulesets/village)."""
    game = make_game(ruleset=VILLAGE.code, setup={"roles": {"wolf": 1, "seer": 1, "lookout": 0}})
    players = sign_up(game, 5)
    roles_assign(game_id=game.pk, by=moderator_of(game), now=START, rng=seeded())
    game_start(game_id=game.pk, by=moderator_of(game), now=START)
    return game, {"player": players[0].user}


def werewolf_village_signup():
    game = make_game(ruleset=WEREWOLF_VILLAGE.code)
    return game, {"signed up": sign_up(game, 3)[0].user}


WORLDS = {
    "live action": live_action,
    "live action in sign-ups": live_action_signup,
    "classic": classic,
    "HP moderated": hp_moderated,
    "HP in sign-ups": hp_signup,
    "HP solo": hp_solo,
    "Chiang Mai": chiang_mai,
    "Chiang Mai in sign-ups": chiang_mai_signup,
    "forum game": forum,
    "party": party,
    "Werewolf village": werewolf_village,
    "Werewolf village in sign-ups": werewolf_village_signup,
    "Werewolf village, won": werewolf_village_won,
    "village of the tests": live_action_test_village,
}


@pytest.fixture
def test_rule_sets_registered(monkeypatch):
    monkeypatch.setitem(registry.RULESETS, PARTY.code, PARTY)
    monkeypatch.setitem(registry.RULESETS, WEREWOLF_VILLAGE.code, WEREWOLF_VILLAGE)
    monkeypatch.setitem(registry.RULESETS, VILLAGE.code, VILLAGE)


@pytest.mark.usefixtures("test_rule_sets_registered")
@pytest.mark.parametrize("world", WORLDS)
def test_every_page_a_player_and_a_moderator_reach_is_their_rule_sets(world):
    game, players = WORLDS[world]()
    walks = {who: walk(user, game, overview(game)) for who, user in players.items()}
    if world != "HP solo":
        walks["moderator"] = walk(moderator_of(game), game, dashboard(game))
    for who, found in walks.items():
        assert found.problems == [], f"{world}, {who}"
        assert len(found.pages) >= 3, f"{world}, {who}: {found.pages}"
        cites_none = not game.rules.pages.cites
        assert found.cited or cites_none or world.endswith("sign-ups") or world == "HP solo", (
            world,
            who,
        )
        assert cites_none <= (found.cited == set()), (world, who)


def test_the_chiang_mai_menu_has_none_of_the_other_rule_sets_pages():
    game, players = chiang_mai()
    phone = walk(players["phone"], game, overview(game))
    host = walk(moderator_of(game), game, dashboard(game))
    for found in (phone, host):
        others = {"vote", "vote_tally", "kills", "investigate", "results", "deaths", "night"}
        assert found.names & others == set()
        assert {code[0] for code in found.cited} <= {"M", "C", "R"}
    assert "chiang_mai_hand" in phone.names and "chiang_mai_host" in host.names


def test_the_chiang_mai_role_card_the_walk_reaches_shows_the_active_card():
    """A phone whose number card is lost: the role card reached from the menu shows the Red
    Queen now on top (M2, M5), not the card that is gone."""
    game, players = dealt_table(size=7, phones=2)
    phone = players[0]
    state = game.rules.state_of({**phone.state, "cards": ["red_queen"]})
    Player.objects.filter(pk=phone.pk).update(state=state)
    found = walk(phone.user, game, overview(game))
    card = found.texts[f"/games/{game.pk}/me/"]
    assert "Doctor" in card and "Villager" not in card
    assert found.problems == []


def test_a_classic_game_cites_no_live_action_or_hp_ruling():
    game, players = classic()
    found = walk(players["cop"], game, overview(game))
    assert {code for code in found.cited if code[0] != "C"} <= {"R51"}
    assert {"night", "vote", "results", "forums:board_list"} <= found.names


def test_the_walk_reports_a_link_and_a_citation_of_another_rule_set():
    """The walk can fail: a classic game's pages read as if they were Chiang Mai's."""
    game, players = classic()
    game.ruleset = "chiang_mai"
    found = walk(players["cop"], game, overview(game))
    assert any("links night" in problem for problem in found.problems)
    assert any("cites C" in problem for problem in found.problems)
