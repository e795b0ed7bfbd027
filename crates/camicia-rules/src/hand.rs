//! A fixed-capacity row of card kinds: a hand or the pile.

use crate::preset::MAX_CARDS;

/// Up to [`MAX_CARDS`] kinds in order, the first one on top. Equality
/// compares only the cards held.
#[derive(Clone, Copy)]
pub(crate) struct Row {
    cards: [u8; MAX_CARDS],
    len: u8,
}

impl Row {
    pub(crate) const EMPTY: Row = Row { cards: [0; MAX_CARDS], len: 0 };

    /// The row holding `cards`; callers guarantee `cards.len() <= MAX_CARDS`.
    pub(crate) fn from_slice(cards: &[u8]) -> Row {
        let mut row = Row::EMPTY;
        row.cards[..cards.len()].copy_from_slice(cards);
        row.len = cards.len() as u8;
        row
    }

    pub(crate) fn as_slice(&self) -> &[u8] {
        &self.cards[..usize::from(self.len)]
    }

    pub(crate) fn len(&self) -> usize {
        usize::from(self.len)
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Takes the top card; `None` when empty.
    pub(crate) fn pop_front(&mut self) -> Option<u8> {
        if self.len == 0 {
            return None;
        }
        let top = self.cards[0];
        let n = usize::from(self.len);
        self.cards.copy_within(1..n, 0);
        self.cards[n - 1] = 0;
        self.len -= 1;
        Some(top)
    }

    /// Adds a card at the bottom; the caller keeps the total within
    /// [`MAX_CARDS`] (cards are conserved, so it always is).
    pub(crate) fn push(&mut self, kind: u8) {
        self.cards[usize::from(self.len)] = kind;
        self.len += 1;
    }

    /// Moves every card of `other` under this row, in order.
    pub(crate) fn append(&mut self, other: &mut Row) {
        let (n, m) = (self.len(), other.len());
        self.cards[n..n + m].copy_from_slice(other.as_slice());
        self.len += other.len;
        *other = Row::EMPTY;
    }
}

impl PartialEq for Row {
    fn eq(&self, other: &Row) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Row {}

impl core::hash::Hash for Row {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl core::fmt::Debug for Row {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{:?}", self.as_slice())
    }
}
