//! The fast play-out: a whole deal to its end without allocating, a trick
//! at a time, with exact loop detection.
//!
//! # How it is fast
//!
//! Plain cards are all alike, so a hand is known from *where* its attack
//! cards are and *what* they demand, in order. The fast board ([`QBoard`])
//! keeps a hand in two words: a bit mask of its attack cards (bit `i` for the
//! `i`-th card from the top) with a sentinel bit just past the last card,
//! and a queue of the attack cards' demands, two bits each, with a sentinel
//! too. Both hands live in registers, and:
//!
//! * turning `n` cards is a shift; the next attack card *or the end of the
//!   hand* is one `trailing_zeros` (the sentinel stops it);
//! * **open play** alternates the two hands until the first attack card or
//!   the first hand that cannot turn: the first event of the interleaved
//!   sequence is the earlier of `2·kx` (the leader's first attack at `kx`)
//!   and `2·ky + 1` (the other's). Every card before it is plain, so the pile
//!   is known without interleaving anything: `n − 1` plain cards and the
//!   attack card on top;
//! * **a payment** of `d` cards is one `trailing_zeros` of the payer's mask:
//!   an attack card among the first `d` is a counter-attack, otherwise the
//!   payment is complete (or cut short by an empty hand);
//! * **a collection** shifts the pile's mask and queue past the collector's
//!   sentinels and `or`s them in.
//!
//! A deal with more than 31 attack cards (only analysis deals can have
//! them) is played by [`Board`], three bit planes per hand, the same way.
//! [`PackedDeal::draw`] draws a deal straight into this form, and
//! [`Simulator::search`] plays many such deals side by side in vector lanes
//! ([`crate::lanes`]).
//!
//! # Loop detection
//!
//! Brent's algorithm over the trick-boundary states: the first 256 tricks
//! are played without any check (a typical game ends within them); a snapshot
//! is taken after 256, 512, 1024, ... tricks, and every later trick-boundary
//! state is compared with the last one (one word first, then the whole
//! state). When it repeats, the cycle length is known exactly; the deal is
//! then replayed from the start by two boards a cycle apart until they meet
//! at the first occurrence. Exact (states are compared in full, never
//! hashed), and cheap when there is no loop: nothing in the first 256
//! tricks, one comparison per trick after.

use carte_core::rand::Rng;
use carte_core::shuffle;

use crate::deal::Deal;
use crate::error::DealError;
use crate::fast_rng::FastRng;
use crate::lanes::{LANES, Lanes};
use crate::preset::{EndRule, MAX_CARDS, Preset};
use crate::result::PlayResult;
use carte_core::{ByPlayer, Player};

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

/// Per byte, `0x80` where the byte is not zero (an attack card). Exact for
/// bytes below `0x81`: kinds are at most 4, so no carry crosses a byte.
#[inline(always)]
fn attacks64(w: u64) -> u64 {
    w.wrapping_add(0x7f7f_7f7f_7f7f_7f7f) & 0x8080_8080_8080_8080
}

/// Gathers the low bit of each byte of `w` (others zero) into 8 bits, byte
/// `j` to bit `j`: the multiplication places each at bit `56 + j` without
/// carries (the partial products land on distinct bits).
#[inline(always)]
fn gather(w: u64) -> u64 {
    w.wrapping_mul(0x0102_0408_1020_4080) >> 56
}

impl Planes {
    /// The planes of up to [`MAX_CARDS`] kinds, eight at a time.
    #[inline(always)]
    fn from_kinds(kinds: &[u8]) -> Planes {
        let mut bytes = [0u8; 64];
        bytes[..kinds.len()].copy_from_slice(kinds);
        let mut p = Planes { len: kinds.len() as u32, ..Planes::default() };
        for (c, chunk) in bytes.chunks_exact(8).enumerate() {
            let mut b = [0u8; 8];
            b.copy_from_slice(chunk);
            let w = u64::from_le_bytes(b);
            let att = attacks64(w) >> 7;
            let d = w - att;
            p.att |= gather(att) << (8 * c);
            p.d0 |= gather(d & 0x0101_0101_0101_0101) << (8 * c);
            p.d1 |= gather(d >> 1 & 0x0101_0101_0101_0101) << (8 * c);
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

/// A game at a trick boundary: A's and B's hands and who leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Board {
    hands: [Planes; 2],
    leader: usize,
    cards: u64,
    tricks: u64,
}

impl Board {
    fn new(a: &[u8], b: &[u8]) -> Board {
        Board { hands: [Planes::from_kinds(a), Planes::from_kinds(b)], leader: 0, cards: 0, tricks: 0 }
    }

    /// Plays one trick; `Some(winner)` (0 = A) if the game ended in it.
    /// `LIT` selects [`EndRule::EmptyHandLoses`].
    #[inline(always)]
    fn trick<const LIT: bool>(&mut self) -> Option<usize> {
        // Under the standard rule a hand may turn all its cards and dies on
        // the next turn it owes (turning nothing); under the literal rule it
        // dies on turning its last card (which is counted).
        let lit = u32::from(LIT);
        let h = &mut self.hands;
        let x = self.leader;
        let y = x ^ 1;
        let ax = h[x].len - lit;
        let ay = h[y].len - lit;

        // Open play: x turns at even steps, y at odd steps.
        let kx = h[x].att.trailing_zeros().min(ax);
        let ky = h[y].att.trailing_zeros().min(ay);
        let y_first = 2 * ky + 1 < 2 * kx;
        let (e, died, q, k) = if y_first { (2 * ky + 1, ky == ay, y, ky) } else { (2 * kx, kx == ax, x, kx) };
        let n = e + u32::from(!died || LIT);
        self.cards += u64::from(n);
        if died {
            self.tricks += 1;
            return Some(q ^ 1);
        }
        // q turned the attack card at k, on top of n - 1 plain cards.
        let last = n - 1;
        let mut demand = h[q].demand(k);
        let mut pile =
            Planes { att: 1 << last, d0: (h[q].d0 >> k & 1) << last, d1: (h[q].d1 >> k & 1) << last, len: n };
        h[x].drop_top(n.div_ceil(2));
        h[y].drop_top(n / 2);

        // Payments and counter-attacks: p pays.
        let mut p = q ^ 1;
        loop {
            let avail = h[p].len - lit;
            let k = (h[p].att | 1 << 63).trailing_zeros();
            if k < demand && k < avail {
                let at = pile.len + k;
                pile.att |= 1 << at;
                pile.d0 |= (h[p].d0 >> k & 1) << at;
                pile.d1 |= (h[p].d1 >> k & 1) << at;
                pile.len += k + 1;
                self.cards += u64::from(k + 1);
                demand = h[p].demand(k);
                h[p].drop_top(k + 1);
                p ^= 1;
                continue;
            }
            if avail < demand {
                self.cards += u64::from(avail + lit);
                self.tricks += 1;
                return Some(p ^ 1);
            }
            pile.len += demand;
            self.cards += u64::from(demand);
            self.tricks += 1;
            h[p].drop_top(demand);
            h[p ^ 1].take(&pile);
            if h[p].len == 0 {
                return Some(p ^ 1);
            }
            // The collector leads the next trick.
            self.leader = p ^ 1;
            return None;
        }
    }
}

/// One game engine: a board at a trick boundary that plays a trick at a
/// time. Two implementations: [`QBoard`] (fast, at most 31 attack cards)
/// and [`Board`] (any deal).
trait Engine: Copy {
    /// What the loop rule compares.
    type Position: Copy + Eq;
    fn position(&self) -> Position2<Self::Position>;
    /// A word of the position that differs between most positions, to
    /// compare before the whole position.
    fn quick_key(&self) -> u64;
    /// Plays one trick; `Some(winner)` (0 = A) if the game ended in it.
    fn trick<const LIT: bool>(&mut self) -> Option<usize>;
    fn counts(&self) -> (u64, u64);
}

/// A position and who leads.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Position2<P> {
    hands: [P; 2],
    leader: usize,
}

impl Engine for Board {
    type Position = Planes;
    #[inline(always)]
    fn quick_key(&self) -> u64 {
        self.hands[0].att
    }
    #[inline(always)]
    fn position(&self) -> Position2<Planes> {
        Position2 { hands: self.hands, leader: self.leader }
    }
    #[inline(always)]
    fn trick<const LIT: bool>(&mut self) -> Option<usize> {
        Board::trick::<LIT>(self)
    }
    #[inline(always)]
    fn counts(&self) -> (u64, u64) {
        (self.cards, self.tricks)
    }
}

/// A hand for [`QBoard`], in two words with sentinel bits.
///
/// * `att`: bit `i` is set when the `i`-th card from the top is an attack
///   card, and bit `len` (just past the last card) is set as a sentinel.
///   Turning `n` cards is `att >> n`; the first attack card *or the end of
///   the hand* is `att.trailing_zeros()`; the length is the sentinel's index.
/// * `kinds`: the demands less one of the attack cards, two bits each, in
///   order (the top one lowest), then a sentinel bit at `2 · count`.
///
/// Plain cards are all alike, so that is the whole hand. The queue holds 31
/// attack cards, enough for both presets' decks (12 and 16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) struct QHand {
    pub(crate) att: u64,
    pub(crate) kinds: u64,
}

impl QHand {
    fn from_kinds(kinds: &[u8]) -> QHand {
        let planes = Planes::from_kinds(kinds);
        let mut queue = 0u64;
        let mut count = 0;
        let mut rest = planes.att;
        while rest != 0 {
            let i = rest.trailing_zeros();
            let d = (planes.d0 >> i & 1) | (planes.d1 >> i & 1) << 1;
            queue |= d << (2 * count);
            count += 1;
            rest &= rest - 1;
        }
        QHand { att: planes.att | 1 << planes.len, kinds: queue | 1 << (2 * count) }
    }

    /// Cards in the hand.
    #[inline(always)]
    fn len(&self) -> u64 {
        u64::from(63 - self.att.leading_zeros())
    }

    /// Removes the first attack card from the queue, returning its demand
    /// less one.
    #[inline(always)]
    fn pop_kind(&mut self) -> u64 {
        let d = self.kinds & 3;
        self.kinds >>= 2;
        d
    }

    /// Puts a pile of `len` cards (attack bits `att`, attack kinds `kinds`
    /// with its sentinel) under the hand.
    #[inline(always)]
    fn take(&mut self, att: u64, len: u64, kinds: u64) {
        let l = self.len();
        self.att = (self.att ^ 1 << l) | (att | 1 << len) << l;
        let q = 63 - self.kinds.leading_zeros();
        self.kinds = (self.kinds ^ 1 << q) | kinds << q;
    }
}

/// The fast board: hands as [`QHand`]s, at most 31 attack cards in all.
/// The hands are held as the leader's and the other's (plus whether the
/// leader is A), so a trick works on plain local values, in registers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct QBoard {
    lead: QHand,
    other: QHand,
    lead_is_a: bool,
    cards: u64,
    tricks: u64,
}

impl QBoard {
    /// The most attack cards a [`QBoard`] takes.
    const MAX_ATTACKS: usize = 31;

    fn new(a: &[u8], b: &[u8]) -> QBoard {
        QBoard { lead: QHand::from_kinds(a), other: QHand::from_kinds(b), lead_is_a: true, cards: 0, tricks: 0 }
    }

    /// The player (0 = A) of the leader's side if `lead`, else the other's.
    #[inline(always)]
    fn player(&self, lead: bool) -> usize {
        usize::from(lead != self.lead_is_a)
    }
}

impl Engine for QBoard {
    type Position = QHand;

    #[inline(always)]
    fn quick_key(&self) -> u64 {
        self.lead.att
    }

    #[inline(always)]
    fn position(&self) -> Position2<QHand> {
        Position2 { hands: [self.lead, self.other], leader: usize::from(!self.lead_is_a) }
    }

    #[inline(always)]
    fn counts(&self) -> (u64, u64) {
        (self.cards, self.tricks)
    }

    #[inline(always)]
    fn trick<const LIT: bool>(&mut self) -> Option<usize> {
        // Under the standard rule a hand may turn all its cards and dies on
        // the next turn it owes (turning nothing); under the literal rule it
        // dies on turning its last card (which is counted). With the
        // sentinel at `len`, `att >> i` is below `1 << (1 + LIT)` exactly
        // when a hand that has turned `i` cards cannot turn another.
        let lit = u64::from(LIT);
        let dead = 1u64 << (1 + lit);
        let (mut x, mut y) = (self.lead, self.other);

        // Open play: x turns at even steps, y at odd steps; the first event
        // of each hand is its first attack card or its death.
        let tx = u64::from(x.att.trailing_zeros());
        let ty = u64::from(y.att.trailing_zeros());
        let (sx, sy) = (x.att >> tx, y.att >> ty);
        // Under the literal rule a hand without attack cards dies on its
        // last card, one before the sentinel.
        let kx = tx - (lit & u64::from(sx == 1));
        let ky = ty - (lit & u64::from(sy == 1));
        let ex = 2 * kx;
        let ey = 2 * ky + 1;
        let y_first = ey < ex;
        let e = ex.min(ey);
        let died = if y_first { sy < dead } else { sx < dead };
        let n = e + u64::from(!died || LIT);
        let mut cards = self.cards + n;
        x.att >>= n.div_ceil(2);
        y.att >>= n / 2;
        if died {
            self.cards = cards;
            self.tricks += 1;
            // The one who could not turn loses.
            return Some(self.player(y_first));
        }
        // The attacker q turned an attack card on top of n - 1 plain cards;
        // p pays. The chain alternates p and q; it is unrolled by two so
        // that the roles never swap.
        let (mut p, mut q, p_is_lead) = if y_first { (x, y, true) } else { (y, x, false) };
        let d = q.pop_kind();
        let mut pile = Pile { att: 1u64 << (n - 1), kinds: d, kinds_at: 2, len: n };
        let mut demand = d + 1;
        loop {
            if !counter(&mut p, &mut demand, &mut pile, &mut cards, dead) {
                return self.finish::<LIT>(p, q, !p_is_lead, demand, &pile, cards);
            }
            if !counter(&mut q, &mut demand, &mut pile, &mut cards, dead) {
                return self.finish::<LIT>(q, p, p_is_lead, demand, &pile, cards);
            }
        }
    }
}

/// The pile of a trick in progress: attack bits, the queue of the attack
/// kinds (its next free slot at `kinds_at`) and the number of cards.
struct Pile {
    att: u64,
    kinds: u64,
    kinds_at: u64,
    len: u64,
}

/// One payment step: if one of the `demand` cards `h` owes is an attack
/// card, `h` turns up to it (a counter-attack: `demand` becomes the new
/// card's) and this returns `true`; otherwise nothing changes. `dead` is
/// `1 << (1 + LIT)` (see [`QBoard::trick`]).
#[inline(always)]
fn counter(h: &mut QHand, demand: &mut u64, pile: &mut Pile, cards: &mut u64, dead: u64) -> bool {
    let k = u64::from(h.att.trailing_zeros());
    if k < *demand && h.att >> k >= dead {
        h.att >>= k + 1;
        let d = h.pop_kind();
        pile.att |= 1 << (pile.len + k);
        pile.kinds |= d << pile.kinds_at;
        pile.kinds_at += 2;
        pile.len += k + 1;
        *cards += k + 1;
        *demand = d + 1;
        return true;
    }
    false
}

impl QBoard {
    /// Ends a payment of `demand` cards by `payer` without a counter-attack:
    /// cut short by an empty hand (the payer loses), or complete (the
    /// collector takes the pile and leads, unless the payer is now empty).
    #[inline(always)]
    fn finish<const LIT: bool>(
        &mut self,
        mut payer: QHand,
        mut collector: QHand,
        collector_is_lead: bool,
        demand: u64,
        pile: &Pile,
        cards: u64,
    ) -> Option<usize> {
        self.tricks += 1;
        if payer.att >> demand < 1 << u64::from(LIT) {
            self.cards = cards + payer.len();
            return Some(self.player(collector_is_lead));
        }
        payer.att >>= demand;
        self.cards = cards + demand;
        collector.take(pile.att, pile.len + demand, pile.kinds | 1 << pile.kinds_at);
        if payer.att == 1 {
            return Some(self.player(collector_is_lead));
        }
        self.lead_is_a = collector_is_lead == self.lead_is_a;
        self.lead = collector;
        self.other = payer;
        None
    }
}

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
/// let r = sim.play_random(Preset::BeggarMyNeighbour, EndRule::Standard, &mut carte_core::deal_rng(1));
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
        Simulator { deal: [0; MAX_CARDS], len: 0, split: 0, preset: Preset::Camicia, packed: None }
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
        packed.play(end_rule)
    }

    /// Plays `deals` uniformly random full deals of `preset`, calling
    /// `each(index, deal, result)` once for every deal: the fastest way to
    /// search random deals.
    ///
    /// The deals are drawn from `rng` by [`PackedDeal::draw`], one after
    /// another; `index` counts them from 0. Each result is exactly what
    /// [`PackedDeal::play`] (and [`Deal::play_out`]) gives for the deal.
    /// So the deals, their indices and their results are the same for the
    /// same generator state on every machine; only the order of the calls
    /// is not specified (it depends on the processor): sort by `index` if
    /// it matters.
    ///
    /// Under [`EndRule::Standard`], on a processor with AVX-512, the deals
    /// are played eight at a time in vector lanes: each step computes both
    /// outcomes of the payer's turn and keeps one, so the processor never
    /// has to guess at a coin flip, about three times as many deals a
    /// second as one [`PackedDeal::play`] after another. A deal still going
    /// after 256 tricks is handed to the one-at-a-time engine, which finds
    /// loops exactly as [`Simulator::play`] does. Elsewhere, and under
    /// [`EndRule::EmptyHandLoses`], the deals are played one at a time.
    ///
    /// Allocates nothing, and holds no state between calls (so it takes no
    /// simulator).
    ///
    /// ```
    /// use camicia_rules::{EndRule, FastRng, Preset, Simulator};
    ///
    /// let mut longest = (0, None);
    /// Simulator::search(Preset::BeggarMyNeighbour, EndRule::Standard, &mut FastRng::new(1), 10_000, |_, deal, result| {
    ///     if result.cards() > longest.0 {
    ///         longest = (result.cards(), Some(*deal));
    ///     }
    /// });
    /// let (cards, deal) = longest;
    /// // Every result is the engine's own for that deal.
    /// assert_eq!(deal.unwrap().deal().play_out(EndRule::Standard)?.cards(), cards);
    /// # Ok::<(), camicia_rules::DealError>(())
    /// ```
    pub fn search<F: FnMut(u64, &PackedDeal, &PlayResult)>(
        preset: Preset,
        end_rule: EndRule,
        rng: &mut FastRng,
        deals: u64,
        each: F,
    ) {
        if end_rule == EndRule::EmptyHandLoses || deals < LANES as u64 {
            one_at_a_time(preset, end_rule, rng, deals, each);
            return;
        }
        // The features `search_avx512` is compiled with, one by one.
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512cd")
            && std::is_x86_feature_detected!("avx512vl")
            && std::is_x86_feature_detected!("avx512dq")
            && std::is_x86_feature_detected!("avx512bw")
            && std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("lzcnt")
            && std::is_x86_feature_detected!("popcnt")
        {
            // SAFETY: the only requirement of a `target_feature` function is
            // that the processor has the features, checked just above.
            #[allow(unsafe_code)]
            unsafe {
                search_avx512(preset, rng, deals, each)
            };
            return;
        }
        // Without wide vectors the lanes are slower than one deal after
        // another (the step does both outcomes' work).
        one_at_a_time(preset, end_rule, rng, deals, each);
    }

    /// The last deal played (allocates; meant for reporting).
    pub fn deal(&self) -> Deal {
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
    preset: Preset,
    /// Bit `i` set when card `i` of the deck (A's hand from the top, then
    /// B's) is an attack card.
    pub(crate) mask: u64,
    /// The attack cards' demands less one, two bits each, in deck order.
    pub(crate) queue: u64,
}

impl PackedDeal {
    /// A placeholder for a lane without a deal.
    pub(crate) const EMPTY: PackedDeal = PackedDeal { preset: Preset::Camicia, mask: 0, queue: 0 };

    /// A uniformly random full deal of `preset`, drawn straight into the
    /// packed form: the positions of the attack cards are a uniformly
    /// random subset of the deck's positions (Floyd's algorithm, one draw
    /// per attack card), and the attack cards are arranged on them by a
    /// uniform Fisher–Yates shuffle of their kinds; the first half of the
    /// positions is A's hand. Every arrangement of the deck is thus equally
    /// likely. The bounded draws are exact (Lemire's method) and share
    /// 64-bit words of `rng` ([`FastRng::next_word`]), several to a word:
    /// three words for a Beggar-my-neighbour deal, barring a rare redraw.
    /// The same generator state gives the same deal, forever; not the deal
    /// [`Deal::random`] gives.
    #[inline]
    pub fn draw(preset: Preset, rng: &mut FastRng) -> PackedDeal {
        let (mask, queue) = match preset {
            Preset::Camicia => {
                const PLAN: DrawPlan = DrawPlan::new::<40, 12>(Preset::Camicia.deck_counts());
                draw_packed::<40, 12>(&PLAN, rng)
            }
            Preset::BeggarMyNeighbour => {
                const PLAN: DrawPlan = DrawPlan::new::<52, 16>(Preset::BeggarMyNeighbour.deck_counts());
                draw_packed::<52, 16>(&PLAN, rng)
            }
        };
        PackedDeal { preset, mask, queue }
    }

    /// A's and B's hands as the fast engine holds them.
    pub(crate) fn hands(&self) -> (QHand, QHand) {
        let n = self.preset.deck_len() as u32;
        let k = self.mask.count_ones();
        let half = n / 2;
        let low = self.mask & ((1 << half) - 1);
        let in_a = low.count_ones();
        let a = QHand { att: low | 1 << half, kinds: self.queue & ((1 << (2 * in_a)) - 1) | 1 << (2 * in_a) };
        let b =
            QHand { att: self.mask >> half | 1 << (n - half), kinds: self.queue >> (2 * in_a) | 1 << (2 * (k - in_a)) };
        (a, b)
    }

    /// The packed form of `deal` if it is a full deal split in halves (as
    /// every random and seeded deal is); `None` otherwise.
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
        let n = deal.preset.deck_len();
        if !deal.is_full() || deal.hands[Player::A].len() != n / 2 {
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
        Some(PackedDeal { preset: deal.preset, mask, queue })
    }

    /// The preset the deal is of.
    pub const fn preset(&self) -> Preset {
        self.preset
    }

    /// The deal, spelled out (allocates).
    pub fn deal(&self) -> Deal {
        let n = self.preset.deck_len();
        let mut queue = self.queue;
        let mut cards = [0u8; MAX_CARDS];
        for (i, card) in cards[..n].iter_mut().enumerate() {
            if self.mask >> i & 1 == 1 {
                *card = (queue & 3) as u8 + 1;
                queue >>= 2;
            }
        }
        let (a, b) = cards[..n].split_at(n / 2);
        Deal { preset: self.preset, hands: ByPlayer::new(a.to_vec(), b.to_vec()) }
    }

    /// Plays the deal to its end under `end_rule`, one trick at a time,
    /// without allocating; the same result as [`Deal::play_out`].
    pub fn play(&self, end_rule: EndRule) -> PlayResult {
        let (a, b) = self.hands();
        let board = QBoard { lead: a, other: b, lead_is_a: true, cards: 0, tricks: 0 };
        match end_rule {
            EndRule::Standard => run::<false, _>(board),
            EndRule::EmptyHandLoses => run::<true, _>(board),
        }
    }
}

/// [`Simulator::search`] one deal after another.
fn one_at_a_time<F: FnMut(u64, &PackedDeal, &PlayResult)>(
    preset: Preset,
    end_rule: EndRule,
    rng: &mut FastRng,
    deals: u64,
    mut each: F,
) {
    for index in 0..deals {
        let deal = PackedDeal::draw(preset, rng);
        each(index, &deal, &deal.play(end_rule));
    }
}

/// [`search_lanes`] compiled for processors with AVX-512 (and the bit
/// instructions that come with them), where each step of the lanes is a
/// handful of 512-bit instructions.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512cd,avx512vl,avx512dq,avx512bw,avx2,bmi1,bmi2,lzcnt,popcnt")]
fn search_avx512<F: FnMut(u64, &PackedDeal, &PlayResult)>(preset: Preset, rng: &mut FastRng, deals: u64, each: F) {
    search_lanes(preset, rng, deals, each);
}

/// [`Simulator::search`] under [`EndRule::Standard`] in [`LANES`] lanes;
/// `deals` is at least [`LANES`].
#[inline(always)]
fn search_lanes<F: FnMut(u64, &PackedDeal, &PlayResult)>(preset: Preset, rng: &mut FastRng, deals: u64, mut each: F) {
    let mut lanes = Lanes::new();
    let mut drawn = 0;
    for i in 0..LANES {
        lanes.start(i, drawn, PackedDeal::draw(preset, rng));
        drawn += 1;
    }
    'deals: loop {
        for i in 0..LANES {
            while lanes.stopped(i) {
                let (index, deal, result) = lanes.report(i);
                each(index, &deal, &result);
                if drawn == deals {
                    break 'deals;
                }
                lanes.start(i, drawn, PackedDeal::draw(preset, rng));
                drawn += 1;
            }
        }
        while !lanes.step() {}
    }
    // Every deal is drawn: the games still in lanes are played to their
    // end one at a time.
    for i in 0..LANES {
        if lanes.stopped(i) {
            let (index, deal, result) = lanes.report(i);
            each(index, &deal, &result);
        } else if let Some((index, deal)) = lanes.deal(i) {
            each(index, &deal, &deal.play(EndRule::Standard));
        }
    }
}

/// How [`draw_packed`] draws a deal of `N` cards with `K` attack cards,
/// worked out at compile time.
struct DrawPlan {
    /// The bounds of the draws: `j + 1` for `j` in `N − K..N` (Floyd's
    /// algorithm), then `K`, `K − 1`, ..., `2` (a Fisher–Yates shuffle of
    /// the kinds).
    bounds: [u64; 32],
    /// The batches of draws: the end of each in `bounds` and the product
    /// of its bounds (at most 2^56); `batches` of them.
    ends: [usize; 4],
    products: [u64; 4],
    batches: usize,
    /// The kinds less one of the attack cards in deck order, two bits each.
    kinds: u64,
}

impl DrawPlan {
    const fn new<const N: u32, const K: u32>(counts: [u8; 5]) -> DrawPlan {
        let mut plan = DrawPlan { bounds: [0; 32], ends: [0; 4], products: [0; 4], batches: 0, kinds: 0 };
        let mut i = 0;
        while i < K {
            plan.bounds[i as usize] = (N - K + i + 1) as u64;
            i += 1;
        }
        let mut j = 0;
        while j + 1 < K {
            plan.bounds[(K + j) as usize] = (K - j) as u64;
            j += 1;
        }
        let total = (2 * K - 1) as usize;
        let mut end = 0;
        while end < total {
            let mut product = 1u64;
            while end < total && product * plan.bounds[end] <= 1 << 56 {
                product *= plan.bounds[end];
                end += 1;
            }
            plan.ends[plan.batches] = end;
            plan.products[plan.batches] = product;
            plan.batches += 1;
        }
        let mut at = 0;
        let mut kind = 1;
        while kind < 5 {
            let mut c = 0;
            while c < counts[kind] {
                plan.kinds |= (kind as u64 - 1) << at;
                at += 2;
                c += 1;
            }
            kind += 1;
        }
        assert!(at == 2 * K);
        plan
    }
}

/// A uniformly random full deal of `preset` (`N` cards, `K` attack cards)
/// in packed form: the mask of the attack positions, the queue of their
/// kinds less one (two bits each, in position order) and `K`.
///
/// The positions are Floyd's uniform `K`-subset of `0..N`; the kinds, in
/// deck order, get a Fisher–Yates shuffle inside the register. The `2K − 1`
/// bounded draws come from a few 64-bit words ([`FastRng::next_word`]):
/// they are taken in batches whose bounds multiply to at most 2^56, and a
/// batch is the mixed-radix digits of one draw below that product by
/// Lemire's method (multiply the word by each bound in turn, keeping the
/// high half as the digit and the low half for the next; the last low half
/// is `word · product mod 2^64`, and the batch is drawn again when it falls
/// below `2^64 mod product`). Exactly uniform; a batch is redrawn with
/// probability below 2^-8.
#[inline(always)]
fn draw_packed<const N: u32, const K: u32>(plan: &DrawPlan, rng: &mut FastRng) -> (u64, u64) {
    let mut digits = [0u64; 32];
    let mut start = 0;
    for (&end, &product) in plan.ends[..plan.batches].iter().zip(&plan.products) {
        loop {
            let mut x = rng.next_word();
            for (o, &b) in digits[start..end].iter_mut().zip(&plan.bounds[start..end]) {
                let m = u128::from(x) * u128::from(b);
                *o = (m >> 64) as u64;
                x = m as u64;
            }
            if x >= product || x >= product.wrapping_neg() % product {
                break;
            }
        }
        start = end;
    }
    let mut mask = 0u64;
    for (i, &t) in digits[..K as usize].iter().enumerate() {
        let j = N - K + i as u32;
        let bit = 1u64 << t;
        mask |= if mask & bit != 0 { 1 << j } else { bit };
    }
    let mut queue = plan.kinds;
    for (i, &j) in (1..u64::from(K)).rev().zip(&digits[K as usize..]) {
        let x = (queue >> (2 * i) ^ queue >> (2 * j)) & 3;
        queue ^= x << (2 * i) | x << (2 * j);
    }
    (mask, queue)
}

/// Tricks played before the first snapshot, without any comparison: a
/// typical game ends before, and loop detection costs it nothing. Later the gaps
/// between snapshots double, as Brent's algorithm requires (any schedule
/// whose gaps grow without bound finds every cycle, and the first match
/// after a snapshot inside the cycle is exactly one cycle later).
const FIRST_GAP: u64 = 256;

/// Plays `start` to its end, with Brent's cycle detection.
#[inline(always)]
fn run<const LIT: bool, E: Engine>(start: E) -> PlayResult {
    let mut board = start;
    for _ in 0..FIRST_GAP {
        if let Some(winner) = board.trick::<LIT>() {
            return finished(winner, &board);
        }
    }
    let mut saved = board.position();
    let mut saved_key = board.quick_key();
    let mut power: u64 = FIRST_GAP;
    let mut lam: u64 = 0;
    loop {
        if let Some(winner) = board.trick::<LIT>() {
            return finished(winner, &board);
        }
        lam += 1;
        if board.quick_key() == saved_key && board.position() == saved {
            return first_repeat::<LIT, E>(start, lam);
        }
        if lam == power {
            saved = board.position();
            saved_key = board.quick_key();
            power <<= 1;
            lam = 0;
        }
    }
}

/// The result of a game that `winner` (0 = A) won on `board`.
#[inline(always)]
fn finished<E: Engine>(winner: usize, board: &E) -> PlayResult {
    let winner = if winner == 0 { Player::A } else { Player::B };
    let (cards, tricks) = board.counts();
    PlayResult::Finished { winner, cards, tricks }
}

/// Given the exact cycle length in tricks, finds the first occurrence of
/// the repeated state by replaying the deal on two boards a cycle apart.
#[cold]
fn first_repeat<const LIT: bool, E: Engine>(start: E, cycle: u64) -> PlayResult {
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
    let ((cards, tricks), (lead_in_cards, lead_in_tricks)) = (fast.counts(), slow.counts());
    PlayResult::Loop {
        cards,
        tricks,
        cycle_cards: cards - lead_in_cards,
        cycle_tricks: tricks - lead_in_tricks,
        lead_in_cards,
        lead_in_tricks,
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The lanes, compiled for whatever processor runs the tests (without
    /// the vector features), give the one-at-a-time engine's results.
    #[test]
    fn portable_lanes_agree_with_the_engine() {
        for preset in Preset::ALL {
            let mut rng = FastRng::new(99);
            let mut seen = vec![false; 3000];
            search_lanes(preset, &mut rng, 3000, |index, deal, result| {
                assert!(!seen[index as usize], "deal {index} reported twice");
                seen[index as usize] = true;
                assert_eq!(*result, deal.play(EndRule::Standard), "{preset} deal {}", deal.deal());
            });
            assert!(seen.iter().all(|&s| s));
            // The same deals as drawn one after another.
            let mut again = FastRng::new(99);
            for _ in 0..3000 {
                PackedDeal::draw(preset, &mut again);
            }
            assert_eq!(rng, again);
        }
    }

    /// A deal that outlasts the lanes' trick limit is handed to the
    /// one-at-a-time engine: the first non-terminating Beggar-my-neighbour
    /// deal comes out as the engine's loop.
    #[test]
    fn lanes_hand_long_games_to_the_engine() {
        let deal = Deal::parse(Preset::BeggarMyNeighbour, "---K---Q-KQAJ-----AAJ--J--/----------Q----KQ-J-----KA")
            .expect("a valid deal");
        let packed = PackedDeal::pack(&deal).expect("a full deal");
        let mut lanes = Lanes::new();
        lanes.start(3, 41, packed);
        let mut steps = 0;
        while !lanes.stopped(3) {
            lanes.step();
            steps += 1;
        }
        assert!(steps >= crate::lanes::TRICK_LIMIT);
        let (index, back, result) = lanes.report(3);
        assert_eq!((index, back), (41, packed));
        assert!(matches!(result, PlayResult::Loop { cycle_tricks: 62, .. }));
        assert_eq!(result, deal.play_out(EndRule::Standard).expect("a valid deal"));
    }
}
