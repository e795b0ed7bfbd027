//! [`Ranges`]: the numbers a sweep or a search has covered (ranks of a
//! deck, or deal numbers of a seed's stream), kept as sorted ranges that
//! are apart, so that merging summaries can refuse to count a number twice
//! and tell what is still to play.

use core::ops::{Deref, Range};

use crate::sweep::SweepError;

/// A set of numbers as ranges: each non-empty, sorted, and apart (ranges
/// that touch are joined into one). A value is always in this form; the
/// only way to grow one is [`Ranges::union`], which refuses to count a
/// number twice. Its serde form is the list of its ranges.
///
/// ```
/// use camicia_rules::Ranges;
///
/// let a = Ranges::from(0u64..10);
/// let ab = a.union(&Ranges::from(10..20))?.union(&Ranges::from(30..40))?;
/// assert_eq!(ab, [0..20, 30..40]);
/// assert_eq!(ab.count(), 30);
/// assert_eq!(ab.missing(0..50), vec![20..30, 40..50]);
/// assert!(ab.union(&Ranges::from(35..45)).is_err());
/// # Ok::<(), camicia_rules::SweepError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(transparent))]
pub struct Ranges<T>(Vec<Range<T>>);

impl<T> Default for Ranges<T> {
    fn default() -> Self {
        Ranges(Vec::new())
    }
}

impl<T: Copy + Ord + Into<u128>> Ranges<T> {
    /// No numbers.
    pub fn new() -> Ranges<T> {
        Ranges(Vec::new())
    }

    /// The ranges of `ranges` if they are in the form of a value: each
    /// non-empty, sorted and apart (a corrupted or hand-edited summary may
    /// not be); `None` otherwise.
    pub fn from_sorted(ranges: Vec<Range<T>>) -> Option<Ranges<T>> {
        let apart = ranges.iter().all(|r| r.start < r.end) && ranges.windows(2).all(|w| w[0].end < w[1].start);
        apart.then_some(Ranges(ranges))
    }

    /// The ranges, sorted and apart.
    pub fn as_slice(&self) -> &[Range<T>] {
        &self.0
    }

    /// How many numbers the ranges hold.
    pub fn count(&self) -> u128 {
        // Disjoint ranges of numbers below 2^128 hold fewer than 2^128.
        self.0.iter().map(|r| r.end.into() - r.start.into()).sum()
    }

    /// Whether `number` lies in one of the ranges.
    pub fn contains(&self, number: T) -> bool {
        let after = self.0.partition_point(|r| r.start <= number);
        after > 0 && number < self.0[after - 1].end
    }

    /// The union of `self` and `other`, touching ranges joined.
    ///
    /// # Errors
    ///
    /// [`SweepError::Overlap`] with the first two ranges that overlap, if
    /// any do: their union would count numbers twice.
    pub fn union(&self, other: &Ranges<T>) -> Result<Ranges<T>, SweepError> {
        let mut all: Vec<Range<T>> = self.0.iter().chain(&other.0).cloned().collect();
        all.sort_by_key(|r| r.start);
        let mut joined: Vec<Range<T>> = Vec::with_capacity(all.len());
        for r in all {
            match joined.last_mut() {
                Some(last) if r.start < last.end => {
                    return Err(SweepError::Overlap(last.start.into()..last.end.into(), r.start.into()..r.end.into()));
                }
                Some(last) if r.start == last.end => last.end = r.end,
                _ => joined.push(r),
            }
        }
        Ok(Ranges(joined))
    }

    /// The parts of `within` that no range covers, in order: what is still
    /// to play to cover all of it (empty when it is complete).
    pub fn missing(&self, within: Range<T>) -> Vec<Range<T>> {
        let mut out = Vec::new();
        let mut at = within.start;
        for r in &self.0 {
            if r.end <= at || r.start >= within.end {
                continue;
            }
            if r.start > at {
                out.push(at..r.start);
            }
            at = at.max(r.end);
        }
        if at < within.end {
            out.push(at..within.end);
        }
        out
    }
}

impl<T: Ord> From<Range<T>> for Ranges<T> {
    /// The numbers of one range (none for an empty or backwards one).
    fn from(range: Range<T>) -> Ranges<T> {
        Ranges(if range.start < range.end { vec![range] } else { Vec::new() })
    }
}

impl<T> Deref for Ranges<T> {
    type Target = [Range<T>];
    fn deref(&self) -> &[Range<T>] {
        &self.0
    }
}

impl<'a, T> IntoIterator for &'a Ranges<T> {
    type Item = &'a Range<T>;
    type IntoIter = core::slice::Iter<'a, Range<T>>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<T: PartialEq> PartialEq<[Range<T>]> for Ranges<T> {
    fn eq(&self, other: &[Range<T>]) -> bool {
        self.0 == other
    }
}

impl<T: PartialEq, const N: usize> PartialEq<[Range<T>; N]> for Ranges<T> {
    fn eq(&self, other: &[Range<T>; N]) -> bool {
        self.0 == other
    }
}

impl<T: PartialEq> PartialEq<Vec<Range<T>>> for Ranges<T> {
    fn eq(&self, other: &Vec<Range<T>>) -> bool {
        &self.0 == other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(ranges: &[Range<u64>]) -> Ranges<u64> {
        Ranges::from_sorted(ranges.to_vec()).unwrap()
    }

    #[test]
    fn overlaps_are_refused_with_the_first_two_that_overlap() {
        let a = set(&[0..10, 20..30]);
        for (b, first, second) in [
            (Ranges::from(5..15), 0..10, 5..15),
            (Ranges::from(29..40), 20..30, 29..40),
            (Ranges::from(10..21), 0..21, 20..30),
            (Ranges::from(0..10), 0..10, 0..10),
            (Ranges::from(22..23), 20..30, 22..23),
        ] {
            assert_eq!(a.union(&b), Err(SweepError::Overlap(first.clone(), second.clone())), "{b:?}");
            assert_eq!(b.union(&a).map_err(|_| ()), Err(()), "{b:?}, the other way");
        }
        // The larger numbers of ranks keep their 128 bits in the error.
        let big = Ranges::from(u128::MAX - 5..u128::MAX);
        assert_eq!(big.union(&big), Err(SweepError::Overlap(u128::MAX - 5..u128::MAX, u128::MAX - 5..u128::MAX)));
    }

    #[test]
    fn adjacent_ranges_coalesce_in_any_order() {
        let parts = [Ranges::from(3..5), Ranges::from(0..1), set(&[1..3, 9..12]), Ranges::new(), Ranges::from(5..9)];
        let mut fwd = Ranges::new();
        for p in &parts {
            fwd = fwd.union(p).unwrap();
        }
        let mut back = Ranges::new();
        for p in parts.iter().rev() {
            back = p.union(&back).unwrap();
        }
        assert_eq!(fwd, Ranges::from(0..12));
        assert_eq!(back, fwd);
        // Apart ranges stay apart, sorted.
        assert_eq!(Ranges::from(7..8).union(&set(&[0..2, 4..6])).unwrap(), [0..2, 4..6, 7..8]);
    }

    #[test]
    fn completeness_counts_and_gaps() {
        let s = set(&[3..9, 20..25]);
        assert_eq!(s.count(), 11);
        assert_eq!(s.missing(0..30), vec![0..3, 9..20, 25..30]);
        assert_eq!(s.missing(4..8), Vec::<Range<u64>>::new());
        assert_eq!(s.missing(8..22), vec![9..20]);
        assert_eq!(s.missing(10..10), Vec::<Range<u64>>::new());
        assert_eq!(Ranges::<u64>::new().missing(2..5), vec![2..5]);
        let whole = s.union(&set(&[0..3, 9..20, 25..30])).unwrap();
        assert_eq!((&whole, whole.count()), (&Ranges::from(0..30), 30));
        assert!(whole.missing(0..30).is_empty());
        for n in 0..40 {
            assert_eq!(s.contains(n), (3..9).contains(&n) || (20..25).contains(&n), "{n}");
        }
    }

    /// The serde form is the list of ranges, as the summaries' JSON has
    /// always written them.
    #[cfg(feature = "serde")]
    #[test]
    fn serializes_as_the_list_of_its_ranges() {
        assert_eq!(serde_json::to_string(&set(&[0..5, 7..9])).unwrap(), r#"[{"start":0,"end":5},{"start":7,"end":9}]"#);
        assert_eq!(serde_json::to_string(&Ranges::<u128>::new()).unwrap(), "[]");
    }

    #[test]
    fn only_sorted_nonempty_apart_ranges_are_a_value() {
        assert!(Ranges::<u64>::from_sorted(vec![]).is_some());
        assert!(Ranges::from_sorted(vec![0u64..2, 3..4]).is_some());
        for bad in [
            vec![0u64..2, 2..4],
            vec![3..4, 0..2],
            vec![0..2, 1..4],
            vec![Range { start: 5, end: 5 }],
            vec![Range { start: 5, end: 4 }],
        ] {
            assert_eq!(Ranges::from_sorted(bad.clone()), None, "{bad:?}");
        }
        assert_eq!(Ranges::from(4u64..4), Ranges::new());
        assert_eq!(Ranges::from(Range { start: 4u64, end: 3 }), Ranges::new());
    }
}
