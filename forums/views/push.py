"""What makes the site installable and lets it receive pushes: the web app manifest and the
service worker, served from the site's root so that the worker's scope is the whole site."""

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe


@require_safe
@cache_control(max_age=86400, public=True)
def manifest(request: HttpRequest) -> JsonResponse:
    return JsonResponse(
        {
            "name": "mafia-mod",
            "short_name": "mafia-mod",
            "description": "Moderated live-action Mafia games on your phone.",
            "start_url": "/",
            "scope": "/",
            "display": "standalone",
            "background_color": "#fafafa",
            "theme_color": "#8b1e2d",
            "icons": [
                {"src": static("img/icon-192.png"), "sizes": "192x192", "type": "image/png"},
                {"src": static("img/icon-512.png"), "sizes": "512x512", "type": "image/png"},
                {
                    "src": static("img/icon-512.png"),
                    "sizes": "512x512",
                    "type": "image/png",
                    "purpose": "maskable",
                },
            ],
        },
        content_type="application/manifest+json",
    )


@require_safe
@cache_control(no_cache=True)
def service_worker(request: HttpRequest) -> HttpResponse:
    """Browsers re-check a service worker at most every 24 hours; no-cache makes each check see
    the deployed one."""
    return render(request, "sw.js", content_type="text/javascript; charset=utf-8")
