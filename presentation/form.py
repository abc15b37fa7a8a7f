"""A calculator or waits form's fields as the engine's request (docs/API.md), written
once: the server's ``ScoreForm.to_request`` / ``WaitsForm.to_request`` and the browser's
offline engine both make the request here, and place the engine's objections on the
form fields they name.

``fields`` are the form's fields as the browser sends them (name → text; a ticked box
"on", the dice as ``dice_0`` and ``dice_1``, the 承包 rows as ``claim1_by`` …). A field
whose text cannot make a request gets a message in the players' words (the sentences of
calculator/field_errors.py, which gives Django's fields the same ones).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any
from urllib.parse import urlencode

from presentation.language import Language, gettext, gettext_lazy, pgettext_lazy, speaking
from presentation.messages import render
from presentation.regions import DEFAULT_REGION, region_label, streak_choices
from presentation.seats import SEAT_NAMES
from rules.circumstances import BY_KEY, Circumstance
from rules.melds import split_meld
from rules.regions import REGIONS

__all__ = ["BOTH_DICE", "CLAIM_FIELDS", "COMMON_FIELDS", "DIE_FACES", "MELD_WORDS",
           "REGION_FIELDS", "WHOLE_CLAIM_ROW", "WIN_FIELDS", "calculator_link", "choose",
           "claim_rows", "field_errors", "field_message", "fields_of", "form_field",
           "json_number", "melds_in_words", "number_message", "query_pairs",
           "request_from_fields", "shown_request", "text_message", "too_long_message"]

CLAIM_ROWS = 3
CLAIM_FIELDS = tuple(f"claim{row}_{part}" for row in range(1, CLAIM_ROWS + 1)
                     for part in ("by", "from", "count"))
COMMON_FIELDS = ("region", "hand", "melds", "win_tile", "wild", "win_type", "winner",
                 "dealer", "discarder", "dealer_streak", "base")
# The fields of the winning tile: a waits request has none (docs/API.md, "Waits").
WIN_FIELDS = ("win_tile", "win_type", "discarder")
# The sentences of the form's own checks, said here once (calculator.forms gives its
# Django fields the same ones).
BOTH_DICE = gettext_lazy("Give both dice, or neither.")
DIE_FACES = gettext_lazy("Give the two opening dice, each from 1 to 6.")
WHOLE_CLAIM_ROW = gettext_lazy("Give who claimed, from whom and how many times — or leave "
                               "the whole row blank.")
WIN_TYPES = {"self_draw": gettext_lazy("Self-draw 自摸"),
             "discard": gettext_lazy("On a discard 點炮"),
             "rob_kong": gettext_lazy("Robbing a kong 搶槓")}


def _region_fields(key: str) -> tuple[str, ...]:
    """The fields of the context keys a region's rules read (RULEBOOK §2-4), then its
    house rules that may change a score, then the claim rows."""
    region = REGIONS[key]
    context = tuple(k for k in region.context_keys if k != "claims")
    claims = CLAIM_FIELDS if "claims" in region.context_keys else ()
    return (*context, *(rule.key for rule in region.scoring_house_rules), *claims)


REGION_FIELDS = {key: _region_fields(key) for key in REGIONS}
HOUSE_RULES = {rule.key: rule for region in REGIONS.values()
               for rule in region.scoring_house_rules}

# A meld's kind as the melds box writes it, in the page's language (简体 吃 碰 杠 暗杠,
# 繁體 吃 碰 槓 暗槓, English chi pung kong ankong): the box filled from a link or a
# result, and a meld tapped in (static/js/tiles.js, through calculator/_tile_entry.html).
# The engine reads each of them in any language (rules/melds.py, split_meld), so a link
# made on one page opens on another.
MELD_WORDS = {"chi": pgettext_lazy("meld notation", "chi"),
              "pung": pgettext_lazy("meld notation", "pung"),
              "kong": pgettext_lazy("meld notation", "kong"),
              "ankong": pgettext_lazy("meld notation", "ankong")}


def melds_in_words(text: str) -> str:
    """The melds box's text with each line's kind in the page's language ("pung 555p"
    on a 简体 page: "碰 555p"), the tiles as written; a line without a kind word, or with
    one the engine does not know, as it is (its message quotes it)."""
    lines = []
    for line in text.splitlines():
        kind, tiles = split_meld(line)
        lines.append(f"{MELD_WORDS[kind]} {tiles.strip()}" if kind in MELD_WORDS else line)
    return "\n".join(lines)


def json_number(value: Decimal | int) -> int | float:
    """底分 as a JSON number: whole numbers as ints (the engine keeps decimals exact)."""
    value = Decimal(value)
    return int(value) if value == value.to_integral_value() else float(value)


# --- the players' words for a field that cannot be read ---

# A choice list is named in the message when it is this short (seats, regions, win types).
NAMED_CHOICES = 8
NAMED_LENGTH = 60  # characters, the names joined


def choose(names: Sequence[str], empty: bool) -> str:
    """Nothing picked, or something not on the list: pick one from it (named when short;
    never with a %, which Django's formatting of some messages with params would read)."""
    listed = " / ".join(names)
    if (names and len(names) <= NAMED_CHOICES and len(listed) <= NAMED_LENGTH
            and "%" not in listed):
        if empty:
            return gettext("Nothing chosen: pick one from the list (%(choices)s).") % {
                "choices": listed}
        return gettext("That is not one of the choices: pick one from the list "
                       "(%(choices)s).") % {"choices": listed}
    if empty:
        return gettext("Nothing chosen: pick one from the list.")
    return gettext("That is not one of the choices: pick one from the list.")


def text_message(code: str) -> str:
    """A typed field's sentence for Django's ``code``; %(limit_value)d and %(show_value)d
    (and %(max)s) left for the caller to fill in."""
    messages = {
        "required": gettext("This is empty: please fill it in."),
        "invalid": gettext("This is not in a form the page can read: check what is "
                           "written here."),
        "max_length": gettext("Too long: at most %(limit_value)d characters (this has "
                              "%(show_value)d). Shorten it."),
        "min_length": gettext("Too short: at least %(limit_value)d characters (this has "
                              "%(show_value)d)."),
        "max_digits": gettext("Too many digits: at most %(max)s in all."),
        "max_decimal_places": gettext("Too many digits after the point: at most %(max)s."),
        "max_whole_digits": gettext("Too many digits before the point: at most %(max)s."),
        "null_characters_not_allowed": gettext(
            "This holds a character that cannot be kept (a null character): type it "
            "again."),
    }
    return messages[code]


def too_long_message(text: str, lowest: int | None, highest: int | None) -> str | None:
    """A whole number too long for Python to read (``int()`` refuses more than
    ``sys.get_int_max_str_digits()`` digits, 4300): out of the field's range on its
    side, said as such (too large: write ``highest`` or less; too small; or too many
    digits where the field has no bound there). None for any other text, and for a
    number ``int()`` reads."""
    text = _WHOLE_POINT.sub("", text).strip()
    if not _DIGITS.fullmatch(text) or _whole(text) is not None:
        return None
    if text.startswith("-"):
        if lowest is not None:
            return number_message("min_value", whole=True) % {"limit_value": lowest}
    elif highest is not None:
        return number_message("max_value", whole=True) % {"limit_value": highest}
    return text_message("max_digits") % {"max": sys.get_int_max_str_digits()}


def number_message(code: str, whole: bool) -> str:
    """A typed number's sentence for ``code`` ("invalid", "min_value", "max_value");
    %(limit_value)s left for the caller to fill in."""
    if code == "min_value":
        return gettext("Too small: write %(limit_value)s or more.")
    if code == "max_value":
        return gettext("Too large: write %(limit_value)s or less.")
    if whole:
        return gettext("Not a whole number: write digits only, e.g. 2.")
    return gettext("Not a number: write it in digits, e.g. 1 or 0.5.")


# --- the fields as the request's values ---

class _Unreadable(Exception):
    """A field's text that makes no value of the request; its message."""


@dataclass(frozen=True, kw_only=True)
class _Text:
    longest: int
    required: bool = False

    def read(self, text: str) -> str:
        text = text.strip()
        if not text and self.required:
            raise _Unreadable(text_message("required"))
        if len(text) > self.longest:
            raise _Unreadable(text_message("max_length") % {
                "limit_value": self.longest, "show_value": len(text)})
        return text


@dataclass(frozen=True, kw_only=True)
class _Choice:
    choices: Callable[[str], Sequence[tuple[str, object]]]  # of the region's key
    required: bool = False

    def read(self, text: str, region: str) -> str:
        text = text.strip()
        choices = self.choices(region)
        if text and text in {value for value, _name in choices}:
            return text
        if not text and not self.required:
            return ""
        raise _Unreadable(choose([str(name) for _value, name in choices], empty=not text))


@dataclass(frozen=True, kw_only=True)
class _Whole:
    highest: int
    picked: bool = False  # chosen from a select (the dealer streak)

    def read(self, text: str, region: str) -> int | None:
        text = text.strip()
        if not text:
            return None
        number = _whole(text)
        if number is not None and 0 <= number <= self.highest:
            return number
        if self.picked:
            raise _Unreadable(choose([str(name) for _v, name in streak_choices(region)],
                                     empty=False))
        if number is None:
            raise _Unreadable(too_long_message(text, 0, self.highest)
                              or number_message("invalid", whole=True))
        code, limit = ("min_value", 0) if number < 0 else ("max_value", self.highest)
        raise _Unreadable(number_message(code, whole=True) % {"limit_value": limit})


# A whole number as Django's IntegerField reads it: a trailing ".0" allowed, and digits.
_WHOLE_POINT = re.compile(r"\.0*\s*$")
_DIGITS = re.compile(r"[+-]?[0-9]+")


def _whole(text: str) -> int | None:
    """A whole number as Django's IntegerField reads it (a trailing ".0" allowed)."""
    text = _WHOLE_POINT.sub("", text)
    try:
        return int(text)
    except ValueError:
        return None


_LOWEST_BASE, _HIGHEST_BASE = Decimal("0.01"), Decimal(1_000_000)


def _base(text: str) -> int | float:
    text = text.strip()
    if not text:
        return 1
    try:
        base = Decimal(text)
    except InvalidOperation:
        raise _Unreadable(number_message("invalid", whole=False)) from None
    if not base.is_finite():
        raise _Unreadable(number_message("invalid", whole=False))
    if base < _LOWEST_BASE:
        raise _Unreadable(number_message("min_value", whole=False) % {
            "limit_value": _LOWEST_BASE})
    if base > _HIGHEST_BASE:
        raise _Unreadable(number_message("max_value", whole=False) % {
            "limit_value": _HIGHEST_BASE})
    return json_number(base)


def _ticked(text: str) -> bool:
    """A checkbox as Django reads it: absent, "" or "false" unticked."""
    return bool(text) and text.lower() not in ("false", "0")


def _circumstance(declared: Circumstance, text: str, fields: Mapping[str, str]) -> Any:
    """A circumstance's field (``rules.circumstances``) as its kind reads it."""
    if declared.kind == "flag":
        return _ticked(text)
    if declared.kind == "count":
        return _Whole(highest=declared.limit).read(text, "")
    if declared.kind == "tile":
        return _Text(longest=10).read(text)
    return _dice(fields)


def _dice(fields: Mapping[str, str]) -> list[int] | None:
    faces = [fields.get(f"dice_{i}", "").strip() for i in (0, 1)]
    if faces == ["", ""]:
        return None
    if "" in faces:
        raise _Unreadable(str(BOTH_DICE))
    numbers = [_whole(face) for face in faces]
    if any(n is None or not 1 <= n <= 6 for n in numbers):
        raise _Unreadable(str(DIE_FACES))
    return [n for n in numbers if n is not None]


def _seats(_region: str) -> list[tuple[str, object]]:
    return list(SEAT_NAMES.items())


_TEXTS = {"hand": _Text(longest=80, required=True), "melds": _Text(longest=200),
          "win_tile": _Text(longest=10, required=True), "wild": _Text(longest=10)}
_CHOICES = {
    "region": _Choice(choices=lambda _r: [(key, region_label(key)) for key in REGIONS],
                      required=True),
    "win_type": _Choice(choices=lambda _r: list(WIN_TYPES.items()), required=True),
    "winner": _Choice(choices=_seats, required=True),
    "dealer": _Choice(choices=_seats, required=True),
    "discarder": _Choice(choices=_seats),
}
_STREAK = _Whole(highest=99, picked=True)
_CLAIM_PART = {"by": _Choice(choices=_seats), "from": _Choice(choices=_seats),
               "count": _Choice(choices=lambda _r: [(str(n), str(n)) for n in range(1, 5)])}


class _Reader:
    """Reads the fields one by one, keeping each one's message where it cannot."""

    def __init__(self, fields: Mapping[str, str], region: str) -> None:
        self.fields = fields
        self.region = region
        self.errors: dict[str, list[str]] = {}

    def value(self, name: str) -> Any:
        try:
            return self._read(name)
        except _Unreadable as unreadable:
            self.errors.setdefault(name, []).append(str(unreadable))
            return None

    def _read(self, name: str) -> Any:
        text = self.fields.get(name, "")
        if name in _TEXTS:
            return _TEXTS[name].read(text)
        if name in _CHOICES:
            return _CHOICES[name].read(text, self.region)
        if name == "dealer_streak":
            return _STREAK.read(text, self.region)
        if name == "base":
            return _base(text)
        if name in HOUSE_RULES:
            rule = HOUSE_RULES[name]
            return _Choice(choices=lambda _r: [(c.value, c.value) for c in rule.choices]
                           ).read(text, self.region)
        return _circumstance(BY_KEY[name], text, self.fields)

    def claims(self) -> list[dict[str, Any]]:
        """The filled 承包 rows as engine claims; a row half filled is an error."""
        claims = []
        for row in range(1, CLAIM_ROWS + 1):
            parts = {part: self._claim_part(row, part, choice)
                     for part, choice in _CLAIM_PART.items()}
            by, from_, count = parts["by"], parts["from"], parts["count"]
            if by and from_ and count:
                claims.append({"by": by, "from": from_, "count": int(count)})
            elif any(parts.values()):
                self.errors.setdefault(f"claim{row}_by", []).append(str(WHOLE_CLAIM_ROW))
        return claims

    def _claim_part(self, row: int, part: str, choice: _Choice) -> str | None:
        name = f"claim{row}_{part}"
        try:
            return choice.read(self.fields.get(name, ""), self.region) or None
        except _Unreadable as unreadable:
            self.errors.setdefault(name, []).append(str(unreadable))
            return None


# A result on a page lists what each other value of a house rule would make of the hand,
# where that changes it (若按另一种读法; docs/API.md, "alternatives").
SHOWN_WITH = {"alternatives": "house_rules"}


def shown_request(kind: str, request: dict[str, Any]) -> dict[str, Any]:
    """The engine request for a page's answer: a score asks for the other readings of
    its house rules too."""
    return {**request, **SHOWN_WITH} if kind == "score" else request


def request_from_fields(kind: str, fields: Mapping[str, str],
                        language: Language | None = None
                        ) -> tuple[dict[str, Any], dict[str, list[str]]]:
    """The request of ``kind`` ("score" or "waits") that a form's ``fields`` make, and
    the messages of the fields whose text cannot make one (then the request is partial),
    in ``language`` (else the current one). Only the chosen region's fields are read:
    other regions' cannot matter."""
    if language is not None:
        with speaking(language):
            return request_from_fields(kind, fields)
    reader = _Reader(fields, fields.get("region", "").strip())
    region = reader.value("region") or ""
    values = {name: reader.value(name) for name in COMMON_FIELDS[1:]
              if kind == "score" or name not in WIN_FIELDS}
    request: dict[str, Any] = {
        "region": region, **values,
        "melds": [line.strip() for line in (values["melds"] or "").splitlines()
                  if line.strip()],
        "dealer_streak": values["dealer_streak"] or 0,
    }
    if kind == "score":
        # A self-draw has no discarder: a seat left selected from before is not an error.
        request["discarder"] = ((values["discarder"] or None)
                                if values["win_type"] != "self_draw" else None)
    if not values["wild"]:
        del request["wild"]
    request.update(_circumstances(reader, region))
    return request, reader.errors


def _circumstances(reader: _Reader, region: str) -> dict[str, dict[str, Any]]:
    """The request's context and house rules, of the region's own fields."""
    context, house_rules = {}, {}
    for name in REGION_FIELDS.get(region, ()):
        if name in CLAIM_FIELDS:
            continue
        value = reader.value(name)
        if name in HOUSE_RULES:
            if value:
                house_rules[name] = value
        elif value not in (None, "", False, 0):
            context[name] = value
    claims = reader.claims() if CLAIM_FIELDS[0] in REGION_FIELDS.get(region, ()) else []
    if claims:
        context["claims"] = claims
    return {key: value for key, value in (("context", context), ("house_rules", house_rules))
            if value}


# --- the engine's objections, on the form's fields ---

# Engine field names: "melds[0]", "context.after_kong", "context.claims[1]", "house_rules.x".
_ENGINE_FIELD = re.compile(r"^(?:context\.|house_rules\.)?(?P<name>\w+)(?:\[(?P<index>\d+)\])?")


def form_field(engine_field: str, claim_rows: Sequence[int]) -> str | None:
    """The form field an engine error names: its own name, the first field of a claim's
    form row for one on the claims (``context.claims``, ``context.claims[i]``; the
    claims are those of ``claim_rows``, in order); None where no field is named."""
    match = _ENGINE_FIELD.match(engine_field)
    if match is None:
        return None
    name, index = match["name"], match["index"]
    if name == "claims":
        row = (claim_rows[int(index)] if index is not None and int(index) < len(claim_rows)
               else 1)
        return f"claim{row}_by"
    return name


def field_message(engine_field: str, message: str) -> str:
    """An engine error's sentence as its field shows it: a meld's says which meld."""
    match = _ENGINE_FIELD.match(engine_field)
    if match and match["name"] == "melds" and match["index"] is not None:
        return gettext("Meld %(number)s: %(message)s") % {
            "number": int(match["index"]) + 1, "message": message}
    return message


def claim_rows(fields: Mapping[str, str]) -> list[int]:
    """The form rows of the 承包 claims a request holds, in order: the filled rows."""
    return [row for row in range(1, CLAIM_ROWS + 1)
            if all(fields.get(f"claim{row}_{part}", "").strip()
                   for part in ("by", "from", "count"))]


def field_errors(errors: Sequence[Mapping[str, Any]], region: str | None,
                 fields: Mapping[str, str]) -> dict[str, list[str]]:
    """The engine's ``errors`` in the page's language, by the form field each names
    ("__all__" for one that names none of ``fields``'s kind: the form's own)."""
    rows = claim_rows(fields)
    placed: dict[str, list[str]] = {}
    for error in errors:
        name = form_field(error.get("field", ""), rows) or "__all__"
        if name not in _FORM_FIELDS and not name.startswith("claim"):
            name = "__all__"
        placed.setdefault(name, []).append(
            field_message(error.get("field", ""), render(error, region)))
    return placed


_FORM_FIELDS = {*COMMON_FIELDS, *(n for names in REGION_FIELDS.values() for n in names)}


# --- links ---

def calculator_link(calculator: str, pairs: Sequence[tuple[str, str]], tile: str,
                    discarder: str | None = None) -> str:
    """The calculator at ``calculator``, filled in with a waits form's hand (``pairs``:
    its fields as typed) won on ``tile``: self-drawn, or discarded by ``discarder``."""
    pairs = list(pairs)
    at = next((i + 1 for i, (key, _v) in enumerate(pairs) if key == "melds"),
              next((i + 1 for i, (key, _v) in enumerate(pairs) if key == "hand"), 0))
    win = [("win_tile", tile), ("win_type", "discard" if discarder else "self_draw")]
    if discarder:
        win.append(("discarder", discarder))
    return f"{calculator}?{urlencode(pairs[:at] + win + pairs[at:])}"


def fields_of(values: Mapping[str, object]) -> dict[str, str]:
    """A form's cleaned values as the browser would send its fields: a ticked box "on",
    the dice as ``dice_0`` and ``dice_1``, a blank ""."""
    fields = {}
    for name, value in values.items():
        if name == "dice":
            dice = value if isinstance(value, list | tuple) else ("", "")
            fields.update({f"dice_{i}": "" if face is None else str(face)
                           for i, face in enumerate(dice)})
        elif isinstance(value, bool):
            fields[name] = "on" if value else ""
        else:
            fields[name] = "" if value is None else str(value)
    return fields


def query_pairs(kind: str, fields: Mapping[str, str]) -> list[tuple[str, str]]:
    """A form's permalink query: the fields a request of ``kind`` reads (the common ones,
    then the region's), as typed, blanks left out; a ticked box "on", the dice as
    ``dice_0`` and ``dice_1``; no discarder for a self-draw, no winning tile for waits."""
    region = fields.get("region", "")
    region = region if region in REGION_FIELDS else DEFAULT_REGION
    names = [n for n in COMMON_FIELDS if kind == "score" or n not in WIN_FIELDS]
    if kind == "score" and fields.get("win_type") == "self_draw":
        names.remove("discarder")
    pairs = []
    for name in [*names, *REGION_FIELDS[region]]:
        if name == "dice":
            pairs += [(f"dice_{i}", fields.get(f"dice_{i}", "")) for i in (0, 1)]
        elif name in BY_KEY and BY_KEY[name].kind == "flag":
            pairs.append((name, "on" if _ticked(fields.get(name, "")) else ""))
        else:
            pairs.append((name, fields.get(name, "")))
    return [(name, value) for name, value in pairs if value != ""]
