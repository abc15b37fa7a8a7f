"""The table ledger's pages: create, record, change, undo, read-only, CSV, and the
answers to wrong tokens, stale forms and bad input."""

from __future__ import annotations

import re
from html import unescape as html_unescape

import pytest
from django.test import Client

from ledger.models import Table
from rules import score
from tests.ledger.pages import PLAIN, edit, new_table, text

pytestmark = [pytest.mark.ledger, pytest.mark.django_db]


@pytest.fixture
def table(client) -> Table:
    """``NEW_TABLE`` posted with a house rule of Hangzhou's and one of Honghe's."""
    return new_table(client, hangzhou_discard="dealer_streak3",
                     honghe_rob_kong="robbed_pays_double")


def win(client, table, number, winner, version=None, **fields):
    table.refresh_from_db()
    data = {**PLAIN, "winner": winner, "intent": "new",
            "version": table.version if version is None else version, **fields}
    return client.post(edit(table, f"hand/{number}/win"), data)


def test_new_table_keeps_only_the_region_house_rule(table):
    assert table.house_rules == {"hangzhou_discard": "dealer_streak3"}
    assert table.names == {"E": "Ann", "S": "Bo", "W": "Cy", "N": "Di"}


def test_new_table_form_explains_bad_input(client):
    response = client.post("/t/new/", {"region": "hangzhou", "base": "0", "player_e": "A",
                                       "player_s": "A", "first_dealer": "E"})
    assert response.status_code == 200
    page = text(response)
    assert "The base must be a positive number, e.g. 1." in page
    assert "Give the four players different names." in page
    assert not Table.objects.exists()


def test_blank_names_default_to_the_seats(client):
    client.post("/t/new/", {"region": "honghe", "base": "2", "first_dealer": "S"})
    table = Table.objects.get()
    assert list(table.names) == ["E", "S", "W", "N"]
    assert len(set(table.names.values())) == 4


def test_the_edit_page_shows_both_links(client, table):
    page = client.get(edit(table)).content.decode()
    assert f"/t/{table.view_token}/e/{table.edit_token}/" in page
    assert f"/t/{table.view_token}/\"" in page


def test_the_read_only_page_never_reveals_the_edit_token(client, table):
    win(client, table, 1, "S")
    response = client.get(f"/t/{table.view_token}/")
    assert response.status_code == 200
    page = response.content.decode()
    assert table.edit_token not in page
    assert "data-record-win" not in page and "data-undo" not in page and "data-edit" not in page
    assert "Bo" in page


@pytest.mark.parametrize("path, method", [
    ("", "get"), ("hand/1/win", "get"), ("hand/1/win", "post"), ("hand/1/draw", "get"),
    ("hand/1/draw", "post"), ("undo", "post"),
])
def test_without_the_edit_token_nothing_changes(client, table, path, method):
    wrong = f"/t/{table.view_token}/e/{'x' * 22}/{path}"
    response = getattr(client, method)(wrong, {**PLAIN, "winner": "S", "version": 0})
    assert response.status_code == 403
    assert not table.hands.exists()


def test_an_unknown_table_is_404(client):
    assert client.get("/t/nope/").status_code == 404
    assert client.get("/t/nope/e/nope/").status_code == 404


def test_undo_asks_first_and_only_a_post_undoes(client, table):
    assert client.get(edit(table, "undo")).status_code == 302  # nothing to undo yet
    win(client, table, 1, "S")
    page = client.get(edit(table, "undo")).content.decode()
    assert "data-confirm-undo" in page and table.hands.count() == 1  # GET only asks


def test_an_undone_hand_can_be_put_back_until_the_next_is_recorded(client, table):
    win(client, table, 1, "S")
    win(client, table, 2, "S")
    before = client.get(f"/t/{table.view_token}/").content.decode()
    client.post(edit(table, "undo"), {"version": 2})
    assert table.hands.count() == 1
    assert "data-restore" in client.get(edit(table)).content.decode()

    client.post(edit(table, "restore"), {"version": 3})

    assert table.hands.count() == 2
    assert client.get(f"/t/{table.view_token}/").content.decode().count("data-total") == \
        before.count("data-total")
    assert "data-restore" not in client.get(edit(table)).content.decode()


def test_recording_a_hand_ends_the_chance_to_restore(client, table):
    win(client, table, 1, "S")
    client.post(edit(table, "undo"), {"version": 1})
    win(client, table, 1, "W", version=2)
    client.post(edit(table, "restore"), {"version": 3})
    assert table.hands.count() == 1 and table.hands.get().request["winner"] == "W"


def test_a_result_scored_on_paper_pays_and_rotates_like_a_hand_with_tiles(client, table):
    fields = {"winner": "S", "win_type": "self_draw", "discarder": "", "multiplier": "1",
              "version": 0}
    preview = client.get(edit(table, "hand/1/result"), fields).content.decode()
    assert "data-record" in preview and not table.hands.exists()

    client.post(edit(table, "hand/1/result"), fields)

    hand = table.hands.get()
    tiles = {**PLAIN, "winner": "S"}  # a plain hand: ×1, as the paper says
    assert hand.result["payments"] == score({"region": "hangzhou", "dealer": "E",
                                             **tiles})["payments"]
    page = client.get(f"/t/{table.view_token}/").content.decode()
    assert 'data-dealer="S"' in page.split("data-next")[1]  # S deals next (Hangzhou)


def test_a_change_that_breaks_a_later_hand_is_refused_before_a_save_is_offered(client, table):
    """Hangzhou: E keeps the seat twice (三連莊 from hand 3), then wins on S's discard;
    changing hand 1's winner to S passes the seat and hand 3's discard win falls."""
    paper = {"win_type": "self_draw", "discarder": "", "multiplier": "1"}
    for number in (1, 2):
        client.post(edit(table, f"hand/{number}/result"),
                     {**paper, "winner": "E", "version": number - 1})
    client.post(edit(table, "hand/3/result"), {"winner": "E", "win_type": "discard",
                                                "discarder": "S", "multiplier": "1",
                                                "version": 2})
    assert table.hands.count() == 3

    page = client.get(edit(table, "hand/1/result"), {**paper, "winner": "S", "version": 3})

    assert "data-record" not in page.content.decode()  # no save button to tap
    assert "hand 3 no longer scores" in text(page)


def test_the_win_form_previews_payments_and_the_next_dealer(client, table):
    response = client.get(edit(table, "hand/1/win"), {**PLAIN, "winner": "S", "version": 0})
    assert response.status_code == 200
    page = text(response)
    assert "Record hand 1" in page
    after = response.content.decode().split("data-after")[1]
    assert 'data-dealer="S"' in after and 'data-streak="0"' in after
    assert not table.hands.exists()  # a preview records nothing


def test_the_preview_with_htmx_is_only_the_partial(client, table):
    response = client.get(edit(table, "hand/1/win"), {**PLAIN, "winner": "S", "version": 0},
                          headers={"HX-Request": "true"})
    page = response.content.decode()
    assert "<html" not in page and "data-record" in page


def test_recording_wins_and_a_draw_rotates_the_deal(client, table):
    assert win(client, table, 1, "E").status_code == 302      # E deals and wins
    table.refresh_from_db()
    assert client.post(edit(table, "hand/2/draw"),
                       {"version": table.version, "intent": "new"}).status_code == 302
    assert win(client, table, 3, "W").status_code == 302      # 三連莊: E pays ×8
    page = client.get(edit(table)).content.decode()
    totals = dict(re.findall(r'data-total="(\w)">([^<]+)<', page))
    # hand 1: E +6, the others −2; hand 3: W +10, E −8, S and N −1
    assert totals == {"E": "\u22122", "S": "\u22123", "W": "+8", "N": "\u22123"}
    nxt = page.split("data-next")[1]
    assert 'data-dealer="W"' in nxt and 'data-streak="0"' in nxt


def test_bad_tiles_come_back_next_to_the_field_and_nothing_is_saved(client, table):
    response = win(client, table, 1, "S", hand="123m456p789s234s7")
    assert response.status_code == 400
    assert 'aria-invalid="true"' in response.content.decode()
    assert not table.hands.exists()


def test_a_stale_form_gets_what_was_recorded_meanwhile_and_keeps_its_input(client, table):
    win(client, table, 1, "S")
    response = win(client, table, 1, "W", version=0, hand="123m456p789s234s7z")
    assert response.status_code == 409
    page = text(response)
    assert "A hand was recorded meanwhile" in page
    assert "#1" in page and "Bo" in page  # hand 1, won by Bo (S)
    html = response.content.decode()
    assert 'value="123m456p789s234s7z"' in html  # the entry is still there
    assert "Record hand 2" in page  # now as the next hand
    assert table.hands.count() == 1


def test_changing_a_past_hand_through_the_page(client, table):
    win(client, table, 1, "E")
    win(client, table, 2, "E")
    form = client.get(edit(table, "hand/1/win")).content.decode()
    assert 'value="123m456p789s234s7z"' in form  # the recorded hand, ready to change
    table.refresh_from_db()
    response = client.post(edit(table, "hand/1/win"),
                           {**PLAIN, "winner": "S", "version": table.version,
                            "intent": "edit"})
    assert response.status_code == 302
    assert table.hands.get(number=2).request["dealer"] == "S"


def test_a_change_that_breaks_a_later_hand_says_which(client, table):
    win(client, table, 1, "E")
    win(client, table, 2, "E")
    win(client, table, 3, "E", win_type="discard", discarder="S")
    table.refresh_from_db()
    response = client.post(edit(table, "hand/1/win"),
                           {**PLAIN, "winner": "W", "version": table.version})
    assert response.status_code == 400
    assert "hand 3 no longer scores" in text(response)


def test_a_refusal_is_said_in_the_pages_language(client, table):
    """The engine's objection inside the ledger's refusal, as the calculator says it: a
    Chinese phone reads why hand 3 no longer scores in Chinese, an English one in
    English, and neither sees the rule file or the request keys."""
    win(client, table, 1, "E")
    win(client, table, 2, "E")
    win(client, table, 3, "E", win_type="discard", discarder="S")
    table.refresh_from_db()
    change = {**PLAIN, "winner": "W", "version": table.version}
    chinese = Client(headers={"Accept-Language": "zh-hans"})
    page = text(chinese.post(edit(table, "hand/1/win"), change))
    assert "杭州麻将要到三连庄" in page and "hangzhou.txt" not in page
    page = text(client.post(edit(table, "hand/1/win"), change))
    assert "hand 3 no longer scores" in page and "only from 三連莊" in page
    assert "hangzhou.txt" not in page and "dealer_streak" not in page


def test_a_hand_that_does_not_win_is_refused_in_the_pages_language(table):
    chinese = Client(headers={"Accept-Language": "zh-hans"})
    response = chinese.get(edit(table, "hand/1/win"),
                           {**PLAIN, "hand": "123m456p789s234s1z", "winner": "S"})
    assert "这手牌还不能和" in text(response)


def test_undo_and_a_stale_undo(client, table):
    win(client, table, 1, "S")
    win(client, table, 2, "S")
    response = client.post(edit(table, "undo"), {"version": 1}, follow=True)
    assert "nothing was undone" in text(response)
    assert table.hands.count() == 2
    response = client.post(edit(table, "undo"), {"version": 2}, follow=True)
    assert "Hand 2 was undone" in text(response)
    assert table.hands.count() == 1


def test_the_draw_page_shows_who_deals_next(client, table):
    win(client, table, 1, "S")
    page = client.get(edit(table, "hand/2/draw")).content.decode()
    after = page.split("data-after")[1]
    assert 'data-dealer="S"' in after and 'data-streak="1"' in after


def test_a_bad_draw_wild_is_explained(client):
    client.post("/t/new/", {"region": "honghe", "base": "1", "first_dealer": "E"})
    table = Table.objects.get()
    response = client.post(edit(table, "hand/1/draw"), {"version": 0, "wild": "0x"})
    assert response.status_code == 400
    # beside the tiles to pick from (ledger/_wild_choice.html)
    assert re.search(r'wild-choice.*class="invalid-feedback d-block">[^<]+</div>',
                     response.content.decode(), re.S)
    assert not table.hands.exists()


def test_csv_export(client, table):
    win(client, table, 1, "S")
    response = client.get(f"/t/{table.view_token}/ledger.csv")
    assert response["Content-Type"].startswith("text/csv")
    body = response.content.decode()
    assert body.startswith("\ufeff")  # Excel reads the UTF-8 names right
    lines = body.removeprefix("\ufeff").splitlines()
    assert lines[0].startswith('"Hand","Result","Dealer"')
    assert lines[2] == ""  # then the settle-up (ledger/export.py)
    assert lines[1].startswith('"1","win","東 E","平莊","南 S","self-draw"')
    disposition = response["Content-Disposition"]
    assert "filename*=UTF-8''Friday-" in disposition and str(table.pk) not in disposition.split(
        "filename*")[0].replace(table.created.date().isoformat(), "")


def test_the_csv_speaks_the_pages_language(table):
    chinese = Client(headers={"Accept-Language": "zh-hans"})
    win(chinese, table, 1, "S")
    body = chinese.get(f"/t/{table.view_token}/ledger.csv").content.decode()
    assert body.startswith('\ufeff"第几局","结果","庄家","连庄","和牌者","怎么和的"')
    assert '"Bo（南 S） 本局"' in body or '"Bo (南 S) 本局"' in body
    assert '"1","和牌","东 E","平庄","南 S","自摸"' in body


def test_the_chart_is_drawn_once_there_are_hands(client, table):
    assert "<polyline" not in client.get(f"/t/{table.view_token}/").content.decode()
    win(client, table, 1, "S")
    page = client.get(f"/t/{table.view_token}/").content.decode()
    assert page.count("<polyline") == 4


def test_a_hand_number_beyond_the_next_is_404(client, table):
    assert client.get(edit(table, "hand/5/win")).status_code == 404


def test_new_table_form_offers_every_house_rule_with_its_sources(client):
    from django.utils import translation

    from calculator.regions import source_label
    from rules.regions import REGIONS

    html = client.get("/t/new/").content.decode()
    for region in REGIONS.values():
        for rule in region.house_rules:
            select = html.split(f'name="{rule.key}"', 1)[1].split("</select>", 1)[0]
            assert f"{region.english}: {rule.label_en}" in html
            for choice in rule.choices:
                with translation.override("en"):
                    source = source_label(choice.source)  # Hangzhou text, line 136
                assert f'value="{choice.value}"' in select and source in select


def test_a_modern_hangzhou_table_scores_as_played_now(client):
    response = client.post("/t/new/", {
        "region": "hangzhou", "base": "1", "first_dealer": "E",
        "hangzhou_scoring": "modern", "honghe_rob_kong": "as_discard"})
    assert response.status_code == 302
    table = Table.objects.get()
    assert table.house_rules == {"hangzhou_scoring": "modern"}

    # RULEBOOK §5 example 6: S self-draws ×1, E −1, W and N −0.125 each, S +1.25.
    assert win(client, table, 1, "S").status_code == 302
    hand = table.hands.get()
    assert hand.request["house_rules"] == {"hangzhou_scoring": "modern"}
    assert hand.result["payments"] == {"E": -1, "S": 1.25, "W": -0.125, "N": -0.125}


def draw(client, table, number):
    table.refresh_from_db()
    return client.post(edit(table, f"hand/{number}/draw"), {"version": table.version})


def test_a_table_at_its_cap_records_no_more_and_says_so(client, table, monkeypatch):
    from ledger import store

    monkeypatch.setattr(store, "HANDS_LIMIT", 2)
    draw(client, table, 1)
    draw(client, table, 2)

    refused = draw(client, table, 3)

    assert refused.status_code == 400 and table.hands.count() == 2
    assert "as many as a table keeps" in text(refused)
    page = client.get(edit(table)).content.decode()
    assert "data-full" in page and "data-record-win" not in page
    assert client.post(edit(table, "hand/2/draw"), {"version": table.version}).status_code \
        == 302  # a recorded hand can still be changed


def test_the_ledger_is_paged_newest_first(client, table, monkeypatch):
    from ledger import views

    monkeypatch.setattr(views, "PAGE_SIZE", 2)
    for number in range(1, 6):
        draw(client, table, number)

    def shown(query=""):
        page = client.get(f"/t/{table.view_token}/{query}").content.decode()
        return re.findall(r'data-hand="(\d+)"', page)

    assert shown() == ["5", "4"]
    assert shown("?page=2") == ["3", "2"]
    assert shown("?page=3") == ["1"]
    assert shown("?page=99") == ["1"] and shown("?page=x") == shown("?page=" + "9" * 5000) \
        == ["5", "4"]
    assert "page 1 of 3" in text(client.get(f"/t/{table.view_token}/"))


def test_a_recorded_hand_shows_what_it_would_pay_under_another_reading(client):
    """A hand recorded under the table's reading of a house rule opens, from the ledger,
    with what it would have paid under the other (若按另一种读法, issue 28)."""
    client.post("/t/new/", {"region": "hangzhou", "base": "1", "first_dealer": "E",
                            "hangzhou_scoring": "modern"})
    table = Table.objects.get()
    assert win(client, table, 1, "S").status_code == 302

    sheet = client.get(edit(table)).content.decode()
    working = html_unescape(re.search(r'<a class="ms-1" href="([^"]+)"[^>]*>working</a>', sheet)[1])
    page = client.get(working)
    shown = text(page)

    assert "hangzhou_scoring=modern" in working
    assert "Under another reading of the rules" in shown
    assert "This answer: Scoring: " in shown
    classic = re.search(r'<li class="mb-2 house-rule-reading" data-house-rule="hangzhou_scoring" '
                        r'data-value="classic">(.*?)</li>', page.content.decode(), re.S)[1]
    assert "hangzhou_scoring=classic" in html_unescape(classic)
