//! `carte.camicia`: the Camicia analysis of `camicia-rules` from Python.
//! Decks, rank and unrank, sweeps over ranges of ranks and random searches
//! over ranges of a seed's stream, their summaries with exact merges and
//! the JSON of the `camicia` example. The sweeps and searches run with the
//! interpreter's lock released, so threads of one process run them side
//! by side; a Ray cluster runs them as tasks (`carte.ray`).

use camicia_rules as rules;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

create_exception!(
    carte.camicia,
    CamiciaError,
    PyValueError,
    "A bad argument of the Camicia analysis (a ValueError); the others derive from it."
);
create_exception!(carte.camicia, DeckError, CamiciaError, "A deck that cannot be played, or text that is no deck.");
create_exception!(
    carte.camicia,
    RankError,
    CamiciaError,
    "A rank outside the deck's deals, or a deal not of the deck."
);
create_exception!(
    carte.camicia,
    RangeError,
    CamiciaError,
    "A range of ranks or deal numbers outside the deck's or backwards, or a bad shard."
);
create_exception!(
    carte.camicia,
    MergeError,
    CamiciaError,
    "Summaries that cannot merge: of another deck, end rule, seed or top, or with overlapping ranges."
);
create_exception!(
    carte.camicia,
    SummaryError,
    CamiciaError,
    "A summary's JSON that is not a summary, or whose parts disagree (corrupted or edited)."
);

/// What `__reduce__` returns for pickling: a callable and its arguments.
type Reduced<'py, A> = (Bound<'py, PyAny>, A);

/// The seed of a search without one (the example's `--search` too).
const SEED: u64 = 2026;

/// Most longest games a summary keeps (the example's `--top` too).
const MAX_TOP: usize = 10_000;

fn sweep_error(e: rules::SweepError) -> PyErr {
    use rules::SweepError as E;
    match e {
        E::Different(..) | E::Overlap(..) | E::Overflow => MergeError::new_err(e.to_string()),
        E::Inconsistent(..) => SummaryError::new_err(e.to_string()),
        _ => RangeError::new_err(e.to_string()),
    }
}

/// The end rule of a name: `standard`, or `literal` (a player loses as
/// soon as their hand is empty); the serde names are accepted too.
fn end_rule(name: &str) -> PyResult<rules::EndRule> {
    match name {
        "standard" | "Standard" => Ok(rules::EndRule::Standard),
        "literal" | "EmptyHandLoses" => Ok(rules::EndRule::EmptyHandLoses),
        _ => Err(CamiciaError::new_err(format!("end rule {name:?}: expected \"standard\" or \"literal\""))),
    }
}

fn end_rule_name(rule: rules::EndRule) -> &'static str {
    match rule {
        rules::EndRule::EmptyHandLoses => "literal",
        _ => "standard",
    }
}

fn check_top(top: usize) -> PyResult<usize> {
    if top > MAX_TOP {
        return Err(CamiciaError::new_err(format!("top {top}: keep at most {MAX_TOP} longest games")));
    }
    Ok(top)
}

fn preset(name: &str) -> PyResult<rules::Preset> {
    name.parse().map_err(|_| DeckError::new_err(format!("preset {name:?}: expected \"camicia\" or \"bmn\"")))
}

/// A deck: how many cards of each kind it holds, in a preset's notation.
///
/// `Deck("camicia")` and `Deck("bmn")` are the presets' full decks (40 and
/// 52 cards); `Deck("camicia", [14, 2, 2, 2])` a custom one (counts of
/// kinds 0, 1, 2, ...: 14 plain cards and two each of 1, 2, 3), as is
/// `Deck.parse("14,2,2,2")`. A deck that cannot be played raises
/// `DeckError`.
#[pyclass(module = "carte.camicia", name = "Deck", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct Deck(rules::Deck);

#[pymethods]
impl Deck {
    #[new]
    #[pyo3(signature = (preset = "camicia", counts = None))]
    fn new(preset: &str, counts: Option<Vec<i64>>) -> PyResult<Deck> {
        let preset = self::preset(preset)?;
        let Some(counts) = counts else { return Ok(Deck(rules::Deck::of(preset))) };
        let bytes: Vec<u8> = counts
            .iter()
            .map(|&c| {
                u8::try_from(c).map_err(|_| DeckError::new_err(format!("bad deck {counts:?}: a count of {c} cards")))
            })
            .collect::<PyResult<_>>()?;
        let text: Vec<String> = bytes.iter().map(u8::to_string).collect();
        // Through the parser, so that kinds past the fifth are refused too.
        rules::Deck::parse(preset, &text.join(",")).map(Deck).map_err(|e| DeckError::new_err(e.to_string()))
    }

    /// Reads counts such as `"14,2,2,2"` as a deck of `preset`.
    #[staticmethod]
    #[pyo3(signature = (text, preset = "camicia"))]
    fn parse(text: &str, preset: &str) -> PyResult<Deck> {
        rules::Deck::parse(self::preset(preset)?, text).map(Deck).map_err(|e| DeckError::new_err(e.to_string()))
    }

    /// `camicia` or `bmn`: the notation of the deck's cards.
    #[getter]
    fn preset(&self) -> &'static str {
        self.0.preset().name()
    }

    /// Cards of each kind, up to the highest kind present.
    #[getter]
    fn counts(&self) -> Vec<u32> {
        let counts = self.0.counts();
        let last = counts.iter().rposition(|&c| c > 0).unwrap_or(0);
        counts[..=last].iter().map(|&c| u32::from(c)).collect()
    }

    /// How many deals the deck has (`rank` runs from 0 to `deals - 1`).
    #[getter]
    fn deals(&self) -> u128 {
        self.0.deals()
    }

    /// Cards in the deck.
    fn __len__(&self) -> usize {
        self.0.len()
    }

    /// The rank of a deal (`HAND/HAND`, A first, top card first) among the
    /// deck's deals; `RankError` for a deal that is not of the deck.
    fn rank(&self, deal: &str) -> PyResult<u128> {
        let deal = rules::Deal::parse_deal_of(&self.0, deal).map_err(|e| RankError::new_err(e.to_string()))?;
        self.0.rank(&deal).map_err(|e| RankError::new_err(e.to_string()))
    }

    /// The deal of a rank, in notation; `RankError` outside `0..deals`.
    fn unrank(&self, rank: &Bound<'_, PyAny>) -> PyResult<String> {
        let deals = self.0.deals();
        let out_of_range = || {
            RankError::new_err(format!(
                "rank {rank} is out of range: the deck {} has {deals} deals (ranks 0 to {})",
                self.0,
                deals - 1
            ))
        };
        let r: u128 = rank.extract().map_err(|_| out_of_range())?;
        self.0.unrank(r).map(|d| d.to_string()).map_err(|e| RankError::new_err(e.to_string()))
    }

    /// The ranks `(start, end)` of shard `index` of `count` (from 1): the
    /// deals split into equal parts in rank order (the example's
    /// `--shard I/N`).
    fn shard(&self, index: u64, count: u64) -> PyResult<(u128, u128)> {
        let r = self.0.shard(index, count).map_err(sweep_error)?;
        Ok((r.start, r.end))
    }

    /// The deck's JSON (its serde form, as in a summary).
    fn to_json(&self) -> PyResult<String> {
        serde_json::to_string(&self.0).map_err(|e| CamiciaError::new_err(e.to_string()))
    }

    /// A deck from its JSON; `DeckError` for anything else.
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<Deck> {
        serde_json::from_str(text).map(Deck).map_err(|e| DeckError::new_err(format!("bad deck JSON: {e}")))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduced<'py, (&'static str, Vec<u32>)>> {
        let cls = slf.get_type().into_any();
        Ok((cls, (slf.get().0.preset().name(), slf.get().counts())))
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        if self.0.is_preset_deck() {
            format!("Deck({:?})", self.0.preset().name())
        } else {
            format!("Deck({:?}, {:?})", self.0.preset().name(), self.counts())
        }
    }
}

/// The `Deck` of a deck argument: a `Deck`, a preset's name (`"camicia"`,
/// `"bmn"`), counts text (`"14,2,2,2"`, Camicia's notation) or a list of
/// counts; `DeckError` for anything else.
#[pyfunction]
fn deck(value: &Bound<'_, PyAny>) -> PyResult<Deck> {
    deck_arg(value).map(Deck)
}

/// A deck argument (see [`deck`]).
fn deck_arg(obj: &Bound<'_, PyAny>) -> PyResult<rules::Deck> {
    if let Ok(deck) = obj.cast::<Deck>() {
        return Ok(deck.get().0);
    }
    if let Ok(text) = obj.cast::<PyString>() {
        let text = text.to_str()?;
        if let Ok(p) = text.parse::<rules::Preset>() {
            return Ok(rules::Deck::of(p));
        }
        return Deck::parse(text, "camicia").map(|d| d.0);
    }
    if let Ok(counts) = obj.extract::<Vec<i64>>() {
        return Deck::new("camicia", Some(counts)).map(|d| d.0);
    }
    Err(DeckError::new_err(format!(
        "{}: a deck is a carte.camicia.Deck, a preset name (\"camicia\", \"bmn\") or counts such as [14, 2, 2, 2]",
        obj.repr()?
    )))
}

fn result_dict(d: &Bound<'_, PyDict>, r: &rules::PlayResult) -> PyResult<()> {
    match *r {
        rules::PlayResult::Finished { winner, cards, tricks } => {
            d.set_item("status", "finished")?;
            d.set_item("winner", winner.letter().to_string())?;
            d.set_item("cards", cards)?;
            d.set_item("tricks", tricks)?;
        }
        rules::PlayResult::Loop { cards, tricks, cycle_cards, cycle_tricks, lead_in_cards, lead_in_tricks } => {
            d.set_item("status", "loop")?;
            d.set_item("cards", cards)?;
            d.set_item("tricks", tricks)?;
            d.set_item("cycle_cards", cycle_cards)?;
            d.set_item("cycle_tricks", cycle_tricks)?;
            d.set_item("lead_in_cards", lead_in_cards)?;
            d.set_item("lead_in_tricks", lead_in_tricks)?;
        }
    }
    Ok(())
}

fn quantiles_dict<'py>(py: Python<'py>, lengths: &[u64]) -> PyResult<Bound<'py, PyDict>> {
    let q = rules::Quantiles::of(lengths);
    let d = PyDict::new(py);
    for (k, v) in [
        ("min", q.min),
        ("p10", q.p10),
        ("median", q.median),
        ("p90", q.p90),
        ("p99", q.p99),
        ("p99_9", q.p99_9),
        ("p99_99", q.p99_99),
        ("max", q.max),
    ] {
        d.set_item(k, v)?;
    }
    Ok(d)
}

fn to_json<T: serde::Serialize>(value: &T) -> PyResult<String> {
    serde_json::to_string(value).map_err(|e| CamiciaError::new_err(e.to_string()))
}

/// The methods both summary classes share, read from the same fields of
/// their `camicia_rules` summaries: the serde form, the merge, the counts,
/// copying and pickling. `to_json`, `merge` and `ranges` take the docs
/// given (they name the class's own example flag, key and numbers); the
/// class's own methods follow in braces.
macro_rules! summary_methods {
    (
        $class:ident, $number:ty,
        to_json: $to_json:literal,
        merge: $merge:literal,
        ranges: $ranges:literal,
        { $($own:tt)* }
    ) => {
        #[pymethods]
        impl $class {
            $($own)*

            #[doc = $to_json]
            fn to_json(&self) -> PyResult<String> {
                to_json(&self.0)
            }

            #[doc = $merge]
            fn merge(&mut self, other: &$class) -> PyResult<()> {
                self.0.merge(&other.0).map_err(sweep_error)
            }

            #[getter]
            fn deck(&self) -> Deck {
                Deck(self.0.deck)
            }
            /// `standard` or `literal`.
            #[getter]
            fn end_rule(&self) -> &'static str {
                end_rule_name(self.0.end_rule)
            }
            #[getter]
            fn top(&self) -> usize {
                self.0.top
            }
            #[doc = $ranges]
            #[getter]
            fn ranges(&self) -> Vec<($number, $number)> {
                self.0.ranges.iter().map(|r| (r.start, r.end)).collect()
            }
            #[getter]
            fn deals(&self) -> u64 {
                self.0.deals
            }
            #[getter]
            fn finished(&self) -> u64 {
                self.0.finished
            }
            #[getter]
            fn a_wins(&self) -> u64 {
                self.0.a_wins
            }
            /// Cards turned in all finished deals.
            #[getter]
            fn cards(&self) -> u128 {
                self.0.cards
            }
            #[getter]
            fn tricks(&self) -> u128 {
                self.0.tricks
            }
            /// `lengths[c]` finished deals lasted `c` cards.
            #[getter]
            fn lengths(&self) -> Vec<u64> {
                self.0.lengths.clone()
            }
            /// The quantiles of the finished games' lengths in cards.
            #[getter]
            fn quantiles<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
                quantiles_dict(py, &self.0.lengths)
            }

            fn copy(&self) -> $class {
                self.clone()
            }

            fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduced<'py, (String,)>> {
                let f = slf.get_type().getattr("from_json")?;
                Ok((f, (to_json(&slf.borrow().0)?,)))
            }
        }
    };
}

/// The ranges of a summary as the reprs write them: `a..b, c..d`, or
/// `none`.
fn ranges_text<N: std::fmt::Display>(ranges: &[std::ops::Range<N>]) -> String {
    let ranges: Vec<String> = ranges.iter().map(|r| format!("{}..{}", r.start, r.end)).collect();
    if ranges.is_empty() { "none".to_owned() } else { ranges.join(", ") }
}

/// What a sweep found over the ranges of ranks it covers: the serde form
/// of `camicia_rules::SweepSummary`, whose JSON (`to_json`) is exactly the
/// `camicia` example's `--sweep --json`. `merge` adds the summary of a
/// disjoint range of the same sweep (`MergeError` otherwise, leaving this
/// one unchanged).
#[pyclass(module = "carte.camicia", name = "SweepSummary", eq)]
#[derive(Clone, PartialEq)]
pub(crate) struct SweepSummary(rules::SweepSummary);

summary_methods!(
    SweepSummary, u128,
    to_json: "The JSON of the summary: exactly the example's `--sweep --json`.",
    merge: "Adds `other`, the summary of a disjoint range of the same sweep\n(deck, end rule, top); `MergeError` otherwise, `self` unchanged.",
    ranges: "The ranges of ranks covered, `(start, end)`, sorted and apart.",
    {
        /// The summary of no deals of a sweep: the start of a merge.
        #[staticmethod]
        #[pyo3(signature = (deck, *, top = 10, end_rule = "standard"))]
        fn empty(deck: &Bound<'_, PyAny>, top: usize, end_rule: &str) -> PyResult<SweepSummary> {
            Ok(SweepSummary(rules::SweepSummary::empty(&deck_arg(deck)?, self::end_rule(end_rule)?, check_top(top)?)))
        }

        /// A summary from its JSON (the example's `--sweep --json`, a
        /// checkpoint), checked: `SummaryError` if it is no summary or its
        /// parts disagree.
        #[staticmethod]
        fn from_json(text: &str) -> PyResult<SweepSummary> {
            serde_json::from_str(text)
                .map(SweepSummary)
                .map_err(|e| SummaryError::new_err(format!("bad sweep summary: {e}")))
        }

        /// The ranks of `start..end` (default: the whole deck) that no range of
        /// the summary covers, in order.
        #[pyo3(signature = (start = 0, end = None))]
        fn missing(&self, start: u128, end: Option<u128>) -> Vec<(u128, u128)> {
            let end = end.unwrap_or_else(|| self.0.deck.deals());
            self.0.missing(start..end).into_iter().map(|r| (r.start, r.end)).collect()
        }

        /// The longest finished games, longest first: dicts of `rank`, `deal`,
        /// `cards`, `tricks`, `winner`.
        #[getter]
        fn longest<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
            let list = PyList::empty(py);
            for g in &self.0.longest {
                let d = PyDict::new(py);
                d.set_item("rank", g.rank)?;
                d.set_item("deal", &g.deal)?;
                d.set_item("cards", g.cards)?;
                d.set_item("tricks", g.tricks)?;
                d.set_item("winner", g.winner.letter().to_string())?;
                list.append(d)?;
            }
            Ok(list)
        }
        /// Every endless deal, by rank: dicts of `rank`, `deal`, `cards`,
        /// `tricks` (to the first repeat), `cycle_cards`, `cycle_tricks`,
        /// `lead_in_cards`, `lead_in_tricks`.
        #[getter]
        fn loops<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
            let list = PyList::empty(py);
            for l in &self.0.loops {
                let d = PyDict::new(py);
                d.set_item("rank", l.rank)?;
                d.set_item("deal", &l.deal)?;
                d.set_item("cards", l.cards)?;
                d.set_item("tricks", l.tricks)?;
                d.set_item("cycle_cards", l.cycle_cards)?;
                d.set_item("cycle_tricks", l.cycle_tricks)?;
                d.set_item("lead_in_cards", l.lead_in_cards)?;
                d.set_item("lead_in_tricks", l.lead_in_tricks)?;
                list.append(d)?;
            }
            Ok(list)
        }

        fn __repr__(&self) -> String {
            format!(
                "<SweepSummary of {} ({}, top {}): ranks {}; {} deals, {} loops>",
                self.0.deck,
                end_rule_name(self.0.end_rule),
                self.0.top,
                ranges_text(&self.0.ranges),
                self.0.deals,
                self.0.loops.len()
            )
        }
    }
);

/// What a random search found over the ranges of deal numbers of its
/// seed's stream it covers (`camicia_rules::SearchSummary`). `to_json` is
/// its serde form, `report_json` the `camicia` example's `--search --json`
/// (the summary with the means, the quantiles and how it ran). `merge` adds
/// the summary of a disjoint range of the same search (`MergeError`
/// otherwise, leaving this one unchanged).
#[pyclass(module = "carte.camicia", name = "SearchSummary", eq)]
#[derive(Clone, PartialEq)]
pub(crate) struct SearchSummary(rules::SearchSummary);

summary_methods!(
    SearchSummary, u64,
    to_json: "The JSON of the summary (its serde form).",
    merge: "Adds `other`, the summary of a disjoint range of the same search\n(deck, end rule, seed, top); `MergeError` otherwise, `self`\nunchanged.",
    ranges: "The ranges of deal numbers covered, `(start, end)`.",
    {
        /// The summary of no deals of a search: the start of a merge.
        #[staticmethod]
        #[pyo3(signature = (deck, seed = 2026, *, top = 10, end_rule = "standard"))]
        fn empty(deck: &Bound<'_, PyAny>, seed: u64, top: usize, end_rule: &str) -> PyResult<SearchSummary> {
            Ok(SearchSummary(rules::SearchSummary::empty(
                &deck_arg(deck)?,
                self::end_rule(end_rule)?,
                seed,
                check_top(top)?,
            )))
        }

        /// A summary from its JSON (`to_json`, or the example's `--search
        /// --json`), checked: `SummaryError` if it is no summary or its parts
        /// disagree.
        #[staticmethod]
        fn from_json(text: &str) -> PyResult<SearchSummary> {
            serde_json::from_str(text)
                .map(SearchSummary)
                .map_err(|e| SummaryError::new_err(format!("bad search summary: {e}")))
        }

        /// The example's `--search --json`: the summary with the mean lengths,
        /// the quantiles, and `threads`, `seconds`, `deals_per_second`.
        fn report_json(&self, threads: usize, seconds: f64) -> PyResult<String> {
            to_json(&rules::SearchReport::new(&self.0, threads, seconds))
        }

        /// The deal numbers of `start..end` that no range covers, in order.
        fn missing(&self, start: u64, end: u64) -> Vec<(u64, u64)> {
            self.0.missing(start..end).into_iter().map(|r| (r.start, r.end)).collect()
        }

        #[getter]
        fn seed(&self) -> u64 {
            self.0.seed
        }
        #[getter]
        fn mean_cards(&self) -> f64 {
            self.0.mean_cards()
        }
        #[getter]
        fn mean_tricks(&self) -> f64 {
            self.0.mean_tricks()
        }
        /// The longest finished games, longest first: dicts of `index` (the
        /// deal's number), `deal`, `status`, `winner`, `cards`, `tricks`.
        #[getter]
        fn longest<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
            games(py, &self.0.longest)
        }
        /// Every endless deal, by number: dicts of `index`, `deal`, `status`,
        /// `cards`, `tricks`, `cycle_cards`, ...
        #[getter]
        fn loops<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
            games(py, &self.0.loops)
        }

        fn __repr__(&self) -> String {
            format!(
                "<SearchSummary of {} ({}, seed {}, top {}): deals {}; {} played, {} loops>",
                self.0.deck,
                end_rule_name(self.0.end_rule),
                self.0.seed,
                self.0.top,
                ranges_text(&self.0.ranges),
                self.0.deals,
                self.0.loops.len()
            )
        }
    }
);

fn games<'py>(py: Python<'py>, games: &[rules::SearchGame]) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for g in games {
        let d = PyDict::new(py);
        d.set_item("index", g.index)?;
        d.set_item("deal", &g.deal)?;
        result_dict(&d, &g.result)?;
        list.append(d)?;
    }
    Ok(list)
}

/// Plays every deal of `deck` with a rank in `start..end` (default: the
/// whole deck) and returns their `SweepSummary`, the interpreter's lock
/// released meanwhile. `RangeError` for ranks outside the deck's deals.
#[pyfunction]
#[pyo3(signature = (deck, start = None, end = None, *, top = 10, end_rule = "standard"))]
fn sweep(
    py: Python<'_>,
    deck: &Bound<'_, PyAny>,
    start: Option<&Bound<'_, PyAny>>,
    end: Option<&Bound<'_, PyAny>>,
    top: usize,
    end_rule: &str,
) -> PyResult<SweepSummary> {
    let deck = deck_arg(deck)?;
    let (rule, top) = (self::end_rule(end_rule)?, check_top(top)?);
    let deals = deck.deals();
    let rank = |obj: &Bound<'_, PyAny>| -> PyResult<u128> {
        obj.extract::<u128>().map_err(|_| {
            RangeError::new_err(format!("rank {obj}: expected a whole number from 0 to {deals}, the deals of {deck}"))
        })
    };
    let start = start.map(rank).transpose()?.unwrap_or(0);
    let end = end.map(rank).transpose()?.unwrap_or(deals);
    py.detach(|| rules::sweep(&deck, rule, start..end, top)).map(SweepSummary).map_err(sweep_error)
}

/// Plays the `n` deals numbered `start..start + n` of the stream of `seed`
/// (the example's `--search n --seed seed` for `start = 0`) and returns
/// their `SearchSummary`, the interpreter's lock released meanwhile.
#[pyfunction]
#[pyo3(signature = (deck, n, seed = None, *, start = None, top = 10, end_rule = "standard"))]
fn search(
    py: Python<'_>,
    deck: &Bound<'_, PyAny>,
    n: &Bound<'_, PyAny>,
    seed: Option<&Bound<'_, PyAny>>,
    start: Option<&Bound<'_, PyAny>>,
    top: usize,
    end_rule: &str,
) -> PyResult<SearchSummary> {
    let deck = deck_arg(deck)?;
    let (rule, top) = (self::end_rule(end_rule)?, check_top(top)?);
    let word = |what: &str, obj: &Bound<'_, PyAny>| -> PyResult<u64> {
        obj.extract::<u64>()
            .map_err(|_| RangeError::new_err(format!("{what} {obj}: expected a whole number from 0 to 2^64 - 1")))
    };
    let n = word("deals", n)?;
    let seed = seed.map(|s| word("seed", s)).transpose()?.unwrap_or(SEED);
    let start = start.map(|s| word("start", s)).transpose()?.unwrap_or(0);
    let end = start.checked_add(n).ok_or_else(|| {
        RangeError::new_err(format!("deals {start}..{start} + {n}: past the 2^64 numbers of a stream"))
    })?;
    py.detach(|| rules::random_search(&deck, rule, seed, start..end, top)).map(SearchSummary).map_err(sweep_error)
}

/// The submodule `carte._carte.camicia`: the classes, functions and
/// exceptions that `carte.camicia` re-exports.
pub(crate) fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = parent.py();
    let m = PyModule::new(py, "camicia")?;
    m.add_class::<Deck>()?;
    m.add_class::<SweepSummary>()?;
    m.add_class::<SearchSummary>()?;
    m.add_function(wrap_pyfunction!(deck, &m)?)?;
    m.add_function(wrap_pyfunction!(sweep, &m)?)?;
    m.add_function(wrap_pyfunction!(search, &m)?)?;
    m.add("CamiciaError", py.get_type::<CamiciaError>())?;
    m.add("DeckError", py.get_type::<DeckError>())?;
    m.add("RankError", py.get_type::<RankError>())?;
    m.add("RangeError", py.get_type::<RangeError>())?;
    m.add("MergeError", py.get_type::<MergeError>())?;
    m.add("SummaryError", py.get_type::<SummaryError>())?;
    parent.add_submodule(&m)
}
