//! Determinization checked by statistics (issue 12): on a board with few
//! cards a seat does not know, `sample` must draw every arrangement of the
//! unknown cards on the unknown cells (each seat's cards on its own cells:
//! backs are public) equally often, and nothing else.
//!
//! The check is a chi-square test at a fixed seed with a false-alarm rate
//! of 1e-6 (see `carte_core::testing::SampleCheck`).

use carte_core::testing::{SampleCheck, check_sample_distribution, consistent_worlds};
use carte_core::{Card, HiddenInfo};
use zama_rules::{Config, Player, Setup, Square, Zama, ZamaCard};

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn card(owner: Player, s: &str) -> ZamaCard {
    ZamaCard::new(owner, s.parse::<Card>().unwrap())
}

/// Red and Blue on one rank: Red K♠ a1, K♥ c1, 2♣ e1, 3♣ g1; Blue K♠ b1,
/// K♥ d1, 5♦ f1, 9♥ h1. Red knows its two kings; Blue has peeked at e1.
fn small_board() -> Setup {
    let mut s = Setup::empty(Config::new());
    let red = [("a1", "K♠"), ("c1", "K♥"), ("e1", "2♣"), ("g1", "3♣")];
    let blue = [("b1", "K♠"), ("d1", "K♥"), ("f1", "5♦"), ("h1", "9♥")];
    for (cell, c) in red {
        s.board[sq(cell).index()] = Some(card(Player::Red, c));
    }
    for (cell, c) in blue {
        s.board[sq(cell).index()] = Some(card(Player::Blue, c));
    }
    s.known[Player::Red].insert(sq("a1"));
    s.known[Player::Red].insert(sq("c1"));
    s.known[Player::Blue].insert(sq("e1"));
    s
}

/// Four seats, each with its K♠ and K♥ only, on the first ranks; Red knows
/// its own kings and Green's K♥.
fn four_seat_board() -> Setup {
    let mut s = Setup::empty(Config::new().with_players(4));
    let cells = ["a1", "e1", "b1", "f1", "c1", "g1", "d1", "h1"];
    for (k, color) in Player::ALL.into_iter().enumerate() {
        assert_eq!(sq(cells[2 * k]).deal_seat(4), color);
        s.board[sq(cells[2 * k]).index()] = Some(ZamaCard::king_of_spades(color));
        s.board[sq(cells[2 * k + 1]).index()] = Some(ZamaCard::king_of_hearts(color));
    }
    s.known[Player::Red].insert(sq("a1"));
    s.known[Player::Red].insert(sq("e1"));
    s.known[Player::Red].insert(sq("g1"));
    s
}

/// Every arrangement of the cards `seat` does not know, each seat's cards
/// among its own unknown cells, as states (only those `from_setup` accepts).
fn arrangements(setup: &Setup, seat: Player) -> Vec<Zama> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for owner in Player::ALL {
        let cells: Vec<usize> = (0..setup.board.len())
            .filter(|&i| {
                let on = setup.board[i].is_some_and(|c| c.owner() == owner);
                on && !setup.known[seat].contains(Square::from_index(i).unwrap())
            })
            .collect();
        if !cells.is_empty() {
            groups.push(cells);
        }
    }
    let mut out = Vec::new();
    arrange(setup, &groups, 0, &mut out);
    out
}

fn arrange(setup: &Setup, groups: &[Vec<usize>], g: usize, out: &mut Vec<Zama>) {
    let Some(cells) = groups.get(g) else {
        if let Ok(game) = Zama::from_setup(setup) {
            out.push(game);
        }
        return;
    };
    let cards: Vec<ZamaCard> = cells.iter().map(|&i| setup.board[i].unwrap()).collect();
    permutations(&cards, &mut |perm| {
        let mut s = setup.clone();
        for (&i, &c) in cells.iter().zip(perm) {
            s.board[i] = Some(c);
        }
        arrange(&s, groups, g + 1, out);
    });
}

fn permutations<T: Copy>(items: &[T], f: &mut impl FnMut(&[T])) {
    fn go<T: Copy>(v: &mut Vec<T>, k: usize, f: &mut impl FnMut(&[T])) {
        if k == v.len() {
            return f(v);
        }
        for i in k..v.len() {
            v.swap(k, i);
            go(v, k + 1, f);
            v.swap(k, i);
        }
    }
    go(&mut items.to_vec(), 0, f);
}

fn factorial(n: usize) -> usize {
    (1..=n).product()
}

#[test]
fn samples_are_uniform_over_the_arrangements_of_unknown_cards() {
    let setup = small_board();
    let game = Zama::from_setup(&setup).unwrap();
    // Red does not know its 2 small cards nor Blue's 4; Blue knows only e1.
    for (seat, expected) in [(Player::Red, factorial(2) * factorial(4)), (Player::Blue, factorial(3) * factorial(4))] {
        let worlds = consistent_worlds(&game, seat.seat(), arrangements(&setup, seat));
        assert_eq!(worlds.len(), expected, "{seat}");
        let report = check_sample_distribution(&game, seat.seat(), &worlds, &SampleCheck::default())
            .unwrap_or_else(|e| panic!("{seat}: {e}"));
        assert!(report.counts.iter().all(|&c| c > 0), "{seat}: {report:?}");
    }
}

#[test]
fn four_seat_samples_are_uniform_too() {
    let setup = four_seat_board();
    let game = Zama::from_setup(&setup).unwrap();
    // Red: Blue's and Yellow's kings (2 each), Green's K♠ alone (1).
    let worlds = consistent_worlds(&game, Player::Red.seat(), arrangements(&setup, Player::Red));
    assert_eq!(worlds.len(), 4);
    check_sample_distribution(&game, Player::Red.seat(), &worlds, &SampleCheck::default()).unwrap();
    // Blue knows nothing: 2 arrangements per seat.
    let worlds = consistent_worlds(&game, Player::Blue.seat(), arrangements(&setup, Player::Blue));
    assert_eq!(worlds.len(), 16);
    check_sample_distribution(&game, Player::Blue.seat(), &worlds, &SampleCheck::default()).unwrap();
}

/// The sample reproduces the seat's view and never shows what the seat
/// does not know: Red's sample keeps its kings where they are.
#[test]
fn samples_keep_what_the_seat_knows() {
    let game = Zama::from_setup(&small_board()).unwrap();
    for k in 0..50 {
        let s = game.sample(Player::Red.seat(), &mut carte_core::deal_rng(k)).unwrap();
        assert_eq!(s.card_at(sq("a1")), Some(card(Player::Red, "K♠")));
        assert_eq!(s.card_at(sq("c1")), Some(card(Player::Red, "K♥")));
        assert_eq!(s.observation(Player::Red.seat()), game.observation(Player::Red.seat()));
    }
}
