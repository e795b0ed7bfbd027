"""Camicia and Beggar-my-neighbour analysis: decks, rank and unrank,
exhaustive sweeps over ranges of ranks and random searches over ranges of
a seed's stream, with summaries that merge exactly.

The engine is the Rust crate ``camicia-rules``; the summaries are its
``SweepSummary`` and ``SearchSummary``, whose JSON is exactly that of the
``camicia`` example (``--sweep --json``, ``--search --json``). The sweeps and
searches release the interpreter's lock, so threads of one process run
them side by side; ``python -m carte.ray`` runs them as Ray tasks over a
cluster.

>>> from carte import camicia
>>> deck = camicia.Deck("camicia", [14, 2, 2, 2])    # the 20-card Camicia
>>> deck.deals
3488400
>>> camicia.unrank(deck, 2_320_485)
'-3-1----2-/---2----13'
>>> camicia.rank(deck, "-3-1----2-/---2----13")
2320485
>>> part = camicia.sweep(deck, 2_320_000, 2_321_000, top=3)
>>> part.longest[0]["cards"], part.longest[0]["rank"]
(517, 2320485)
>>> part.merge(camicia.sweep(deck, 2_321_000, 2_322_000, top=3))
>>> part.ranges
[(2320000, 2322000)]
>>> part.merge(camicia.sweep(deck, 2_321_500, 2_323_000, top=3))
Traceback (most recent call last):
...
carte.camicia.MergeError: the ranges 2320000..2322000 and 2321500..2323000 overlap
>>> camicia.Deck("camicia", [20])
Traceback (most recent call last):
...
carte.camicia.DeckError: bad deck: no attack card
>>> found = camicia.search("camicia", 1000, seed=7)
>>> found.deals, found.finished + len(found.loops)
(1000, 1000)

A deck is a ``Deck``, a preset's name (``"camicia"``: 40 cards, 28 plain
and four each of 1, 2, 3; ``"bmn"``: Beggar-my-neighbour's 52) or a list of
counts of kinds 0, 1, 2, ... in Camicia's notation. The end rule is
``"standard"`` or ``"literal"`` (a player loses as soon as their hand is
empty). Every error is a ``CamiciaError`` (a ``ValueError``): ``DeckError``,
``RankError``, ``RangeError``, ``MergeError`` (another deck, end rule, seed
or top, or overlapping ranges: nothing is ever counted twice) and
``SummaryError`` (JSON that is no summary, or whose parts disagree).
"""

from __future__ import annotations

from carte._carte import camicia as _native

CamiciaError = _native.CamiciaError
DeckError = _native.DeckError
RankError = _native.RankError
RangeError = _native.RangeError
MergeError = _native.MergeError
SummaryError = _native.SummaryError
Deck = _native.Deck
SweepSummary = _native.SweepSummary
SearchSummary = _native.SearchSummary
sweep = _native.sweep
#: The ``Deck`` of a deck argument: a ``Deck``, ``"camicia"``, ``"bmn"``,
#: counts text ``"14,2,2,2"`` or a list of counts (Camicia's notation).
deck = _native.deck
search = _native.search

#: The ``top`` of the example: how many longest games a summary keeps.
TOP = 10
#: The seed of the example's ``--search``.
SEED = 2026


def rank(of: object, deal: str) -> int:
    """The rank of ``deal`` among the deals of the deck ``of``
    (``RankError`` for a deal that is not of the deck)."""
    return deck(of).rank(deal)


def unrank(of: object, number: int) -> str:
    """The deal of rank ``number`` of the deck ``of``, in notation
    (``RankError`` outside ``0..deals``)."""
    return deck(of).unrank(number)


__all__ = [
    "SEED",
    "TOP",
    "CamiciaError",
    "Deck",
    "DeckError",
    "MergeError",
    "RangeError",
    "RankError",
    "SearchSummary",
    "SummaryError",
    "SweepSummary",
    "deck",
    "rank",
    "search",
    "sweep",
    "unrank",
]
