"""{% offline_engine form %}: where the offline engine's files are (static/js/offline.js
reads them), and where its form's region fields are (/fields/<form>/<region>/, for a
region picked with no network). Nothing when the Makefile did not build the engine: the
page is online only.

{% offline_pack %}: what a first visit keeps for offline use (calculator.offline.pack), as
JSON for static/js/site.js, which hands it to the service worker."""

import json

from django import template
from django.urls import reverse

from calculator import offline

register = template.Library()


@register.inclusion_tag("calculator/_offline_engine.html")
def offline_engine(form) -> dict:
    if not offline.available():
        return {"available": False}
    kind = offline.fields_kind(form)
    # the address of a region's fields, {region} filled in by offline.js
    fields = (reverse("region-fieldset", args=[kind, "REGION"]).replace("REGION", "{region}")
              if kind else "")
    return {"available": True, "attrs": offline.engine_attrs(), "fields": fields}


@register.simple_tag
def offline_pack() -> str:
    return json.dumps(offline.pack())
