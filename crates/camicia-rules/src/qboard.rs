//! The fast engine: a hand in two machine words, a trick in a handful of
//! word operations.
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

use crate::loops::{Engine, Position2};
use crate::planes::Planes;

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
    pub(crate) fn from_kinds(kinds: &[u8]) -> QHand {
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
pub(crate) struct QBoard {
    lead: QHand,
    other: QHand,
    lead_is_a: bool,
    cards: u64,
    tricks: u64,
}

impl QBoard {
    /// The most attack cards a [`QBoard`] takes.
    pub(crate) const MAX_ATTACKS: usize = 31;

    /// The start of a game with these hands, A to lead.
    pub(crate) fn from_hands(a: QHand, b: QHand) -> QBoard {
        QBoard { lead: a, other: b, lead_is_a: true, cards: 0, tricks: 0 }
    }

    pub(crate) fn new(a: &[u8], b: &[u8]) -> QBoard {
        QBoard { lead: QHand::from_kinds(a), other: QHand::from_kinds(b), lead_is_a: true, cards: 0, tricks: 0 }
    }

    /// The player (0 = A) of the leader's side if `lead`, else the other's.
    #[inline(always)]
    fn player(&self, lead: bool) -> usize {
        usize::from(lead != self.lead_is_a)
    }
}

impl Engine for QBoard {
    type Position = Position2<QHand>;

    #[inline(always)]
    fn is_at(&self, p: &Position2<QHand>) -> bool {
        self.position() == *p
    }

    #[inline(always)]
    fn same_position(&self, other: &Self) -> bool {
        self.position() == other.position()
    }

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
