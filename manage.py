#!/usr/bin/env python
"""Django's command-line utility for the Zhejiang Mahjong Scorer.

Without DJANGO_SETTINGS_MODULE it runs the production settings (settings fail closed:
`make run` sets the development ones), except for the commands that serve and sign
nothing, which run the offline settings: ``score`` (docs/API.md, "Command line") works
in any checkout with no secret to hand.
"""

import os
import sys

OFFLINE_COMMANDS = {"score"}


def main():
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    os.environ.setdefault(
        "DJANGO_SETTINGS_MODULE",
        "config.settings.offline" if command in OFFLINE_COMMANDS else "config.settings.production",
    )
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
