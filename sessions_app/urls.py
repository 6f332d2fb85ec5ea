from django.urls import path

from .views import public

app_name = "sessions_app"

urlpatterns = [
    path("", public.home, name="home"),
    path("sessions/<int:session_id>/", public.session_results_page, name="session"),
    path("sessions/<int:session_id>/boards/<int:number>/", public.board_page, name="board"),
]
