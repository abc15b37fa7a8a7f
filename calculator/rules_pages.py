"""The rules reference pages: the patterns side by side, how each region pays, and
every pattern with example hands scored by the engine.

Presentation only. Pattern names, values, rule texts and sources come from the
engine's catalogue (``rules.regions``); example hands (``calculator.examples``) are
scored by ``rules.score`` when a page renders. The payment sentences restate the
engine's ``pay`` rules (RULEBOOK §2-4); tests/test_rules_pages.py scores hands to keep
them in step.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from calculator.examples import EXAMPLES
from calculator.forms import CLAIM_ROWS, HOUSE_RULE_CHOICES, ScoreForm
from calculator.results import Result, present
from rules import score
from rules.region import Pattern
from rules.regions import REGIONS

REGION_ORDER = ("hangzhou", "jinhua", "honghe")

# Patterns whose worth depends on the hand: the engine holds a function, the page a label.
VARIABLE_VALUES = {
    ("jinhua", "qing_yi_se"): "×4 / ×2",  # ×4 without 財神, ×2 with (jinhua.txt:47)
    ("hangzhou", "cai_piao"): "×2ⁿ",  # ×2 per 飄 (hangzhou.txt:146)
    ("jinhua", "cai_piao"): "×2ⁿ",  # (jinhua.txt:97)
}

# The side-by-side table: sections of rows, each row the pattern key that plays that part
# in each region (names differ: 七對 / 七對子 / 對對和 are all seven pairs).
COMPARISON = (
    (gettext_lazy("Seven pairs"), (
        {"honghe": "dui_dui_he", "hangzhou": "qi_dui", "jinhua": "qi_dui"},
        {"jinhua": "qing_qi_dui"},
        {"hangzhou": "hao_hua_qi_dui", "jinhua": "hao_hua_qi_dui"},
        {"hangzhou": "shuang_hao_hua_qi_dui", "jinhua": "shuang_hao_hua_qi_dui"},
        {"hangzhou": "san_hao_hua_qi_dui", "jinhua": "san_hao_hua_qi_dui"},
        {"jinhua": "qi_dui_bao_tou"},
    )),
    (gettext_lazy("Wilds 百搭 / 財神"), (
        {"honghe": "ren_yi_hu", "hangzhou": "bao_tou", "jinhua": "bao_tou"},
        {"hangzhou": "cai_piao", "jinhua": "cai_piao"},
        {"honghe": "san_bai_da"},
        {"jinhua": "cai_shen_tou"},
        {"jinhua": "san_cai_yi_ke"},
        {"honghe": "lao_tou_huang"},
        {"honghe": "bai_da_lian_zhuang"},
    )),
    (gettext_lazy("Suits and honours"), (
        {"honghe": "qing_yi_se", "jinhua": "qing_yi_se"},
        {"honghe": "hun_yi_se", "jinhua": "hun_yi_se"},
        {"honghe": "si_lao_tou"},
        {"honghe": "quan_lao_tou"},
        {"jinhua": "qing_feng"},
        {"jinhua": "luan_feng"},
        {"jinhua": "shi_san_bu_kao"},
        {"jinhua": "qi_feng"},
    )),
    (gettext_lazy("Sets"), (
        {"jinhua": "ping_hu"},
        {"jinhua": "peng_peng_hu"},
        {"jinhua": "quan_qiu_ren"},
        {"honghe": "dan_diao"},
    )),
    (gettext_lazy("When and how it was won"), (
        {"honghe": "gang_shang_kai_hua", "hangzhou": "gang_kai", "jinhua": "gang_shang_kai_hua"},
        {"honghe": "hai_di_lao_yue", "jinhua": "hai_di_lao_yue"},
        {"honghe": "tian_he", "jinhua": "tian_hu"},
        {"honghe": "di_he", "jinhua": "di_hu"},
        {"jinhua": "ren_hu"},
        {"honghe": "huang_fan"},
        {"honghe": "bao_zi"},
    )),
)


@dataclass(frozen=True, kw_only=True)
class Cell:
    region: str
    key: str
    name: str
    value: str


@dataclass(frozen=True, kw_only=True)
class Row:
    english: str
    cells: list[Cell | None]  # in REGION_ORDER; None where the region lacks the pattern


@dataclass(frozen=True, kw_only=True)
class Section:
    title: str
    rows: list[Row]


@dataclass(frozen=True, kw_only=True)
class Rule:
    text: str
    source: str  # seed file:line, or the RULEBOOK section of a ruling


@dataclass(frozen=True, kw_only=True)
class HouseRule:
    label: str
    key: str
    options: list[tuple[str, str]]  # (value, description), the default first


@dataclass(frozen=True, kw_only=True)
class RegionSummary:
    key: str
    name: str
    english: str
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
    name: str
    english: str
    value: str
    rule_zh: str
    rule_en: str
    source: str
    examples: list[Example]


def value_label(region: str, pattern: Pattern) -> str:
    """A pattern's worth as players say it: "2 番" in Honghe, "×4" elsewhere."""
    if callable(pattern.value):
        return VARIABLE_VALUES[(region, pattern.key)]
    if REGIONS[region].adds_fan:
        return _("%(fan)s 番") % {"fan": pattern.value}
    return f"×{pattern.value}"


def comparison() -> list[Section]:
    """Every pattern of every region, one row per part it plays, "—" where missing."""
    sections = []
    for title, rows in COMPARISON:
        lines = []
        for row in rows:
            cells = []
            for region in REGION_ORDER:
                key = row.get(region)
                pattern = REGIONS[region].pattern(key) if key else None
                cells.append(pattern and Cell(region=region, key=key, name=pattern.name,
                                              value=value_label(region, pattern)))
            first = next(REGIONS[r].pattern(row[r]) for r in REGION_ORDER if r in row)
            lines.append(Row(english=first.english, cells=cells))
        sections.append(Section(title=str(title), rows=lines))
    return sections


def payment_rules(region: str) -> list[Rule]:
    """How the region shares a hand out, in the product's words (RULEBOOK §2-4)."""
    if region == "honghe":
        return [
            Rule(text=_("Hand value = base × 2^番, the 番 of all patterns added together."),
                 source="honghe.txt:56"),
            Rule(text=_("Self-draw: each of the other three pays the hand value."),
                 source="honghe.txt:56"),
            Rule(text=_("Discard: the discarder pays the hand value, the other two half of "
                        "it each."), source="honghe.txt:56"),
            Rule(text=_("Robbing a kong: the robbed player alone pays 3 × the hand value."),
                 source="honghe.txt:52"),
            Rule(text=_("No dealer factor and no 承包 contract: the dealer seat only "
                        "rotates."), source="RULEBOOK §2"),
        ]
    if region == "hangzhou":
        return [
            Rule(text=_("Hand value = base × the patterns' multipliers multiplied together; "
                        "a plain hand is ×1."), source="hangzhou.txt:182"),
            Rule(text=_("Dealer factor: ×2 平莊, ×4 二連莊, ×8 三連莊 and more."),
                 source="hangzhou.txt:190-194"),
            Rule(text=_("The dealer self-draws: each of the other three pays the hand value × "
                        "the dealer factor."), source="hangzhou.txt:184"),
            Rule(text=_("A non-dealer self-draws: the dealer pays the hand value × the dealer "
                        "factor, the other two the hand value each."), source="hangzhou.txt:184"),
            Rule(text=_("Discard: only from 三連莊 on, between the dealer and a non-dealer; the "
                        "discarder alone pays the hand value × the dealer factor. A hand ready "
                        "for 暴頭 never wins on a discard."), source="hangzhou.txt:60,170"),
            Rule(text=_("No robbing a kong in Hangzhou."), source="RULEBOOK §3"),
            Rule(text=_("承包: after 3 claims by the winner from one player, that player alone "
                        "pays the winner's whole take; after 3 claims by a player from the "
                        "winner, that player alone pays twice the whole take."),
                 source="hangzhou.txt:168,198"),
        ]
    return [
        Rule(text=_("Hand value = base × the patterns' multipliers multiplied together."),
             source="jinhua.txt:11"),
        Rule(text=_("Self-draw: each of the other three pays 2 × the hand value."),
             source="jinhua.txt:9"),
        Rule(text=_("Discard (a robbed kong counts as one): the discarder pays 2 × the hand "
                    "value, the other two 1 × each."), source="jinhua.txt:9,25"),
        Rule(text=_("No dealer factor."), source="RULEBOOK §4"),
        Rule(text=_("承包: after 3 claims by the winner from one player, that player alone pays "
                    "the winner's whole take; after 3 claims by a player from the winner, that "
                    "player alone pays twice the whole take."), source="jinhua.txt:71"),
    ]


HOUSE_RULES = {
    "honghe": [("honghe_rob_kong", gettext_lazy("House rule: robbing a kong"))],
    "hangzhou": [("hangzhou_discard", gettext_lazy("House rule: winning on a discard"))],
    "jinhua": [],
}


def summaries() -> list[RegionSummary]:
    return [
        RegionSummary(
            key=key, name=REGIONS[key].name, english=REGIONS[key].english,
            unit="番" if REGIONS[key].adds_fan else "×",
            payments=payment_rules(key),
            house_rules=[HouseRule(label=str(label), key=rule,
                                   options=[(v, str(d)) for v, d in HOUSE_RULE_CHOICES[rule]])
                         for rule, label in HOUSE_RULES[key]],
        )
        for key in REGION_ORDER
    ]


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
        PatternEntry(key=p.key, name=p.name, english=p.english, value=value_label(region, p),
                     rule_zh=p.rule_zh, rule_en=p.rule_en, source=p.source,
                     examples=[example(r) for r in EXAMPLES[region].get(p.key, [])])
        for p in REGIONS[region].patterns
    ]

