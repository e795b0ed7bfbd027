//! The [`Simulator`]: whole deals played to their end, fast and without
//! allocating, on the engine that fits the deal.

use carte_core::rand::Rng;
use carte_core::shuffle;

use crate::deal::Deal;
use crate::error::DealError;
use crate::fast_rng::FastRng;
use crate::general::play_general;
use crate::loops::run;
use crate::packed::PackedDeal;
use crate::planes::Board;
use crate::preset::{EndRule, MAX_CARDS, Preset};
use crate::qboard::QBoard;
use crate::result::PlayResult;
use carte_core::{ByPlayer, Player};

/// Plays whole deals to their end, fast and without allocating; reuse one
/// simulator for many deals.
///
/// ```
/// use camicia_rules::{Deal, EndRule, FastRng, Player, Preset, Simulator};
///
/// let mut sim = Simulator::new();
/// // A turns 1, B pays its only card: A collects everything.
/// let deal = Deal::parse(Preset::Camicia, "1-/-")?;
/// let result = sim.play(&deal, EndRule::Standard)?;
/// assert_eq!(result.winner(), Some(Player::A));
/// assert_eq!((result.cards(), result.tricks()), (2, 1));
///
/// // Random deals: the seeded generator of carte-core, or a faster one.
/// let r = sim.play_random(Preset::BeggarMyNeighbour, EndRule::Standard, &mut camicia_rules::core::deal_rng(1));
/// assert_eq!(sim.deal(), Deal::seeded(Preset::BeggarMyNeighbour, 1));
/// let mut rng = FastRng::new(7);
/// for _ in 0..100 {
///     let r = sim.play_random(Preset::BeggarMyNeighbour, EndRule::Standard, &mut rng);
///     assert!(r.cards() > 0 && sim.deal().is_full());
/// }
/// # Ok::<(), camicia_rules::DealError>(())
/// ```
#[derive(Clone)]
pub struct Simulator {
    deal: [u8; MAX_CARDS],
    len: usize,
    split: usize,
    preset: Preset,
    /// The last deal of [`Simulator::play_random_fast`] (attack positions
    /// and the queue of their demands less one), turned into `deal` only
    /// when asked for.
    packed: Option<PackedDeal>,
    /// The last deal of [`Simulator::play`] when it held more than
    /// [`MAX_CARDS`] cards (played by the general engine).
    large: Option<Deal>,
}

impl core::fmt::Debug for Simulator {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Simulator").field("deal", &self.deal().to_string()).finish_non_exhaustive()
    }
}

impl Default for Simulator {
    fn default() -> Self {
        Simulator::new()
    }
}

impl Simulator {
    /// A simulator; it holds the last deal (for [`Simulator::deal`]) and
    /// allocates nothing, then or later, for deals of at most
    /// [`MAX_CARDS`] cards.
    pub fn new() -> Simulator {
        Simulator { deal: [0; MAX_CARDS], len: 0, split: 0, preset: Preset::Camicia, packed: None, large: None }
    }

    /// Plays `deal` to its end under `end_rule`: on the fast engine if it
    /// holds at most 31 attack cards, on the bit-plane engine if more, both
    /// for deals of at most [`MAX_CARDS`] cards; a larger deal (any size)
    /// goes to the general engine, a card at a time (it then allocates its
    /// hands, and keeps a copy of the deal). The results are the same.
    ///
    /// ```
    /// use camicia_rules::{Deal, EndRule, Preset, Simulator};
    ///
    /// // Two Beggar-my-neighbour decks, 104 cards.
    /// let one = Deal::seeded(Preset::BeggarMyNeighbour, 3).to_string();
    /// let (a, b) = one.split_once('/').unwrap();
    /// let two = Deal::parse(Preset::BeggarMyNeighbour, &format!("{a}{b}/{b}{a}"))?;
    /// let r = Simulator::new().play(&two, EndRule::Standard)?;
    /// assert!(r.cards() > 0);
    /// # Ok::<(), camicia_rules::DealError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`DealError`] if the deal fails [`Deal::check`].
    pub fn play(&mut self, deal: &Deal, end_rule: EndRule) -> Result<PlayResult, DealError> {
        deal.check()?;
        if deal.len() > MAX_CARDS {
            self.large = Some(deal.clone());
            return Ok(play_general(deal, end_rule));
        }
        self.large = None;
        let (a, b) = (&deal.hands[Player::A], &deal.hands[Player::B]);
        self.deal[..a.len()].copy_from_slice(a);
        self.deal[a.len()..a.len() + b.len()].copy_from_slice(b);
        self.split = a.len();
        self.len = a.len() + b.len();
        self.preset = deal.preset;
        self.packed = None;
        let attacks = self.deal[..self.len].iter().filter(|&&k| k > 0).count();
        Ok(self.run(end_rule, attacks <= QBoard::MAX_ATTACKS))
    }

    /// Deals a uniformly random full deal of `preset` exactly as
    /// [`Deal::random`] does (so `deal_rng(seed)` gives [`Deal::seeded`]),
    /// and plays it; [`Simulator::deal`] returns it afterwards.
    pub fn play_random<R: Rng + ?Sized>(&mut self, preset: Preset, end_rule: EndRule, rng: &mut R) -> PlayResult {
        let n = preset.deck_len();
        self.deal[..n].copy_from_slice(preset.deck());
        shuffle(&mut self.deal[..n], rng);
        self.len = n;
        self.split = n / 2;
        self.preset = preset;
        self.packed = None;
        self.large = None;
        // A full deck holds 12 or 16 attack cards.
        self.run(end_rule, true)
    }

    /// Deals a uniformly random full deal of `preset` straight into the
    /// engine's form ([`PackedDeal::draw`]), and plays it
    /// ([`PackedDeal::play`]); [`Simulator::deal`] returns it afterwards.
    /// To play many random deals, [`Simulator::search`] is faster still.
    ///
    /// The deal is drawn differently from [`Deal::random`] (so the same
    /// generator gives other deals), with the same distribution.
    pub fn play_random_fast(&mut self, preset: Preset, end_rule: EndRule, rng: &mut FastRng) -> PlayResult {
        let packed = PackedDeal::draw(preset, rng);
        self.preset = preset;
        self.packed = Some(packed);
        self.large = None;
        packed.play(end_rule)
    }

    /// The last deal played (allocates; meant for reporting).
    pub fn deal(&self) -> Deal {
        if let Some(deal) = &self.large {
            return deal.clone();
        }
        match self.packed {
            Some(packed) => packed.deal(),
            None => {
                let (a, b) = self.deal[..self.len].split_at(self.split);
                Deal { preset: self.preset, hands: ByPlayer::new(a.to_vec(), b.to_vec()) }
            }
        }
    }

    /// Plays the stored deal; `few_attacks` when it holds at most
    /// [`QBoard::MAX_ATTACKS`] attack cards.
    fn run(&self, end_rule: EndRule, few_attacks: bool) -> PlayResult {
        let (a, b) = self.deal[..self.len].split_at(self.split);
        match (end_rule, few_attacks) {
            (EndRule::Standard, true) => run::<false, _>(QBoard::new(a, b)),
            (EndRule::EmptyHandLoses, true) => run::<true, _>(QBoard::new(a, b)),
            (EndRule::Standard, false) => run::<false, _>(Board::new(a, b)),
            (EndRule::EmptyHandLoses, false) => run::<true, _>(Board::new(a, b)),
        }
    }
}

impl Deal {
    /// Plays the deal to its end with a fresh [`Simulator`].
    ///
    /// ```
    /// use camicia_rules::{Deal, EndRule, PlayResult, Preset};
    ///
    /// // The first non-terminating Beggar-my-neighbour deal (Casella et
    /// // al., 2024) enters a cycle of 62 tricks.
    /// let deal = Deal::parse(Preset::BeggarMyNeighbour, "---K---Q-KQAJ-----AAJ--J--/----------Q----KQ-J-----KA")?;
    /// let r = deal.play_out(EndRule::Standard)?;
    /// assert!(matches!(r, PlayResult::Loop { cycle_tricks: 62, .. }));
    /// # Ok::<(), camicia_rules::DealError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`DealError`] if the deal fails [`Deal::check`].
    pub fn play_out(&self, end_rule: EndRule) -> Result<PlayResult, DealError> {
        Simulator::new().play(self, end_rule)
    }
}
