"""Where the day end's steps (R4), the due-event handlers and the death hooks are registered:
one place, called once from GameConfig.ready()."""

from game.services import day_cycle, day_end, deadlines, deaths, desperado, end_of_day, wins

# R4's order: execution, the other end-of-day deaths, items of the dead, the win check; the
# next day then begins (day_cycle.process_day_end); at its start waiting desperado requests take
# effect (R25) and the poisoned are told (R35).
DAY_END_STEPS = (
    day_end.execution,
    end_of_day.end_of_day_deaths,
    day_end.items_of_the_dead,
    wins.win_check_at_day_end,
    desperado.desperados_go,
    end_of_day.poisoned_told,
)
# After every death: its own deadlines go, a Gay Knight's partner is scheduled (R26), and the
# win check runs last (R17).
DEATH_HOOKS = (
    end_of_day.pending_events_cancel,
    end_of_day.partner_death_schedule,
    wins.win_check_after_death,
)


def register_all() -> None:
    for step in DAY_END_STEPS:
        if step not in day_cycle.DAY_END_STEPS:
            day_cycle.DAY_END_STEPS.append(step)
    for hook in DEATH_HOOKS:
        if hook not in deaths.DEATH_HOOKS:
            deaths.DEATH_HOOKS.append(hook)
    for kind in end_of_day.END_OF_DAY_KINDS:
        deadlines.HANDLERS.setdefault(kind, end_of_day.end_of_day_event_due)
