"""The phase of a night-and-day game as the viewer may see it (C1-C5, R50): the phase and its
deadline, what the viewer may do now (vote, or their night action with their current choice),
the mafia's picks for the mafia, and for the moderators every night action and the dawn the
app will apply, with its reasons. The night's choices and the dawn are shown where the rule set
serves their pages (an HP night is its own page's, H3)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from game.models import GamePhase, GameStatus, NightAction, NightOverride, Vote
from game.permissions import (
    Viewer,
    can_see_hand,
    can_see_mafia_picks,
    can_see_night_actions,
    can_take_night_actions,
    can_vote,
)
from game.rulesets.hands import hand_of
from game.rulesets.phases import PhaseId
from game.rulesets.reasons import rendered
from game.snapshots.nights import dawn_preview


@dataclass(frozen=True)
class Choice:
    id: int
    name: str


@dataclass(frozen=True)
class NightCard:
    """The viewer's own night action: the question, the players offered, the current choice
    (None: no one, or nothing yet; `chosen` says which)."""

    action: str
    prompt: str
    choices: list[Choice]
    chosen: bool
    target_id: int | None
    target_name: str | None


@dataclass(frozen=True)
class NightActionRow:
    actor: str
    role: str
    action: str
    target: str
    submitted_at: dt.datetime


@dataclass(frozen=True)
class OutcomeRow:
    """One thing the night does to a player ("death", "damage", "heal", "saved", "result"),
    with its reasons in words."""

    kind: str
    player: str
    amount: int
    reasons: list[str]


@dataclass(frozen=True)
class DawnPreview:
    """What dawn will bring: who dies (none: nobody), every outcome with its reasons, and all
    the night's reasons in the order the rules decided."""

    victims: list[str]
    outcomes: list[OutcomeRow]
    reasons: list[str]
    overridden: bool
    override_reason: str


@dataclass(frozen=True)
class PhaseState:
    code: str
    number: int
    label: str
    started_at: dt.datetime
    ends_at: dt.datetime | None
    ended: bool
    can_vote: bool
    vote_target_id: int | None = None
    voted: bool = False
    vote_choices: list[Choice] = field(default_factory=list)
    night_action: NightCard | None = None
    night_cards: list[NightCard] = field(default_factory=list)
    mafia_picks: list[NightActionRow] | None = None
    night_actions: list[NightActionRow] | None = None
    dawn: DawnPreview | None = None
    seed: str | None = None
    night_ends_when_all_in: bool = False
    hand: list[str] = field(default_factory=list)


def phase_state(viewer: Viewer) -> PhaseState | None:
    """The game's current phase for `viewer`; None when the game has no phase (not started,
    or not a night-and-day game). A fixed number of queries whatever the game's size."""
    game = viewer.game
    phase = GamePhase.objects.filter(game=game).order_by("-started_at", "-id").first()
    if phase is None:
        return None
    # Names and life only: a game of 1,000 is read as tuples, not as 1,000 players.
    players = list(game.players.order_by("name", "id").values_list("pk", "name", "alive"))
    names = {pk: name for pk, name, _ in players}
    living = [Choice(pk, name) for pk, name, alive in players if alive]
    open_now = phase.ended_at is None and game.status == GameStatus.RUNNING
    night = phase.is_night
    me = viewer.player
    state = {
        "code": phase.code,
        "number": phase.number,
        "label": PhaseId(phase.number, phase.code).label(game.rules),
        "started_at": phase.started_at,
        "ends_at": phase.ends_at,
        "ended": not open_now,
        "can_vote": False,
        "night_ends_when_all_in": game.night_ends_when_all_in,
    }
    if me is not None and can_see_hand(viewer, me):
        state["hand"] = [game.rules.role_name(card) for card in hand_of(me.role, me.state)]
    if open_now and game.rules.day.votes_in(phase.code, phase.number) and can_vote(viewer):
        latest = (
            Vote.objects.filter(
                game=game, day=phase.number, round=game.rules.day.ballot_round(phase.code), voter=me
            )
            .order_by("-cast_at", "-id")
            .first()
        )
        state |= {
            "can_vote": True,
            "voted": latest is not None,
            "vote_target_id": latest.target_id if latest else None,
            "vote_choices": living,
        }
    actions = (
        list(NightAction.objects.filter(game=game, night=phase.number).order_by("submitted_at"))
        if night
        else []
    )
    served = game.rules.pages.served
    if open_now and night and "night_action" in served and can_take_night_actions(viewer):
        cards = [
            _night_card(spec, me, actions, living, names)
            for card in game.rules.active_roles(me.role, me.state)
            if game.rules.has_role(card)
            for spec in game.rules.role(card).night_actions
            if not _used_up(game, me, spec, phase.number)
        ]
        state["night_cards"] = cards
        state["night_action"] = cards[0] if cards else None
    by_id = game.players.in_bulk({a.actor_id for a in actions}) if actions else {}
    rows = [
        NightActionRow(
            actor=names[a.actor_id],
            role=_cards_seen(viewer, by_id[a.actor_id]),
            action=a.action,
            target=names.get(a.target_id, "no one") if a.target_id else "no one",
            submitted_at=a.submitted_at,
        )
        for a in actions
    ]
    if night and can_see_mafia_picks(viewer):
        state["mafia_picks"] = [r for r in rows if r.action == "kill"]
    if can_see_night_actions(viewer):
        state["night_actions"] = rows
        state["seed"] = game.random_seed
        if open_now and night and "mod_night_override" in served:
            state["dawn"] = _dawn_preview(game, phase.number, names)
    return PhaseState(**state)


def _night_card(spec, me, actions, living: list[Choice], names: dict[int, str]) -> NightCard:
    mine = next((a for a in actions if a.actor_id == me.pk and a.action == spec.code), None)
    return NightCard(
        action=spec.code,
        prompt=spec.prompt,
        choices=living,
        chosen=mine is not None,
        target_id=mine.target_id if mine else None,
        target_name=names.get(mine.target_id) if mine and mine.target_id else None,
    )


def _cards_seen(viewer: Viewer, player) -> str:
    """The actor's whole hand for those who may see it, else the card the row is about (the
    mafia see each other's mafia card, C7)."""
    rules = viewer.game.rules
    if can_see_hand(viewer, player):
        return " / ".join(rules.role_name(card) for card in hand_of(player.role, player.state))
    return rules.role_name(player.role)


def _used_up(game, me, spec, night: int) -> bool:
    """Whether the player has used a night action limited to `spec.uses` nights a game."""
    if spec.uses is None:
        return False
    earlier = NightAction.objects.filter(
        game=game, actor=me, action=spec.code, target__isnull=False
    ).exclude(night=night)
    return earlier.count() >= spec.uses


def _dawn_preview(game, number: int, names: dict[int, str]) -> DawnPreview:
    outcome, _ = dawn_preview(game, number)
    override = NightOverride.objects.filter(game=game, night=number).first()
    return DawnPreview(
        victims=[names[pk] for pk in outcome.victims],
        outcomes=[
            OutcomeRow(o.kind, names[o.player], o.amount, rendered(o.reasons, names))
            for o in outcome.outcomes
        ],
        reasons=rendered(outcome.reasons, names),
        overridden=override is not None,
        override_reason=override.reason if override else "",
    )
