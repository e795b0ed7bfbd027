//! Reading a legal-action mask: the `k`-th legal action, for a uniform
//! random pick among the legal actions without listing them.

/// The `k`-th set entry of `mask` (counted from 0), `None` if fewer than
/// `k + 1` are set: with `n` from
/// [`GameHandle::legal_action_mask`](crate::GameHandle::legal_action_mask)
/// and `k` uniform in `0..n`, a uniform legal action.
///
/// Blocks of 64 entries are counted by a sum the compiler vectorizes, then
/// words of 8 entries (a `bool` is one byte, 0 or 1, so a word's byte sum
/// counts its set entries), then the bytes of one word.
///
/// ```
/// let game = carte_registry::load_game("zama")?;
/// let mut state = game.new_state(1);
/// let mut mask = vec![false; state.num_actions()];
/// let n = state.legal_action_mask(&mut mask)?;
/// let last = carte_registry::nth_legal(&mask, n - 1).unwrap();
/// assert_eq!(Some(&last), state.legal_actions().last());
/// assert_eq!(carte_registry::nth_legal(&mask, n), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[inline]
pub fn nth_legal(mask: &[bool], mut k: usize) -> Option<usize> {
    let mut base = 0;
    for block in mask.chunks(64) {
        let n = usize::from(block.iter().fold(0u8, |n, &b| n + u8::from(b)));
        if k >= n {
            k -= n;
            base += block.len();
            continue;
        }
        let mut words = block.chunks_exact(8);
        for chunk in words.by_ref() {
            let mut word = u64::from_le_bytes(core::array::from_fn(|i| u8::from(chunk[i])));
            // The sum of the eight bytes, each 0 or 1, in the top byte.
            let n = (word.wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize;
            if k < n {
                for _ in 0..k {
                    word &= word - 1;
                }
                return Some(base + (word.trailing_zeros() / 8) as usize);
            }
            k -= n;
            base += 8;
        }
        for (i, &b) in words.remainder().iter().enumerate() {
            if b {
                if k == 0 {
                    return Some(base + i);
                }
                k -= 1;
            }
        }
    }
    None
}

/// The `k`-th set bit of `bits` (counted from 0; bit `i % 64` of word
/// `i / 64` is action `i`), `None` if fewer than `k + 1` are set: with `n`
/// from [`GameHandle::legal_action_bits`](crate::GameHandle::legal_action_bits)
/// and `k` uniform in `0..n`, a uniform legal action, the same one
/// [`nth_legal`] gives on the `bool` mask.
///
/// Word by word: a word's set bits are counted by bytes (a sum the
/// multiplication by `0x0101…` turns into running counts), then the byte
/// that holds bit `k` is found among the running counts by one subtraction,
/// and the bit within it by a table. No branch but two a word (an empty
/// word; `k` at 0, the lowest set bit), and none on the position within a
/// word.
///
/// ```
/// let game = carte_registry::load_game("zama")?;
/// let mut state = game.new_state(1);
/// let mut bits = vec![0; state.num_actions().div_ceil(64)];
/// let n = state.legal_action_bits(&mut bits)?;
/// let last = carte_registry::nth_legal_bit(&bits, n - 1).unwrap();
/// assert_eq!(Some(&last), state.legal_actions().last());
/// assert_eq!(carte_registry::nth_legal_bit(&bits, n), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[inline]
pub fn nth_legal_bit(bits: &[u64], k: usize) -> Option<usize> {
    let mut k = u64::try_from(k).ok()?;
    for (i, &w) in bits.iter().enumerate() {
        if w == 0 {
            continue;
        }
        if k == 0 {
            // The first set bit: one count of trailing zeros (a game with
            // a single legal action, as Camicia's, always lands here).
            return Some(64 * i + w.trailing_zeros() as usize);
        }
        let running = running_byte_counts(w);
        let n = running >> 56;
        if k < n {
            return Some(64 * i + select(w, running, k) as usize);
        }
        k -= n;
    }
    None
}

const ONES: u64 = 0x0101_0101_0101_0101;

/// Byte `j` of the result: the set bits of `w` in its bytes `0..=j`.
#[inline(always)]
fn running_byte_counts(w: u64) -> u64 {
    let pairs = w - ((w >> 1) & 0x5555_5555_5555_5555);
    let nibbles = (pairs & 0x3333_3333_3333_3333) + ((pairs >> 2) & 0x3333_3333_3333_3333);
    let bytes = (nibbles + (nibbles >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    bytes.wrapping_mul(ONES)
}

/// The position of set bit `k` of `w` (`k` below its count), from the
/// running byte counts of `w`.
#[inline(always)]
fn select(w: u64, running: u64, k: u64) -> u32 {
    // Bytes whose running count is at most `k` have the high bit of
    // `0x80 + k - count` set (every count is at most 64: no borrow).
    let at_most = ((k * ONES) | 0x8080_8080_8080_8080).wrapping_sub(running) & 0x8080_8080_8080_8080;
    // Those are the bytes below the one that holds bit `k`.
    let byte = ((at_most >> 7).wrapping_mul(ONES) >> 56) as u32;
    let before = (running << 8) >> (8 * byte) & 0xFF;
    let within = (w >> (8 * byte)) & 0xFF;
    8 * byte + u32::from(SELECT_IN_BYTE[(k - before) as usize & 7][within as usize])
}

/// `SELECT_IN_BYTE[r][b]`: the position of set bit `r` of byte `b` (0
/// where `b` has fewer bits).
static SELECT_IN_BYTE: [[u8; 256]; 8] = {
    let mut t = [[0u8; 256]; 8];
    let mut b = 0;
    while b < 256 {
        let (mut r, mut i) = (0, 0);
        while i < 8 {
            if b >> i & 1 == 1 {
                t[r][b] = i as u8;
                r += 1;
            }
            i += 1;
        }
        b += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::{nth_legal, nth_legal_bit};

    #[test]
    fn every_set_bit_in_order_and_none_beyond() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for words in [0, 1, 2, 15, 30] {
            for density in 0..4 {
                let bits: Vec<u64> = (0..words)
                    .map(|_| {
                        let mut draw = || {
                            state ^= state << 13;
                            state ^= state >> 7;
                            state ^= state << 17;
                            state
                        };
                        let (a, b) = (draw(), draw());
                        [a & b, a, a | b, !0][density]
                    })
                    .collect();
                let set: Vec<usize> = (0..64 * words).filter(|&i| bits[i / 64] >> (i % 64) & 1 == 1).collect();
                for (k, &i) in set.iter().enumerate() {
                    assert_eq!(nth_legal_bit(&bits, k), Some(i), "words {words} k {k}");
                }
                assert_eq!(nth_legal_bit(&bits, set.len()), None);
                assert_eq!(nth_legal_bit(&bits, usize::MAX), None);
                let mask: Vec<bool> = (0..64 * words).map(|i| bits[i / 64] >> (i % 64) & 1 == 1).collect();
                assert!((0..=set.len()).all(|k| nth_legal(&mask, k) == nth_legal_bit(&bits, k)));
            }
        }
    }

    #[test]
    fn every_set_entry_in_order_and_none_beyond() {
        for len in [0, 1, 7, 8, 9, 63, 64, 65, 130, 938] {
            let mask: Vec<bool> = (0..len).map(|i| (i * 7 + i / 3) % 5 < 2).collect();
            let set: Vec<usize> = (0..len).filter(|&i| mask[i]).collect();
            for (k, &i) in set.iter().enumerate() {
                assert_eq!(nth_legal(&mask, k), Some(i), "len {len} k {k}");
            }
            assert_eq!(nth_legal(&mask, set.len()), None, "len {len}");
        }
    }
}
