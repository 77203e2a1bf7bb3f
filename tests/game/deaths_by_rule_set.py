"""Games of every rule set brought to the moment before a death, for the tests of one way to
die (`SCENARIOS`): each returns the game, the player about to die and the step that kills them.
Every game keeps last wills."""

from __future__ import annotations

import datetime as dt

from game.models import Game, Player
from game.rulesets.chiang_mai.cards import JOKER, KINGS
from game.rulesets.chiang_mai.deck import default_deck
from game.services.chiang_mai.entries import chiang_mai_enter
from game.services.chiang_mai.seats import chiang_mai_deal
from game.services.days.votes import vote_cast
from game.services.hp.actions import hp_pick
from game.services.lobby.replacements import player_modkill
from game.services.lobby.setup import game_start, role_set
from game.snapshots.chiang_mai import game_phases, seated_players, story_of
from tests.factories import START, make_game, moderator_of, sign_up
from tests.forums.forum_play.helpers import forum_game, say
from tests.game.classic.helpers import act, classic_game, end_phase
from tests.game.helpers import end_day, vote
from tests.game.kills_setup import confirmed_kill, town

NOW = START + dt.timedelta(hours=1)
HP_ROLES = ("mafia", "detective", "healer", "commoner", "commoner", "commoner")


def hp_game() -> tuple[Game, dict[str, Player]]:
    """A moderated HP game of six on night 1, players named by role: mafia, detective, healer,
    com1 … com3 (H1)."""
    game = make_game(ruleset="hp", last_wills="all")
    mod = moderator_of(game)
    names = ("mafia", "detective", "healer", "com1", "com2", "com3")
    for player, role, name in zip(sign_up(game, 6), HP_ROLES, names, strict=True):
        role_set(game_id=game.pk, player_id=player.pk, role=role, by=mod, now=START)
        Player.objects.filter(pk=player.pk).update(name=name)
    game_start(game_id=game.pk, by=mod, now=START)
    game.refresh_from_db()
    return game, {p.name: p for p in game.players.all()}


def _night(
    p: dict[str, Player], attacked: str, tested: str, healed: str, *, last: str = ""
) -> None:
    for actor, target in (("mafia", attacked), ("detective", tested), ("healer", healed)):
        if actor != last:
            hp_pick(player=p[actor], target_id=p[target].pk, now=NOW)


def hp_night_death():
    """H4: the mafia's 2500 HP take a commoner's 1000 to 0; nobody heals them (H6)."""
    game, p = hp_game()
    _night(p, "com1", "com2", "com3", last="healer")
    return game, p["com1"], lambda: hp_pick(player=p["healer"], target_id=p["com3"].pk, now=NOW)


def hp_vote_out():
    """H8: every other living player votes com2 out; com2's own vote ends the ballot."""
    game, p = hp_game()
    _night(p, "com1", "com3", "com1")
    for name in ("mafia", "detective", "healer", "com1", "com3"):
        vote_cast(game_id=p[name].game_id, voter_id=p[name].pk, target_id=p["com2"].pk, now=NOW)
    return (
        game,
        p["com2"],
        lambda: vote_cast(
            game_id=p["com2"].game_id, voter_id=p["com2"].pk, target_id=p["com1"].pk, now=NOW
        ),
    )


def hp_forced_out():
    """H7: the detectives test the mafia, who is voted out at day without a vote."""
    game, p = hp_game()
    _night(p, "com1", "mafia", "com1", last="detective")
    return (
        game,
        p["mafia"],
        lambda: hp_pick(player=p["detective"], target_id=p["mafia"].pk, now=NOW),
    )


def chiang_mai_table(seed: str = "one way to die") -> tuple[Game, dict[int, tuple[str, ...]]]:
    """Ten players with phones and accounts, the default deck dealt from `seed` (C8), each King
    on top (M2: a red King acts only there) and the Joker too, where its holder holds no
    King."""
    game = make_game(ruleset="chiang_mai", last_wills="all")
    Game.objects.filter(pk=game.pk).update(random_seed=seed)
    host = moderator_of(game)
    sign_up(game, 10, prefix="phone")
    players = chiang_mai_deal(game_id=game.pk, by=host, deck=default_deck(10), now=START)
    hands = {p.pk: tuple(p.state["dealt"]) for p in players}
    for pk, cards in hands.items():
        top = next((c for c in cards if c in KINGS), JOKER if JOKER in cards else None)
        if top is not None and top != cards[0]:
            enter(game, kind="order", player=pk, top=top)
    game.refresh_from_db()
    return game, hands


def enter(game: Game, **entry) -> None:
    chiang_mai_enter(game_id=game.pk, by=moderator_of(game), entries=[entry], now=NOW)


def _story(game: Game):
    return story_of(game, seated_players(game), game_phases(game))


def _plain(hands: dict[int, tuple[str, ...]]) -> list[int]:
    """The players dealt two number cards: no role, no side but the village's."""
    return [pk for pk, cards in hands.items() if set(cards) == {"number"}]


def _calls(game: Game, poisoned: int | None) -> None:
    """The night's script (M10): the Killers point at `poisoned`, nobody else at anyone."""
    enter(game, kind="call", target=poisoned)
    for _ in range(len(_story(game).script) - 1):
        enter(game, kind="call", target=None)


def _vote_out(game: Game, voted: int) -> None:
    """The show of hands: every vote on `voted`, then the tally (M7)."""
    story = _story(game)
    ballots = [
        {"kind": "ballot", "voter": pk, "split": {str(voted): len(hand.cards)}}
        for pk, hand in story.table.items()
        if hand.in_game
    ]
    chiang_mai_enter(
        game_id=game.pk, by=moderator_of(game), entries=[*ballots, {"kind": "tally"}], now=NOW
    )


def _victim(game: Game, pk: int) -> Player:
    return Player.objects.get(pk=pk)


def chiang_mai_night():
    """M4, M5: poisoned on night 1 and night 2, a player loses both cards."""
    game, hands = chiang_mai_table()
    victim = _plain(hands)[0]
    enter(game, kind="next")
    _calls(game, victim)
    enter(game, kind="next")  # day 1: nobody votes, nobody loses a card
    enter(game, kind="tally")
    enter(game, kind="next")
    return game, _victim(game, victim), lambda: _calls(game, victim)


def chiang_mai_vote():
    """M7: voted twice, a player loses both cards."""
    game, hands = chiang_mai_table()
    victim = _plain(hands)[0]
    enter(game, kind="next")
    _calls(game, None)
    enter(game, kind="next")
    _vote_out(game, victim)  # day 1: the first card
    enter(game, kind="next")
    _calls(game, None)
    enter(game, kind="next")
    return game, _victim(game, victim), lambda: _vote_out(game, victim)


def chiang_mai_shot():
    """M6: the Hunter poisoned on night 2 loses the Joker and shoots a player who lost a card
    to the vote."""
    game, hands = chiang_mai_table()
    hunter = next(pk for pk, cards in hands.items() if JOKER in cards)
    victim = _plain(hands)[0]
    enter(game, kind="next")
    _calls(game, None)
    enter(game, kind="next")
    _vote_out(game, victim)
    enter(game, kind="next")

    def shot():
        _calls(game, hunter)
        enter(game, kind="shot", hunter=hunter, target=victim)

    return game, _victim(game, victim), shot


def classic_dawn():
    game, p = classic_game(last_wills="all")
    end_phase(game)  # day 0
    victim = p["vil1"]
    for mafioso in ("maf1", "maf2"):
        act(game, p[mafioso], victim)
    return game, victim, lambda: end_phase(game)


def classic_day_vote():
    game, p = classic_game(last_wills="all")
    end_phase(game)
    end_phase(game)
    victim = p["vil2"]
    for name in ("maf1", "maf2", "cop", "doc", "vil1"):
        vote(game, p[name], victim)
    return game, victim, lambda: end_phase(game)


def forum_lynch():
    game, p = forum_game()
    victim = p["cop"]

    def lynch():
        for name in ("vil1", "vil2", "vil3", "vil4", "maf1"):
            say(p[name], "VOTE: cop")

    return game, victim, lynch


def live_action_kill():
    t = town()
    Game.objects.filter(pk=t.game.pk).update(last_wills="all")
    victim = t.townies[0]
    return t.game, victim, lambda: confirmed_kill(t, t.mafia, victim, "free_kill", 30)


def live_action_execution():
    t = town()
    Game.objects.filter(pk=t.game.pk).update(last_wills="all")
    victim = t.townies[1]
    for voter in (t.mafia, t.mafia2, t.priest, t.vigilante, *t.townies[2:]):
        vote(t.game, voter, victim)
    return t.game, victim, lambda: end_day(t.game)


def modkill():
    game, p = classic_game(last_wills="all")
    victim = p["vil3"]
    return (
        game,
        victim,
        lambda: player_modkill(
            game_id=game.pk, by=moderator_of(game), player_id=victim.pk, reason="gone", now=NOW
        ),
    )


SCENARIOS = {
    "live action: a confirmed kill": live_action_kill,
    "live action: an execution at the day's end": live_action_execution,
    "classic: a dawn": classic_dawn,
    "classic: the day's vote": classic_day_vote,
    "forum game: a lynch in the day's thread": forum_lynch,
    "a modkill": modkill,
    "HP: the night's attack takes the last HP": hp_night_death,
    "HP: a vote-out": hp_vote_out,
    "HP: a positive test's forced vote-out": hp_forced_out,
    "Chiang Mai: the last card lost at night": chiang_mai_night,
    "Chiang Mai: the last card lost by the vote": chiang_mai_vote,
    "Chiang Mai: a Hunter's shot": chiang_mai_shot,
}
