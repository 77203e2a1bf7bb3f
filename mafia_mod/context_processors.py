"""Values every page may need, read from the settings."""

from django.conf import settings
from django.http import HttpRequest

CONSOLE_BACKEND = "django.core.mail.backends.console.EmailBackend"


def email_delivery(request: HttpRequest) -> dict[str, bool]:
    """Whether e-mails are printed in the server's terminal (`make run`) instead of sent, so that
    pages waiting on an e-mail say where to look rather than "check your spam folder"."""
    return {"email_printed_in_terminal": settings.EMAIL_BACKEND == CONSOLE_BACKEND}
