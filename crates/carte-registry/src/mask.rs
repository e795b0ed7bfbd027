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

#[cfg(test)]
mod tests {
    use super::nth_legal;

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
