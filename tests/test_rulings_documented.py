"""Every ruling the app cites is explained inside the repository (docs/rulings.md), so that whoever
clones the app can follow any citation in code, templates, tests or help text."""

import re
from pathlib import Path

from game.errors import cited_rulings

ROOT = Path(__file__).resolve().parent.parent
CITING_FOLDERS = ("game", "forums", "mafia_mod", "bots", "templates", "tests")


def documented_rulings() -> set[str]:
    text = (ROOT / "docs" / "rulings.md").read_text()
    return set(re.findall(r'<a id="([RCHMP]\d{1,2})"></a>', text))


def cited_in_the_code() -> dict[str, set[str]]:
    citing: dict[str, set[str]] = {}
    for folder in CITING_FOLDERS:
        for path in (ROOT / folder).rglob("*"):
            if path.suffix not in {".py", ".html", ".txt", ".md"} or "migrations" in path.parts:
                continue
            for ruling in cited_rulings(path.read_text(errors="ignore")):
                citing.setdefault(ruling, set()).add(str(path.relative_to(ROOT)))
    return citing


def test_every_cited_ruling_is_explained_in_docs_rulings():
    missing = {
        ruling: sorted(paths)[:3]
        for ruling, paths in cited_in_the_code().items()
        if ruling not in documented_rulings()
    }
    assert missing == {}


def test_the_rulings_page_explains_every_family_in_full():
    documented = documented_rulings()
    expected = (
        {f"R{n}" for n in range(1, 53)}
        | {f"C{n}" for n in range(1, 11)}
        | {f"H{n}" for n in range(1, 13)}
        | {f"M{n}" for n in range(1, 13)}
        | {f"P{n}" for n in range(1, 7)}
    )
    assert expected <= documented
