"""The table ledger: a read-only link, and an edit link that adds the edit token (the pages
that read a table: ledger/views.py; those that change it: ledger/hand_views.py)."""

from django.urls import path

from ledger import hand_views, views

urlpatterns = [
    path("t/new/", views.table_new, name="table-new"),
    path("t/<str:view_token>/", views.table_view, name="table"),
    path("t/<str:view_token>/ledger.csv", views.table_csv, name="table-csv"),
    path("t/<str:view_token>/version", views.table_version, name="table-version"),
    path("t/<str:view_token>/e/<str:edit_token>/", views.table_edit, name="table-edit"),
    path("t/<str:view_token>/e/<str:edit_token>/undo", hand_views.table_undo, name="table-undo"),
    path("t/<str:view_token>/e/<str:edit_token>/restore", hand_views.table_restore,
         name="table-restore"),
    path("t/<str:view_token>/e/<str:edit_token>/hand/<int:number>/result", hand_views.hand_result,
         name="hand-result"),
    path("t/<str:view_token>/e/<str:edit_token>/hand/<int:number>/win", hand_views.hand_win,
         name="hand-win"),
    path("t/<str:view_token>/e/<str:edit_token>/hand/<int:number>/draw", hand_views.hand_draw,
         name="hand-draw"),
]
