"""Web helpers every app of the project uses: the seats as form choices, numbers as the
pages and the JSON write them, and the htmx answer of a page with a form.

Nothing here knows a feature: the calculator, the API and the ledger import from here,
never from each other's private names.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django_htmx.http import reswap, retarget

from presentation.form import json_number
from presentation.seats import MINUS, SEAT_NAMES, amount, seat_name, signed
from rules.table import SEATS

__all__ = ["MINUS", "SEATS", "SEAT_CHOICES", "amount", "form_response", "htmx_partial",
           "json_number", "seat_name", "signed"]

# The seats as a form's choices (presentation.seats names them).
SEAT_CHOICES = list(SEAT_NAMES.items())


def htmx_partial(request: HttpRequest) -> bool:
    """Whether htmx asks for a part of the page (a history restore wants the whole)."""
    htmx = getattr(request, "htmx", None)
    if not htmx:
        return False
    return not htmx.history_restore_request


def form_response(request: HttpRequest, page: str, context: dict, *, form_partial: str,
                  form_target: str, answer_partial: str) -> HttpResponse:
    """A page with a form, answered whole, or for htmx one partial of ``page``: the form
    again with its errors in place (swapped in for ``form_target``, scrolled to the first
    field marked invalid), or else the answer."""
    if not htmx_partial(request):
        return render(request, page, context)
    if context["form"].errors:
        # Django marks each widget with an error aria-invalid: show the first one.
        form_with_errors = render(request, f"{page}#{form_partial}", context)
        # htmx takes a swap with modifiers; django-htmx's type names the bare styles only
        return reswap(retarget(form_with_errors, form_target),
                      "outerHTML show:[aria-invalid=true]:top")  # type: ignore[arg-type]
    return render(request, f"{page}#{answer_partial}", context)
