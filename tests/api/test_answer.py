"""rules.answer is the API's answer: the offline engine runs the same function, so what
the API sends for each request of the offline corpus (tests/offline_corpus.py) is what
answer_json says, which the browser's engine is held to byte for byte."""

import json

from tests.offline_corpus import corpus

URLS = {"score": "/api/v1/score", "waits": "/api/v1/waits"}


def test_the_api_answers_the_offline_corpus_as_rules_answer_does(client):
    for kind, text, expected in corpus():
        response = client.post(URLS[kind], data=text.encode(), content_type="application/json")
        offline = json.loads(expected)
        if not text.startswith("{"):  # not an object: the API refuses it before the engine
            assert response.status_code == 400
            assert response.json()["errors"][0]["code"] == "body_not_object"
            continue
        assert (response.status_code, response.json()) == (offline["status"], offline["body"]), text
