//! The conventions every game crate follows (carte-core's `conventions`
//! module), checked across the four games at once.

use carte::core::{Seeded, below, deal_rng};

/// Walks a seeded game and checks, at every state, that each move (legal or
/// chance) reads back from its text in upper case and in lower case, and
/// that its printed form is canonical (it prints what it reads).
fn move_text_reads_in_any_case<G: Seeded>(config: &G::Config, seeds: u64, plies: usize)
where
    G::Move: core::str::FromStr + core::fmt::Display + PartialEq + core::fmt::Debug,
{
    let mut moves = Vec::new();
    let mut chance = Vec::new();
    for seed in 0..seeds {
        let mut game = G::from_seed(config, seed).unwrap();
        let mut rng = deal_rng(seed);
        for _ in 0..plies {
            if game.is_over() {
                break;
            }
            moves.clear();
            chance.clear();
            game.legal_moves(&mut moves);
            game.chance_outcomes(&mut chance);
            moves.extend(chance.iter().map(|&(mv, _)| mv));
            for &mv in &moves {
                let text = mv.to_string();
                for variant in [text.to_uppercase(), text.to_lowercase(), text.clone()] {
                    let read: Result<G::Move, _> = variant.parse();
                    assert!(read.as_ref().is_ok_and(|r| *r == mv), "{variant:?} should read as {mv:?}");
                }
                assert_eq!(text.parse::<G::Move>().ok().map(|m| m.to_string()), Some(text.clone()));
            }
            let mv = moves[below(&mut rng, moves.len() as u32) as usize];
            game.apply(mv).unwrap();
        }
    }
}

#[test]
fn move_text_is_read_in_any_case_in_every_game() {
    move_text_reads_in_any_case::<zama_rules::Zama>(&zama_rules::Config::default(), 3, 60);
    move_text_reads_in_any_case::<zama_rules::Zama>(&zama_rules::Config::default().with_players(4), 2, 60);
    move_text_reads_in_any_case::<zucche_rules::Zucche>(&zucche_rules::Config::default(), 3, 80);
    move_text_reads_in_any_case::<camicia_rules::Camicia>(&camicia_rules::Config::default(), 3, 40);
    move_text_reads_in_any_case::<gonzago_rules::Hand>(&gonzago_rules::Deck::Italian, 3, 40);
}
