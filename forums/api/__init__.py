"""Forum endpoints of the JSON API (/api/v1/forums/), over the same services and selectors as
the pages, with stable operationIds. One module per concern: boards and threads, posts,
private messages, notifications, and push subscriptions."""

from forums.api.base import router

# The operations register on the router as their modules are imported, in the order of the
# schema's paths: keep this order.
# isort: off
from forums.api import boards  # noqa: F401
from forums.api import posts  # noqa: F401
from forums.api import messages  # noqa: F401
from forums.api import notifications  # noqa: F401
from forums.api import push  # noqa: F401
# isort: on

__all__ = ["router"]
