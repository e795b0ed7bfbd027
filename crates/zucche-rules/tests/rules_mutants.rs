//! Tests written for the mutants of `src/game.rs` that the suite let
//! through (issue 23, docs/mutants.md), each from the rules text of
//! docs/rules/zucche.md and naming its clauses.

mod common;

use common::{board, legal, player, position, sq};
use zucche_rules::{IllegalMove, Phase};

/// Rules F5 and F15: a team B player places on rank 8, their home rank, and
/// a placement elsewhere is refused naming rank 8 (the suite only had team
/// A's rank 1 named; `game.rs:705` `home & 1` → `home | 1` named rank 1 for
/// everyone).
#[test]
fn a_team_b_placement_off_rank_8_is_refused_naming_rank_8() {
    // Board 2: B2 (team B, White) holds one White checker in hand, taken
    // by B1 on board 1 (A1 lost a1); h8 is free, a4 holds its eighth.
    let game =
        position(4, 1, 2, None, &["bbbbbbbb/8/8/8/8/8/8/1wwwwwww b 0 0", "wwwwwww1/8/8/8/w7/8/8/bbbbbbbb w 1 0"]);
    assert_eq!(game.phase(), Phase::Place { board: board(2), player: player("B2") });
    assert_eq!(legal(&game), ["2:place h8"]);
    for (text, to) in [("2:place h1", "h1"), ("2:place h7", "h7"), ("2:place a1", "a1")] {
        let err = game.check(text.parse().unwrap()).unwrap_err();
        assert_eq!(
            err,
            IllegalMove::OffHomeRank { mv: text.parse().unwrap(), player: player("B2"), to: sq(to), rank: 8 },
            "{text}"
        );
        assert_eq!(err.to_string(), format!("illegal move {text}: {to} is not on B2's home rank 8"));
    }
}

/// Rules F1 and F26: only 4k seats are a game's, so an outcome of any other
/// size has no teams to name and is written as carte-core writes it, even
/// when its winners are the even seats (`game.rs:924` `||` → `&&` called a
/// two-seat outcome a team A win).
#[test]
fn an_outcome_of_a_seat_count_no_game_has_names_no_team() {
    use zucche_rules::{Outcome, Seat, describe_outcome};
    for seats in [2, 3, 6] {
        let outcome = Outcome::winners(seats, Seat::all(seats).step_by(2));
        assert_eq!(describe_outcome(&outcome), outcome.to_string(), "{seats} seats");
        assert!(!describe_outcome(&outcome).contains("team"), "{seats} seats");
    }
    let four = Outcome::winners(4, [Seat::new(0), Seat::new(2)]);
    assert_eq!(describe_outcome(&four), "team A wins");
}
