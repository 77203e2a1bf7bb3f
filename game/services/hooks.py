"""Where the effectful steps of the rule sets are registered: the steps a phase's end names
(`Phase.end_steps`; R4 for the live-action day end), the due-event handlers and the death hooks.
One place, called once from GameConfig.ready(). The rule sets stay pure: they name the steps and
their order, these functions do them."""

from game.rulesets.classic import CLASSIC
from game.rulesets.hp import HP
from game.rulesets.hp.phases import BEGINNING, NIGHT_END, VOTE_END
from game.rulesets.phases import DAY, NIGHT
from game.rulesets.registry import ACTION_REMINDER_EVENT, PHASE_END_EVENT
from game.services import deadlines, wins
from game.services.days import day_cycle, day_end, end_of_day
from game.services.hp import rounds as hp_rounds
from game.services.hp import start as hp_start
from game.services.investigating import desperado
from game.services.items_offices import item_transfers, petitions
from game.services.killing import announcements, deaths
from game.services.lobby import setup
from game.services.nights import action_reminders, classic, dawn, phases

PHASE_END_STEPS = {
    "execution": day_end.execution,
    "end_of_day_deaths": end_of_day.end_of_day_deaths,
    "items_of_the_dead": day_end.items_of_the_dead,
    "win_check": wins.win_check_at_day_end,
    "desperados_go": desperado.desperados_go,
    "poisoned_told": end_of_day.poisoned_told,
}
# The steps of the night-and-day phases (C1-C6), and what starts with a phase.
NIGHT_AND_DAY_STEPS = {
    "dawn": dawn.dawn,
    "day_vote": classic.day_vote,
    NIGHT_END: hp_rounds.night_end,
    VOTE_END: hp_rounds.vote_end,
}
PHASE_OPENINGS = {
    (CLASSIC.code, DAY): classic.day_zero_greeting,
    (HP.code, NIGHT): hp_rounds.round_header,
}
# How a dealt game of a rule set begins where its clock's first step is not enough
# (`Ruleset.begins`): HP's seats, starting HP and groups (H1).
BEGINNINGS = {BEGINNING: hp_start.hp_game_begin}
# Whether a rule set's open phase still waits for someone (HP's people, H2, H10).
PHASE_WAITING = {HP.code: hp_rounds.waits_for_someone}
# The follow-ups of a death a rule set may name (`Ruleset.death_hooks`): its own deadlines go,
# a Gay Knight's partner is scheduled (R26), the petitions it makes useless end (R46), so do
# the item offers of the dead (R45), and the win check (R17).
DEATH_HOOKS = {
    "pending_events_cancel": end_of_day.pending_events_cancel,
    "partner_death_schedule": end_of_day.partner_death_schedule,
    "petitions_after_death": petitions.petitions_after_death,
    "offers_after_death": item_transfers.offers_after_death,
    "win_check": wins.win_check_after_death,
}


def register_all() -> None:
    day_cycle.PHASE_END_STEPS.update(PHASE_END_STEPS)
    phases.PHASE_STEPS.update(NIGHT_AND_DAY_STEPS)
    phases.PHASE_OPENINGS.update(PHASE_OPENINGS)
    phases.PHASE_WAITING.update(PHASE_WAITING)
    setup.BEGINNINGS.update(BEGINNINGS)
    deadlines.HANDLERS.setdefault(PHASE_END_EVENT, phases.process_phase_end)
    deadlines.HOLDS.setdefault(PHASE_END_EVENT, phases.phase_end_held_for_moderators)
    deadlines.HANDLERS.setdefault(ACTION_REMINDER_EVENT, action_reminders.process_action_reminder)
    deaths.NAMED_DEATH_HOOKS.update(DEATH_HOOKS)
    if day_cycle.day_end_extend_to not in announcements.DAY_END_EXTENSIONS:
        announcements.DAY_END_EXTENSIONS.append(day_cycle.day_end_extend_to)
    for kind in end_of_day.END_OF_DAY_KINDS:
        deadlines.HANDLERS.setdefault(kind, end_of_day.end_of_day_event_due)
