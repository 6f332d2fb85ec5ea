"""Every route of the app; each views module owns its own `urlpatterns`."""

from .views import (
    absences,
    clubs,
    console,
    director,
    entry,
    interchange,
    manage,
    printing,
    public,
    review,
    table_api,
    table_codes,
    table_screen,
    table_worker,
)

app_name = "sessions_app"

urlpatterns = [
    *public.urlpatterns,
    *director.urlpatterns,
    *clubs.urlpatterns,
    *absences.urlpatterns,
    *entry.urlpatterns,
    *review.urlpatterns,
    *printing.urlpatterns,
    *interchange.urlpatterns,
    *manage.urlpatterns,
    *table_api.urlpatterns,
    *table_screen.urlpatterns,
    *table_worker.urlpatterns,
    *table_codes.urlpatterns,
    *console.urlpatterns,
]
