"""carte.camicia: decks, rank and unrank, sweeps and searches that merge
exactly, their JSON, and the typed errors (rules C30 to C36)."""

import json
import pickle
import threading
import time

import pytest

from carte import camicia

SMALL = [6, 2, 1, 1]  # 2,520 deals, loops among them


def test_decks_presets_and_custom_counts():
    """C30, C33: decks by preset or by counts, and their numbers of deals."""
    assert camicia.Deck("camicia").deals == 193_584_473_082_000
    assert camicia.Deck("bmn").deals == 653_534_134_886_878_245_000
    twenty = camicia.Deck("camicia", [14, 2, 2, 2])
    assert (len(twenty), twenty.deals, twenty.counts, str(twenty)) == (20, 3_488_400, [14, 2, 2, 2], "camicia 14,2,2,2")
    assert camicia.Deck.parse("14, 2,2,2") == twenty == camicia.deck([14, 2, 2, 2]) == camicia.deck("14,2,2,2")
    assert camicia.deck("bmn") == camicia.Deck("bmn") != camicia.Deck("camicia")
    assert camicia.Deck.parse("28,4,4,4") == camicia.Deck("camicia")
    assert camicia.Deck.from_json(twenty.to_json()) == twenty
    assert pickle.loads(pickle.dumps(twenty)) == twenty
    assert {twenty: 1}[camicia.Deck.parse("14,2,2,2")] == 1
    assert camicia.Deck("bmn", [36, 4, 4, 4, 4]) == camicia.Deck("bmn")


@pytest.mark.parametrize(
    "counts, message",
    [
        ([20], "no attack card"),
        ([14, 2, 2, 1], "odd number"),
        ([50, 2, 2], "more than the 52"),
        ([14, 2, 2, 2, 2], "kind 4"),
        ([-1, 2], "a count of -1"),
        ([300, 2], "a count of 300"),
    ],
)
def test_bad_decks_are_refused(counts, message):
    """C32: a deck that cannot be played is refused with a clear error."""
    with pytest.raises(camicia.DeckError, match=message):
        camicia.Deck("camicia", counts)


def test_bad_deck_arguments_are_refused():
    for bad in ["uno", "14,x", "", 3.5, None, {"a": 1}]:
        with pytest.raises(camicia.DeckError):
            camicia.deck(bad)
    with pytest.raises(camicia.DeckError, match="preset"):
        camicia.Deck("uno")
    with pytest.raises(camicia.DeckError, match="JSON"):
        camicia.Deck.from_json('{"preset": "camicia", "counts": [20]}')
    # Every error of the analysis is a ValueError.
    assert issubclass(camicia.DeckError, camicia.CamiciaError) and issubclass(camicia.CamiciaError, ValueError)


def test_rank_and_unrank():
    """C34, C35: the published numbering; rank and unrank undo each other."""
    twenty = [14, 2, 2, 2]
    assert camicia.unrank(twenty, 0) == "----------/----112233"
    assert camicia.unrank(twenty, 2_320_485) == "-3-1----2-/---2----13"
    full = camicia.Deck("camicia")
    last = full.unrank(full.deals - 1)
    assert last == "333322221111--------/--------------------"
    assert full.rank(last) == full.deals - 1
    bmn = camicia.Deck("bmn")
    big = bmn.deals - 12345
    assert big > 2**64 and bmn.rank(bmn.unrank(big)) == big
    for r in [-1, twenty and 3_488_400, 2**200, "7", 1.5]:
        with pytest.raises(camicia.RankError):
            camicia.unrank(twenty, r)
    with pytest.raises(camicia.RankError, match="not a deal of the deck"):
        camicia.rank(twenty, "12/3-")
    with pytest.raises(camicia.RankError):
        camicia.rank(twenty, "x/y")
    assert camicia.Deck("camicia").shard(2, 2) == (96_792_236_541_000, 193_584_473_082_000)
    with pytest.raises(camicia.RangeError, match="shard 3/2"):
        camicia.Deck("camicia").shard(3, 2)


def test_sweeps_merge_exactly_in_any_order():
    """C36: summaries of separate ranges merge into exactly the whole's."""
    deck = camicia.Deck("camicia", SMALL)
    whole = camicia.sweep(deck, top=4)
    assert whole.deals == deck.deals == whole.finished + len(whole.loops)
    assert whole.loops, "a deck with loops tests them too"
    assert whole.ranges == [(0, deck.deals)]
    cuts = [0, 1, 700, 701, 2000, deck.deals]
    parts = [camicia.sweep(deck, a, b, top=4) for a, b in zip(cuts, cuts[1:])]
    for order in (parts, parts[::-1], parts[2:] + parts[:2]):
        merged = camicia.SweepSummary.empty(deck, top=4)
        for p in order:
            merged.merge(p)
        assert merged == whole
        assert merged.to_json() == whole.to_json()
    assert whole.missing() == []
    assert parts[1].missing() == [(0, 1), (700, deck.deals)]
    # Each kept game and loop is its deal's own.
    for g in whole.longest + whole.loops:
        assert deck.unrank(g["rank"]) == g["deal"]
    assert whole.longest == sorted(whole.longest, key=lambda g: (-g["cards"], g["rank"]))
    q = whole.quantiles
    assert q["min"] <= q["median"] <= q["max"] == whole.longest[0]["cards"]


def test_merging_overlapping_or_foreign_sweeps_is_refused():
    deck = camicia.Deck("camicia", SMALL)
    a = camicia.sweep(deck, 0, 100)
    before = a.to_json()
    with pytest.raises(camicia.MergeError, match="overlap"):
        a.merge(camicia.sweep(deck, 50, 150))
    with pytest.raises(camicia.MergeError, match="overlap"):
        a.merge(a.copy())
    for foreign in [
        camicia.sweep(deck, 100, 150, top=3),
        camicia.sweep(deck, 100, 150, end_rule="literal"),
        camicia.sweep([8, 2, 1, 1], 100, 150),
    ]:
        with pytest.raises(camicia.MergeError, match="cannot merge"):
            a.merge(foreign)
    assert a.to_json() == before, "a refused merge leaves the summary alone"


def test_bad_ranges_and_arguments():
    deck = [14, 2, 2, 2]
    for start, end in [(5, 3), (0, 3_488_401), (-1, 5), (0, 2**130)]:
        with pytest.raises(camicia.RangeError):
            camicia.sweep(deck, start, end)
    with pytest.raises(camicia.RangeError):
        camicia.sweep(deck, "0", 5)
    with pytest.raises(camicia.CamiciaError, match="end rule"):
        camicia.sweep(deck, 0, 5, end_rule="short")
    with pytest.raises(camicia.CamiciaError, match="at most 10000"):
        camicia.sweep(deck, 0, 5, top=10_001)
    for n, seed, start in [(-1, 1, 0), (5, -1, 0), (5, 1, -1), (5, 2**64, 0), (2**63, 1, 2**63 + 1)]:
        with pytest.raises(camicia.RangeError):
            camicia.search(deck, n, seed, start=start)
    empty = camicia.sweep(deck, 7, 7)
    assert (empty.deals, empty.ranges) == (0, [])


def test_summaries_round_trip_and_corrupted_json_is_refused():
    deck = camicia.Deck("camicia", SMALL)
    s = camicia.sweep(deck, top=3)
    text = s.to_json()
    assert camicia.SweepSummary.from_json(text) == s
    assert pickle.loads(pickle.dumps(s)) == s
    for old, new in [('"deals":2520', '"deals":2521'), ('"top":3', '"top":1'), ('"end":2520', '"end":2600')]:
        assert old in text
        with pytest.raises(camicia.SummaryError):
            camicia.SweepSummary.from_json(text.replace(old, new, 1))
    with pytest.raises(camicia.SummaryError):
        camicia.SweepSummary.from_json("not json")
    f = camicia.search(deck, 3000, 5, top=3)
    assert camicia.SearchSummary.from_json(f.to_json()) == f
    assert pickle.loads(pickle.dumps(f)) == f
    with pytest.raises(camicia.SummaryError):
        camicia.SearchSummary.from_json(f.to_json().replace('"deals":3000', '"deals":2999', 1))
    with pytest.raises(camicia.SummaryError):
        camicia.SearchSummary.from_json(text)


def test_searches_merge_exactly_and_keep_the_longest_games():
    """A search is the same however its deals are split."""
    deck = camicia.Deck("camicia", SMALL)
    whole = camicia.search(deck, 40_000, 11, top=5)
    assert whole.deals == 40_000 and whole.ranges == [(0, 40_000)]
    assert whole.loops, "loops are kept too"
    merged = camicia.SearchSummary.empty(deck, 11, top=5)
    for a, b in [(30_000, 40_000), (0, 7), (7, 16_385), (16_385, 30_000)]:
        merged.merge(camicia.search(deck, b - a, 11, start=a, top=5))
    assert merged == whole
    assert [g["cards"] for g in whole.longest] == sorted((g["cards"] for g in whole.longest), reverse=True)
    assert all(g["status"] == "finished" for g in whole.longest)
    assert all(g["status"] == "loop" for g in whole.loops)
    with pytest.raises(camicia.MergeError, match="seed"):
        merged.merge(camicia.search(deck, 10, 12, start=40_000, top=5))
    with pytest.raises(camicia.MergeError, match="overlap"):
        merged.merge(camicia.search(deck, 10, 11, start=39_995, top=5))
    report = json.loads(whole.report_json(2, 0.5))
    assert report["threads"] == 2 and report["deals_per_second"] == 80_000
    assert report["quantiles"] == whole.quantiles and report["deals"] == 40_000
    assert report["mean_cards"] == pytest.approx(whole.cards / whole.finished)


def test_the_lock_is_released_while_rust_sweeps():
    """The main thread runs Python all through another thread's sweep."""
    window = []

    def sweep():
        t0 = time.monotonic()
        camicia.sweep([14, 2, 2, 2], 0, 1_500_000)
        window.extend([t0, time.monotonic()])

    worker = threading.Thread(target=sweep)
    ticks = []
    worker.start()
    while worker.is_alive():
        ticks.append(time.monotonic())
    worker.join()
    t0, t1 = window
    inside = [t for t in ticks if t0 < t < t1]
    # Holding the lock, the sweep would let this loop run only in the few
    # milliseconds before the call: its ticks would not span the sweep.
    assert inside and inside[-1] - inside[0] > 0.5 * (t1 - t0), (len(inside), t1 - t0)
