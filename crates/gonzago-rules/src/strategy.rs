//! A cheap heuristic player, for bots and examples.

use carte_core::below;
use rand::Rng;

use crate::cards::CardSet;
use crate::hand::Hand;
use crate::moves::{Move, Play};

/// The move a sensible casual player makes, by four rules:
///
/// 1. **Play whenever you can.** Drawing only adds cards to your hand, and
///    the goal is to empty it.
/// 2. **Play every card of the chosen value at once**: several cards of one
///    value cost one turn.
/// 3. **Choose the value of which you hold the most cards**; on a tie, the
///    one that leaves you the most cards two steps away from it around the
///    circle (the opponent's reply sits one step away, and those cards
///    answer it); remaining ties are broken at random with `rng`.
/// 4. **Cannot play: draw** while the stock has cards, otherwise pass.
///
/// It reads only what the player to move can see: their own cards, the
/// value on top of the table and the stock size.
///
/// ```
/// use carte_core::{Game, Seeded, deal_rng};
/// use gonzago_rules::{Deck, Hand, heuristic_move};
///
/// let mut hand = Hand::from_seed(&Deck::Italian, 3)?;
/// let mut rng = deal_rng(0);
/// while !hand.is_over() {
///     let mv = heuristic_move(&hand, &mut rng);
///     hand.apply(mv)?;
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Panics
///
/// Panics if the hand is over (nobody is to move).
pub fn heuristic_move<R: Rng + ?Sized>(game: &Hand, rng: &mut R) -> Move {
    let Some(me) = game.to_move() else {
        panic!("heuristic_move: the hand is over, nobody is to move");
    };
    let held = game.held(me);
    let playable = game.playable(me);
    let mut best: Option<((usize, usize), CardSet)> = None;
    let mut ties = 0;
    for v in crate::Value::ALL {
        let group = playable.of_value(v);
        if group.is_empty() {
            continue;
        }
        let answers = (held.of_value(v.up().up()) | held.of_value(v.down().down())) - group;
        let score = (group.len(), answers.len());
        match best {
            Some((s, _)) if s > score => {}
            Some((s, _)) if s == score => {
                ties += 1;
                if below(rng, ties + 1) == 0 {
                    best = Some((score, group));
                }
            }
            _ => {
                best = Some((score, group));
                ties = 0;
            }
        }
    }
    match best {
        Some((_, cards)) => Move::Play(Play::of(game.deck(), cards)),
        None if game.stock_len() > 0 => Move::Draw,
        None => Move::Pass,
    }
}
