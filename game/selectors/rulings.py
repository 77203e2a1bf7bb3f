"""The rulings in plain words, read once from docs/rulings.md (the page that explains every
ruling the app cites), so that a game's rules page can show its family, the public rulings page
shows them all, and every citation can link to one of them."""

import re
from functools import cache

from django.conf import settings

from game.rulesets.registry import RULESETS

RULINGS_FILE = settings.BASE_DIR / "docs" / "rulings.md"
FAMILY_NAMES = {
    "R": "Live action (seed 001)",
    "C": "Classic night and day, and its bot protocol (seed 002)",
    "H": "HP Mafia (seed 000)",
    "M": "Chiang Mai Mafia (seed 004)",
    "P": "The pig game (seed 003)",
}
_ENTRY = re.compile(r'^- <a id="(?P<code>[A-Z]\d+)"></a>\*\*[A-Z]\d+\*\* — (?P<text>.*)$')
CITATION = re.compile(r"\b([RCHMP]\d{1,2})\b")


@cache
def all_rulings() -> dict[str, str]:
    """Every ruling's code and its plain words, in the file's order (markup dropped)."""
    found: dict[str, str] = {}
    code = None
    for line in RULINGS_FILE.read_text(encoding="utf-8").splitlines():
        entry = _ENTRY.match(line)
        if entry:
            code = entry["code"]
            found[code] = entry["text"].strip()
        elif code and line.startswith("  ") and line.strip():
            found[code] += " " + line.strip()
        else:
            code = None
    return {k: re.sub(r"[*`]", "", v) for k, v in found.items()}


def _families(ruleset_code: str) -> tuple[str, ...]:
    """The families of rulings a rule set's pages cite whole (`Ruleset.pages.cites`)."""
    rules = RULESETS.get(ruleset_code)
    return rules.pages.families if rules is not None else ()


def rulings_of(ruleset_code: str) -> list[tuple[str, str]]:
    """The rulings a rule set's pages cite: its families', in order."""
    families = _families(ruleset_code)
    return [(code, text) for code, text in all_rulings().items() if code[0] in families]


def rulings_by_family() -> list[tuple[str, str, list[tuple[str, str]]]]:
    """Every ruling, as (family letter, family name, its rulings in order)."""
    found = all_rulings()
    return [
        (letter, name, [(code, text) for code, text in found.items() if code[0] == letter])
        for letter, name in FAMILY_NAMES.items()
    ]


def on_rules_page_of(ruleset_code: str, code: str) -> bool:
    """Whether a game of `ruleset_code` explains ruling `code` on its own rules page."""
    return code[:1] in _families(ruleset_code)
