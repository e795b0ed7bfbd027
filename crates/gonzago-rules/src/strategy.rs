//! A cheap heuristic player, for bots and examples, and the hooks that
//! guide a search: classes of moves, a prior, a plausibility test.

use carte_core::below;
use rand::Rng;

use crate::Value;
use crate::cards::CardSet;
use crate::hand::Hand;
use crate::hidden::HandObservation;
use crate::matches::{Match, Observation};
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
/// use gonzago_rules::{Deck, Game, Hand, Seeded, deal_rng, heuristic_move};
///
/// let mut hand = Hand::from_seed(&Deck::Italian, 3)?;
/// let mut rng = deal_rng(0);
/// while !hand.is_over() {
///     let mv = heuristic_move(&hand, &mut rng).ok_or("over")?;
///     hand.apply(mv)?;
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// `None` once the hand is over (nobody is to move), as a bot's `choose`
/// and `random_move` answer.
pub fn heuristic_move<R: Rng + ?Sized>(game: &Hand, rng: &mut R) -> Option<Move> {
    let me = game.to_move()?;
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
    Some(match best {
        Some((_, cards)) => Move::Play(Play::of(game.deck(), cards)),
        None if game.stock_len() > 0 => Move::Draw,
        None => Move::Pass,
    })
}

/// The class of a move for a search that merges interchangeable moves
/// (`carte_bots::SearchConfig::move_key`): suits never matter (G3), so
/// every play of `k` cards of one value is the same decision, whatever
/// the suits. Draws and passes are classes of their own. It ignores the
/// state, so it serves a hand and a match alike.
///
/// ```
/// use gonzago_rules::{Move, move_class};
///
/// let (cups, coins): (Move, Move) = ("play 4c".parse()?, "play 4d".parse()?);
/// assert_eq!(move_class(&(), cups), move_class(&(), coins));
/// assert_ne!(move_class(&(), cups), move_class(&(), "play 5c".parse()?));
/// # Ok::<(), gonzago_rules::ParseMoveError>(())
/// ```
pub fn move_class<S: ?Sized>(_: &S, mv: Move) -> u64 {
    match mv {
        Move::Play(play) => {
            let cards = play.cards();
            cards.single_value().map_or(0, |v| u64::from(v.get())) * 8 + cards.len() as u64
        }
        Move::Draw => 1_000,
        Move::Pass => 1_001,
    }
}

/// A prior for progressive bias, from 0 to 1: a play looks better than a
/// draw or a pass, and more cards at once better than fewer (the first two
/// rules of [`heuristic_move`]).
pub fn move_prior<S: ?Sized>(_: &S, mv: Move) -> f64 {
    match mv {
        Move::Play(play) => (0.5 + 0.125 * play.cards().len() as f64).min(1.0),
        Move::Draw | Move::Pass => 0.0,
    }
}

/// Whether `det`, a determinization of a hand for `view`'s player, fits
/// what the opponent's draws and passes say of a sensible player: one who
/// draws or passes holds no playable card (the heuristic, and most people,
/// play when they can). So for each draw or pass of the opponent on a top
/// value `v`, the cards of the values next to `v` that the opponent holds
/// in `det` or played since must all have come from their draws since
/// (that one included).
///
/// It reads the observation (the public history and the top values it
/// implies) and the candidate's opponent hand only; the true hand of an
/// opponent playing [`heuristic_move`] always passes it.
pub fn plausible_hand(view: &HandObservation, det: &Hand) -> bool {
    let opponent = view.player.other();
    let held = det.held(opponent);
    let history = &view.history;
    // Who made each move: the non-dealer leads and every move ends a turn.
    let mover = |k: usize| if k.is_multiple_of(2) { view.dealer.other() } else { view.dealer };
    let mut top: Option<Value> = None;
    for (k, mv) in history.iter().enumerate() {
        match *mv {
            Move::Play(play) => top = play.cards().single_value().or(top),
            Move::Draw | Move::Pass if mover(k) == opponent => {
                let Some(v) = top else { continue };
                let next = CardSet::value(v.up()) | CardSet::value(v.down());
                let mut needed = (held & next).len();
                let mut draws = 0;
                for (j, later) in history.iter().enumerate().skip(k) {
                    if mover(j) != opponent {
                        continue;
                    }
                    match *later {
                        Move::Draw => draws += 1,
                        Move::Play(play) if j > k => needed += (play.cards() & next).len(),
                        _ => {}
                    }
                }
                if needed > draws {
                    return false;
                }
            }
            _ => {}
        }
    }
    true
}

/// [`plausible_hand`] for the hand in play of a match.
pub fn plausible_match(view: &Observation, det: &Match) -> bool {
    plausible_hand(&view.hand, det.hand())
}

/// [`heuristic_move`] on the hand in play of a match: the play-out policy
/// of a search over a whole match. `None` once the match is over.
pub fn match_heuristic_move<R: Rng + ?Sized>(game: &Match, rng: &mut R) -> Option<Move> {
    heuristic_move(game.hand(), rng)
}
