"""Every route of the app; each views module owns its own `urlpatterns`."""

from .views import (
    absences,
    analysis,
    clubs,
    director,
    entry,
    interchange,
    manage,
    printing,
    public,
    review,
)

app_name = "sessions_app"

urlpatterns = [
    *public.urlpatterns,
    *analysis.urlpatterns,
    *director.urlpatterns,
    *clubs.urlpatterns,
    *absences.urlpatterns,
    *entry.urlpatterns,
    *review.urlpatterns,
    *printing.urlpatterns,
    *interchange.urlpatterns,
    *manage.urlpatterns,
]
