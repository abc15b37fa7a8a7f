import hashlib
from functools import cache, partial
from urllib.parse import urlencode

from django.contrib.staticfiles import finders
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import push_url

from api.ratelimit import rate_limited_page
from calculator import offline as offline_engine
from calculator import practice, rules_pages
from calculator.forms import (
    DEFAULT_REGION,
    REGION_CHOICES,
    AdviseForm,
    PracticeForm,
    ScoreForm,
    WaitsForm,
)
from calculator.regions import page_language
from calculator.results import page_links, score_panel, waits_panel
from calculator.templatetags.fields import region_fields
from common.web import form_response, htmx_partial
from presentation import advice
from presentation import practice as practice_round
from presentation.permalink import calculator_link
from rules import score
from rules.regions import REGIONS

PAGE = "calculator/calculator.html"
WAITS_PAGE = "calculator/waits.html"


# One URL answers a full page or an htmx partial: caches must tell them apart.
@rate_limited_page("PAGE_RATE_LIMIT", methods=("GET",))
@vary_on_headers("HX-Request", "HX-Trigger-Name")
def home(request: HttpRequest):
    """The calculator. The form is sent by GET, so a result's query string is its permalink.
    htmx asks for one partial: the region's fields, the result, or the form with errors."""
    form = ScoreForm(request.GET or None)
    return _form_page(request, form, PAGE, "score-form", form.score, score_panel)


@rate_limited_page("PAGE_RATE_LIMIT", methods=("GET",))
@vary_on_headers("HX-Request", "HX-Trigger-Name")
def waits_page(request: HttpRequest):
    """/waits/: what a 13-tile hand waits on (聽牌), each wait scored. A GET form like the
    calculator's, answered as a whole page or, for htmx, as one partial."""
    form = WaitsForm(request.GET or None)
    return _form_page(request, form, WAITS_PAGE, "waits-form", form.waits, waits_panel)


def _form_page(request: HttpRequest, form, page: str, form_id: str, answer, panel):
    """A page whose GET form the engine answers (the calculator, the waits): the region's
    fields alone when the region changes, else the form and the engine's answer drawn by
    ``panel``, whole or as the htmx partial, the permalink pushed to the address bar."""
    if htmx_partial(request) and request.htmx.trigger_name == "region":
        return render(request, f"{page}#region-fields", {"form": form})
    response = answer()
    result = response and panel(request, form.to_request(), response, form.permalink())
    context = {"form": form, "result": result}
    reply = form_response(request, page, context, form_partial=form_id,
                          form_target=f"#{form_id}", answer_partial="result")
    if htmx_partial(request) and not form.errors:
        reply = push_url(reply, form.permalink())
    return reply


ADVISE_PAGE = "calculator/advise.html"


@rate_limited_page("PAGE_RATE_LIMIT", methods=("GET",))
@vary_on_headers("HX-Request", "HX-Trigger-Name")
def advise_page(request: HttpRequest):
    """/advise/: the 牌理 page, how far a hand of 13 tiles is from ready (向听) and, for 14,
    which tile to throw (何切), best first (``rules.advise``). A GET form like the waits
    page's, answered as a whole page or, for htmx, as one partial."""
    form = AdviseForm(request.GET or None)
    return _form_page(request, form, ADVISE_PAGE, "advise-form", form.advise,
                      partial(advice_panel, form))


def advice_panel(form: AdviseForm, request: HttpRequest, engine_request: dict, response: dict,
                 permalink: str) -> SafeString:
    """The advice card of an advise ``response`` (``presentation.advice``, as offline)."""
    shown = advice.panel(engine_request, 200, response, page_language(),
                         page_links(request, permalink=permalink), advice_pages(),
                         form.typed_fields())
    return SafeString(shown.html)


def advice_pages() -> advice.Pages:
    """The pages the advice card links to: the 牌理 page itself, the waits page."""
    return advice.Pages(advise=reverse("advise"), waits=reverse("waits"))


PRACTICE_PAGE = "calculator/practice.html"


@rate_limited_page("PAGE_RATE_LIMIT", methods=("GET",))
def _round(request: HttpRequest, link) -> tuple[str, int] | HttpResponse:
    """A practice round's region and seed from the query (``?region=…&seed=…``), or the
    redirect to a fresh round (``link(region)``) where either is missing or wrong."""
    region = request.GET.get("region")
    seed = request.GET.get("seed", "")
    # The length first: int() of 5,000 digits raises.
    seed_ok = (seed.isascii() and seed.isdigit() and len(seed) <= len(str(practice.SEED_LIMIT))
               and int(seed) < practice.SEED_LIMIT)
    if region not in practice.REGIONS or not seed_ok:
        return redirect(link(region if region in practice.REGIONS else DEFAULT_REGION))
    return region, int(seed)


def practice_page(request: HttpRequest):
    """/practice/: a random winning hand of the chosen region (``?region=…&seed=…``); the
    player answers its multiplier (番 in Honghe) and the four net payments, and the same
    GET grades them and shows the calculator's result panel. Without a seed: a new one.
    The round is ``presentation.practice``'s, as the offline engine deals and grades it
    with no network (static/js/practice.js)."""
    asked = _round(request, practice_link)
    if not isinstance(asked, tuple):
        return asked
    region, seed = asked
    deal = practice.deal_for(region, seed)
    engine_request = practice_round.engine_request(deal)
    response = score(engine_request)
    permalink = calculator_link(reverse("home"), deal)
    answered = any(name in request.GET for name in ("total", *PracticeForm.SEAT_FIELDS.values()))
    answers = PracticeForm(request.GET if answered else None, region=region,
                           initial={"region": region, "seed": seed})
    graded = None
    if answered and answers.is_valid():
        graded = SafeString(practice_round.answers_html(
            practice_round.grades(answers.cleaned_data, response, region),
            score_panel(request, engine_request, response, permalink)))
    links = page_links()
    context = {
        "region": region, "seed": seed, "answers": answers, "graded": graded,
        "hand": SafeString(practice_round.hand_html(region, seed, deal, links)),
        "next_hand": practice_link(region),
        "regions": [(key, label, practice_link(key)) for key, label in REGION_CHOICES],
        "calculator_link": permalink,
    }
    return render(request, PRACTICE_PAGE, context)


def practice_link(region: str) -> str:
    """A new round of ``region``: its address with a fresh random seed."""
    return f"{reverse('practice')}?{urlencode({'region': region, 'seed': practice.new_seed()})}"


@rate_limited_page("PAGE_RATE_LIMIT", methods=("GET",))
def practice_discard_page(request: HttpRequest):
    """/practice/discard/: the 何切 drill, a hand of 14 tiles of the chosen region
    (``?region=…&seed=…``) and a tap on the tile to throw (``&discard=…``): where that
    throw ranks among all of them and why (``presentation.practice.drill_html``, as the
    offline engine draws it, static/js/practice.js). Without a seed: a new one."""
    asked = _round(request, drill_link)
    if not isinstance(asked, tuple):
        return asked
    region, seed = asked
    drill = reverse("practice-discard")
    context = {
        "drill": SafeString(practice_round.drill_html(
            region, int(seed), request.GET.get("discard", "")[:10], page_links(),
            advice_pages(), drill)),
        "drill_address": drill, "region": region, "next_hand": drill_link(region),
        "regions": [(key, label, drill_link(key)) for key, label in REGION_CHOICES],
    }
    return render(request, PRACTICE_PAGE, context)


def drill_link(region: str) -> str:
    """A new 何切 drill round of ``region``: its address with a fresh random seed."""
    return practice_round.drill_link(reverse("practice-discard"), region, practice.new_seed())


def rules_overview(request: HttpRequest):
    """/rules/: the three regions side by side — patterns, payments, house rules."""
    sections = rules_pages.comparison()
    return _rules_page(request, "calculator/rules.html", rules_pages.overview_targets(sections),
                       {"sections": sections, "regions": rules_pages.summaries()})


def rules_region(request: HttpRequest, region: str):
    """/rules/<region>/: every pattern of one region with example hands scored live."""
    if region not in REGIONS:
        raise Http404(f"no region {region!r}")
    summary = next(s for s in rules_pages.summaries() if s.key == region)
    return _rules_page(request, "calculator/rules_region.html",
                       rules_pages.region_targets(region),
                       {"region": summary, "patterns": rules_pages.patterns(region),
                        "others": [s for s in rules_pages.summaries() if s.key != region]})


def _rules_page(request: HttpRequest, template: str, targets: list[rules_pages.Target],
               context: dict):
    """A rules page with its search. rules-search.js answers a query in the page; without
    JavaScript the form sends ?q=…, and a query with one place to go is sent there
    (?q=…&found=<id>#<id>: the browser scrolls to it, the page marks it); else the page
    lists the matches or says there are none."""
    search = rules_pages.search(request.GET.get("q", ""), targets,
                                found=request.GET.get("found", ""))
    if search.jump and "found" not in request.GET:
        anchor = search.jump.anchor
        return redirect(f"{request.path}?{urlencode({'q': search.query, 'found': anchor})}"
                        f"#{anchor}")
    return render(request, template, {**context, "search": search})


@require_safe
def health(request: HttpRequest):
    """/health: a bare JSON answer through the same middleware, touching neither the
    engine nor the database: for a load balancer's health check, and the floor that
    `make loadtest` compares the score API with."""
    return JsonResponse({"status": "ok"})


# --- the installable app: its manifest, its service worker, its offline page ---

@require_safe
def web_manifest(request: HttpRequest):
    """/manifest.webmanifest: name, icons (hashed static URLs) and colours, in the page's
    language."""
    icon = {"192": "icons/app-192.png", "512": "icons/app-512.png"}
    manifest = {
        "name": _("Zhejiang Mahjong Scorer"),
        "short_name": pgettext("app name on a home screen", "Mahjong Scorer"),
        "description": _("Hangzhou, Jinhua and Honghe mahjong: what a hand is worth, who "
                         "pays what, and the evening's score"),
        "lang": request.LANGUAGE_CODE, "start_url": "/", "scope": "/",
        "display": "standalone", "background_color": "#fbf8ee", "theme_color": "#1f6e4a",
        "icons": [*({"src": static(path), "sizes": f"{size}x{size}", "type": "image/png"}
                    for size, path in icon.items()),
                  {"src": static("icons/app.svg"), "sizes": "any", "type": "image/svg+xml"}],
    }
    return JsonResponse(manifest, content_type="application/manifest+json",
                        json_dumps_params={"ensure_ascii": False})


KEPT_FILES = ("css/site.css", "css/tiles.css", "js/site.js", "js/tiles.js", "js/sw.js",
              "js/offline.js", "js/engine-worker.js", "js/pending.js", "js/ledger-offline.js",
              "js/ledger-form.js", "js/ledger-live.js", "js/rules-search.js", "js/share.js")


@require_safe
def service_worker(request: HttpRequest):
    """/sw.js: static/js/sw.js, served from the site's root so that it may keep every
    page, with the version of the static files first: a new release (new hashed names)
    is a new cache, and the old ones are deleted."""
    script = _service_worker_script()
    return HttpResponse(script, content_type="text/javascript; charset=utf-8",
                        headers={"Cache-Control": "no-cache"})


@cache
def _service_worker_script() -> str:
    # Pending (static/js/pending.js), which the ledger pages load too, first.
    body = _static_text("js/pending.js") + "\n" + _static_text("js/sw.js")
    # The contents of the files the pages load and of the offline engine: a release that
    # changes one is a new cache (the runtime's files keep their names across versions).
    digest = hashlib.sha256()
    for name in KEPT_FILES + (offline_engine.kept_files() if offline_engine.available() else ()):
        with open(finders.find(name), "rb") as file:
            digest.update(file.read())
    return f'const VERSION = "{digest.hexdigest()[:12]}";\n{body}'


# The worker may compile WebAssembly (the browser Python runtime), and nothing else more
# than the pages may: no eval, no other origin.
WORKER_POLICY = ("default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; "
                 "connect-src 'self'")


@require_safe
def engine_worker(request: HttpRequest):
    """/engine-worker.js: static/js/engine-worker.js, the offline engine's Web Worker, with
    a Content-Security-Policy of its own (WORKER_POLICY)."""
    return HttpResponse(_static_text("js/engine-worker.js"),
                        content_type="text/javascript; charset=utf-8",
                        headers={"Cache-Control": "no-cache",
                                 "Content-Security-Policy": WORKER_POLICY})


@cache
def _static_text(name: str) -> str:
    with open(finders.find(name), encoding="utf-8") as file:
        return file.read()


@require_safe
def region_fieldset(request: HttpRequest, form: str, region: str):
    """/fields/<form>/<region>/: a form's fieldset of the region's circumstances and house
    rules, blank, as the region select swaps it in: what static/js/offline.js puts in the
    form when a region is picked with no network (the service worker keeps these from the
    first visit, calculator.offline.pack)."""
    form_class = offline_engine.FIELD_FORMS.get(form)
    if form_class is None or region not in offline_engine.LISTED_KEYS:
        raise Http404
    return HttpResponse(region_fields(form_class(initial={"region": region})))


@require_safe
def offline(request: HttpRequest):
    """/offline/: what the service worker shows for a page it does not have, with no
    network."""
    return render(request, "offline.html")

