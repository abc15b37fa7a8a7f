"""The development server's 404 in the player's language (config/settings/development.py).

With DEBUG on, Django answers an unknown address with its own technical page, in
English, listing every URL pattern. `make run` is also how a table tries the app on
phones, so a page a player can reach says what production's says: templates/404.html in
the page's language, with the way back to the calculator. The runserver log still names
the address; nothing but an HTML 404 is touched (the JSON API answers as it does).
"""

from __future__ import annotations

from django.shortcuts import render


class PlayersNotFound:
    """Middleware: an HTML 404 becomes templates/404.html, as the production handler's."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if response.status_code == 404 and response.get("Content-Type", "").startswith(
                "text/html"):
            return render(request, "404.html", status=404)
        return response
