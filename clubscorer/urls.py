from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.http import HttpResponse
from django.urls import include, path

from sessions_app.views.accounts import LoginView

admin.site.site_header = "clubscorer administration"


def healthz(request):
    """For load balancers and uptime checks (and the baseline of bench/load.sh): no database."""
    return HttpResponse("ok", content_type="text/plain")


urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("accounts/login/", LoginView.as_view(), name="login"),
    # Renders templates/registration/logged_out.html, as the admin's log-out does.
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("", include("sessions_app.urls")),
]
