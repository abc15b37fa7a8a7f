"""The rules reference pages: the patterns side by side, how each region pays, and
every pattern with example hands scored by the engine.

Presentation only. Pattern names, values, rule texts and sources come from the
engine's catalogue (``rules.regions``), and so do the example hands
(``Region.examples``), scored by ``rules.score`` when a page renders, the payment
sentences (``Region.payment_rules``, restating the engine's ``pay`` rules, RULEBOOK §2-4;
tests/web/test_rules_pages.py scores hands to keep them in step) and the house rules with
their choices and sources.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from calculator import regions
from calculator.forms import ScoreForm, form_data
from calculator.results import Result, present
from rules import score
from rules.region import Pattern, Region
from rules.regions import REGIONS

# The side-by-side table: sections of rows, each row named by the key of the pattern that
# plays that part (names differ: 七對 / 七對子 / 對對和 are all seven pairs); a region's
# pattern of another key joins the row through ``Region.compares_as``.
ROWS = (
    (gettext_lazy("Seven pairs"), ("qi_dui", "qing_qi_dui", "hao_hua_qi_dui",
                                   "shuang_hao_hua_qi_dui", "san_hao_hua_qi_dui",
                                   "qi_dui_bao_tou")),
    (gettext_lazy("Wilds 百搭 / 財神"), ("bao_tou", "cai_piao", "san_bai_da", "cai_shen_tou",
                                       "san_cai_yi_ke", "lao_tou_huang", "bai_da_lian_zhuang")),
    (gettext_lazy("Suits and honours"), ("qing_yi_se", "hun_yi_se", "si_lao_tou",
                                         "quan_lao_tou", "qing_feng", "luan_feng",
                                         "shi_san_bu_kao", "qi_feng")),
    (gettext_lazy("Sets"), ("ping_hu", "peng_peng_hu", "quan_qiu_ren", "dan_diao")),
    (gettext_lazy("When and how it was won"), ("gang_shang_kai_hua", "hai_di_lao_yue",
                                               "tian_hu", "di_hu", "ren_hu", "huang_fan",
                                               "bao_zi")),
)


def _row(row: str) -> dict[str, str]:
    """Region key → the key of its pattern in ``row``, for the regions that have one."""
    cells = {}
    for region in regions.LISTED:
        for pattern in region.patterns:
            if region.compares_as.get(pattern.key, pattern.key) == row:
                cells[region.key] = pattern.key
    return cells


def _comparison() -> tuple:
    """ROWS as region → pattern key; a pattern no row names gets a row of its own, at the
    end, so that every pattern of every region is in the table once."""
    sections = [(title, tuple(_row(row) for row in rows)) for title, rows in ROWS]
    placed = {(r, k) for _title, rows in sections for row in rows for r, k in row.items()}
    others = tuple({region.key: p.key} for region in regions.LISTED for p in region.patterns
                   if (region.key, p.key) not in placed)
    if others:
        sections.append((gettext_lazy("Other patterns"), others))
    return tuple(sections)


COMPARISON = _comparison()


@dataclass(frozen=True, kw_only=True)
class Cell:
    region: str
    key: str
    name: str
    value: str


@dataclass(frozen=True, kw_only=True)
class Row:
    label: str  # the part the row plays: its first pattern's name in the page's language
    cells: list[Cell | None]  # in page order; None where the region lacks the pattern


@dataclass(frozen=True, kw_only=True)
class Section:
    title: str
    rows: list[Row]


@dataclass(frozen=True, kw_only=True)
class Rule:
    text: str
    source: str  # in words: 杭州麻将原文第 182 行, or 本站裁定


@dataclass(frozen=True, kw_only=True)
class Option:
    value: str
    label: str
    source: str
    default: bool


@dataclass(frozen=True, kw_only=True)
class HouseRule:
    label: str
    key: str
    options: list[Option]  # the default first


@dataclass(frozen=True, kw_only=True)
class RegionSummary:
    key: str
    name: str  # in the page's Chinese characters
    english: str  # on English pages only ("" on Chinese ones)
    unit: str
    payments: list[Rule]
    house_rules: list[HouseRule]


@dataclass(frozen=True, kw_only=True)
class Example:
    result: Result
    permalink: str
    circumstances: str


@dataclass(frozen=True, kw_only=True)
class PatternEntry:
    key: str
    name: str  # in the page's Chinese characters
    english: str  # on English pages only
    value: str
    rule: str  # in the page's language
    source: str  # in words
    examples: list[Example]


def value_label(region: str, pattern: Pattern) -> str:
    """A pattern's worth as players say it: "2 番" in Honghe, "×4" elsewhere; where it
    depends on the hand, the region's label for it ("×4 / ×2", "×2ⁿ")."""
    if callable(pattern.value):
        return REGIONS[region].value_labels[pattern.key]
    if REGIONS[region].adds_fan:
        return _("%(fan)s 番") % {"fan": pattern.value}
    return f"×{pattern.value}"


def comparison() -> list[Section]:
    """Every pattern of every region, one row per part it plays, "—" where missing."""
    sections = []
    for title, rows in COMPARISON:
        lines = []
        for row in rows:
            cells: list[Cell | None] = []
            for region in regions.LISTED:
                key = row.get(region.key)
                pattern = region.pattern(key) if key else None
                cells.append(None if pattern is None else Cell(
                    region=region.key, key=key, name=regions.chinese(pattern.name),
                    value=value_label(region.key, pattern)))
            first = next(r.pattern(row[r.key]) for r in regions.LISTED if r.key in row)
            lines.append(Row(label=regions.in_language(first.name, first.english),
                             cells=cells))
        sections.append(Section(title=str(title), rows=lines))
    return sections


def payment_rules(region: str) -> list[Rule]:
    """How the region shares a hand out, in the page's language (RULEBOOK §2-4): the
    region's own sentences (``Region.payment_rules``)."""
    return [Rule(text=regions.in_language(w.zh, w.en), source=regions.source_label(w.source))
            for w in REGIONS[region].payment_rules]


def house_rules(region: Region) -> list[HouseRule]:
    """The region's house rules, each with its choices, their sources and the default."""
    return [HouseRule(label=regions.rule_label(rule), key=rule.key, options=[
        Option(value=c.value, label=regions.in_language(c.label_zh, c.label_en),
               source=regions.source_label(c.source), default=c.value == rule.default)
        for c in rule.choices]) for rule in region.house_rules]


def summaries() -> list[RegionSummary]:
    return [
        RegionSummary(
            key=region.key, name=regions.chinese(region.name),
            english=region.english if regions.english() else "",
            unit="番" if region.adds_fan else "×",
            payments=payment_rules(region.key), house_rules=house_rules(region),
        )
        for region in regions.LISTED
    ]


def _circumstances(form: ScoreForm, request: dict) -> str:
    """E.g. "南 S self-draw 自摸 · dealer 東 E · wild 9p · 槓上開花" — the example's setting."""
    seats = dict(form.fields["winner"].choices)
    how = dict(form.fields["win_type"].choices)[request["win_type"]]
    parts = [f"{seats[request['winner']]}: {how}"]
    if request.get("discarder"):
        parts.append(f"{form.fields['discarder'].label} {seats[request['discarder']]}")
    parts.append(f"{form.fields['dealer'].label} {seats[request['dealer']]}")
    if request.get("dealer_streak"):
        parts.append(f"{form.fields['dealer_streak'].label} {request['dealer_streak']}")
    if request.get("wild"):
        parts.append(f"{form.fields['wild'].label} {request['wild']}")
    if request.get("base", 1) != 1:
        parts.append(f"{form.fields['base'].label} {request['base']}")
    for name, value in request.get("context", {}).items():
        label = form.fields[name].label
        parts.append(str(label) if value is True else f"{label} {value}")
    for key, value in request.get("house_rules", {}).items():
        _region, rule = regions.house_rule(key)
        choice = next(c for c in rule.choices if c.value == value)
        parts.append(_("House rule %(rule)s: %(choice)s") % {
            "rule": regions.rule_label(rule),
            "choice": regions.in_language(choice.label_zh, choice.label_en)})
    return " · ".join(str(p) for p in parts)


def example(request: dict) -> Example:
    """One example hand, scored by the engine, with its link to the calculator."""
    form = ScoreForm(form_data(request))
    # The result panel reads dealer_streak, which the engine defaults to 0.
    result = present(score(request), {"dealer_streak": 0, **request})
    return Example(result=result, permalink=form.permalink(),
                   circumstances=_circumstances(form, request))


def patterns(region: str) -> list[PatternEntry]:
    """Every pattern of ``region`` in catalogue order, with its examples."""
    return [
        PatternEntry(key=p.key, name=regions.chinese(p.name),
                     english=p.english if regions.english() else "",
                     value=value_label(region, p),
                     rule=regions.in_language(p.rule_zh, p.rule_en),
                     source=regions.source_label(p.source),
                     examples=[example(r) for r in REGIONS[region].examples.get(p.key, ())])
        for p in REGIONS[region].patterns
    ]

