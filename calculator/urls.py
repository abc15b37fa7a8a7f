from django.urls import path

from calculator import views

urlpatterns = [
    path("", views.home, name="home"),
    path("api/v1/score", views.score_api, name="api-score"),
]
