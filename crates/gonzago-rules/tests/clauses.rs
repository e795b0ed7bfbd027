//! Tests of the clauses of docs/rules/gonzago.md that no other test checks,
//! written from the clause text.

mod common;

use carte_core::{Game, HiddenInfo, Seat};
use common::{cards, position};
use gonzago_rules::{Move, Player, Value};

/// Rules G23 and G24: a player sees their own hand, every card played, how many
/// cards the opponent holds and the stock keeps, and the history of plays,
/// draws and passes; a draw does not show its card to the opponent.
#[test]
fn a_player_sees_own_hand_table_counts_and_public_history() {
    // A (non-dealer) led 5c; B draws; A plays 4c on the 5.
    let mut hand = position(Player::B, &["play 5c"], "2c 3c 4c", "4d 6d 6s Rb", "*");
    let drawn = hand.stock().next().unwrap();
    hand.apply(Move::Draw).unwrap();
    hand.apply("play 4c".parse().unwrap()).unwrap();
    let a = hand.observation(Seat::new(0)).unwrap();
    assert_eq!(a.player, Player::A);
    assert_eq!(a.held, cards("2c 3c"), "A's own hand");
    assert_eq!(a.table, cards("5c 4c"), "every card played");
    assert_eq!(a.top, Some(Value::new(4).unwrap()));
    assert_eq!((a.opponent_holds, a.stock), (5, 31), "B holds 4 + 1 drawn; 32 - 1 in the stock");
    assert_eq!(a.history, ["play 5c".parse().unwrap(), Move::Draw, "play 4c".parse().unwrap()]);
    assert!(!a.held.contains(drawn) && !a.table.contains(drawn), "the drawn card is not shown to A");
    let b = hand.observation(Seat::new(1)).unwrap();
    assert_eq!(b.held, cards("4d 6d 6s Rb") | [drawn].into_iter().collect(), "B sees the card B drew");
    assert_eq!((b.opponent_holds, b.stock), (2, 31));
    assert_eq!(b.history, a.history, "the history is public");

    // Passes are public too.
    let mut history = vec!["play Cc"];
    history.extend(["draw"; 32]);
    history.extend(["play Fc", "play 7c", "play 6c 6d 6s 6b", "play 5c", "play 4c 4d 4s 4b", "play 5d 5s 5b"]);
    let mut hand = position(Player::B, &history, "*", "Ac Ad As Ab 2c 2d 2s 2b 3c 3d 3s", "");
    hand.apply(Move::Pass).unwrap();
    let a = hand.observation(Seat::new(0)).unwrap();
    assert_eq!(a.history.last(), Some(&Move::Pass));
    assert_eq!((a.opponent_holds, a.stock), (11, 0));
}
