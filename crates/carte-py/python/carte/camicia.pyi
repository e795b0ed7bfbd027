"""Type stubs of carte.camicia (the native carte._carte.camicia re-exported)."""

from typing import Any, Literal

EndRule = Literal["standard", "literal", "Standard", "EmptyHandLoses"]
DeckLike = Deck | str | list[int] | tuple[int, ...]

#: How many longest games a summary keeps by default (the example's --top).
TOP: int
#: The seed of the example's --search.
SEED: int

class CamiciaError(ValueError):
    """A bad argument of the Camicia analysis; the others derive from it."""

class DeckError(CamiciaError):
    """A deck that cannot be played, or text that is no deck."""

class RankError(CamiciaError):
    """A rank outside the deck's deals, or a deal not of the deck."""

class RangeError(CamiciaError):
    """A range of ranks or deal numbers outside the deck's or backwards, or a bad shard."""

class MergeError(CamiciaError):
    """Summaries of another deck, end rule, seed or top, or with overlapping ranges."""

class SummaryError(CamiciaError):
    """JSON that is no summary, or whose parts disagree."""

class Deck:
    """A deck: Deck("camicia"), Deck("bmn"), Deck("camicia", [14, 2, 2, 2])."""

    def __init__(self, preset: Literal["camicia", "bmn"] = "camicia", counts: list[int] | None = None) -> None: ...
    @staticmethod
    def parse(text: str, preset: Literal["camicia", "bmn"] = "camicia") -> Deck: ...
    @staticmethod
    def from_json(text: str) -> Deck: ...
    def to_json(self) -> str: ...
    @property
    def preset(self) -> str: ...
    @property
    def counts(self) -> list[int]: ...
    @property
    def deals(self) -> int: ...
    def __len__(self) -> int: ...
    def rank(self, deal: str) -> int: ...
    def unrank(self, rank: int) -> str: ...
    def shard(self, index: int, count: int) -> tuple[int, int]: ...

class SweepSummary:
    """A sweep's summary; to_json() is the example's --sweep --json."""

    @staticmethod
    def empty(deck: DeckLike, *, top: int = 10, end_rule: EndRule = "standard") -> SweepSummary: ...
    @staticmethod
    def from_json(text: str) -> SweepSummary: ...
    def to_json(self) -> str: ...
    def merge(self, other: SweepSummary) -> None: ...
    def missing(self, start: int = 0, end: int | None = None) -> list[tuple[int, int]]: ...
    def copy(self) -> SweepSummary: ...
    deck: Deck
    end_rule: str
    top: int
    ranges: list[tuple[int, int]]
    deals: int
    finished: int
    a_wins: int
    cards: int
    tricks: int
    lengths: list[int]
    quantiles: dict[str, int]
    longest: list[dict[str, Any]]
    loops: list[dict[str, Any]]

class SearchSummary:
    """A random search's summary; report_json() is the example's --search --json."""

    @staticmethod
    def empty(deck: DeckLike, seed: int = 2026, *, top: int = 10, end_rule: EndRule = "standard") -> SearchSummary: ...
    @staticmethod
    def from_json(text: str) -> SearchSummary: ...
    def to_json(self) -> str: ...
    def report_json(self, threads: int, seconds: float) -> str: ...
    def merge(self, other: SearchSummary) -> None: ...
    def missing(self, start: int, end: int) -> list[tuple[int, int]]: ...
    def copy(self) -> SearchSummary: ...
    deck: Deck
    end_rule: str
    seed: int
    top: int
    ranges: list[tuple[int, int]]
    deals: int
    finished: int
    a_wins: int
    cards: int
    tricks: int
    lengths: list[int]
    mean_cards: float
    mean_tricks: float
    quantiles: dict[str, int]
    longest: list[dict[str, Any]]
    loops: list[dict[str, Any]]

def deck(value: DeckLike) -> Deck: ...
def rank(of: DeckLike, deal: str) -> int: ...
def unrank(of: DeckLike, number: int) -> str: ...
def sweep(
    deck: DeckLike, start: int = 0, end: int | None = None, *, top: int = 10, end_rule: EndRule = "standard"
) -> SweepSummary:
    """Every deal of ranks start..end, the interpreter's lock released."""

def search(
    deck: DeckLike, n: int, seed: int = 2026, *, start: int = 0, top: int = 10, end_rule: EndRule = "standard"
) -> SearchSummary:
    """The deals start..start + n of the stream of seed, the lock released."""
