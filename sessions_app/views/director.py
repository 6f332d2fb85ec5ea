"""The director's pages: set up sessions, enter travellers, correct them, publish."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.urls import path

from ..models import Session


@login_required
def director_home(request):
    sessions = Session.objects.select_related("club").order_by("-date", "-id")
    if not request.user.is_superuser:
        sessions = sessions.filter(club__directors=request.user)
    return render(request, "sessions_app/director/home.html", {"sessions": sessions[:100]})


urlpatterns = [
    path("director/", director_home, name="director_home"),
]
