//! One test per rule of docs/rules/camicia.md, on hand-worked small deals.
//! Each expectation is worked out by hand in the comment above it, and
//! checked both by stepping the game through `apply` and by the fast
//! play-out.

use camicia_rules::{Camicia, Deal, EndRule, Move, PlayResult, Player, Preset};
use carte_core::{Actor, Game};

const STD: EndRule = EndRule::Standard;
const LIT: EndRule = EndRule::EmptyHandLoses;

/// Steps a deal through `apply` to its end (these deals all end).
fn stepped(preset: Preset, text: &str, end: EndRule) -> Camicia {
    let deal = Deal::parse(preset, text).unwrap();
    let mut game = Camicia::from_deal(&deal, end).unwrap();
    for _ in 0..10_000 {
        if game.is_over() {
            return game;
        }
        game.apply(Move::Turn).unwrap();
    }
    panic!("{text} did not end");
}

/// The result, checked to agree between `apply` and the fast play-out.
fn result(preset: Preset, text: &str, end: EndRule) -> PlayResult {
    let game = stepped(preset, text, end);
    let by_steps = game.result().unwrap();
    let fast = Deal::parse(preset, text).unwrap().play_out(end).unwrap();
    assert_eq!(by_steps, fast, "{text}: apply and play-out disagree");
    // The winner holds every card.
    let all = Deal::parse(preset, text).unwrap().len();
    assert_eq!(game.hand(by_steps.winner().unwrap()).len(), all);
    by_steps
}

fn won(winner: Player, cards: u64, tricks: u64) -> PlayResult {
    PlayResult::Finished { winner, cards, tricks }
}

/// Rules C4 and C5: A turns first; the players alternate in open play.
#[test]
fn player_a_turns_first_and_players_alternate_in_open_play() {
    let deal = Deal::parse(Preset::Camicia, "--1/---").unwrap();
    let mut game = Camicia::from_deal(&deal, STD).unwrap();
    let mut order = Vec::new();
    for _ in 0..4 {
        order.push(game.turn().unwrap().player);
    }
    assert_eq!(order, [Player::A, Player::B, Player::A, Player::B]);
    assert_eq!(game.actor(), Actor::Seat(Player::A.seat()));
}

/// Rules C1, C6, C15, C27 and C29: each attack card demands its number of cards, in both presets.
#[test]
fn each_attack_value_demands_its_number_of_cards() {
    // A turns the attack card, B pays exactly n plain cards, A collects
    // and B is empty: n + 1 cards, one trick.
    assert_eq!(result(Preset::Camicia, "1/-", STD), won(Player::A, 2, 1));
    assert_eq!(result(Preset::Camicia, "2/--", STD), won(Player::A, 3, 1));
    assert_eq!(result(Preset::Camicia, "3/---", STD), won(Player::A, 4, 1));
    assert_eq!(result(Preset::BeggarMyNeighbour, "J/-", STD), won(Player::A, 2, 1));
    assert_eq!(result(Preset::BeggarMyNeighbour, "Q/--", STD), won(Player::A, 3, 1));
    assert_eq!(result(Preset::BeggarMyNeighbour, "K/---", STD), won(Player::A, 4, 1));
    assert_eq!(result(Preset::BeggarMyNeighbour, "A/----", STD), won(Player::A, 5, 1));
}

/// Rules C6, C7, C9 and C12: the payer keeps the turn; a plain payment gives the pile to the attacker.
#[test]
fn the_payer_keeps_turning_until_paid_then_the_attacker_collects() {
    // A: 2 -   B: - - -
    // A turns 2; B pays - and - (B keeps the turn while paying); A collects
    // [2 - -] and leads: A -, B -; B is empty and owes nothing yet, so A
    // turns 2, B must pay and has none: B loses, A takes the pile.
    let deal = Deal::parse(Preset::Camicia, "2-/---").unwrap();
    let mut game = Camicia::from_deal(&deal, STD).unwrap();
    let players: Vec<Player> = (0..3).map(|_| game.turn().unwrap().player).collect();
    assert_eq!(players, [Player::A, Player::B, Player::B]);
    assert_eq!(game.tricks(), 1);
    assert_eq!(game.to_move(), Some(Player::A));
    assert_eq!(result(Preset::Camicia, "2-/---", STD), won(Player::A, 6, 2));
}

/// Rules C10 and C12: an attack card in a payment turns the attack around.
#[test]
fn a_counter_attack_flips_the_payment() {
    // A turns 1; B, paying, turns 2: now A owes 2 and has nothing: A loses.
    assert_eq!(result(Preset::Camicia, "1/2-", STD), won(Player::B, 2, 1));
}

/// Rules C10, C11 and C29: counter-attacks chain, in both presets.
#[test]
fn counter_attacks_chain() {
    // A: 1 - 3   B: 2 - -
    // A 1 -> B pays 2 (counter, A owes 2) -> A pays -, then 3 (counter, B
    // owes 3) -> B pays -, - and has no third card: B loses, A takes the
    // pile of 6.
    let game = stepped(Preset::Camicia, "1-3/2--", STD);
    assert_eq!(game.result(), Some(won(Player::A, 6, 1)));
    assert_eq!(game.hand(Player::A), &[1, 2, 0, 3, 0, 0]);
    assert_eq!(result(Preset::Camicia, "1-3/2--", STD), won(Player::A, 6, 1));
    // Beggar-my-neighbour: A J -> B Q -> A -, K -> B -, -, A -> A owes 4:
    // -, -, -, - -> B collects [J Q - K - - A - - - -] with A empty.
    assert_eq!(result(Preset::BeggarMyNeighbour, "J-K----/Q--A", STD), won(Player::B, 11, 1));
}

/// Rule C12: a player who must turn a card and has none loses, paying or not.
#[test]
fn a_payment_cut_short_by_an_empty_hand_loses() {
    // A turns 3; B pays - and - and has no third card: B loses.
    assert_eq!(result(Preset::Camicia, "3/--", STD), won(Player::A, 3, 1));
    // In open play too: A -, B -, A has no card to turn: A loses.
    assert_eq!(result(Preset::Camicia, "-/-", STD), won(Player::B, 2, 1));
}

/// Rules C8 and C9: the pile goes under the taker's hand in the order played; the taker leads.
#[test]
fn the_collected_pile_goes_under_the_hand_in_the_order_played() {
    // A: 1 - -   B: - 2
    // A 1, B pays -: A collects [1 -] under its - -: A = - - 1 -, B = 2.
    let deal = Deal::parse(Preset::Camicia, "1--/-2").unwrap();
    let mut game = Camicia::from_deal(&deal, STD).unwrap();
    game.turn().unwrap();
    let t = game.turn().unwrap();
    assert_eq!(t.collected, Some((Player::A, 2)));
    assert_eq!(game.hand(Player::A), &[0, 0, 1, 0]);
    assert_eq!(game.hand(Player::B), &[2]);
    assert_eq!(game.to_move(), Some(Player::A), "the collector starts the next round");
    assert!(game.is_trick_boundary());
    // With a counter-attack the pile interleaves both hands in laid order.
    // A: 2 - -   B: 1 - -
    // A 2, B pays 1 (counter), A pays - : B collects [2 1 -] under - -.
    let deal = Deal::parse(Preset::Camicia, "2--/1--").unwrap();
    let mut game = Camicia::from_deal(&deal, STD).unwrap();
    for _ in 0..3 {
        game.turn().unwrap();
    }
    assert_eq!(game.hand(Player::B), &[0, 0, 2, 1, 0]);
    assert_eq!(game.to_move(), Some(Player::B));
}

/// Rule C13: a collection that empties the opponent ends the game at once.
#[test]
fn a_collection_that_empties_the_opponent_ends_the_game_at_once() {
    // A 1, B pays its only card: A collects and B holds nothing; the game
    // ends there although A could turn again.
    let game = stepped(Preset::Camicia, "1-/-", STD);
    assert_eq!(game.result(), Some(won(Player::A, 2, 1)));
    assert_eq!(game.actor(), Actor::Nobody);
    assert!(game.legal_move_vec().is_empty());
    assert_eq!(game.hand(Player::A), &[0, 1, 0]);
}

/// Rules C12 and C16: the final collection counts as a trick.
#[test]
fn the_final_collection_counts_as_a_trick() {
    // B has no card when it must pay: A takes the pile of 1 card, a trick.
    assert_eq!(result(Preset::Camicia, "1/2", STD), won(Player::B, 2, 1));
    assert_eq!(result(Preset::Camicia, "2/-", STD), won(Player::A, 2, 1));
}

/// Rule C14: the literal end rule: an empty hand loses at once.
#[test]
fn the_literal_end_rule_loses_when_the_hand_empties() {
    // A turns its only card, a 2: under the literal reading A has lost at
    // once, although its attack is pending; B takes the pile.
    assert_eq!(result(Preset::Camicia, "2/--", LIT), won(Player::B, 1, 1));
    assert_eq!(result(Preset::Camicia, "2/--", STD), won(Player::A, 3, 1));
    // Open play: A turns its last card and loses before B turns.
    assert_eq!(result(Preset::Camicia, "-/-", LIT), won(Player::B, 1, 1));
    // An attack with the last card loses at once too.
    assert_eq!(result(Preset::Camicia, "1/-", LIT), won(Player::B, 1, 1));
    // B pays with its last card: the payment is complete and B has lost
    // either way; A takes the pile once: one trick, not two.
    assert_eq!(result(Preset::Camicia, "1-/-", LIT), won(Player::A, 2, 1));
    // A counter-attack with the last card loses: A takes [1 2].
    assert_eq!(result(Preset::Camicia, "1-/2", LIT), won(Player::A, 2, 1));
    // Standard: B's 2 stands; A pays - and has no second card: B wins.
    assert_eq!(result(Preset::Camicia, "1-/2", STD), won(Player::B, 3, 1));
}

/// Rules C17, C18 and C19: a repeated state at a trick boundary is endless, with lead-in and cycle.
#[test]
fn a_short_deal_that_loops() {
    // A: - - 1 -   B: 1 -
    // Trick 1: A -, B 1, A pays -: B collects [- 1 -]: A = 1 -, B = - - 1 -.
    // Trick 2: B -, A 1, B pays -: A collects [- 1 -]: A = - - 1 -, B = 1 -,
    // A to move: the starting state again, after 6 cards and 2 tricks.
    let r = Deal::parse(Preset::Camicia, "--1-/1-").unwrap().play_out(STD).unwrap();
    assert_eq!(
        r,
        PlayResult::Loop { cards: 6, tricks: 2, cycle_cards: 6, cycle_tricks: 2, lead_in_cards: 0, lead_in_tricks: 0 }
    );
    // Stepping the game reaches the same state at the same counts.
    let deal = Deal::parse(Preset::Camicia, "--1-/1-").unwrap();
    let start = Camicia::from_deal(&deal, STD).unwrap();
    let mut game = start.clone();
    for _ in 0..6 {
        game.apply(Move::Turn).unwrap();
    }
    assert_eq!((game.cards(), game.tricks()), (6, 2));
    assert_eq!(game.hand(Player::A), start.hand(Player::A));
    assert_eq!(game.hand(Player::B), start.hand(Player::B));
    assert_eq!(game.to_move(), Some(Player::A));

    // A loop with a lead-in. A: 1 - -   B: - 1 -
    // Trick 1: A 1, B pays -: A = - - 1 -, B = 1 - (A to move; 2 cards).
    // That is the loop above with the hands as they are: first seen after
    // 1 trick and 2 cards, seen again 2 tricks and 6 cards later.
    let r = Deal::parse(Preset::Camicia, "1--/-1-").unwrap().play_out(STD).unwrap();
    assert_eq!(
        r,
        PlayResult::Loop { cards: 8, tricks: 3, cycle_cards: 6, cycle_tricks: 2, lead_in_cards: 2, lead_in_tricks: 1 }
    );
    assert_eq!(
        r.to_string(),
        "endless: first repeat after 8 cards and 3 tricks (lead-in 2 cards and 1 trick, cycle 6 cards and 2 tricks)"
    );
}

/// Rules C18, C19 and C29: the published endless Beggar-my-neighbour deal.
#[test]
fn the_2024_non_terminating_beggar_my_neighbour_deal_loops_with_a_62_trick_cycle() {
    // Casella et al. (2024), "A non-terminating game of Beggar-My-Neighbor":
    // this deal reaches a cycle of 62 tricks. The other counts are ours.
    let deal =
        Deal::parse_full(Preset::BeggarMyNeighbour, "---K---Q-KQAJ-----AAJ--J--/----------Q----KQ-J-----KA").unwrap();
    let r = deal.play_out(STD).unwrap();
    assert_eq!(
        r,
        PlayResult::Loop {
            cards: 474,
            tricks: 66,
            cycle_cards: 440,
            cycle_tricks: 62,
            lead_in_cards: 34,
            lead_in_tricks: 4
        }
    );
}

#[test]
fn illegal_moves_leave_the_state_unchanged() {
    let mut game = stepped(Preset::Camicia, "1/-", STD);
    let before = game.clone();
    assert!(!game.is_legal(Move::Turn));
    let err = game.apply(Move::Turn).unwrap_err();
    assert_eq!(err.to_string(), "illegal move turn: the game is over");
    assert_eq!(game, before);
    assert!(game.apply_notation("pass").is_err());
    assert_eq!(game, before);
}
