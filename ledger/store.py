"""Writing the ledger: record, change and undo hands without losing or doubling one.

Every write is one transaction that first claims the table's version with a
compare-and-set (``UPDATE … SET version = version + 1 WHERE version = seen``). Of two
phones that saw the same version, exactly one gets the row; the other's UPDATE matches
nothing (PostgreSQL re-reads the row after the first commits) and it is told what was
written meanwhile instead of overwriting it. Hand numbers are unique per table in the
schema as well, so even a bug here could not store two hands #5.

A change to a past hand is replayed forward: every later win is scored again with the
dealer, streak and history that now precede it. If a later hand no longer scores (say a
Hangzhou discard win whose 三連莊 has gone), nothing is written and the error says which
hand and why. ``check`` does the same replay without writing, so a page can say so
before it offers to save.

Undo keeps the hand it removed on the table (``Table.undone``) until the next write;
``restore`` puts it back, scored again where it stood.

A win is a score request, or a paper result (``rules.settle``: the total a table worked
out itself, with no tiles), shared out by the same payment rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import F

from ledger.models import Hand, Table
from ledger.rotation import Ledger, advance, compose, replay, start
from rules import InvalidRequest, score
from rules.settle import settle, total_key

SHOWN_CHANGED = 10
HANDS_LIMIT = 1000  # hands per table: an evening is 16-100; a table kept for months fits


class TableFull(Exception):
    """The table has HANDS_LIMIT hands: no more can be recorded (change or undo still can)."""


class StaleLedger(Exception):
    """The ledger changed since the writer's page was drawn."""

    def __init__(self, table: Table, seen: int):
        super().__init__(f"table version {table.version}, the form saw {seen}")
        self.table = table
        self.seen = seen
        # What others wrote meanwhile: hands written after the version the writer saw
        # (the newest SHOWN_CHANGED of them: the answer stays small however many).
        since = table.hands.filter(written_at_version__gt=seen).order_by("-number")
        self.changed = list(since[:SHOWN_CHANGED])[::-1]


@dataclass
class Refused(Exception):
    """The write would leave a hand that does not score: nothing was written."""

    number: int
    errors: list  # the engine's {"field", "message", "code", "params"} dicts

    def __str__(self) -> str:
        return f"hand {self.number}: " + "; ".join(e["message"] for e in self.errors)


def load(table: Table) -> Ledger:
    return replay(table.region, table.first_dealer, table.hands.all())


@dataclass
class _Light:
    """What ``replay`` reads of a hand: its kind, winner, wild and payments."""

    number: int
    kind: str
    request: dict
    result: dict | None


def load_light(table: Table) -> Ledger:
    """The ledger as ``load`` gives it, read from the four values the replay needs (the
    database picks them out of the JSON): each entry's ``request`` holds only the winner
    and the wild, its ``result`` only the payments. For the ledger page, whose cost must
    not grow with the whole engine answer of every hand (``attach`` fills in the shown)."""
    rows = table.hands.values_list("number", "kind", "request__winner", "request__wild",
                                   "result__payments")
    hands = []
    for number, kind, winner, wild, payments in rows:
        request = {key: value for key, value in (("winner", winner), ("wild", wild))
                   if value is not None}
        hands.append(_Light(number, kind, request,
                            {"payments": payments} if payments else None))
    return replay(table.region, table.first_dealer, hands)


def attach(table: Table, entries: list) -> None:
    """Give the ``load_light`` entries shown on a page their full request and result."""
    full = {h.number: h for h in table.hands.filter(number__in=[e.number for e in entries])}
    for entry in entries:
        entry.request, entry.result = full[entry.number].request, full[entry.number].result


def score_win(table: Table, position, fields: dict) -> tuple[dict, dict]:
    """The full request for a win at ``position`` and the engine's response. Raises
    InvalidRequest, or Refused when the tiles are valid but do not win."""
    request = compose(fields, region=table.region, base=table.base,
                      house_rules=table.house_rules, position=position)
    if is_paper(table.region, fields):
        request.pop("context", None)  # a paper result has no circumstances to read
        return request, settle(request)
    response = score(request)
    if not response["winning"]:
        raise Refused(position.number, [{
            "field": "hand", "message": response["reason"], "code": response["reason_code"],
            "params": response["reason_params"]}])
    return request, response


def is_paper(region: str, fields: dict) -> bool:
    """Whether a win's fields are a paper result (its total, no tiles)."""
    return total_key(region) in fields and "hand" not in fields


def check(table: Table, number: int, kind: str, fields: dict) -> None:
    """Raise Refused if recording hand ``number`` as ``kind`` with ``fields`` would leave
    a hand (it, or a later one replayed after it) that does not score. Writes nothing."""
    hands = list(table.hands.all())
    if number <= len(hands):
        hand = hands[number - 1]
    else:
        hand = Hand(table=table, number=number)
        hands.append(hand)
    hand.kind = kind
    hand.request = _request(kind, fields)
    _rescored(table, hands, number)


def _request(kind: str, fields: dict) -> dict:
    if kind == Hand.DRAW:
        return {"wild": fields["wild"]} if fields.get("wild") else {}
    return fields


def write(table_id: int, seen: int, number: int, kind: str, fields: dict) -> Table:
    """Record hand ``number`` (the next one, or a past one to change it) as ``kind``:
    a win with the hand fields of a score request, or a draw (``fields`` may name its
    wild). Raises StaleLedger, or Refused (the engine's objections included); returns
    the table."""
    with transaction.atomic():
        table = _claim(table_id, seen)
        hands = list(table.hands.all())
        if not 1 <= number <= len(hands) + 1:
            raise Refused(number, [{"field": "number",
                                    "message": f"there is no hand {number} to change"}])
        if number <= len(hands):
            hand = hands[number - 1]
        else:
            if len(hands) >= HANDS_LIMIT:
                raise TableFull()
            hand = Hand(table=table, number=number)
            hands.append(hand)
        hand.kind = kind
        hand.request = _request(kind, fields)
        for changed in _rescored(table, hands, number):
            changed.save()
        if table.undone is not None:  # a new write: the undone hand is gone for good
            Table.objects.filter(pk=table.pk).update(undone=None)
            table.undone = None
        return table


def undo_last(table_id: int, seen: int) -> tuple[Table, int | None]:
    """Delete the last hand; returns the table and the undone hand's number."""
    with transaction.atomic():
        table = _claim(table_id, seen)
        last = table.hands.order_by("-number").first()
        if last is None:
            return table, None
        table.undone = {"number": last.number, "kind": last.kind, "request": last.request}
        Table.objects.filter(pk=table.pk).update(undone=table.undone)
        last.delete()
        return table, last.number


def restore(table_id: int, seen: int) -> tuple[Table, int | None]:
    """Put the undone hand back, scored again where it stood; returns the table and its
    number (None when there was nothing to restore). Raises StaleLedger or Refused."""
    with transaction.atomic():
        table = _claim(table_id, seen)
        undone = table.undone
        if undone is None or undone["number"] != table.hands.count() + 1:
            return table, None
        hands = [*table.hands.all(), Hand(table=table, number=undone["number"],
                                          kind=undone["kind"], request=undone["request"])]
        for changed in _rescored(table, hands, undone["number"]):
            changed.save()
        Table.objects.filter(pk=table.pk).update(undone=None)
        table.undone = None
        return table, undone["number"]


def _claim(table_id: int, seen: int) -> Table:
    """Bump the version if it is still ``seen``; else StaleLedger. Holds the table's row
    lock until the transaction ends, so writers to one table go one at a time."""
    claimed = Table.objects.filter(pk=table_id, version=seen).update(version=F("version") + 1)
    table = Table.objects.get(pk=table_id)
    if not claimed:
        raise StaleLedger(table, seen)
    return table


def _rescored(table: Table, hands: list[Hand], number: int) -> list[Hand]:
    """Score hand ``number`` and every later win again from the position before it;
    the hands that changed, to save. Raises Refused before anything is saved."""
    position = start(table.first_dealer)
    dirty = []
    for hand in hands:
        if hand.number >= number:
            if hand.kind == Hand.WIN:
                # score_win's own Refused already names this hand (position.number).
                try:
                    request, response = score_win(table, position, hand.request)
                except InvalidRequest as invalid:
                    raise Refused(hand.number, invalid.errors) from None
            else:
                request, response = hand.request, None
            if hand.number == number or (request, response) != (hand.request, hand.result):
                hand.request, hand.result = request, response
                hand.written_at_version = table.version
                dirty.append(hand)
        position = advance(table.region, position, hand.kind, hand.request)
    return dirty
