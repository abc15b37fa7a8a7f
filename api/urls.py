"""The JSON API (docs/API.md) and the page that documents it."""

from django.urls import path

from api import views

urlpatterns = [
    path("api/", views.api_docs, name="api-docs"),
    path("api/v1/score", views.score_api, name="api-score"),
    path("api/v1/waits", views.waits_api, name="api-waits"),
    path("api/v1/advise", views.advise_api, name="api-advise"),
    path("api/v1/rules", views.rules_api, name="api-rules"),
]
