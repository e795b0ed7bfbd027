//! Seat tokens at rest: the store keeps the SHA-256 digest of each
//! token, never the token, so that a copy of the database (a backup, a
//! stolen file) lets nobody act for a seat. A token is 256 random bits,
//! so one unsalted hash is enough: there is nothing to guess.
//!
//! A stored digest reads `sha256:` and 64 hex digits. A database written
//! before digests holds the tokens themselves; [`crate::store`] replaces
//! them by their digests when it opens the file.

use sha2::{Digest, Sha256};

/// What starts a stored digest.
pub(crate) const PREFIX: &str = "sha256:";

/// The SHA-256 digest of a token.
pub(crate) fn digest(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

/// A token's digest as stored: `sha256:` and 64 hex digits.
pub(crate) fn stored(token: &str) -> String {
    let mut out = String::with_capacity(PREFIX.len() + 64);
    out.push_str(PREFIX);
    push_hex(&mut out, &digest(token));
    out
}

/// `bytes` in lower-case hex, two digits a byte: how tokens, table ids
/// and digests are written.
pub(crate) fn hex(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(2 * bytes.len());
    push_hex(&mut out, bytes);
    out
}

fn push_hex(out: &mut String, bytes: &[u8]) {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    for &b in bytes {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 15)]));
    }
}

/// The digest a stored value holds; `None` for one that is not `sha256:`
/// and 64 hex digits.
pub(crate) fn parse(stored: &str) -> Option<[u8; 32]> {
    let hex = stored.strip_prefix(PREFIX)?.as_bytes();
    if hex.len() != 64 {
        return None;
    }
    let mut out = [0u8; 32];
    for (byte, pair) in out.iter_mut().zip(hex.chunks_exact(2)) {
        let nibble = |c: u8| char::from(c).to_digit(16);
        *byte = u8::try_from(nibble(pair[0])? * 16 + nibble(pair[1])?).ok()?;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// FIPS 180-2, appendix B.1: SHA-256 of "abc".
    #[test]
    fn the_digest_is_sha_256() {
        assert_eq!(stored("abc"), "sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }

    #[test]
    fn hex_is_two_lower_case_digits_a_byte() {
        assert_eq!(hex(&[]), "");
        assert_eq!(hex(&[0x00, 0x0f, 0xa5, 0xff]), "000fa5ff");
    }

    #[test]
    fn a_stored_digest_reads_back_and_nothing_else_does() {
        let token = "0f".repeat(32);
        assert_eq!(parse(&stored(&token)), Some(digest(&token)));
        assert_ne!(digest(&token), digest(&"0e".repeat(32)));
        for bad in [token.as_str(), "sha256:", "sha256:zz", &stored(&token)[..70], &format!("{}0", stored(&token))] {
            assert_eq!(parse(bad), None, "{bad:?}");
        }
        let upper = stored(&token).to_uppercase().replacen("SHA256", "sha256", 1);
        assert_eq!(parse(&upper), Some(digest(&token)), "hex in either case");
    }
}
