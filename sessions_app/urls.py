"""Every route of the app; each feature's views module owns its own `urlpatterns`."""

from .bridgemates import views as bridgemates
from .competitions import views as competitions
from .entry.views import absences, grid, help, line
from .files import archive_views, deal_views, ecats_views
from .files import views as files
from .hands import views as hands
from .mail import views as mail
from .players.views import handicaps, memberships, register
from .players.views import pages as player_pages
from .printing import views as printing
from .results import views as results
from .review import views as review
from .setup.views import clubs, director
from .table_scoring.views import api, codes, console, screen, worker
from .trash import views as trash

app_name = "sessions_app"

urlpatterns = [
    *results.urlpatterns,
    *hands.urlpatterns,
    *director.urlpatterns,
    *clubs.urlpatterns,
    *absences.urlpatterns,
    *grid.urlpatterns,
    *line.urlpatterns,
    *help.urlpatterns,
    *review.urlpatterns,
    *printing.urlpatterns,
    *files.urlpatterns,
    *archive_views.urlpatterns,
    *deal_views.urlpatterns,
    *ecats_views.urlpatterns,
    *trash.urlpatterns,
    *player_pages.urlpatterns,
    *register.urlpatterns,
    *memberships.urlpatterns,
    *handicaps.urlpatterns,
    *api.urlpatterns,
    *screen.urlpatterns,
    *worker.urlpatterns,
    *codes.urlpatterns,
    *console.urlpatterns,
    *competitions.urlpatterns,
    *bridgemates.urlpatterns,
    *mail.urlpatterns,
]
