"""Why a rule decided as it did, as data: a code, the players and numbers it names, and words
with placeholders that the edge fills in with the players' names. Pure Python."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Reason:
    """Why a rule decided as it did. `text` holds placeholders that `render` fills: the players
    named in `players` (by name at the edge, by id otherwise) and the numbers in `values`."""

    code: str
    text: str
    players: tuple[tuple[str, int], ...] = ()
    values: tuple[tuple[str, int | str], ...] = ()

    def __call__(self, *, players: Mapping[str, int] | None = None, **values: int | str) -> Reason:
        """This reason about these players and numbers."""
        return Reason(
            self.code,
            self.text,
            self.players + tuple((players or {}).items()),
            self.values + tuple(values.items()),
        )

    def render(self, names: Mapping[int, str] | None = None) -> str:
        names = names or {}
        fills: dict[str, object] = {key: names.get(pk, str(pk)) for key, pk in self.players}
        fills.update(self.values)
        return self.text.format(**fills)

    def __str__(self) -> str:
        return self.render()


def rendered(reasons: Iterable[Reason], names: Mapping[int, str] | None = None) -> list[str]:
    """The words of `reasons`, with the players' names."""
    return [reason.render(names) for reason in reasons]
