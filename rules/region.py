"""The shape of a region's rules: patterns as data, and who pays what."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, TypedDict

from .problems import ErrorEntry, NearReason
from .readings import Reading
from .request import SEATS, Deal
from .tiles import WHITE, Tile

Check = Callable[[Reading, Deal], bool]
# Exact amounts: whole-number bases give ints, and halves of ints as floats (x.5 is exact
# in binary); a decimal base such as 0.1 is carried as a Fraction.
Amount = int | float | Fraction
Payments = dict[str, Amount]


class PatternEntry(TypedDict):
    """A pattern as a response lists it (``Pattern.entry``)."""

    key: str
    name: str
    value: int | None
    source: str


class ContractEntry(TypedDict):
    """One contract as a response shows it (``_contract_entry``)."""

    payer: str
    claims: int
    factor: int
    direction: str


# The contract a response shows: the first ContractEntry, with every one under "all" (and
# where it does not apply, why: Hangzhou's modern scoring).
Contract = dict[str, object]


@dataclass(frozen=True, kw_only=True)
class Pattern:
    """One scoring pattern: its check, its worth and where the rule text says so."""

    key: str
    name: str  # Chinese name as players say it
    english: str
    value: int | Callable[[Reading, Deal], int]
    source: str  # seed file:line
    check: Check
    rule_zh: str  # the rule in the product's own words
    rule_en: str
    excludes: frozenset[str] = field(default_factory=frozenset)
    per_hand: bool = False  # the check reads only the deal (its context), never the reading
    # When the check can hold, declared so that a hand is checked only against the
    # patterns it could meet (tests/engine/test_pattern_tables.py holds every check to these).
    shapes: frozenset[str] | None = None  # the reading shapes it can hold for; None: any
    needs_wild: bool = False  # only when the hand holds a wild tile
    needs_context: bool = False  # only when the request gives a context
    # only for a reading whose tiles span at most this many suits (honours one of them):
    # most hands span three or four, and so skip the one-suit family's checks
    max_suits: int | None = None
    # only for a self-drawn win
    self_draw_only: bool = False
    # The check reads which of the pair's tiles are wilds (a wild with the winning tile,
    # two wilds at their own face). Only then must the readings give the pair every mix
    # of naturals and wilds the tiles allow (readings.standard._pair_variants); the test
    # tests/engine/test_pattern_tables.py holds every other check blind to it.
    reads_pair_wilds: bool = False
    # the pattern's near-miss check (a shared one of rules.near_misses, or the region's
    # own): (reason_zh, reason_en, code, params) with {name} and {wild} to fill in, or None;
    # a pattern without one is never listed as a near miss
    near: Callable[[Reading, Deal], NearReason | None] | None = None
    # The pattern's entry in a response, made once: a response gets a copy, its value
    # filled in where it depends on the hand.
    entry: PatternEntry = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        value = self.value if type(self.value) is int else None
        object.__setattr__(self, "entry", {"key": self.key, "name": self.name, "value": value,
                                           "source": self.source})

    def may_hold(self, *, shape: str | None = None, wild: bool, context: bool,
                 suits: int | None = None) -> bool:
        """Whether the check can hold for a reading of ``shape`` (None: whichever) whose
        tiles span ``suits`` suits (None: however many), in a hand with or without a wild
        tile and a context."""
        return ((shape is None or self.shapes is None or shape in self.shapes)
                and (suits is None or self.max_suits is None or suits <= self.max_suits)
                and (wild or not self.needs_wild) and (context or not self.needs_context))


@dataclass(frozen=True, kw_only=True)
class Choice:
    """One value of a house rule, with its label and the source line it follows."""

    value: str
    label_zh: str
    label_en: str
    source: str


@dataclass(frozen=True, kw_only=True)
class HouseRule:
    """A point the rulebook leaves to the table (RULEBOOK "House rule"): the first choice
    is the default."""

    key: str
    label_zh: str
    label_en: str
    choices: tuple[Choice, ...]
    # read by the ledger's rotation (who deals the next hand), never by scoring one hand:
    # the calculator's form leaves it out, the ledger's table form offers it
    rotation_only: bool = False

    @property
    def default(self) -> str:
        return self.choices[0].value

    @property
    def values(self) -> tuple[str, ...]:
        return tuple(c.value for c in self.choices)

    def choice(self, value: str) -> Choice:
        return next(c for c in self.choices if c.value == value)


# One problem of a request (the request key, what is wrong and how to fix it, its code
# and params: ``rules.problems``)
Problem = ErrorEntry


@dataclass(frozen=True, kw_only=True)
class Wording:
    """A sentence the pages say about a region's payments (presentation only), in
    Chinese and English, with its source. ``{factor}`` stands for the hand's dealer
    factor. The result panel says the first sentence whose conditions hold: the win
    type, whether the winner is the dealer (None: either), and a house rule's value."""

    zh: str
    en: str
    source: str
    win_type: str | None = None
    winner_is_dealer: bool | None = None
    house_rule: tuple[str, str] | None = None  # (key, value)


@dataclass(frozen=True, kw_only=True)
class Region:
    """Everything the engine and the pages know of one region's rules."""

    key: str
    name: str  # 繁體, as the rule texts write it
    name_zh_hans: str
    english: str
    wild_name: str  # what players call the wild: 百搭 or 財神
    # the wild when the request names none (Hangzhou: 白); None: the request must name it
    default_wild: Tile | None
    # 白 is a plain copy of a named wild's face, and that wild type a flipped indicator
    # with three copies in play (RULEBOOK §1); the default wild keeps all four
    white_substitutes: bool
    shapes: tuple[str, ...]
    patterns: tuple[Pattern, ...]
    adds_fan: bool  # Honghe adds 番 (score = base × 2^番); the others multiply
    pay: Callable[[Deal, Amount], Payments]
    # 承包: the payments after the contracts the claims make, and what the response
    # shows of them (None: the region has no contract rule)
    contract: Callable[[Deal, Payments], tuple[Payments, Contract | None]] | None = None
    house_rules: tuple[HouseRule, ...] = ()
    # the request's context keys a pattern or a payment of the region reads
    context_keys: tuple[str, ...] = ()
    # the win types that are ever allowed; when a win type needs more, ``win_problems``
    # says why not for a deal whose fields are each well formed
    win_types: tuple[str, ...] = ("self_draw", "discard", "rob_kong")
    win_problems: Callable[[Deal], list[Problem]] | None = None
    # a 暴頭-ready hand (four sets and a lone wild) may not win on another's tile
    ready_hand_self_draw_only: bool = False
    # whether six pairs and a lone wild count as ready for that ban too
    ready_with_six_pairs: Callable[[Deal], bool] | None = None
    dealer_factor: Callable[[Deal], int] | None = None
    # how players name a product of patterns (槓暴 …): (the keys, the name), first match
    combinations: tuple[tuple[frozenset[str], str], ...] = ()
    # who deals the next hand (``ROTATIONS``, ``Region.rotation``): the region's own
    # rotation, or the value of the house rule named here (its values are rotations)
    rotation: str = "keep_on_win_or_draw"
    rotation_rule: str | None = None
    # the region's patterns read the hands before this one (黃番, 百搭連莊)
    reads_history: bool = False
    # checked once per hand / once per reading
    hand_patterns: tuple[Pattern, ...] = field(init=False)
    reading_patterns: tuple[Pattern, ...] = field(init=False)
    # the same narrowed to those that can hold, worked out once:
    # hand_tables[has context][has wild], reading_tables[has wild][shape] and, what a
    # reading is checked against, suit_tables[has wild][shape][suits its tiles span]
    hand_tables: tuple[tuple[tuple[Pattern, ...], ...], ...] = field(init=False)
    reading_tables: tuple[dict[str, tuple[Pattern, ...]], ...] = field(init=False)
    suit_tables: tuple[dict[str, tuple[tuple[Pattern, ...], ...]], ...] = field(init=False)
    # --- presentation only: what the pages show of the region; the engine never reads it ---
    listed: int = 0  # where the pages list the region, lowest first (the first: the default)
    wild_badge: str = ""  # the wild's one-character mark on a tile (百搭 → 搭, 財神 → 財)
    # a pattern's worth in words where it depends on the hand: pattern key → "×4 / ×2"
    value_labels: dict[str, str] = field(default_factory=dict, hash=False, compare=False)
    # how the region pays, as the rules pages say it (the default house rules)
    payment_rules: tuple[Wording, ...] = ()
    # the result panel's one sentence for a hand: the first whose conditions hold
    payment_sentences: tuple[Wording, ...] = ()
    # the side-by-side table's row of a pattern whose part another region's pattern of
    # another key plays: pattern key → that key (對對和 → qi_dui); others by their own key
    compares_as: dict[str, str] = field(default_factory=dict, hash=False, compare=False)
    # example hands of the rules pages: pattern key → score requests (docs/API.md)
    examples: dict[str, tuple[dict[str, Any], ...]] = field(default_factory=dict, hash=False,
                                                            compare=False)

    # whether a pattern reads the pair's wilds on any win, and on a self-draw
    pair_readers: tuple[bool, bool] = field(init=False)
    # each house rule's default (its first choice), what a request that names none plays
    house_rule_defaults: dict[str, str] = field(init=False, hash=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "house_rule_defaults",
                           {rule.key: rule.default for rule in self.house_rules})
        readers = [p for p in self.patterns if p.reads_pair_wilds]
        object.__setattr__(self, "pair_readers", (
            any(not p.self_draw_only for p in readers), bool(readers)))
        hand = tuple(p for p in self.patterns if p.per_hand)
        reading = tuple(p for p in self.patterns if not p.per_hand)
        object.__setattr__(self, "hand_patterns", hand)
        object.__setattr__(self, "reading_patterns", reading)
        object.__setattr__(self, "hand_tables", _hand_tables(hand))
        reading_tables = _reading_tables(reading, self.shapes)
        object.__setattr__(self, "reading_tables", reading_tables)
        object.__setattr__(self, "suit_tables", _suit_tables(reading_tables))

    def reads_pair_wilds(self, deal: Deal) -> bool:
        """Whether a pattern that may hold for ``deal`` reads which of the pair's tiles
        are wilds (``Pattern.reads_pair_wilds``)."""
        if not deal.wild_count:
            return False
        any_win, self_draw = self.pair_readers
        return any_win or (self_draw and deal.win_type == "self_draw")

    def pattern(self, key: str) -> Pattern:
        return next(p for p in self.patterns if p.key == key)

    @property
    def scoring_house_rules(self) -> tuple[HouseRule, ...]:
        """The house rules that may change a hand's score (the calculator's form offers
        these; ``HouseRule.rotation_only`` ones belong to the ledger's tables)."""
        return tuple(rule for rule in self.house_rules if not rule.rotation_only)

    def house_rule(self, key: str) -> HouseRule | None:
        return next((h for h in self.house_rules if h.key == key), None)

    def rotation_for(self, house_rules: Mapping[str, str]) -> str:
        """The table's rotation (``ROTATIONS``) under its ``house_rules``."""
        if self.rotation_rule is None:
            return self.rotation
        rule = self.house_rule(self.rotation_rule)
        assert rule is not None, self.rotation_rule
        return house_rules.get(rule.key, rule.default)

    def next_deal(self, dealer: str, winner: str | None,
                  house_rules: Mapping[str, str]) -> tuple[str, bool]:
        """Who deals the hand after ``dealer``'s hand won by ``winner`` (None: drawn), and
        whether the dealer kept the deal (the streak grows; otherwise it starts at 0)."""
        rotation = self.rotation_for(house_rules)
        kept = winner in (None, dealer) and rotation != "rotate"
        if kept:
            return dealer, True
        if rotation == "winner_deals" and winner is not None:
            return winner, False
        return next_seat(dealer), False

    def wild_copies(self, wild: Tile) -> int:
        """Copies of the wild type in play: a flipped indicator takes one out."""
        return 3 if self.white_substitutes and wild != self.default_wild else 4

    def substitutes(self, wild: Tile) -> bool:
        """Whether 白 is a plain copy of the wild's face (jinhua.txt:5, hangzhou.txt:166)."""
        return self.white_substitutes and wild != WHITE


def _hand_tables(hand: tuple[Pattern, ...]) -> tuple[tuple[tuple[Pattern, ...], ...], ...]:
    """The per-hand patterns that can hold, by [has context][has wild]."""
    return tuple(tuple(tuple(p for p in hand if p.may_hold(wild=wild, context=context))
                       for wild in (False, True))
                 for context in (False, True))


def _reading_tables(reading: tuple[Pattern, ...],
                    shapes: tuple[str, ...]) -> tuple[dict[str, tuple[Pattern, ...]], ...]:
    """The per-reading patterns that can hold, by [has wild][shape]."""
    return tuple({shape: tuple(p for p in reading
                               if p.may_hold(shape=shape, wild=wild, context=True))
                  for shape in shapes}
                 for wild in (False, True))


def _suit_tables(reading_tables: tuple[dict[str, tuple[Pattern, ...]], ...],
                 ) -> tuple[dict[str, tuple[tuple[Pattern, ...], ...]], ...]:
    """``reading_tables`` narrowed by the suits a reading's tiles span: by [has
    wild][shape][suits] (a reading spans 1 to 4 suits; 0 is unused)."""
    return tuple({shape: tuple(tuple(p for p in table
                                     if p.may_hold(wild=wild, context=True, suits=suits))
                               for suits in range(5))
                  for shape, table in by_shape.items()}
                 for wild, by_shape in zip((False, True), reading_tables, strict=True))


# Who deals the next hand (RULEBOOK §2-§4): the dealer keeps the deal after a dealer win
# or a draw, and after another's win the next seat deals (Honghe honghe.txt:19) or that
# winner does (Hangzhou hangzhou.txt:92-98,190-194); or the deal passes to the next seat
# after every hand, won or drawn (Jinhua 轮庄, jinhua.txt:5; RULEBOOK §7).
ROTATIONS = ("keep_on_win_or_draw", "winner_deals", "rotate")


def next_seat(seat: str, steps: int = 1) -> str:
    """Play passes E→S→W→N (RULEBOOK §1)."""
    return SEATS[(SEATS.index(seat) + steps) % 4]


def each_pays(deal: Deal, each: Amount, payer: str | None = None,
              amount: Amount = 0) -> Payments:
    """Net amounts for all four seats, in seat order (E, S, W, N, as the response shows
    them; a new dict): the three others each pay ``each`` to the winner, except
    ``payer`` (if one is named), who pays ``amount``. Written out, without a dict of
    debts to settle: payments are made for every reading shown."""
    payments = {"E": -each, "S": -each, "W": -each, "N": -each}
    if payer is None:
        payments[deal.winner] = 3 * each
    else:
        payments[payer] = -amount
        payments[deal.winner] = 2 * each + amount
    return payments


def one_pays(deal: Deal, payer: str, amount: Amount) -> Payments:
    """Net amounts for all four seats, as ``each_pays`` gives them: ``payer`` alone pays
    ``amount`` to the winner."""
    payments: Payments = {"E": 0, "S": 0, "W": 0, "N": 0}
    payments[payer] = -amount
    payments[deal.winner] = amount
    return payments


def share(amount: Amount, parts: int) -> Amount:
    """``amount / parts`` exactly: an int while it divides, else a float for halves and
    eighths of an int (exact in binary), a Fraction otherwise."""
    if isinstance(amount, int):
        if amount % parts == 0:
            return amount // parts
        return amount / parts if parts & (parts - 1) == 0 else Fraction(amount, parts)
    return amount / parts


def half(amount: Amount) -> Amount:
    return share(amount, 2)


def _contracts(deal: Deal) -> list[tuple[int, str, int]]:
    """承包/包牌 (hangzhou.txt:168,198; jinhua.txt:71): three or more claims between the
    winner and one player make a contract. Each as (claims, payer, factor): the player
    the winner claimed from pays the winner's whole take (factor 1); a player who claimed
    from the winner pays it twice (factor 2). Ranked: the most claims first, ties by
    seat order from the winner's next player, and between two contracts with the same
    player, the larger."""
    found = []
    for claim in deal.context.claims:
        if claim.count < 3:
            continue
        if claim.by == deal.winner:
            found.append((claim.count, claim.from_, 1))
        elif claim.from_ == deal.winner:
            found.append((claim.count, claim.by, 2))
    order = [next_seat(deal.winner, k) for k in (1, 2, 3)]
    found.sort(key=lambda c: (-c[0], order.index(c[1]), -c[2]))
    return found


def _contract_entry(count: int, payer: str, factor: int) -> ContractEntry:
    return {"payer": payer, "claims": count, "factor": factor,
            "direction": "claimed_from_payer" if factor == 1 else "payer_claimed"}


def one_contract(deal: Deal, payments: Payments) -> tuple[Payments, Contract | None]:
    """Hangzhou (RULEBOOK §3, ruling): at most one contract applies — the first of
    ``_contracts``' ranking — and its payer alone pays."""
    candidates = _contracts(deal)
    if not candidates:
        return payments, None
    count, payer, factor = candidates[0]
    total = payments[deal.winner] * factor
    entry = _contract_entry(count, payer, factor)
    return one_pays(deal, payer, total), {**entry, "all": [entry]}


def every_contract(deal: Deal, payments: Payments) -> tuple[Payments, Contract | None]:
    """Jinhua (jinhua.txt:71 "如果多者发生这种情况都要算"; RULEBOOK §4, revised): every
    contract counts and they add — each payer pays its own contract, nobody else pays.
    The response's contract is the first, with every one under "all"."""
    candidates = _contracts(deal)
    if not candidates:
        return payments, None
    total = payments[deal.winner]
    settled: Payments = {"E": 0, "S": 0, "W": 0, "N": 0}
    for _, payer, factor in candidates:
        settled[payer] -= total * factor
        settled[deal.winner] += total * factor
    entries = [_contract_entry(*c) for c in candidates]
    return settled, {**entries[0], "all": entries}
