"""Petitions as the game's players and moderators read them (R46, R47): each with its signers,
the count of living signers against "more than 50% of living players" as things stand, and why
it ended. A fixed number of queries whatever the number of players or signers."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch

from game.models import Petition, PetitionSignature, Player
from game.models.petitions import OFFICE_SINCE
from game.permissions import Viewer, can_petition, can_see_petitions, require
from game.rulesets.live_action.petitions import (
    END_TEXTS,
    EndReason,
    PetitionKind,
    signatures_needed,
)


@dataclass(frozen=True)
class PetitionView:
    petition: Petition
    title: str
    signers: list[Player]
    living_signers: int
    needed: int
    living: int
    signed_by_viewer: bool
    usable_by_viewer: bool
    end_text: str

    @property
    def phrase(self) -> str:
        """The title inside a sentence: "the petition to elect Ann mayor"."""
        return self.title[:1].lower() + self.title[1:]

    @property
    def qualifies(self) -> bool:
        return self.living_signers >= self.needed

    @property
    def more_needed(self) -> int:
        return max(0, self.needed - self.living_signers)


@dataclass(frozen=True)
class Office:
    code: str
    name: str
    holder: Player | None


@dataclass(frozen=True)
class PetitionsPage:
    petitions: list[PetitionView]
    living: list[Player]
    needed: int
    offices: list[Office]


def _petitions(viewer: Viewer):
    signatures = PetitionSignature.objects.select_related("signer").order_by("signed_at", "id")
    return (
        Petition.objects.filter(game=viewer.game)
        .select_related("candidate", "holder")
        .prefetch_related(Prefetch("signatures", queryset=signatures))
    )


def _view(viewer: Viewer, petition: Petition, offices: dict[str, str], living: int):
    signers = [s.signer for s in petition.signatures.all()]
    office = offices.get(petition.office, petition.office).lower()
    if petition.kind == PetitionKind.ELECTION:
        title = f"Elect {petition.candidate.name} {office}"
    else:
        title = f"Impeach {petition.candidate.name} as {office}"
    me = viewer.player.pk if viewer.player else None
    living_signers = sum(1 for s in signers if s.alive)
    needed = signatures_needed(living)
    return PetitionView(
        petition=petition,
        title=title,
        signers=signers,
        living_signers=living_signers,
        needed=needed,
        living=living,
        signed_by_viewer=any(s.pk == me for s in signers),
        usable_by_viewer=petition.is_open
        and petition.holder_id == me
        and living_signers >= needed
        and can_petition(viewer),
        end_text=END_TEXTS[EndReason(petition.end_reason)] if petition.end_reason else "",
    )


def _living(viewer: Viewer) -> list[Player]:
    return list(
        Player.objects.filter(game=viewer.game, alive=True).only(
            "id", "name", "alive", "mayor_since", "police_officer_since"
        )
    )


def petitions_page(viewer: Viewer) -> PetitionsPage:
    """Every petition of the game, newest first, and the offices' holders. Four queries."""
    require(can_see_petitions(viewer))
    living = _living(viewer)
    names = {o.code: o.name for o in viewer.game.rules.offices}
    offices = [
        Office(
            code,
            name,
            next((p for p in living if getattr(p, OFFICE_SINCE[code]) is not None), None),
        )
        for code, name in names.items()
    ]
    views = [_view(viewer, p, names, len(living)) for p in _petitions(viewer)]
    return PetitionsPage(views, living, signatures_needed(len(living)), offices)


def petition_detail(viewer: Viewer, petition_id: int) -> PetitionView:
    """One petition with its signers (404 for what the viewer may not see). Four queries."""
    require(can_see_petitions(viewer))
    petition = _petitions(viewer).filter(pk=petition_id).first()
    require(petition is not None)
    living = Player.objects.filter(game=viewer.game, alive=True).count()
    names = {o.code: o.name for o in viewer.game.rules.offices}
    return _view(viewer, petition, names, living)
