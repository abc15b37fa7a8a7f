from django.urls import include, path

from calculator import ledger_views as ledger
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
    path("api/v1/rules", views.rules_api, name="api-rules"),
    # The table ledger: a read-only link, and an edit link that adds the edit token.
    path("t/new/", ledger.table_new, name="table-new"),
    path("t/<str:view_token>/", ledger.table_view, name="table"),
    path("t/<str:view_token>/ledger.csv", ledger.table_csv, name="table-csv"),
    path("t/<str:view_token>/e/<str:edit_token>/", ledger.table_edit, name="table-edit"),
    path("t/<str:view_token>/e/<str:edit_token>/undo", ledger.table_undo, name="table-undo"),
    path("t/<str:view_token>/e/<str:edit_token>/hand/<int:number>/win", ledger.hand_win,
         name="hand-win"),
    path("t/<str:view_token>/e/<str:edit_token>/hand/<int:number>/draw", ledger.hand_draw,
         name="hand-draw"),
    path("health", views.health, name="health"),
]
