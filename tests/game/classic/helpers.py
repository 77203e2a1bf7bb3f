"""A classic game (C1-C8) of eight players with the roles named: two mafiosi, the cop, the
doctor and four villagers, started on day 0."""

import datetime as dt
from dataclasses import replace

from django.utils import timezone

from game.models import Game, GamePhase, Player
from game.rulesets import registry
from game.rulesets.classic import CLASSIC
from game.rulesets.hands import HAND, Hands, every_card
from game.services.deadlines import process_due_events
from game.services.lobby.setup import game_start, role_set
from game.services.nights.night_actions import night_action_submit
from tests.factories import START, make_game, moderator_of, sign_up

ROLES = ("mafioso", "mafioso", "cop", "doctor", "villager", "villager", "villager", "villager")


def classic_game(*, start: dt.datetime = START, **settings) -> tuple[Game, dict[str, Player]]:
    """Players named by role: maf1, maf2, cop, doc, vil1 … vil4; started at `start`."""
    settings.setdefault("night_ends_when_all_in", False)
    game = make_game(ruleset="classic", **settings)
    players = sign_up(game, len(ROLES))
    mod = moderator_of(game)
    names = ("maf1", "maf2", "cop", "doc", "vil1", "vil2", "vil3", "vil4")
    for player, role, name in zip(players, ROLES, names, strict=True):
        role_set(game_id=game.pk, player_id=player.pk, role=role, by=mod, now=START)
        Player.objects.filter(pk=player.pk).update(name=name)
    game_start(game_id=game.pk, by=mod, now=start)
    game.refresh_from_db()
    return game, {p.name: p for p in game.players.all()}


def cop_holding_the_doctors_card(monkeypatch) -> tuple[Game, dict[str, Player]]:
    """A classic game at its first night whose cop also holds the doctor's card, in a rule set
    where every card acts (M4, M12)."""
    both = replace(CLASSIC, code="both_cards", hands=Hands(active=every_card))
    monkeypatch.setitem(registry.RULESETS, both.code, both)
    game, p = classic_game(start=timezone.now())
    Game.objects.filter(pk=game.pk).update(ruleset=both.code)
    Player.objects.filter(pk=p["cop"].pk).update(state={HAND: ["cop", "doctor"]})
    end_phase(game)
    return game, p


def phase_now(game: Game) -> GamePhase:
    return GamePhase.objects.filter(game=game).order_by("-started_at", "-id").first()


def end_phase(game: Game, *, late: dt.timedelta = dt.timedelta(minutes=1)) -> GamePhase:
    """Run the periodic job just after the current phase's deadline; returns the phase that
    ended."""
    phase = phase_now(game)
    process_due_events(now=phase.ends_at + late)
    phase.refresh_from_db()
    game.refresh_from_db()
    return phase


def act(game: Game, actor: Player, target: Player | None, **kw):
    at = phase_now(game).started_at + dt.timedelta(minutes=5)
    return night_action_submit(
        game_id=game.pk,
        player_id=actor.pk,
        target_id=target.pk if target else None,
        now=kw.pop("now", at),
        **kw,
    )


def vil1_killed_on_night_0() -> tuple[Game, dict[str, Player]]:
    """A classic game at the start of day 1: on night 0 both mafiosi chose vil1, who died."""
    game, p = classic_game()
    end_phase(game)
    act(game, p["maf1"], p["vil1"])
    act(game, p["maf2"], p["vil1"])
    end_phase(game)
    return game, p


def refresh(players: dict[str, Player]) -> dict[str, Player]:
    for player in players.values():
        player.refresh_from_db()
    return players
