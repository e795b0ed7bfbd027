//! Inputs that the fuzzing strategies found, kept as regression tests.

use camicia_rules::{Camicia, Deal, Preset, SetupError};

/// `Camicia::from_setup` computed `2 * tricks` for the fewest cards the
/// tricks need and overflowed (a panic in debug builds, a wrapped check in
/// release) on a loaded trick count above 2^63. It is refused now.
#[test]
fn a_huge_trick_count_is_refused_not_overflowed() {
    let deal = Deal::parse(Preset::Camicia, "0102/0300").unwrap();
    let mut game = Camicia::from_deal(&deal, Default::default()).unwrap();
    game.turn().unwrap();
    let mut setup = game.to_setup();
    assert_eq!(setup.cards, 1);
    for tricks in [15_504_099_016_132_900_687, u64::MAX, 1 << 63] {
        setup.tricks = tricks;
        assert_eq!(
            Camicia::from_setup(&setup),
            Err(SetupError::TooManyTricks { tricks, collected: 0 }),
            "{tricks} tricks"
        );
    }
}
