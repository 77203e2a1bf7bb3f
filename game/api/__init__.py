"""The JSON API (/api/v1/): the same services as the pages, with stable operationIds.
Importing the operation modules registers their operations on `api`."""

from game.api import games, votes
from game.api.core import api

__all__ = ["api", "games", "votes"]
