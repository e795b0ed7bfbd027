//! Many random deals at once: games stepped side by side, as vectors,
//! without a data-dependent branch.
//!
//! # Why
//!
//! One game is a chain of decisions on random data (does the payer turn an
//! attack card among the cards it owes?), each a coin flip to the branch
//! predictor: the one-at-a-time engine takes that branch about 80 times a
//! Beggar-my-neighbour deal and mispredicts about half of them. Here every
//! step computes both outcomes, a counter-attack or a collection followed
//! by the open play of the next trick, and keeps one by masking, for
//! [`LANES`] games at once held as arrays of words (one array per field).
//! The step is plain arithmetic on those arrays, which the compiler turns
//! into vector instructions where the processor has them; the only branch
//! left asks whether any lane needs attention (a game over, a long game),
//! which is rarely true.
//!
//! # The step
//!
//! A lane is a game inside a trick: the payer owes `d` cards to a pile,
//! and the hands are held as the one-at-a-time engine holds them (an
//! attack-card mask with a sentinel bit past the last card, and a queue of
//! the attack cards' demands). The payer's first attack card is one
//! `trailing_zeros` away: if it lies among the `d` cards owed, it is a
//! counter-attack (the roles swap, the pile grows by the cards turned);
//! otherwise the payer pays, the other collects the pile (two shifts and
//! two `or`s) and leads the open play of the next trick, up to the first
//! attack card of the interleaved turns. A game over is noticed in the
//! same step, with its exact counts.
//!
//! A lane stops and hands its deal to the one-at-a-time engine (which has
//! the exact loop detection) when it reaches [`TRICK_LIMIT`] tricks; so the
//! lanes never need to detect a loop, and every result is exactly the
//! engine's.

#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2;
#[cfg(target_arch = "x86_64")]
pub(crate) mod avx512;

use crate::packed::PackedDeal;
use crate::preset::EndRule;
use crate::result::PlayResult;
use carte_core::Player;

/// Games stepped side by side.
pub(crate) const LANES: usize = 8;

/// Tricks a lane plays before it hands its deal to the one-at-a-time engine.
pub(crate) const TRICK_LIMIT: u64 = 256;

/// [`LANES`] games in progress, one array per field; lane `i` is index `i`
/// of every array. Between steps, a lane's payer owes `d` cards.
///
/// The fields of the AVX2 step (`pl` to `lt`) are kept on every target but
/// read only on x86-64, hence the `dead_code` allowance elsewhere.
#[derive(Clone)]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) struct Lanes {
    /// The payer's hand: attack mask with sentinel, and demand queue (each
    /// demand less one, two bits, with a sentinel bit).
    pa: [u64; LANES],
    pk: [u64; LANES],
    /// The other hand (the one that attacked last), likewise.
    qa: [u64; LANES],
    qk: [u64; LANES],
    /// The cards in the payer's and the other's hand, and twice their
    /// attack cards (where their queues' sentinels are), for the AVX2 step
    /// ([`avx2`]), which reads the lengths from these instead of counting
    /// bits ([`Lanes::step`] leaves them alone).
    pl: [u64; LANES],
    ql: [u64; LANES],
    pn: [u64; LANES],
    qn: [u64; LANES],
    /// For the AVX2 step: where the payer's and the other's first attack
    /// cards (or sentinels) are, and the pile's first attack card.
    pt: [u64; LANES],
    qt: [u64; LANES],
    lt: [u64; LANES],
    /// What the payer owes.
    d: [u64; LANES],
    /// The pile: attack mask, demand queue (no sentinel), the queue's
    /// length in bits, and its cards.
    la: [u64; LANES],
    lk: [u64; LANES],
    lq: [u64; LANES],
    ln: [u64; LANES],
    cards: [u64; LANES],
    tricks: [u64; LANES],
    /// 1 when the payer is A.
    pa_is_a: [u64; LANES],
    /// 1 when the game is over; the winner is then the collector, the
    /// other of the payer.
    over: [u64; LANES],
    /// 1 when the lane needs attention before its next step.
    stop: [u64; LANES],
    /// 1 when the lane holds no game.
    idle: [bool; LANES],
    /// The deal of each lane and its index in the search.
    deal: [PackedDeal; LANES],
    index: [u64; LANES],
}

impl Lanes {
    pub(crate) const fn new() -> Lanes {
        Lanes {
            pa: [0; LANES],
            pk: [0; LANES],
            qa: [0; LANES],
            qk: [0; LANES],
            pl: [0; LANES],
            ql: [0; LANES],
            pn: [0; LANES],
            qn: [0; LANES],
            pt: [0; LANES],
            qt: [0; LANES],
            lt: [0; LANES],
            d: [0; LANES],
            la: [0; LANES],
            lk: [0; LANES],
            lq: [0; LANES],
            ln: [0; LANES],
            cards: [0; LANES],
            tricks: [0; LANES],
            pa_is_a: [0; LANES],
            over: [0; LANES],
            stop: [0; LANES],
            idle: [true; LANES],
            deal: [PackedDeal::EMPTY; LANES],
            index: [0; LANES],
        }
    }

    /// Starts `deal`, the search's deal `index`, in lane `i`: A leads the open play of the first trick,
    /// played here one-at-a-time.
    pub(crate) fn start(&mut self, i: usize, index: u64, deal: PackedDeal) {
        self.deal[i] = deal;
        self.index[i] = index;
        self.idle[i] = false;
        let (a, b) = deal.hands();
        let (mut xa, xk, mut ya, yk) = (a.att, a.kinds, b.att, b.kinds);
        let (tx, ty) = (u64::from(xa.trailing_zeros()), u64::from(ya.trailing_zeros()));
        let (ex, ey) = (2 * tx, 2 * ty + 1);
        let y_first = ey < ex;
        let e = ex.min(ey);
        // A hand whose first event is its sentinel cannot turn: it loses.
        let died = if y_first { ya >> ty == 1 } else { xa >> tx == 1 };
        self.tricks[i] = 0;
        self.stop[i] = 0;
        self.over[i] = 0;
        if died {
            self.cards[i] = e;
            self.tricks[i] = 1;
            self.over[i] = 1;
            self.stop[i] = 1;
            // The winner is reported as the payer's other: the one who
            // died takes the payer's place.
            self.pa_is_a[i] = u64::from(!y_first);
            return;
        }
        let n = e + 1;
        xa >>= n.div_ceil(2);
        ya >>= n / 2;
        let length = |h: u64| 63 - u64::from(h.leading_zeros());
        // The payer is x if y attacked first, else y; the attacker pops its
        // demand. (Swapped by a mask: which comes first is a coin flip, no
        // branch to guess.)
        let m = 0u64.wrapping_sub(u64::from(y_first));
        let swap = |p: u64, q: u64| {
            let t = (p ^ q) & m;
            (p ^ t, q ^ t)
        };
        let (pa, qa) = swap(ya, xa);
        let (pk, qk) = swap(yk, xk);
        let kind = qk & 3;
        (self.pa[i], self.pk[i], self.qa[i], self.qk[i]) = (pa, pk, qa, qk >> 2);
        (self.pl[i], self.pn[i]) = (length(self.pa[i]), length(self.pk[i]));
        (self.ql[i], self.qn[i]) = (length(self.qa[i]), length(self.qk[i]));
        (self.pt[i], self.qt[i]) = (u64::from(self.pa[i].trailing_zeros()), u64::from(self.qa[i].trailing_zeros()));
        self.lt[i] = n - 1;
        self.pa_is_a[i] = u64::from(y_first);
        self.d[i] = kind + 1;
        self.la[i] = 1 << (n - 1);
        self.lk[i] = kind;
        self.lq[i] = 2;
        self.ln[i] = n;
        self.cards[i] = n;
    }

    /// One step of every lane (see the module docs); returns whether any
    /// lane needs attention. A stopped or idle lane must not be stepped
    /// before it is attended to (its words are then meaningless, and the
    /// step keeps them in range only).
    ///
    /// The plain form of the step, for reading and for the tests: the
    /// searches take the vector steps ([`avx512`], [`avx2`]), which keep
    /// the lengths and first attack cards in fields instead of counting
    /// bits, and give the same games.
    #[cfg(test)]
    #[inline(always)]
    pub(crate) fn step(&mut self) -> bool {
        let mut any = 0;
        for i in 0..LANES {
            let (pa, pk, qa, qk) = (self.pa[i], self.pk[i], self.qa[i], self.qk[i]);
            let (d, la, lk, lq, ln) = (self.d[i], self.la[i], self.lk[i], self.lq[i], self.ln[i]);
            // The payer's first attack card (or its sentinel).
            let k = u64::from((pa | 1 << 63).trailing_zeros());
            let s = pa.wrapping_shr(k as u32);
            let counter = (k < d) & (s > 1);

            // A counter-attack: the payer turns k plain cards and an attack
            // card; the roles swap.
            let kind = pk & 3;
            let c_qa = s >> 1;
            let c_qk = pk >> 2;
            let c_la = la | 1u64.wrapping_shl((ln + k) as u32);
            let c_lk = lk | kind.wrapping_shl(lq as u32);

            // A full payment: the payer turns d plain cards, the other
            // collects and leads.
            let p2 = pa.wrapping_shr(d as u32);
            let short = p2 == 0; // fewer than d cards: the payer loses
            let empty = p2 == 1; // paid with its last card: it loses
            let lenq = 63 - u64::from((qa | 1).leading_zeros());
            let pile_a = la | 1u64.wrapping_shl((ln + d) as u32);
            let qa2 = (qa ^ 1u64.wrapping_shl(lenq as u32)) | pile_a.wrapping_shl(lenq as u32);
            let posq = 63 - u64::from((qk | 1).leading_zeros());
            let pile_k = lk | 1u64.wrapping_shl(lq as u32);
            let qk2 = (qk ^ 1u64.wrapping_shl(posq as u32)) | pile_k.wrapping_shl(posq as u32);
            // The open play: the collector x turns at even steps, the payer
            // y at odd steps; x holds the pile's attack cards, so only y
            // can run out.
            let tx = u64::from((qa2 | 1 << 63).trailing_zeros());
            let ty = u64::from((p2 | 1 << 63).trailing_zeros());
            let (ex, ey) = (2 * tx, 2 * ty + 1);
            let y_first = ey < ex;
            let e = if y_first { ey } else { ex };
            let died = y_first & (p2.wrapping_shr(ty as u32) == 1);
            let n = e + 1;
            let xa = qa2.wrapping_shr(n.div_ceil(2) as u32);
            let ya = p2.wrapping_shr((n / 2) as u32);
            // The attacker pops its demand; the other pays next.
            let f_kind = if y_first { pk & 3 } else { qk2 & 3 };
            let (f_pa, f_pk) = if y_first { (xa, qk2) } else { (ya, pk) };
            let (f_qa, f_qk) = if y_first { (ya, pk >> 2) } else { (xa, qk2 >> 2) };

            // Keep one outcome.
            let c = counter;
            self.pa[i] = if c { qa } else { f_pa };
            self.pk[i] = if c { qk } else { f_pk };
            self.qa[i] = if c { c_qa } else { f_qa };
            self.qk[i] = if c { c_qk } else { f_qk };
            self.d[i] = (if c { kind } else { f_kind }) + 1;
            self.la[i] = if c { c_la } else { 1u64.wrapping_shl((n - 1) as u32) };
            self.lk[i] = if c { c_lk } else { f_kind };
            self.lq[i] = if c { lq + 2 } else { 2 };
            self.ln[i] = if c { ln + k + 1 } else { n };
            // Cards turned: k + 1 on a counter-attack; d and the open play
            // after a payment, except at a game over: the payer's last
            // cards when it could not pay in full, d when it emptied its
            // hand paying, and the open play without an attack card when
            // the payer ran out in it.
            let len_p = 63 - u64::from((pa | 1).leading_zeros());
            let death = !c & (short | empty | died);
            let fin_cards = if short {
                len_p
            } else if empty {
                d
            } else if died {
                d + e
            } else {
                d + n
            };
            self.cards[i] += if c { k + 1 } else { fin_cards };
            // The game's final collection is one more trick when the payer
            // ran out in the open play.
            self.tricks[i] += u64::from(!c) + u64::from(death & died & !short & !empty);
            // The payer is A after a counter-attack when the other was; after
            // a payment when the collector attacked first and the payer
            // stays, or the payer attacked first and the collector pays.
            let flip = c | y_first;
            let pa_is_a = self.pa_is_a[i];
            // At a game over, `pa_is_a` keeps naming the old payer, whose
            // other (the collector) won.
            self.pa_is_a[i] = if flip & !death { pa_is_a ^ 1 } else { pa_is_a };
            self.over[i] = u64::from(death);
            let stop = u64::from(death) | u64::from(self.tricks[i] >= TRICK_LIMIT);
            self.stop[i] = stop;
            any |= stop;
        }
        any != 0
    }

    /// Attends to lane `i` after a step that stopped it: its result if its
    /// game is over, or if it reached [`TRICK_LIMIT`] (then played by the
    /// one-at-a-time engine, which detects loops). The lane is idle after.
    pub(crate) fn report(&mut self, i: usize) -> (u64, PackedDeal, PlayResult) {
        let deal = self.deal[i];
        let result = if self.over[i] == 1 {
            PlayResult::Finished {
                winner: if self.pa_is_a[i] == 1 { Player::B } else { Player::A },
                cards: self.cards[i],
                tricks: self.tricks[i],
            }
        } else {
            deal.play(EndRule::Standard)
        };
        self.idle[i] = true;
        self.stop[i] = 0;
        (self.index[i], deal, result)
    }

    /// Bit `i` set when lane `i` is stopped.
    #[inline(always)]
    pub(crate) fn stopped_mask(&self) -> u32 {
        self.stop.iter().enumerate().fold(0, |m, (i, &s)| m | u32::from(s != 0) << i)
    }

    pub(crate) fn stopped(&self, i: usize) -> bool {
        self.stop[i] != 0
    }

    /// The index and deal of lane `i`'s game, unless it is idle.
    pub(crate) fn deal(&self, i: usize) -> Option<(u64, PackedDeal)> {
        (!self.idle[i]).then_some((self.index[i], self.deal[i]))
    }
}
