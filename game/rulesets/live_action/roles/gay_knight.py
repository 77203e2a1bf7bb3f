"""Gay Knight (R26): dealt in partnered pairs; when one dies the partner dies at the end of the
next day; two guesses of the partner's killer, a correct one giving a revenge kill and kill
immunity.

Decisions no ruling spells out:
- Gay Knight guesses have no daily limit and R23 does not apply to them: both guesses may be about
  the partner's death, since that is the only death they can be about.
- A guess also needs the partner to have been killed: an executed partner or one who died at a
  day end has no killer to guess (R21: only kills are investigated).
- The deal adds one more pair a quarter of the time when at least two plain townies would
  remain ("weighted very slightly toward an increased number of gay knights").
"""

from __future__ import annotations

import random
from typing import Final

from game.rulesets.base import CapacitySpec, DeathCauseSpec, KillMethodSpec, RoleSpec
from game.rulesets.live_action.facts import Alignment, KillReport, Question
from game.rulesets.reasons import Reason

GUESSES: Final = 2
PARTNER_DELAY_DAYS: Final = 1
EXTRA_PAIR_CHANCE: Final = 0.25

NO_CORRECT_GUESS: Final = Reason(
    "gay_knight_no_correct_guess",
    "A Gay Knight may only kill the player they correctly guessed killed their partner (R26).",
)
NOT_PARTNER: Final = Reason(
    "gay_knight_not_partner",
    "A Gay Knight may only guess who killed their partner, once the partner is dead (R26).",
)
NO_GUESSES_LEFT: Final = Reason(
    "gay_knight_no_guesses", "You have used both Gay Knight guesses (R26)."
)
PARTNER_DEATH: Final = DeathCauseSpec(
    "partner", "Gay Knight partner death", event_kind="partner_death"
)


def partner_death_day(partner_died_on: int) -> int:
    """R26: a Gay Knight whose partner died on day D dies at the end of day D+1."""
    return partner_died_on + PARTNER_DELAY_DAYS


def pair_count(
    requested_pairs: int,
    spare_townies: int,
    rng: random.Random,
    extra_chance: float = EXTRA_PAIR_CHANCE,
) -> int:
    """How many pairs to deal: the requested pairs, plus one more now and then when at least two
    plain townies would remain, so that the deal leans slightly toward more Gay Knights (R26)."""
    if spare_townies >= 2 and rng.random() < extra_chance:
        return requested_pairs + 1
    return requested_pairs


def revenge_refusals(report: KillReport) -> list[Reason]:
    """R26: only the player the Gay Knight correctly guessed."""
    guessed = report.gay_knight_guessed_killer
    if guessed is None or guessed != report.target:
        return [NO_CORRECT_GUESS]
    return []


def guess_refusals(question: Question) -> list[Reason]:
    """R26: about the partner's death only, twice per game."""
    refusals = []
    if question.death.victim != question.asker.gay_knight_partner:
        refusals.append(NOT_PARTNER)
    if len(question.same_capacity) >= GUESSES:
        refusals.append(NO_GUESSES_LEFT)
    return refusals


REVENGE = KillMethodSpec(
    code="gay_knight_revenge",
    label="Gay Knight revenge",
    check=revenge_refusals,
    role="gay_knight",
    wrong_killer=Reason("not_gay_knight", "The killer is not a Gay Knight (R26)."),
)
GUESS = CapacitySpec(
    code="gay_knight",
    label="Gay Knight guess",
    missing=Reason("not_gay_knight_asker", "You are not a Gay Knight (R26)."),
    check=guess_refusals,
    daily=False,
    needs_visit=False,
    once_per_death=False,
    truthful=True,
    investigative=False,
)
ROLE = RoleSpec(
    code="gay_knight",
    name="Gay Knight",
    alignment=Alignment.TOWN,
    summary="You have a partner, also a Gay Knight. If one of you dies on a day, the other dies at "
    "the end of the next day (R26).",
    card=(
        "While your partner is dead: two guesses of who killed them; a correct guess lets you kill "
        "that player and makes you immune to kills (R26).",
    ),
    default_count=1,
    group_size=2,
    count_label="Gay Knight pairs",
    kills=(REVENGE,),
    capacities=(GUESS,),
)
