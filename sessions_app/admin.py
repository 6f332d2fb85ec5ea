"""The Django admin for every model. Edits that can change a score bump the session's
results version (so cached results are recomputed) and traveller edits are audited."""

from django import forms
from django.contrib import admin
from django.db import transaction

from .models import Board, Club, Pair, Result, ResultChange, Section, Session
from .scoring.contract import PASSED_OUT, Contract, ContractError
from .scoring.notation import outcome_from_contract
from .services.audit import change_for, snapshot
from .services.results import session_touch


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
    """Keeps a line's score and contract in agreement: the score is computed from the contract,
    declarer and tricks when they are given, and must match when typed too."""

    class Meta:
        model = Result
        fields = [
            "board", "section", "ns", "ew", "round", "table", "kind", "level", "strain",
            "doubled", "declarer", "tricks", "lead", "score_ns", "split_score_ns", "weights",
            "ns_artificial", "ew_artificial", "foul_group",
        ]  # fmt: skip

    def clean(self):
        data = super().clean()
        level = data.get("level")
        if data.get("kind") not in (Result.Kind.PLAYED, Result.Kind.ASSIGNED) or level is None:
            return data
        board = data.get("board")
        contract = (
            PASSED_OUT
            if level == 0
            else Contract(level, data.get("strain"), data.get("doubled") or 0)
        )
        try:
            if not contract.passed_out and (not data.get("declarer") or data.get("tricks") is None):
                raise ContractError("a contract needs its declarer and tricks")
            outcome = outcome_from_contract(
                contract, data.get("declarer"), data.get("tricks"), board.vulnerability
            )
            score = outcome.score_ns
        except (ContractError, KeyError, ValueError) as error:
            raise forms.ValidationError(str(error)) from None
        if data.get("score_ns") not in (None, score):
            raise forms.ValidationError(
                f"the NS score of {contract} by {data.get('declarer')} is {score:+d},"
                f" not {data['score_ns']:+d}"
            )
        data["score_ns"] = score
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
