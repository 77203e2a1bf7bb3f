"""axe-core (vendored from npm by `make vendor`) run inside a Playwright page."""

from pathlib import Path

AXE_SCRIPT = Path(__file__).parent / "vendor" / "axe.min.js"
# WCAG 2.0-2.2 A and AA, and axe's best practices (landmarks, heading order, region).
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
BLOCKING_IMPACTS = {"serious", "critical"}


def axe_violations(page) -> list[dict]:
    """Every violation axe finds on the page as it is now: rule id, impact and the elements."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # The Content-Security-Policy runs no inline script of the page's; DevTools' own
        # evaluation is not one, so axe is loaded through it.
        session = page.context.new_cdp_session(page)
        session.send("Runtime.evaluate", {"expression": AXE_SCRIPT.read_text()})
        session.detach()
    results = page.evaluate(
        "tags => axe.run(document, {runOnly: {type: 'tag', values: tags},"
        " resultTypes: ['violations']})",
        AXE_TAGS,
    )
    return [
        {
            "id": violation["id"],
            "impact": violation["impact"],
            "help": violation["help"],
            "targets": [" ".join(map(str, node["target"])) for node in violation["nodes"]][:5],
        }
        for violation in results["violations"]
    ]


def blocking(violations: list[dict]) -> list[dict]:
    return [v for v in violations if v["impact"] in BLOCKING_IMPACTS]
