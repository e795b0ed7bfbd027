//! Tests of the clauses of docs/rules/zama.md that no other test checks,
//! written from the clause text.

mod common;

use carte_core::{FRENCH_52, Game, deal_rng, shuffle};
use common::*;
use zama_rules::{Color, Config, IllegalMove, Move, Phase, Setup, Square, Zama, ZamaCard};

/// Rule Z5: one seeded stream shuffles Red's deck, then Blue's, each from
/// the standard order, and each deck goes on its colour's cells in
/// increasing cell order `a1, b1, …, m1, a2, …`.
#[test]
fn both_decks_come_from_one_seeded_stream_red_first() {
    for seed in [0u64, 5, 1 << 40] {
        let mut rng = deal_rng(seed);
        let mut red = FRENCH_52;
        let mut blue = FRENCH_52;
        shuffle(&mut red, &mut rng);
        shuffle(&mut blue, &mut rng);
        let setup = Setup::deal(Config::default(), seed);
        // Cells in increasing order: file a..m within rank 1, then rank 2, ...
        let mut next = [0usize; 2];
        for rank in 1..=8 {
            for file in 'a'..='m' {
                let cell: Square = format!("{file}{rank}").parse().unwrap();
                let color =
                    if (file as usize - 'a' as usize + rank - 1).is_multiple_of(2) { Color::Red } else { Color::Blue };
                let deck = if color == Color::Red { &red } else { &blue };
                let i = &mut next[usize::from(color == Color::Blue)];
                assert_eq!(setup.board[cell.index()], Some(ZamaCard::new(color, deck[*i])), "seed {seed}, {cell}");
                *i += 1;
            }
        }
        assert_eq!(next, [52, 52]);
        assert_eq!(Zama::from_setup(&setup).unwrap(), Zama::from_setup(&Setup::deal(Config::default(), seed)).unwrap());
    }
}

/// Rule Z25: any face-down card may be peeked, even one the peeker already
/// knows; a face-up card may not.
#[test]
fn a_known_face_down_card_may_be_peeked() {
    let mut s = setup(&[("c4", "r7c"), ("d4", "b7h"), ("j2", "b3c"), ("k5", "r8d")]);
    s.known[Color::Red].insert(sq("j2"));
    let mut g = Zama::from_setup(&s).unwrap();
    play(&mut g, &["c4xd4"]);
    assert_eq!(g.phase(), Phase::Peek { peeked: None });
    assert!(legal(&g).contains(&"peek j2".to_string()), "{:?}", legal(&g));
    play(&mut g, &["peek j2"]);
    assert!(g.knows(Color::Red, sq("j2")));
    // The second peek may be a card nobody knows.
    assert!(g.is_legal("peek k5".parse::<Move>().unwrap()));
    // A face-up K♠ (revealed in an earlier battle) may not be peeked.
    let mut s = setup(&[("c4", "r7c"), ("d4", "b7h")]);
    for color in [Color::Red, Color::Blue] {
        s.known[color].insert(sq("a8"));
    }
    s.face_up.insert(sq("a8"));
    let mut g = Zama::from_setup(&s).unwrap();
    play(&mut g, &["c4xd4"]);
    let mv: Move = "peek a8".parse().unwrap();
    assert_eq!(g.clone().apply(mv), Err(IllegalMove::FaceUp { mv, cell: sq("a8") }));
}
