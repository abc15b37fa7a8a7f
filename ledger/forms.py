"""Forms of the table ledger: a new table, a win (the calculator's form with the table's
fields fixed) and a draw."""

from __future__ import annotations

import secrets
from decimal import Decimal

from django import forms
from django.utils.translation import gettext_lazy as _

from calculator.field_errors import PlayersWords
from calculator.forms import (
    CLAIM_FIELDS,
    REGION_CHOICES,
    REGION_FIELDS,
    SEAT_CHOICES,
    WIN_TYPE_CHOICES,
    ClaimRowsForm,
    ScoreForm,
    house_rule_field,
)
from common.web import SEATS, amount, signed
from ledger import adjust, people
from ledger.models import Table
from presentation import regions
from presentation.messages import render as say
from presentation.permalink import request_fields
from rules.regions import REGIONS
from rules.settle import FAN_LIMIT, MULTIPLIER_LIMIT, total_key
from rules.tiles import TileSyntaxError, parse_tiles, tile_code

# The calculator fields a table decides once, or that history decides: not on the form.
FIXED_FIELDS = ("dealer", "dealer_streak", "base", "previous_draws", "previous_wild",
                *regions.HOUSE_RULE_KEYS)
BASE_LIMIT = 1_000_000  # 底分: the engine refuses more (rules/request.py)
DEFAULT_NAMES = {"E": _("East 東"), "S": _("South 南"), "W": _("West 西"), "N": _("North 北")}


WRITE_KEY = r"[A-Za-z0-9_-]{8,64}"  # a write's key (ledger.store.Write): URL-safe
DAMAGED_FORM = _("This page sent a damaged form: open the ledger again and enter the hand "
                 "there.")


def new_key() -> str:
    """A key for one write, made with its form: 128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


class WriteFields(PlayersWords, forms.Form):
    """What every write's form carries besides its entry (ledger.store.Write): the ledger
    version it was drawn from, and its key (made with the form, kept through its previews
    and error pages, so that sending it twice records it once; static/js/ledger-form.js
    makes a fresh one each time a page drawn for a GET is shown)."""

    # Hidden: only a damaged page sends them wrong, and opening the ledger again mends it
    # (``full_clean``).
    version = forms.IntegerField(
        label=_("The ledger's version this form was drawn from"), widget=forms.HiddenInput,
        min_value=0, required=False)
    key = forms.RegexField(
        label=_("This form's key"), regex=WRITE_KEY, widget=forms.HiddenInput,
        required=False)
    # The four people the form names at its hand (people.seated_stamp), where it names
    # any (``names_people``): its write is turned away when others sit there now
    # (ledger.store.Write.seated). Empty: a form that names nobody (a draw).
    seated = forms.CharField(
        label=_("Who sat where as this form showed it"), widget=forms.HiddenInput,
        required=False, max_length=64)

    def __init__(self, data=None, *args, **kwargs):
        if data is not None and not data.get("key"):  # a page older than keys: a new one
            data = data.copy()
            data["key"] = new_key()
        kwargs["initial"] = {"key": new_key(), **kwargs.get("initial", {})}
        super().__init__(data, *args, **kwargs)

    def full_clean(self):
        """A hidden field sent wrong is none the player can see or correct: the form
        says once, as its own problem (above its fields), that the page is damaged
        (``DAMAGED_FORM``), and is not valid: nothing is written."""
        super().full_clean()
        damaged = [name for name in self._errors if name in self.fields
                   and self[name].is_hidden]
        for name in damaged:
            del self._errors[name]
        if damaged:
            self.add_error(None, DAMAGED_FORM)

    def names_people(self, names: dict[str, str]) -> None:
        """The form names ``names`` (seat → person at its hand): it says so when sent."""
        self.initial.setdefault("seated", people.seated_stamp(names))


MONEY_PER_POINT_LIMIT = 10_000  # 元 a point: far above any table's stake


def _dress_money_field(field: forms.Field) -> None:
    field.help_text = _("For the settle-up: e.g. 0.5, 1 or 2. Blank: points only.")
    field.widget.attrs.update(step="any", min="0.0001", inputmode="decimal")


class MoneyPerPointField(PlayersWords):
    """The table's money per point (元/分, ``Table.money_per_point``), blank or positive."""

    def clean_money_per_point(self):
        money = self.cleaned_data["money_per_point"]
        if money is not None and money <= 0:
            raise forms.ValidationError(_("Money per point must be more than 0, e.g. 0.5 "
                                          "(or blank for points only)."))
        if money is not None and money > MONEY_PER_POINT_LIMIT:
            raise forms.ValidationError(_("Money per point can be at most %(limit)s.")
                                        % {"limit": f"{MONEY_PER_POINT_LIMIT:,}"})
        return money


class PenaltyField(PlayersWords):
    """The table's 诈胡 penalty (``Table.false_win_penalty``), blank or positive: what an
    adjustment for a false win offers (ledger.adjust)."""

    def clean_false_win_penalty(self):
        return _positive_points(self.cleaned_data["false_win_penalty"])


def _positive_points(points: Decimal | None) -> Decimal | None:
    if points is not None and points <= 0:
        raise forms.ValidationError(_("Give a number of points above 0, e.g. 10."))
    if points is not None and points > adjust.AMOUNT_LIMIT:
        raise forms.ValidationError(_("At most %(limit)s points.")
                                    % {"limit": f"{adjust.AMOUNT_LIMIT:,}"})
    return points


def _dress_penalty_field(field: forms.Field) -> None:
    field.help_text = _("What a player who declares a false win pays each of the others, "
                        "e.g. 10. Blank: typed each time.")
    field.widget.attrs.update(step="any", min="0.01", inputmode="decimal")


class MoneyForm(MoneyPerPointField, PenaltyField, forms.ModelForm):
    """Change the money per point and the 诈胡 penalty of a table later
    (ledger.views.table_money). Each setting's value as the page showed it goes back,
    hidden (``was_…``): a setting the player left as shown is not written, so another
    phone's change to it meanwhile stays (``changed``)."""

    was_money_per_point = forms.CharField(
        widget=forms.HiddenInput, required=False,
        label=_("Money per point as the page showed it"))
    was_false_win_penalty = forms.CharField(
        widget=forms.HiddenInput, required=False,
        label=_("False-win penalty as the page showed it"))

    class Meta:
        model = Table
        fields = ["money_per_point", "false_win_penalty"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        _dress_money_field(self.fields["money_per_point"])
        _dress_penalty_field(self.fields["false_win_penalty"])
        for name in self.Meta.fields:
            value = getattr(self.instance, name)
            shown = "" if value is None else amount(value)
            self.initial[name] = self.initial[f"was_{name}"] = shown

    def changed(self) -> list[str]:
        """The settings the player changed: posted, and not as the page showed them (a
        form that does not say what it showed changes what it posts)."""
        return [name for name in self.Meta.fields if name in self.data
                and self.data[name].strip() != self.data.get(f"was_{name}", "\0").strip()]


class TableForm(MoneyPerPointField, PenaltyField, forms.ModelForm):
    """A new table: region, base, the four players by seat, the first dealer and the
    house rules of the region (every region's are on the form, each labelled with its
    region; only the chosen region's are kept)."""

    class Meta:
        model = Table
        fields = ["name", "region", "base", "player_e", "player_s", "player_w", "player_n",
                  "first_dealer", "money_per_point", "false_win_penalty"]
        labels = {"player_e": _("東 East seat"), "player_s": _("南 South seat"),
                  "player_w": _("西 West seat"), "player_n": _("北 North seat"),
                  "first_dealer": _("First dealer 莊家")}
        widgets = {"first_dealer": forms.Select(choices=SEAT_CHOICES)}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["region"].choices = REGION_CHOICES
        self.fields["region"].initial = regions.DEFAULT_REGION
        # 东 E, as every form names a seat (the model's choices are the bare letters)
        self.fields["first_dealer"].choices = SEAT_CHOICES
        for region in regions.LISTED:
            for rule in region.house_rules:
                self.fields[rule.key] = house_rule_field(rule, label=_(
                    "%(region)s: %(rule)s") % {"region": regions.region_name(region),
                                               "rule": regions.rule_label(rule)})
        self.fields["base"].widget.attrs.update(step="any", min="0.01")
        self.fields["name"].help_text = _("Optional, e.g. “Friday at Lao Wang's”.")
        _dress_money_field(self.fields["money_per_point"])
        _dress_penalty_field(self.fields["false_win_penalty"])
        for seat in "ESWN":
            field = self.fields[f"player_{seat.lower()}"]
            field.widget.attrs["placeholder"] = DEFAULT_NAMES[seat]
            field.required = False

    def house_rule_groups(self):
        """Each region with its house-rule fields, in page order, for the template."""
        return [(region.key, regions.region_name(region),
                 [self[rule.key] for rule in region.house_rules])
                for region in regions.LISTED if region.house_rules]

    def clean_base(self):
        base = self.cleaned_data["base"]
        if base is None or base <= 0:
            raise forms.ValidationError(_("The base must be a positive number, e.g. 1."))
        if base > BASE_LIMIT:  # the engine's limit: no win could ever be recorded above it
            raise forms.ValidationError(_("The base can be at most %(limit)s.")
                                        % {"limit": f"{BASE_LIMIT:,}"})
        return base

    def clean(self):
        data = super().clean()
        names = []
        for seat in "ESWN":
            key = f"player_{seat.lower()}"
            name = people.plain_name(data.get(key) or "") or str(DEFAULT_NAMES[seat])
            data[key] = name
            names.append(name)
        if len(set(names)) < 4:
            raise forms.ValidationError(_("Give the four players different names."))
        return data

    def save(self, commit=True):
        table = super().save(commit=False)
        region = self.cleaned_data["region"]
        table.house_rules = {rule.key: self.cleaned_data[rule.key]
                             for rule in REGIONS[region].house_rules
                             if self.cleaned_data.get(rule.key)}
        if commit:
            table.save()
        return table


class LedgerWinForm(WriteFields, ScoreForm):
    """The calculator's form for one hand of a table: region, base, house rules, dealer,
    streak and history come from the table; the players enter the tiles and the win."""

    def __init__(self, data=None, *, table: Table, names: dict[str, str] | None = None,
                 **kwargs):
        """``names``: the people seated at the hand (ledger.people), else the first four."""
        self.table = table
        if data is not None:
            data = data.copy()
            data["region"] = table.region
        super().__init__(data, initial={"region": table.region, **kwargs.pop("initial", {})},
                         **kwargs)
        self.fields["region"].widget = forms.HiddenInput()
        for name in FIXED_FIELDS:
            self.fields.pop(name, None)
        names = names or table.names
        self.names_people(names)
        seats = [(seat, f"{label} · {names[seat]}") for seat, label in SEAT_CHOICES]
        self.fields["winner"].choices = seats
        self.fields["discarder"].choices = [("", "—"), *seats]

    @property
    def region_key(self) -> str:
        return self.table.region

    def region_fields(self):
        return [self[name] for name in REGION_FIELDS[self.region_key]
                if name in self.fields and name not in CLAIM_FIELDS]

    def hand_fields(self) -> dict:
        """The hand's own part of a score request; the ledger adds the rest."""
        self.cleaned_data.update(dealer="E", dealer_streak=0, base=None)
        request = self.to_request()
        for key in ("dealer", "dealer_streak", "base"):
            request.pop(key)
        return request

    def query_string_pairs(self) -> list[tuple[str, str]]:
        """The typed fields, to carry from the preview into the record form."""
        return [(name, value) for name, value in self.typed_fields().items()
                if value != "" and name != "version"]


class DrawForm(WriteFields):
    """A drawn hand (流局): nobody won. Its wild matters to the next hand where the
    region's patterns read the hands before (``Region.reads_history``)."""

    wild = forms.CharField(
        label=_("This hand's wild tile 百搭 (optional)"), required=False, max_length=10,
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "off"}))

    def __init__(self, *args, reads_history: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        if reads_history:
            self.fields["wild"].help_text = _(
                "The next hand reads it: if its wild is the same, it scores 百搭連莊.")

    def hand_fields(self) -> dict:
        """A draw's part of the ledger: its wild, when the players give it."""
        return {"wild": self.cleaned_data["wild"]}

    def clean_wild(self):
        text = self.cleaned_data["wild"].strip()
        if not text:
            return ""
        try:
            tiles = parse_tiles(text)
        except TileSyntaxError as error:
            raise forms.ValidationError(say({
                "field": "wild", "message": str(error), "code": error.code,
                "params": {"field": "wild", **error.params}})) from None
        if len(tiles) != 1:
            raise forms.ValidationError(_("Give one tile, e.g. 5s."))
        return tile_code(tiles[0])


class AdjustmentForm(WriteFields):
    """A line that is not a hand (ledger.adjust): a 诈胡 penalty — who, and what they pay
    each other player (the table's penalty unless typed) — or an amount per seat that
    sums to zero, with a note."""

    reason = forms.ChoiceField(label=_("What is it?"), choices=list(adjust.REASONS.items()),
                               initial=adjust.FALSE_WIN, widget=forms.RadioSelect)
    offender = forms.ChoiceField(label=_("Who declared the false win?"),
                                 choices=SEAT_CHOICES, required=False)
    each = forms.DecimalField(label=_("Pays each other player (points)"), required=False,
                              max_digits=12, decimal_places=2)
    note = forms.CharField(label=_("Note"), required=False, max_length=adjust.NOTE_LENGTH)

    def __init__(self, *args, table: Table, names: dict[str, str], **kwargs):
        super().__init__(*args, **kwargs)
        self.table = table
        self.names_people(names)
        self.fields["offender"].choices = [(seat, f"{label} {names[seat]}")
                                           for seat, label in SEAT_CHOICES]
        if table.false_win_penalty is not None:
            self.fields["each"].initial = amount(table.false_win_penalty)
        self.fields["each"].widget.attrs.update(step="any", min="0.01", inputmode="decimal")
        for seat, label in SEAT_CHOICES:
            self.fields[f"amount_{seat}"] = forms.DecimalField(
                label=f"{label} {names[seat]}", required=False, max_digits=12,
                decimal_places=2, widget=forms.NumberInput(attrs={
                    "step": "any", "inputmode": "decimal"}))
        self.fields["note"].help_text = _("Say what it was, e.g. a side bet. Needed for "
                                          "“other”.")

    def amount_fields(self):
        return [self[f"amount_{seat}"] for seat, _label in SEAT_CHOICES]

    def clean(self):
        data = super().clean()
        if data.get("reason") == adjust.FALSE_WIN:
            self._clean_false_win(data)
        elif data.get("reason") == adjust.OTHER:
            self._clean_other(data)
        return data

    def _clean_false_win(self, data: dict) -> None:
        if not data.get("offender"):
            self.add_error("offender", _("Choose who declared the false win."))
        if data.get("each") is None and "each" not in self.errors:
            data["each"] = self.table.false_win_penalty  # blank: the table's penalty
        if data.get("each") is None:
            if "each" not in self.errors:
                self.add_error("each", _("Give what they pay each other player, e.g. 10."))
            return
        try:
            _positive_points(data["each"])
        except forms.ValidationError as error:
            self.add_error("each", error)

    def _clean_other(self, data: dict) -> None:
        amounts = {seat: data.get(f"amount_{seat}") or Decimal(0) for seat in SEATS}
        if any(self.has_error(f"amount_{seat}") for seat in SEATS):
            return
        for seat, value in amounts.items():
            if abs(value) > adjust.AMOUNT_LIMIT:
                self.add_error(f"amount_{seat}", _("At most %(limit)s points.")
                               % {"limit": f"{adjust.AMOUNT_LIMIT:,}"})
        if not any(amounts.values()):
            self.add_error(None, _("Give at least one player an amount: + for who "
                                   "receives, − for who pays."))
        elif sum(amounts.values()) != 0:
            self.add_error(None, _("The amounts must add up to 0 (now %(sum)s): what some "
                                   "receive, others pay.") % {
                "sum": signed(sum(amounts.values()))})
        if not data.get("note", "").strip():
            self.add_error("note", _("Say what it was, e.g. a side bet."))

    def hand_fields(self) -> dict:
        """The line's request (ledger.adjust)."""
        data = self.cleaned_data
        note = data["note"].strip()
        if data["reason"] == adjust.FALSE_WIN:
            return adjust.false_win(data["offender"], data["each"], note)
        return adjust.other({seat: data.get(f"amount_{seat}") or Decimal(0)
                             for seat in SEATS}, note)

    @staticmethod
    def initial_of(request: dict) -> dict:
        """A recorded line's fields, to change it."""
        initial = {"reason": request["reason"], "note": request.get("note", "")}
        if request["reason"] == adjust.FALSE_WIN:
            initial.update(offender=request["offender"],
                           each=amount(Decimal(request["each"])))
        else:
            initial.update({f"amount_{seat}": amount(Decimal(request["amounts"][seat]))
                            for seat in SEATS})
        return initial


class ResultForm(WriteFields, ClaimRowsForm):
    """A win scored on paper: who won, how, from whom, and the hand's total — 倍数 ×
    where values multiply, 番 in Honghe (``rules.settle``). No tiles; where the region
    has contracts (承包: Hangzhou, Jinhua), the calculator's claim rows, whose claims the
    paper result carries (RULEBOOK §7)."""

    winner = forms.ChoiceField(label=_("Winner"),
                               widget=forms.RadioSelect(attrs={"class": "btn-check"}))
    win_type = forms.ChoiceField(label=_("Win type"))
    discarder = forms.ChoiceField(
        label=_("Discarder"), required=False,
        help_text=_("Who threw the winning tile, or whose kong was robbed."))

    def __init__(self, *args, table: Table, names: dict[str, str] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.table = table
        names = names or table.names  # the people seated at the hand (ledger.people)
        self.names_people(names)
        seats = [(seat, f"{label} · {names[seat]}") for seat, label in SEAT_CHOICES]
        self.fields["winner"].choices = seats
        self.fields["discarder"].choices = [("", "—"), *seats]
        self.fields["win_type"].choices = WIN_TYPE_CHOICES
        self.total_key = total_key(table.region)
        if self.total_key == "fan":
            field = forms.IntegerField(label=_("番 (the hand's total)"), min_value=0,
                                       max_value=FAN_LIMIT, initial=0)
        else:
            field = forms.IntegerField(label=_("Multiplier × (the hand's total)"),
                                       min_value=1, max_value=MULTIPLIER_LIMIT, initial=1)
        field.widget.attrs.update(inputmode="numeric")
        self.fields[self.total_key] = field
        if self.uses_claims:
            self.add_claim_fields()

    @property
    def region_key(self) -> str:
        return self.table.region

    @staticmethod
    def initial_claims(request: dict) -> dict[str, str]:
        """A recorded result's claims as the claim rows' values, to change it."""
        return {name: value for name, value in request_fields(request).items()
                if name in CLAIM_FIELDS}

    def clean(self):
        data = super().clean()
        how, discarder = data.get("win_type"), data.get("discarder")
        if how in ("discard", "rob_kong") and not discarder:
            self.add_error("discarder", _("Say who threw the winning tile (or whose kong "
                                          "was robbed)."))
        if how == "self_draw" and discarder:
            self.add_error("discarder", _("A self-draw has no discarder: choose —."))
        if discarder and discarder == data.get("winner"):
            self.add_error("discarder", _("The winner cannot be the discarder."))
        return data

    def hand_fields(self) -> dict:
        fields = {"winner": self.cleaned_data["winner"],
                  "win_type": self.cleaned_data["win_type"],
                  self.total_key: self.cleaned_data[self.total_key]}
        if self.cleaned_data.get("discarder"):
            fields["discarder"] = self.cleaned_data["discarder"]
        if self.uses_claims:
            claims, _rows = self._claims()
            if claims:
                fields["context"] = {"claims": claims}
        return fields
