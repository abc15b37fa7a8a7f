"""The JSON API (docs/API.md) and the page that documents it. Each part of an address is
written once: the API's version, then what it answers under it."""

from django.urls import include, path, re_path

from api import views

# Version 1 of the API: what each endpoint answers (docs/API.md).
v1_patterns = [
    path("score", views.score_api, name="api-score"),
    path("waits", views.waits_api, name="api-waits"),
    path("advise", views.advise_api, name="api-advise"),
    path("rules", views.rules_api, name="api-rules"),
]

urlpatterns = [
    path("api/", views.api_docs, name="api-docs"),
    path("api/v1/", include(v1_patterns)),
    # Any other address under api/, and api without its slash: a JSON 404 naming the
    # endpoints, for the program that asked (the pages' HTML 404 is for people); a GET of
    # api goes on to the docs (views.not_found). Not "apix/…": that is a page's address.
    re_path(r"^api(?:/|$)", views.not_found, {"endpoints": [p.name for p in v1_patterns]}),
]
