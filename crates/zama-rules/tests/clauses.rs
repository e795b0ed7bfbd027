//! Tests of clauses of docs/rules/zama.md written from the clause text: the
//! two-player clauses no other test checked, and every four-player clause.

mod common;

use carte_core::{FRENCH_52, Game, HiddenInfo, Seat, deal_rng, shuffle};
use common::*;
use zama_rules::{
    CellSet, Config, DrawReason, Ending, IllegalMove, Move, Phase, Player, Setup, Square, Zama, ZamaCard,
};

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
                let color = if (file as usize - 'a' as usize + rank - 1).is_multiple_of(2) {
                    Player::Red
                } else {
                    Player::Blue
                };
                let deck = if color == Player::Red { &red } else { &blue };
                let i = &mut next[usize::from(color == Player::Blue)];
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
    s.known[Player::Red].insert(sq("j2"));
    let mut g = Zama::from_setup(&s).unwrap();
    play(&mut g, &["c4xd4"]);
    assert_eq!(g.phase(), Phase::Peek { peeked: None });
    assert!(legal(&g).contains(&"peek j2".to_string()), "{:?}", legal(&g));
    play(&mut g, &["peek j2"]);
    assert!(g.knows(Player::Red, sq("j2")));
    // The second peek may be a card nobody knows.
    assert!(g.is_legal("peek k5".parse::<Move>().unwrap()));
    // A face-up K♠ (revealed in an earlier battle) may not be peeked.
    let mut s = setup(&[("c4", "r7c"), ("d4", "b7h")]);
    for color in [Player::Red, Player::Blue] {
        s.known[color].insert(sq("a8"));
    }
    s.face_up.insert(sq("a8"));
    let mut g = Zama::from_setup(&s).unwrap();
    play(&mut g, &["c4xd4"]);
    let mv: Move = "peek a8".parse().unwrap();
    assert_eq!(g.clone().apply(mv), Err(IllegalMove::FaceUp { mv, cell: sq("a8") }));
}

// ---- Zama for four players ------------------------------------------------

const SEATS: [Player; 4] = [Player::Red, Player::Blue, Player::Green, Player::Yellow];

fn four() -> Config {
    Config::default().with_players(4)
}

/// A four-player setup with these cards (cell, card) for the seats in
/// `seats` (any other seat has no card: it is out). The K♠ and K♥ of each
/// seat in, when not given, are parked on rank 16 or 14, apart from
/// everything else.
fn setup4(seats: &[Player], cards: &[(&str, &str)]) -> Setup {
    let mut s = Setup::empty(four());
    for (cell, card) in cards {
        s.place(sq(cell), zc(card));
    }
    let parking = [("a16", "c16"), ("e16", "g16"), ("i16", "k16"), ("m16", "a14")];
    for &c in seats {
        let (ks, kh) = parking[c.index()];
        for (cell, king) in [(ks, ZamaCard::king_of_spades(c)), (kh, ZamaCard::king_of_hearts(c))] {
            if !s.board.contains(&Some(king)) {
                assert!(s.board[sq(cell).index()].is_none(), "parking cell {cell} is taken");
                s.place(sq(cell), king);
            }
        }
    }
    s
}

fn game4(seats: &[Player], cards: &[(&str, &str)]) -> Zama {
    Zama::from_setup(&setup4(seats, cards)).unwrap()
}

/// Rule Z50: four seats, Red, Blue, Green and Yellow, each with a whole
/// deck (208 cards); only two or four players.
#[test]
fn four_players_have_four_whole_decks() {
    let g = Zama::new(&four(), 7).unwrap();
    assert_eq!(g.seats(), SEATS);
    for (i, c) in SEATS.into_iter().enumerate() {
        assert_eq!(Seat::from(c), Seat::new(i as u8));
        let mut cards: Vec<ZamaCard> = g.cells_of(c).iter().map(|s| g.card_at(s).unwrap()).collect();
        cards.sort();
        assert_eq!(cards, ZamaCard::deck(c).collect::<Vec<_>>(), "{c}");
    }
    let all: std::collections::BTreeSet<ZamaCard> = g.squares().filter_map(|s| g.card_at(s)).collect();
    assert_eq!(all.len(), 208);
    for players in [0, 1, 3, 5, 8] {
        assert!(Zama::new(&Config::default().with_players(players), 1).is_err(), "{players} players");
    }
}

/// Rule Z51: turns go Red, Blue, Green, Yellow, skipping seats that are out.
#[test]
fn four_player_turns_go_in_seat_order_skipping_seats_out() {
    // Each seat's attack loses at once: the turn passes.
    let cards = [
        ("c4", "r3c"),
        ("d4", "b9h"),
        ("c9", "b3c"),
        ("d9", "g9h"),
        ("g6", "g3c"),
        ("h6", "y9h"),
        ("j11", "y3c"),
        ("k11", "r9h"),
    ];
    let mut g = game4(&SEATS, &cards);
    let mut order = vec![g.to_move()];
    for mv in ["c4xd4", "c9xd9", "g6xh6", "j11xk11"] {
        play(&mut g, &[mv]);
        order.push(g.to_move());
    }
    assert_eq!(order, [Player::Red, Player::Blue, Player::Green, Player::Yellow, Player::Red]);
    // Green is out: Blue's turn is followed by Yellow's.
    let mut g = game4(
        &[Player::Red, Player::Blue, Player::Yellow],
        &[("c4", "r3c"), ("d4", "b9h"), ("c9", "b3c"), ("d9", "y9h")],
    );
    play(&mut g, &["c4xd4", "c9xd9"]);
    assert_eq!(g.to_move(), Player::Yellow);
}

/// Rule Z52: 13 files by 16 ranks, `a1` to `m16`.
#[test]
fn the_four_player_board_is_13_by_16() {
    let g = Zama::new(&four(), 2).unwrap();
    assert_eq!(g.squares().count(), 208);
    for name in ["a1", "m1", "a16", "m16", "g9"] {
        assert!(g.card_at(sq(name)).is_some(), "{name}");
    }
    for bad in ["a17", "n1", "a0"] {
        assert!(bad.parse::<Square>().is_err(), "{bad}");
    }
    assert_eq!(Zama::new(&Config::default(), 2).unwrap().squares().count(), 104);
}

/// Rules Z53 and Z54: cell (f, r) is seat (f + r) mod 4's at the deal, 52
/// cells each; orthogonal neighbours belong to the seats before and after.
#[test]
fn the_four_player_deal_colours_cells_by_f_plus_r_mod_4() {
    let g = Zama::new(&four(), 3).unwrap();
    for (name, c) in
        [("a1", Player::Red), ("b1", Player::Blue), ("c1", Player::Green), ("d1", Player::Yellow), ("a2", Player::Blue)]
    {
        assert_eq!(g.back_at(sq(name)), Some(c), "{name}");
    }
    for rank in 1..=16usize {
        for (f, file) in ('a'..='m').enumerate() {
            let here = sq(&format!("{file}{rank}"));
            let seat = (f + rank - 1) % 4;
            assert_eq!(g.back_at(here), Some(SEATS[seat]), "{here}");
            let neighbours = [
                (f as i32 - 1, rank as i32),
                (f as i32 + 1, rank as i32),
                (f as i32, rank as i32 - 1),
                (f as i32, rank as i32 + 1),
            ];
            for (nf, nr) in neighbours {
                if !(0..13).contains(&nf) || !(1..=16).contains(&nr) {
                    continue;
                }
                let there = sq(&format!("{}{nr}", (b'a' + nf as u8) as char));
                let other = g.back_at(there).unwrap().index();
                assert!(other == (seat + 1) % 4 || other == (seat + 3) % 4, "{here} next to {there}");
            }
        }
    }
    for c in SEATS {
        assert_eq!(g.cells_of(c).len(), 52);
    }
}

/// Rule Z55: one seeded stream shuffles the four decks in seat order, each
/// laid on its seat's cells in increasing cell order.
#[test]
fn the_four_decks_come_from_one_stream_in_seat_order() {
    for seed in [0u64, 9] {
        let mut rng = deal_rng(seed);
        let decks: Vec<[carte_core::Card; 52]> = SEATS
            .iter()
            .map(|_| {
                let mut d = FRENCH_52;
                shuffle(&mut d, &mut rng);
                d
            })
            .collect();
        let g = Zama::new(&four(), seed).unwrap();
        let mut next = [0usize; 4];
        for rank in 1..=16 {
            for (f, file) in ('a'..='m').enumerate() {
                let seat = (f + rank - 1) % 4;
                let card = ZamaCard::new(SEATS[seat], decks[seat][next[seat]]);
                assert_eq!(g.card_at(sq(&format!("{file}{rank}"))), Some(card), "seed {seed}");
                next[seat] += 1;
            }
        }
    }
}

/// Rule Z56: an attack is an own card on an adjacent card of any other
/// seat still in the game.
#[test]
fn four_player_attacks_go_to_any_other_seat() {
    let g = game4(&SEATS, &[("c4", "r9c"), ("d4", "b5h"), ("b4", "g5h"), ("c5", "y5h"), ("c3", "r5d")]);
    let moves = legal(&g);
    for ok in ["c4xd4", "c4xb4", "c4xc5"] {
        assert!(moves.contains(&ok.to_string()), "{ok}: {moves:?}");
    }
    assert!(!moves.iter().any(|m| m == "c4xc3" || m.starts_with("c3x") || m.starts_with("d4x")));
    let mv: Move = "c4xc3".parse().unwrap();
    assert!(g.clone().apply(mv).is_err(), "not on an own card");
}

/// Rule Z57: strength, the three results, shifts and peeks as with two.
#[test]
fn four_player_battles_follow_the_two_player_table() {
    // Won: the defender goes, the attacker shifts (any seat's card).
    let mut g = game4(&SEATS, &[("c4", "r9c"), ("d4", "g5h"), ("h8", "y2c")]);
    play(&mut g, &["c4xd4"]);
    assert!(g.is_removed(zc("g5h")));
    assert_eq!((g.to_move(), g.phase()), (Player::Red, Phase::Shift { shifted: CellSet::EMPTY }));
    play(&mut g, &["h8-h7", "end"]);
    assert_eq!(g.card_at(sq("h7")), Some(zc("y2c")));
    // Tie: both go, the attacker peeks.
    let mut g = game4(&SEATS, &[("c4", "r7c"), ("c5", "y7h"), ("j2", "b3c")]);
    play(&mut g, &["c4xc5"]);
    assert!(g.is_removed(zc("r7c")) && g.is_removed(zc("y7h")));
    assert_eq!(g.phase(), Phase::Peek { peeked: None });
    // Lost: the attacker goes, the next seat moves.
    let mut g = game4(&SEATS, &[("c4", "r3c"), ("b4", "y9h")]);
    play(&mut g, &["c4xb4"]);
    assert!(g.is_removed(zc("r3c")));
    assert_eq!((g.to_move(), g.phase()), (Player::Blue, Phase::Attack));
    // An Ace beats another seat's K♣.
    let mut g = game4(&SEATS, &[("c4", "rAh"), ("d4", "gKc")]);
    play(&mut g, &["c4xd4"]);
    assert!(g.is_removed(zc("gKc")));
}

/// Rule Z58: the King-clash table between any two seats.
#[test]
fn four_player_king_clashes_follow_the_two_player_table() {
    let clash = |a: &str, d: &str, to_move: Player| {
        let mut s = setup4(&SEATS, &[("c4", a), ("d4", d), ("j2", "b3c")]);
        s.to_move = to_move;
        let mut g = Zama::from_setup(&s).unwrap();
        play(&mut g, &[if zc(a).owner() == to_move { "c4xd4" } else { "d4xc4" }]);
        assert_eq!(g.card_at(sq("c4")), Some(zc(a)), "no card leaves in a clash");
        assert_eq!(g.card_at(sq("d4")), Some(zc(d)), "no card leaves in a clash");
        g
    };
    let shift = Phase::Shift { shifted: CellSet::EMPTY };
    assert_eq!(clash("rKs", "gKc", Player::Red).phase(), shift, "K♠ on K♣ wins the clash");
    assert_eq!(clash("rKs", "yKd", Player::Red).to_move(), Player::Blue, "K♠ on K♦ loses");
    assert_eq!(clash("rKs", "gKs", Player::Red).to_move(), Player::Blue, "K♠ on another seat's K♠ loses");
    let g = clash("rKs", "gKd", Player::Green);
    assert_eq!((g.to_move(), g.phase()), (Player::Green, shift), "K♦ on K♠ wins the clash");
    let g = clash("rKs", "bKh", Player::Blue);
    assert_eq!((g.to_move(), g.ending()), (Player::Green, None), "K♥ on K♠ loses, the game goes on");
    assert_eq!(clash("rKc", "bKd", Player::Red).phase(), Phase::Peek { peeked: None }, "K♣ on K♦ ties");
}

/// Rules Z59, Z60, Z61 and Z68: a K♠ on another seat's K♥ puts that seat
/// out: all its cards leave the board and become public, and the turn ends.
#[test]
fn a_king_of_spades_on_a_king_of_hearts_eliminates_that_seat() {
    let mut g =
        game4(&SEATS, &[("c4", "rKs"), ("d4", "gKh"), ("j9", "g5c"), ("k12", "g2d"), ("f6", "b4c"), ("f7", "y4c")]);
    play(&mut g, &["c4xd4"]);
    assert!(!g.is_in(Player::Green));
    assert!(g.eliminated().contains(Player::Green));
    assert!(g.ending().is_none(), "three seats are left");
    assert!(g.cells_of(Player::Green).is_empty());
    for sq_name in ["d4", "j9", "k12", "i16", "k16"] {
        assert_eq!(g.card_at(sq(sq_name)), None, "{sq_name}");
    }
    for c in ["gKh", "gKs", "g5c", "g2d", "gAc"] {
        assert!(g.is_removed(zc(c)), "{c}");
    }
    assert_eq!((g.to_move(), g.phase()), (Player::Blue, Phase::Attack), "no shifts after an elimination");
    for seat in SEATS {
        let obs = g.observation(seat.seat()).unwrap();
        assert_eq!(obs.removed(Player::Green).len(), 52, "{seat} sees every Green card gone");
    }
}

/// Rules Z62 and Z69: the last seat left wins; it scores +1, every other −1.
#[test]
fn the_last_seat_left_wins() {
    // Green and Yellow are out; Red's K♠ takes Blue's K♥.
    let mut g = game4(&[Player::Red, Player::Blue], &[("c4", "rKs"), ("d4", "bKh")]);
    play(&mut g, &["c4xd4"]);
    assert_eq!(g.ending(), Some(Ending::Win(Player::Red)));
    assert_eq!(g.outcome().unwrap().returns(), &[1.0, -1.0, -1.0, -1.0]);
    assert!(g.legal_move_vec().is_empty());
    // With three seats in, the same attack only eliminates.
    let mut g = game4(&[Player::Red, Player::Blue, Player::Yellow], &[("c4", "rKs"), ("d4", "bKh")]);
    play(&mut g, &["c4xd4"]);
    assert_eq!(g.ending(), None);
}

/// Rules Z63 and Z64: a seat with no attack must pass (and only then); the
/// game is drawn when every seat still in has passed, one after another.
#[test]
fn four_player_passes_draw_when_every_seat_in_has_passed() {
    let mut g = game4(&SEATS, &[("c4", "r7c"), ("c8", "b7c"), ("h4", "g7c"), ("h8", "y7c")]);
    for n in 1..=3 {
        assert_eq!(legal(&g), ["pass"]);
        play(&mut g, &["pass"]);
        assert_eq!(g.ending(), None, "after {n} passes");
    }
    play(&mut g, &["pass"]);
    assert!(matches!(g.ending(), Some(Ending::Draw(_))), "{:?}", g.ending());
    // Three seats in (Green out): three passes.
    let mut g = game4(&[Player::Red, Player::Blue, Player::Yellow], &[("c4", "r7c"), ("c8", "b7c"), ("h8", "y7c")]);
    play(&mut g, &["pass", "pass"]);
    assert_eq!(g.ending(), None);
    play(&mut g, &["pass"]);
    assert!(matches!(g.ending(), Some(Ending::Draw(_))));
    // Two seats in: two passes.
    let mut g = game4(&[Player::Red, Player::Blue], &[("c4", "r7c"), ("c8", "b7c")]);
    play(&mut g, &["pass", "pass"]);
    assert!(matches!(g.ending(), Some(Ending::Draw(_))));
    // Red passes; Blue has an attack, so may not pass, and takes Green's 2;
    // then Green, Yellow and Red pass: three passes in a row, no draw yet.
    let mut g = game4(&SEATS, &[("c4", "r7c"), ("h4", "b9c"), ("i4", "g2c"), ("h8", "y7c")]);
    play(&mut g, &["pass"]);
    assert_eq!(g.to_move(), Player::Blue);
    assert!(g.clone().apply(Move::Pass).is_err(), "Blue has an attack");
    play(&mut g, &["h4xi4", "end", "pass", "pass", "pass"]);
    assert_eq!(g.ending(), None, "the attack restarted the count");
    play(&mut g, &["pass"]);
    assert!(matches!(g.ending(), Some(Ending::Draw(_))));
}

/// Rule Z65: the no-removal limit holds with four players, and an
/// elimination counts as a removal.
#[test]
fn an_elimination_resets_the_no_removal_count() {
    let mut s = setup4(&SEATS, &[("c4", "rKs"), ("d4", "gKh")]);
    s.quiet_plies = 7;
    let mut g = Zama::from_setup(&s).unwrap();
    play(&mut g, &["c4xd4"]);
    assert!(!g.is_in(Player::Green));
    assert_eq!(g.quiet_plies(), 0);
    // A limit of 2: two passes without a removal draw.
    let mut s = setup4(&SEATS, &[("c4", "r7c"), ("c8", "b7c"), ("h4", "g7c"), ("h8", "y7c")]);
    s.config = four().with_no_removal_limit(2);
    let mut g = Zama::from_setup(&s).unwrap();
    play(&mut g, &["pass"]);
    assert_eq!(g.ending(), None);
    play(&mut g, &["pass"]);
    assert_eq!(g.ending(), Some(Ending::Draw(DrawReason::NoRemoval)));
}

/// Rules Z66 and Z67: a battle shows both cards to every seat; a peek shows
/// the card to the peeker only, and every seat sees which cell was peeked.
#[test]
fn four_player_knowledge_battles_to_all_peeks_to_the_peeker() {
    let mut g = game4(&SEATS, &[("c4", "r3c"), ("d4", "b9h")]);
    play(&mut g, &["c4xd4"]);
    for seat in SEATS {
        assert!(g.knows(seat, sq("d4")), "{seat}");
        assert_eq!(g.observation(seat.seat()).unwrap().cell(sq("d4")).unwrap().card, Some("9h".parse().unwrap()));
    }
    let mut g = game4(&SEATS, &[("c4", "r7c"), ("c5", "y7h"), ("j2", "y3c")]);
    play(&mut g, &["c4xc5", "peek j2"]);
    assert!(g.knows(Player::Red, sq("j2")));
    for seat in [Player::Blue, Player::Green, Player::Yellow] {
        assert!(!g.knows(seat, sq("j2")), "{seat}");
        let view = g.observation(seat.seat()).unwrap().cell(sq("j2")).unwrap();
        assert_eq!(view.card, None, "{seat}");
        assert!(view.known_by.contains(Player::Red), "{seat} sees that Red peeked j2");
    }
}

/// Rule Z70: a draw scores 0 for each seat still in and −1 for each seat
/// out.
#[test]
fn a_four_player_draw_scores_minus_one_for_the_seats_out() {
    let mut g = game4(&[Player::Red, Player::Blue, Player::Yellow], &[("c4", "r7c"), ("c8", "b7c"), ("h8", "y7c")]);
    play(&mut g, &["pass", "pass", "pass"]);
    assert!(matches!(g.ending(), Some(Ending::Draw(_))));
    assert_eq!(g.outcome().unwrap().returns(), &[0.0, 0.0, -1.0, 0.0]);
}

/// Rule Z46: the no-removal limit is checked after every ply, in the middle
/// of a shift or peek sequence too.
#[test]
fn the_no_removal_limit_ends_the_game_inside_a_shift_sequence() {
    // Limit 3, one quiet ply already: the clash (K♠ on K♣, nothing
    // removed) is the second, the first shift the third.
    let mut s = setup(&[("c4", "rKs"), ("d4", "bKc"), ("h6", "r4d")]);
    s.config = Config::default().with_no_removal_limit(3);
    s.quiet_plies = 1;
    let mut g = Zama::from_setup(&s).unwrap();
    play(&mut g, &["c4xd4"]);
    assert_eq!((g.quiet_plies(), g.phase()), (2, Phase::Shift { shifted: CellSet::EMPTY }));
    play(&mut g, &["h6-h5"]);
    assert_eq!(g.ending(), Some(Ending::Draw(DrawReason::NoRemoval)), "drawn after the first shift");
    assert!(g.legal_move_vec().is_empty());
}

/// Rule Z47: a win, or a draw by passes, on the ply that reaches the
/// no-removal limit is a win, or a draw by passes.
#[test]
fn a_win_or_a_pass_draw_on_the_last_quiet_ply_takes_precedence() {
    let mut s = setup(&[("c4", "rKs"), ("d4", "bKh")]);
    s.config = Config::default().with_no_removal_limit(5);
    s.quiet_plies = 4;
    let mut g = Zama::from_setup(&s).unwrap();
    play(&mut g, &["c4xd4"]);
    assert_eq!(g.ending(), Some(Ending::Win(Player::Red)));
    let mut s = setup(&[("c4", "r7c"), ("k4", "b7h")]);
    s.config = Config::default().with_no_removal_limit(5);
    s.quiet_plies = 3;
    let mut g = Zama::from_setup(&s).unwrap();
    play(&mut g, &["pass"]);
    assert_eq!(g.ending(), None);
    play(&mut g, &["pass"]);
    assert_eq!(g.ending(), Some(Ending::Draw(DrawReason::TwoPasses)));
}
