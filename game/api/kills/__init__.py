"""API operations for kills, investigations and shovels, over the same services as the pages
(stable operationIds). The mafia powers and the queue are in game.api.mafia. One module per
concern: kill reports and site visits, investigations, shovels, the police officer's and
priest's lists, and the moderators' held decisions."""

from game.api.kills.base import kills_router

# The operations register on the router as their modules are imported, in the order of the
# schema's paths: keep this order.
# isort: off
from game.api.kills import reports  # noqa: F401
from game.api.kills import investigations  # noqa: F401
from game.api.kills import shovels  # noqa: F401
from game.api.kills import role_lists  # noqa: F401
from game.api.kills import held_decisions  # noqa: F401
# isort: on

__all__ = ["kills_router"]
