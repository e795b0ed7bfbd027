//! The fast play-out: a whole deal to its end without allocating, a trick
//! at a time, with exact loop detection.
//!
//! # How it is fast
//!
//! A hand is a window `head..tail` of a byte buffer of kinds; collections
//! append at `tail`, turns advance `head`, and the window moves back to the
//! start of the buffer when it nears the end (rarely: the buffer is ten
//! times a deck). Instead of turning cards one by one, a trick is played in
//! a few word operations:
//!
//! * **Open play** alternates the two hands until the first attack card (or
//!   until a hand runs out). The first attack card of each hand is found
//!   eight cards at a time (`SWAR`: a byte is an attack card when it is not
//!   zero), and the first event of the interleaved sequence is the earlier
//!   of `2·ka` (leader) and `2·kb + 1` (the other). The pile is then built
//!   four plus four cards at a time by interleaving bytes with shifts.
//! * **A payment** reads the next four cards of the payer as one word: the
//!   first attack card among the first `demand` of them (if any) is a
//!   counter-attack, otherwise the payment is complete (or cut short by an
//!   empty hand).
//! * **A collection** copies the pile under the collector's hand eight bytes
//!   at a time.
//!
//! # Loop detection
//!
//! Brent's algorithm over the trick-boundary states: a snapshot of the state
//! is taken after 1, 2, 4, 8, ... tricks, and every new trick-boundary state
//! is compared with the snapshot (the player to move and the length of A's
//! hand first, the bytes only when those agree). When it repeats, the cycle
//! length is known exactly; the deal is then replayed from the start by two
//! boards that cycle-length tricks apart, until they meet at the first
//! occurrence. Exact: states are compared in full, never hashed.

use carte_core::rand::Rng;
use carte_core::shuffle;

use crate::deal::Deal;
use crate::error::DealError;
use crate::player::{ByPlayer, Player};
use crate::preset::{EndRule, MAX_CARDS, Preset};
use crate::result::PlayResult;

/// Bytes per hand buffer. A hand holds at most [`MAX_CARDS`] cards; word
/// reads and writes run up to 64 bytes past its end; the window is moved
/// back to the start once `tail` passes [`COMPACT_ABOVE`].
const CAP: usize = 512;
/// After a collection that leaves `tail` above this, the hand moves back to
/// the start of its buffer. A later collection then writes at most 56 bytes
/// past `COMPACT_ABOVE + MAX_CARDS`, and reads run at most 64 bytes past
/// `tail`: both stay inside [`CAP`].
const COMPACT_ABOVE: usize = CAP - 2 * 64 - MAX_CARDS;
/// Bytes of the pile buffer: at most [`MAX_CARDS`] cards, plus the slack of
/// a 4-byte write at the end and reads in 8-byte words.
const PILE_CAP: usize = 64;

/// Per byte, `0x80` where the byte is not zero (an attack card). Exact for
/// bytes below `0x81`: kinds are at most 4, so no carry crosses a byte.
#[inline(always)]
fn attacks64(w: u64) -> u64 {
    w.wrapping_add(0x7f7f_7f7f_7f7f_7f7f) & 0x8080_8080_8080_8080
}

#[inline(always)]
fn attacks32(w: u32) -> u32 {
    w.wrapping_add(0x7f7f_7f7f) & 0x8080_8080
}

/// The four bytes of `x` spread to the even bytes of a `u64`.
#[inline(always)]
fn spread(x: u32) -> u64 {
    let x = u64::from(x);
    let x = (x | x << 16) & 0x0000_ffff_0000_ffff;
    (x | x << 8) & 0x00ff_00ff_00ff_00ff
}

#[inline(always)]
fn load32(buf: &[u8], at: usize) -> u32 {
    let mut b = [0u8; 4];
    b.copy_from_slice(&buf[at..at + 4]);
    u32::from_le_bytes(b)
}

#[inline(always)]
fn load64(buf: &[u8], at: usize) -> u64 {
    let mut b = [0u8; 8];
    b.copy_from_slice(&buf[at..at + 8]);
    u64::from_le_bytes(b)
}

/// Index of the first attack card at or after `head`, or `limit` if there
/// is none before `limit`.
#[inline(always)]
fn first_attack(hand: &[u8; CAP], head: usize, limit: usize) -> usize {
    let mut i = 0;
    loop {
        let m = attacks64(load64(hand, head + i));
        if m != 0 {
            return (i + (m.trailing_zeros() / 8) as usize).min(limit);
        }
        i += 8;
        if i >= limit {
            return limit;
        }
    }
}

/// The game at a trick boundary, and the machinery of one trick.
#[derive(Clone)]
struct Board {
    hands: [[u8; CAP]; 2],
    head: [usize; 2],
    tail: [usize; 2],
    pile: [u8; PILE_CAP],
    plen: usize,
    /// Who turns first in the next trick.
    leader: usize,
    cards: u64,
    tricks: u64,
}

impl Board {
    fn new() -> Board {
        Board {
            hands: [[0; CAP]; 2],
            head: [0; 2],
            tail: [0; 2],
            pile: [0; PILE_CAP],
            plen: 0,
            leader: 0,
            cards: 0,
            tricks: 0,
        }
    }

    /// The start of a game; the hands are checked (non-empty, at most
    /// [`MAX_CARDS`] cards, kinds at most 4).
    fn load(&mut self, a: &[u8], b: &[u8]) {
        self.hands[0][..a.len()].copy_from_slice(a);
        self.hands[1][..b.len()].copy_from_slice(b);
        self.head = [0, 0];
        self.tail = [a.len(), b.len()];
        self.plen = 0;
        self.leader = 0;
        self.cards = 0;
        self.tricks = 0;
    }

    #[inline(always)]
    fn hand(&self, i: usize) -> &[u8] {
        &self.hands[i][self.head[i]..self.tail[i]]
    }

    fn same_position(&self, other: &Board) -> bool {
        self.leader == other.leader && self.hand(0) == other.hand(0) && self.hand(1) == other.hand(1)
    }

    /// The game ends: `winner` takes the pile (the last trick).
    #[inline(always)]
    fn finish(&mut self, winner: usize) -> usize {
        self.tricks += 1;
        winner
    }

    /// Puts the pile under `collector`'s hand, in the order it was played.
    #[inline(always)]
    fn collect(&mut self, collector: usize) {
        let t = self.tail[collector];
        let hand = &mut self.hands[collector];
        let mut i = 0;
        while i < self.plen {
            hand[t + i..t + i + 8].copy_from_slice(&self.pile[i..i + 8]);
            i += 8;
        }
        let t = t + self.plen;
        self.tail[collector] = t;
        self.tricks += 1;
        if t > COMPACT_ABOVE {
            let h = self.head[collector];
            hand.copy_within(h..t, 0);
            self.head[collector] = 0;
            self.tail[collector] = t - h;
        }
    }

    /// Plays one trick from a trick boundary; `Some(winner)` if the game
    /// ended in it. `LIT` selects [`EndRule::EmptyHandLoses`].
    #[inline(always)]
    fn trick<const LIT: bool>(&mut self) -> Option<usize> {
        // Under the standard rule a hand may turn all its cards and dies on
        // the next turn it owes (turning nothing); under the literal rule it
        // dies on turning its last card (which is counted).
        let lit = usize::from(LIT);
        let p = self.leader;
        let q = p ^ 1;
        let hp = self.head[p];
        let hq = self.head[q];
        let avail_p = self.tail[p] - hp - lit;
        let avail_q = self.tail[q] - hq - lit;

        // Open play: p turns at even steps, q at odd steps.
        let kp = first_attack(&self.hands[p], hp, avail_p);
        let kq = first_attack(&self.hands[q], hq, avail_q);
        let (e, x, died) = if 2 * kp < 2 * kq + 1 { (2 * kp, p, kp == avail_p) } else { (2 * kq + 1, q, kq == avail_q) };
        let n = e + usize::from(!died || LIT);
        let np = n.div_ceil(2);
        let mut c = 0;
        while 4 * c < np {
            let a = spread(load32(&self.hands[p], hp + 4 * c));
            let b = spread(load32(&self.hands[q], hq + 4 * c));
            self.pile[8 * c..8 * c + 8].copy_from_slice(&(a | b << 8).to_le_bytes());
            c += 1;
        }
        self.head[p] = hp + np;
        self.head[q] = hq + n / 2;
        self.plen = n;
        self.cards += n as u64;
        if died {
            return Some(self.finish(x ^ 1));
        }

        // Payments and counter-attacks.
        let mut payer = x ^ 1;
        let mut demand = usize::from(self.hands[x][self.head[x] - 1]);
        loop {
            let h = self.head[payer];
            let avail = self.tail[payer] - h - lit;
            let w = load32(&self.hands[payer], h);
            self.pile[self.plen..self.plen + 4].copy_from_slice(&w.to_le_bytes());
            let k = (attacks32(w).trailing_zeros() / 8) as usize;
            if k < demand && k < avail {
                let m = k + 1;
                self.head[payer] = h + m;
                self.plen += m;
                self.cards += m as u64;
                demand = usize::from(self.hands[payer][h + k]);
                payer ^= 1;
                continue;
            }
            if avail < demand {
                let m = avail + lit;
                self.head[payer] = h + m;
                self.plen += m;
                self.cards += m as u64;
                return Some(self.finish(payer ^ 1));
            }
            self.head[payer] = h + demand;
            self.plen += demand;
            self.cards += demand as u64;
            let collector = payer ^ 1;
            self.collect(collector);
            if self.head[payer] == self.tail[payer] {
                return Some(collector);
            }
            self.leader = collector;
            return None;
        }
    }
}

/// A saved trick-boundary state for Brent's algorithm.
#[derive(Clone)]
struct Snapshot {
    hands: [[u8; MAX_CARDS]; 2],
    len: [usize; 2],
    leader: usize,
}

impl Snapshot {
    fn save(&mut self, board: &Board) {
        for i in 0..2 {
            let hand = board.hand(i);
            self.hands[i][..hand.len()].copy_from_slice(hand);
            self.len[i] = hand.len();
        }
        self.leader = board.leader;
    }

    /// Compares the cheap parts first: the player to move and A's hand
    /// size (B's follows, as the pile is empty at a boundary).
    #[inline(always)]
    fn matches(&self, board: &Board) -> bool {
        self.leader == board.leader
            && self.len[0] == board.tail[0] - board.head[0]
            && self.hands[0][..self.len[0]] == *board.hand(0)
            && self.hands[1][..self.len[1]] == *board.hand(1)
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
    board: Board,
    snapshot: Snapshot,
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
    /// A simulator (about 1.5 KB of fixed buffers, no heap).
    pub fn new() -> Simulator {
        Simulator {
            board: Board::new(),
            snapshot: Snapshot { hands: [[0; MAX_CARDS]; 2], len: [0; 2], leader: 0 },
            deal: [0; MAX_CARDS],
            len: 0,
            split: 0,
            preset: Preset::Camicia,
        }
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

    fn run(&mut self, end_rule: EndRule) -> PlayResult {
        match end_rule {
            EndRule::Standard => self.run_with::<false>(),
            EndRule::EmptyHandLoses => self.run_with::<true>(),
        }
    }

    fn run_with<const LIT: bool>(&mut self) -> PlayResult {
        let (a, b) = self.deal[..self.len].split_at(self.split);
        self.board.load(a, b);
        self.snapshot.save(&self.board);
        let mut power: u64 = 1;
        let mut lam: u64 = 0;
        loop {
            if let Some(winner) = self.board.trick::<LIT>() {
                return PlayResult::Finished {
                    winner: Player::from_index(winner),
                    cards: self.board.cards,
                    tricks: self.board.tricks,
                };
            }
            lam += 1;
            if self.snapshot.matches(&self.board) {
                return self.first_repeat::<LIT>(lam);
            }
            if lam == power {
                self.snapshot.save(&self.board);
                power <<= 1;
                lam = 0;
            }
        }
    }

    /// Given the exact cycle length in tricks, finds the first occurrence
    /// of the repeated state by replaying the deal with two boards.
    #[cold]
    fn first_repeat<const LIT: bool>(&self, cycle: u64) -> PlayResult {
        let (a, b) = self.deal[..self.len].split_at(self.split);
        let mut slow = Board::new();
        slow.load(a, b);
        let mut fast = slow.clone();
        for _ in 0..cycle {
            // The deal loops, so no trick of it ends the game.
            let _ = fast.trick::<LIT>();
        }
        while !slow.same_position(&fast) {
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
