//! One test per ruling of "Zama for four players" (rules Z50 to Z70),
//! written from the rules text on hand-built positions, plus the notation,
//! diagrams, serde and typed errors of the four-player game and a golden
//! seeded game.

use carte_core::{FRENCH_52, Game, HiddenInfo, Seat, deal_rng, shuffle};
use zama_rules::{
    Battle, CellSet, Config, ConfigError, DrawReason, Ending, IllegalMove, Move, Phase, Player, Setup, SetupError,
    Square, Zama, ZamaCard, describe_outcome,
};

use Player::{Blue, Green, Red, Yellow};

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn zc(s: &str) -> ZamaCard {
    s.parse().unwrap()
}

fn four() -> Config {
    Config::default().with_players(4)
}

/// A four-player setup with these cards, Red to attack. The K♠ and K♥ of
/// every seat not in `out` that the list does not place are parked on rank
/// 16 (and `a14`), two cells apart, far from everything else.
fn setup4(cards: &[(&str, &str)], out: &[Player]) -> Setup {
    let mut s = Setup::empty(four());
    for (cell, card) in cards {
        s.place(sq(cell), zc(card));
    }
    let parking = ["a16", "c16", "e16", "g16", "i16", "k16", "m16", "a14"];
    let kings = ["rKs", "rKh", "bKs", "bKh", "gKs", "gKh", "yKs", "yKh"];
    for (cell, king) in parking.iter().zip(kings) {
        let k = zc(king);
        if out.contains(&k.owner()) || s.board.contains(&Some(k)) {
            continue;
        }
        assert!(s.board[sq(cell).index()].is_none(), "parking cell {cell} is taken");
        s.place(sq(cell), k);
    }
    s
}

fn game4(cards: &[(&str, &str)], out: &[Player], to_move: Player) -> Zama {
    let mut s = setup4(cards, out);
    s.to_move = to_move;
    Zama::from_setup(&s).unwrap()
}

fn play(g: &mut Zama, moves: &[&str]) {
    for m in moves {
        if let Err(e) = g.apply_notation(m) {
            panic!("{m}: {e}\n{g}");
        }
    }
}

fn legal(g: &Zama) -> Vec<String> {
    g.legal_move_vec().iter().map(|m| m.to_string()).collect()
}

// ---- Seats, board and deal -------------------------------------------------

/// Rule Z50: four seats Red, Blue, Green, Yellow with a deck each (208
/// distinct cards); two or four players, any other number refused.
#[test]
fn four_seats_with_a_deck_each_and_only_two_or_four_players() {
    let g = Zama::new(&four(), 1).unwrap();
    assert_eq!(g.num_seats(), 4);
    assert_eq!(g.seats(), [Red, Blue, Green, Yellow]);
    let mut cards: Vec<ZamaCard> = g.squares().filter_map(|s| g.card_at(s)).collect();
    cards.sort();
    cards.dedup();
    assert_eq!(cards.len(), 208);
    for c in Player::ALL {
        assert_eq!(cards.iter().filter(|k| k.owner() == c).count(), 52);
        assert_eq!(Player::from_letter(c.letter()), Some(c));
    }
    for bad in [0, 1, 3, 5] {
        let config = four().with_players(bad);
        assert_eq!(config.validate(), Err(ConfigError::Players { players: bad }));
        assert_eq!(Zama::new(&config, 1), Err(ConfigError::Players { players: bad }));
    }
    assert_eq!(
        ConfigError::Players { players: 3 }.to_string(),
        "bad configuration: Zama is played by 2 or 4 players, not 3"
    );
    // A config saved before the field existed loads as a two-player one.
    let old: Config = serde_json::from_str(r#"{"no_removal_limit": 150}"#).unwrap();
    assert_eq!(old, Config::default().with_no_removal_limit(150));
    assert_eq!(old.players, 2);
    let three: Config = serde_json::from_str(r#"{"no_removal_limit": 150, "players": 3}"#).unwrap();
    assert!(Zama::from_setup(&Setup::empty(three)).is_err());
}

/// Rule Z51: turns go in seat order, skipping eliminated seats.
#[test]
fn turns_go_in_seat_order_skipping_eliminated_seats() {
    // All four in: Red, Blue, Green, Yellow, Red.
    let mut g =
        game4(&[("c4", "r3c"), ("d4", "b9h"), ("c6", "g3c"), ("d6", "y9h"), ("f2", "b3d"), ("g2", "r9d")], &[], Red);
    let mut order = vec![g.to_move()];
    for mv in ["c4xd4", "f2xg2", "c6xd6"] {
        play(&mut g, &[mv]); // each attacker loses: the turn ends
        order.push(g.to_move());
    }
    assert_eq!(order, [Red, Blue, Green, Yellow]);
    // Blue is out: Red is followed by Green.
    let mut g = game4(&[("c4", "r3c"), ("d4", "g9h"), ("c6", "y3c"), ("d6", "r9h")], &[Blue], Red);
    assert!(!g.is_in(Blue));
    play(&mut g, &["c4xd4"]);
    assert_eq!(g.to_move(), Green);
    play(&mut g, &["pass"]);
    assert_eq!(g.to_move(), Yellow);
    play(&mut g, &["c6xd6"]);
    assert_eq!(g.to_move(), Red);
}

/// Rule Z52: 13 files and 16 ranks, cells `a1` to `m16`; a cell past the
/// board is a typed error, and leaves the state as it was.
#[test]
fn the_board_has_16_ranks_of_13_files() {
    let g = Zama::new(&four(), 2).unwrap();
    assert_eq!(g.squares().count(), 208);
    assert_eq!(g.ranks(), 16);
    assert_eq!(g.squares().last(), Some(sq("m16")));
    for name in ["a1", "m1", "a9", "m16", "g12"] {
        assert_eq!(sq(name).to_string(), name);
        assert!(g.card_at(sq(name)).is_some());
    }
    for bad in ["a17", "n1", "m0", "a100"] {
        assert!(bad.parse::<Square>().is_err(), "{bad}");
        assert!(format!("{bad}xa1").parse::<Move>().is_err(), "{bad}");
    }
    // The two-player board stops at rank 8.
    let mut two = Zama::new(&Config::default(), 2).unwrap();
    let before = two.clone();
    let mv: Move = "a8xa9".parse().unwrap();
    assert_eq!(two.apply(mv), Err(IllegalMove::OffBoard { mv, cell: sq("a9") }));
    assert_eq!(two, before);
    assert_eq!(two.card_at(sq("a9")), None);
}

/// Rule Z53: at the deal cell (f, r) holds a card of seat (f + r) mod 4,
/// 52 cells each.
#[test]
fn the_deal_gives_cell_f_r_to_seat_f_plus_r_mod_4() {
    let g = Zama::new(&four(), 3).unwrap();
    for cell in g.squares() {
        let seat = Player::ALL[usize::from(cell.file() + cell.rank()) % 4];
        assert_eq!(g.back_at(cell), Some(seat), "{cell}");
        assert_eq!(cell.deal_seat(4), seat);
    }
    for (cell, seat) in [("a1", Red), ("b1", Blue), ("c1", Green), ("d1", Yellow), ("a2", Blue)] {
        assert_eq!(g.back_at(sq(cell)), Some(seat));
    }
    for c in Player::ALL {
        assert_eq!(g.cells_of(c).len(), 52);
    }
}

/// Rule Z54: at the deal every orthogonal neighbour of a card belongs to
/// the seat just before or after its owner, never to the owner or the
/// seat across the table.
#[test]
fn neighbours_at_the_deal_are_the_seats_before_and_after() {
    let g = Zama::new(&four(), 4).unwrap();
    for a in g.squares() {
        let mine = g.back_at(a).unwrap().index();
        for b in a.neighbours_on(4) {
            let theirs = g.back_at(b).unwrap().index();
            assert!(theirs == (mine + 1) % 4 || theirs == (mine + 3) % 4, "{a} {b}");
        }
    }
}

/// Rule Z55: one `deal_rng(seed)` stream shuffles the decks in seat order;
/// each deck is laid on its seat's cells in increasing cell order.
#[test]
fn the_deal_shuffles_the_decks_in_seat_order_from_one_stream() {
    for seed in [0u64, 7, 12345] {
        let mut rng = deal_rng(seed);
        let decks: Vec<Vec<ZamaCard>> = Player::ALL
            .iter()
            .map(|&c| {
                let mut deck = FRENCH_52;
                shuffle(&mut deck, &mut rng);
                deck.iter().map(|&card| ZamaCard::new(c, card)).collect()
            })
            .collect();
        let g = Zama::new(&four(), seed).unwrap();
        for c in Player::ALL {
            let laid: Vec<ZamaCard> = g.cells_of(c).iter().map(|s| g.card_at(s).unwrap()).collect();
            assert_eq!(laid, decks[c.index()], "{c}'s deck, seed {seed}");
        }
        assert_eq!(Zama::from_setup(&Setup::deal(four(), seed)).unwrap(), g);
    }
}

// ---- Attacks, strength, clashes ---------------------------------------------

/// Rule Z56: an own card attacks an adjacent card of any other seat still
/// in the game; an attack on one's own card is refused.
#[test]
fn attacks_go_against_any_other_seat() {
    let g = game4(&[("c4", "r9c"), ("d4", "g5h"), ("c5", "y2c"), ("b4", "b7d"), ("c3", "r4d")], &[], Red);
    let moves = legal(&g);
    for mv in ["c4xd4", "c4xc5", "b4xc4"] {
        let expected = mv != "b4xc4";
        assert_eq!(moves.contains(&mv.to_string()), expected, "{mv}: {moves:?}");
    }
    assert!(moves.contains(&"c4xb4".to_string()));
    let mv: Move = "c4xc3".parse().unwrap();
    let mut h = g.clone();
    assert_eq!(h.apply(mv), Err(IllegalMove::NotEnemyCard { mv, cell: sq("c3") }));
    assert_eq!(h, g);
    let mv: Move = "d4xc4".parse().unwrap();
    assert_eq!(h.apply(mv), Err(IllegalMove::NotOwnCard { mv, cell: sq("d4"), color: Red }));
    // Green and Yellow attack each other too.
    let g = game4(&[("c4", "g9c"), ("d4", "y5h")], &[], Green);
    assert_eq!(legal(&g), ["c4xd4"]);
}

/// Rule Z57: strength, the three results, shifts and peeks are those of
/// the two-player game.
#[test]
fn strength_results_shifts_and_peeks_are_unchanged() {
    let mut g = game4(&[("c4", "g9c"), ("d4", "y5h"), ("h2", "r2c")], &[], Green);
    play(&mut g, &["c4xd4"]);
    assert!(g.is_removed(zc("y5h")));
    assert_eq!((g.to_move(), g.phase()), (Green, Phase::Shift { shifted: CellSet::EMPTY }));
    play(&mut g, &["h2-h3", "c4-d4", "e16-f16"]);
    assert_eq!((g.to_move(), g.phase()), (Yellow, Phase::Attack), "three shifts end the turn");
    // A tie removes both and gives the peeks.
    let mut g = game4(&[("c4", "b7c"), ("d4", "g7h"), ("h2", "y2c")], &[], Blue);
    play(&mut g, &["c4xd4"]);
    assert!(g.is_removed(zc("b7c")) && g.is_removed(zc("g7h")));
    assert_eq!(g.phase(), Phase::Peek { peeked: None });
    // The Ace exception holds between any two seats.
    let mut g = game4(&[("c4", "yAc"), ("d4", "rKd")], &[], Yellow);
    play(&mut g, &["c4xd4"]);
    assert!(g.is_removed(zc("rKd")));
}

/// Rule Z58: the King-clash table holds between cards of any two seats;
/// "the enemy K♠" is any other seat's.
#[test]
fn king_clashes_between_any_two_seats() {
    let clash = |a: &str, d: &str, mover: Player| {
        let mut g = game4(&[("c4", a), ("d4", d), ("j2", "b3c")], &[], mover);
        play(&mut g, &["c4xd4"]);
        assert_eq!(g.card_at(sq("c4")), Some(zc(a)), "no card leaves in a King clash");
        assert_eq!(g.card_at(sq("d4")), Some(zc(d)));
        g
    };
    let g = clash("gKs", "yKc", Green);
    assert_eq!((g.to_move(), g.phase()), (Green, Phase::Shift { shifted: CellSet::EMPTY }));
    let g = clash("yKs", "rKs", Yellow);
    assert_eq!((g.to_move(), g.phase()), (Red, Phase::Attack), "K♠ on another seat's K♠ loses");
    let g = clash("bKd", "gKs", Blue);
    assert_eq!((g.to_move(), g.phase()), (Blue, Phase::Shift { shifted: CellSet::EMPTY }));
    let g = clash("rKh", "yKs", Red);
    assert_eq!((g.to_move(), g.phase(), g.ending()), (Blue, Phase::Attack, None));
    let g = clash("gKc", "bKd", Green);
    assert_eq!(g.phase(), Phase::Peek { peeked: None });
    assert_eq!(zama_rules::battle(zc("gKc").card(), zc("bKd").card()), Battle::ClashTied);
}

// ---- Elimination and the end ------------------------------------------------

/// Rules Z59, Z60, Z61 and Z68: a K♠ taking another seat's K♥ eliminates
/// that seat; all its cards leave the board and are public to every seat;
/// the attacker's turn ends without shifts.
#[test]
fn taking_a_king_of_hearts_eliminates_the_seat() {
    let cards = [("c4", "rKs"), ("d4", "bKh"), ("h2", "b5c"), ("h6", "bQd"), ("k9", "g4s"), ("b12", "y8c")];
    let mut g = game4(&cards, &[], Red);
    let blue_cards = g.cells_of(Blue).len();
    assert!(blue_cards >= 4);
    play(&mut g, &["c4xd4"]);
    assert!(!g.is_in(Blue));
    assert_eq!(g.eliminated().iter().collect::<Vec<_>>(), [Blue]);
    assert!(g.cells_of(Blue).is_empty(), "every Blue card left the board");
    for cell in ["d4", "h2", "h6", "e16", "g16"] {
        assert_eq!(g.card_at(sq(cell)), None, "{cell}");
    }
    assert_eq!(g.card_at(sq("c4")), Some(zc("rKs")));
    assert!(g.is_face_up(sq("c4")));
    assert_eq!((g.to_move(), g.phase()), (Green, Phase::Attack), "no shifts: the turn passes on, past Blue");
    assert_eq!(g.ending(), None);
    assert_eq!(g.quiet_plies(), 0, "an elimination is a removal");
    for seat in Player::ALL {
        let view = g.observation(seat.seat()).unwrap();
        let removed: Vec<ZamaCard> = view.removed(Blue).iter().map(|&c| ZamaCard::new(Blue, c)).collect();
        assert_eq!(removed.len(), 52, "{seat} sees every Blue card as removed");
        assert!(removed.contains(&zc("bQd")) && removed.contains(&zc("bKh")));
        assert!(view.cells().all(|(_, v)| v.back != Blue));
    }
    // Blue's cards can no longer be attacked or named.
    assert!(g.check("k9xk10".parse().unwrap()).is_err());
}

/// Rules Z62 and Z69: the last seat left wins; the winner scores +1 and
/// every other seat -1, eliminated seats included.
#[test]
fn the_last_seat_left_wins() {
    let mut g = game4(&[("c4", "gKs"), ("d4", "yKh")], &[Red, Blue], Green);
    assert_eq!(g.seats_in().len(), 2);
    play(&mut g, &["c4xd4"]);
    assert_eq!(g.ending(), Some(Ending::Win(Green)));
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.returns(), &[-1.0, -1.0, 1.0, -1.0]);
    assert_eq!(describe_outcome(&outcome), "Green wins");
    assert!(g.legal_move_vec().is_empty());
    // Z62: after the last elimination the winner is the one seat in, and
    // the seat it took is out with the others, as the outcome says.
    assert_eq!(g.seats_in().iter().collect::<Vec<_>>(), [Green]);
    assert_eq!(g.eliminated().iter().collect::<Vec<_>>(), [Red, Blue, Yellow]);
    assert!(g.is_in(Green) && !g.is_in(Yellow));
    for seat in Player::ALL {
        let view = g.observation(seat.seat()).unwrap();
        assert_eq!(view.seats_in().iter().collect::<Vec<_>>(), [Green], "as {seat} sees it");
    }
    // The final capture leaves the board as it stands (as in the
    // two-player game): the taken K♥ lies beside the face-up K♠.
    assert_eq!(g.card_at(sq("d4")), Some(zc("yKh")));
    assert!(g.is_face_up(sq("c4")));
    // The won game loads back: a win by the third seat, not only Red's.
    assert_eq!(Zama::from_setup(&g.to_setup()), Ok(g.clone()));
    // Three seats in: the capture eliminates, it does not win.
    let mut g = game4(&[("c4", "gKs"), ("d4", "yKh")], &[Red], Green);
    play(&mut g, &["c4xd4"]);
    assert_eq!((g.ending(), g.to_move()), (None, Blue));
}

/// Rule Z63: a seat with no legal attack must pass; passing is refused to
/// a seat that has an attack.
#[test]
fn a_seat_without_attack_must_pass() {
    let mut g = game4(&[("c4", "r5c"), ("j9", "b5h"), ("j10", "g5h")], &[], Red);
    assert_eq!(legal(&g), ["pass"]);
    play(&mut g, &["pass"]);
    assert_eq!(g.to_move(), Blue);
    assert!(legal(&g).contains(&"j9xj10".to_string()));
    let before = g.clone();
    assert_eq!(g.apply(Move::Pass), Err(IllegalMove::MayNotPass { mv: Move::Pass, color: Blue }));
    assert_eq!(g, before);
}

/// Rule Z64: the game is drawn when every seat still in has passed, one
/// after another; with four, three and two seats left.
#[test]
fn every_seat_passing_in_a_row_draws_with_four_three_or_two_seats() {
    for out in [vec![], vec![Green], vec![Blue, Yellow]] {
        let mut g = game4(&[("c4", "r5c")], &out, Red);
        let seats = 4 - out.len();
        for k in 0..seats {
            assert_eq!(g.ending(), None, "{} passes of {seats}", k);
            assert_eq!(legal(&g), ["pass"]);
            play(&mut g, &["pass"]);
        }
        assert_eq!(g.ending(), Some(Ending::Draw(DrawReason::AllPassed)), "{seats} seats");
        assert_eq!(g.passes() as usize, seats);
    }
    // A move between the passes starts the count again.
    let mut g = game4(&[("c4", "r5c"), ("j9", "g5h"), ("j10", "y9h")], &[], Red);
    play(&mut g, &["pass", "pass", "j9xj10"]); // Red, Blue pass; Green attacks (and loses)
    assert_eq!(g.passes(), 0);
    play(&mut g, &["pass", "pass", "pass", "pass"]);
    assert_eq!(g.ending(), Some(Ending::Draw(DrawReason::AllPassed)));
}

/// Rule Z65: the no-removal limit holds with four seats.
#[test]
fn the_no_removal_limit_draws_the_four_player_game() {
    let mut s = setup4(&[("c4", "rKs"), ("d4", "bKd"), ("h2", "g2c"), ("h3", "y2d")], &[]);
    s.config = four().with_no_removal_limit(3);
    let mut g = Zama::from_setup(&s).unwrap();
    play(&mut g, &["c4xd4"]); // clash lost
    play(&mut g, &["d4xc4", "end"]); // Blue's K♦ wins the clash, no shift
    assert_eq!(g.ending(), Some(Ending::Draw(DrawReason::NoRemoval)));
}

/// Rules Z66 and Z67: a battle shows both cards to every seat; a peek shows
/// the card to the peeker only, while every seat sees which cell it was.
#[test]
fn battles_reveal_to_all_and_peeks_to_the_peeker() {
    let mut g = game4(&[("c4", "g7c"), ("d4", "y7h"), ("e4", "b9c"), ("f4", "r9h"), ("j2", "b3c")], &[], Blue);
    play(&mut g, &["e4xf4"]); // a tie: both removed, Blue peeks
    assert!(g.is_removed(zc("b9c")) && g.is_removed(zc("r9h")));
    play(&mut g, &["peek j2", "end"]);
    for seat in Player::ALL {
        let view = g.observation(seat.seat()).unwrap();
        let j2 = view.cell(sq("j2")).unwrap();
        assert_eq!(j2.card.is_some(), seat == Blue, "{seat}");
        assert_eq!(j2.known_by.iter().collect::<Vec<_>>(), [Blue], "which cell was peeked is public");
        assert_eq!(j2.opponent_knows, seat != Blue);
        assert!(view.removed(Red).contains(&"9h".parse().unwrap()), "removed cards are public");
    }
    play(&mut g, &["c4xd4"]); // Green on Yellow: another tie
    for seat in Player::ALL {
        let view = g.observation(seat.seat()).unwrap();
        assert!(view.removed(Yellow).contains(&"7h".parse().unwrap()));
        assert!(view.removed(Green).contains(&"7c".parse().unwrap()));
    }
    let mut g = game4(&[("c4", "g9c"), ("d4", "y2h")], &[], Green);
    play(&mut g, &["c4xd4"]);
    for seat in Player::ALL {
        assert!(g.knows(seat, sq("c4")), "{seat} saw the battle");
        assert_eq!(g.known_by(sq("c4")).len(), 4);
    }
}

/// Rule Z70: a draw scores 0 for each seat still in and -1 for each seat
/// already eliminated.
#[test]
fn a_draw_scores_minus_one_for_the_eliminated() {
    let mut g = game4(&[("c4", "r5c")], &[Blue], Red);
    play(&mut g, &["pass", "pass", "pass"]);
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.returns(), &[0.0, -1.0, 0.0, 0.0]);
    assert_eq!(describe_outcome(&outcome), "draw (Blue out)");
    let mut g = game4(&[("c4", "r5c")], &[], Red);
    play(&mut g, &["pass", "pass", "pass", "pass"]);
    assert!(g.outcome().unwrap().is_draw());
}

// ---- Notation, diagrams, errors, serde ----------------------------------------

#[test]
fn cards_of_the_four_backs_read_and_print_alike() {
    for text in ["rKs", "bTh", "gQd", "yAc", "g10♥"] {
        let card = zc(text);
        assert_eq!(card.to_string().parse::<ZamaCard>().unwrap(), card);
        assert_eq!(format!("{card:#}").parse::<ZamaCard>().unwrap(), card);
    }
    assert_eq!(zc("gQd").owner(), Green);
    assert_eq!(zc("yAc").owner(), Yellow);
    assert!("xKs".parse::<ZamaCard>().is_err());
    for mv in ["a16xa15", "m9-m10", "peek g12", "end", "pass"] {
        assert_eq!(mv.parse::<Move>().unwrap().to_string(), mv);
    }
}

#[test]
fn diagrams_show_the_16_by_13_board_as_a_seat_sees_it() {
    let mut g = game4(&[("c4", "g7c"), ("d4", "y7h"), ("j12", "b3c"), ("k12", "r3c")], &[], Green);
    play(&mut g, &["c4xd4", "peek j12", "end"]);
    let green = g.diagram_for(Green).unwrap();
    let red = g.diagram_for(Red).unwrap();
    let lines: Vec<&str> = green.lines().collect();
    assert!(lines[1].contains('a') && lines[1].contains('m'));
    assert!(lines[2].starts_with("16 "), "{green}");
    assert!(lines.iter().any(|l| l.starts_with(" 1 ")));
    assert!(green.contains(" b3c "), "Green knows the peeked card, and nobody else does:\n{green}");
    assert!(red.contains(" b??'"), "Red sees that someone knows the card on j12:\n{red}");
    assert!(red.lines().any(|l| l.starts_with("removed Green:") && l.contains(" 7c")), "{red}");
    assert!(red.lines().any(|l| l.starts_with("removed Yellow:") && l.contains(" 7h")), "{red}");
    assert!(g.to_string().lines().nth(2).unwrap().starts_with("16 "));
    // An eliminated seat shows as out.
    let mut g = game4(&[("c4", "rKs"), ("d4", "bKh")], &[], Red);
    play(&mut g, &["c4xd4"]);
    assert!(g.diagram_for(Green).unwrap().contains("removed Blue: all (out of the game)"));
    assert!(g.to_string().contains("out: Blue"));
}

#[test]
fn typed_errors_for_bad_setups_leave_nothing_half_built() {
    // A card of an eliminated seat next to the mover: Blue has no K♥.
    let mut s = setup4(&[("c4", "r5c"), ("d4", "b5d")], &[Blue]);
    assert_eq!(Zama::from_setup(&s), Err(SetupError::MissingKing { card: zc("bKs") }));
    // The seat to move is out.
    s = setup4(&[("c4", "r5c")], &[Blue]);
    s.to_move = Blue;
    assert_eq!(Zama::from_setup(&s), Err(SetupError::Eliminated { color: Blue }));
    // A Green card in a two-player game.
    let mut two = Setup::deal(Config::default(), 1);
    two.board[0] = Some(zc("gKc"));
    assert_eq!(Zama::from_setup(&two), Err(SetupError::NotInGame { card: zc("gKc") }));
    // A four-player board under a two-player config.
    let mut wrong = Setup::deal(four(), 1);
    wrong.config = Config::default();
    assert!(matches!(Zama::from_setup(&wrong), Err(SetupError::BoardSize { cells: 208, .. })));
    // One seat left in a running game.
    let s = setup4(&[], &[Blue, Green, Yellow]);
    assert_eq!(Zama::from_setup(&s), Err(SetupError::TooFewSeats { seats: 1 }));
    // A pass count as large as the seats in a running game.
    let mut s = setup4(&[], &[]);
    s.passes = 4;
    assert_eq!(Zama::from_setup(&s), Err(SetupError::Passes { passes: 4 }));
    s.passes = 3;
    assert!(Zama::from_setup(&s).is_ok(), "three seats passed, every card isolated");
}

#[test]
fn four_player_states_round_trip_and_corrupted_ones_are_refused() {
    let mut g = Zama::new(&four(), 5).unwrap();
    let mut rng = deal_rng(5);
    for _ in 0..300 {
        if g.play_random_move(&mut rng).is_none() {
            break;
        }
    }
    let json = serde_json::to_string(&g).unwrap();
    assert_eq!(serde_json::from_str::<Zama>(&json).unwrap(), g);
    for seat in Player::ALL {
        let obs = g.observation(seat.seat()).unwrap();
        let text = serde_json::to_string(&obs).unwrap();
        assert_eq!(serde_json::from_str::<zama_rules::Observation>(&text).unwrap(), obs);
    }
    let v = serde_json::to_value(&g).unwrap();
    let board = v["board"].as_str().unwrap().to_string();
    let tokens: Vec<&str> = board.split_whitespace().filter(|t| *t != "/").collect();
    assert_eq!(tokens.len(), 208);
    let card = tokens.iter().find(|t| **t != ".").unwrap();
    let cases: Vec<(&str, serde_json::Value)> = vec![
        ("two-player config", {
            let mut v = v.clone();
            v["config"]["players"] = 2.into();
            v
        }),
        ("three players", {
            let mut v = v.clone();
            v["config"]["players"] = 3.into();
            v
        }),
        ("duplicate card", {
            let mut v = v.clone();
            let dup: Vec<&str> = tokens.iter().map(|t| if *t == "." { *card } else { *t }).collect();
            v["board"] = dup.join(" ").into();
            v
        }),
        ("short board", {
            let mut v = v.clone();
            v["board"] = tokens[..207].join(" ").into();
            v
        }),
        ("unknown seat to move", {
            let mut v = v.clone();
            v["to_move"] = "Purple".into();
            v
        }),
        ("knowledge of a fifth seat", {
            let mut v = v.clone();
            v["known"].as_array_mut().unwrap().push(serde_json::json!([]));
            v
        }),
    ];
    for (what, v) in cases {
        assert!(serde_json::from_value::<Zama>(v).is_err(), "{what}");
    }
}

#[test]
fn seats_the_game_does_not_have_are_errors() {
    let g = Zama::new(&four(), 1).unwrap();
    assert!(g.observation(Seat::new(3)).is_ok());
    assert!(g.observation(Seat::new(4)).is_err());
    let two = Zama::new(&Config::default(), 1).unwrap();
    assert!(two.observation(Seat::new(2)).is_err());
    assert!(two.sample(Seat::new(3), &mut deal_rng(1)).is_err());
    assert!(two.color_of_seat(Seat::new(2)).is_err());
    assert_eq!(g.color_of_seat(Seat::new(2)), Ok(Green));
}

// ---- Golden ------------------------------------------------------------------

/// Pins the four-player deal and a whole random game forever: the seeded
/// deal order, the move order and every rule.
#[test]
fn golden_four_player_deal_and_game() {
    let setup = Setup::deal(four(), 0);
    let json = serde_json::to_value(&setup).unwrap();
    let board = json["board"].as_str().unwrap();
    let ranks: Vec<&str> = board.split(" / ").collect();
    assert_eq!(ranks.len(), 16);
    let deal_pinned = (ranks[0], ranks[15]);
    let mut g = Zama::new(&four(), 9).unwrap();
    let mut rng = deal_rng(9);
    let mut moves = Vec::new();
    let mut plies = 0;
    let mut out = Vec::new();
    while let Some(mv) = g.random_move(&mut rng) {
        if moves.len() < 8 {
            moves.push(mv.to_string());
        }
        let before = g.eliminated();
        g.apply(mv).unwrap();
        plies += 1;
        for c in g.eliminated().iter().filter(|c| !before.contains(*c)) {
            out.push(format!("{plies}:{}", c.name()));
        }
    }
    assert_eq!(deal_pinned, (GOLDEN_4_SEED_0_RANK_1, GOLDEN_4_SEED_0_RANK_16));
    assert_eq!(moves.join(" "), GOLDEN_4_GAME_9_FIRST_MOVES);
    assert_eq!(out.join(" "), GOLDEN_4_GAME_9_ELIMINATIONS);
    assert_eq!((plies, g.ending().unwrap().to_string().as_str()), GOLDEN_4_GAME_9_END);
}

const GOLDEN_4_SEED_0_RANK_1: &str = "rKh b5d g3h y8c r6h bQc g5h y8s r3h b3s g6c yJd r6s";
const GOLDEN_4_SEED_0_RANK_16: &str = "y6s r7s b4h gKh y7c r4s bTd g5d y9s rTc b3d g4s y3c";
const GOLDEN_4_GAME_9_FIRST_MOVES: &str = "d6xe6 peek d8 peek a1 h3xh4 g4-h4 f6-e6 f5-f6 d8xe8";
const GOLDEN_4_GAME_9_ELIMINATIONS: &str = "370:Yellow";
const GOLDEN_4_GAME_9_END: (u32, &str) = (384, "draw (every seat passed in a row)");

/// Z59, Z60, Z68 in the observation tensor: a seat is out exactly when
/// its K♥ is among the removed cards the tensor shows every seat (an
/// elimination takes all of a seat's cards off the board, and cards off
/// the board are public), and the last `S` globals stay 0 (the layout of
/// the `actions` module). Every 16 plies and at the end of random
/// four-player games, until three eliminations were seen.
#[test]
fn the_tensor_shows_an_elimination_as_the_seats_removed_king_of_hearts() {
    use carte_core::{Card, Views};
    let seats = 4;
    let kh = FRENCH_52.iter().position(|&c| c == "Kh".parse::<Card>().unwrap()).unwrap();
    let check = |game: &Zama, seed: u64| {
        let mut out = vec![f32::NAN; game.observation_len()];
        let globals = game.observation_len() - (6 + 54 * seats);
        for observer in 0..seats {
            game.observation_tensor(Seat::new(observer as u8), &mut out).unwrap();
            for p in Player::seats(seats) {
                let k = (p.index() + seats - observer) % seats;
                let shown = out[globals + 6 + seats + 52 * k + kh] == 1.0;
                assert_eq!(shown, game.eliminated().contains(*p), "seed {seed}, {p} seen by seat {observer}");
            }
            assert!(out[globals + 6 + 53 * seats..].iter().all(|&x| x == 0.0));
        }
    };
    let mut eliminations = 0;
    for seed in 0..200 {
        let mut game = Zama::new(&four(), seed).unwrap();
        let mut rng = deal_rng(seed + 1000);
        let mut plies = 0;
        while let Some(mv) = game.random_move(&mut rng) {
            if plies % 16 == 0 {
                check(&game, seed);
            }
            game.apply(mv).unwrap();
            plies += 1;
        }
        check(&game, seed);
        eliminations += game.eliminated().iter().count();
        if eliminations >= 3 {
            return;
        }
    }
    panic!("{eliminations} eliminations in 200 games");
}

/// Z59, Z62: a four-player game is won only by the last seat left, so a
/// loaded win with a third seat still in (its kings on the board) is
/// refused, though the winner's face-up K♠ lies beside a K♥ known to
/// every seat; the same position with that seat out loads.
#[test]
fn a_loaded_win_with_three_seats_in_is_refused() {
    let won = |out: &[Player]| {
        let mut s = setup4(&[("c4", "rKs"), ("d4", "bKh")], out);
        for seat in Player::ALL {
            s.known[seat].insert(sq("c4"));
            s.known[seat].insert(sq("d4"));
        }
        s.face_up.insert(sq("c4"));
        s.phase = Phase::Over(Ending::Win(Red));
        s.to_move = Red;
        s
    };
    assert!(Zama::from_setup(&won(&[Green, Yellow])).is_ok());
    let r = Zama::from_setup(&won(&[Green]));
    assert!(matches!(r, Err(SetupError::Ending { .. })), "Yellow is still in: {r:?}");
    // Z66: the capture was a battle, shown to every seat, the seats out too.
    for unaware in [&[Green][..], &[Green, Yellow], &[Blue, Green, Yellow], &Player::ALL] {
        let mut s = won(&[Green, Yellow]);
        for &seat in unaware {
            s.known[seat].remove(sq("d4"));
        }
        let r = Zama::from_setup(&s);
        assert!(matches!(r, Err(SetupError::Ending { .. })), "{unaware:?} do not know the taken K♥: {r:?}");
    }
}
