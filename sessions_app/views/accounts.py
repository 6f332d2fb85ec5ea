"""Logging in, with failed attempts throttled per username and per address."""

from __future__ import annotations

from functools import wraps

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.core.cache import cache
from django.http import HttpResponse


def _keys(request) -> list[str]:
    username = request.POST.get("username", "").strip().lower()
    address = request.META.get("REMOTE_ADDR", "")
    return [f"clubscorer:login-failures:user:{username}", f"clubscorer:login-failures:ip:{address}"]


def _locked(request) -> bool:
    return any((cache.get(key) or 0) >= settings.LOGIN_FAILURES_ALLOWED for key in _keys(request))


def _count_failure(request) -> None:
    for key in _keys(request):
        if cache.add(key, 1, settings.LOGIN_FAILURE_WINDOW):
            continue
        try:
            cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.set(key, 1, settings.LOGIN_FAILURE_WINDOW)


class LoginView(auth_views.LoginView):
    """Django's log-in, refusing (429) after LOGIN_FAILURES_ALLOWED failures in
    LOGIN_FAILURE_WINDOW seconds for the same username or from the same address."""

    def post(self, request, *args, **kwargs):
        if _locked(request):
            form = self.get_form()
            minutes = settings.LOGIN_FAILURE_WINDOW // 60
            form.errors.clear()
            form.add_error(
                None, f"Too many failed log-ins. Wait {minutes} minutes, then try again."
            )
            return self.render_to_response(self.get_context_data(form=form), status=429)
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        _count_failure(self.request)
        return super().form_invalid(form)


def throttled(login_view):
    """The same throttle for another log-in view (the admin's): a failed POST (the form shown
    again, 200) counts, and a locked-out one gets 429 without checking the password."""

    @wraps(login_view)
    def view(request, *args, **kwargs):
        if request.method != "POST":
            return login_view(request, *args, **kwargs)
        if _locked(request):
            minutes = settings.LOGIN_FAILURE_WINDOW // 60
            return HttpResponse(
                f"Too many failed log-ins. Wait {minutes} minutes, then try again.",
                status=429,
                content_type="text/plain",
            )
        response = login_view(request, *args, **kwargs)
        if response.status_code == 200:
            _count_failure(request)
        return response

    return view
