from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from sessions_app.views.accounts import LoginView, throttled

admin.site.login = throttled(admin.site.login)
admin.site.site_header = "clubscorer administration"

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/login/", LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("", include("sessions_app.urls")),
]
