"""`manage.py advise`: 向听 and 何切 from the command line.

A JSON request (API.md, "Learning: 向听 and 何切") from a file or stdin:
    python manage.py advise --json request.json
    echo '{"region": …, "hand": …}' | python manage.py advise --json -
Prints the response JSON and exits 0; for invalid input prints one `field: message` line
per error on stderr and exits 2, as `manage.py score` does.
"""

import json
import sys

from django.core.management.base import BaseCommand

from api.json_body import BadJSONBody, decode_json_object
from api.management.commands.score import INVALID_INPUT, _read
from rules.advise import advise
from rules.answer import listed_errors
from rules.request import InvalidRequest


class Command(BaseCommand):
    help = ("How far a 13-tile hand is from ready (向听), or which tile of 14 to throw (何切); "
            "prints the JSON response (see API.md).")

    def add_arguments(self, parser):
        parser.add_argument(
            "--json", metavar="FILE", required=True,
            help="a JSON advise request as in docs/API.md; - reads stdin",
        )

    def handle(self, *args, **options):
        try:
            response = advise(decode_json_object(_read(options["json"]), field="--json"))
        except (BadJSONBody, InvalidRequest) as error:
            for entry in listed_errors(error.errors):
                self.stderr.write(f"{entry['field']}: {entry['message']}")
            sys.exit(INVALID_INPUT)
        self.stdout.write(json.dumps(response, indent=2, ensure_ascii=False))
