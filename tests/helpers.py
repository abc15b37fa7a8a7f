"""What the engine's table-driven tests share: the one request builder (``req``) and the
table lines built on it (``P`` payments, ``C`` contracts), each hand in tile notation
(RULEBOOK.md, API.md). Not a test module: test modules import from here, never from
each other."""

from __future__ import annotations

import io
import json
from fractions import Fraction
from urllib.parse import urlencode

import pytest

SEATS = ("E", "S", "W", "N")
HH, HZ, JH = "honghe", "hangzhou", "jinhua"

# The wild of a request that names none: Hangzhou's is 白 (no key); Honghe and Jinhua
# must name it (API.md), so tables give the wild none of their hands hold.
TABLE_WILD = {HH: "9m", HZ: None, JH: "6s"}
TABLE = object()  # ``req``'s wild when a line gives none: the table's

# Hands the payment tables share (each scores a known multiplier; no wild in them):
# PLAIN = 123m 456p 789s 23s 11z + 4s — 0 番 in Honghe (wild 9m), ×1 in Hangzhou (白 wild)
# and 平胡 ×1 in Jinhua (wild 6s). The winner holds no other 4s, so the same hand can rob
# a kong of 4s. CLAIMED: pung 111m, pung 555p, pung 777s (exposed) + 234s 1z, won on 1z:
# three exposed melds, enough for three claims (承包).
PLAIN = ("123m456p789s23s11z", "4s")
CLAIMED_MELDS = ("pung 111m", "pung 555p", "pung 777s")
CLAIMED = ("234s1z", "1z")
# Four exposed pungs: the winner can have made four claims.
CLAIMED4_MELDS = ("pung 111m", "pung 555p", "pung 777s", "pung 222p")
CLAIMED4 = ("1z", "1z")
WIN_TYPES = {"self": "self_draw", "discard": "discard", "rob": "rob_kong"}


def req(region, hand, win, *, wild=TABLE, melds=(), context=None, house_rules=None,
        claims=None, **fields):
    """A score request: S wins by self-draw, E deals, base 1, the table's wild
    (``TABLE_WILD``), unless the arguments (request keys) say otherwise; ``wild=None``
    leaves the key out. Giving ``discarder`` without ``win_type`` makes it a discard
    win; ``claims`` is a list of (by, from, count), put in the context."""
    request = {
        "region": region,
        "hand": hand,
        "win_tile": win,
        "win_type": "discard" if fields.get("discarder") else "self_draw",
        "winner": "S",
        "dealer": "E",
        "base": 1,
    }
    wild = TABLE_WILD[region] if wild is TABLE else wild
    if wild is not None:
        request["wild"] = wild
    if melds:
        request["melds"] = list(melds)
    if context:
        request["context"] = dict(context)
    if claims:
        request.setdefault("context", {})["claims"] = [
            {"by": b, "from": f, "count": n} for b, f, n in claims]
    if house_rules:
        request["house_rules"] = dict(house_rules)
    request.update({k: v for k, v in fields.items() if v is not None})
    return request


def ctx(**context):
    """A row's extra request fields that set only the ``context`` (circumstances)."""
    return {"context": context}


def by_id(rows):
    """A table's rows as pytest parameters, each named by its first column."""
    return [pytest.param(*row[1:], id=row[0]) for row in rows]


def keys(response):
    """The set of pattern keys a winning response scored."""
    return {p["key"] for p in response["patterns"]}


def pays(text):
    """'+6 -2 -2 -2' → {E: 6, S: -2, W: -2, N: -2} as exact fractions."""
    values = [Fraction(v) for v in text.split()]
    assert len(values) == 4
    return dict(zip(SEATS, values, strict=True))


def P(case_id, region, hand_win, expected, win, *, w="S", d="E", s=0, b=1, h=None,
      wild=TABLE, **kw):
    """One payment line. ``win``: "self", "discard X" (X threw the tile) or "rob X" (X's
    added kong was robbed); ``w`` winner, ``d`` dealer, ``s`` dealer_streak, ``b`` base,
    ``h`` house_rules, ``wild`` the wild (the table's when not given); ``expected``: the
    net points of E S W N."""
    hand, tile = hand_win
    how, _, discarder = win.partition(" ")
    request = req(region, hand, tile, win_type=WIN_TYPES[how], winner=w, dealer=d,
                  discarder=discarder or None, dealer_streak=s, base=b, house_rules=h,
                  wild=wild, **kw)
    return pytest.param(request, pays(expected), id=case_id)


def C(case_id, region, expected, claims, win="self", *, four_melds=False, **kw):
    """A contract line; ``claims`` like "S<W3 N<S4" (S took 3 from W, N took 4 from S)."""
    hand_win, melds = (CLAIMED4, CLAIMED4_MELDS) if four_melds else (CLAIMED, CLAIMED_MELDS)
    parsed = [(c[0], c[2], int(c[3:])) for c in claims.split()]
    return P(case_id, region, hand_win, expected, win, melds=melds, claims=parsed or None, **kw)


def run_command(name, *args) -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of ``manage.py name *args`` run in-process."""
    from django.core.management import call_command

    stdout, stderr = io.StringIO(), io.StringIO()
    try:
        call_command(name, *args, stdout=stdout, stderr=stderr)
        status = 0
    except SystemExit as stopped:
        status = stopped.code
    return status, stdout.getvalue(), stderr.getvalue()


def page_html(client, path, params=None, **kwargs):
    """The HTML of the page at ``path`` with the query ``params``, which must answer 200
    (``kwargs``: the test client's, such as headers)."""
    response = client.get(path + "?" + urlencode(params or {}), **kwargs)
    assert response.status_code == 200
    return response.content.decode()


def post_json(client, url, body, content_type="application/json"):
    """The API's answer to ``body`` posted to ``url``: a dict or list is sent as JSON, a
    string or bytes as they are (to send what is not JSON)."""
    if not isinstance(body, (str, bytes)):
        body = json.dumps(body)
    return client.post(url, data=body, content_type=content_type)


def ledger_write(table_id, seen, number, kind, fields=None, *, intent=None, key=None):
    """``ledger.store.apply`` as a hand's form sends it: hand ``number`` as ``kind`` from
    version ``seen``, ``intent`` "new" where ``number`` is the next hand (else "edit"),
    under ``key`` (a new one unless given). Returns the table."""
    import secrets

    from ledger import store
    from ledger.models import Hand

    if intent is None:
        count = Hand.objects.filter(table_id=table_id).count()
        intent = "new" if number == count + 1 else "edit"
    write = store.Write(intent=intent, number=number, version=seen,
                        key=key or secrets.token_urlsafe(16), kind=kind, fields=fields or {})
    return store.apply(table_id, write).table


def ledger_undo(table_id, seen, number, *, key=None):
    """``ledger.store.apply`` as the undo page sends it; returns what it did."""
    import secrets

    from ledger import store

    return store.apply(table_id, store.Write(intent="undo", number=number, version=seen,
                                             key=key or secrets.token_urlsafe(16)))
