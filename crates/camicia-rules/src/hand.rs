//! A row of card kinds of any length: a hand or the pile.

/// Card kinds in order, the first one on top, of any length. Taking the top
/// card moves a start index; putting cards under the row compacts it once
/// the taken cards fill half of it, so both are amortized constant time
/// and a row never holds more than twice its cards. Equality compares only
/// the cards held.
#[derive(Clone, Default)]
pub(crate) struct Row {
    cards: Vec<u8>,
    head: usize,
}

impl Row {
    pub(crate) const EMPTY: Row = Row { cards: Vec::new(), head: 0 };

    /// The row holding `cards`.
    pub(crate) fn from_slice(cards: &[u8]) -> Row {
        Row { cards: cards.to_vec(), head: 0 }
    }

    pub(crate) fn as_slice(&self) -> &[u8] {
        &self.cards[self.head..]
    }

    pub(crate) fn len(&self) -> usize {
        self.cards.len() - self.head
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Takes the top card; `None` when empty.
    pub(crate) fn pop_front(&mut self) -> Option<u8> {
        let top = *self.cards.get(self.head)?;
        self.head += 1;
        if self.head == self.cards.len() {
            self.cards.clear();
            self.head = 0;
        }
        Some(top)
    }

    /// Adds a card at the bottom.
    pub(crate) fn push(&mut self, kind: u8) {
        self.cards.push(kind);
    }

    /// Moves every card of `other` under this row, in order.
    pub(crate) fn append(&mut self, other: &mut Row) {
        if self.head > 0 && 2 * self.head >= self.cards.len() {
            self.cards.drain(..self.head);
            self.head = 0;
        }
        self.cards.extend_from_slice(other.as_slice());
        other.cards.clear();
        other.head = 0;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_is_a_queue_of_any_length() {
        let mut row = Row::EMPTY;
        let mut pile = Row::EMPTY;
        for i in 0..1000u32 {
            pile.push((i % 5) as u8);
            if i % 7 == 0 {
                row.append(&mut pile);
                assert!(pile.is_empty());
            }
        }
        row.append(&mut pile);
        assert_eq!(row.len(), 1000);
        for i in 0..600u32 {
            assert_eq!(row.pop_front(), Some((i % 5) as u8));
        }
        let mut more = Row::from_slice(&[4, 4]);
        row.append(&mut more);
        assert_eq!(row.len(), 402);
        assert!(row.cards.len() <= 2 * row.len());
        assert_eq!(row, Row::from_slice(&(600..1000u32).map(|i| (i % 5) as u8).chain([4, 4]).collect::<Vec<_>>()));
        while row.pop_front().is_some() {}
        assert!(row.is_empty() && row == Row::EMPTY);
    }
}
