"""A Chiang Mai game on the database (M1, M10-M12): the deal, the host's taps, a refused tap
changing nothing, undo, and the phones' own taps in their own name only."""

import pytest

from game.errors import GameRuleError
from game.models import GamePhase, GameStatus
from game.services.chiang_mai.entries import chiang_mai_player_enter, chiang_mai_undo
from game.services.chiang_mai.seats import chiang_mai_deal, chiang_mai_seat_add
from game.services.lobby.setup import game_start
from tests.factories import START, make_game, moderator_of, sign_up
from tests.game.chiang_mai.helpers import dealt_table, enter, holder

pytestmark = pytest.mark.django_db


def test_the_deal_seats_everyone_and_gives_two_cards_with_no_king_and_jack():
    game, players = dealt_table()
    assert game.status == GameStatus.RUNNING and game.random_seed
    assert [p.seat for p in players] == list(range(1, 11))
    for player in players:
        dealt = player.state["dealt"]
        assert len(dealt) == 2 and player.state["cards"] == dealt
        kings = {"black_king", "red_king"} & set(dealt)
        assert not (kings and {"black_jack", "red_jack"} & set(dealt))
        assert player.role == ("killer" if kings else "villager")


def test_a_deck_the_rules_refuse_is_not_dealt():
    game = make_game(ruleset="chiang_mai")
    host = moderator_of(game)
    sign_up(game, 6)
    with pytest.raises(GameRuleError, match="at least 7 players"):
        chiang_mai_deal(game_id=game.pk, by=host, deck={"black_king": 1}, now=START)
    game.refresh_from_db()
    assert game.status == GameStatus.SIGNUP and not GamePhase.objects.filter(game=game).exists()


def test_only_the_host_adds_a_seat():
    game = make_game(ruleset="chiang_mai")
    (stranger,) = sign_up(game, 1)
    with pytest.raises(GameRuleError, match="No such game"):
        chiang_mai_seat_add(game_id=game.pk, by=stranger.user, name="Ann", now=START)


def test_a_refused_tap_changes_nothing_and_undo_takes_back_the_last_tap():
    game, players = dealt_table()
    enter(game, kind="next")
    before = list(GamePhase.objects.filter(game=game).values().order_by("id"))
    with pytest.raises(GameRuleError):
        enter(game, kind="tally")
    assert list(GamePhase.objects.filter(game=game).values().order_by("id")) == before
    story = enter(game, kind="call", target=players[0].pk)
    assert story.call == 1
    story = chiang_mai_undo(game_id=game.pk, by=moderator_of(game), now=START)
    assert story.call == 0 and story.entries == 1
    story = chiang_mai_undo(game_id=game.pk, by=moderator_of(game), now=START)
    assert story.stage == "order" and story.entries == 0
    with pytest.raises(GameRuleError, match="nothing to undo"):
        chiang_mai_undo(game_id=game.pk, by=moderator_of(game), now=START)


def test_a_player_with_a_phone_orders_their_own_cards_only():
    game, players = dealt_table()
    phone = next(p for p in players if p.user.is_active)
    other = next(p for p in players if p.pk != phone.pk)
    top = phone.state["dealt"][1]
    chiang_mai_player_enter(
        game_id=game.pk,
        by=phone.user,
        entry={"kind": "order", "player": other.pk, "top": top},
        now=START,
    )
    phone.refresh_from_db()
    other.refresh_from_db()
    assert phone.state["cards"][0] == top and other.state["cards"] == other.state["dealt"]
    with pytest.raises(GameRuleError, match="Only the host"):
        chiang_mai_player_enter(game_id=game.pk, by=phone.user, entry={"kind": "next"}, now=START)


def test_two_deaths_of_one_player_in_one_night_put_them_out_and_the_dawn_names_them_once():
    game, players = dealt_table()
    assassin = holder(players, "red_ace")
    enter(game, kind="order", player=assassin.pk, top="red_ace")
    victim = next(
        p
        for p in players
        if p.pk != assassin.pk and not {"joker", "black_king", "red_king"} & set(p.state["dealt"])
    )
    enter(game, kind="next")
    enter(game, kind="call", target=victim.pk)
    enter(game, kind="call", target=None)
    enter(game, kind="call", target=None)
    story = enter(game, kind="call", target=victim.pk)
    victim.refresh_from_db()
    assert not victim.alive and victim.state["cards"] == []
    assert [r.code for _, r in story.public] == ["died", "out"]


def test_the_generic_start_refuses_a_chiang_mai_game_which_its_host_deals():
    """M12: the game begins with the host's deal, never with the start button of other games."""
    game = make_game(ruleset="chiang_mai", name="Chiang Mai table")
    sign_up(game, 8)
    with pytest.raises(GameRuleError, match=r"host's deal .*\(M12\)"):
        game_start(game_id=game.pk, by=moderator_of(game), now=START)
    game.refresh_from_db()
    assert game.status == GameStatus.SIGNUP
