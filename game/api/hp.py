"""API operations of HP games (seed 000, H1-H12): start a solo game against computer players,
read a round as the viewer may see it, and make the night pick or the vote it asks for."""

from typing import Literal

from ninja import Field, Router, Schema, Status

from game.api.core import now
from game.errors import ForbiddenError, GameRuleError
from game.permissions import can_take_hp_turn, game_for, moderated_game_for, require
from game.rulesets.hp import HP
from game.rulesets.hp.setup import MAX_SOLO_PLAYERS, MIN_PLAYERS
from game.rulesets.phases import NIGHT
from game.selectors.hp import hp_round
from game.services.days.votes import vote_cast
from game.services.hp.actions import hp_pick
from game.services.hp.moderation import hp_step_end_now
from game.services.hp.solo import hp_solo_create

hp_router = Router()


class HpSoloIn(Schema):
    players: int = Field(10, ge=MIN_PLAYERS, le=MAX_SOLO_PLAYERS)
    role: Literal["mafia", "detective", "healer", "commoner", ""] = Field(
        "", description='The seed\'s "Choose a Character"; empty: Assign Randomly.'
    )


class HpGameIdOut(Schema):
    game_id: int


class HpChoiceOut(Schema):
    id: int
    name: str


class HpSeenOut(Schema):
    name: str
    alive: bool
    hp: int | None = Field(
        description="Shown rounded down (H5); only your own, or all for moderators (H12)."
    )


class HpRoundOut(Schema):
    number: int
    phase: str
    ballot: int = Field(
        description="The day's vote, from 1, repeated after a tie (H8); 0 at night."
    )
    finished: bool
    me: HpSeenOut | None
    role: str
    prompt: str
    choices: list[HpChoiceOut]
    players: list[HpSeenOut]
    lines: list[str]
    seed: str | None = Field(description="The game's seed: moderators', everyone's once over (C8).")


class HpChoiceIn(Schema):
    target_id: int


class HpStepIn(Schema):
    number: int = Field(description="The round whose step you end.")
    phase: Literal["night", "day"]
    ballot: int = Field(1, ge=1, description="By day: the vote you end (H8).")


@hp_router.post("/hp/solo", response={201: HpGameIdOut}, operation_id="hp_solo_create", tags=["hp"])
def hp_solo_create_op(request, payload: HpSoloIn):
    """A solo HP game (H10): you take a seat with the character you chose and the computer
    plays the others; round 1 begins at once."""
    game = hp_solo_create(user=request.user, players=payload.players, role=payload.role, now=now())
    return Status(201, {"game_id": game.pk})


@hp_router.get("/games/{game_id}/hp", response=HpRoundOut, operation_id="hp_round", tags=["hp"])
def hp_round_op(request, game_id: int):
    """The round: your HP (H12), the prompt and the players you may choose, and the log's lines
    you may read, in the seed's words."""
    game, viewer = game_for(request.user, game_id)
    require(game.ruleset == HP.code)
    return hp_round(viewer)


@hp_router.post(
    "/games/{game_id}/hp/choose", response=HpRoundOut, operation_id="hp_choose", tags=["hp"]
)
def hp_choose_op(request, game_id: int, payload: HpChoiceIn):
    """Your group's night pick (H3) or your vote (H8), whichever the round asks of you; the
    round goes on as soon as every person has chosen (H10)."""
    game, viewer = game_for(request.user, game_id)
    require(game.ruleset == HP.code)
    if viewer.player is None:
        raise ForbiddenError("Only the game's players choose.")
    if not can_take_hp_turn(viewer):
        raise GameRuleError("You are out of the game: you watch it to the end.")
    if game.current_phase == NIGHT:
        hp_pick(player=viewer.player, target_id=payload.target_id, now=now())
    else:
        vote_cast(
            game_id=game.pk, voter_id=viewer.player.pk, target_id=payload.target_id, now=now()
        )
    game.refresh_from_db()
    return hp_round(viewer)


@hp_router.post(
    "/games/{game_id}/hp/step/end", response=HpRoundOut, operation_id="hp_step_end", tags=["hp"]
)
def hp_step_end_op(request, game_id: int, payload: HpStepIn):
    """End the night or the vote now (moderators, C1), as its deadline would: whoever has not
    chosen makes no choice (H3, H8). Naming a step that is already over answers 409."""
    game, viewer = moderated_game_for(request.user, game_id)
    require(game.ruleset == HP.code)
    hp_step_end_now(
        game_id=game.pk,
        by=request.user,
        now=now(),
        number=payload.number,
        phase=payload.phase,
        ballot=payload.ballot,
    )
    game.refresh_from_db()
    return hp_round(viewer)
