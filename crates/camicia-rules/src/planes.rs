//! The wide engine: each hand as three bit planes, for deals of at most
//! [`MAX_CARDS`](crate::MAX_CARDS) cards with any number of attack cards (only analysis
//! deals hold more than the fast engine's 31).

use crate::loops::{Engine, Position2};

/// A hand (or the pile) as bit planes: bit `i` describes the `i`-th card
/// from the top. `att` marks attack cards; `d0` and `d1` are the bits of
/// `demand − 1` of attack cards (zero for plain cards). At most
/// [`MAX_CARDS`](crate::MAX_CARDS) (52) cards, so every shift below stays under 64.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) struct Planes {
    pub(crate) att: u64,
    pub(crate) d0: u64,
    pub(crate) d1: u64,
    pub(crate) len: u32,
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
    pub(crate) fn from_kinds(kinds: &[u8]) -> Planes {
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
pub(crate) struct Board {
    hands: [Planes; 2],
    leader: usize,
    cards: u64,
    tricks: u64,
}

impl Board {
    pub(crate) fn new(a: &[u8], b: &[u8]) -> Board {
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

impl Engine for Board {
    type Position = Position2<Planes>;

    #[inline(always)]
    fn is_at(&self, p: &Position2<Planes>) -> bool {
        self.position() == *p
    }

    #[inline(always)]
    fn same_position(&self, other: &Self) -> bool {
        self.position() == other.position()
    }
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
