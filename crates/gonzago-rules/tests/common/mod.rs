//! Helpers shared by the test files.
#![allow(dead_code)]

use carte_core::{DealRng, HiddenInfo, Seat, below};
use gonzago_rules::{Card, CardSet, Hand, Match, Player};

/// Cards from canonical notation: `"4c 4d"`.
pub fn cards(text: &str) -> CardSet {
    text.split_whitespace().map(|c| c.parse::<Card>().unwrap()).collect()
}

/// The hide hook: the same state with one card `seat` cannot see swapped
/// for another it cannot see (opponent's hand against stock, or two stock
/// cards); `None` when every unseen card's place is known.
pub fn hide_hand(hand: &Hand, seat: Seat, rng: &mut DealRng) -> Option<Hand> {
    let me = Player::from_seat(seat)?;
    let mut setup = hand.to_setup();
    let opp: Vec<Card> = setup.hands[me.other()].iter().collect();
    let n = setup.stock.len();
    if n == 0 || (opp.is_empty() && n < 2) {
        return None;
    }
    let s = below(rng, n as u32) as usize;
    if opp.is_empty() {
        let t = (s + 1 + below(rng, n as u32 - 1) as usize) % n;
        setup.stock.swap(s, t);
    } else {
        let o = opp[below(rng, opp.len() as u32) as usize];
        let mut held = setup.hands[me.other()];
        held.remove(o);
        held.insert(setup.stock[s]);
        setup.hands[me.other()] = held;
        setup.stock[s] = o;
    }
    let other = Hand::from_setup(&setup).expect("a swap of unseen cards is a valid hand");
    debug_assert_eq!(other.observation(seat).unwrap(), hand.observation(seat).unwrap());
    Some(other)
}

/// The hide hook of a match: another seed for later hands, and unseen cards
/// of the current hand swapped when there are any.
pub fn hide_match(game: &Match, seat: Seat, rng: &mut DealRng) -> Option<Match> {
    let mut setup = game.to_setup();
    setup.seed = setup.seed.wrapping_add(1);
    if let Some(hand) = hide_hand(game.hand(), seat, rng) {
        setup.hand = hand.to_setup();
    }
    Some(Match::from_setup(&setup).expect("a hidden change keeps the match valid"))
}

/// A hand built from its public history and the position now. One of `a`,
/// `b`, `stock` may be `"*"`: every card not placed elsewhere (in card
/// order). The stock is listed top first.
pub fn position(dealer: Player, history: &[&str], a: &str, b: &str, stock: &str) -> Hand {
    Hand::from_setup(&setup(dealer, history, a, b, stock)).unwrap_or_else(|e| panic!("{e}"))
}

/// The [`HandSetup`](gonzago_rules::HandSetup) of [`position`].
pub fn setup(dealer: Player, history: &[&str], a: &str, b: &str, stock: &str) -> gonzago_rules::HandSetup {
    use gonzago_rules::{ByPlayer, Deck, HandSetup, Move};
    let history: Vec<Move> = history.iter().map(|m| m.parse().unwrap()).collect();
    let mut used = CardSet::EMPTY;
    for mv in &history {
        used = used | mv.cards();
    }
    let list = |s: &str| -> Vec<Card> { s.split_whitespace().map(|c| c.parse().unwrap()).collect() };
    for part in [a, b, stock] {
        if part != "*" {
            used = used | list(part).into_iter().collect();
        }
    }
    let rest: Vec<Card> = (!used).iter().collect();
    let pick = |s: &str| if s == "*" { rest.clone() } else { list(s) };
    HandSetup {
        deck: Deck::Italian,
        dealer,
        hands: ByPlayer::new(pick(a).into_iter().collect(), pick(b).into_iter().collect()),
        stock: pick(stock),
        history,
    }
}
