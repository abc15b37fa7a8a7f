"""The rules reference pages: the patterns side by side, how each region pays, and
every pattern with example hands scored by the engine; and the search on both pages,
which finds a pattern by its name in either script, its pinyin initials or its English.

Presentation only. Pattern names, values, rule texts and sources come from the
engine's catalogue (``rules.regions``), and so do the example hands
(``Region.examples``), scored by ``rules.score`` when a page renders, the payment
sentences (``Region.payment_rules``, restating the engine's ``pay`` rules, RULEBOOK §2-4;
tests/web/test_rules_pages.py scores hands to keep them in step) and the house rules with
their choices and sources.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass
from functools import cache

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from calculator.forms import ScoreForm
from calculator.regions import to_simplified
from presentation import regions
from presentation.language import chinese, english
from presentation.messages import tile_name, wild_word
from presentation.permalink import request_fields
from presentation.results import PatternLine, Result, present
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


def _anchors() -> tuple[tuple[str, ...], ...]:
    """The id of each row of COMPARISON, by the key of the part it plays (row-bao_tou);
    a region's name added where two rows would share one."""
    taken: set[str] = set()
    sections = []
    for _title, rows in COMPARISON:
        anchors = []
        for row in rows:
            region, key = next((r.key, row[r.key]) for r in regions.LISTED if r.key in row)
            anchor = f"row-{REGIONS[region].compares_as.get(key, key)}"
            if anchor in taken:
                anchor = f"{anchor}-{region}"
            taken.add(anchor)
            anchors.append(anchor)
        sections.append(tuple(anchors))
    return tuple(sections)


ANCHORS = _anchors()


@dataclass(frozen=True, kw_only=True)
class Cell:
    region: str
    key: str
    name: str
    value: str


@dataclass(frozen=True, kw_only=True)
class Row:
    anchor: str  # its id: row-bao_tou
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
class PatternEntry(PatternLine):
    """A pattern as its region's rules page lists it: as a result shows it, with its
    example hands."""

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
    for (title, rows), anchors in zip(COMPARISON, ANCHORS, strict=True):
        lines = []
        for row, anchor in zip(rows, anchors, strict=True):
            cells: list[Cell | None] = []
            for region in regions.LISTED:
                key = row.get(region.key)
                pattern = region.pattern(key) if key else None
                cells.append(None if pattern is None else Cell(
                    region=region.key, key=key, name=chinese(pattern.name),
                    value=value_label(region.key, pattern)))
            first = next(r.pattern(row[r.key]) for r in regions.LISTED if r.key in row)
            lines.append(Row(anchor=anchor, label=regions.in_language(first.name, first.english),
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
            key=region.key, name=chinese(region.name),
            english=region.english if english() else "",
            unit="番" if region.adds_fan else "×",
            payments=payment_rules(region.key), house_rules=house_rules(region),
        )
        for region in regions.LISTED
    ]


def _circumstances(form: ScoreForm, request: dict) -> str:
    """E.g. "南 S: self-draw 自摸 · dealer 東 E · wild 9p · 槓上開花" (南 S：自摸 · 庄家 东 E ·
    财神 九筒 … in Chinese) — the example's setting."""
    seats = dict(form.fields["winner"].choices)
    how = dict(form.fields["win_type"].choices)[request["win_type"]]
    parts = [f"{seats[request['winner']]}{_(': ')}{how}"]
    if request.get("discarder"):
        parts.append(f"{form.fields['discarder'].label} {seats[request['discarder']]}")
    parts.append(f"{form.fields['dealer'].label} {seats[request['dealer']]}")
    if request.get("dealer_streak"):
        parts.append(f"{form.fields['dealer_streak'].label} {request['dealer_streak']}")
    if request.get("wild"):
        parts.append(f"{wild_word(region=request['region'])} {tile_name(request['wild'])}")
    if request.get("base", 1) != 1:
        parts.append(f"{form.fields['base'].label} {request['base']}")
    for name, value in request.get("context", {}).items():
        label = form.fields[name].label
        parts.append(str(label) if value is True else f"{label} {value}")
    for key, value in request.get("house_rules", {}).items():
        _region, rule = regions.house_rule(key)
        choice = rule.choice(value)
        parts.append(_("House rule %(rule)s: %(choice)s") % {
            "rule": regions.rule_label(rule),
            "choice": regions.in_language(choice.label_zh, choice.label_en)})
    return " · ".join(str(p) for p in parts)


def example(request: dict) -> Example:
    """One example hand, scored by the engine, with its link to the calculator."""
    form = ScoreForm(request_fields(request))
    # The result panel reads dealer_streak, which the engine defaults to 0.
    result = present(score(request), {"dealer_streak": 0, **request})
    return Example(result=result, permalink=form.permalink(),
                   circumstances=_circumstances(form, request))


def patterns(region: str) -> list[PatternEntry]:
    """Every pattern of ``region`` in catalogue order, with its examples."""
    return [
        PatternEntry(key=p.key, name=chinese(p.name),
                     english=p.english if english() else "",
                     value=value_label(region, p),
                     rule=regions.in_language(p.rule_zh, p.rule_en),
                     source=regions.source_label(p.source),
                     examples=[example(r) for r in REGIONS[region].examples.get(p.key, ())])
        for p in REGIONS[region].patterns
    ]


# --- The search (issue 25): a pattern by its name in either script (暴頭, 暴头), its
# pinyin initials (bt) or whole pinyin (baotou), or its English gloss (one suit). The
# page lists every row or entry as a hidden link with its terms (``Target.terms``);
# static/js/rules-search.js matches as ``find`` does here, where a page without
# JavaScript sends ?q=….

# Where pypinyin reads a pattern's name otherwise than players say it: the syllables as
# they say them. None so far (和 of 天和 hé, 胡 hú, 槓 gàng, 單 dān come out right);
# tests/web/test_rules_search.py lists the initials of every name, so that a new name
# read wrong fails there first.
READINGS: dict[str, str] = {}

SEARCH_LIMIT = 50  # characters of a query looked at

# What the search says (the same words, from data-msg-* attributes, in rules-search.js).
SEARCH_MESSAGES = {
    "none": gettext_lazy("No pattern found. Try its name, its pinyin initials or English."),
    "found": gettext_lazy("Patterns found:"),
    "elsewhere": gettext_lazy("Not a pattern of this region; found in other regions:"),
}


def syllables(name: str) -> list[str]:
    """A pattern name's pinyin without tones, as players say it: 暴頭 → bao, tou."""
    # Imported here: its dictionaries take a quarter of a second to load, which a
    # process that never shows a rules page need not spend.
    from pypinyin import lazy_pinyin

    return READINGS.get(name, "").split() or lazy_pinyin(to_simplified(name))


def _compact(text: str) -> str:
    """Letters and digits only, in lower case and half width: how a query meets a name,
    initials or pinyin (rules-search.js ``compact``)."""
    return re.sub(r"[\W_]+", "", unicodedata.normalize("NFKC", text).lower())


def _words(text: str) -> str:
    """Words in lower case, one space apart: how a query meets an English gloss
    ("lone-wild" is "lone wild"; rules-search.js ``words``)."""
    return " ".join(re.sub(r"[\W_]+", " ", unicodedata.normalize("NFKC", text).lower()).split())


@cache
def _terms(region: str, key: str) -> tuple[str, ...]:
    """What the search matches of a pattern: its names as written and in Simplified
    characters, its pinyin initials, its pinyin, its English words. Once per process."""
    pattern = REGIONS[region].pattern(key)
    spoken = syllables(pattern.name)
    return (_compact(pattern.name), _compact(to_simplified(pattern.name)),
            "".join(s[:1] for s in spoken), "".join(spoken), _words(pattern.english))


@dataclass(frozen=True, kw_only=True)
class Target:
    """A row or entry the search goes to: on this page (#row-bao_tou), or on another
    region's page (/rules/jinhua/#bao_tou)."""

    href: str
    name: str  # its patterns' names in the page's Chinese characters
    english: str  # on English pages only
    region: str  # where it is on another region's page: that region's name
    patterns: tuple[tuple[str, str], ...]  # (region key, pattern key) of each

    @property
    def anchor(self) -> str:
        """Its id, where it is on this page; "" where it is on another."""
        return self.href[1:] if self.href.startswith("#") else ""

    @property
    def terms(self) -> str:
        """Its patterns' terms as JSON, for rules-search.js (data-terms)."""
        return _terms_json(self.patterns)


@cache
def _terms_json(patterns: tuple[tuple[str, str], ...]) -> str:
    terms = list(dict.fromkeys(_terms(region, key) for region, key in patterns))
    return json.dumps(terms, ensure_ascii=False, separators=(",", ":"))


def overview_targets(sections: list[Section]) -> list[Target]:
    """The rows of /rules/, each with the names of its patterns (暴头 / 爆头 / 任意胡)."""
    targets = []
    for (_title, rows), section in zip(COMPARISON, sections, strict=True):
        for row, line in zip(rows, section.rows, strict=True):
            names = dict.fromkeys(cell.name for cell in line.cells if cell)
            first = next(REGIONS[r.key].pattern(row[r.key]) for r in regions.LISTED
                         if r.key in row)
            targets.append(Target(
                href=f"#{line.anchor}", name=" / ".join(names),
                english=first.english if english() else "", region="",
                patterns=tuple((r.key, row[r.key]) for r in regions.LISTED if r.key in row)))
    return targets


def region_targets(region: str) -> list[Target]:
    """The entries of /rules/<region>/, then the other regions' patterns, each a link to
    its entry on its region's page."""
    listed = [REGIONS[region], *(r for r in regions.LISTED if r.key != region)]
    return [Target(href=("" if r.key == region else reverse("rules-region", args=[r.key]))
                   + f"#{p.key}",
                   name=chinese(p.name),
                   english=p.english if english() else "",
                   region="" if r.key == region else regions.region_name(r),
                   patterns=((r.key, p.key),))
            for r in listed for p in r.patterns]


def _tier(terms: tuple[str, ...], compact: str, words: str) -> int | None:
    """How well one pattern's terms meet a query: 0 exactly (a name, the initials, the
    pinyin, the English), 1 at their start (or, for three letters or more, at an English
    word's), 2 inside a name. The English is for a query in Latin letters only (not 暴頭
    in "wild thrown away, then 暴頭")."""
    *names, initials, pinyin, english = terms
    latin = words.isascii()
    if compact in (*names, initials, pinyin) or (latin and words == english):
        return 0
    if (any(term.startswith(compact) for term in (*names, initials, pinyin))
            or (latin and len(words) >= 3 and f" {words}" in f" {english}")):
        return 1
    if any(compact in name for name in names):
        return 2
    return None


def find(query: str, targets: list[Target]) -> list[tuple[int, Target]]:
    """The targets that ``query`` meets, best first, with how well (``_tier``): the
    better tier first, then this page's before other pages', then page order."""
    compact, words = _compact(query[:SEARCH_LIMIT]), _words(query[:SEARCH_LIMIT])
    if not compact:
        return []
    found = []
    for order, target in enumerate(targets):
        tiers = [t for region, key in target.patterns
                 if (t := _tier(_terms(region, key), compact, words)) is not None]
        if tiers:
            found.append((min(tiers), not target.anchor, order, target))
    return [(tier, target) for tier, _elsewhere, _order, target in sorted(found)]


def jump(found: list[tuple[int, Target]]) -> Target | None:
    """Where the search goes at once: the best match, if it is on this page and no other
    match on this page is as good; else nothing, and the page lists the matches."""
    if not found or not found[0][1].anchor:
        return None
    best = found[0][0]
    if sum(1 for tier, target in found if tier == best and target.anchor) > 1:
        return None
    return found[0][1]


@dataclass(frozen=True, kw_only=True)
class Search:
    """A rules page's search as the page shows it."""

    query: str
    items: list[tuple[Target, bool]]  # every target, the matches first (best first); shown
    listed: bool  # whether the list of matches shows
    jump: Target | None
    found: str  # the id of the row or entry marked as found
    message: str

    @property
    def messages(self) -> dict[str, str]:
        """Every message, for rules-search.js (data-msg-*)."""
        return {name: str(text) for name, text in SEARCH_MESSAGES.items()}


def search(query: str, targets: list[Target], found: str = "") -> Search:
    """The search as a page without JavaScript shows it (?q=…&found=…): the matches
    listed where there is more than one, or none on this page, a message where nothing
    matches; the row or entry ``found`` marked."""
    query = query.strip()[:SEARCH_LIMIT]
    ranked = find(query, targets)
    matches = [target for _tier, target in ranked]
    go = jump(ranked)
    listed = len(matches) > 1 or (bool(matches) and go is None)
    shown = {id(target) for target in matches}
    items = [(t, listed) for t in matches] + [(t, False) for t in targets if id(t) not in shown]
    if not query or (go and not listed):
        message = ""
    elif not matches:
        message = str(SEARCH_MESSAGES["none"])
    elif not any(t.anchor for t in matches):
        message = str(SEARCH_MESSAGES["elsewhere"])
    else:
        message = str(SEARCH_MESSAGES["found"])
    anchors = {t.anchor for t in targets if t.anchor}
    return Search(query=query, items=items, listed=listed, jump=go,
                  found=found if found in anchors else "", message=message)

