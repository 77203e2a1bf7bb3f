"""Small helpers for the pig game's rule tests: a deal from its text, events as tuples."""

from game.rulesets.pigs import Result, deal_parse, simulate


def play(text: str, **options) -> Result:
    return simulate(deal_parse(text), **options)


def steps(result: Result, *kinds: str) -> list[tuple]:
    """(kind, pig, other) of the events of the given kinds, in order."""
    return [(e.kind, e.pig, e.other) for e in result.events if e.kind in kinds]
