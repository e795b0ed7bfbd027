//! Golden values pinning seeded deals and a seeded match, so that the same
//! seed gives the same game in every future version.

use carte_core::{Game, Outcome, Seeded, deal_rng};
use gonzago_rules::{ByPlayer, Config, Deck, Hand, Match, MatchMode, Player, heuristic_move};

fn deal_text(hand: &Hand) -> String {
    let d = hand.deck();
    let stock: Vec<String> = hand.stock().map(|c| d.show(c).to_string()).collect();
    format!(
        "dealer {:?} | A {} | B {} | stock {}",
        hand.dealer(),
        d.show_cards(hand.held(Player::A)),
        d.show_cards(hand.held(Player::B)),
        stock.join(" ")
    )
}

#[test]
fn seeded_deals_are_pinned() {
    let cases = [
        (
            Deck::Italian,
            0,
            "dealer A | A Ab 5c 7d 7s | B 7b Fd Fs Rs | stock 2d 6s 6d 2b As 2s 6c 3s Rb Fb Ad 4d 5s 3b Rc Fc 2c 7c Rd Ac 5b 3c 3d Cb 5d 4c Cd Cc Cs 4s 6b 4b",
        ),
        (
            Deck::Italian,
            2026,
            "dealer B | A 2d 2s 5c Fd | B 6b Fs Cs Cb | stock 5s Fb Ac 2c Ad 4d Cc 7s 3s Rb 3c Fc 5b 5d As 6c 3d Rs Cd 4s Rd 7b Rc 4c Ab 7c 7d 6s 4b 2b 6d 3b",
        ),
        // The same seed deals the same positions on the French faces.
        (
            Deck::French,
            2026,
            "dealer B | A 2d 2h 5c Jd | B 6s Jh Qh Qs | stock 5h Js Ac 2c Ad 4d Qc 7h 3h Ks 3c Jc 5s 5d Ah 6c 3d Kh Qd 4h Kd 7s Kc 4c As 7c 7d 6h 4s 2s 6d 3s",
        ),
    ];
    for (deck, seed, expected) in cases {
        assert_eq!(deal_text(&Hand::from_seed(&deck, seed).unwrap()), expected, "{deck} {seed}");
    }
}

#[test]
fn a_seeded_heuristic_match_is_pinned() {
    let config = Config { deck: Deck::Italian, mode: MatchMode::Points };
    let mut game = Match::from_seed(&config, 2026).unwrap();
    let mut rng = deal_rng(7);
    let mut first_hand = Vec::new();
    while !game.is_over() {
        let mv = heuristic_move(game.hand(), &mut rng).unwrap();
        if game.hand_number() == 0 {
            first_hand.push(mv.to_string());
        }
        game.apply(mv).unwrap();
    }
    assert_eq!(
        first_hand,
        [
            "play 2d 2s",
            "draw",
            "draw",
            "draw",
            "draw",
            "play Ac",
            "play 2c",
            "draw",
            "draw",
            "play Ad",
            "draw",
            "draw",
            "draw",
            "draw",
            "draw",
            "play Rb",
            "play Cc",
            "play Fs",
            "draw",
            "play Cs Cb",
            "play Fc Fd Fb",
            "play 7s",
            "draw",
            "play 6b",
            "play 5c 5b",
            "draw",
            "play 4d",
            "play 5d 5s",
        ]
    );
    assert_eq!(game.hand_number(), 10);
    assert_eq!(game.points(), ByPlayer::new(22, 18));
    assert_eq!(game.wins(), ByPlayer::new(4, 4));
    assert_eq!(game.outcome(), Some(Outcome::from_returns(vec![-1.0, 1.0])));
}
