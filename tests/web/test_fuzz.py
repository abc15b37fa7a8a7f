"""Hostile requests at every endpoint and form (hypothesis): never a 5xx, never a stack
trace. The JSON APIs answer 400 with `errors` in the shape of docs/API.md.

The pages are found from the URL configuration itself, so a route added later is
fuzzed too: each gets GETs with junk query strings (the forms' own field names among
random ones, htmx's headers or not) and POSTs of junk form data. The Django test client
re-raises a view's exception, so a 500 fails the test with its traceback.
"""

import json
import string

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from api.json_body import API_CODES
from calculator.forms import PracticeForm, ScoreForm
from rules.problems import ALL_CODES
from rules.tiles import MAX_TILE_TEXT

# Seeded (the same 150 examples every run, from the test's name): bounded and
# repeatable; the strategies below are what makes them hostile.
FUZZ = settings(max_examples=150, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
APIS = ["/api/v1/score", "/api/v1/waits"]
VALID = {"region": "honghe", "hand": "123m456p789s234s7z", "win_tile": "7z",
         "win_type": "self_draw", "winner": "S", "dealer": "E", "wild": "5s"}
TRACE_MARKS = (b"Traceback", b'File "/', b"django.core.exceptions")

# Text that tends to break parsers: control characters, surrogates escaped in JSON,
# tile-like runs, very long runs, right-to-left marks, full-width digits.
nasty_text = st.one_of(
    st.text(max_size=40),
    st.text(alphabet="0123456789mpsz 萬筒條東南西北白發中,，、", max_size=60),
    st.sampled_from(["", " ", "\x00", "\u202e", "１２３ｍ", "1m" * 5000, "9" * 5000,
                     "NaN", "-1", "1e999", "0x10", "None", "null", "true", "<script>",
                     "../../etc/passwd", "%00", "{{ form }}", "{% debug %}"]),
)
# What only JSON can carry: lone UTF-16 surrogates ("\\ud800", which json.dumps writes as
# such an escape), beside control, combining and full-width characters.
json_text = st.one_of(
    nasty_text,
    st.text(alphabet=st.characters(categories=["Cs", "Cc", "Mn", "Nd", "Zs", "Lo"]),
            max_size=20),
    st.sampled_from(["\ud800", "\udfff", "1m\ud83d", "\ud83d\ude00", "e\u0301"]),
)
json_scalars = st.one_of(st.none(), st.booleans(), st.integers(), json_text,
                         st.floats(allow_nan=False, allow_infinity=False),
                         st.integers(min_value=10**18, max_value=10**40),
                         st.integers(min_value=2**1023, max_value=10**1200),
                         st.integers(max_value=-(2**1023), min_value=-(10**1200)))
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=20) | st.dictionaries(json_text, inner, max_size=8),
    max_leaves=60,
)
REQUEST_KEYS = [*VALID, "melds", "discarder", "dealer_streak", "base", "context",
                "house_rules"]


@st.composite
def hostile_requests(draw):
    """A valid request with some keys replaced, dropped or added: it gets past the first
    checks and reaches the deeper ones."""
    request = dict(VALID)
    for key in draw(st.lists(st.sampled_from(REQUEST_KEYS), max_size=4)):
        request[key] = draw(json_values)
    for key in draw(st.lists(st.sampled_from(list(VALID)), max_size=2)):
        request.pop(key, None)
    for key in draw(st.lists(json_text, max_size=3)):  # unknown keys, surrogates too
        request[key] = draw(json_values)
    if draw(st.booleans()):
        request["melds"] = draw(st.lists(nasty_text | json_values, max_size=30))
    if draw(st.booleans()):
        claims = st.dictionaries(st.sampled_from(["by", "from", "count", "x"]), json_values,
                                 max_size=4)
        request["context"] = {"claims": draw(st.lists(claims | json_values, max_size=40)),
                              "dice": draw(json_values)}
    return request


def assert_api_answer(response) -> None:
    assert response.status_code in (200, 400), response.content[:500]
    assert response["Content-Type"] == "application/json"
    answer = json.loads(response.content)
    if response.status_code == 400:
        assert answer["errors"] and len(answer["errors"]) <= 51
        for error in answer["errors"]:
            assert set(error) == {"field", "message", "code", "params"}
            assert isinstance(error["field"], str) and isinstance(error["message"], str)
            assert error["code"] in ALL_CODES or error["code"] in API_CODES, error
            assert isinstance(error["params"], dict)


@FUZZ
@given(url=st.sampled_from(APIS), request=hostile_requests())
def test_hostile_json_gets_200_or_400_with_errors(url, request):
    response = Client().post(url, data=json.dumps(request), content_type="application/json")

    assert_api_answer(response)


@pytest.mark.parametrize("url", APIS)
@pytest.mark.parametrize("field", [*REQUEST_KEYS, "unknown"])
def test_a_lone_surrogate_in_any_field_is_a_400_naming_it(url, field):
    body = json.dumps({**VALID, field: "\ud800"})
    assert "\\ud800" in body  # sent as the escape a hostile client writes
    response = Client().post(url, data=body, content_type="application/json")

    assert response.status_code == 400
    assert response.json()["errors"] == [{
        "field": field, "code": "text_not_encodable", "params": {},
        "message": response.json()["errors"][0]["message"]}]


def test_thousands_of_unknown_keys_get_a_short_answer():
    body = json.dumps({**VALID, **{f"k{n}": n for n in range(3000)}})  # under 64 KiB
    response = Client().post(APIS[0], data=body, content_type="application/json")

    errors = response.json()["errors"]
    assert response.status_code == 400 and len(errors) == 51
    assert errors[-1]["code"] == "too_many_errors" and errors[-1]["params"] == {"count": 2950}
    assert len(response.content) < 64 * 1024


@pytest.mark.parametrize("base", [2**1024, -(2**1024), 10**400])
def test_a_huge_base_is_a_400(base):
    body = json.dumps({**VALID, "base": base})
    response = Client().post(APIS[0], data=body, content_type="application/json")

    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] in ("base_out_of_range", "base_not_number")


@FUZZ
@given(url=st.sampled_from(APIS), value=json_values)
def test_any_json_value_gets_200_or_400(url, value):
    response = Client().post(url, data=json.dumps(value), content_type="application/json")

    assert_api_answer(response)


@FUZZ
@given(url=st.sampled_from(APIS), body=st.binary(max_size=300),
       content_type=st.sampled_from(["application/json", "application/json; charset=latin-1",
                                     "text/plain", "multipart/form-data; boundary=x", ""]))
def test_any_bytes_get_400_with_errors(url, body, content_type):
    # generic(): post() would re-encode the body to the declared charset first.
    response = Client().generic("POST", url, data=body, content_type=content_type)

    assert_api_answer(response)


@FUZZ
@given(url=st.sampled_from(APIS), method=st.sampled_from(["get", "put", "patch", "delete"]),
       body=st.binary(max_size=100))
def test_other_methods_get_405_with_errors(url, method, body):
    response = Client().generic(method.upper(), url, data=body,
                                content_type="application/json")

    assert response.status_code == 405
    assert json.loads(response.content)["errors"][0]["field"] == "method"


def test_long_tile_text_is_refused_before_it_is_read():
    """Tile text past MAX_TILE_TEXT characters is refused unread: such a hand once took
    the engine seconds (how fast an answer comes: ``make bench``, not a timed test)."""
    for hand in ["1m" * 30_000, "東" * 20_000, "123m " * 12_000]:
        body = json.dumps({**VALID, "hand": hand}, ensure_ascii=False)
        response = Client().post(APIS[0], data=body, content_type="application/json")

        errors = {e["field"]: e["message"] for e in response.json()["errors"]}
        assert f"at most {MAX_TILE_TEXT}" in errors["hand"]


# --- every page and form ------------------------------------------------------------

def routes() -> list[str]:
    """Every URL of the site, with a placeholder for each path converter."""
    found = []

    def walk(patterns, prefix):
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                walk(pattern.url_patterns, prefix + str(pattern.pattern))
            elif isinstance(pattern, URLPattern):
                found.append(prefix + str(pattern.pattern))

    walk(get_resolver().url_patterns, "")
    return sorted(set(found))


ROUTES = routes()
FIELD_NAMES = sorted({*ScoreForm.base_fields, *PracticeForm.base_fields,
                      *PracticeForm.SEAT_FIELDS.values(), "dice_0", "dice_1", "claim1_by",
                      "claim1_from", "claim1_count", "claim3_count", "claim99_by", "seed",
                      "next", "language"})
segment = st.text(alphabet=string.ascii_letters + string.digits + "-_.~%", min_size=1,
                  max_size=20)
query_values = st.one_of(nasty_text, st.sampled_from(["hangzhou", "honghe", "jinhua",
                                                      "self_draw", "discard", "E", "on"]))
junk_queries = st.dictionaries(st.sampled_from(FIELD_NAMES) | nasty_text,
                               st.lists(query_values, min_size=1, max_size=3), max_size=12)


@st.composite
def queries(draw):
    """Junk, or a hand that scores with some fields spoilt: the result panel is reached."""
    if draw(st.booleans()):
        return draw(junk_queries)
    spoilt = draw(st.dictionaries(st.sampled_from(FIELD_NAMES) | nasty_text,
                                  st.lists(query_values, min_size=1, max_size=2), max_size=2))
    valid = {**VALID, "seed": "7", "total": "3", "pay_E": "6"}  # the last for /practice/
    return {**{key: [value] for key, value in valid.items()}, **spoilt}


htmx_headers = st.sampled_from([
    {}, {"HTTP_HX_REQUEST": "true"},
    {"HTTP_HX_REQUEST": "true", "HTTP_HX_TRIGGER_NAME": "region"},
    {"HTTP_HX_REQUEST": "true", "HTTP_HX_HISTORY_RESTORE_REQUEST": "true"},
    {"HTTP_HX_REQUEST": "true", "HTTP_HX_TRIGGER_NAME": "\x00"},
])


@st.composite
def paths(draw):
    """A route with its converters filled by junk (``<slug:region>`` -> ``a-b``)."""
    route = draw(st.sampled_from(ROUTES))
    parts = route.split("<")
    filled = parts[0]
    for part in parts[1:]:
        _, rest = part.split(">", 1)
        filled += draw(segment | st.sampled_from(["honghe", "hangzhou", "1"])) + rest
    return "/" + filled.lstrip("^").rstrip("$")


def assert_no_server_error(response) -> None:
    scored = b"payments" in response.content
    event(f"{response.request['PATH_INFO']} {response.status_code}{' scored' if scored else ''}")
    assert response.status_code < 500, response.content[:500]
    assert not any(mark in response.content for mark in TRACE_MARKS)


@pytest.mark.django_db
@FUZZ
@given(path=paths(), query=queries(), headers=htmx_headers)
def test_every_page_takes_junk_queries(path, query, headers):
    assert_no_server_error(Client().get(path, query, **headers))


@pytest.mark.django_db
@FUZZ
@given(path=paths(), data=queries(), headers=htmx_headers)
def test_every_route_takes_junk_form_posts(path, data, headers):
    assert_no_server_error(Client().post(path, data, **headers))


@pytest.mark.django_db
@FUZZ
@given(path=st.text(max_size=60))
def test_junk_paths_are_not_found_not_errors(path):
    # Brackets percent-encoded, as a browser sends them: the test client itself reads
    # "//[" as a malformed IPv6 host and raises before any request is made.
    path = path.replace("[", "%5B").replace("]", "%5D")
    assert_no_server_error(Client().get("/" + path))


# --- the table ledger's forms, on a real table ------------------------------------

LEDGER_FIELDS = ["hand", "win_tile", "win_type", "winner", "discarder", "melds", "wild",
                 "intent", "version", "name", "region", "base", "player_e", "player_s",
                 "player_w", "player_n", "first_dealer", "after_kong", "dealer_streak"]
ledger_forms = st.dictionaries(st.sampled_from(LEDGER_FIELDS) | nasty_text,
                               st.lists(query_values | st.integers(-5, 5).map(str),
                                        min_size=1, max_size=2), max_size=8)


@pytest.mark.ledger
@pytest.mark.django_db
@FUZZ
@given(action=st.sampled_from(["", "hand/1/win", "hand/1/draw", "hand/2/win", "hand/0/draw",
                               "undo", "ledger.csv"]),
       data=ledger_forms, method=st.sampled_from(["get", "post"]),
       spoil_win=st.booleans(), headers=htmx_headers)
def test_the_ledger_forms_take_junk(action, data, method, spoil_win, headers):
    from ledger.models import Table

    table = Table.objects.first()
    if table is None:
        Client().post("/t/new/", {"name": "Fuzz", "region": "honghe", "base": "1",
                                  "player_e": "A", "player_s": "B", "player_w": "C",
                                  "player_n": "D", "first_dealer": "E"})
        table = Table.objects.get()
    if spoil_win:  # a valid win with a few fields spoilt gets to the deeper checks
        data = {"hand": "123m456p789s234s7z", "win_tile": "7z", "win_type": "self_draw",
                "winner": "S", "wild": "5s", "intent": "new", "version": str(table.version),
                **data}
    if action == "ledger.csv":
        path = f"/t/{table.view_token}/ledger.csv"
    else:
        path = f"/t/{table.view_token}/e/{table.edit_token}/{action}"
    response = getattr(Client(), method)(path, data, **headers)

    assert_no_server_error(response)


@pytest.mark.parametrize("query", [
    "/practice/?region=hangzhou&seed=" + "9" * 5000,  # past Python's int() digit limit
    "/?region=hangzhou&dealer_streak=" + "9" * 5000,
    "/?region=hangzhou&hand=123m456m789p345s5z&win_tile=9s&winner=E&dealer=E"
    "&win_type=self_draw&base=" + "9" * 5000,
    "/waits/?region=hangzhou&hand=123m456m789p345s&base=1e999999",
])
def test_a_number_of_thousands_of_digits_in_a_query_is_no_error(client, query):
    assert client.get(query).status_code in (200, 302)


@pytest.mark.django_db
def test_a_table_refuses_a_base_the_engine_would_refuse(client):
    response = client.post("/t/new/", {"region": "hangzhou", "base": "2000000",
                                       "first_dealer": "E"})
    assert response.status_code == 200  # the form again, with its error
    assert 'id="id_base_error"' in response.content.decode()
