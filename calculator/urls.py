from django.urls import include, path

from calculator import views

urlpatterns = [
    path("", views.home, name="home"),
    path("waits/", views.waits_page, name="waits"),
    path("practice/", views.practice_page, name="practice"),
    path("api/", views.api_docs, name="api-docs"),
    path("rules/", views.rules_overview, name="rules"),
    path("rules/<slug:region>/", views.rules_region, name="rules-region"),
    path("i18n/", include("django.conf.urls.i18n")),  # set_language: /i18n/setlang/
    path("api/v1/score", views.score_api, name="api-score"),
    path("api/v1/waits", views.waits_api, name="api-waits"),
]
