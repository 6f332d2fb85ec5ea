"""The Django admin for every model. Edits that can change a score bump the session's
results version (so cached results are recomputed) and traveller edits are audited."""

from django import forms
from django.contrib import admin
from django.db import transaction

from .models import Board, Club, Pair, Result, ResultChange, Section, Session
from .scoring.contract import ContractError
from .scoring.rulings import parse_ruling
from .services.audit import change_for, snapshot
from .services.results import session_touch
from .traveller_line import entry_text, to_columns


class TouchesResults:
    """Admin mixin: saving or deleting an object marks its session's results as changed."""

    def session_of(self, obj) -> Session:
        return obj.session

    def save_model(self, request, obj, form, change):
        with transaction.atomic():
            super().save_model(request, obj, form, change)
            session_touch(self.session_of(obj))

    def delete_model(self, request, obj):
        session = self.session_of(obj)
        with transaction.atomic():
            super().delete_model(request, obj)
            session_touch(session)


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["directors"]
    search_fields = ["name"]


class SectionInline(admin.TabularInline):
    model = Section
    extra = 0


@admin.register(Session)
class SessionAdmin(TouchesResults, admin.ModelAdmin):
    list_display = ["name", "date", "club", "status", "scale"]
    list_filter = ["status", "club"]
    date_hierarchy = "date"
    search_fields = ["name"]
    inlines = [SectionInline]

    def session_of(self, obj):
        return obj


class PairInline(admin.TabularInline):
    model = Pair
    extra = 0


@admin.register(Section)
class SectionAdmin(TouchesResults, admin.ModelAdmin):
    list_display = ["__str__", "session", "movement", "tables", "boards_per_round", "winners"]
    list_select_related = ["session"]
    inlines = [PairInline]


@admin.register(Pair)
class PairAdmin(TouchesResults, admin.ModelAdmin):
    list_display = ["label", "player1", "player2", "direction", "section"]
    list_select_related = ["section__session"]
    search_fields = ["player1", "player2", "label"]

    def session_of(self, obj):
        return obj.section.session


@admin.register(Board)
class BoardAdmin(TouchesResults, admin.ModelAdmin):
    list_display = ["number", "session", "dealer", "vulnerability", "par_score"]
    list_select_related = ["session"]
    list_filter = ["session"]


class ResultAdminForm(forms.ModelForm):
    """A traveller line edited as the director types it (`4S N 10`, `4S N 10 / 4S N 9`,
    `30% 4S N 10; 70% 3NT S 8`, `A+/A-`, `NP`): read by scoring.rulings and stored by
    traveller_line, like every other way a line comes in, so the score always fits."""

    line = forms.CharField(
        max_length=120, help_text="e.g. 4S N 10, 420, 4S N 10 / 4S N 9, A+/A-, NP"
    )

    class Meta:
        model = Result
        fields = ["board", "section", "ns", "ew", "round", "table", "lead", "foul_group", "reason"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            self.fields["line"].initial = entry_text(self.instance)

    def clean(self):
        data = super().clean()
        board = data.get("board")
        if board is None or not data.get("line"):
            return data
        try:
            ruling = parse_ruling(data["line"], board.vulnerability)
        except ContractError as error:
            raise forms.ValidationError(str(error)) from None
        for name, value in to_columns(ruling).items():
            setattr(self.instance, name, value)
        return data


@admin.register(Result)
class ResultAdmin(admin.ModelAdmin):
    form = ResultAdminForm
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
    raw_id_fields = ["board", "section", "ns", "ew"]
    readonly_fields = ["version", "updated_by", "created_at", "updated_at"]

    def save_model(self, request, obj, form, change):
        with transaction.atomic():
            before = snapshot(Result.objects.get(pk=obj.pk)) if change else None
            obj.updated_by = request.user
            if change:
                obj.version += 1
            super().save_model(request, obj, form, change)
            action = ResultChange.Action.UPDATE if change else ResultChange.Action.CREATE
            change_for(
                obj, action, before=before, after=snapshot(obj), user=request.user, note="admin"
            ).save()
            session_touch(obj.section.session)

    def delete_model(self, request, obj):
        with transaction.atomic():
            change_for(
                obj,
                ResultChange.Action.DELETE,
                before=snapshot(obj),
                user=request.user,
                note="admin",
            ).save()
            session = obj.section.session
            super().delete_model(request, obj)
            session_touch(session)

    def delete_queryset(self, request, queryset):
        for obj in queryset.select_related("board", "section__session", "ns", "ew"):
            self.delete_model(request, obj)


@admin.register(ResultChange)
class ResultChangeAdmin(admin.ModelAdmin):
    list_display = ["at", "action", "section_name", "board_number", "user", "note"]
    list_filter = ["action", "session"]
    readonly_fields = [f.name for f in ResultChange._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
