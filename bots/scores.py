"""The seed's score table: per bot, how often it won as a villager (any village-aligned role)
and as a mafioso, and its score = (villager_ratio - mean villager_ratio) + (mafia_ratio - mean
mafia_ratio)."""

from collections.abc import Iterable
from dataclasses import dataclass

VILLAGE = "village"
MAFIA = "mafia"


@dataclass(frozen=True)
class Seat:
    """One bot's part in one finished game."""

    bot: str
    side: str  # VILLAGE or MAFIA
    won: bool


def winning_sides(seats: Iterable[Seat]) -> list[str]:
    """The side that won one game, from its seats (C6): empty for a game that counted for no
    one."""
    return sorted({seat.side for seat in seats if seat.won})[:1]


@dataclass(frozen=True)
class ScoreRow:
    bot: str
    villager_games: int
    villager_wins: int
    mafia_games: int
    mafia_wins: int
    villager_ratio: float | None
    mafia_ratio: float | None
    score: float


def score_table(seats: Iterable[Seat]) -> list[ScoreRow]:
    """Rows by score, best first. A bot that never played a side has no ratio for it; the mean
    of a ratio is over the bots that have one, and a missing ratio adds nothing to the score (no
    ruling: a side never played neither helps nor hurts)."""
    counts: dict[str, dict[str, list[int]]] = {}
    for seat in seats:
        if seat.side not in (VILLAGE, MAFIA):
            raise ValueError(f"Unknown side {seat.side!r}.")
        games_and_wins = counts.setdefault(seat.bot, {VILLAGE: [0, 0], MAFIA: [0, 0]})[seat.side]
        games_and_wins[0] += 1
        games_and_wins[1] += seat.won
    ratios = {
        bot: {side: _ratio(*sides[side]) for side in (VILLAGE, MAFIA)}
        for bot, sides in counts.items()
    }
    means = {side: _mean(r[side] for r in ratios.values()) for side in (VILLAGE, MAFIA)}
    rows = [
        ScoreRow(
            bot=bot,
            villager_games=sides[VILLAGE][0],
            villager_wins=sides[VILLAGE][1],
            mafia_games=sides[MAFIA][0],
            mafia_wins=sides[MAFIA][1],
            villager_ratio=ratios[bot][VILLAGE],
            mafia_ratio=ratios[bot][MAFIA],
            score=sum(
                ratios[bot][side] - means[side]
                for side in (VILLAGE, MAFIA)
                if ratios[bot][side] is not None and means[side] is not None
            ),
        )
        for bot, sides in counts.items()
    ]
    return sorted(rows, key=lambda row: (-row.score, row.bot))


def _ratio(games: int, wins: int) -> float | None:
    return wins / games if games else None


def _mean(values: Iterable[float | None]) -> float | None:
    present = [value for value in values if value is not None]
    return sum(present) / len(present) if present else None


def render_table(rows: list[ScoreRow]) -> str:
    """The table as plain text, one bot a line."""
    header = (
        "bot",
        "villager games",
        "villager wins",
        "mafia games",
        "mafia wins",
        "villager_ratio",
        "mafia_ratio",
        "score",
    )
    body = [
        (
            row.bot,
            str(row.villager_games),
            str(row.villager_wins),
            str(row.mafia_games),
            str(row.mafia_wins),
            _shown(row.villager_ratio),
            _shown(row.mafia_ratio),
            f"{row.score:+.3f}",
        )
        for row in rows
    ]
    widths = [max(len(line[column]) for line in [header, *body]) for column in range(len(header))]
    return "".join(
        "  ".join(
            cell.ljust(width) if column == 0 else cell.rjust(width)
            for column, (cell, width) in enumerate(zip(line, widths, strict=True))
        ).rstrip()
        + "\n"
        for line in [header, *body]
    )


def _shown(ratio: float | None) -> str:
    return "-" if ratio is None else f"{ratio:.3f}"
