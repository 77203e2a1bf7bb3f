"""API of the pig game (seed 003, P1-P6): simulate a deal, read its events. A deal is simulated
on request; nothing is stored and no game of the app is read."""

from django.urls import reverse
from ninja import Field, Query, Router, Schema
from pydantic import StrictInt

from game.errors import GameRuleError
from game.rulesets.pigs import (
    Deal,
    DealError,
    Result,
    deal_code,
    deal_from_code,
    deal_parse,
    deal_random,
    original_output,
    simulate,
)
from game.rulesets.pigs.cards import MAX_PIGS
from game.rulesets.pigs.deal import MAX_DEAL_TEXT, MAX_SEED
from game.rulesets.pigs.words import describe

pigs_router = Router(tags=["pig game"])

MAX_CODE = 2 + MAX_PIGS * 7 + 2000
MAX_PAGE = 1000


class PigDealIn(Schema):
    deal: str | None = Field(
        None,
        max_length=MAX_DEAL_TEXT,
        description="A deal in the original's input format (§1): `n m`, each pig's role and 4 "
        "cards (the MP first), the deck. Leave it out to deal at random from `seed`.",
    )
    seed: StrictInt | None = Field(None, ge=0, le=MAX_SEED, description="Seed of a random deal.")
    pigs: int | None = Field(None, ge=2, le=MAX_PIGS, description="Pigs of a random deal.")


class PigGameOut(Schema):
    code: str = Field(description="The deal in short form: what `pigs_events` takes.")
    winner: str | None = Field(description="MP or FP; null when the game is endless (P6).")
    output: str = Field(description="The original's output (§2).")
    turns: int
    events: int = Field(description="How many events the game has.")
    replay_url: str = Field(description="The replay page of this deal, to share.")


class PigEventOut(Schema):
    number: int = Field(description="The event's place in the game, from 1.")
    kind: str
    pig: int = Field(description="The pig the event is about, from 1 (0 for the game's end).")
    other: int = Field(description="The other pig it names (target, source, …), 0 if none.")
    cards: str = Field(description="The cards drawn or played, as letters.")
    hp: int = Field(
        description="The pig's hit points after it (damage, Peaches); the turns played (endless)."
    )
    text: str = Field(description="The event in plain words.")


class PigEventsOut(Schema):
    code: str
    winner: str | None
    total: int
    offset: int
    events: list[PigEventOut]


class PigEventsQuery(Schema):
    deal: str = Field(max_length=MAX_CODE, description="A deal's code, from `pigs_simulate`.")
    offset: int = Field(0, ge=0)
    limit: int = Field(200, ge=1, le=MAX_PAGE)


def _checked(make, *args) -> Deal:
    try:
        return make(*args)
    except DealError as error:
        raise GameRuleError(str(error)) from error


def _game_out(result: Result) -> PigGameOut:
    code = deal_code(result.deal)
    return PigGameOut(
        code=code,
        winner=result.winner,
        output=original_output(result),
        turns=result.turns,
        events=len(result.events),
        replay_url=f"{reverse('pigs_replay')}?deal={code}",
    )


@pigs_router.post("/pigs/simulate", response=PigGameOut, operation_id="pigs_simulate")
def pigs_simulate_op(request, payload: PigDealIn):
    """Plays a deal, pasted or random, to its end (P2, P5) or to 100,000 turns (P6)."""
    if payload.deal is not None:
        deal = _checked(deal_parse, payload.deal)
    elif payload.seed is not None:
        deal = deal_random(payload.seed, payload.pigs)
    else:
        raise GameRuleError("Give a deal in the original's format, or a seed.")
    return _game_out(simulate(deal))


@pigs_router.get("/pigs/events", response=PigEventsOut, operation_id="pigs_events")
def pigs_events_op(request, query: Query[PigEventsQuery]):
    """A page of a deal's events in order, each in plain words."""
    deal = _checked(deal_from_code, query.deal)
    result = simulate(deal)
    page = result.events[query.offset : query.offset + query.limit]
    return PigEventsOut(
        code=query.deal,
        winner=result.winner,
        total=len(result.events),
        offset=query.offset,
        events=[
            PigEventOut(
                number=query.offset + i + 1,
                kind=event.kind,
                pig=event.pig,
                other=event.other,
                cards=event.cards,
                hp=event.hp,
                text=describe(event, deal.roles),
            )
            for i, event in enumerate(page)
        ],
    )
