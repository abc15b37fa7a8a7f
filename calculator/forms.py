"""The calculator form: the fields of a score request (docs/API.md), shown per region.

The form only types and collects the input; the engine (``rules.score``) judges it.
Its errors come back onto the field they name, so each shows next to its input.
"""

from __future__ import annotations

import copy
import json
import re
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
from calculator.messages import render as say
from calculator.regions import DEFAULT_REGION, REGION_CHOICES
from common.web import SEAT_CHOICES, json_number
from rules import InvalidRequest, score
from rules import waits as engine_waits
from rules.regions import REGIONS
from rules.tiles import tile_chinese

WIN_TYPE_CHOICES = [
    ("self_draw", _("Self-draw 自摸")),
    ("discard", _("On a discard 點炮")),
    ("rob_kong", _("Robbing a kong 搶槓")),
]
# Every house rule's choices (value, label with its source), in the page's language.
HOUSE_RULE_CHOICES = {
    rule.key: [(choice.value, lazy(regions.choice_label, str)(rule, choice))
               for choice in rule.choices]
    for region in regions.LISTED for rule in region.house_rules
}
CLAIM_ROWS = 3
CLAIM_FIELDS = [f"claim{row}_{part}" for row in range(1, CLAIM_ROWS + 1)
                for part in ("by", "from", "count")]


def _region_fields(region) -> list[str]:
    """The fields of the context keys a region's rules read (RULEBOOK §2-4), then its
    house rules that may change a score, then the claim rows; other regions' fields are
    not shown and not sent."""
    context = [key for key in region.context_keys if key != "claims"]
    claims = CLAIM_FIELDS if "claims" in region.context_keys else []
    return [*context, *(rule.key for rule in region.scoring_house_rules), *claims]


REGION_FIELDS = {key: _region_fields(region) for key, region in REGIONS.items()}
HOUSE_RULES = set(HOUSE_RULE_CHOICES)
# The context fields every region may have; a region's house-rule fields are added to
# its form alone.
CONTEXT_FIELDS = set().union(*REGION_FIELDS.values()) - HOUSE_RULES
COMMON_FIELDS = ["region", "hand", "melds", "win_tile", "wild", "win_type", "winner",
                 "dealer", "discarder", "dealer_streak", "base"]
# Engine field names: "melds[0]", "context.after_kong", "context.claims[1]", "house_rules.x".
_ENGINE_FIELD = re.compile(r"^(?:context\.|house_rules\.)?(?P<name>\w+)(?:\[(?P<index>\d+)\])?")


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
        each = _("Give the two opening dice, each from 1 to 6.")
        face = forms.IntegerField(min_value=1, max_value=6, error_messages={
            "invalid": each, "min_value": each, "max_value": each})
        kwargs.setdefault("error_messages", {
            "incomplete": _("Give both dice, or neither."), "invalid": each})
        super().__init__(fields=[face, face], require_all_fields=False, required=False,
                         **kwargs)

    def compress(self, data_list):
        if not data_list or data_list == [None, None]:
            return None
        if None in data_list:
            raise forms.ValidationError(_("Give both dice, or neither."))
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
                self.add_error(f"claim{row}_by",
                               _("Give who claimed, from whom and how many times — or "
                                 "leave the whole row blank."))
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
        ``context.claims[i]``) on the first field of the claim's row."""
        match = _ENGINE_FIELD.match(engine_field)
        name, index = (match["name"], match["index"]) if match else (None, None)
        if name == "claims":
            _claims, rows = self._claims()
            row = rows[int(index)] if index is not None and int(index) < len(rows) else 1
            name = f"claim{row}_by"
        self.add_error(name if name in self.fields else None, message)


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
        widget=forms.Textarea(attrs={"rows": 2, "spellcheck": "false",
                                     "autocapitalize": "off"}))
    win_tile = forms.CharField(
        label=_("Winning tile"), max_length=10,
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "off"}))
    wild = forms.CharField(
        label=_("Wild tile 百搭 / 財神"), required=False, max_length=10,
        help_text=lazy(lambda: wild_help(), str)(),
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

    after_kong = forms.BooleanField(label=_("Won on a kong replacement tile 槓上開花"),
                                    required=False)
    last_tile = forms.BooleanField(label=_("Won on the last tile of the wall 海底撈月"),
                                   required=False)
    first_turn = forms.BooleanField(
        label=_("First turn: the winner had not yet discarded 天和 / 地和"), required=False)
    dice = DiceField(label=_("Opening dice"))
    previous_draws = forms.IntegerField(
        label=_("Drawn hands just before this one 黃莊"), min_value=0, max_value=999,
        required=False, initial=0, widget=forms.NumberInput(attrs={"placeholder": "0"}))
    previous_wild = forms.CharField(label=_("Last hand's wild tile"), required=False,
                                    max_length=10,
                                    widget=forms.TextInput(attrs={"autocapitalize": "off"}))
    cai_piao = forms.IntegerField(
        label=_("財飄: wilds thrown from a 暴頭-ready hand"), min_value=0, max_value=3,
        required=False, initial=0, widget=forms.NumberInput(attrs={"placeholder": "0"}))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Other regions' fields are neither shown nor checked: their values cannot matter.
        for name in CONTEXT_FIELDS - set(REGION_FIELDS[self.region_key]):
            self.fields.pop(name, None)
        # The region's 承包 claims and house rules: the same fields on every form of that
        # region and language, built once and copied.
        for name, field in _extra_fields(self.region_key, get_language() or "").items():
            self.fields[name] = copy.deepcopy(field)
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
        """The score request of docs/API.md; call only on a valid form."""
        data = self.cleaned_data
        region = data["region"]
        request = {
            "region": region,
            "hand": data["hand"],
            "melds": [line.strip() for line in data["melds"].splitlines() if line.strip()],
            "win_tile": data["win_tile"],
            "win_type": data["win_type"],
            "winner": data["winner"],
            "dealer": data["dealer"],
            # A self-draw has no discarder: a seat left selected from before is not an error.
            "discarder": (data["discarder"] or None) if data["win_type"] != "self_draw"
            else None,
            "dealer_streak": data["dealer_streak"] or 0,
            "base": json_number(data["base"]) if data["base"] is not None else 1,
        }
        if data["wild"]:
            request["wild"] = data["wild"]
        context, house_rules = {}, {}
        for name in REGION_FIELDS[region]:
            value = data.get(name)
            if name in HOUSE_RULES:
                if value:
                    house_rules[name] = value
            elif name not in CLAIM_FIELDS and value not in (None, "", False, 0):
                context[name] = value
        claims, _rows = self._claims()
        if claims:
            context["claims"] = claims
        if context:
            request["context"] = context
        if house_rules:
            request["house_rules"] = house_rules
        return request

    def score(self) -> dict | None:
        """The engine's response for a valid form, else None; the engine's objections
        become errors of the fields they name."""
        if not self.is_bound or not self.is_valid():
            return None
        try:
            return score(self.to_request())
        except InvalidRequest as invalid:
            for error in invalid.errors:
                self.add_engine_error(error["field"], say(error, self.region_key))
            return None

    def add_engine_error(self, engine_field: str, message: str) -> None:
        match = _ENGINE_FIELD.match(engine_field)
        if match and match["name"] == "melds" and match["index"] is not None:
            message = _("Meld %(number)s: %(message)s") % {
                "number": int(match["index"]) + 1, "message": message}
        super().add_engine_error(engine_field, message)

    def permalink(self) -> str:
        """The URL that reproduces this form: the fields the region uses, as typed, without
        blanks, in the query string (worked out once per form: the page asks often)."""
        if getattr(self, "_permalink", None) is None:
            self._permalink = self._build_permalink()
        return self._permalink

    def _build_permalink(self) -> str:
        names = COMMON_FIELDS + REGION_FIELDS[self.region_key]
        if self["win_type"].value() == "self_draw":
            names.remove("discarder")
        return f"{reverse('home')}?{urlencode(self.query_pairs(names))}"

    def query_pairs(self, names: list[str]) -> list[tuple[str, str]]:
        """The (key, value) pairs of the named fields as typed, blanks left out."""
        pairs = []
        for name in names:
            bound = self[name]
            if name == "dice":
                values = [(f"dice_{i}", v) for i, v in enumerate(bound.value() or [])]
            elif isinstance(self.fields[name], forms.BooleanField):
                values = [(name, "on")] if bound.value() else []
            else:
                values = [(name, bound.value())]
            pairs += [(key, str(value)) for key, value in values if value not in (None, "")]
        return pairs


def _blank(value) -> bool:
    """A field left as it comes: empty, unticked, no dice."""
    if isinstance(value, list | tuple):
        return all(_blank(v) for v in value)
    return value in (None, "", False, "False", "0", 0)


# The fields of the winning tile: a waits request has none (docs/API.md, "Waits").
WIN_FIELDS = ("win_tile", "win_type", "discarder")


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

    def _names(self) -> list[str]:
        return [n for n in COMMON_FIELDS if n not in WIN_FIELDS] + REGION_FIELDS[self.region_key]

    def to_request(self) -> dict:
        """The waits request of docs/API.md; call only on a valid form."""
        self.cleaned_data.update(win_tile="", win_type="self_draw", discarder="")
        request = super().to_request()
        for name in WIN_FIELDS:
            del request[name]
        return request

    def waits(self) -> dict | None:
        """The engine's waits for a valid form, else None; the engine's objections become
        errors of the fields they name."""
        if not self.is_bound or not self.is_valid():
            return None
        try:
            return engine_waits(self.to_request())
        except InvalidRequest as invalid:
            for error in invalid.errors:
                self.add_engine_error(error["field"], say(error, self.region_key))
            return None

    def permalink(self) -> str:
        return f"{reverse('waits')}?{urlencode(self.query_pairs(self._names()))}"

    def calculator_link(self, tile: str, discarder: str | None = None) -> str:
        """The calculator, filled in with this hand won on ``tile``: self-drawn, or
        discarded by ``discarder``."""
        pairs = self.query_pairs(self._names())
        at = next((i + 1 for i, (key, _v) in enumerate(pairs) if key == "melds"),
                  next(i + 1 for i, (key, _v) in enumerate(pairs) if key == "hand"))
        win = [("win_tile", tile), ("win_type", "discard" if discarder else "self_draw")]
        if discarder:
            win.append(("discarder", discarder))
        return f"{reverse('home')}?{urlencode(pairs[:at] + win + pairs[at:])}"


def wild_help() -> str:
    """Which regions need the wild named, and what a blank means elsewhere."""
    needed = [regions.region_name(r) for r in regions.LISTED if r.default_wild is None]
    parts = [gettext("Needed in %(regions)s") % {"regions": gettext(" and ").join(needed)}]
    parts += [gettext("blank in %(region)s means %(tile)s") % {
        "region": regions.region_name(r),
        "tile": f"{tile_chinese(r.default_wild)} ({regions.wild_code(r)})"}
        for r in regions.LISTED if r.default_wild is not None]
    return gettext("%(sentence)s.") % {"sentence": gettext("; ").join(parts)}


def form_data(request: dict) -> dict[str, str]:
    """A score request as the calculator form's fields (its GET query parameters)."""
    data = {name: str(request[name]) for name in
            ("region", "hand", "win_tile", "wild", "win_type", "winner", "dealer",
             "discarder", "dealer_streak", "base") if request.get(name) is not None}
    if request.get("melds"):
        data["melds"] = "\n".join(request["melds"])
    for name, value in request.get("context", {}).items():
        if name == "dice":
            data["dice_0"], data["dice_1"] = (str(v) for v in value)
        elif name == "claims":
            for row, claim in enumerate(value[:CLAIM_ROWS], start=1):
                data.update({f"claim{row}_by": claim["by"], f"claim{row}_from": claim["from"],
                             f"claim{row}_count": str(claim["count"])})
        elif value is True:
            data[name] = "on"
        else:
            data[name] = str(value)
    data.update(request.get("house_rules", {}))
    return data


def calculator_link(request: dict) -> str:
    """The calculator's address filled in with a score request (its permalink)."""
    return ScoreForm(form_data(request)).permalink()



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
