//! One test per rule of docs/rules/zama.md (two players), from hand-built positions.

mod common;

use carte_core::{FRENCH_52, Game, HiddenInfo, Seat, shuffled};
use common::*;
use zama_rules::{
    Battle, CellSet, Config, DrawReason, Ending, IllegalMove, Move, Phase, Player, Setup, SetupError, Square, Zama,
    ZamaCard, battle,
};

fn card(s: &str) -> carte_core::Card {
    s.parse().unwrap()
}

// ---- Board and deal -------------------------------------------------------

/// Rules Z2, Z3 and Z4: 13 files by 8 ranks, chessboard colours, orthogonal enemies and diagonal friends.
#[test]
fn board_is_8_by_13_with_alternating_colours() {
    assert_eq!(Square::board(2).count(), 104);
    assert_eq!(sq("a1").deal_color(), Player::Red);
    assert_eq!(sq("b1").deal_color(), Player::Blue);
    assert_eq!(sq("a2").deal_color(), Player::Blue);
    assert_eq!(sq("m8").deal_color(), Player::Blue); // 12 + 7 is odd
    let g = Zama::new(&Config::default(), 3).unwrap();
    for a in Square::board(2) {
        assert_eq!(g.back_at(a), Some(a.deal_color()));
        for b in Square::board(2) {
            // Orthogonal neighbours are enemies, diagonal ones friends.
            let diagonal = a.file().abs_diff(b.file()) == 1 && a.rank().abs_diff(b.rank()) == 1;
            if a.is_adjacent(b) {
                assert_ne!(a.deal_color(), b.deal_color());
            }
            if diagonal {
                assert_eq!(a.deal_color(), b.deal_color());
            }
        }
    }
    assert_eq!(g.cells_of(Player::Red).len(), 52);
    assert_eq!(g.cells_of(Player::Blue).len(), 52);
}

/// Rules Z1 and Z5: each colour's 52 cells hold its own whole deck, dealt in the fixed seeded order.
#[test]
fn deal_lays_each_seeded_deck_on_its_cells_in_index_order() {
    for seed in [0u64, 1, 99] {
        let g = Zama::new(&Config::default(), seed).unwrap();
        let red: Vec<_> = g.cells_of(Player::Red).iter().map(|s| g.card_at(s).unwrap()).collect();
        let expected: Vec<_> = shuffled(FRENCH_52, seed).iter().map(|&c| ZamaCard::new(Player::Red, c)).collect();
        assert_eq!(red, expected, "Red's deck is shuffled(FRENCH_52, seed)");
        let blue: Vec<_> = g.cells_of(Player::Blue).iter().map(|s| g.card_at(s).unwrap()).collect();
        assert!(blue.iter().all(|c| c.owner() == Player::Blue));
        let mut sorted = blue.clone();
        sorted.sort();
        assert_eq!(sorted, ZamaCard::deck(Player::Blue).collect::<Vec<_>>());
        assert_eq!(Zama::new(&Config::default(), seed).unwrap(), g);
        assert_eq!(Zama::from_setup(&Setup::deal(Config::default(), seed)).unwrap(), g);
    }
    assert_ne!(Zama::new(&Config::default(), 1).unwrap(), Zama::new(&Config::default(), 2).unwrap());
}

/// Rules Z6, Z7 and Z9: nobody knows a card at the start, Red moves first, attacks go to orthogonal neighbours only.
#[test]
fn nobody_knows_any_card_at_the_start_and_red_moves_first() {
    let g = Zama::new(&Config::default(), 5).unwrap();
    assert_eq!(g.to_move(), Player::Red);
    assert_eq!(g.actor(), carte_core::Actor::Seat(Seat::new(0)));
    assert_eq!(g.phase(), Phase::Attack);
    for seat in [Seat::new(0), Seat::new(1)] {
        let obs = g.observation(seat).unwrap();
        assert_eq!(obs.cells().count(), 104);
        assert!(obs.cells().all(|(_, v)| v.card.is_none() && !v.face_up && !v.opponent_knows));
    }
    // Every orthogonal pair is one attack for Red.
    assert_eq!(g.legal_move_vec().len(), 8 * 12 + 7 * 13);
}

// ---- Attacks -------------------------------------------------------------

/// Rules Z8 and Z9: an attack is an own card on an orthogonally adjacent enemy card.
#[test]
fn an_attack_is_an_own_card_on_an_orthogonally_adjacent_enemy_card() {
    let g = game(&[("c4", "r9c"), ("d4", "b5h"), ("c5", "r2c"), ("d5", "b3c"), ("b3", "b7d")]);
    let moves = legal(&g);
    assert!(moves.contains(&"c4xd4".to_string()));
    assert!(moves.contains(&"c5xd5".to_string()));
    assert!(!moves.contains(&"c4xc3".to_string()));
    let cases: [(&str, IllegalMove); 5] = [
        ("d4xc4", IllegalMove::NotOwnCard { mv: "d4xc4".parse().unwrap(), cell: sq("d4"), color: Player::Red }),
        ("c4xd5", IllegalMove::NotAdjacent { mv: "c4xd5".parse().unwrap(), from: sq("c4"), to: sq("d5") }),
        ("c4xc5", IllegalMove::NotEnemyCard { mv: "c4xc5".parse().unwrap(), cell: sq("c5") }),
        ("c4xb4", IllegalMove::EmptyCell { mv: "c4xb4".parse().unwrap(), cell: sq("b4") }),
        ("e4xd4", IllegalMove::EmptyCell { mv: "e4xd4".parse().unwrap(), cell: sq("e4") }),
    ];
    for (text, err) in cases {
        assert_refused(&g, text.parse().unwrap(), err);
        assert!(!g.is_legal(text.parse().unwrap()));
    }
    assert_eq!(
        IllegalMove::NotAdjacent { mv: "c4xd5".parse().unwrap(), from: sq("c4"), to: sq("d5") }.to_string(),
        "illegal move c4xd5: d5 is not adjacent to c4"
    );
}

/// Rules Z8 and Z9: a card of the enemy never attacks for the player, not
/// even another enemy card beside it: each of Blue's 52 cards on d5 tried
/// against a Blue card on d4, with Red to move.
#[test]
fn an_attack_with_an_enemy_card_is_refused_whichever_card_it_is() {
    for c in FRENCH_52.iter() {
        let attacker = ZamaCard::new(Player::Blue, *c);
        let target = if attacker == zc("b5h") { "b6h" } else { "b5h" };
        let g = game(&[("d4", target), ("d5", &attacker.to_string()), ("c4", "r9c")]);
        let mv: Move = "d5xd4".parse().unwrap();
        assert_refused(&g, mv, IllegalMove::NotOwnCard { mv, cell: sq("d5"), color: Player::Red });
    }
}

/// Rules Z8 and Z18: attacks and shifts go only between cells that share a
/// side. Each pair tried is a cell of rank 1 and one of file a whose
/// indices are n and 13n (b1 and a2, c1 and a3, ... g1 and a7): diagonal or
/// far apart, both ways, with the enemy card or the hole on the other cell.
#[test]
fn attacks_and_shifts_between_cells_that_share_no_side_are_refused() {
    let pairs = [("b1", "a2"), ("c1", "a3"), ("d1", "a4"), ("e1", "a5"), ("f1", "a6"), ("g1", "a7")];
    for (low, high) in pairs {
        for (from, to) in [(low, high), (high, low)] {
            let mv: Move = format!("{from}x{to}").parse().unwrap();
            let g = game(&[(from, "r9c"), (to, "b5h"), ("k5", "r2c"), ("l5", "b3c")]);
            assert_refused(&g, mv, IllegalMove::NotAdjacent { mv, from: sq(from), to: sq(to) });
            // In the shift phase (after k5xl5), into the hole on the other cell.
            let mut g = game(&[(from, "r9c"), ("k5", "rQc"), ("l5", "b5h")]);
            play(&mut g, &["k5xl5"]);
            let mv: Move = format!("{from}-{to}").parse().unwrap();
            assert_refused(&g, mv, IllegalMove::NotAdjacent { mv, from: sq(from), to: sq(to) });
        }
    }
}

/// Rules Z8, Z9 and Z11: `battle_of` foretells the result of a legal attack
/// and of nothing else.
#[test]
fn battle_of_names_the_result_of_legal_attacks_only() {
    let g = game(&[("c4", "r9c"), ("d4", "b5h"), ("c5", "r2c"), ("d5", "b3c"), ("f4", "r4d")]);
    assert_eq!(g.battle_of("c4xd4".parse().unwrap()), Some(Battle::AttackerWins));
    assert_eq!(g.battle_of("c5xd5".parse().unwrap()), Some(Battle::AttackerLoses));
    for text in ["d4xc4", "c4xc5", "c4xd5", "f4xg4", "d5xd4", "c4-b4", "peek d4", "end", "pass"] {
        assert_eq!(g.battle_of(text.parse().unwrap()), None, "{text}");
    }
    let mut g = g;
    play(&mut g, &["c4xd4"]);
    assert_eq!(g.battle_of("c5xd5".parse().unwrap()), None, "no attack in the shift phase");
}

/// Rules Z10 and Z40: both battle cards are shown to both players; removed cards are public.
#[test]
fn both_cards_of_a_battle_are_revealed_to_both_players() {
    let mut g = game(&[("c4", "r9c"), ("d4", "bJh")]);
    play(&mut g, &["c4xd4"]); // the Jack wins; the Nine is removed
    for seat in [Player::Red, Player::Blue] {
        assert!(g.knows(seat, sq("d4")));
        assert_eq!(g.observation(seat.seat()).unwrap().cell(sq("d4")).unwrap().card, Some(card("Jh")));
    }
    assert!(g.is_removed(zc("r9c")));
    assert!(g.observation(Seat::new(1)).unwrap().removed(Player::Red).contains(&card("9c")));
}

// ---- Strength ------------------------------------------------------------

/// Rule Z11: A low to K high, suits ignored, equal ranks tie.
#[test]
fn strength_is_ace_low_to_king_suits_ignored() {
    use carte_core::Rank;
    for a in Rank::ALL {
        for d in Rank::ALL {
            if matches!((a, d), (Rank::King, Rank::King | Rank::Ace) | (Rank::Ace, Rank::King)) {
                continue;
            }
            let r = battle(
                carte_core::Card::new(a, carte_core::Suit::Clubs),
                carte_core::Card::new(d, carte_core::Suit::Hearts),
            );
            let expected = match a.value().cmp(&d.value()) {
                std::cmp::Ordering::Greater => Battle::AttackerWins,
                std::cmp::Ordering::Less => Battle::AttackerLoses,
                std::cmp::Ordering::Equal => Battle::Tie,
            };
            assert_eq!(r, expected, "{a:?} on {d:?}");
        }
    }
}

/// Rule Z12: an Ace beats K♣ and K♦ whoever attacks.
#[test]
fn an_ace_beats_the_kings_of_clubs_and_diamonds_whoever_attacks() {
    assert_eq!(battle(card("Ah"), card("Kc")), Battle::AttackerWins);
    assert_eq!(battle(card("As"), card("Kd")), Battle::AttackerWins);
    assert_eq!(battle(card("Kc"), card("Ad")), Battle::AttackerLoses);
    assert_eq!(battle(card("Kd"), card("Ac")), Battle::AttackerLoses);
}

/// Rules Z13 and Z12: an Ace loses to K♥ and K♠ whoever attacks (and beats K♦ on the board).
#[test]
fn an_ace_loses_to_the_kings_of_hearts_and_spades() {
    assert_eq!(battle(card("Ac"), card("Kh")), Battle::AttackerLoses);
    assert_eq!(battle(card("Ac"), card("Ks")), Battle::AttackerLoses);
    assert_eq!(battle(card("Kh"), card("Ac")), Battle::AttackerWins);
    assert_eq!(battle(card("Ks"), card("Ad")), Battle::AttackerWins);
    // And on the board.
    let mut g = game(&[("c4", "rAs"), ("d4", "bKd")]);
    play(&mut g, &["c4xd4"]);
    assert!(g.is_removed(zc("bKd")));
}

// ---- Results -------------------------------------------------------------

/// Rule Z15: a won attack removes the defender, then the attacker shifts.
#[test]
fn attacker_wins_removes_the_defender_then_up_to_three_shifts() {
    let mut g = game(&[("c4", "rQc"), ("d4", "b5h")]);
    play(&mut g, &["c4xd4"]);
    assert!(g.is_removed(zc("b5h")));
    assert_eq!(g.card_at(sq("c4")), Some(zc("rQc")));
    assert_eq!(g.phase(), Phase::Shift { shifted: CellSet::EMPTY });
    assert_eq!(g.to_move(), Player::Red, "the attacker shifts");
    assert!(legal(&g).iter().all(|m| m.contains('-') || m == "end"));
}

/// Rule Z16: a tie removes both cards, then the attacker peeks.
#[test]
fn a_tie_removes_both_then_the_attacker_peeks() {
    let mut g = game(&[("c4", "r7c"), ("d4", "b7h"), ("j2", "b3c")]);
    play(&mut g, &["c4xd4"]);
    assert!(g.is_removed(zc("r7c")) && g.is_removed(zc("b7h")));
    assert_eq!(g.phase(), Phase::Peek { peeked: None });
    assert_eq!(g.to_move(), Player::Red);
    assert_eq!(g.quiet_plies(), 0);
}

/// Rules Z17 and Z45: a lost attack removes the attacker and the turn passes.
#[test]
fn attacker_loses_removes_the_attacker_and_the_turn_ends() {
    let mut g = game(&[("c4", "r3c"), ("d4", "b9h")]);
    play(&mut g, &["c4xd4"]);
    assert!(g.is_removed(zc("r3c")));
    assert_eq!(g.card_at(sq("d4")), Some(zc("b9h")));
    assert_eq!((g.to_move(), g.phase()), (Player::Blue, Phase::Attack));
}

// ---- Shifts --------------------------------------------------------------

/// Rules Z18 and Z19: any card shifts one cell orthogonally into an empty cell, never twice.
#[test]
fn a_shift_moves_any_card_one_cell_into_an_empty_cell() {
    let mut g = game(&[("c4", "rQc"), ("d4", "b5h"), ("f4", "b2c"), ("h6", "r4d")]);
    play(&mut g, &["c4xd4"]);
    // Own card, enemy card, a card far from the battle: all may shift.
    for ok in ["c4-d4", "f4-e4", "h6-h7", "f4-f5"] {
        assert!(g.is_legal(ok.parse().unwrap()), "{ok}");
    }
    type Expected = fn(Move) -> IllegalMove;
    let bad: [(&str, Expected); 3] = [
        ("c4-e4", |mv| IllegalMove::NotAdjacent { mv, from: sq("c4"), to: sq("e4") }),
        ("c4-d5", |mv| IllegalMove::NotAdjacent { mv, from: sq("c4"), to: sq("d5") }),
        ("b4-b5", |mv| IllegalMove::EmptyCell { mv, cell: sq("b4") }),
    ];
    for (text, err) in bad {
        let mv: Move = text.parse().unwrap();
        assert_eq!(g.clone().apply(mv), Err(err(mv)), "{text}");
    }
    let mut h = game(&[("c4", "rQc"), ("d4", "b5h"), ("e4", "b2c"), ("h6", "r4d")]);
    play(&mut h, &["c4xd4", "c4-d4"]);
    let mv: Move = "d4-e4".parse().unwrap();
    assert_eq!(h.clone().apply(mv), Err(IllegalMove::AlreadyShifted { mv, cell: sq("d4") }));
    let mv: Move = "e4-d4".parse().unwrap();
    assert_eq!(h.clone().apply(mv), Err(IllegalMove::Occupied { mv, cell: sq("d4") }));
    // Z19: not even back into the empty cell it came from.
    let mv: Move = "d4-c4".parse().unwrap();
    assert_refused(&h, mv, IllegalMove::AlreadyShifted { mv, cell: sq("d4") });
}

/// Rules Z19, Z21 and Z45: no card shifts twice; the third shift ends the turn.
#[test]
fn no_card_is_shifted_twice_and_the_sequence_ends_after_three() {
    let mut g = game(&[("c4", "rQc"), ("d4", "b5h"), ("f4", "b2c"), ("h6", "r4d")]);
    play(&mut g, &["c4xd4", "c4-d4"]);
    assert_eq!(g.phase(), Phase::Shift { shifted: [sq("d4")].into_iter().collect() });
    assert!(!legal(&g).iter().any(|m| m.starts_with("d4-")), "the moved card may not move again");
    play(&mut g, &["f4-f5", "h6-h5"]);
    assert_eq!((g.to_move(), g.phase()), (Player::Blue, Phase::Attack), "three shifts end the turn");
    assert_eq!(g.card_at(sq("d4")), Some(zc("rQc")));
    assert_eq!(g.card_at(sq("f5")), Some(zc("b2c")));
    assert_eq!(g.card_at(sq("h5")), Some(zc("r4d")));
}

/// Rules Z20 and Z45: the player may end the shifts early with `end`.
#[test]
fn the_player_may_end_the_shifts_early() {
    let mut g = game(&[("c4", "rQc"), ("d4", "b5h")]);
    play(&mut g, &["c4xd4", "end"]);
    assert_eq!((g.to_move(), g.phase()), (Player::Blue, Phase::Attack));
    let mut g = game(&[("c4", "rQc"), ("d4", "b5h")]);
    play(&mut g, &["c4xd4", "c4-c3", "end"]);
    assert_eq!(g.to_move(), Player::Blue);
}

/// Rules Z21, Z27 and Z29: a clash won on a full board ends the turn at once, nothing removed.
#[test]
fn the_shifts_end_by_themselves_when_no_shift_is_possible() {
    // A King clash won on a full board: nothing can move, the turn ends.
    let mut s = Setup::deal(Config::default(), 1);
    let ks = s.board.iter().position(|c| *c == Some(zc("rKs"))).unwrap();
    let kc = s.board.iter().position(|c| *c == Some(zc("bKc"))).unwrap();
    // Put Blue's K♣ next to Red's K♠ (swap it with the blue card there).
    let ks_sq = Square::from_index(ks).unwrap();
    let next = ks_sq.neighbours().iter().next().unwrap();
    s.board.swap(next.index(), kc);
    let mut g = Zama::from_setup(&s).unwrap();
    g.apply(Move::Attack { from: ks_sq, to: next }).unwrap();
    assert_eq!((g.to_move(), g.phase()), (Player::Blue, Phase::Attack));
    assert_eq!(g.removed().count(), 0);
}

/// Rule Z21: a shift sequence ends as soon as no allowed shift is left, so
/// a loaded shift phase in which every card beside a hole has shifted
/// already is refused. The board is full but for the corner a1, whose two
/// neighbours b1 and a2 are the shifted cards; with only one of them
/// shifted, the other may still move into a1 and the state loads.
#[test]
fn a_loaded_shift_phase_with_no_shift_left_is_refused() {
    let corner = |shifted: &[&str]| {
        let mut s = Setup::deal(Config::default(), 3);
        let taken = s.board[sq("a1").index()].take().unwrap();
        assert_ne!(taken.card().rank(), carte_core::Rank::King, "the deal of seed 3 has no king on a1");
        s.phase = Phase::Shift { shifted: shifted.iter().map(|c| sq(c)).collect() };
        Zama::from_setup(&s)
    };
    for ok in [&[][..], &["b1"], &["a2"], &["b1", "c5"]] {
        assert!(corner(ok).is_ok(), "{ok:?}: a card beside a1 may still shift");
    }
    assert!(
        matches!(corner(&["b1", "a2"]), Err(SetupError::Phase { .. })),
        "both neighbours of the only hole have shifted: the sequence has ended"
    );
}

// ---- Peeks ---------------------------------------------------------------

/// Rules Z22, Z23 and Z26: peeks at own or enemy cards, one at a time, two different ones, seen by the peeker only.
#[test]
fn peeks_show_a_card_to_the_peeker_only_one_at_a_time_up_to_two() {
    let mut g = game(&[("c4", "r7c"), ("d4", "b7h"), ("j2", "b3c"), ("k5", "r8d"), ("l7", "bQd")]);
    play(&mut g, &["c4xd4"]);
    let before = g.observation(Seat::new(1)).unwrap();
    play(&mut g, &["peek j2"]);
    assert_eq!(g.phase(), Phase::Peek { peeked: Some(sq("j2")) });
    assert!(g.knows(Player::Red, sq("j2")));
    assert!(!g.knows(Player::Blue, sq("j2")), "only the peeker knows");
    let blue = g.observation(Seat::new(1)).unwrap();
    assert_eq!(blue.cell(sq("j2")).unwrap().card, None);
    assert!(blue.cell(sq("j2")).unwrap().opponent_knows, "which card was peeked is public");
    assert_ne!(before, blue);
    let mv: Move = "peek j2".parse().unwrap();
    assert_eq!(g.clone().apply(mv), Err(IllegalMove::AlreadyPeeked { mv, cell: sq("j2") }));
    play(&mut g, &["peek k5"]); // own card: allowed
    assert!(g.knows(Player::Red, sq("k5")));
    assert_eq!((g.to_move(), g.phase()), (Player::Blue, Phase::Attack), "two peeks end the turn");
}

/// Rules Z24 and Z25: the player may stop peeking; a face-up K♠ cannot be peeked.
#[test]
fn the_player_may_stop_peeking_and_may_not_peek_a_face_up_king() {
    let mut g = game(&[("c4", "r7c"), ("d4", "b7h"), ("j2", "b3c")]);
    play(&mut g, &["c4xd4", "end"]);
    assert_eq!(g.to_move(), Player::Blue);
    // A face-up K♠ cannot be peeked.
    let mut s = setup(&[("c4", "r7c"), ("d4", "b7h"), ("j2", "b3c")]);
    let a8 = sq("a8");
    s.known[Player::Red].insert(a8);
    s.known[Player::Blue].insert(a8);
    s.face_up.insert(a8);
    let mut g = Zama::from_setup(&s).unwrap();
    play(&mut g, &["c4xd4"]);
    let mv: Move = "peek a8".parse().unwrap();
    assert_eq!(g.clone().apply(mv), Err(IllegalMove::FaceUp { mv, cell: a8 }));
    assert!(!legal(&g).contains(&"peek a8".to_string()));
}

/// Rules Z38 and Z22: a peek never turns a card face up, not even a K♠.
#[test]
fn peeking_a_king_of_spades_does_not_turn_it_face_up() {
    let mut g = game(&[("c4", "r7c"), ("d4", "b7h")]);
    play(&mut g, &["c4xd4", "peek c8"]);
    assert!(g.knows(Player::Red, sq("c8")));
    assert!(!g.is_face_up(sq("c8")));
    assert!(!g.knows(Player::Blue, sq("c8")));
}

// ---- King clashes --------------------------------------------------------

fn clash(attacker: &str, defender: &str) -> Zama {
    let mut g = game(&[("c4", attacker), ("d4", defender), ("j2", "b3c")]);
    play(&mut g, &["c4xd4"]);
    assert_eq!(g.card_at(sq("c4")), Some(zc(attacker)), "no card leaves in a King clash");
    assert_eq!(g.card_at(sq("d4")), Some(zc(defender)), "no card leaves in a King clash");
    g
}

/// Rules Z27, Z28 and Z41: K♠ on the enemy K♥ wins the game (+1/−1, no move after).
#[test]
fn clash_king_of_spades_on_king_of_hearts_wins_the_game() {
    let g = clash("rKs", "bKh");
    assert_eq!(g.ending(), Some(Ending::Win(Player::Red)));
    assert_eq!(g.outcome().unwrap().returns(), &[1.0, -1.0]);
    assert!(g.legal_move_vec().is_empty());
    // Z41: the winner alone is still in; the seat whose K♥ fell is out.
    assert_eq!(g.seats_in().iter().collect::<Vec<_>>(), [Player::Red]);
    assert_eq!(g.eliminated().iter().collect::<Vec<_>>(), [Player::Blue]);
    let mv: Move = "end".parse().unwrap();
    assert_eq!(g.clone().apply(mv), Err(IllegalMove::GameOver { mv }));
    // Blue's K♠ wins the same way.
    let mut g = game_with(&[("c4", "rKh"), ("d4", "bKs")], Player::Blue);
    play(&mut g, &["d4xc4"]);
    assert_eq!(g.ending(), Some(Ending::Win(Player::Blue)));
    // Either seat's win is a position the engine loads back.
    assert_eq!(Zama::from_setup(&g.to_setup()), Ok(g));
}

/// Rules Z27 and Z29: K♠ on K♣ wins the clash and shifts, nothing removed.
#[test]
fn clash_king_of_spades_on_king_of_clubs_wins_the_clash_and_shifts() {
    let g = clash("rKs", "bKc");
    assert_eq!((g.to_move(), g.phase()), (Player::Red, Phase::Shift { shifted: CellSet::EMPTY }));
}

/// Rules Z27 and Z30: K♠ on K♦ or on the enemy K♠ loses the clash.
#[test]
fn clash_king_of_spades_on_king_of_diamonds_or_spades_loses_the_clash() {
    for d in ["bKd", "bKs"] {
        let g = clash("rKs", d);
        assert_eq!((g.to_move(), g.phase()), (Player::Blue, Phase::Attack), "{d}");
    }
}

/// Rules Z27 and Z31: K♣ on K♠ loses.
#[test]
fn clash_king_of_clubs_on_king_of_spades_loses() {
    let g = clash("rKc", "bKs");
    assert_eq!((g.to_move(), g.phase()), (Player::Blue, Phase::Attack));
}

/// Rules Z27 and Z32: K♦ on K♠ wins the clash and shifts.
#[test]
fn clash_king_of_diamonds_on_king_of_spades_wins_the_clash_and_shifts() {
    let g = clash("rKd", "bKs");
    assert_eq!((g.to_move(), g.phase()), (Player::Red, Phase::Shift { shifted: CellSet::EMPTY }));
}

/// Rules Z27 and Z33: K♥ on K♠ loses and the game goes on.
#[test]
fn clash_king_of_hearts_on_king_of_spades_loses_and_the_game_goes_on() {
    let g = clash("rKh", "bKs");
    assert_eq!((g.to_move(), g.phase()), (Player::Blue, Phase::Attack));
    assert!(g.ending().is_none());
}

/// Rules Z14, Z27 and Z34: any other pair of Kings ties without removal and the attacker peeks.
#[test]
fn clash_every_other_pair_of_kings_ties_without_removal_and_peeks() {
    for a in ["rKc", "rKd", "rKh"] {
        for d in ["bKc", "bKd", "bKh"] {
            let g = clash(a, d);
            assert_eq!((g.to_move(), g.phase()), (Player::Red, Phase::Peek { peeked: None }), "{a} on {d}");
            assert_eq!(battle(zc(a).card(), zc(d).card()), Battle::ClashTied);
        }
    }
}

/// Rules Z14 and Z35: no battle removes a K♠ or K♥; a position without one is refused.
#[test]
fn the_king_of_spades_and_the_king_of_hearts_never_leave_the_board() {
    for a in ZamaCard::deck(Player::Red) {
        for d in ZamaCard::deck(Player::Blue) {
            let r = battle(a.card(), d.card());
            let special = |c: ZamaCard| c.is_king_of_spades() || c.card() == card("Kh");
            assert!(!(r.removes_attacker() && special(a)), "{a} attacking {d}: {r}");
            assert!(!(r.removes_defender() && special(d)), "{a} attacking {d}: {r}");
        }
    }
    let mut s = setup(&[]);
    s.board[sq("a8").index()] = None;
    assert!(Zama::from_setup(&s).is_err(), "a setup without a K♠ is refused");
}

// ---- Visibility ----------------------------------------------------------

/// Rules Z36 and Z37: a revealed K♠ stays face up as it moves; other survivors turn face down.
#[test]
fn a_revealed_king_of_spades_stays_face_up_as_it_moves() {
    let mut g = game(&[("c4", "rKs"), ("d4", "bKc"), ("j2", "b3c")]);
    play(&mut g, &["c4xd4", "c4-c3", "end"]);
    assert!(g.is_face_up(sq("c3")));
    assert!(!g.is_face_up(sq("c4")));
    for seat in [Seat::new(0), Seat::new(1)] {
        let v = g.observation(seat).unwrap().cell(sq("c3")).unwrap();
        assert!(v.face_up && v.card == Some(card("Ks")));
    }
    // The surviving K♣ is face down again (but known to both).
    assert!(!g.is_face_up(sq("d4")));
    assert!(g.knows(Player::Blue, sq("d4")) && g.knows(Player::Red, sq("d4")));
}

/// Rules Z39 and Z10: a card seen in a battle stays known to both as it is shifted.
#[test]
fn knowledge_follows_a_card_through_shifts() {
    let mut g = game(&[("c4", "rQc"), ("d4", "b5h"), ("f4", "bJd"), ("f3", "rAh"), ("c5", "b2c")]);
    play(&mut g, &["f3xf4"]); // Red's A♥ loses: Blue's J♦ is now known to both
    assert!(g.knows(Player::Red, sq("f4")) && g.knows(Player::Blue, sq("f4")));
    play(&mut g, &["d4xc4", "c4xc5", "f4-e4", "end"]); // Red wins and shifts the J♦
    assert!(g.knows(Player::Red, sq("e4")) && g.knows(Player::Blue, sq("e4")));
    assert_eq!(g.card_at(sq("f4")), None);
    for seat in [Seat::new(0), Seat::new(1)] {
        assert_eq!(g.observation(seat).unwrap().cell(sq("e4")).unwrap().card, Some(card("Jd")));
    }
}

/// Rule Z40: removed cards are public.
#[test]
fn removed_cards_are_public() {
    let mut g = game(&[("c4", "r7c"), ("d4", "b7h")]);
    play(&mut g, &["c4xd4", "end"]);
    let before = game(&[("c4", "r7c"), ("d4", "b7h")]).observation(Seat::new(0)).unwrap();
    for seat in [Seat::new(0), Seat::new(1)] {
        let obs = g.observation(seat).unwrap();
        for (color, c) in [(Player::Red, "7c"), (Player::Blue, "7h")] {
            assert!(!before.removed(color).contains(&card(c)));
            assert!(obs.removed(color).contains(&card(c)));
            assert_eq!(obs.removed(color).len(), before.removed(color).len() + 1);
        }
    }
}

// ---- End -----------------------------------------------------------------

/// Rules Z42 and Z43: with no attack a player must pass (and only then); two passes draw.
#[test]
fn a_player_without_attack_must_pass_and_two_passes_draw() {
    let mut g = game(&[("c4", "r7c"), ("k4", "b7h")]);
    assert_eq!(legal(&g), ["pass"]);
    play(&mut g, &["pass"]);
    assert_eq!(g.passes(), 1);
    assert_eq!(legal(&g), ["pass"]);
    play(&mut g, &["pass"]);
    assert_eq!(g.ending(), Some(Ending::Draw(DrawReason::TwoPasses)));
    assert!(g.outcome().unwrap().is_draw());
    // With an attack, passing is refused.
    let g = game(&[("c4", "r7c"), ("d4", "b7h")]);
    let mv = Move::Pass;
    assert_eq!(g.clone().apply(mv), Err(IllegalMove::MayNotPass { mv, color: Player::Red }));
}

/// Rule Z43: a pass followed by an attack does not count toward the two-pass draw.
#[test]
fn a_pass_then_an_attack_does_not_draw() {
    let mut g = game(&[("c4", "r7c"), ("e4", "b7h"), ("h2", "b2c"), ("j2", "r3d")]);
    play(&mut g, &["pass"]); // Red has no attack
    assert_eq!(legal(&g), ["pass"]); // Blue neither
    let mut g = game_with(&[("c4", "r7c"), ("e4", "b7h"), ("i2", "b2c"), ("j2", "r3d")], Player::Red);
    play(&mut g, &["j2xi2", "end"]); // Red attacks, Blue has no attack
    play(&mut g, &["pass"]);
    assert_eq!(g.passes(), 1);
    assert!(g.ending().is_none());
}

/// Rules Z44 and Z45: the no-removal limit counts every ply, resets on a removal, defaults to 200, is at least 1.
#[test]
fn no_removal_for_the_configured_number_of_plies_draws() {
    let mut s = setup(&[("c4", "rKs"), ("d4", "bKd"), ("c3", "bKc"), ("j2", "b4c"), ("k2", "r4c")]);
    s.config = Config::default().with_no_removal_limit(4);
    let mut g = Zama::from_setup(&s).unwrap();
    play(&mut g, &["c4xd4"]); // clash lost: 1 quiet ply
    assert_eq!(g.quiet_plies(), 1);
    play(&mut g, &["d4xc4"]); // Blue K♦ on Red K♠: clash won, shifts
    assert_eq!(g.quiet_plies(), 2);
    play(&mut g, &["end"]);
    assert_eq!(g.quiet_plies(), 3);
    assert!(g.ending().is_none());
    play(&mut g, &["k2xj2"]); // a tie removes two cards: the count restarts
    assert_eq!(g.quiet_plies(), 0);
    play(&mut g, &["end", "c3xc4", "c4xd4", "d4xc4"]);
    assert_eq!(g.quiet_plies(), 4);
    assert_eq!(g.ending(), Some(Ending::Draw(DrawReason::NoRemoval)));
    assert!(Zama::from_setup(&Setup { config: Config::default().with_no_removal_limit(0), ..setup(&[]) }).is_err());
    assert_eq!(Config::default().no_removal_limit, 200);
}

/// Rule Z45: a turn is attack, then shifts or peeks, each its own ply.
#[test]
fn moves_of_the_wrong_phase_are_refused() {
    let mut g = game(&[("c4", "rQc"), ("d4", "b5h")]);
    for text in ["c4-c3", "end", "peek d4"] {
        let mv: Move = text.parse().unwrap();
        assert_eq!(g.clone().apply(mv), Err(IllegalMove::WrongPhase { mv, phase: Phase::Attack }), "{text}");
    }
    play(&mut g, &["c4xd4"]);
    for text in ["c4xd4", "pass", "peek c4"] {
        let mv: Move = text.parse().unwrap();
        assert!(matches!(g.clone().apply(mv), Err(IllegalMove::WrongPhase { .. })), "{text}");
    }
    // The error names the phase the game is in.
    let mv: Move = "pass".parse().unwrap();
    assert_eq!(g.clone().apply(mv).unwrap_err().to_string(), "illegal move pass: not allowed in the shifts phase");
    let names = [Phase::Attack, g.phase(), Phase::Peek { peeked: None }, Phase::Over(Ending::Win(Player::Red))]
        .map(Phase::name);
    assert_eq!(names, ["attack", "shifts", "peeks", "over"]);
}

// ---- Diagrams ------------------------------------------------------------

/// Rule Z26: the opponent sees which card was peeked, not the card.
#[test]
fn diagrams_show_what_each_player_knows() {
    let mut g = game(&[("c4", "r7c"), ("d4", "b7h"), ("j2", "b3c")]);
    play(&mut g, &["c4xd4", "peek j2", "end"]);
    let red = g.diagram_for(Player::Red).unwrap();
    let blue = g.diagram_for(Player::Blue).unwrap();
    assert!(red.contains(" b3c "), "{red}");
    assert!(blue.contains(" b??'"), "Blue sees that Red knows the card on j2:\n{blue}");
    let board: String = blue.lines().take_while(|l| !l.starts_with("removed")).collect();
    assert!(!board.contains("3c"), "{blue}");
    assert!(red.contains("removed Red:") && red.contains("7c"));
    // The whole truth shows every card.
    assert!(g.to_string().contains(" b3c "));
    assert_eq!(g.diagram(), g.to_string());
    let rank_2 = blue.lines().find(|l| l.starts_with(" 2 ")).unwrap();
    assert_eq!(rank_2.split_whitespace().nth(10), Some("b??'"), "{rank_2}");
}
