//! Gonzago: the two-player, domino-like card game of the 40-card deck, as a
//! rules engine for carte-core's [`Game`](carte_core::Game),
//! [`HiddenInfo`](carte_core::HiddenInfo) and [`Seeded`](carte_core::Seeded)
//! traits.
//!
//! * [`Hand`]: one hand, from the deal to the close or the drawn end.
//! * [`Match`]: hands until the [`MatchMode`] decides (single hand, best of
//!   three, points to 21), the dealer alternating.
//! * Cards: [`Card`] (40 deck-independent cards, value + suit), [`Value`]
//!   (circular adjacency), [`CardSet`] (one `u64`), [`Deck`] (Italian or
//!   French faces).
//! * Moves: [`Move`] with the notation `play 4c 4d`, `draw`, `pass`;
//!   refused moves give an [`IllegalMove`] naming why.
//! * [`heuristic_move`]: a cheap, recognisable playing policy.
//! * [`Hand::random_move`] and [`Hand::play_random`]: uniformly random play
//!   without listing moves, move for move the games of carte-core's
//!   `RandomPlayer` with the same generator.
//!
//! ```
//! use carte_core::{Game, HiddenInfo, Seeded};
//! use gonzago_rules::{Deck, Hand, Move, Player};
//!
//! let mut hand = Hand::from_seed(&Deck::Italian, 42)?;
//! let leader = hand.to_move().unwrap();
//! let view = hand.observation(leader.seat())?;
//! assert_eq!(view.held.len(), 4);
//! assert_eq!(view.opponent_holds, 4);
//! // Lead every card of the lowest value held.
//! let low = view.held.first().unwrap().value();
//! hand.apply(Move::Play { cards: view.held.of_value(low) })?;
//! let err = hand.apply(Move::Pass).unwrap_err();
//! assert_eq!(err.to_string(), "illegal move pass: you may pass only once the stock is empty");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Seats and deals
//!
//! [`Player::A`] is seat 0 and [`Player::B`] seat 1 for the whole match.
//! A seeded hand ([`Hand`]'s `Seeded::Config` is the [`Deck`]) draws its
//! dealer with the first `below(rng, 2)` of `deal_rng(seed)` (0 = A), then
//! the same generator shuffles the deck's canonical order with carte-core's
//! shuffle; cards 0, 2, 4, 6 go to the non-dealer, 1, 3, 5, 7 to the dealer,
//! and cards 8..40 form the stock with card 8 on top. In a [`Match`]
//! (`Seeded::Config` is [`MatchConfig`]: deck and mode) hand 0 is that hand,
//! and hand `k ≥ 1` is dealt by the other player of hand `k − 1` from
//! `deal_rng(seed + k)`.
//!
//! # Notation
//!
//! `play` followed by cards (the word `play` is optional), `draw`, `pass`.
//! A [`Move`] names cards, not faces: its `Display`/`FromStr` use the
//! canonical Italian names (`4c`, `Fd`, `Cs`, `Rb`; values `A 2..7 F C R`,
//! suits `c d s b`). [`Deck::parse_move`], [`Hand::parse_move`] and
//! [`Match::parse_move`] read what a person types on the deck in use
//! (French: `Kh`, `7s`, `Q♦`), and [`Deck::show_move`] prints it. The two
//! decks map card for card by position (French clubs, diamonds, hearts,
//! spades are the Italian coppe, denari, spade, bastoni; J, Q, K are Fante,
//! Cavallo, Re), so serialized states always use the canonical names.
//!
//! # Rulings
//!
//! These follow section 4 of the project's `RULES.md`; where it is silent,
//! the choice made here is marked *(engine)*.
//!
//! * **Deck.** 40 cards: Italian, or French without 8, 9, 10. Values Ace = 1
//!   … 7, Fante/J = 8, Cavallo/Q = 9, Re/K = 10; suits never matter for play.
//! * **Adjacency** is circular: two values are adjacent when they differ by
//!   one, and the Ace and the Re are adjacent (both ways).
//! * **Deal.** The seed draws the first dealer; the dealer alternates each
//!   hand. Four cards each; the other 32 are the face-down stock.
//! * **Lead.** The non-dealer leads with a play of any value: one card or
//!   several cards of one value. The lead is always a play (no draw, no
//!   pass).
//! * **Turn.** Afterwards each move is one of: a play of one card or several
//!   cards of one value, adjacent to the value on top of the table (the
//!   value of the last play); a draw of the top stock card, which ends the
//!   turn and is allowed whenever the stock has cards, even when holding a
//!   playable card; a pass, allowed only when the stock is empty and no held
//!   card is playable. With an empty stock a player who can play must play.
//!   Players alternate one move each.
//! * **Top of the table** *(engine)*: a pass leaves the top value as it was;
//!   the next player must still play adjacent to it.
//! * **Close.** Playing your last card closes and wins the hand at once.
//! * **Drawn hand.** With an empty stock, two passes in a row end the hand
//!   drawn.
//! * **Hand outcome**: the closer +1, the other −1; a drawn hand 0 each.
//! * **Match modes.** Single hand: its result is the match's. Best of three
//!   (partita, rivincita, bella): first to win two hands; drawn hands count
//!   for nobody and another hand is dealt *(engine: no limit on drawn
//!   hands short of [`MAX_HANDS`], 2^58, which no play reaches; a best of
//!   three still undecided there is drawn, so that no counter overflows)*.
//!   Points: after each finished hand (closed or drawn) each player
//!   adds the number of cards left in their own hand; whoever reaches 21
//!   first loses; if both reach 21 after the same hand the higher total
//!   loses, and equal totals draw the match. Match outcome: winner +1, loser
//!   −1, draw 0 each.
//! * **Hidden information.** A player sees their own hand, every played
//!   card, the number of cards in the opponent's hand and in the stock, and
//!   the public history of plays, draws and passes; never the opponent's
//!   cards, the stock's order or *(engine)* the match seed that deals later
//!   hands. A draw in the history does not say which card was drawn
//!   *(engine: the drawer knows it, since it appears in their hand)*.
//! * **Reachable states only** *(engine)*: a [`HandSetup`] or a serialized
//!   state is accepted only if some deal and the recorded history reach it
//!   (see below).
//!
//! # What a loaded state guarantees
//!
//! [`Hand::from_setup`], [`Match::from_setup`] and deserialization (which
//! goes through them) accept only states that play reaches, so every value
//! of [`Hand`] and [`Match`] is one:
//!
//! * **A hand**: every one of the 40 cards is in exactly one place (a hand,
//!   the stock, the table); some deal of four cards each, followed by the
//!   recorded history, gives exactly these hands and this stock; every move
//!   of the history is legal where it stands (a pass only with an empty
//!   stock and nothing playable). The top value, whose turn it is, the
//!   passes in a row and the end (closed by the player who played their
//!   last card, or drawn by two passes) are not stored but replayed, so
//!   they cannot contradict the history.
//! * **A match**: its hand is a valid hand, dealt by the player the
//!   alternation gives; a last-hand record exists exactly when a hand has
//!   finished, and it is possible (a closer with no card left and an
//!   opponent with some, a drawn hand leaving both players cards); the wins
//!   and points fit the finished hands (at least 1 and at most 40 points a
//!   hand, nobody below what the last hand gave them, exactly the first
//!   hand's after one hand); the scores before the last hand left the match
//!   running; the current hand is over exactly when the match is decided;
//!   a hand number below [`MAX_HANDS`], so no counter can overflow.
//! * **Not checked**: that the current hand is the deal of the match seed.
//!   The seed only deals the hands to come, and a determinization
//!   ([`HiddenInfo::sample`](carte_core::HiddenInfo::sample)) replaces both
//!   the unseen cards and the seed.
//!
//! # Speed
//!
//! [`Hand`] and [`Match`] own no heap memory (checked at compile time), so
//! `apply` never allocates; `legal_moves` fills a reused buffer. Cards are
//! bits of one `u64`, the four cards of a value one nibble; the history is
//! one byte per move. On the project's shared 2-core machine a seeded deal
//! played to the end by [`Hand::play_random`] takes about 1.7 µs of CPU time,
//! some 7,500 instructions (`cargo bench --bench gonzago` in the workspace).
//!
//! # Features
//!
//! * `serde` (default): serialization of states (validated on load), moves,
//!   cards, configurations and observations.

#![forbid(unsafe_code)]

pub mod actions;
mod card;
mod cards;
mod deck;
mod error;
mod hand;
mod hidden;
mod matches;
mod moves;
mod setup;
mod strategy;

pub use card::{Card, Value};
pub use cards::{CardSet, Iter as CardSetIter};
/// The two players. The names say nothing about who deals or leads: the
/// seed draws the first dealer, and the dealer alternates each hand.
#[doc(inline)]
pub use carte_core::{ByPlayer, Player};
pub use deck::Deck;
pub use error::{IllegalKind, IllegalMove, MatchSetupError, SetupError};
pub use hand::{Hand, HandEnd};
pub use hidden::HandObservation;
pub use matches::{
    HandRecord, LOSING_POINTS, MAX_HANDS, Match, MatchConfig, MatchMode, MatchObservation, MatchSetup, MatchStatus,
};
pub use moves::{Move, ParseMoveError};
pub use setup::HandSetup;
pub use strategy::heuristic_move;
