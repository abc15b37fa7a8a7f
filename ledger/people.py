"""Who sat where (issue 30, item 3): people, not seats.

Players change during an evening: someone leaves at hand 20 and another takes the seat.
The ledger's arithmetic stays per seat (``ledger.rotation``: the dealer, the streak and
the running totals belong to a seat); this module says which person sat in each seat at
each line, so that the pages, the stats, the settle-up and the CSV speak of people.

Pure Python, no Django. The table keeps (``ledger.models.Table``) the four people seated
at the start (``player_e`` … ``player_n``) and the changes after it (``Table.seatings``:
``[{"from": N, "seat": "E", "name": …}]``: from line N on, that seat is that person's).
A person is their name: the four seated at any one line have different names, and a
person who leaves and comes back (in any seat) is the same person.

- ``Seating.at(line)``: seat → name at a line;
- ``Seating.stints(count)``: each person's stretches in one seat (``Stint``);
- ``nets(stints, totals)``: each person's net from the seats' running totals at the
  stints' ends — a read of two stored totals a stint (``Hand.after``), never of every
  hand: ``lines_read`` names them;
- ``Seating.renamed`` / ``seated`` / ``without``: the changes the people page makes,
  each refused (``Refused``) when it would seat one person twice at once;
- ``seated_stamp``: the four at one hand as a hand's form names them, so that its write
  is turned away when others sit there now.
"""

from __future__ import annotations

import hashlib
import json
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from decimal import Decimal

SEATS = ("E", "S", "W", "N")
NAME_LENGTH = 30  # as Table.player_e …
# Seat changes a table keeps: far more than an evening sees, and few enough that the
# stints' totals are a small read.
CHANGES_LIMIT = 100


@dataclass(frozen=True, kw_only=True)
class Change:
    """From line ``first`` on, ``seat`` is ``name``'s."""

    first: int
    seat: str
    name: str

    def to_json(self) -> dict:
        return {"from": self.first, "seat": self.seat, "name": self.name}


@dataclass(frozen=True, kw_only=True)
class Stint:
    """``person`` sat in ``seat`` from line ``first`` to line ``last``; ``last`` is
    ``first - 1`` for someone seated for a line not yet played."""

    person: str
    seat: str
    first: int
    last: int


# Why a change was refused: the codes the people page puts into words.
CLASH, TAKEN, SAME, EMPTY, TOO_LONG, NO_LINE, TOO_MANY, UNKNOWN = (
    "clash", "taken", "same", "empty", "too_long", "no_line", "too_many", "unknown")


@dataclass
class Refused(Exception):
    """A change that would leave the seating wrong: ``code`` (above) says why; ``name``,
    ``seat`` and ``line`` where (a clash: ``name`` would sit in ``seat`` too at line
    ``line``)."""

    code: str
    name: str = ""
    seat: str = ""
    line: int = 0


@dataclass(frozen=True, kw_only=True)
class Seating:
    """The four at the start (seat → name) and the changes after it, in order of line,
    then seat."""

    start: Mapping[str, str]
    changes: tuple[Change, ...] = ()

    @classmethod
    def of(cls, start: Mapping[str, str], seatings: Iterable[Mapping]) -> Seating:
        """From a table's four and its ``seatings`` JSON; later entries for the same
        seat and line replace earlier ones."""
        kept: dict[tuple[int, str], Change] = {}
        for entry in seatings:
            change = Change(first=int(entry["from"]), seat=entry["seat"], name=entry["name"])
            kept[(change.first, change.seat)] = change
        return cls(start=dict(start), changes=_ordered(kept.values()))

    def to_json(self) -> list[dict]:
        return [change.to_json() for change in self.changes]

    def at(self, line: int) -> dict[str, str]:
        """Seat → the name seated at ``line``."""
        names = dict(self.start)
        for change in self.changes:
            if change.first <= line:
                names[change.seat] = change.name
        return names

    def changed_at(self, line: int) -> list[Change]:
        """The changes that take effect at ``line``, in seat order."""
        return [change for change in self.changes if change.first == line]

    def people(self) -> list[str]:
        """Everyone who sat or sits at the table: the start's four in seat order, then
        the others as they came."""
        order = [self.start[seat] for seat in SEATS]
        order += [change.name for change in self.changes]
        return list(dict.fromkeys(order))

    def order(self, count: int) -> list[str]:
        """Everyone who sat at the table after ``count`` lines, as the pages list them:
        those seated for the next line in seat order, then those who left, as they
        came."""
        now = [self.at(count + 1)[seat] for seat in SEATS]
        return list(dict.fromkeys([*now, *(s.person for s in self.stints(count))]))

    def stints(self, count: int) -> list[Stint]:
        """Every person's stretches in one seat over lines 1 … ``count``, seat by seat;
        a seat's holder at the next line (``count + 1``) is there even before playing
        a line. A change that takes effect after the next line is not yet a stint."""
        stints = []
        for seat in SEATS:
            holders = [(1, self.start[seat])] + [(c.first, c.name) for c in self.changes
                                                 if c.seat == seat and c.first <= count + 1]
            for index, (first, name) in enumerate(holders):
                last = holders[index + 1][0] - 1 if index + 1 < len(holders) else count
                if last >= first or index + 1 == len(holders):
                    stints.append(Stint(person=name, seat=seat, first=first,
                                        last=max(last, first - 1)))
        return stints

    def stamp(self, count: int) -> str:
        """What a page drew the seating from, as a short text a form carries back: the
        four at the start, every change and the hands' count (``count``). Another
        phone's seat change, rename or recorded hand gives another stamp."""
        drawn = json.dumps([count, self.start, self.to_json()], sort_keys=True)
        return hashlib.sha256(drawn.encode()).hexdigest()[:16]

    def moved(self) -> bool:
        """Whether anyone changed seats or left: the four at the start are not all."""
        return bool(self.changes)

    # --- the changes the people page makes ---

    def renamed(self, old: str, new: str) -> Seating:
        """``old`` called ``new`` everywhere. Refused: an unknown or a taken name."""
        new = _checked_name(new)
        if old not in self.people():
            raise Refused(UNKNOWN, name=old)
        if new != old and new in self.people():
            raise Refused(TAKEN, name=new)

        def name(was: str) -> str:
            return new if was == old else was

        return Seating(start={seat: name(was) for seat, was in self.start.items()},
                       changes=tuple(replace(c, name=name(c.name)) for c in self.changes))

    def seated(self, first: int, names: Mapping[str, str], count: int) -> Seating:
        """From line ``first`` (1 … ``count + 1``) on, ``names`` (seat → name) sit at
        the table: a newcomer, someone back, two people swapping seats — one change,
        so that no step between seats a person twice. Line 1 changes the start's four.
        A change for the same seat and line is replaced; a seat whose name is its
        holder's already changes nothing. Refused: a line out of range, no seat
        changed, or one person in two seats at some line."""
        names = {seat: _checked_name(names[seat]) for seat in SEATS}
        if not 1 <= first <= count + 1:
            raise Refused(NO_LINE, line=first)
        if names == self.at(first):
            raise Refused(SAME, line=first)
        if first == 1:
            return Seating(start=names, changes=self.changes)._checked()
        kept = [c for c in self.changes if c.first != first]
        added = [Change(first=first, seat=seat, name=name) for seat, name in names.items()]
        if len(kept) + sum(1 for c in added if c.name != self.at(first - 1)[c.seat]) > (
                CHANGES_LIMIT):
            raise Refused(TOO_MANY)
        return Seating(start=self.start, changes=_ordered([*kept, *added]))._checked()

    def without(self, first: int, seat: str) -> Seating:
        """The change of ``seat`` at line ``first`` taken back: the seat's earlier
        holder sits on. Refused when that would seat them twice at once."""
        kept = [c for c in self.changes if (c.first, c.seat) != (first, seat)]
        return Seating(start=self.start, changes=tuple(kept))._checked()

    def _checked(self) -> Seating:
        """This seating, its changes that change nothing dropped; Refused when one
        person sits in two seats at some line."""
        useful: list[Change] = []
        for change in self.changes:
            before = Seating(start=self.start, changes=tuple(useful)).at(change.first - 1)
            if before[change.seat] != change.name:
                useful.append(change)
        seating = Seating(start=self.start, changes=tuple(useful))
        for line in sorted({1, *(c.first for c in seating.changes)}):
            seen: dict[str, str] = {}
            for seat, name in seating.at(line).items():
                if name in seen:
                    changed = {c.seat for c in seating.changed_at(line)}
                    # name the seat the person is asked to take, not the one they hold
                    where = seat if seat in changed else seen[name]
                    raise Refused(CLASH, name=name, seat=where, line=line)
                seen[name] = seat
        return seating


def seated_stamp(names: Mapping[str, str]) -> str:
    """The four people seated at one hand (seat → name, ``Seating.at``) as a short text a
    hand's form carries back (``ledger.forms.WriteFields.seated``): another phone's seat
    change or rename at that hand gives another, and the form's write is turned away
    (``ledger.store``) rather than recorded for someone it did not show."""
    drawn = json.dumps([names[seat] for seat in SEATS], ensure_ascii=False)
    return hashlib.sha256(drawn.encode()).hexdigest()[:16]


def _ordered(changes: Iterable[Change]) -> tuple[Change, ...]:
    return tuple(sorted(changes, key=lambda c: (c.first, SEATS.index(c.seat))))


# The one invisible character a name keeps: the joiner inside an emoji sequence (👨‍👩‍👧).
EMOJI_JOINER = "\u200d"


def plain_name(name: str) -> str:
    """A name as the table keeps it: its spaces (a full-width 　 too) as one space, none
    at the ends, so that "老　王" and "老 王" typed on two phones are one person; and
    without the characters that show nothing (Unicode's format characters: zero-width
    spaces, direction marks, a byte-order mark) but the emoji joiner, so that a name of
    them alone is no name, and "甲" with one pasted in is not another person."""
    shown = "".join(ch for ch in name
                    if ch == EMOJI_JOINER or unicodedata.category(ch) != "Cf")
    return " ".join(shown.split()).strip(EMOJI_JOINER).strip()


def _checked_name(name: str) -> str:
    name = plain_name(name)
    if not name:
        raise Refused(EMPTY)
    if len(name) > NAME_LENGTH:
        raise Refused(TOO_LONG, name=name)
    return name


def lines_read(stints: Iterable[Stint]) -> set[int]:
    """The lines whose running totals ``nets`` reads: each stint's last and the one
    before its first (0 is the start, all zero)."""
    return {line for stint in stints for line in (stint.first - 1, stint.last)}


def nets(stints: Iterable[Stint], totals: Mapping[int, Mapping[str, Decimal]]
         ) -> dict[str, Decimal]:
    """Each person's net: over their stints, their seat's running total after the
    stint's last line less that before its first. ``totals``: line → seat → the running
    total after that line, for (at least) ``lines_read``; line 0 may be left out."""
    def after(line: int, seat: str) -> Decimal:
        return Decimal(0) if line == 0 else Decimal(totals[line][seat])

    net: dict[str, Decimal] = {}
    for stint in stints:
        won = after(stint.last, stint.seat) - after(stint.first - 1, stint.seat)
        net[stint.person] = net.get(stint.person, Decimal(0)) + won
    return net
