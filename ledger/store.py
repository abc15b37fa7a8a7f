"""Writing the ledger: record, change and undo hands without losing or doubling one.

Every write is one transaction that first claims the table's version with a
compare-and-set (``UPDATE … SET version = version + 1 WHERE version = seen``). Of two
phones that saw the same version, exactly one gets the row; the other's UPDATE matches
nothing (PostgreSQL re-reads the row after the first commits) and it is told what was
written meanwhile instead of overwriting it. Hand numbers are unique per table in the
schema as well, so even a bug here could not store two hands #5.

The seating (``ledger.people``) moves no version, yet a hand's form names people by
seat: its write says which four it named (``Write.seated``), and is stale as well when
others sit at its hand now — never recorded for someone its player did not see.

A change to a past hand is replayed forward: every later win is scored again with the
dealer, streak and history that now precede it. If a later hand no longer scores (say a
Hangzhou discard win whose 三連莊 has gone), nothing is written and the error says which
hand and why. ``check`` does the same replay without writing, so a page can say so
before it offers to save.

Undo keeps the hand it removed on the table (``Table.undone``) until the next write;
``restore`` puts it back, scored again where it stood.

A win is a score request, or a paper result (``rules.settle``: the total a table worked
out itself, with no tiles, and the claims of its contracts), shared out by the same
payment and contract rules.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from decimal import Decimal

from django.db import transaction
from django.db.models import F

from ledger.models import Hand, Table
from ledger.models import Write as WriteRecord
from ledger.people import seated_stamp
from ledger.rotation import (
    HISTORY_CONTEXT,
    Entry,
    Ledger,
    Position,
    advance,
    after_json,
    compose,
    from_after_json,
    payments_of,
    replay,
    start,
)
from rules import InvalidRequest, score
from rules.request import SEATS
from rules.settle import settle, total_key

SHOWN_CHANGED = 10
HANDS_LIMIT = 1000  # hands per table: an evening is 16-100; a table kept for months fits


class TableFull(Exception):
    """The table has HANDS_LIMIT hands: no more can be recorded (change or undo still can)."""


class StaleLedger(Exception):
    """The ledger changed since the writer's page was drawn, or the people seated at its
    hand did (``Write.seated``)."""

    def __init__(self, table: Table, seen: int):
        super().__init__(f"table version {table.version}, the form saw {seen}")
        self.table = table
        self.seen = seen
        # False where only the people seated at its hand changed (no version moves then)
        self.moved = table.version != seen
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
    return replay(table.region, table.first_dealer, table.hands.all(), table.house_rules)


def fill_after(table: Table) -> None:
    """Store every hand's ``after`` from a replay of the table."""
    hands = list(table.hands.all())
    for hand, entry in zip(hands, load(table).entries, strict=True):
        hand.after = after_json(entry.after, entry.totals)
    Hand.objects.bulk_update(hands, ["after"], batch_size=500)


@dataclass
class Page:
    """One page of a ledger, newest hand first, read from the hands it shows (their
    stored ``after``) and the chart's sample: its cost does not grow with the table."""

    entries: list[Entry]  # the hands of this page, newest first
    count: int  # hands in the table
    position: Position  # before the next hand
    totals: dict[str, Decimal]  # after the last hand
    chart: dict[int, dict[str, Decimal]]  # hand number → running totals, sampled


def load_page(table: Table, page: int, size: int, numbers: list[int] | None = None,
              count: int | None = None) -> Page:
    """Hands ``count - page*size + 1`` … ``count - (page-1)*size`` (page 1 the newest),
    with the chart's totals at ``numbers`` (hand numbers; 0 is the start); ``count``:
    the table's hands, when the caller has counted them already."""
    if count is None:
        count = table.hands.count()
    newest = count - (page - 1) * size
    oldest = max(1, newest - size + 1)
    chart_rows = dict(table.hands.filter(number__in=numbers or []).values_list("number",
                                                                                "after"))
    if None in chart_rows.values():
        fill_after(table)  # hands written before Hand.after, or by hand: once
        return load_page(table, page, size, numbers, count)
    shown = entries(table, range(newest, oldest - 1, -1), count)
    count = shown.count
    zero = dict.fromkeys(SEATS, Decimal(0))
    position, totals = _state(table, count, shown.rows)
    chart = {n: (zero if n == 0 else from_after_json(n + 1, after)[1])
             for n, after in {0: None, **chart_rows}.items()}
    return Page(entries=shown.entries, count=count, position=position, totals=totals,
                chart=chart)


@dataclass
class Entries:
    """Some recorded hands as ledger rows, read from their stored ``after`` and their
    predecessors' (``entries``); ``rows``: the hands read, by number; ``count``: the
    hands the table had when they were read."""

    entries: list[Entry]
    rows: dict[int, Hand]
    count: int


def entries(table: Table, numbers, count: int | None = None) -> Entries:
    """Hands ``numbers`` (those the table has, in the order given) as ledger rows, and
    the last hand, whose ``after`` is the position before the next: a few rows read,
    however long the table. ``count``: the table's hands, when the caller has counted
    them. The count and the rows are two reads: when another phone's write or undo came
    between them, they are read again — and at last under the table's lock, which holds
    writers off — so the rows always agree with the count."""
    numbers = list(numbers)
    for attempt in range(3):
        if attempt < 2:
            count, shown, rows = _read(table, numbers, count)
        else:  # the table keeps changing: read under its lock, which holds writers off
            with transaction.atomic():
                Table.objects.select_for_update().filter(pk=table.pk).first()
                count, shown, rows = _read(table, numbers, None)
        if len(rows) == len({n for n in (*shown, *(n - 1 for n in shown), count) if n >= 1}):
            break
        count = None  # the table changed between the two reads: read both again
    else:
        raise AssertionError("a table's hands read under its lock are whole")
    if any(h.after is None for h in rows.values()):
        fill_after(table)  # hands written before Hand.after, or by hand: once
        return entries(table, numbers, count)
    found = []
    for number in shown:
        hand = rows[number]
        before, totals_before = _state(table, number - 1, rows)
        after, totals = _state(table, number, rows)
        payments = {seat: totals[seat] - totals_before[seat] for seat in SEATS}
        found.append(Entry(number=number, kind=hand.kind, before=before, after=after,
                           request=hand.request, result=hand.result, payments=payments,
                           totals=totals))
    return Entries(entries=found, rows=rows, count=count)


def _read(table: Table, numbers: list[int], count: int | None):
    """The count (unless given), the numbers among those the table has, and the rows of
    those hands, their predecessors and the last hand."""
    if count is None:
        count = table.hands.count()
    shown = [n for n in numbers if 1 <= n <= count]
    wanted = {n for n in (*shown, *(n - 1 for n in shown), count) if n >= 1}
    return count, shown, {h.number: h for h in table.hands.filter(number__in=wanted)}


def _state(table: Table, number: int, rows: dict[int, Hand]) -> tuple[Position,
                                                                      dict[str, Decimal]]:
    """The position before hand ``number + 1`` and the totals after hand ``number``."""
    if number == 0:
        return start(table.first_dealer), dict.fromkeys(SEATS, Decimal(0))
    return from_after_json(number + 1, rows[number].after)


@dataclass
class Spot:
    """Hand ``number`` of a table as a hand's page needs it: the hands the table has,
    the position before the hand, and the hand when it is recorded (None: the next)."""

    count: int
    position: Position
    entry: Entry | None


def spot(table: Table, number: int) -> Spot | None:
    """Hand ``number`` (a recorded one, or the next), read from two stored hands: a
    hand's page costs the same on a table of 10 hands and of 1,000. None: no such hand."""
    read = entries(table, [number])
    if read.entries:
        entry = read.entries[0]
        return Spot(count=read.count, position=entry.before, entry=entry)
    if number != read.count + 1:
        return None
    return Spot(count=read.count, position=_state(table, read.count, read.rows)[0],
                entry=None)


def score_win(table: Table, position, fields: dict) -> tuple[dict, dict]:
    """The full request for a win at ``position`` and the engine's response. Raises
    InvalidRequest, or Refused when the tiles are valid but do not win."""
    request = compose(fields, region=table.region, base=table.base,
                      house_rules=table.house_rules, position=position)
    if is_paper(table.region, fields):
        # A paper result reads no history (compose's previous_draws, previous_wild), only
        # its own context: the claims of its contracts (RULEBOOK §7), kept in the request
        # so that a replay settles them again.
        context = {key: value for key, value in (fields.get("context") or {}).items()
                   if key not in HISTORY_CONTEXT}
        request.pop("context", None)
        if context:
            request["context"] = context
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
    _place(table, hands, number, kind, fields)
    _rescored(table, hands, number)


def _place(table: Table, hands: list[Hand], number: int, kind: str, fields: dict) -> None:
    """Hand ``number`` in ``hands`` as ``kind`` with ``fields``: a recorded hand changed,
    or the next one added (TableFull past HANDS_LIMIT). Its callers name a hand the
    table has or the next one (``apply`` refuses any other as NotNamed, and ``check`` is
    asked only of a page's own hand)."""
    assert 1 <= number <= len(hands) + 1, number
    if number <= len(hands):
        hand = hands[number - 1]
    else:
        if len(hands) >= HANDS_LIMIT:
            raise TableFull()
        hand = Hand(table=table, number=number)
        hands.append(hand)
    hand.kind = kind
    if kind == Hand.DRAW:
        hand.request = {"wild": fields["wild"]} if fields.get("wild") else {}
    else:
        hand.request = fields


@dataclass(frozen=True)
class Write:
    """One write, as a form or an offline queue sends it: what it does (``intent``: add
    the next hand, "new"; change hand ``number``, "edit"; "undo" the last hand, hand
    ``number``; "restore" the undone hand ``number``), from which ledger ``version``,
    under which ``key`` (made with the form: the same key sent again is answered, never
    written twice). A hand's write has its ``kind`` ("win" or "draw") and ``fields``: a
    win's hand fields (a score request's or a paper result's), or a draw's wild; and,
    where its form named people (a win, a paper result, an adjustment: not a draw),
    ``seated``: the four it named at its hand (``people.seated_stamp``). A write whose
    four are not those seated at its hand now is as stale as one from an older version:
    its player picked a person, and the seat is someone else's now. Empty: not said (a
    draw, an undo, a page older than it), not checked."""

    intent: str
    number: int
    version: int
    key: str
    kind: str = ""
    fields: dict = field(default_factory=dict)
    seated: str = ""

    @property
    def content(self) -> str:
        """What the write says, apart from where it goes (its number and version, which
        a queue may move when it places the write again): the same key with other
        content is another hand, never "already recorded"."""
        said = json.dumps([self.intent, self.kind, self.fields], sort_keys=True,
                          ensure_ascii=False, default=str)
        return hashlib.sha256(said.encode()).hexdigest()[:32]


@dataclass(frozen=True)
class Written:
    """What a write did: the table after it and the hand it wrote, undid or restored;
    ``already``: the key had been written before, and nothing was written now."""

    table: Table
    number: int
    already: bool = False


@dataclass
class KeyReused(Exception):
    """The key was written before with other content: a form that recorded hand
    ``number`` sent again with another hand. Nothing was written."""

    number: int


class NothingToDo(Exception):
    """An undo with no hand to undo, or a restore with none undone: nothing changes."""


@dataclass
class NotNamed(Exception):
    """The write names a hand its intent cannot touch (a new hand that is not the next
    one, a change to a hand that does not exist, an undo of a hand that is not the
    last): nothing was written. Pages never send one; a hand-made request may."""

    intent: str
    number: int
    count: int  # the hands the table has


def apply(table_id: int, write: Write) -> Written:
    """Do ``write`` — the one write path of the ledger. Raises StaleLedger (the ledger
    moved on since ``write.version``, and ``write.key`` was not written), NotNamed,
    NothingToDo, TableFull or Refused (the engine's objections included): then nothing
    was written and the version did not move."""
    try:
        with transaction.atomic():
            table = _claim(table_id, write)
            number = _DO[write.intent](table, write)
            WriteRecord.objects.create(table=table, key=write.key, intent=write.intent,
                                       number=number, version=table.version,
                                       content=write.content)
            return Written(table, number)
    except _AlreadyWritten as already:
        return Written(already.table, already.record.number, already=True)


def _new_or_edit(table: Table, write: Write) -> int:
    hands = list(table.hands.all())
    count = len(hands)
    if (write.intent == WriteRecord.NEW) != (write.number == count + 1) or not (
            1 <= write.number <= count + 1):
        raise NotNamed(write.intent, write.number, count)
    _place(table, hands, write.number, write.kind, write.fields)
    for changed in _rescored(table, hands, write.number):
        changed.save()
    if table.undone is not None:  # a new write: the undone hand is gone for good
        Table.objects.filter(pk=table.pk).update(undone=None)
        table.undone = None
    return write.number


def _undo(table: Table, write: Write) -> int:
    """Delete the last hand, keeping it on the table (``Table.undone``) to restore."""
    last = table.hands.order_by("-number").first()
    if last is None:
        raise NothingToDo()
    if last.number != write.number:
        raise NotNamed(write.intent, write.number, last.number)
    table.undone = {"number": last.number, "kind": last.kind, "request": last.request}
    Table.objects.filter(pk=table.pk).update(undone=table.undone)
    last.delete()
    return last.number


def _restore(table: Table, write: Write) -> int:
    """Put the undone hand back, scored again where it stood."""
    undone = table.undone
    count = table.hands.count()
    if undone is None or undone["number"] != count + 1:
        raise NothingToDo()
    if undone["number"] != write.number:
        raise NotNamed(write.intent, write.number, count)
    hands = [*table.hands.all(), Hand(table=table, number=undone["number"],
                                      kind=undone["kind"], request=undone["request"])]
    for changed in _rescored(table, hands, undone["number"]):
        changed.save()
    Table.objects.filter(pk=table.pk).update(undone=None)
    table.undone = None
    return undone["number"]


_DO = {WriteRecord.NEW: _new_or_edit, WriteRecord.EDIT: _new_or_edit,
       WriteRecord.UNDO: _undo, WriteRecord.RESTORE: _restore}


@dataclass
class _AlreadyWritten(Exception):
    table: Table
    record: WriteRecord


def _claim(table_id: int, write: Write) -> Table:
    """Bump the version if it is still the write's; then, or when it moved on, its key
    decides: written before with the same content, _AlreadyWritten; with other content,
    KeyReused; else, when the version moved or others sit at its hand than its form
    named (``Write.seated``), StaleLedger. Holds the table's row lock until the
    transaction ends, so writers to one table go one at a time (and a key written by one,
    or a seating written by the people page under the same lock, is seen by the next)."""
    claimed = Table.objects.filter(pk=table_id, version=write.version).update(
        version=F("version") + 1)
    table = Table.objects.get(pk=table_id)
    record = WriteRecord.objects.filter(table_id=table_id, key=write.key).first()
    if record is not None:
        if record.content != write.content:
            raise KeyReused(record.number)
        raise _AlreadyWritten(table, record)
    if not claimed:
        raise StaleLedger(table, write.version)
    if write.seated and write.seated != seated_stamp(table.seating.at(write.number)):
        # the claim is rolled back with the transaction: the version stays the write's
        table.version = write.version
        raise StaleLedger(table, write.version)
    return table


def _rescored(table: Table, hands: list[Hand], number: int) -> list[Hand]:
    """Score hand ``number`` and every later win again from the position before it;
    the hands that changed, to save. Raises Refused before anything is saved."""
    position = start(table.first_dealer)
    totals = dict.fromkeys(SEATS, Decimal(0))
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
        position = advance(table.region, position, hand.kind, hand.request, table.house_rules)
        paid = payments_of(hand.kind, hand.request, hand.result)
        totals = {seat: totals[seat] + paid[seat] for seat in SEATS}
        after = after_json(position, totals)
        if hand.after != after:
            hand.after = after
            if hand not in dirty:
                dirty.append(hand)
    return dirty
