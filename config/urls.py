"""The site's URLs: each app's own, and the language switcher."""

from django.urls import include, path

urlpatterns = [
    path("", include("calculator.urls")),
    path("", include("api.urls")),
    path("", include("ledger.urls")),
    path("i18n/", include("django.conf.urls.i18n")),  # set_language: /i18n/setlang/
]
