//! The packed deal: a full deal as the mask of its attack cards and the
//! queue of their demands, the form the fast engine and the lanes start
//! from.

use crate::deal::Deal;
use crate::deck::Deck;
use crate::loops::run;
use crate::preset::{EndRule, MAX_CARDS, Preset};
use crate::qboard::{QBoard, QHand};
use crate::result::PlayResult;
use carte_core::{ByPlayer, Player};

/// A full deal in the simulator's packed form: where the attack cards lie
/// and what they demand. Plain cards are all alike, so that is the whole
/// deal; [`PackedDeal::deal`] spells it out.
///
/// ```
/// use camicia_rules::{EndRule, FastRng, PackedDeal, Preset};
///
/// let packed = PackedDeal::draw(Preset::Camicia, &mut FastRng::new(3));
/// let deal = packed.deal();
/// assert!(deal.is_full());
/// assert_eq!(packed.play(EndRule::Standard), deal.play_out(EndRule::Standard)?);
/// # Ok::<(), camicia_rules::DealError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PackedDeal {
    pub(crate) deck: Deck,
    /// Bit `i` set when card `i` of the deck (A's hand from the top, then
    /// B's) is an attack card.
    pub(crate) mask: u64,
    /// The attack cards' demands less one, two bits each, in deck order.
    pub(crate) queue: u64,
}

impl PackedDeal {
    /// A placeholder for a lane without a deal.
    pub(crate) const EMPTY: PackedDeal = PackedDeal { deck: Deck::of(Preset::Camicia), mask: 0, queue: 0 };

    /// A's and B's hands as the fast engine holds them.
    pub(crate) fn hands(&self) -> (QHand, QHand) {
        let n = self.deck.len() as u32;
        let k = self.mask.count_ones();
        let half = n / 2;
        let low = self.mask & ((1 << half) - 1);
        let in_a = low.count_ones();
        let a = QHand { att: low | 1 << half, kinds: self.queue & ((1 << (2 * in_a)) - 1) | 1 << (2 * in_a) };
        let b =
            QHand { att: self.mask >> half | 1 << (n - half), kinds: self.queue >> (2 * in_a) | 1 << (2 * (k - in_a)) };
        (a, b)
    }

    /// The packed form of `deal` if it is a full deal of its preset split
    /// in halves (as every random and seeded deal is); `None` otherwise.
    /// [`PackedDeal::pack_of`] packs deals of custom decks.
    ///
    /// ```
    /// use camicia_rules::{Deal, PackedDeal, Preset};
    ///
    /// let deal = Deal::seeded(Preset::BeggarMyNeighbour, 7);
    /// assert_eq!(PackedDeal::pack(&deal).map(|p| p.deal()), Some(deal));
    /// assert_eq!(PackedDeal::pack(&Deal::parse(Preset::Camicia, "1-/-")?), None);
    /// # Ok::<(), camicia_rules::DealError>(())
    /// ```
    pub fn pack(deal: &Deal) -> Option<PackedDeal> {
        PackedDeal::pack_of(&Deck::of(deal.preset), deal)
    }

    /// The packed form of `deal` if it is a deal of `deck` (its cards in
    /// two equal halves, [`Deal::is_deal_of`]); `None` otherwise.
    pub fn pack_of(deck: &Deck, deal: &Deal) -> Option<PackedDeal> {
        if !deal.is_deal_of(deck) {
            return None;
        }
        let (mut mask, mut queue, mut at) = (0u64, 0u64, 0);
        let cards = deal.hands[Player::A].iter().chain(&deal.hands[Player::B]);
        for (i, &kind) in cards.enumerate() {
            if kind > 0 {
                mask |= 1 << i;
                queue |= u64::from(kind - 1) << at;
                at += 2;
            }
        }
        Some(PackedDeal { deck: *deck, mask, queue })
    }

    /// The packed deal of the kinds `seq`, a deal of `deck` (the caller
    /// checks), A's hand first.
    pub(crate) fn from_kinds(deck: Deck, seq: &[u8]) -> PackedDeal {
        let (mut mask, mut queue, mut at) = (0u64, 0u64, 0);
        for (i, &kind) in seq.iter().enumerate() {
            if kind > 0 {
                mask |= 1 << i;
                queue |= u64::from(kind - 1) << at;
                at += 2;
            }
        }
        PackedDeal { deck, mask, queue }
    }

    /// The preset the deal is written in.
    pub const fn preset(&self) -> Preset {
        self.deck.preset()
    }

    /// The deck the deal is of.
    pub const fn deck(&self) -> Deck {
        self.deck
    }

    /// The deal, spelled out (allocates).
    pub fn deal(&self) -> Deal {
        let n = self.deck.len();
        let mut queue = self.queue;
        let mut cards = [0u8; MAX_CARDS];
        for (i, card) in cards[..n].iter_mut().enumerate() {
            if self.mask >> i & 1 == 1 {
                *card = (queue & 3) as u8 + 1;
                queue >>= 2;
            }
        }
        let (a, b) = cards[..n].split_at(n / 2);
        Deal { preset: self.deck.preset(), hands: ByPlayer::new(a.to_vec(), b.to_vec()) }
    }

    /// Plays the deal to its end under `end_rule`, one trick at a time,
    /// without allocating; the same result as [`Deal::play_out`].
    pub fn play(&self, end_rule: EndRule) -> PlayResult {
        self.play_inline(end_rule)
    }

    /// [`PackedDeal::play`], inlined into its caller.
    #[inline(always)]
    pub(crate) fn play_inline(&self, end_rule: EndRule) -> PlayResult {
        let (a, b) = self.hands();
        let board = QBoard::from_hands(a, b);
        match end_rule {
            EndRule::Standard => run::<false, _>(board),
            EndRule::EmptyHandLoses => run::<true, _>(board),
        }
    }
}
