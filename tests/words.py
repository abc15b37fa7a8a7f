"""What the language tests share: the words a player sees on a page or in a sentence,
and the characters a 简体 page of ours must not show. Not a test module: test modules
import from here, never from each other."""

from __future__ import annotations

import re
from html.parser import HTMLParser

# Quoted text the player typed (“colour”, 「x」): echoed as it was, any script.
ECHO = re.compile(r"“[^”]*”|「[^」]*」")
TILE_NOTATION = re.compile(r"\d+[mpsz]")
# Characters a 简体 sentence of ours must not show (their 简体 forms differ).
TRADITIONAL = set("萬條東風發紅對連莊槓搶點頭財飄將張這個請檢裡區")


def ascii_words(text: str) -> list[str]:
    """The ASCII words of a Chinese sentence, less tile notation (123m), the player's
    own text echoed in quotes, and the bare suit letters m p s z."""
    text = TILE_NOTATION.sub(" ", ECHO.sub(" ", text))
    return [w for w in re.findall(r"[A-Za-z]+", text) if w not in ("m", "p", "s", "z")]


# Tile notation (123m, 5z), an address, and the words of the text notation's examples.
NOT_WORDS = re.compile(r"https?://\S+|/\S*|\d+[mpsz](?![a-z])|\{\w+\}")
# Seat letters (東 E), the suit letters the notation help names, and the language menu's
# English, named in itself on every page (base.html).
ALLOWED = {"E", "S", "W", "N", "m", "p", "s", "z", "CSV", "English"}


class Text(HTMLParser):
    """The words a player sees or hears: text, and the attributes read aloud or shown."""

    def __init__(self):
        super().__init__()
        self.chunks: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "code", "textarea"):
            self.skip += 1
        for name, value in attrs:
            if name in ("title", "aria-label", "placeholder", "alt") and value:
                self.chunks.append(value)
            if name.startswith("data-msg") or name in ("data-stale", "data-failed",
                                                       "data-timeout", "data-retry"):
                self.chunks.append(value or "")

    def handle_endtag(self, tag):
        if tag in ("script", "style", "code", "textarea"):
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip:
            self.chunks.append(data)


def seen(html: str) -> list[str]:
    parser = Text()
    parser.feed(html)
    return parser.chunks


def english_words(html: str) -> dict[str, str]:
    """Each ASCII word of the page with the text it sits in."""
    words = {}
    for chunk in seen(html):
        for word in re.findall(r"[A-Za-z][A-Za-z_']*", NOT_WORDS.sub(" ", chunk)):
            if word not in ALLOWED:
                words.setdefault(word, chunk.strip()[:100])
    return words
