"""A small running game for the kill and investigation tests, built through the services."""

import datetime as dt
from dataclasses import dataclass

from game.models import Game, Item, Player, User
from game.rulesets.live_action.items import ItemKind
from game.rulesets.live_action.roles import Role
from game.services.killing.kill_decisions import kill_confirm
from game.services.killing.kills import kill_report
from tests.factories import START, make_game, moderator_of, sign_up, start_game

ROLES = [
    Role.MAFIA,
    Role.MAFIA,
    Role.SERIAL_KILLER,
    Role.INVESTIGATOR,
    Role.VIGILANTE,
    Role.DESPERADO,
    Role.GROUP_INVESTIGATOR,
    Role.PRIEST,
    Role.GAY_KNIGHT,
    Role.GAY_KNIGHT,
]


@dataclass
class Town:
    game: Game
    mod: User
    mafia: Player
    mafia2: Player
    serial_killer: Player
    investigator: Player
    vigilante: Player
    desperado: Player
    group_investigator: Player
    priest: Player
    knight: Player
    knight2: Player
    townies: list[Player]

    def at(self, minutes: int) -> dt.datetime:
        return START + dt.timedelta(minutes=minutes)

    def refresh(self) -> None:
        for value in vars(self).values():
            if isinstance(value, Player):
                value.refresh_from_db()
        for player in self.townies:
            player.refresh_from_db()

    def give_shovel(self, player: Player) -> Item:
        return Item.objects.create(game=self.game, kind=ItemKind.SHOVEL, holder=player)


def town(extra_townies: int = 4, **settings) -> Town:
    game = make_game(**settings)
    players = sign_up(game, len(ROLES) + extra_townies)
    start_game(game, dict(zip(players, ROLES, strict=False)))
    for player in players:
        player.refresh_from_db()
    game.refresh_from_db()
    return Town(game, moderator_of(game), *players[: len(ROLES)], players[len(ROLES) :])


def reported_kill(
    t: Town, killer: Player, victim: Player, method: str, minutes: int, *, location="the Infinite"
):
    """The killer reports the kill a minute after it happened, at `minutes` into the game."""
    return kill_report(
        game_id=t.game.pk,
        by=killer.user,
        side="killer",
        other_player_id=victim.pk,
        method=method,
        location=location,
        happened_at=t.at(minutes),
        now=t.at(minutes + 1),
    )


def confirmed_kill(
    t: Town, killer: Player, victim: Player, method: str, minutes: int, *, override=False
):
    kill = reported_kill(t, killer, victim, method, minutes)
    kill_confirm(
        game_id=t.game.pk,
        kill_id=kill.pk,
        by=t.mod,
        now=t.at(minutes + 2),
        override=override,
        reason="test override" if override else "",
    )
    kill.refresh_from_db()
    t.refresh()
    return kill
