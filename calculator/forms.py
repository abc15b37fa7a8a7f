"""The calculator form: the fields of a score request (docs/API.md), shown per region.

The form only types and collects the input; the engine (``rules.score``) judges it.
Its errors come back onto the field they name, so each shows next to its input.
"""

from __future__ import annotations

import copy
import json
from decimal import Decimal
from functools import lru_cache
from urllib.parse import urlencode

from django import forms
from django.urls import reverse, reverse_lazy
from django.utils.functional import lazy
from django.utils.translation import get_language, gettext, ngettext
from django.utils.translation import gettext_lazy as _

from calculator import regions
from calculator.field_errors import PlayersWords
from calculator.regions import DEFAULT_REGION, REGION_CHOICES
from common.web import SEAT_CHOICES
from presentation import advice
from presentation.form import (
    BOTH_DICE,
    CLAIM_FIELDS,
    CLAIM_ROWS,
    DIE_FACES,
    REGION_FIELDS,
    WHOLE_CLAIM_ROW,
    WIN_FIELDS,
    WIN_TYPES,
    field_message,
    fields_of,
    form_field,
    melds_in_words,
    query_pairs,
    request_from_fields,
    shown_request,
)
from presentation.form import calculator_link as calculator_link_with_win
from presentation.messages import render as say
from rules import InvalidRequest, score
from rules import waits as engine_waits
from rules.advise import advise as engine_advise
from rules.circumstances import CIRCUMSTANCES, Circumstance
from rules.regions import REGIONS
from rules.tiles import tile_chinese

WIN_TYPE_CHOICES = list(WIN_TYPES.items())
# Every house rule's choices (value, label with its source), in the page's language.
HOUSE_RULE_CHOICES = {
    rule.key: [(choice.value, lazy(regions.choice_label, str)(rule, choice))
               for choice in rule.choices]
    for region in regions.LISTED for rule in region.house_rules
}
HOUSE_RULES = set(HOUSE_RULE_CHOICES)
# The context fields every region may have; a region's house-rule fields are added to
# its form alone.
CONTEXT_FIELDS = set().union(*REGION_FIELDS.values()) - HOUSE_RULES

def circumstance_field(c: Circumstance) -> forms.Field:
    """A circumstance of a win as the form asks it: a tick for a flag, a number from 0 to
    its limit for a count, a tile, the two dice."""
    label = _(c.label)
    if c.kind == "flag":
        return forms.BooleanField(label=label, required=False)
    if c.kind == "count":
        return forms.IntegerField(label=label, min_value=0, max_value=c.limit, required=False,
                                  initial=0, widget=forms.NumberInput(attrs={"placeholder": "0"}))
    if c.kind == "tile":
        return forms.CharField(label=label, required=False, max_length=10,
                               widget=forms.TextInput(attrs={"autocapitalize": "off"}))
    assert c.kind == "dice", c.kind
    return DiceField(label=label)


def house_rule_field(rule, label=None) -> forms.ChoiceField:
    """A house rule as a select of its choices, each with its source; the default first.
    Left out of a request, the engine takes the default."""
    return forms.ChoiceField(
        label=label or _("House rule: %(rule)s") % {"rule": regions.rule_label(rule)},
        choices=regions.house_rule_choices(rule), initial=rule.default, required=False)


def _select(choices, blank, label=None):
    return forms.ChoiceField(choices=[("", blank), *choices], required=False, label=label)


@lru_cache(maxsize=16)
def _claim_fields(language: str) -> dict[str, forms.Field]:
    """The 承包 claim rows' fields, labelled in ``language``: who claimed chi/pung from
    whom, how many times, this hand (``ClaimRowsForm``)."""
    fields: dict[str, forms.Field] = {}
    # Each select named with its row, as the error summary and a screen reader say it.
    labels = {"by": _("承包 row %(row)s: who claimed"),
              "from": _("承包 row %(row)s: claimed from whom"),
              "count": _("承包 row %(row)s: how many times")}
    for row in range(1, CLAIM_ROWS + 1):
        fields[f"claim{row}_by"] = _select(SEAT_CHOICES, blank="—")
        fields[f"claim{row}_from"] = _select(SEAT_CHOICES, blank="—")
        fields[f"claim{row}_count"] = _select(
            [(str(n), str(n)) for n in range(1, 5)], blank="—")
        for part in ("by", "from", "count"):
            field = fields[f"claim{row}_{part}"]
            field.label = labels[part] % {"row": row}
            field.widget.attrs.update({"class": "form-select form-select-sm",
                                       "aria-label": field.label})
    return fields


@lru_cache(maxsize=16)
def _extra_fields(region_key: str, language: str) -> dict[str, forms.Field]:
    """The fields a region adds to the score form, labelled in ``language``: 承包 claims
    (who claimed chi/pung from whom, how many times, this hand) where the region has
    contracts, and its house rules."""
    fields: dict[str, forms.Field] = {}
    if CLAIM_FIELDS[0] in REGION_FIELDS[region_key]:
        fields.update(_claim_fields(language))
    for rule in REGIONS[region_key].scoring_house_rules:
        fields[rule.key] = house_rule_field(rule)
        # offline.js sends it as a house rule, not as context
        fields[rule.key].widget.attrs["data-house-rule"] = ""
    return fields


class DiceWidget(forms.MultiWidget):
    """The two opening dice as two small selects."""

    def __init__(self):
        faces = [("", "–")] + [(str(n), str(n)) for n in range(1, 7)]
        super().__init__([
            forms.Select(choices=faces, attrs={"class": "form-select", "aria-label": label})
            for label in (_("First die"), _("Second die"))
        ])

    def decompress(self, value):
        return list(value) if value else [None, None]


class DiceField(forms.MultiValueField):
    widget = DiceWidget

    def __init__(self, **kwargs):
        each = DIE_FACES
        face = forms.IntegerField(min_value=1, max_value=6, error_messages={
            "invalid": each, "min_value": each, "max_value": each})
        kwargs.setdefault("error_messages", {
            "incomplete": BOTH_DICE, "invalid": each})
        super().__init__(fields=[face, face], require_all_fields=False, required=False,
                         **kwargs)

    def compress(self, data_list):
        if not data_list or data_list == [None, None]:
            return None
        if None in data_list:
            raise forms.ValidationError(str(BOTH_DICE))
        return data_list


class ClaimRowsForm(PlayersWords, forms.Form):
    """A form with the 承包 claim rows (``CLAIM_ROWS`` rows of who claimed, from whom, how
    many times) where its region's rules read claims: the calculator's and the ledger's
    paper result (``ledger.forms.ResultForm``) share them, their words, their checks and
    where the engine's objections to the claims show. A subclass gives ``region_key``
    and, where ``uses_claims``, the rows' fields: ``add_claim_fields`` (ScoreForm has
    them among its region's fields, ``_extra_fields``: the same fields)."""

    def add_claim_fields(self) -> None:
        """The claim rows' fields, in the page's language (built once, copied)."""
        for name, field in _claim_fields(get_language() or "").items():
            self.fields[name] = copy.deepcopy(field)

    @property
    def uses_claims(self) -> bool:
        return CLAIM_FIELDS[0] in REGION_FIELDS[self.region_key]

    def claim_rows(self):
        return [(self[f"claim{row}_by"], self[f"claim{row}_from"], self[f"claim{row}_count"])
                for row in range(1, CLAIM_ROWS + 1)]

    def clean(self):
        data = super().clean()
        for row in range(1, CLAIM_ROWS + 1):
            parts = [data.get(f"claim{row}_{p}") for p in ("by", "from", "count")]
            if any(parts) and not all(parts):
                self.add_error(f"claim{row}_by", str(WHOLE_CLAIM_ROW))
        return data

    def _claims(self) -> tuple[list[dict], list[int]]:
        """The filled claim rows as engine claims, and the form row of each."""
        claims, rows = [], []
        for row in range(1, CLAIM_ROWS + 1):
            by, from_, count = (self.cleaned_data.get(f"claim{row}_{p}")
                                for p in ("by", "from", "count"))
            if by and from_ and count:
                claims.append({"by": by, "from": from_, "count": int(count)})
                rows.append(row)
        return claims, rows

    def add_engine_error(self, engine_field: str, message: str) -> None:
        """An engine error on the field it names; one on the claims (``context.claims``,
        ``context.claims[i]``) on the first field of the claim's row. One on a field the
        player does not see (the ledger's region, which its table fixes) is the form's."""
        _claims, rows = self._claims()
        name = form_field(engine_field, rows)
        shown = name in self.fields and not self[name].is_hidden
        self.add_error(name if shown else None, message)


def wild_help() -> str:
    """Which regions need the wild named, and what a blank means elsewhere."""
    needed = [regions.region_name(r) for r in regions.LISTED if r.default_wild is None]
    parts = [gettext("Needed in %(regions)s") % {"regions": gettext(" and ").join(needed)}]
    parts += [gettext("blank in %(region)s means %(tile)s") % {
        "region": regions.region_name(r),
        "tile": f"{tile_chinese(r.default_wild)} ({regions.wild_code(r)})"}
        for r in regions.LISTED if r.default_wild is not None]
    return gettext("%(sentence)s.") % {"sentence": gettext("; ").join(parts)}


class MeldsBox(forms.Textarea):
    """The melds box: a meld's kind shown in the page's language, whatever words filled
    it (a link made on a page in another language, a rules page's example, a practice
    deal: ``presentation.form.melds_in_words``). The form's data, and so its permalink,
    stay as sent: the engine reads every language's words."""

    def format_value(self, value):
        text = super().format_value(value)
        return melds_in_words(text) if text else text


class ScoreForm(ClaimRowsForm):
    # htmx: a new region fetches that region's fieldset, the form's values included.
    region = forms.ChoiceField(
        label=_("Region"), choices=REGION_CHOICES, initial=DEFAULT_REGION,
        widget=forms.Select(attrs={"hx-get": reverse_lazy("home"), "hx-include": "closest form",
                                   "hx-target": "#region-fields", "hx-swap": "outerHTML"}))
    hand = forms.CharField(
        label=_("Concealed tiles"), max_length=80,
        help_text=_("Without the winning tile, e.g. 123m456p789s234s7z "
                    "(m 萬, p 筒, s 條, 1z–7z 東南西北白發中)."),
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false",
                                      "autocapitalize": "off"}))
    melds = forms.CharField(
        label=_("Melds"), required=False, max_length=200,
        help_text=_("One per line: chi 123m, pung 555p, kong 7777s, ankong 1111z."),
        widget=MeldsBox(attrs={"rows": 2, "spellcheck": "false", "autocapitalize": "off"}))
    win_tile = forms.CharField(
        label=_("Winning tile"), max_length=10,
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "off"}))
    wild = forms.CharField(
        label=_("Wild tile 百搭 / 財神"), required=False, max_length=10,
        help_text=lazy(wild_help, str)(),
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "off"}))
    win_type = forms.ChoiceField(label=_("Win type"), choices=WIN_TYPE_CHOICES,
                                 initial="self_draw")
    # one tap a seat (calculator/_seat_choice.html), not a select's two
    winner = forms.ChoiceField(label=_("Winner"), choices=SEAT_CHOICES, initial="E",
                               widget=forms.RadioSelect(attrs={"class": "btn-check"}))
    dealer = forms.ChoiceField(label=_("Dealer 莊家"), choices=SEAT_CHOICES, initial="E")
    discarder = forms.ChoiceField(
        label=_("Discarder"), required=False, choices=[("", "—")] + SEAT_CHOICES,
        help_text=_("Who threw the winning tile, or whose kong was robbed."))
    dealer_streak = forms.IntegerField(
        label=_("Dealer streak 連莊"), min_value=0, max_value=99, initial=0, required=False,
        help_text=_("How many hands in a row the dealer has kept the seat."))
    base = forms.DecimalField(label=_("Base 底分"), min_value=Decimal("0.01"),
                              max_value=1_000_000, initial=1,
                              required=False,
                              widget=forms.NumberInput(attrs={"placeholder": "1", "step": "any"}))

    # ... and a field for each circumstance of a win (rules.circumstances), added below

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Other regions' fields are neither shown nor checked: their values cannot matter.
        for name in CONTEXT_FIELDS - set(REGION_FIELDS[self.region_key]):
            self.fields.pop(name, None)
        # The region's 承包 claims and house rules: the same fields on every form of that
        # region and language, built once and copied.
        for name, field in _extra_fields(self.region_key, get_language() or "").items():
            self.fields[name] = copy.deepcopy(field)
        # A link that leaves the dealer out: the select shows "—" beside its "not chosen
        # yet" message, not its first seat (東 E) as if that were chosen.
        if self.is_bound and not self.data.get(self.add_prefix("dealer")):
            self.fields["dealer"].choices = [("", "—"), *SEAT_CHOICES]
        # 連莊 picked, not typed: 平莊 ×2, 二連莊 ×4, 三連莊及以上 ×8 where the region has
        # a dealer factor (tiles.js relabels the choices when the region changes).
        if "dealer_streak" in self.fields:
            self.fields["dealer_streak"].widget = forms.Select(
                choices=regions.streak_choices(self.region_key, self["dealer_streak"].value()),
                attrs={"data-streak-names": json.dumps(regions.streak_names(),
                                                       ensure_ascii=False),
                       "data-streak-more": regions.streak_or_more("{streak}")})

    # --- what the template shows ---

    @property
    def region_key(self) -> str:
        """The region whose fields to show: the chosen one, even if the rest is invalid."""
        value = self["region"].value()
        return value if value in dict(REGION_CHOICES) else DEFAULT_REGION

    def region_fields(self):
        """The region's own fields, claims apart (the template lays those out as rows)."""
        return [self[name] for name in REGION_FIELDS[self.region_key]
                if name not in CLAIM_FIELDS]

    def folded_fields(self):
        """The fields under the fold (calculator.html #region-fields): the region's own,
        then the claim rows' where the region has contracts."""
        fields = list(self.region_fields())
        if self.uses_claims:
            fields += [field for row in self.claim_rows() for field in row]
        return fields

    def region_errors(self) -> bool:
        """Whether a folded field has an error to show (then the fold is open)."""
        return any(field.errors for field in self.folded_fields())

    def region_summary(self) -> str:
        """What the folded region fields hold, in one line: 默认 (as most hands leave
        them), or how many are set — a circumstance ticked, a house rule other than the
        region's default, the dice, a 承包 row."""
        changed = 0
        for field in self.region_fields():
            value = field.value()
            if _blank(value):  # left as it comes (a request that leaves it out too)
                continue
            if str(value) != str(self.get_initial_for_field(field.field, field.name)):
                changed += 1
        if self.uses_claims:
            changed += sum(1 for by, _from, _count in self.claim_rows() if by.value())
        if not changed:
            return gettext("as usual")
        return ngettext("%(count)s set", "%(count)s set", changed) % {"count": changed}

    # --- the engine request (the claim rows: ClaimRowsForm) ---

    def to_request(self) -> dict:
        """The score request of docs/API.md (``presentation.form``, which the offline
        engine reads a form with too); call only on a valid form."""
        request, _unread = request_from_fields("score", fields_of(self.cleaned_data))
        return request

    def score(self) -> dict | None:
        """The engine's response for a valid form, else None; the engine's objections
        become errors of the fields they name. A page's answer asks for the other
        readings of the house rules too (``presentation.form.shown_request``)."""
        return self._answer(lambda request: score(shown_request("score", request)))

    def _answer(self, engine) -> dict | None:
        """``engine``'s answer to the form's request (``rules.score`` or ``rules.waits``)."""
        if not self.is_bound or not self.is_valid():
            return None
        try:
            return engine(self.to_request())
        except InvalidRequest as invalid:
            for error in invalid.errors:
                self.add_engine_error(error["field"], say(error, self.region_key))
            return None

    def add_engine_error(self, engine_field: str, message: str) -> None:
        super().add_engine_error(engine_field, field_message(engine_field, message))

    def permalink(self) -> str:
        """The URL that reproduces this form: the fields the region uses, as typed, without
        blanks, in the query string (``presentation.form.query_pairs``; worked out once
        per form: the page asks often)."""
        if getattr(self, "_permalink", None) is None:
            self._permalink = f"{reverse('home')}?{urlencode(self.query_pairs('score'))}"
        return self._permalink

    def query_pairs(self, kind: str) -> list[tuple[str, str]]:
        """The fields a request of ``kind`` reads, as typed, blanks left out."""
        return query_pairs(kind, self.typed_fields())

    def typed_fields(self) -> dict[str, str]:
        """Every field as typed, as the browser sends it (``presentation.form.fields_of``)."""
        return fields_of({name: self[name].value() for name in self.fields})


# The circumstances of a win, each a field of its kind (the claims are the claim rows,
# ClaimRowsForm). Declared fields are the class's base fields, and the forms made from
# ScoreForm (WaitsForm, the ledger's) inherit them.
ScoreForm.declared_fields.update(
    {c.key: circumstance_field(c) for c in CIRCUMSTANCES if c.kind != "claims"})


def _blank(value) -> bool:
    """A field left as it comes: empty, unticked, no dice."""
    if isinstance(value, list | tuple):
        return all(_blank(v) for v in value)
    return value in (None, "", False, "False", "0", 0)


class WaitsForm(ScoreForm):
    """The waits (聽牌) form: the calculator's fields without the winning tile, the win type
    and the discarder. Field names stay those of ScoreForm (the tile widget binds to them)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name in WIN_FIELDS:
            del self.fields[name]
        self.fields["hand"].help_text = _(
            "13 tiles (fewer with melds: 13 − 3 per meld), e.g. 123m456p789s11z45s "
            "(m 萬, p 筒, s 條, 1z–7z 東南西北白發中).")
        self.fields["region"].widget.attrs["hx-get"] = reverse("waits")

    def to_request(self) -> dict:
        """The waits request of docs/API.md (``presentation.form``); call only on a valid
        form."""
        request, _unread = request_from_fields("waits", fields_of(self.cleaned_data))
        return request

    def waits(self) -> dict | None:
        """The engine's waits for a valid form, else None; the engine's objections become
        errors of the fields they name."""
        return self._answer(engine_waits)

    def permalink(self) -> str:
        return f"{reverse('waits')}?{urlencode(self.query_pairs('waits'))}"

    def calculator_link(self, tile: str, discarder: str | None = None) -> str:
        """The calculator, filled in with this hand won on ``tile``: self-drawn, or
        discarded by ``discarder``."""
        return calculator_link_with_win(reverse("home"), self.query_pairs("waits"), tile,
                                        discarder)





class PracticeForm(PlayersWords, forms.Form):
    """Practice mode's answers: the hand's multiplier (番 in Honghe) and each seat's net
    payment. Sent by GET with the round's region and seed, so a graded round is a link."""

    region = forms.ChoiceField(label=_("Region"), choices=REGION_CHOICES,
                               widget=forms.HiddenInput)
    seed = forms.IntegerField(label=_("Practice hand number"), min_value=0,
                              widget=forms.HiddenInput)
    total = forms.IntegerField(label=_("Multiplier ×"), min_value=0, max_value=10**9,
                               widget=forms.NumberInput(attrs={"step": "1"}))

    SEAT_FIELDS = {seat: f"pay_{seat}" for seat in "ESWN"}

    def __init__(self, *args, region: str = DEFAULT_REGION, **kwargs):
        super().__init__(*args, **kwargs)
        if REGIONS[region].adds_fan:
            self.fields["total"].label = _("番 (fan)")
        for seat, name in self.SEAT_FIELDS.items():
            self.fields[name] = forms.DecimalField(
                label=dict(SEAT_CHOICES)[seat], max_digits=20, decimal_places=4,
                widget=forms.NumberInput(attrs={"step": "any"}))

    def seat_fields(self):
        return [self[name] for name in self.SEAT_FIELDS.values()]


class AdviseForm(WaitsForm):
    """The 牌理 form (向听 and 何切): the waits form's fields, a hand of 13 or 14 tiles
    (less 3 per meld), and the tiles seen on the table (``presentation.advice``, which
    the offline engine reads the form with too)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["hand"].help_text = _(
            "13 tiles for how far the hand is from ready, 14 for which tile to throw "
            "(3 fewer per meld), e.g. 123m456p789s23s77z9p.")
        self.fields[advice.SEEN_FIELD] = forms.CharField(
            label=_("Tiles seen on the table"), required=False,
            max_length=advice.MAX_SEEN_TEXT,
            help_text=_("Optional: discards and others' melds, e.g. 1s1s 4s 5z. They "
                        "change only how many copies are left."),
            widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false",
                                          "autocapitalize": "off"}))
        self.fields["region"].widget.attrs["hx-get"] = reverse("advise")

    def to_request(self) -> dict:
        """The advise request of docs/API.md (``presentation.advice``); call only on a
        valid form."""
        request, _unread = advice.request_from_fields(fields_of(self.cleaned_data))
        return request

    def advise(self) -> dict | None:
        """The engine's advice for a valid form, else None; the engine's objections
        become errors of the fields they name (``seen`` among them)."""
        return self._answer(engine_advise)

    def permalink(self) -> str:
        return f"{reverse('advise')}?{urlencode(advice.query_pairs_of(self.typed_fields()))}"
