//! The heuristic player: legal, blind to hidden cards, and better than
//! random.

use carte_core::{DealRng, Game, HiddenInfo, Seat, deal_rng};
use zama_rules::{Config, Ending, Move, Player, Zama, heuristic_move};

fn swap_two_unknown(game: &Zama, seat: Player) -> Option<Zama> {
    let cells: Vec<_> = game.cells_of(seat.other()).iter().filter(|&sq| !game.knows(seat, sq)).collect();
    let (&a, &b) = (cells.first()?, cells.last()?);
    if a == b {
        return None;
    }
    let mut setup = game.to_setup();
    setup.board.swap(a.index(), b.index());
    Zama::from_setup(&setup).ok()
}

#[test]
fn plays_legal_moves_and_reads_only_its_view() {
    let mut game = Zama::new(&Config::default(), 8).unwrap();
    let mut rng = deal_rng(8);
    let mut plies = 0;
    while !game.is_over() && plies < 400 {
        let me = game.to_move();
        let mv = heuristic_move(&game, &mut rng.clone()).unwrap();
        assert!(game.is_legal(mv), "{mv}");
        if let Some(other) = swap_two_unknown(&game, me) {
            assert_eq!(other.observation(me.seat()).unwrap(), game.observation(me.seat()).unwrap());
            assert_eq!(heuristic_move(&other, &mut rng.clone()).unwrap(), mv, "the choice depends on hidden cards");
        }
        heuristic_move(&game, &mut rng).unwrap();
        game.apply(mv).unwrap();
        plies += 1;
    }
}

#[test]
fn takes_the_king_of_hearts_when_it_can() {
    let mut s = zama_rules::Setup::empty(Config::default());
    for (c, k) in [("c4", "rKs"), ("d4", "bKh"), ("c5", "b2c"), ("h1", "bKs"), ("k1", "rKh")] {
        s.place(c.parse().unwrap(), k.parse().unwrap());
    }
    s.known[Player::Red].insert("c4".parse().unwrap());
    s.known[Player::Blue].insert("c4".parse().unwrap());
    s.face_up.insert("c4".parse().unwrap());
    s.known[Player::Red].insert("d4".parse().unwrap());
    let game = Zama::from_setup(&s).unwrap();
    assert_eq!(heuristic_move(&game, &mut deal_rng(0)).unwrap(), "c4xd4".parse::<Move>().unwrap());
}

fn match_up(games: u64) -> (u32, u32) {
    let (mut heuristic, mut random) = (0, 0);
    for seed in 0..games {
        let mut game = Zama::new(&Config::default(), seed).unwrap();
        let mut rng: DealRng = deal_rng(seed);
        let smart = if seed % 2 == 0 { Player::Red } else { Player::Blue };
        while !game.is_over() {
            let mv = if game.to_move() == smart {
                heuristic_move(&game, &mut rng).unwrap()
            } else {
                game.random_move(&mut rng).unwrap()
            };
            game.apply(mv).unwrap();
        }
        match game.ending() {
            Some(Ending::Win(c)) if c == smart => heuristic += 1,
            Some(Ending::Win(_)) => random += 1,
            _ => {}
        }
    }
    let _ = Seat::new(0);
    (heuristic, random)
}

#[test]
fn beats_a_random_player() {
    let (h, r) = match_up(16);
    assert!(h > 2 * r + 2, "heuristic {h} wins, random {r}");
}

#[test]
fn evaluation_is_zero_sum_and_short_of_a_win() {
    let mut game = Zama::new(&Config::default(), 3).unwrap();
    let mut rng = deal_rng(3);
    let mut out = [0.0; 2];
    for _ in 0..300 {
        if game.is_over() {
            break;
        }
        zama_rules::evaluate(&game, &mut out);
        assert_eq!(out[0], -out[1]);
        assert!(out[0].abs() <= 0.55, "{out:?}");
        game.play_random_move(&mut rng);
    }
    // Equal card counts and equally far kings give nothing to either side.
    let start = Zama::new(&Config::default(), 3).unwrap();
    zama_rules::evaluate(&start, &mut out);
    let spade = |c: Player| start.cell_of(zama_rules::ZamaCard::king_of_spades(c)).unwrap();
    let heart = |c: Player| start.cell_of(zama_rules::ZamaCard::king_of_hearts(c)).unwrap();
    let reach = |c: Player| 0.3 / f64::from(spade(c).distance(heart(c.other())).max(1));
    assert!((out[0] - (reach(Player::Red) - reach(Player::Blue))).abs() < 1e-12);
}

/// The heuristic and the evaluation with four seats: legal moves, blind to
/// hidden cards, one value per seat, -1 for an eliminated seat.
#[test]
fn four_players_legal_blind_and_evaluated_per_seat() {
    let config = Config::default().with_players(4);
    let mut game = Zama::new(&config, 8).unwrap();
    let mut rng = deal_rng(8);
    let mut out = [0.0; 4];
    let mut plies = 0;
    while !game.is_over() && plies < 300 {
        let me = game.to_move();
        let mv = heuristic_move(&game, &mut rng.clone()).unwrap();
        assert!(game.is_legal(mv), "{mv}");
        let others: Vec<Player> = game.seats().iter().copied().filter(|&c| c != me).collect();
        for other in others {
            let cells: Vec<_> = game.cells_of(other).iter().filter(|&sq| !game.knows(me, sq)).collect();
            if let (Some(&a), Some(&b)) = (cells.first(), cells.last())
                && a != b
            {
                let mut setup = game.to_setup();
                setup.board.swap(a.index(), b.index());
                let swapped = Zama::from_setup(&setup).unwrap();
                assert_eq!(
                    heuristic_move(&swapped, &mut rng.clone()).unwrap(),
                    mv,
                    "the choice depends on hidden cards"
                );
            }
        }
        zama_rules::evaluate(&game, &mut out);
        for (seat, v) in game.seats().iter().zip(out) {
            if game.is_in(*seat) {
                assert!(v.abs() <= 0.55, "{seat}: {v}");
            } else {
                assert_eq!(v, -1.0);
            }
        }
        heuristic_move(&game, &mut rng).unwrap();
        game.apply(mv).unwrap();
        plies += 1;
    }
    // An eliminated seat is valued as lost.
    let mut s = zama_rules::Setup::empty(config);
    for (c, k) in [
        ("c4", "rKs"),
        ("d4", "bKh"),
        ("a16", "bKs"),
        ("e16", "rKh"),
        ("g16", "gKs"),
        ("i16", "gKh"),
        ("k16", "yKs"),
        ("m16", "yKh"),
    ] {
        s.place(c.parse().unwrap(), k.parse().unwrap());
    }
    let mut g = Zama::from_setup(&s).unwrap();
    g.apply("c4xd4".parse().unwrap()).unwrap();
    zama_rules::evaluate(&g, &mut out);
    assert_eq!(out[1], -1.0);
    // Green's and Yellow's K♠s stand two cells from an enemy K♥, Red's
    // eighteen: Red is behind, Green and Yellow level.
    assert!(out[0] < out[2] && out[0] < out[3], "{out:?}");
    assert!((out[2] - out[3]).abs() < 1e-12, "{out:?}");
}

#[test]
fn the_prior_follows_the_battle_and_the_king_hunt() {
    // Red's K♠ on c4 next to Blue's K♥ on d4 (a win), Blue's 2 on c5 (a
    // won attack), and Red's K♥ far away on k1.
    let mut s = zama_rules::Setup::empty(Config::default());
    for (c, k) in [("c4", "rKs"), ("d4", "bKh"), ("c5", "b2c"), ("h1", "bKs"), ("k1", "rKh")] {
        s.place(c.parse().unwrap(), k.parse().unwrap());
    }
    let game = Zama::from_setup(&s).unwrap();
    let prior = |m: &str| zama_rules::move_prior(&game, m.parse().unwrap());
    assert_eq!(prior("c4xd4"), 1.0);
    assert_eq!(prior("c4xc5"), 0.8);
    // With Blue's K♥ two cells away on e4, the won attack on c5 lets Red
    // shift: bringing its K♠ (or the K♥) closer is promising, taking them
    // apart is not, any other shift is neutral.
    let mut s = zama_rules::Setup::empty(Config::default());
    for (c, k) in [("c4", "rKs"), ("e4", "bKh"), ("c5", "b2c"), ("h1", "bKs"), ("k1", "rKh")] {
        s.place(c.parse().unwrap(), k.parse().unwrap());
    }
    let mut after = Zama::from_setup(&s).unwrap();
    after.apply("c4xc5".parse().unwrap()).unwrap();
    let prior = |m: &str| zama_rules::move_prior(&after, m.parse().unwrap());
    assert_eq!(prior("c4-d4"), 0.9);
    assert_eq!(prior("e4-d4"), 0.9);
    assert_eq!(prior("c4-b4"), 0.1);
    assert_eq!(prior("h1-h2"), 0.4);
    // Every legal move of a played game has a prior in [0, 1].
    let mut game = Zama::new(&Config::default(), 2).unwrap();
    let mut rng = deal_rng(2);
    for _ in 0..150 {
        if game.is_over() {
            break;
        }
        for mv in game.legal_move_vec() {
            let p = zama_rules::move_prior(&game, mv);
            assert!((0.0..=1.0).contains(&p), "{mv}: {p}");
        }
        game.apply(heuristic_move(&game, &mut rng).unwrap()).unwrap();
    }
}
