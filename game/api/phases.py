"""API operations of night-and-day games (C1-C5): the phase and what the viewer may do, night
actions, the moderators' end of a phase and override of the dawn. Votes of these games are
cast and tallied with `vote_cast` and `vote_tally` (game.api.votes)."""

import datetime as dt

from ninja import Field, Router, Schema, Status
from pydantic import StrictBool

from game.api.core import now
from game.errors import GameRuleError
from game.permissions import (
    can_take_night_actions,
    game_for,
    moderated_game_for,
    require,
)
from game.selectors.phases import phase_state
from game.services.nights import night_actions, phases

phases_router = Router()


class ChoiceOut(Schema):
    id: int
    name: str


class NightCardOut(Schema):
    action: str
    prompt: str
    choices: list[ChoiceOut]
    chosen: bool
    target_id: int | None
    target_name: str | None


class NightActionRowOut(Schema):
    actor: str
    role: str
    action: str
    target: str
    submitted_at: dt.datetime


class OutcomeRowOut(Schema):
    kind: str
    player: str
    amount: int
    reasons: list[str]


class DawnPreviewOut(Schema):
    victims: list[str]
    outcomes: list[OutcomeRowOut]
    reasons: list[str]
    overridden: bool
    override_reason: str


class PhaseStateOut(Schema):
    code: str
    number: int
    label: str
    started_at: dt.datetime
    ends_at: dt.datetime | None = Field(
        description="When the phase ends; none in a solo HP game, which has no deadline (H10)."
    )
    ended: bool
    can_vote: bool
    voted: bool
    vote_target_id: int | None
    vote_choices: list[ChoiceOut]
    night_action: NightCardOut | None
    night_cards: list[NightCardOut]
    mafia_picks: list[NightActionRowOut] | None
    night_actions: list[NightActionRowOut] | None
    dawn: DawnPreviewOut | None
    seed: str | None
    night_ends_when_all_in: bool
    hand: list[str]


class NightActionIn(Schema):
    target_id: int | None = None
    no_one: StrictBool = False
    night: int | None = None
    action: str | None = None


class NightActionOut(Schema):
    night: int
    action: str
    target_id: int | None
    submitted_at: dt.datetime


class PhaseEndIn(Schema):
    """The phase the moderator ends, as their page showed it: a second request for the same
    phase (a double click, another moderator) answers 409 instead of ending the next one."""

    code: str
    number: int
    reason: str = ""


class PhaseOut(Schema):
    code: str
    number: int
    started_at: dt.datetime
    ends_at: dt.datetime | None = Field(
        description="When the phase ends; none in a solo HP game, which has no deadline (H10)."
    )
    ended_at: dt.datetime | None


class OverrideIn(Schema):
    victim_id: int | None = None
    victim_ids: list[int] = []
    nobody: StrictBool = False
    reason: str
    night: int | None = None


class OverrideOut(Schema):
    night: int
    victim_id: int | None
    reason: str


@phases_router.get(
    "/games/{game_id}/phase", response=PhaseStateOut, operation_id="phase_state", tags=["phases"]
)
def phase_state_op(request, game_id: int):
    """The current phase (day 0, night 0, day 1 … C1), its deadline and what you may do now:
    vote (from day 1, C5) or your night action with your current choice (C2-C4). The mafia also
    see tonight's picks of the mafia; moderators every night action and the dawn the app will
    apply, with its reasons, and the game's seed (C8). `hand` is your own hand of role cards,
    top card first (one card in the classic rule set); `night_cards` every night action you
    may take tonight (`night_action` is the first), one per action of your active cards."""
    _, viewer = game_for(request.user, game_id)
    state = phase_state(viewer)
    require(state is not None)
    return state


def _pick(target_id: int | None, nobody: bool, what: str) -> int | None:
    if target_id is None and not nobody:
        raise GameRuleError(f"Name a player, or choose {what}.")
    if target_id is not None and nobody:
        raise GameRuleError(f"Choose a player or {what}, not both.")
    return target_id


@phases_router.post(
    "/games/{game_id}/night-action",
    response={201: NightActionOut},
    operation_id="night_action_submit",
    tags=["phases"],
)
def night_action_submit_op(request, game_id: int, payload: NightActionIn):
    """Your choice for tonight (C2-C4): a living player's id, or `no_one`, for your night
    action `action` (default: your first). You may change it until the night ends; `night`, if
    given, must be the open night (else 409)."""
    game, viewer = game_for(request.user, game_id)
    require(viewer.player is not None and "night_action" in game.rules.pages.served)
    if not can_take_night_actions(viewer):
        raise GameRuleError("Only living players of a running game take night actions.")
    action = night_actions.night_action_submit(
        game_id=game_id,
        player_id=viewer.player.pk,
        target_id=_pick(payload.target_id, payload.no_one, "no one"),
        night=payload.night,
        action=payload.action,
        now=now(),
    )
    return Status(201, action)


@phases_router.post(
    "/games/{game_id}/phase/end",
    response=PhaseOut,
    operation_id="phase_end_now",
    tags=["phases"],
)
def phase_end_now_op(request, game_id: int, payload: PhaseEndIn):
    """End the open phase now (moderators, C1): the same steps as at its deadline. `code` and
    `number` name the phase you mean: when it has already ended the answer is 409. A game
    paused because phase ends were missed goes on from now."""
    moderated_game_for(request.user, game_id)
    return phases.phase_end_now(
        game_id=game_id,
        by=request.user,
        now=now(),
        reason=payload.reason,
        code=payload.code,
        number=payload.number,
    )


@phases_router.post(
    "/games/{game_id}/night/override",
    response=OverrideOut,
    operation_id="night_override_set",
    tags=["phases"],
)
def night_override_set_op(request, game_id: int, payload: OverrideIn):
    """Decide who dies at dawn instead of the resolution (moderators, before dawn): a living
    player's id (`victim_id`), several (`victim_ids`) or `nobody`, with a reason. The night's
    other outcomes (private results, saves) stay."""
    moderated_game_for(request.user, game_id)
    named = [*payload.victim_ids, *([payload.victim_id] if payload.victim_id is not None else [])]
    if not named and not payload.nobody:
        raise GameRuleError("Name the players who die, or choose nobody.")
    if named and payload.nobody:
        raise GameRuleError("Choose players who die or nobody, not both.")
    return night_actions.night_override_set(
        game_id=game_id,
        victim_ids=named,
        reason=payload.reason,
        night=payload.night,
        by=request.user,
        now=now(),
    )
