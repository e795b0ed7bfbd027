//! The fast play-out: a whole deal to its end without allocating, a trick
//! at a time, with exact loop detection.
//!
//! # How it is fast
//!
//! A hand of at most 64 cards is three bit planes in `u64`s, bit `i` for the
//! `i`-th card from the top: whether it is an attack card, and the two bits
//! of its demand less one. The whole game state is then six words and two
//! lengths, held in registers: turning `n` cards is a shift, finding the
//! next attack card is a `trailing_zeros`, a collection is a shift and an
//! `or`. A trick is played in a few such operations instead of card by
//! card:
//!
//! * **Open play** alternates the two hands until the first attack card or
//!   the first hand that cannot turn: the first event of the interleaved
//!   sequence is the earlier of `2·kx` (the leader's first attack card at
//!   `kx`) and `2·ky + 1` (the other's). Every card before it is plain, and
//!   plain cards are all alike, so the pile is known without interleaving
//!   anything: `n − 1` plain cards and the attack card on top.
//! * **A payment** of `d` cards looks at the payer's first `d` attack bits:
//!   the first one set (if any) is a counter-attack, otherwise the payment
//!   is complete (or cut short by an empty hand). Again only the last card
//!   turned can be an attack card.
//! * **A collection** shifts the pile's planes past the collector's cards
//!   and `or`s them in.
//!
//! # Loop detection
//!
//! Brent's algorithm over the trick-boundary states: a snapshot of the state
//! is taken after 1, 2, 4, 8, ... tricks, and every new trick-boundary state
//! is compared with it (seven words). When it repeats, the cycle length is
//! known exactly; the deal is then replayed from the start by two boards a
//! cycle apart until they meet at the first occurrence. Exact: states are
//! compared in full, never hashed; and cheap when there is no loop, one
//! comparison per trick.

use carte_core::rand::Rng;
use carte_core::shuffle;

use crate::deal::Deal;
use crate::error::DealError;
use crate::player::{ByPlayer, Player};
use crate::preset::{EndRule, MAX_CARDS, Preset};
use crate::result::PlayResult;

/// A hand (or the pile) as bit planes: bit `i` describes the `i`-th card
/// from the top. `att` marks attack cards; `d0` and `d1` are the bits of
/// `demand − 1` of attack cards (zero for plain cards). At most
/// [`MAX_CARDS`] (52) cards, so every shift below stays under 64.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
struct Planes {
    att: u64,
    d0: u64,
    d1: u64,
    len: u32,
}

impl Planes {
    fn from_kinds(kinds: &[u8]) -> Planes {
        let mut p = Planes { len: kinds.len() as u32, ..Planes::default() };
        for (i, &k) in kinds.iter().enumerate() {
            let a = u64::from(k > 0);
            let d = u64::from(k.saturating_sub(1));
            p.att |= a << i;
            p.d0 |= (d & 1) << i;
            p.d1 |= (d >> 1 & 1) << i;
        }
        p
    }

    /// The demand of the attack card at `i` (1 to 4).
    #[inline(always)]
    fn demand(&self, i: u32) -> u32 {
        1 + (self.d0 >> i & 1) as u32 + 2 * (self.d1 >> i & 1) as u32
    }

    /// Removes the top `n` cards.
    #[inline(always)]
    fn drop_top(&mut self, n: u32) {
        self.att >>= n;
        self.d0 >>= n;
        self.d1 >>= n;
        self.len -= n;
    }

    /// Puts `pile` under this hand.
    #[inline(always)]
    fn take(&mut self, pile: &Planes) {
        self.att |= pile.att << self.len;
        self.d0 |= pile.d0 << self.len;
        self.d1 |= pile.d1 << self.len;
        self.len += pile.len;
    }
}

/// A game at a trick boundary: the leader's hand `x`, the other's `y`, and
/// whether the leader is A.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Board {
    x: Planes,
    y: Planes,
    x_is_a: bool,
    cards: u64,
    tricks: u64,
}

/// The state the loop rule compares: both hands and who is to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Position {
    x: Planes,
    y: Planes,
    x_is_a: bool,
}

impl Board {
    fn new(a: &[u8], b: &[u8]) -> Board {
        Board { x: Planes::from_kinds(a), y: Planes::from_kinds(b), x_is_a: true, cards: 0, tricks: 0 }
    }

    #[inline(always)]
    fn position(&self) -> Position {
        Position { x: self.x, y: self.y, x_is_a: self.x_is_a }
    }

    #[inline(always)]
    fn player(&self, is_x: bool) -> Player {
        if is_x == self.x_is_a { Player::A } else { Player::B }
    }

    /// Plays one trick; `Some(winner)` if the game ended in it. `LIT`
    /// selects [`EndRule::EmptyHandLoses`].
    #[inline(always)]
    fn trick<const LIT: bool>(&mut self) -> Option<Player> {
        // Under the standard rule a hand may turn all its cards and dies on
        // the next turn it owes (turning nothing); under the literal rule it
        // dies on turning its last card (which is counted).
        let lit = u32::from(LIT);
        let (mut x, mut y) = (self.x, self.y);
        let ax = x.len - lit;
        let ay = y.len - lit;

        // Open play: x turns at even steps, y at odd steps.
        let kx = x.att.trailing_zeros().min(ax);
        let ky = y.att.trailing_zeros().min(ay);
        let y_first = 2 * ky + 1 < 2 * kx;
        let (e, died) = if y_first { (2 * ky + 1, ky == ay) } else { (2 * kx, kx == ax) };
        let n = e + u32::from(!died || LIT);
        self.cards += u64::from(n);
        if died {
            self.tricks += 1;
            return Some(self.player(y_first));
        }
        let demand = if y_first { y.demand(ky) } else { x.demand(kx) };
        let top = if y_first { &y } else { &x };
        let k = if y_first { ky } else { kx };
        let last = n - 1;
        let mut pile = Planes {
            att: 1 << last,
            d0: (top.d0 >> k & 1) << last,
            d1: (top.d1 >> k & 1) << last,
            len: n,
        };
        x.drop_top(n.div_ceil(2));
        y.drop_top(n / 2);

        // Payments and counter-attacks: `p` pays, `q` attacked.
        let (mut p, mut q, mut p_is_x) = if y_first { (x, y, true) } else { (y, x, false) };
        let mut demand = demand;
        loop {
            let avail = p.len - lit;
            let k = (p.att | 1 << 63).trailing_zeros();
            if k < demand && k < avail {
                let at = pile.len + k;
                pile.att |= 1 << at;
                pile.d0 |= (p.d0 >> k & 1) << at;
                pile.d1 |= (p.d1 >> k & 1) << at;
                pile.len += k + 1;
                self.cards += u64::from(k + 1);
                demand = p.demand(k);
                p.drop_top(k + 1);
                core::mem::swap(&mut p, &mut q);
                p_is_x = !p_is_x;
                continue;
            }
            if avail < demand {
                self.cards += u64::from(avail + lit);
                self.tricks += 1;
                return Some(self.player(!p_is_x));
            }
            pile.len += demand;
            self.cards += u64::from(demand);
            self.tricks += 1;
            p.drop_top(demand);
            q.take(&pile);
            if p.len == 0 {
                return Some(self.player(!p_is_x));
            }
            // The collector q leads the next trick.
            self.x = q;
            self.y = p;
            self.x_is_a = (!p_is_x) == self.x_is_a;
            return None;
        }
    }
}

/// Plays whole deals to their end, fast and without allocating; reuse one
/// simulator for many deals.
///
/// ```
/// use camicia_rules::{Deal, EndRule, Player, PlayResult, Preset, Simulator};
///
/// let mut sim = Simulator::new();
/// let deal = Deal::parse(Preset::Camicia, "1-/--")?;
/// // A attacks with the 1, B pays one plain card, A collects: B still holds a
/// // card, so A leads again: A, B, A turn plain cards... until A runs out.
/// let result = sim.play(&deal, EndRule::Standard)?;
/// assert_eq!(result.winner(), Some(Player::B));
///
/// let mut rng = carte_core::deal_rng(1);
/// let r = sim.play_random(Preset::BeggarMyNeighbour, EndRule::Standard, &mut rng);
/// assert!(r.cards() > 0);
/// assert!(sim.deal().is_full());
/// # Ok::<(), camicia_rules::DealError>(())
/// ```
#[derive(Clone)]
pub struct Simulator {
    deal: [u8; MAX_CARDS],
    len: usize,
    split: usize,
    preset: Preset,
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
    /// allocates nothing, then or later.
    pub fn new() -> Simulator {
        Simulator { deal: [0; MAX_CARDS], len: 0, split: 0, preset: Preset::Camicia }
    }

    /// Plays `deal` to its end under `end_rule`.
    ///
    /// # Errors
    ///
    /// [`DealError`] if the deal fails [`Deal::check`].
    pub fn play(&mut self, deal: &Deal, end_rule: EndRule) -> Result<PlayResult, DealError> {
        deal.check()?;
        let (a, b) = (&deal.hands[Player::A], &deal.hands[Player::B]);
        self.deal[..a.len()].copy_from_slice(a);
        self.deal[a.len()..a.len() + b.len()].copy_from_slice(b);
        self.split = a.len();
        self.len = a.len() + b.len();
        self.preset = deal.preset;
        Ok(self.run(end_rule))
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
        self.run(end_rule)
    }

    /// The last deal played (allocates; meant for reporting).
    pub fn deal(&self) -> Deal {
        let hands = ByPlayer::new(self.deal[..self.split].to_vec(), self.deal[self.split..self.len].to_vec());
        Deal { preset: self.preset, hands }
    }

    fn run(&self, end_rule: EndRule) -> PlayResult {
        let (a, b) = self.deal[..self.len].split_at(self.split);
        let board = Board::new(a, b);
        match end_rule {
            EndRule::Standard => run::<false>(board),
            EndRule::EmptyHandLoses => run::<true>(board),
        }
    }
}

/// Plays `start` to its end, with Brent's cycle detection.
#[inline(always)]
fn run<const LIT: bool>(start: Board) -> PlayResult {
    let mut board = start;
    let mut saved = board.position();
    let mut power: u64 = 1;
    let mut lam: u64 = 0;
    loop {
        if let Some(winner) = board.trick::<LIT>() {
            return PlayResult::Finished { winner, cards: board.cards, tricks: board.tricks };
        }
        lam += 1;
        let now = board.position();
        if now == saved {
            return first_repeat::<LIT>(start, lam);
        }
        if lam == power {
            saved = now;
            power <<= 1;
            lam = 0;
        }
    }
}

/// Given the exact cycle length in tricks, finds the first occurrence of
/// the repeated state by replaying the deal on two boards a cycle apart.
#[cold]
fn first_repeat<const LIT: bool>(start: Board, cycle: u64) -> PlayResult {
    let mut slow = start;
    let mut fast = start;
    for _ in 0..cycle {
        // The deal loops, so no trick of it ends the game.
        let _ = fast.trick::<LIT>();
    }
    while slow.position() != fast.position() {
        let _ = slow.trick::<LIT>();
        let _ = fast.trick::<LIT>();
    }
    PlayResult::Loop {
        cards: fast.cards,
        tricks: fast.tricks,
        cycle_cards: fast.cards - slow.cards,
        cycle_tricks: fast.tricks - slow.tricks,
        lead_in_cards: slow.cards,
        lead_in_tricks: slow.tricks,
    }
}

impl Deal {
    /// Plays the deal to its end with a fresh [`Simulator`].
    ///
    /// ```
    /// use camicia_rules::{Deal, EndRule, Preset};
    ///
    /// let deal = Deal::parse(Preset::BeggarMyNeighbour, "---K---Q-KQAJ-----AAJ--J--/----------Q----KQ-J-----KA")?;
    /// let r = deal.play_out(EndRule::Standard)?;
    /// assert_eq!((r.cards(), r.tricks()), (8344, 1164));
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
