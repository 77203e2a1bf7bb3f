import mimetypes

from django.conf import settings
from django.core.files.storage import default_storage
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_safe

from game.models import Player
from game.permissions import can_see_photos, require, viewer_for


@require_safe
def signup_photo(request: HttpRequest, name: str) -> HttpResponse:
    """A sign-up photo, for the game's players and moderators only; anyone else gets the same
    404 as for a name that does not exist. Behind nginx the app only decides and nginx sends the
    file (X-Accel-Redirect to an internal location, MEDIA_ACCEL_REDIRECT); `make run` sends it
    from here."""
    player = Player.objects.select_related("game").filter(photo=name).exclude(photo="").first()
    require(player is not None and can_see_photos(viewer_for(request.user, player.game)))
    content_type = mimetypes.guess_type(name)[0] or "application/octet-stream"
    if settings.MEDIA_ACCEL_REDIRECT:
        response = HttpResponse(content_type=content_type)
        response["X-Accel-Redirect"] = settings.MEDIA_ACCEL_REDIRECT + name
    else:
        try:
            response = FileResponse(default_storage.open(name), content_type=content_type)
        except FileNotFoundError as missing:
            raise Http404("No such photo.") from missing
    response["Cache-Control"] = "private, max-age=86400"
    return response
