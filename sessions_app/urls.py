"""Every route of the app; each views module owns its own `urlpatterns`."""

from .views import (
    absences,
    analysis,
    clubs,
    competitions,
    console,
    director,
    entry,
    help_page,
    interchange,
    manage,
    players,
    printing,
    public,
    register,
    review,
    table_api,
    table_codes,
    table_screen,
    table_worker,
)

app_name = "sessions_app"

urlpatterns = [
    *public.urlpatterns,
    *analysis.urlpatterns,
    *director.urlpatterns,
    *clubs.urlpatterns,
    *absences.urlpatterns,
    *entry.urlpatterns,
    *help_page.urlpatterns,
    *review.urlpatterns,
    *printing.urlpatterns,
    *interchange.urlpatterns,
    *manage.urlpatterns,
    *players.urlpatterns,
    *register.urlpatterns,
    *table_api.urlpatterns,
    *table_screen.urlpatterns,
    *table_worker.urlpatterns,
    *table_codes.urlpatterns,
    *console.urlpatterns,
    *competitions.urlpatterns,
]
