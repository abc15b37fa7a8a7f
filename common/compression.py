"""Compressed answers, except where compression could leak a secret.

A page goes to a phone's network gzipped (the calculator's HTML is 57 KB, 8 KB gzipped).
BREACH recovers a secret from the compressed size of a response that carries it beside
input the attacker reflects into it. Django's gzip answers pad themselves with random
bytes (Heal-the-BREACH, Django 4.2) and its CSRF token is masked afresh in every
response; the ledger's pages carry a table's link tokens unmasked (its edit and read-only
addresses), so nothing under /t/ is compressed at all.

Outermost in the middleware, so that static files answered by WhiteNoise (development
and production alike) are compressed too when no compressed copy sits beside them.
"""

from django.http import HttpRequest, HttpResponseBase
from django.middleware.gzip import GZipMiddleware

# The ledger's addresses: each carries a table's token.
LEDGER_PREFIX = "/t/"
# Already compressed: gzip would only make them bigger (the offline engine's zip).
PACKED = {"application/zip"}


class CompressWithoutSecrets(GZipMiddleware):
    def process_response(self, request: HttpRequest,
                         response: HttpResponseBase) -> HttpResponseBase:
        if request.path.startswith(LEDGER_PREFIX) or response.get("Content-Type", "") in PACKED:
            return response
        return super().process_response(request, response)
