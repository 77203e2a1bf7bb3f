"""A host's way through a Chiang Mai game, decided from what the host's API shows (M4-M9): the
Killers poison a villager, the Policemen point at a Killer, the Assassin refrains on night 1 and
then kills a villager, the Hunter shoots a Killer; day 1 ties two players and goes to a runoff
(M8); later days vote a Killer out. Used by the page test and the browser test alike."""

from collections import Counter
from typing import Any


def first(seats: list[dict], *, killer: bool, but: int | None = None) -> dict | None:
    return next(
        (s for s in seats if s["in_game"] and bool(s["killer"]) == killer and s["id"] != but),
        None,
    )


def call_target(table: dict[str, Any]) -> int | None:
    """Whom the called role points at tonight (None: Next)."""
    if not table["called_players"]:
        return None
    seats, role = table["seats"], table["call"]["role"]
    if role == "killer" or (role == "assassin" and not table["call"]["may_pass"]):
        return first(seats, killer=False)["id"]
    if role == "policeman":
        return first(seats, killer=True)["id"]
    return None


def shot_target(table: dict[str, Any], hunter_id: int) -> int:
    seats = table["seats"]
    target = first(seats, killer=True, but=hunter_id) or first(seats, killer=False, but=hunter_id)
    return target["id"]


def ballots(table: dict[str, Any], day: int) -> dict[int, list[int | None]]:
    """Each voter's votes, one per card: day 1 splits every two-card voter between a Killer and
    a villager (a tie); a runoff puts every vote on the Killer; later days too."""
    seats = [s for s in table["seats"] if s["in_game"]]
    killer = first(seats, killer=True)["id"]
    villager = first(seats, killer=False)["id"]
    tied = table["tied"] or []
    votes: dict[int, list[int | None]] = {}
    for seat in seats:
        if seat["name"] in tied:
            continue
        if day == 1 and not tied:
            votes[seat["id"]] = [killer, villager] if seat["votes"] == 2 else [None]
        else:
            votes[seat["id"]] = [killer] * seat["votes"]
    return votes


def hands_counted(votes: dict[int, list[int | None]]) -> dict[str, Any]:
    """The host's form for a show of hands in which every voter of `votes` raises their hands
    as given: per candidate the hands counted (M7)."""
    counted = Counter(target for each in votes.values() for target in each if target)
    form: dict[str, Any] = {"kind": "count", "hand_voter": list(votes)}
    return form | {f"count-{target}": n for target, n in counted.items()}
