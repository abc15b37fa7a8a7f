"""The product's pages: the calculator, waits, practice, the rules reference. Each part
of an address is written once: the pages under it are included below it."""

from django.urls import include, path

from calculator import views

# Practice: a round of scoring, and the 何切 drill.
practice_patterns = [
    path("", views.practice_page, name="practice"),
    path("discard/", views.practice_discard_page, name="practice-discard"),
]

# The rules reference: the regions side by side, and each region's own page.
rules_patterns = [
    path("", views.rules_overview, name="rules"),
    path("<slug:region>/", views.rules_region, name="rules-region"),
]

urlpatterns = [
    path("", views.home, name="home"),
    path("waits/", views.waits_page, name="waits"),
    path("advise/", views.advise_page, name="advise"),
    path("practice/", include(practice_patterns)),
    path("rules/", include(rules_patterns)),
    path("health", views.health, name="health"),
    path("manifest.webmanifest", views.web_manifest, name="web-manifest"),
    path("sw.js", views.service_worker, name="service-worker"),
    path("engine-worker.js", views.engine_worker, name="engine-worker"),
    path("offline/", views.offline, name="offline"),
    path("fields/<slug:form>/<slug:region>/", views.region_fieldset, name="region-fieldset"),
]
