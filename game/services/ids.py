"""Ids sent by a client are checked against the database; an id no integer column can hold
(a forged 10**30) names nothing, and the database driver must never see it."""

from collections.abc import Iterable

BIGGEST_ID = 2**63 - 1


def storable_ids(ids: Iterable[int]) -> set[int]:
    """The ids a primary key could hold; the others match no row."""
    return {pk for pk in ids if 0 < pk <= BIGGEST_ID}
