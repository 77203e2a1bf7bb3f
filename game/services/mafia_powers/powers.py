"""The one path of the mafia's powers used through a form (R33-R42): the page's form, the API's
operation, the confirmation, the charges and the log all come from the power's spec
(`PowerSpec.inputs`, `check`, `log`), so a new power is its module and its registry line.

A power whose effect reaches beyond its use row (Poison's death, a conscription, a trap's guess,
a hitman's day, the press's location, Stalk's own row) is dispatched to its service in
`mafia.py` or `stalking.py`; every other power is checked by its rule and written here."""

import datetime as dt
from collections.abc import Callable, Mapping
from typing import Any

from django.db import transaction

from game.errors import GameRuleError
from game.models import Game, MafiaPowerUse, Player, Stalking, User
from game.rulesets.base import Choice, ChosenPlayer, PowerInput, PowerRequest, PowerSpec
from game.services.ids import storable_ids
from game.services.locking import lock_game
from game.services.mafia_powers import mafia, stalking
from game.services.mafia_powers.power_uses import (
    actor_name,
    mafia_actor,
    mafia_user,
    power_use,
    refused,
)
from game.services.players import player_of

Choices = Mapping[str, Any]
Service = Callable[..., MafiaPowerUse | Stalking]


def _id(choices: Choices, name: str) -> int | None:
    """An id the form or the API sent, or None for anything no row can have (a word, a forged
    10**30): the service then answers that nobody by that id is in the game."""
    raw = choices.get(name)
    if isinstance(raw, str) and raw.strip().isdigit():
        raw = int(raw)
    if not isinstance(raw, int) or isinstance(raw, bool):
        return None
    return raw if storable_ids({raw}) else None


def _poison(choices: Choices, **common: Any) -> MafiaPowerUse:
    return mafia.mafia_poison(victim_id=_id(choices, "victim"), **common)


def _conscript(choices: Choices, **common: Any) -> MafiaPowerUse:
    return mafia.mafia_conscript(target_id=_id(choices, "target"), **common)


def _trap(power: str) -> Service:
    def use(choices: Choices, **common: Any) -> MafiaPowerUse:
        return mafia.mafia_trap_set(
            power=power,
            target_id=_id(choices, "target"),
            guessed_role=str(choices.get("guessed_role") or ""),
            **common,
        )

    return use


def _hitman(choices: Choices, **common: Any) -> MafiaPowerUse:
    return mafia.mafia_hitman_hire(hitman_name=str(choices.get("hitman_name") or ""), **common)


def _press(choices: Choices, *, reason: str, **common: Any) -> MafiaPowerUse:
    return mafia.mafia_manipulate_press(
        kill_id=_id(choices, "kill"), location=str(choices.get("location") or ""), **common
    )


def _stalk(choices: Choices, **common: Any) -> Stalking:
    return stalking.mafia_stalk(target_id=_id(choices, "target"), **common)


# The powers whose effect needs more than their use row, by code.
EFFECT_SERVICES: dict[str, Service] = {
    "poison": _poison,
    "conscript": _conscript,
    "set_trap": _trap("set_trap"),
    "slaughter_the_weak": _trap("slaughter_the_weak"),
    "hitman": _hitman,
    "manipulate_press": _press,
    "stalk": _stalk,
}


def form_power(game: Game, power: str) -> PowerSpec:
    """A power of the game's rule set used through its form, or a refusal (the classic rule set
    has none of the live-action powers)."""
    if not game.rules.has_power(power):
        raise GameRuleError(f"The {game.rules.name} rule set has no mafia power {power!r}.")
    spec = game.rules.power(power)
    if not spec.used_by_form:
        raise GameRuleError(f"{spec.name} is not used through its own form.")
    return spec


def power_used(
    *, game_id: int, by: User, power: str, choices: Choices, now: dt.datetime, reason: str = ""
) -> MafiaPowerUse | Stalking:
    """Use `power` with the form's or the API's `choices` (by input name)."""
    service = EFFECT_SERVICES.get(power)
    if service is not None:
        return service(choices, game_id=game_id, by=by, now=now, reason=reason)
    return _plain_power_used(
        game_id=game_id, by=by, power=power, choices=choices, now=now, reason=reason
    )


@transaction.atomic
def _plain_power_used(
    *, game_id: int, by: User, power: str, choices: Choices, now: dt.datetime, reason: str
) -> MafiaPowerUse:
    """A power whose effect is its use row (the R19 chain and the shovels read it): its rule's
    refusals, then the row and the log line its spec writes."""
    game = lock_game(game_id)
    spec = form_power(game, power)
    player = mafia_actor(game, by, reason, power) if spec.override else mafia_user(game, by, power)
    chosen: dict[str, Player] = {}
    values: dict[str, str] = {}
    stored: dict[str, Any] = {}
    for field in spec.inputs:
        if field.choice.is_player:
            player_id = _id(choices, field.name)
            chosen[field.name] = stored[field.store] = player_of(game, player_id, what=field.label)
        else:
            values[field.name] = stored[field.store] = _value(game, field, choices.get(field.name))
    request = PowerRequest(
        day=game.current_day,
        actor=player.pk if player else None,
        players={
            name: ChosenPlayer(p.pk, p.alive, p.mafia_aligned, p.role) for name, p in chosen.items()
        },
        values=values,
    )
    refused(spec.check(request) if spec.check else [], list(chosen.values()))
    names = {name: p.name for name, p in chosen.items()}
    labels = {f.name: _label(game, f, values[f.name]) for f in spec.inputs if f.name in values}
    text = spec.log.format(actor=actor_name(player), **names, **labels)
    return power_use(game, power, player=player, by=by, reason=reason, now=now, text=text, **stored)


def _value(game: Game, field: PowerInput, raw: Any) -> str:
    """A role, an alignment or a text of the rule set, or a refusal naming the field."""
    value = str(raw or "").strip()[:200]
    if field.choice == Choice.ROLE and not game.rules.has_role(value):
        raise GameRuleError(f"Choose a role ({field.label}).", field=field.name)
    if field.choice == Choice.ALIGNMENT and value not in dict(game.rules.alignments):
        raise GameRuleError(f"Choose an alignment ({field.label}).", field=field.name)
    if field.required and not value:
        raise GameRuleError(f"Fill in {field.label}.", field=field.name)
    return value


def _label(game: Game, field: PowerInput, value: str) -> str:
    if field.choice == Choice.ROLE:
        return game.rules.role_name(value)
    if field.choice == Choice.ALIGNMENT:
        return game.rules.team_label(value)
    return value


def mafia_frame(
    *, game_id: int, by: User, suspect_id: int, victim_id: int, now: dt.datetime
) -> MafiaPowerUse:
    """Frame (X, Y): from now on "did X kill Y?" answers yes (R37, R19 step 4)."""
    choices = {"suspect": suspect_id, "victim": victim_id}
    return power_used(game_id=game_id, by=by, power="frame", choices=choices, now=now)


def mafia_plant_evidence(
    *, game_id: int, by: User, target_id: int, role: str, alignment: str, now: dt.datetime
) -> MafiaPowerUse:
    """Every shovel on the player returns this role and alignment (R37, R43)."""
    choices = {"target": target_id, "role": role, "alignment": alignment}
    return power_used(game_id=game_id, by=by, power="plant_evidence", choices=choices, now=now)


def mafia_designate_don(*, game_id: int, by: User, don_id: int, now: dt.datetime) -> MafiaPowerUse:
    """Once per game, a mafia-aligned player becomes the Don (R42)."""
    return power_used(game_id=game_id, by=by, power="don", choices={"don": don_id}, now=now)
