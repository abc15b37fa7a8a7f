"""`manage.py score`: score one finished hand from the command line.

Either a JSON request (API.md) from a file or stdin:
    python manage.py score --json request.json
    echo '{"region": …, "hand": …}' | python manage.py score --json -
or the same request spelled as flags:
    python manage.py score --region REGION --hand 123m456p789s234s7z --win 7z \\
        --win-type self_draw --winner S --dealer E
Prints the response JSON and exits 0 (winning or not); for invalid input prints one
`field: message` line per error on stderr and exits 2.
"""

import argparse
import json
import math
import sys
from pathlib import Path

from django.core.management.base import BaseCommand

from api.json_body import BadJSONBody, decode_json_object
from rules import InvalidRequest, score
from rules.answer import listed_errors
from rules.regions import REGIONS

INVALID_INPUT = 2

# option dest → request key, for the flag form
FLAG_KEYS = {
    "region": "region",
    "hand": "hand",
    "melds": "melds",
    "win": "win_tile",
    "win_type": "win_type",
    "winner": "winner",
    "dealer": "dealer",
    "discarder": "discarder",
    "dealer_streak": "dealer_streak",
    "base": "base",
    "wild": "wild",
}
# The flags named otherwise than the request key they set ("win_tile" is --win): an error
# of the flag form names the flag to correct beside the key.
FLAG_OF_KEY = {key: "--" + dest.replace("_", "-") for dest, key in FLAG_KEYS.items()
               if dest != key}


def _number(text: str) -> int | float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"{text!r} is not a finite number")
    return int(value) if value.is_integer() and "." not in text else value


class Command(BaseCommand):
    help = "Score a finished hand of Zhejiang mahjong and print the JSON response (see API.md)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--json", metavar="FILE", help="a JSON request as in docs/API.md; - reads stdin"
        )
        flags = parser.add_argument_group("flag form (instead of --json)")
        flags.add_argument("--region", help=", ".join(REGIONS))
        flags.add_argument("--hand", help="concealed tiles without the winning tile, e.g. 123m456p")
        flags.add_argument(
            "--melds",
            action="append",
            metavar="MELD",
            help='an exposed meld or concealed kong, e.g. "pung 555p"; repeat for each',
        )
        flags.add_argument("--win", metavar="TILE", help="the winning tile, e.g. 7z")
        flags.add_argument("--win-type", help="self_draw, discard or rob_kong")
        flags.add_argument("--winner", metavar="SEAT", help="E, S, W or N")
        flags.add_argument("--dealer", metavar="SEAT", help="E, S, W or N")
        flags.add_argument("--discarder", metavar="SEAT", help="who threw or whose kong was robbed")
        flags.add_argument("--dealer-streak", type=int, metavar="N", help="hands the dealer kept")
        flags.add_argument("--base", type=_number, help="底分, the base points (default 1)")
        flags.add_argument("--wild", metavar="TILE", help="the wild tile, e.g. 5s")

    def handle(self, *args, **options):
        flag_request = {
            key: options[dest] for dest, key in FLAG_KEYS.items() if options[dest] is not None
        }
        try:
            if options["json"] is not None and flag_request:
                raise BadJSONBody("give either --json or the flags, not both", field="--json",
                                  code="cli_json_and_flags")
            if options["json"] is not None:
                request = decode_json_object(_read(options["json"]), field="--json")
            elif flag_request:
                request = flag_request
            else:
                raise BadJSONBody(
                    "nothing to score; give --json FILE (- for stdin) or --region, --hand, --win …",
                    field="--json", code="cli_nothing_to_score",
                )
            response = score(request)
        except (BadJSONBody, InvalidRequest) as error:
            flags_used = options["json"] is None
            for entry in listed_errors(error.errors):
                field = entry["field"]
                flag = FLAG_OF_KEY.get(field.split(".")[0].split("[")[0])
                if flags_used and flag:
                    field = f"{field} ({flag})"
                self.stderr.write(f"{field}: {entry['message']}")
            sys.exit(INVALID_INPUT)
        self.stdout.write(json.dumps(response, indent=2, ensure_ascii=False))


def _read(path: str) -> bytes | str:
    if path == "-":
        return getattr(sys.stdin, "buffer", sys.stdin).read()
    try:
        return Path(path).read_bytes()
    except OSError as error:
        raise BadJSONBody(
            f"cannot read {path} ({error.strerror}); give a readable file or - for stdin",
            field="--json", code="cli_cannot_read", path=path,
        ) from error
