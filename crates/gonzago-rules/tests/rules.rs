//! One test per rule of docs/rules/gonzago.md, on hand-built positions.

mod common;

use carte_core::{Game, Outcome, Seeded};
use common::{cards, position, setup};
use gonzago_rules::{
    ByPlayer, Card, CardSet, Deck, Hand, HandEnd, HandRecord, IllegalKind, Match, MatchMode, MatchStatus, Move, Player,
    Setup, Value,
};

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

fn kind(hand: &Hand, text: &str) -> IllegalKind {
    let mut copy = hand.clone();
    let err = copy.apply(mv(text)).expect_err(text);
    assert_eq!(&copy, hand, "a refused move changed the state");
    err.kind
}

fn legal(hand: &Hand) -> Vec<String> {
    hand.legal_move_vec().iter().map(ToString::to_string).collect()
}

fn v(n: u8) -> Value {
    Value::new(n).unwrap()
}

/// A leads 5c; B holds 4d 6d 6s Rb; 32 cards in the stock.
fn after_lead() -> Hand {
    position(Player::B, &["play 5c"], "2c 3c 4c", "4d 6d 6s Rb", "*")
}

/// The lead (Cc), then the 32 draws that empty the stock, B drawing first.
const EMPTYING: [&str; 33] = {
    let mut h = ["draw"; 33];
    h[0] = "play Cc";
    h
};

/// The stock is empty; B has played all the 4s and 6s, A has just played
/// 5d 5s 5b; B holds aces, twos, threes; nobody can play on the 5.
fn blocked_on_five() -> Hand {
    let mut history = EMPTYING.to_vec();
    history.extend(["play Fc", "play 7c", "play 6c 6d 6s 6b", "play 5c", "play 4c 4d 4s 4b", "play 5d 5s 5b"]);
    position(Player::B, &history, "*", "Ac Ad As Ab 2c 2d 2s 2b 3c 3d 3s", "")
}

/// As [`blocked_on_five`], but A kept the 6b: A can play after B passes.
fn six_kept_by_a() -> Hand {
    let mut history = EMPTYING.to_vec();
    history.extend(["play Fc", "play 7c", "play 6c 6d 6s", "play 5c", "play 4c 4d 4s 4b", "play 5d 5s 5b"]);
    position(Player::B, &history, "*", "Ac Ad As Ab 2c 2d 2s 2b 3c 3d 3s 3b", "")
}

/// A has led 4c 4d 4s, B drew; A holds only 5c and is to move.
fn a_about_to_close() -> gonzago_rules::HandSetup {
    setup(Player::B, &["play 4c 4d 4s", "draw"], "5c", "6d 6s Rb Rd 2d", "*")
}

/// B has led 4c 4d 4s, A drew; B holds only 5c and is to move; A holds 5.
fn b_about_to_close() -> gonzago_rules::HandSetup {
    setup(Player::A, &["play 4c 4d 4s", "draw"], "6d 6s Rb Rd 2d", "5c", "*")
}

// --- Deck -----------------------------------------------------------------

/// Rules G1 and G2: 40 cards, four of each value, Italian or French without 8, 9, 10.
#[test]
fn the_deck_has_forty_cards_four_of_each_value_on_both_faces() {
    for deck in [Deck::Italian, Deck::French] {
        let all: CardSet = deck.cards().into_iter().collect();
        assert_eq!(all, CardSet::ALL);
        for value in Value::ALL {
            assert_eq!(all.of_value(value).len(), 4);
        }
    }
    // French without 8, 9, 10: J, Q, K are 8, 9, 10.
    for t in ["8h", "9s", "10c", "Tc"] {
        assert!(Deck::French.parse_card(t).is_err(), "{t}");
    }
    assert_eq!(Deck::French.parse_card("Jd").unwrap().value(), v(8));
    assert_eq!(Deck::French.parse_card("Qd").unwrap().value(), v(9));
    assert_eq!(Deck::French.parse_card("Kd").unwrap().value(), v(10));
    assert_eq!(Deck::Italian.parse_card("Fd").unwrap().value(), v(8));
    assert_eq!(Deck::Italian.parse_card("Cd").unwrap().value(), v(9));
    assert_eq!(Deck::Italian.parse_card("Rd").unwrap().value(), v(10));
    assert_eq!(Deck::Italian.parse_card("Ad").unwrap().value(), Value::ACE);
}

/// Rule G3: suits do not matter for play.
#[test]
fn suits_do_not_matter_for_play() {
    // 4d on the 5c, as any 4 would.
    let mut hand = after_lead();
    hand.apply(mv("play 4d")).unwrap();
    assert_eq!(hand.top(), Some(v(4)));
}

// --- Adjacency ---------------------------------------------------------------

/// Rules G4 and G9: a play must be adjacent (one apart) to the top value.
#[test]
fn adjacent_values_differ_by_one() {
    assert!(v(4).is_adjacent(v(3)) && v(4).is_adjacent(v(5)));
    assert!(!v(4).is_adjacent(v(6)) && !v(4).is_adjacent(v(4)));
    let hand = after_lead();
    assert_eq!(legal(&hand), ["play 4d", "play 6d 6s", "play 6s", "play 6d", "draw"]);
    assert_eq!(kind(&hand, "play Rb"), IllegalKind::NotAdjacent { value: v(10), top: v(5) });
}

/// Rule G4: the Ace and the Re are adjacent, both ways; the Cavallo is not adjacent to the Ace.
#[test]
fn ace_and_re_are_adjacent_both_ways() {
    let on_re = position(Player::B, &["play Rc"], "2c 3c 4c", "Ad Cd 2d 5d", "*");
    assert_eq!(legal(&on_re), ["play Ad", "play Cd", "draw"]);
    let mut h = on_re.clone();
    h.apply(mv("play Ad")).unwrap();
    assert_eq!(h.top(), Some(Value::ACE));

    let on_ace = position(Player::B, &["play Ac"], "2c 3c 4c", "Rd 2d 3d 5d", "*");
    assert_eq!(legal(&on_ace), ["play 2d", "play Rd", "draw"]);
    let mut h = on_ace.clone();
    h.apply(mv("play Rd")).unwrap();
    assert_eq!(h.top(), Some(Value::KING));
    assert_eq!(kind(&on_ace, "play 3d"), IllegalKind::NotAdjacent { value: v(3), top: Value::ACE });
    // Circular adjacency does not make the Cavallo adjacent to the Ace.
    assert!(!Value::ACE.is_adjacent(v(9)));
}

// --- Deal ----------------------------------------------------------------

/// Rules G5 and G7: the seed draws the dealer; four cards each, 32 in the stock.
#[test]
fn the_deal_gives_four_cards_each_and_a_stock_of_thirty_two() {
    let mut dealers = Vec::new();
    for seed in 0..24 {
        for deck in [Deck::Italian, Deck::French] {
            let hand = Hand::from_seed(&deck, seed).unwrap();
            assert_eq!(hand.hand_len(Player::A), 4);
            assert_eq!(hand.hand_len(Player::B), 4);
            assert_eq!(hand.stock_len(), 32);
            assert_eq!(hand.table(), CardSet::EMPTY);
            assert_eq!(hand.top(), None);
            let stock: CardSet = hand.stock().collect();
            assert_eq!(stock | hand.held(Player::A) | hand.held(Player::B), CardSet::ALL);
            dealers.push(hand.dealer());
        }
    }
    // The seed draws the first dealer: both occur.
    assert!(dealers.contains(&Player::A) && dealers.contains(&Player::B));
}

/// Rule G6: the dealer alternates each hand.
#[test]
fn the_dealer_alternates_each_hand_of_a_match() {
    let config = gonzago_rules::Config { deck: Deck::Italian, mode: MatchMode::Points };
    let mut game = Match::from_seed(&config, 11).unwrap();
    assert_eq!(game.first_dealer(), Hand::from_seed(&Deck::Italian, 11).unwrap().dealer());
    assert_eq!(*game.hand(), Hand::from_seed(&Deck::Italian, 11).unwrap());
    let mut rng = carte_core::deal_rng(5);
    let mut dealers = vec![game.hand().dealer()];
    while !game.is_over() {
        let number = game.hand_number();
        game.apply(gonzago_rules::heuristic_move(game.hand(), &mut rng).unwrap()).unwrap();
        if game.hand_number() != number {
            dealers.push(game.hand().dealer());
            assert_eq!(game.hand().plies(), 0);
            assert_eq!(game.hand().stock_len(), 32);
        }
    }
    assert!(dealers.len() > 2, "a points match lasts several hands");
    for pair in dealers.windows(2) {
        assert_eq!(pair[1], pair[0].other());
    }
}

// --- Lead ----------------------------------------------------------------

/// Rule G8: the non-dealer leads, always with a play, of any value.
#[test]
fn the_non_dealer_leads_a_play_of_any_value() {
    let hand = position(Player::B, &[], "4c 4d 4s 7b", "2d 2s Cc Rb", "*");
    assert_eq!(hand.to_move(), Some(Player::A));
    let moves = legal(&hand);
    assert_eq!(moves.len(), 8, "seven plays of 4s and the 7b: {moves:?}");
    assert!(moves.iter().all(|m| m.starts_with("play")));
    assert_eq!(kind(&hand, "draw"), IllegalKind::MustLead);
    assert_eq!(kind(&hand, "pass"), IllegalKind::MustLead);
    let hand = position(Player::A, &[], "2d 2s Cc Rb", "4c 4d 4s 7b", "*");
    assert_eq!(hand.to_move(), Some(Player::B));
}

/// Rule G9: a play is one card or several cards of one value.
#[test]
fn a_play_may_be_several_cards_of_one_value() {
    let mut hand = position(Player::B, &[], "4c 4d 4s 7b", "2d 2s Cc Rb", "*");
    hand.apply(mv("play 4c 4d 4s")).unwrap();
    assert_eq!(hand.held(Player::A), cards("7b"));
    assert_eq!(hand.table(), cards("4c 4d 4s"));
    assert_eq!(hand.top(), Some(v(4)));
    assert_eq!(hand.to_move(), Some(Player::B));
    // A multi-card answer: B plays both 6s on the 5.
    let mut hand = after_lead();
    hand.apply(mv("play 6d 6s")).unwrap();
    assert_eq!(hand.held(Player::B), cards("4d Rb"));
    assert_eq!(hand.top(), Some(v(6)));
}

/// Rule G10: a play never mixes values.
#[test]
fn a_play_never_mixes_values() {
    let hand = position(Player::B, &[], "4c 4d 5s 7b", "2d 2s Cc Rb", "*");
    assert_eq!(kind(&hand, "play 4c 5s"), IllegalKind::MixedValues);
    let hand = after_lead();
    assert_eq!(kind(&hand, "play 4d 6d"), IllegalKind::MixedValues);
}

/// Rule G11: only held cards are played.
#[test]
fn only_held_cards_are_played() {
    let hand = after_lead();
    assert_eq!(kind(&hand, "play 4c"), IllegalKind::NotHeld { card: "4c".parse().unwrap() });
    assert_eq!(kind(&hand, "play 6d 6c"), IllegalKind::NotHeld { card: "6c".parse().unwrap() });
    assert_eq!(kind(&hand, "play 5c"), IllegalKind::NotHeld { card: "5c".parse().unwrap() });
    // A play of no card cannot even be written: it would print as text
    // that reads back as no move.
    assert_eq!(Move::play(Deck::Italian, CardSet::EMPTY), None);
    assert_eq!(gonzago_rules::Play::new(Deck::Italian, CardSet::EMPTY), None);
}

// --- Draw ----------------------------------------------------------------

/// Rules G12 and G15: a draw is allowed even holding a playable card, ends the turn, leaves the top.
#[test]
fn a_draw_is_allowed_while_holding_a_playable_card_and_ends_the_turn() {
    let mut hand = after_lead();
    assert!(!hand.playable(Player::B).is_empty());
    let top_card = hand.stock().next().unwrap();
    hand.apply(Move::Draw).unwrap();
    assert!(hand.held(Player::B).contains(top_card));
    assert_eq!(hand.hand_len(Player::B), 5);
    assert_eq!(hand.stock_len(), 31);
    assert_eq!(hand.top(), Some(v(5)), "a draw leaves the table as it is");
    assert_eq!(hand.to_move(), Some(Player::A));
}

/// Rule G12: no draw from an empty stock.
#[test]
fn no_draw_from_an_empty_stock() {
    let hand = blocked_on_five();
    assert_eq!(hand.stock_len(), 0);
    assert_eq!(kind(&hand, "draw"), IllegalKind::StockEmpty);
}

// --- Pass ----------------------------------------------------------------

/// Rules G13 and G12: no pass while the stock has cards, even with nothing playable.
#[test]
fn a_pass_needs_an_empty_stock() {
    let hand = after_lead();
    assert_eq!(kind(&hand, "pass"), IllegalKind::StockNotEmpty);
    // Even with nothing playable, a non-empty stock means draw.
    let hand = position(Player::B, &["play 5c"], "2c 3c 4c", "Ad 2d 2s Rb", "*");
    assert_eq!(legal(&hand), ["draw"]);
}

/// Rules G13 and G15: pass with an empty stock and nothing playable; the top stays.
#[test]
fn a_forced_pass_with_an_empty_stock_and_nothing_playable() {
    let mut hand = blocked_on_five();
    assert_eq!(hand.to_move(), Some(Player::B));
    assert_eq!(legal(&hand), ["pass"]);
    hand.apply(Move::Pass).unwrap();
    assert_eq!(hand.top(), Some(v(5)), "a pass leaves the top value");
    assert_eq!(hand.to_move(), Some(Player::A));
    assert_eq!(hand.end(), None);
}

/// Rule G14: with an empty stock a player who can play must play.
#[test]
fn with_an_empty_stock_a_player_who_can_play_must_play() {
    let mut hand = six_kept_by_a();
    hand.apply(Move::Pass).unwrap(); // B: nothing on the 5
    assert_eq!(legal(&hand), ["play 6b"]);
    assert_eq!(kind(&hand, "pass"), IllegalKind::CanPlay { card: "6b".parse().unwrap() });
    assert_eq!(kind(&hand, "draw"), IllegalKind::StockEmpty);
}

// --- End of a hand --------------------------------------------------------

/// Rule G16: playing the last card closes and wins the hand (+1/−1).
#[test]
fn playing_the_last_card_closes_and_wins_the_hand() {
    let mut hand = Hand::from_setup(&a_about_to_close()).unwrap();
    assert_eq!(hand.to_move(), Some(Player::A));
    hand.apply(mv("play 5c")).unwrap();
    assert_eq!(hand.end(), Some(HandEnd::Closed { winner: Player::A }));
    assert_eq!(hand.outcome(), Some(Outcome::from_returns(vec![1.0, -1.0])));
    assert!(hand.legal_move_vec().is_empty());
    assert_eq!(kind(&hand, "draw"), IllegalKind::Over);
    assert_eq!(kind(&hand, "play 6d"), IllegalKind::Over);

    let mut hand = Hand::from_setup(&b_about_to_close()).unwrap();
    hand.apply(mv("play 5c")).unwrap();
    assert_eq!(hand.outcome(), Some(Outcome::from_returns(vec![-1.0, 1.0])));
}

/// Rule G16: a lead of the last cards closes the hand too.
#[test]
fn a_closing_lead_of_several_cards_wins_at_once() {
    let mut hand = position(Player::B, &[], "4c 4d 4s 4b", "2d 2s Cc Rb", "*");
    hand.apply(mv("play 4c 4d 4s 4b")).unwrap();
    assert_eq!(hand.end(), Some(HandEnd::Closed { winner: Player::A }));
}

/// Rule G17: two passes in a row draw the hand.
#[test]
fn two_passes_in_a_row_draw_the_hand() {
    let mut hand = blocked_on_five();
    hand.apply(Move::Pass).unwrap();
    assert_eq!(legal(&hand), ["pass"]);
    hand.apply(Move::Pass).unwrap();
    assert_eq!(hand.end(), Some(HandEnd::Drawn));
    assert_eq!(hand.outcome(), Some(Outcome::draw(2)));
    assert_eq!(kind(&hand, "pass"), IllegalKind::Over);
}

/// Rules G17 and G15: a play between two passes keeps the hand going.
#[test]
fn a_play_between_two_passes_keeps_the_hand_going() {
    let mut hand = six_kept_by_a();
    hand.apply(Move::Pass).unwrap(); // B
    hand.apply(mv("play 6b")).unwrap(); // A
    hand.apply(Move::Pass).unwrap(); // B: nothing on the 6
    assert_eq!(hand.end(), None);
    assert_eq!(hand.to_move(), Some(Player::A));
    assert_eq!(
        legal(&hand),
        ["play 7d 7s 7b", "play 7s 7b", "play 7d 7b", "play 7b", "play 7d 7s", "play 7s", "play 7d"]
    );
}

// --- Match modes -------------------------------------------------------------

fn in_match(mode: MatchMode, hand: gonzago_rules::HandSetup, wins: (u64, u64), points: (u64, u64)) -> Match {
    let last = HandRecord { end: HandEnd::Closed { winner: Player::B }, left: ByPlayer::new(1, 0) };
    let setup = Setup {
        mode,
        seed: 99,
        first_dealer: hand.dealer,
        hand_number: if mode == MatchMode::Single { 0 } else { 2 },
        wins: ByPlayer::new(wins.0, wins.1),
        points: ByPlayer::new(points.0, points.1),
        last_hand: (mode != MatchMode::Single).then_some(last),
        hand,
    };
    Match::from_setup(&setup).unwrap_or_else(|e| panic!("{e}"))
}

fn drawn_next(hand: &Hand) -> gonzago_rules::HandSetup {
    let mut h = hand.clone();
    h.apply(Move::Pass).unwrap();
    h.to_setup()
}

/// Rule G18: a single-hand match is the hand's result.
#[test]
fn single_hand_the_closer_wins_the_match() {
    let mut game = in_match(MatchMode::Single, a_about_to_close(), (0, 0), (0, 0));
    game.apply(mv("play 5c")).unwrap();
    assert_eq!(game.status(), MatchStatus::Won(Player::A));
    assert_eq!(game.outcome(), Some(Outcome::from_returns(vec![1.0, -1.0])));
    assert!(game.clone().apply(Move::Draw).is_err());
    // A drawn single hand draws the match.
    let mut game = in_match(MatchMode::Single, drawn_next(&blocked_on_five()), (0, 0), (0, 0));
    game.apply(Move::Pass).unwrap();
    assert_eq!(game.status(), MatchStatus::Drawn);
    assert_eq!(game.outcome(), Some(Outcome::draw(2)));
}

/// Rule G19: best of three: the first to two wins.
#[test]
fn best_of_three_the_first_to_two_wins() {
    let mut game = in_match(MatchMode::BestOfThree, a_about_to_close(), (1, 1), (1, 3));
    game.apply(mv("play 5c")).unwrap();
    assert_eq!(game.wins(), ByPlayer::new(2, 1));
    assert_eq!(game.status(), MatchStatus::Won(Player::A));
    assert_eq!(game.outcome(), Some(Outcome::from_returns(vec![1.0, -1.0])));
    // One win is not enough.
    let mut game = in_match(MatchMode::BestOfThree, a_about_to_close(), (0, 1), (1, 3));
    game.apply(mv("play 5c")).unwrap();
    assert_eq!(game.status(), MatchStatus::Running);
    assert_eq!(game.hand_number(), 3);
}

/// Rules G19 and G6: a drawn hand counts for nobody; the next hand has the other dealer.
#[test]
fn best_of_three_a_drawn_hand_does_not_count() {
    let mut game = in_match(MatchMode::BestOfThree, drawn_next(&blocked_on_five()), (1, 1), (1, 3));
    let dealer = game.hand().dealer();
    game.apply(Move::Pass).unwrap();
    assert_eq!(game.status(), MatchStatus::Running);
    assert_eq!(game.wins(), ByPlayer::new(1, 1));
    assert_eq!(game.hand_number(), 3);
    assert_eq!(game.hand().dealer(), dealer.other());
    assert_eq!(game.last_hand(), Some(HandRecord { end: HandEnd::Drawn, left: ByPlayer::new(14, 11) }));
}

/// Rules G20, G21 and G22: cards left are added; reaching 21 loses (+1/−1).
#[test]
fn points_each_player_adds_the_cards_left_and_reaching_21_loses() {
    // B closes; A holds 5 cards: 15 + 5 = 20, the match goes on.
    let mut game = in_match(MatchMode::Points, b_about_to_close(), (0, 1), (15, 3));
    game.apply(mv("play 5c")).unwrap();
    assert_eq!(game.points(), ByPlayer::new(20, 3));
    assert_eq!(game.status(), MatchStatus::Running);
    // From 16, the same hand takes A to 21: A loses.
    let mut game = in_match(MatchMode::Points, b_about_to_close(), (0, 1), (16, 3));
    game.apply(mv("play 5c")).unwrap();
    assert_eq!(game.points(), ByPlayer::new(21, 3));
    assert_eq!(game.status(), MatchStatus::Won(Player::B));
    assert_eq!(game.outcome(), Some(Outcome::from_returns(vec![-1.0, 1.0])));
}

/// Rule G20: a drawn hand scores both players' cards left.
#[test]
fn points_a_drawn_hand_scores_both_players() {
    let mut game = in_match(MatchMode::Points, drawn_next(&blocked_on_five()), (0, 1), (1, 3));
    game.apply(Move::Pass).unwrap();
    assert_eq!(game.points(), ByPlayer::new(15, 14));
    assert_eq!(game.status(), MatchStatus::Running);
}

/// Rule G22: both at 21 or more: the higher total loses.
#[test]
fn points_both_reach_21_the_higher_total_loses() {
    // Drawn hand: A adds 14, B adds 11.
    let mut game = in_match(MatchMode::Points, drawn_next(&blocked_on_five()), (0, 1), (8, 10));
    game.apply(Move::Pass).unwrap();
    assert_eq!(game.points(), ByPlayer::new(22, 21));
    assert_eq!(game.status(), MatchStatus::Won(Player::B));
    let mut game = in_match(MatchMode::Points, drawn_next(&blocked_on_five()), (0, 1), (6, 12));
    game.apply(Move::Pass).unwrap();
    assert_eq!(game.points(), ByPlayer::new(20, 23));
    assert_eq!(game.status(), MatchStatus::Won(Player::A));
    // Both over 21, B higher: B loses.
    let mut game = in_match(MatchMode::Points, drawn_next(&blocked_on_five()), (0, 1), (7, 12));
    game.apply(Move::Pass).unwrap();
    assert_eq!(game.points(), ByPlayer::new(21, 23));
    assert_eq!(game.status(), MatchStatus::Won(Player::A));
}

/// Rule G22: both at 21 with equal totals draw the match.
#[test]
fn points_both_reach_21_with_equal_totals_draw_the_match() {
    let mut game = in_match(MatchMode::Points, drawn_next(&blocked_on_five()), (0, 1), (7, 10));
    game.apply(Move::Pass).unwrap();
    assert_eq!(game.points(), ByPlayer::new(21, 21));
    assert_eq!(game.status(), MatchStatus::Drawn);
    assert_eq!(game.outcome(), Some(Outcome::draw(2)));
    assert!(game.legal_move_vec().is_empty());
}

// --- Notation and errors -------------------------------------------------------

#[test]
fn notation_reads_what_people_type_on_each_deck() {
    let play = Move::play(Deck::Italian, ["4c", "4d"].map(|c| c.parse::<Card>().unwrap())).unwrap();
    assert_eq!(mv("play 4c 4d"), play);
    assert_eq!(mv("4D, 4C"), play);
    assert_eq!(Deck::Italian.parse_move("PLAY 4c 4d").unwrap(), play);
    let french = Deck::French.parse_move("play 4c 4d").unwrap();
    assert_eq!(french.cards(), play.cards(), "clubs/diamonds sit where coppe/denari do");
    assert_eq!(french, play.on_deck(Deck::French));
    let kings = Deck::French.parse_move("play Kh K♠").unwrap();
    assert_eq!(Deck::French.show_move(kings).to_string(), "play Kh Ks");
    assert_eq!(kings.to_string(), "play K♥ K♠");
    assert_eq!(kings.cards(), mv("play Rs Rb").cards());
    assert_eq!(Deck::French.parse_move("7s").unwrap(), mv("play 7b").on_deck(Deck::French));
    for bad in ["", "play", "play 4c 4c", "draw 4c", "play 8x", "jump"] {
        assert!(bad.parse::<Move>().is_err(), "{bad:?}");
    }
    assert_eq!("play 4c 4c".parse::<Move>().unwrap_err().to_string(), "bad move \"play 4c 4c\": 4c is named twice");
}

#[test]
fn errors_name_the_move_and_the_reason() {
    let hand = after_lead();
    let msg = |t: &str| hand.clone().apply(mv(t)).unwrap_err().to_string();
    assert_eq!(msg("play Rb"), "illegal move play Rb: R is not adjacent to 5 (play 4 or 6)");
    assert_eq!(msg("play 4c"), "illegal move play 4c: 4c is not in your hand");
    assert_eq!(msg("play 4d 6d"), "illegal move play 4d 6d: the cards of one play must share one value");
    assert_eq!(msg("pass"), "illegal move pass: you may pass only once the stock is empty");
    let blocked = blocked_on_five();
    assert_eq!(blocked.clone().apply(Move::Draw).unwrap_err().to_string(), "illegal move draw: the stock is empty");
    let mut setup = after_lead().to_setup();
    setup.deck = Deck::French;
    setup.history = setup.history.iter().map(|m| m.on_deck(Deck::French)).collect();
    let mut french = Hand::from_setup(&setup).unwrap();
    assert_eq!(
        french.apply_notation("play Ks").unwrap_err().to_string(),
        "illegal move play K♠: K is not adjacent to 5 (play 4 or 6)"
    );
    assert_eq!(
        french.apply_notation("play 4♣").unwrap_err().to_string(),
        "illegal move play 4♣: 4♣ is not in your hand"
    );
}
