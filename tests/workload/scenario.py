"""The scripted day of a 100-player game that `make workload` plays as the moderator: the players'
side, done through the services, in three waves between the moderator's visits to the queue."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.utils import timezone

from game.models import Game, Item, Player, User
from game.rulesets.live_action.items import ItemKind
from game.rulesets.live_action.roles import Role
from game.services.deadlines import process_due_events
from game.services.holds import HOLD
from game.services.investigating import investigations
from game.services.items_offices import shovels
from game.services.killing import kills
from game.services.mafia_powers import mafia, powers
from tests.factories import make_game, moderator_of, sign_up, start_game

PLAYERS = 100
MAFIA = 8
INVESTIGATORS = 10


@dataclass
class Day:
    game: Game
    moderator: User
    mafia: list[Player]
    vigilantes: list[Player]
    serial_killers: list[Player]
    investigators: list[Player]
    diggers: list[Player]
    townies: list[Player]
    victims: list[Player] = field(default_factory=list)

    def report(self, killer: Player, victim: Player, method: str, *, by_victim=False):
        reporter, other = (victim, killer) if by_victim else (killer, victim)
        return kills.kill_report(
            game_id=self.game.pk,
            by=reporter.user,
            side="victim" if by_victim else "killer",
            other_player_id=other.pk,
            method="" if by_victim else method,
            location=f"Building {victim.pk % 50}",
            now=timezone.now(),
        )

    def respond(self, kill, player: Player, *, agrees: bool, method: str = "") -> None:
        kills.kill_respond(
            game_id=self.game.pk,
            kill_id=kill.pk,
            by=player.user,
            agrees=agrees,
            method=method,
            note="" if agrees else "I was tagged on the shoulder, not the back.",
            now=timezone.now(),
        )


def build_day() -> Day:
    """A running game of 100 players: 8 mafia, 4 vigilantes, 2 serial killers, 10 investigators,
    two shovel holders, and townies."""
    game = make_game(name="Workload: a day of 100 players")
    players = sign_up(game, PLAYERS, prefix="Player")
    roles = {p: Role.MAFIA for p in players[:MAFIA]}
    vigilantes = players[MAFIA : MAFIA + 4]
    serial_killers = players[MAFIA + 4 : MAFIA + 6]
    investigators = players[MAFIA + 6 : MAFIA + 6 + INVESTIGATORS]
    roles.update({p: Role.VIGILANTE for p in vigilantes})
    roles.update({p: Role.SERIAL_KILLER for p in serial_killers})
    roles.update({p: Role.INVESTIGATOR for p in investigators})
    start_game(game, roles, now=timezone.now() - dt.timedelta(minutes=30))
    for player in players:
        player.refresh_from_db()
    game.refresh_from_db()
    rest = players[MAFIA + 6 + INVESTIGATORS :]
    diggers = rest[:2]
    for digger in diggers:
        Item.objects.create(game=game, kind=ItemKind.SHOVEL, holder=digger)
    return Day(
        game,
        moderator_of(game),
        players[:MAFIA],
        vigilantes,
        serial_killers,
        investigators,
        diggers,
        rest[2:],
    )


def first_wave(day: Day) -> dict:
    """5 kills both parties agree on, 2 reported by the victim only, 1 disputed; a frame and a
    planted evidence."""
    victims = day.townies[:8]
    day.victims = victims
    m = day.mafia
    powers.mafia_frame(
        game_id=day.game.pk,
        by=m[0].user,
        suspect_id=day.townies[20].pk,
        victim_id=victims[1].pk,
        now=timezone.now(),
    )
    powers.mafia_plant_evidence(
        game_id=day.game.pk,
        by=m[0].user,
        target_id=victims[2].pk,
        role=Role.SERIAL_KILLER,
        alignment="mafia",
        now=timezone.now(),
    )
    agreed = [
        (m[0], victims[0], "free_kill"),
        (m[1], victims[1], "scheme"),
        (day.vigilantes[0], victims[2], "vigilante"),
        (day.vigilantes[1], victims[3], "vigilante"),
        (day.vigilantes[2], victims[4], "vigilante"),
    ]
    for killer, victim, method in agreed:
        kill = day.report(killer, victim, method)
        day.respond(kill, victim, agrees=True)
    victim_only = [
        day.report(day.serial_killers[0], victims[5], "serial_killer", by_victim=True),
        day.report(day.serial_killers[1], victims[6], "serial_killer", by_victim=True),
    ]
    disputed = day.report(day.vigilantes[3], victims[7], "vigilante")
    day.respond(disputed, victims[7], agrees=False)
    return {"victim_only": victim_only, "pressed": victims[0]}


def second_wave(day: Day, first: dict) -> None:
    """The killers confirm the victims' reports, naming the method; the mafia manipulate the
    press on their free kill."""
    for kill, killer in zip(first["victim_only"], day.serial_killers, strict=True):
        day.respond(kill, killer, agrees=True, method="serial_killer")
    pressed = day.game.kills.get(victim=first["pressed"])
    mafia.mafia_manipulate_press(
        game_id=day.game.pk,
        by=day.mafia[0].user,
        kill_id=pressed.pk,
        location="",
        now=timezone.now(),
    )


def third_wave(day: Day) -> None:
    """10 investigations (one framed, one about the pressed kill), 2 shovels (one on planted
    evidence)."""
    confirmed = [v for v in day.victims[:7]]
    framed_suspect = day.townies[20]
    for index, investigator in enumerate(day.investigators):
        victim = confirmed[index % len(confirmed)]
        if victim == day.victims[1]:
            suspect = framed_suspect
        else:
            suspect = day.game.kills.get(victim=victim).killer
        investigations.site_visit_report(
            game_id=day.game.pk, by=investigator.user, victim_id=victim.pk, now=timezone.now()
        )
        investigations.investigation_request(
            game_id=day.game.pk,
            by=investigator.user,
            capacity="investigator",
            victim_id=victim.pk,
            suspect_ids=[suspect.pk],
            now=timezone.now(),
        )
    for digger, dead in zip(day.diggers, (day.victims[2], day.victims[3]), strict=True):
        shovels.shovel_use(
            game_id=day.game.pk, by=digger.user, dead_player_id=dead.pk, now=timezone.now()
        )


def a_minute_later() -> None:
    """The periodic job runs after the moderators' minute to undo has passed (R4)."""
    process_due_events(now=timezone.now() + HOLD)
