"""The table ledger: a read-only link, and an edit link that adds the edit token (the pages
that read a table: ledger/views.py; those that change it: ledger/hand_views.py). Each
part of a link is written once: the pages under it are included below it."""

from django.urls import include, path

from ledger import hand_views, people_views, views

# One hand, under the edit link: its result, and the forms that record it as a win or a draw.
hand_patterns = [
    path("result", hand_views.hand_result, name="hand-result"),
    path("win", hand_views.hand_win, name="hand-win"),
    path("draw", hand_views.hand_draw, name="hand-draw"),
    path("adjust", hand_views.hand_adjust, name="hand-adjust"),
]

# The edit link: the read-only link and the edit token.
edit_patterns = [
    path("", views.table_edit, name="table-edit"),
    path("undo", hand_views.table_undo, name="table-undo"),
    path("restore", hand_views.table_restore, name="table-restore"),
    path("money", views.table_money, name="table-money"),
    path("people", people_views.table_people, name="table-people"),
    path("hand/<int:number>/", include(hand_patterns)),
]

# The read-only link.
table_patterns = [
    path("", views.table_view, name="table"),
    path("ledger.csv", views.table_csv, name="table-csv"),
    path("version", views.table_version, name="table-version"),
    path("e/<str:edit_token>/", include(edit_patterns)),
]

urlpatterns = [
    path("t/new/", views.table_new, name="table-new"),  # before the token it would match
    path("t/<str:view_token>/", include(table_patterns)),
]
