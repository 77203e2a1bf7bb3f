"""Petitions and the elected offices (R46, R47): starting, signing, withdrawing a signature,
using a petition (the election or impeachment happens at once, announced in Town Square and
logged), and the petitions that end when an office changes or a player dies, each with its
reason. Who holds an office: the living player whose `<office>_since` is set."""

import datetime as dt

from django.db import transaction

from game.errors import GameRuleError, NotFoundError
from game.models import Game, Petition, PetitionSignature, Player, User, Visibility
from game.models.petitions import OFFICE_SINCE
from game.rulesets.live_action import petitions as rules
from game.rulesets.live_action.petitions import (
    END_TEXTS,
    EndReason,
    OpenPetition,
    PetitionKind,
)
from game.services.locking import lock_game
from game.services.log import log_append
from game.services.players import player_of, running_game_player


def office_name(game: Game, office: str) -> str:
    return game.rules.office(office).name.lower()


def office_holder(game: Game, office: str) -> Player | None:
    """The living holder of `office` (a dead holder has left it, R46)."""
    return game.players.filter(alive=True, **{f"{OFFICE_SINCE[office]}__isnull": False}).first()


def _office_checked(game: Game, office: str) -> str:
    if office not in OFFICE_SINCE or office not in {o.code for o in game.rules.offices}:
        raise GameRuleError("Choose one of the offices: mayor or police officer.", field="office")
    return office


def _open_petitions(game: Game) -> list[OpenPetition]:
    rows = Petition.objects.filter(game=game, used_at__isnull=True, ended_at__isnull=True)
    return [
        OpenPetition(p.pk, PetitionKind(p.kind), p.office, p.candidate_id, p.holder_id)
        for p in rows.only("id", "kind", "office", "candidate_id", "holder_id").order_by()
    ]


def _petition_locked(game: Game, petition_id: int) -> Petition:
    petition = (
        Petition.objects.select_for_update()
        .select_related("candidate", "holder")
        .filter(game=game, pk=petition_id)
        .first()
    )
    if petition is None:
        raise NotFoundError("No such petition in this game.")
    return petition


def describe(game: Game, petition: Petition) -> str:
    office = office_name(game, petition.office)
    if petition.kind == PetitionKind.ELECTION:
        return f"the petition to elect {petition.candidate.name} {office}"
    return f"the petition to impeach {petition.candidate.name} as {office}"


def petitions_end(game: Game, endings: dict[int, EndReason], now: dt.datetime) -> None:
    """End these open petitions, each with its reason, and log each ending publicly."""
    if not endings:
        return
    ended = Petition.objects.filter(pk__in=endings).select_related("candidate")
    for petition in ended:
        petition.ended_at = now
        petition.end_reason = endings[petition.pk]
        petition.save(update_fields=["ended_at", "end_reason"])
        log_append(
            game=game,
            kind="petition_ended",
            text=f"{describe(game, petition).capitalize()} ended: "
            f"{END_TEXTS[petition.end_reason].removeprefix('Ended: ')}",
            visibility=Visibility.PUBLIC,
            now=now,
        )


def office_take(
    *, game: Game, office: str, player: Player, now: dt.datetime, used: int | None = None
) -> None:
    """`player` holds `office` from now; the former holder leaves it. R46: every other open
    election petition for the office ends, and so does every impeachment petition against the
    former holder. The caller holds the game lock."""
    former = office_holder(game, office)
    Player.objects.filter(game=game).exclude(pk=player.pk).update(**{OFFICE_SINCE[office]: None})
    Player.objects.filter(pk=player.pk).update(**{OFFICE_SINCE[office]: now})
    setattr(player, OFFICE_SINCE[office], now)
    petitions = _open_petitions(game)
    endings = rules.endings_on_taking_office(petitions, office=office, used=used)
    if former is not None and former.pk != player.pk:
        endings |= rules.endings_on_leaving_office(
            petitions, office=office, former=former.pk, used=used
        )
    petitions_end(game, endings, now)


def office_leave(
    *, game: Game, office: str, now: dt.datetime, used: int | None = None
) -> Player | None:
    """The office is empty from now; R46: the impeachment petitions against the former holder
    end. The caller holds the game lock."""
    former = office_holder(game, office)
    Player.objects.filter(game=game).update(**{OFFICE_SINCE[office]: None})
    if former is not None:
        endings = rules.endings_on_leaving_office(
            _open_petitions(game), office=office, former=former.pk, used=used
        )
        petitions_end(game, endings, now)
    return former


def petitions_after_death(game: Game, player: Player, at: dt.datetime) -> None:
    """Death hook. R46: an officeholder's death ends the impeachment petitions against them;
    the dead player's own petitions and the elections of the dead end too."""
    petitions = _open_petitions(game)
    endings = rules.endings_on_death(petitions, dead=player.pk)
    for office, field in OFFICE_SINCE.items():
        if getattr(player, field) is not None:
            endings |= rules.endings_on_leaving_office(petitions, office=office, former=player.pk)
    petitions_end(game, endings, at)


@transaction.atomic
def petition_create(
    *, game_id: int, by: User, kind: str, office: str, candidate_id: int, now: dt.datetime
) -> Petition:
    """A living player starts a petition and holds it (R46, R47)."""
    game = lock_game(game_id)
    starter = running_game_player(game, by)
    if kind not in PetitionKind.__members__.values():
        raise GameRuleError("Choose an election or an impeachment.", field="kind")
    kind = PetitionKind(kind)
    office = _office_checked(game, office)
    candidate = player_of(game, candidate_id, what="The player named")
    holder = office_holder(game, office)
    refusal = rules.start_refusal(
        kind=kind,
        starter_alive=starter.alive,
        office_holder=holder.pk if holder else None,
        candidate=candidate.pk,
        candidate_alive=candidate.alive,
    )
    if refusal is not None:
        raise GameRuleError(refusal.render({candidate.pk: candidate.name}), field="candidate")
    petition = Petition.objects.create(
        game=game,
        kind=kind,
        office=office,
        candidate=candidate,
        holder=starter,
        created_at=now,
        day=game.current_day,
    )
    log_append(
        game=game,
        kind="petition_created",
        text=f"{starter.name} started {describe(game, petition)}.",
        visibility=Visibility.PUBLIC,
        now=now,
        actor=by,
    )
    return petition


@transaction.atomic
def petition_sign(*, game_id: int, by: User, petition_id: int, now: dt.datetime) -> Petition:
    """A living player signs, once (R47)."""
    game = lock_game(game_id)
    signer = running_game_player(game, by)
    petition = _petition_locked(game, petition_id)
    signed = PetitionSignature.objects.filter(petition=petition, signer=signer).exists()
    refusal = rules.sign_refusal(
        is_open=petition.is_open, signer_alive=signer.alive, already_signed=signed
    )
    if refusal is not None:
        raise GameRuleError(str(refusal))
    PetitionSignature.objects.create(petition=petition, signer=signer, signed_at=now)
    log_append(
        game=game,
        kind="petition_signed",
        text=f"{signer.name} signed {describe(game, petition)}.",
        visibility=Visibility.MODERATORS,
        now=now,
        actor=by,
    )
    return petition


@transaction.atomic
def petition_withdraw_signature(
    *, game_id: int, by: User, petition_id: int, now: dt.datetime
) -> Petition:
    """A signer takes their signature back while the petition is open."""
    game = lock_game(game_id)
    signer = running_game_player(game, by)
    petition = _petition_locked(game, petition_id)
    signature = PetitionSignature.objects.filter(petition=petition, signer=signer).first()
    refusal = rules.withdraw_refusal(is_open=petition.is_open, signed=signature is not None)
    if refusal is not None:
        raise GameRuleError(str(refusal))
    signature.delete()
    log_append(
        game=game,
        kind="petition_signature_withdrawn",
        text=f"{signer.name} withdrew their signature from {describe(game, petition)}.",
        visibility=Visibility.MODERATORS,
        now=now,
        actor=by,
    )
    return petition


@transaction.atomic
def petition_use(*, game_id: int, by: User, petition_id: int, now: dt.datetime) -> Petition:
    """The holder uses a petition that more than 50% of the living players have signed (R47):
    the election or impeachment happens at once, announced in Town Square."""
    game = lock_game(game_id)
    user = running_game_player(game, by)
    petition = _petition_locked(game, petition_id)
    living = set(game.players.filter(alive=True).values_list("pk", flat=True))
    signers = PetitionSignature.objects.filter(petition=petition).values_list("signer", flat=True)
    refusal = rules.use_refusal(
        is_open=petition.is_open,
        by_holder=petition.holder_id == user.pk,
        holder_alive=user.alive,
        signers=rules.living_signers(signers, living),
        living=len(living),
    )
    if refusal is not None:
        raise GameRuleError(str(refusal))
    petition.used_at = now
    petition.save(update_fields=["used_at"])
    office = office_name(game, petition.office)
    if petition.kind == PetitionKind.ELECTION:
        office_take(
            game=game, office=petition.office, player=petition.candidate, now=now, used=petition.pk
        )
        text = f"{petition.candidate.name} is elected {office} by petition (R47)."
    else:
        office_leave(game=game, office=petition.office, now=now, used=petition.pk)
        text = f"{petition.candidate.name} is impeached and is no longer {office} (R47)."
    log_append(
        game=game,
        kind="office_changed",
        text=text,
        visibility=Visibility.PUBLIC,
        now=now,
        actor=by,
    )
    return petition
