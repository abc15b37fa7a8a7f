"""{% offline_engine form %}: where the offline engine's files are (static/js/offline.js
reads them), and each region's fieldset of ``form``'s kind, for a region picked with no
network. Nothing when the Makefile did not build the engine: the page is online only."""

from django import template

from calculator import offline
from calculator.templatetags.fields import region_fields
from presentation.regions import LISTED

register = template.Library()


@register.inclusion_tag("calculator/_offline_engine.html")
def offline_engine(form) -> dict:
    if not offline.available():
        return {"available": False}
    form_class = type(form)
    return {
        "available": True,
        "attrs": offline.engine_attrs(),
        "fieldsets": [(region.key, region_fields(form_class(initial={"region": region.key})))
                      for region in LISTED],
    }
