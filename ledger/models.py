"""The table ledger (台帳): a session at a real table, hand after hand.

A table keeps only what players decide once — region, base, names, first dealer, house
rules. Everything that follows from history (dealer, dealer streak, previous draws,
previous wild, running totals) is recomputed from the recorded hands by
``ledger.rotation.replay``, never stored twice, so it can never disagree with them.
"""

from __future__ import annotations

import hashlib
import json
import secrets

from django.db import models
from django.utils.translation import gettext_lazy as _

from calculator.regions import region_choices
from ledger import rotation
from ledger.people import Seating
from rules.request import SEATS


def new_token() -> str:
    """An unguessable link token: 128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


class Table(models.Model):
    # Two capabilities, no accounts: the view token reads, the edit token writes.
    view_token = models.CharField(max_length=32, unique=True, default=new_token,
                                  editable=False)
    edit_token = models.CharField(max_length=32, unique=True, default=new_token,
                                  editable=False)
    name = models.CharField(_("Table name"), max_length=60, blank=True)
    region = models.CharField(_("Region"), max_length=10, choices=region_choices)
    base = models.DecimalField(_("Base 底分"), max_digits=12, decimal_places=2, default=1)
    player_e = models.CharField(max_length=30)
    player_s = models.CharField(max_length=30)
    player_w = models.CharField(max_length=30)
    player_n = models.CharField(max_length=30)
    first_dealer = models.CharField(max_length=1, choices=[(s, s) for s in SEATS],
                                    default="E")
    house_rules = models.JSONField(default=dict, blank=True)
    # 元 a point, for the settle-up (ledger.settle): blank keeps it in points. Not part
    # of any hand, so changing it moves no version (ledger.views.table_money).
    money_per_point = models.DecimalField(_("Money per point (元/分)"), max_digits=9,
                                          decimal_places=4, null=True, blank=True)
    # 诈胡 (a false win): what the offender pays each other player by default, in points
    # (ledger.forms.AdjustmentForm offers it; the player may type another amount).
    false_win_penalty = models.DecimalField(_("False win penalty 诈胡 (points to each)"),
                                            max_digits=12, decimal_places=2, null=True,
                                            blank=True)
    # Who sits where after the start (ledger.people): [{"from": N, "seat": "E", "name":
    # …}] — from hand N on, that seat is that person's. The start's four are player_*.
    # Not part of any hand, so changing it moves no version (as money_per_point).
    seatings = models.JSONField(default=list, blank=True)
    # Bumped by every write (record, edit, undo). A form carries the version it was
    # drawn from; a write with another version is refused (see ledger.store).
    version = models.PositiveIntegerField(default=0)
    # The hand undone last ({"number", "kind", "request"}), kept so that it can be put
    # back until the next hand is recorded; None when there is none to restore.
    undone = models.JSONField(null=True, blank=True, default=None)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        # The table's name from when the ledger was part of the calculator app: the
        # model moved (ledger/migrations/0001_initial.py), the data did not.
        db_table = "calculator_table"

    def __str__(self) -> str:
        # An untitled table by its region and when it started, never by its id (which
        # would tell how many tables there are).
        when = f" · {self.created:%Y-%m-%d %H:%M}" if self.created else ""
        return self.name or f"{self.get_region_display()}{when}"

    # What the sheet shows besides the hands, which change no version: another phone's
    # change to any of them gives the sheet another stamp (``sheet_stamp``).
    SHEET_FIELDS = ("name", "player_e", "player_s", "player_w", "player_n", "seatings",
                    "money_per_point", "false_win_penalty")

    @property
    def sheet_stamp(self) -> str:
        """A short text that changes when the table's name, its players, who sits where,
        the money per point or the 诈胡 penalty does: an open sheet carries it beside
        the version, and draws itself again when either moved (ledger.views.table_version,
        static/js/ledger-live.js)."""
        drawn = json.dumps([str(getattr(self, field)) for field in self.SHEET_FIELDS],
                           ensure_ascii=False)
        return hashlib.sha256(drawn.encode()).hexdigest()[:12]

    @property
    def names(self) -> dict[str, str]:
        """Seat → the name of the player seated there at the start."""
        return {"E": self.player_e, "S": self.player_s, "W": self.player_w,
                "N": self.player_n}

    @property
    def seating(self) -> Seating:
        """Who sat where (``ledger.people``): the four at the start and the changes."""
        return Seating.of(self.names, self.seatings or [])


class Hand(models.Model):
    WIN, DRAW, ADJUST = rotation.WIN, rotation.DRAW, rotation.ADJUST

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField()
    kind = models.CharField(max_length=4, choices=[(WIN, "win"), (DRAW, "draw"),
                                                   (ADJUST, "adjustment")])
    # A win: the full score request (docs/API.md), dealer and history fields included as
    # they were when it was scored, and the engine's response. A draw: {"wild": …} when
    # the players gave the hand's wild (Honghe's 百搭連莊 reads it), and no result. An
    # adjustment (a line that is not a hand: a 诈胡 penalty, a transfer): {"reason",
    # "amounts": seat → decimal string, summing to zero, "offender"?, "note"?}, no
    # result (ledger.adjust).
    request = models.JSONField(default=dict)
    result = models.JSONField(null=True, blank=True)
    # The table after this hand, as ledger.rotation.replay works it out: the next hand's
    # dealer, streak and history, and each seat's running total (rotation.after_json).
    # Kept by every write (ledger.store), so that a ledger page reads the hands it shows
    # and not every hand before them.
    after = models.JSONField(null=True, blank=True)
    # The table version this hand was last written at: tells a stale writer what changed.
    written_at_version = models.PositiveIntegerField(default=0)
    recorded = models.DateTimeField(auto_now_add=True)
    changed = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "calculator_hand"  # as the table's (above)
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="one_hand_per_number"),
        ]

    def __str__(self) -> str:
        return f"{self.table} hand {self.number} ({self.kind})"


class Write(models.Model):
    """One write that reached the ledger, under the key its form (or an offline queue)
    made (ledger.store.apply): the same key sent again — a replay, a second tab, a retry
    after a lost answer — is answered "already recorded" with this outcome, never
    written twice."""

    NEW, EDIT, UNDO, RESTORE = "new", "edit", "undo", "restore"

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="writes")
    key = models.CharField(max_length=64)
    intent = models.CharField(max_length=7, choices=[(i, i) for i in (NEW, EDIT, UNDO,
                                                                       RESTORE)])
    number = models.PositiveIntegerField()  # the hand it wrote, undid or restored
    version = models.PositiveIntegerField()  # the table's version after it
    # what it said apart from where it went (ledger.store.Write.content): the same key
    # with other content is another hand
    content = models.CharField(max_length=32, default="")
    written = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "key"], name="one_write_per_key"),
        ]

    def __str__(self) -> str:
        return f"{self.table} {self.intent} {self.number} ({self.key})"
