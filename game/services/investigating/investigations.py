"""Site visits and investigations (R19-R24, R26, R31): players ask, moderators send the computed
answer or override it (R20), or the game sends it at once without review."""

import datetime as dt

from django.db import transaction

from game.errors import ConflictError, GameRuleError, NotFoundError
from game.models import (
    Game,
    Investigation,
    Kill,
    KillStatus,
    Player,
    PoliceWatch,
    ResultStatus,
    SiteVisit,
    User,
    Visibility,
)
from game.rulesets.live_action.facts import Asker, InvestigatedDeath, PastInvestigation
from game.rulesets.live_action.investigation_limits import investigation_refusals
from game.rulesets.live_action.roles import serial_killer
from game.services.ids import storable_ids
from game.services.locking import lock_game
from game.services.log import log_append
from game.services.players import player_of, running_game_player
from game.snapshots.investigations import capacities_of, killed_at, player_life
from game.snapshots.kills import computed_answer, deceptions, serial_killer_grants


def investigative(game: Game, capacities: frozenset[str]) -> bool:
    """Whether the capacities count toward the three visitors of R24."""
    return any(game.rules.capacity(code).investigative for code in capacities)


@transaction.atomic
def site_visit_report(*, game_id: int, by: User, victim_id: int, now: dt.datetime) -> SiteVisit:
    """A player reports visiting a kill site; the time is recorded (R21, R24). Only announced
    kills have a site players may know of (R14, R50)."""
    game = lock_game(game_id)
    player = running_game_player(game, by)
    if not player.alive:
        raise GameRuleError('Dead players cannot visit kill sites ("dead players tell no tales").')
    victim = player_of(game, victim_id)
    if not Kill.objects.filter(
        game=game,
        victim=victim,
        status__in=[KillStatus.PENDING, KillStatus.CONFIRMED],
        announced_at__isnull=False,
    ).exists():
        raise GameRuleError(
            f"No kill of {victim.name} has been announced, so there is no site (R21)."
        )
    if SiteVisit.objects.filter(visitor=player, victim=victim).exists():
        raise ConflictError("You have already reported visiting this kill site.")
    capacities = capacities_of(player, game.current_day)
    visit = SiteVisit.objects.create(
        game=game,
        visitor=player,
        victim=victim,
        visited_at=now,
        investigative=investigative(game, capacities),
        serial_killer=player.role == serial_killer.ROLE.code,
    )
    log_append(
        game=game,
        kind="site_visited",
        text=f"{player.name} visited the kill site of {victim.name}.",
        visibility=Visibility.MODERATORS,
        now=now,
        actor=by,
    )
    return visit


@transaction.atomic
def investigation_request(
    *,
    game_id: int,
    by: User,
    capacity: str,
    victim_id: int,
    suspect_ids: list[int],
    now: dt.datetime,
) -> Investigation:
    """Ask "did X kill Y?" (a set of suspects for the group investigator) in one capacity; every
    limit of R21-R24, R26 and R31 is checked, and each suspect is one the pages offer for this
    death (`suspects.suspect_refusal`, R12, R19); each refusal says which."""
    game = lock_game(game_id)
    player = running_game_player(game, by)
    if capacity not in {c.code for c in game.rules.capacities}:
        raise GameRuleError("Choose which power you investigate with.")
    asked = game.rules.capacity(capacity)
    victim = player_of(game, victim_id, what="The dead player")
    suspects = list(Player.objects.filter(game=game, pk__in=storable_ids(suspect_ids)))
    if len(suspects) != len(set(suspect_ids)):
        raise GameRuleError("Every suspect must be a player of this game.")
    watched_by = frozenset(
        PoliceWatch.objects.filter(
            game=game, watched=victim, day=victim.death_day or -1
        ).values_list("officer_id", flat=True)
    )
    history = [
        PastInvestigation(player.pk, i.capacity, i.day, i.victim_id)
        for i in Investigation.objects.filter(asker=player)
    ]
    asker = Asker(
        player=player.pk,
        alive=player.alive,
        capacities=capacities_of(player, game.current_day),
        visited_sites=frozenset(
            SiteVisit.objects.filter(visitor=player).values_list("victim_id", flat=True)
        ),
        serial_killer_grants=serial_killer_grants(game, player),
        gay_knight_partner=player.partner_id,
    )
    refusals = investigation_refusals(
        asker=asker,
        capacity=asked.code,
        day=game.current_day,
        death=InvestigatedDeath(victim.pk, killed_at(game, victim), watched_by),
        suspects=[player_life(s) for s in suspects],
        history=history,
    )
    if refusals:
        names = {p.pk: p.name for p in (victim, *suspects)}
        raise GameRuleError(" ".join(refusal.render(names) for refusal in refusals))
    investigation = Investigation.objects.create(
        game=game,
        asker=player,
        capacity=asked.code,
        day=game.current_day,
        victim=victim,
        requested_at=now,
    )
    investigation.suspects.set(suspects)
    names = ", ".join(sorted(s.name for s in suspects))
    log_append(
        game=game,
        kind="investigation_requested",
        text=f"{player.name} ({asked.label}) asked whether {names} killed {victim.name}.",
        visibility=Visibility.MODERATORS,
        now=now,
        actor=by,
    )
    if game.answers_without_review:
        _send(game, investigation, by=None, now=now)
    return investigation


@transaction.atomic
def investigation_send(
    *,
    game_id: int,
    investigation_id: int,
    by: User,
    now: dt.datetime,
    answer: bool | None = None,
    reason: str = "",
) -> Investigation:
    """A moderator sends the computed answer, or overrides it with a reason (R20)."""
    game = lock_game(game_id)
    investigation = pending_investigation(game, investigation_id)
    return _send(game, investigation, by=by, now=now, answer=answer, reason=reason)


def pending_investigation(game: Game, investigation_id: int) -> Investigation:
    """The game's investigation still waiting for its answer: 404 for another game's or none,
    409 once answered. The caller holds the game lock."""
    investigation = Investigation.objects.filter(game=game, pk=investigation_id).first()
    if investigation is None:
        raise NotFoundError("No such investigation.")
    if investigation.status != ResultStatus.PENDING:
        raise ConflictError("That investigation has already been answered.")
    return investigation


def investigation_computed(game: Game, investigation: Investigation):
    names = dict(Player.objects.filter(game=game).values_list("pk", "name"))
    return computed_answer(
        deceptions(game),
        capacity=investigation.capacity,
        victim=investigation.victim_id,
        suspects=sorted(s.pk for s in investigation.suspects.all()),
        names=names,
    )


def _send(
    game: Game,
    investigation: Investigation,
    *,
    by: User | None,
    now: dt.datetime,
    answer: bool | None = None,
    reason: str = "",
) -> Investigation:
    computed = investigation_computed(game, investigation)
    overridden = answer is not None and answer != computed.answer
    if overridden and not reason.strip():
        raise GameRuleError("Give a reason for overriding the computed answer (R20).")
    investigation.computed_answer = computed.answer
    investigation.answer = answer if answer is not None else computed.answer
    investigation.reasons = computed.reasons
    investigation.summary = computed.summary
    investigation.status = ResultStatus.SENT
    investigation.sent_at, investigation.sent_by = now, by
    investigation.override_reason = reason.strip() if overridden else ""
    investigation.save()
    word = investigation.answer_word
    how = f"overridden to {word}" if overridden else f"sent as computed: {computed.summary}"
    log_append(
        game=game,
        kind="investigation_answered",
        text=f"Investigation #{investigation.pk} by {investigation.asker.name}: {how}.",
        visibility=Visibility.MODERATORS,
        now=now,
        actor=by,
        reason=investigation.override_reason or reason.strip(),
    )
    log_append(
        game=game,
        kind="investigation_result",
        text="Your investigation has an answer: see your results.",
        visibility=Visibility.PLAYERS,
        recipients=[investigation.asker],
        now=now,
    )
    return investigation
