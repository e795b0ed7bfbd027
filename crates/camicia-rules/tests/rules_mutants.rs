//! Tests written from docs/rules/camicia.md for the mutants that
//! `.ci/mutants camicia-rules` found alive (docs/mutants.md): each names
//! its clause.

use camicia_rules::{Camicia, Config, Deal, EndRule, Preset};

/// Rules C27 and C29: one engine plays both presets, and a game says which
/// it plays; C14 and C38: the end rule and the draw at a repeat are the
/// game's own, as configured.
#[test]
fn a_game_reports_the_preset_and_rules_it_was_built_with() {
    let deal = Deal::parse(Preset::BeggarMyNeighbour, "J--/-Q-").unwrap();
    let config =
        Config::new(Preset::BeggarMyNeighbour).with_end_rule(EndRule::EmptyHandLoses).with_draw_on_repeat(true);
    let game = Camicia::with_config(&deal, &config).unwrap();
    assert_eq!(game.preset(), Preset::BeggarMyNeighbour);
    assert_eq!(game.config(), config);
    let game = Camicia::new(&config, 3).unwrap();
    assert_eq!(game.preset(), Preset::BeggarMyNeighbour);
    assert_eq!(game.config(), config);
    let game = Camicia::from_deal(&Deal::parse(Preset::Camicia, "1-/--").unwrap(), EndRule::EmptyHandLoses).unwrap();
    assert_eq!((game.preset(), game.config().end_rule), (Preset::Camicia, EndRule::EmptyHandLoses));
}

/// Rules C30 and C37: a game holds its deck, counted by kind (hands and pile
/// together, whatever has been turned); both players know these counts.
#[test]
fn a_game_counts_the_cards_of_each_kind_it_holds() {
    let deal = Deal::parse(Preset::Camicia, "-1-3/2--").unwrap();
    let mut game = Camicia::from_deal(&deal, EndRule::Standard).unwrap();
    for _ in 0..3 {
        assert_eq!(game.deck_counts(), [4, 1, 1, 1, 0]);
        game.turn().unwrap();
    }
    assert!(!game.pile().is_empty());
    assert_eq!(game.deck_counts(), [4, 1, 1, 1, 0]);
    let deck = camicia_rules::Deck::parse(Preset::Camicia, "14,2,2,2").unwrap();
    let game = Camicia::new(&Config::new(Preset::Camicia).with_deck(deck), 9).unwrap();
    assert_eq!(game.deck_counts(), [14, 2, 2, 2, 0]);
    let game = Camicia::new(&Config::new(Preset::BeggarMyNeighbour), 9).unwrap();
    assert_eq!(game.deck_counts(), [36, 4, 4, 4, 4]);
}

/// Rule C38: with the option, an endless deal ends as a draw at its first
/// repeated state (`--1-/1-` after 6 cards, C19); a deal that finishes is
/// not changed, and is no draw.
#[test]
fn only_a_game_that_reaches_a_repeat_is_drawn() {
    let config = Config::new(Preset::Camicia).with_draw_on_repeat(true);
    let mut game = Camicia::with_config(&Deal::parse(Preset::Camicia, "--1-/1-").unwrap(), &config).unwrap();
    while !game.is_over() {
        assert!(!game.is_drawn());
        game.turn().unwrap();
    }
    assert!(game.is_drawn());
    assert_eq!(game.cards(), 6);
    let mut game = Camicia::with_config(&Deal::parse(Preset::Camicia, "2/--").unwrap(), &config).unwrap();
    while !game.is_over() {
        game.turn().unwrap();
    }
    assert!(!game.is_drawn());
    assert_eq!(game.winner(), Some(camicia_rules::Player::A));
}

/// Rules C5, C6 and C10: in open play nobody owes anything; an attack card
/// makes the opponent owe its demand, each plain card paid lowers the debt
/// by one, and an attack card among the payment turns the attack round: the
/// other player now owes the new card's demand.
#[test]
fn the_debt_and_the_attacker_follow_each_card() {
    use camicia_rules::Player::{A, B};
    let deal = Deal::parse(Preset::Camicia, "2--/-3-").unwrap();
    let mut game = Camicia::from_deal(&deal, EndRule::Standard).unwrap();
    let mut seen = vec![(game.to_move(), game.debt(), game.attacker())];
    for _ in 0..4 {
        game.turn().unwrap();
        seen.push((game.to_move(), game.debt(), game.attacker()));
    }
    assert_eq!(
        seen,
        [
            (Some(A), 0, None),    // open play
            (Some(B), 2, Some(A)), // A turned a Two: B owes two cards
            (Some(B), 1, Some(A)), // B paid one plain card
            (Some(A), 3, Some(B)), // B's Three turns the attack: A owes three
            (Some(A), 2, Some(B)), // A paid one plain card
        ]
    );
}

/// Rule C17: the states the loop rule compares are taken at the start of the
/// game and after every trick, when the pile is empty; never with cards on
/// the pile, and not once the game is over.
#[test]
fn trick_boundaries_are_the_start_and_the_end_of_each_trick() {
    let deal = Deal::parse(Preset::Camicia, "1--/--").unwrap();
    let mut game = Camicia::from_deal(&deal, EndRule::Standard).unwrap();
    let mut seen = vec![game.is_trick_boundary()];
    while !game.is_over() {
        game.turn().unwrap();
        seen.push(game.is_trick_boundary());
    }
    // A's Ace, B pays one plain card: A takes the pile, a boundary. A and
    // B turn a plain card each; A's Ace then finds B with no card: A wins.
    assert_eq!(seen, [true, false, true, false, false, false]);
}

/// Rules C2 and C4: the game has two seats, A and B, each dealt half of the
/// deck; A turns first.
#[test]
fn camicia_is_played_by_two_seats() {
    use carte_core::{Actor, Game, Seat};
    let game = Camicia::new(&Config::new(Preset::Camicia), 5).unwrap();
    assert_eq!(game.num_seats(), 2);
    assert_eq!(game.actor(), Actor::Seat(Seat::new(0)));
    assert_eq!(game.hand_sizes().into_array(), [20, 20]);
}
