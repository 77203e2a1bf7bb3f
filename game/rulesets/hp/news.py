"""What each player is told of their own HP after a night (H4-H6, H12): that it changed, from
what to what, and why (attacked, the damage of their side's attack, healed), never by whom. No
ruling words it; the seed's program tells its user nothing, and a player at a table would feel
the blow."""

from __future__ import annotations

from game.rulesets.hp import texts
from game.rulesets.hp.choices import Seat, Table, living, seat_of
from game.rulesets.hp.hp import HEAL_HP, shown_hp
from game.rulesets.hp.texts import Line

ATTACKED = "you were attacked"
ABSORBED = "your side's attack cost you HP (H4)"
HEALED = "you were healed"


def _why(seat: Seat, after: Seat, target: int | None, healed: int | None) -> str:
    heal = HEAL_HP if seat.id == healed else 0
    causes = []
    if seat.id == target:
        causes.append(ATTACKED)
    elif seat.mafia and target is not None and after.hp < seat.hp + heal:
        causes.append(ABSORBED)
    if seat.id == healed:
        causes.append(HEALED)
    return " and ".join(causes)


def hp_news(before: Table, after: Table, target: int | None, healed: int | None) -> list[Line]:
    """A line for each player alive when the night began whose HP the night changed."""
    news = []
    for seat in living(before):
        now = seat_of(after, seat.id)
        why = _why(seat, now, target, healed)
        if now.hp == seat.hp or not why:
            continue
        reason = texts.HP_CHANGED(
            players={"player": seat.id}, before=shown_hp(seat.hp), after=shown_hp(now.hp), why=why
        )
        news.append(Line(texts.to_player(seat.id), reason))
    return news
