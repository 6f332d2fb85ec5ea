from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.core.cache import cache
from django.db import DatabaseError, connection
from django.http import HttpResponse
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt
from django.views.i18n import set_language

from sessions_app.accounts.views import LoginView

admin.site.site_header = "clubscorer administration"


def healthz(request):
    """Liveness, for uptime checks (and the baseline of bench/load.sh): the process answers;
    no database."""
    return HttpResponse("ok", content_type="text/plain")


def readyz(request):
    """Readiness, for load balancers: 503 while the database cannot be reached (no page can
    be served), 200 otherwise. The cache is reported but is no reason to take the server out:
    pages are computed without it (clubscorer/cache.py).

    Example: database up, Redis stopped -> 200 "database: ok\ncache: unreachable".
    """
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        database = "ok"
    except DatabaseError:
        database = "unreachable"
    cache.set("clubscorer:readyz", 1, 10)
    kept = "ok" if cache.get("clubscorer:readyz") == 1 else "unreachable"
    status = 200 if database == "ok" else 503
    body = f"database: {database}\ncache: {kept}\n"
    return HttpResponse(body, status=status, content_type="text/plain")


urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("readyz", readyz, name="readyz"),
    path("admin/", admin.site.urls),
    path("accounts/login/", LoginView.as_view(), name="login"),
    # Renders templates/registration/logged_out.html, as the admin's log-out does.
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    # A director changes their password, or has a link to set a new one sent to their e-mail
    # (Django's own views; templates/registration/password_*.html).
    path(
        "accounts/password_change/",
        auth_views.PasswordChangeView.as_view(),
        name="password_change",
    ),
    path(
        "accounts/password_change/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path("accounts/password_reset/", auth_views.PasswordResetView.as_view(), name="password_reset"),
    path(
        "accounts/password_reset/done/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "accounts/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "accounts/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    # The language menu at the foot of every page (Django's own view; no CSRF token, so the
    # players' cached pages can carry the menu: choosing a language harms no one).
    path("i18n/setlang/", csrf_exempt(set_language), name="set_language"),
    path("", include("sessions_app.urls")),
]

# An exception nothing caught: 503 while the database is down, JSON for a caller reading JSON.
handler500 = "clubscorer.failures.server_error"
# A request Django cannot read (SuspiciousOperation): 400, JSON for a caller reading JSON.
handler400 = "clubscorer.failures.bad_request"
