"""The Django admin: clubs and their directors are edited here; sessions, sections, pairs,
boards, traveller lines and the audit trail are shown, not edited; a count of wrong table
codes may be deleted, which lifts its limit.

Every rule about a session lives in the services the director's pages call (a movement
change under results asks first, a line is checked and audited, names are checked together,
a stale edit is refused). The admin would have to repeat them, so it does not write those
models: it links to the director's pages instead, and what it may delete goes through the
same services as the pages (into the club's trash, or through the audit trail for a line).
"""

from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext, pgettext_lazy

from .core.refusals import refusal_words
from .models import Board, Club, Pair, Result, ResultChange, Section, Session, Trash, WrongCodeCount


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "show_reasons"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["directors"]
    search_fields = ["name"]


class ShownNotEdited(admin.ModelAdmin):
    """View only; deleting goes through `delete_with_service`, one object at a time, so each
    goes where the director's pages send it and a refusal is said in words."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def delete_with_service(self, request, obj):
        raise NotImplementedError

    def get_deleted_objects(self, objs, request):
        """The confirmation lists the objects themselves: the service decides what goes with
        them (into the trash, or the audit trail), not Django's cascade."""
        return [str(obj) for obj in objs], {}, set(), []

    def delete_model(self, request, obj):
        # The services are imported when used: every process loads this module at start-up
        # (the admin's autodiscovery), and they bring the scoring engine and movements.
        from .entry.checks import StaleLine

        try:
            self.delete_with_service(request, obj)
        except (ValidationError, StaleLine) as error:
            self.message_user(
                request,
                # Translators: what could not be deleted, then why.
                gettext("%(object)s: %(problem)s")
                % {"object": obj, "problem": refusal_words(error)},
                messages.ERROR,
            )

    def delete_queryset(self, request, queryset):
        for obj in queryset:
            self.delete_model(request, obj)


class SectionInline(admin.TabularInline):
    model = Section
    extra = 0
    fields = readonly_fields = ("name", "movement", "tables", "boards_per_round", "winners")
    can_delete = False


@admin.register(Session)
class SessionAdmin(ShownNotEdited):
    list_display = ["name", "date", "club", "status", "is_test", "director_page"]
    list_filter = ["status", "club", "is_test"]
    date_hierarchy = "date"
    search_fields = ["name"]
    inlines = [SectionInline]

    @admin.display(description=pgettext_lazy("admin column: a link to edit", "Edit"))
    def director_page(self, obj):
        url = reverse("sessions_app:director_session", args=[obj.pk])
        return format_html('<a href="{}">{}</a>', url, gettext("on the director's pages"))

    def delete_with_service(self, request, obj):
        from .trash.deleting import session_delete

        session_delete(session=obj, user=request.user)


class PairInline(admin.TabularInline):
    model = Pair
    extra = 0
    fields = readonly_fields = ("label", "player1", "player2", "direction")
    can_delete = False


@admin.register(Section)
class SectionAdmin(ShownNotEdited):
    list_display = ["__str__", "session", "movement", "tables", "boards_per_round", "winners"]
    list_select_related = ["session"]
    inlines = [PairInline]

    def delete_with_service(self, request, obj):
        from .trash.deleting import section_delete

        section_delete(section=obj, user=request.user)


@admin.register(Pair)
class PairAdmin(ShownNotEdited):
    list_display = ["label", "player1", "player2", "direction", "section"]
    list_select_related = ["section__session"]
    search_fields = ["player1", "player2", "label"]

    def delete_with_service(self, request, obj):
        from .trash.deleting import pair_delete

        pair_delete(pair=obj, user=request.user)  # refused in words for a movement's pair


@admin.register(Board)
class BoardAdmin(ShownNotEdited):
    list_display = ["number", "session", "dealer", "vulnerability", "par_score"]
    list_select_related = ["session"]
    list_filter = ["session"]

    def has_delete_permission(self, request, obj=None):
        return False  # a board holds every section's lines: the movements decide the boards


@admin.register(Result)
class ResultAdmin(ShownNotEdited):
    list_display = [
        "board",
        "ns",
        "ew",
        "kind",
        "level",
        "strain",
        "declarer",
        "tricks",
        "score_ns",
    ]
    list_select_related = ["board", "ns", "ew", "section"]
    list_filter = ["kind", "section__session"]

    def delete_with_service(self, request, obj):
        from .entry.lines import result_delete

        result_delete(section=obj.section, result_id=obj.pk, version=obj.version, user=request.user)


@admin.register(ResultChange)
class ResultChangeAdmin(admin.ModelAdmin):
    list_display = ["at", "action", "section_name", "board_number", "user", "note"]
    list_filter = ["action", "session"]
    readonly_fields = [f.name for f in ResultChange._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Trash)
class TrashAdmin(ShownNotEdited):
    list_display = ["deleted_at", "club", "kind", "title"]
    list_filter = ["club", "kind"]

    def has_delete_permission(self, request, obj=None):
        return False  # restored or forgotten from the club's trash page


@admin.register(WrongCodeCount)
class WrongCodeCountAdmin(admin.ModelAdmin):
    """The counts of wrong table codes (docs/deploy.md, "Limits"): deleting one lifts its limit
    at once, e.g. for a club room whose address reached its ceiling."""

    list_display = ["key", "started_at", "tries"]
    search_fields = ["key"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
