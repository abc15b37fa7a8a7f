"""The product's pages: the calculator, waits, practice, the rules reference."""

from django.urls import path

from calculator import views

urlpatterns = [
    path("", views.home, name="home"),
    path("waits/", views.waits_page, name="waits"),
    path("advise/", views.advise_page, name="advise"),
    path("practice/", views.practice_page, name="practice"),
    path("practice/discard/", views.practice_discard_page, name="practice-discard"),
    path("rules/", views.rules_overview, name="rules"),
    path("rules/<slug:region>/", views.rules_region, name="rules-region"),
    path("health", views.health, name="health"),
    path("manifest.webmanifest", views.web_manifest, name="web-manifest"),
    path("sw.js", views.service_worker, name="service-worker"),
    path("engine-worker.js", views.engine_worker, name="engine-worker"),
    path("offline/", views.offline, name="offline"),
    path("fields/<slug:form>/<slug:region>/", views.region_fieldset, name="region-fieldset"),
]
