//! [`Hand`]: one hand of Gonzago, from the deal to its end.

use core::fmt;

use carte_core::{Actor, Game, MoveError, Outcome, Seeded, below, deal_rng, shuffle};
use rand::Rng;

use crate::card::{Card, Value};
use crate::cards::CardSet;
use crate::deck::Deck;
use crate::error::{IllegalKind, IllegalMove};
use crate::moves::{Move, Named, Play};
use carte_core::{ByPlayer, Player};

/// Cards in the stock after the deal.
pub(crate) const STOCK: usize = 32;

/// The longest possible hand, in moves. Every play takes at least one card
/// out of the hands, which only ever receive 40 cards: at most 40 plays.
/// At most 32 draws. A pass is either the last move or followed by a play
/// (two passes in a row end the hand): at most 41 passes.
pub(crate) const MAX_PLIES: usize = 40 + 32 + 41;

/// History codes: a play is `(value - 1) << 4 | suits`, below 0xA0.
const DRAW: u8 = 0xA0;
const PASS: u8 = 0xB0;

/// A filler for stock slots past the top, so that equal positions are equal
/// values.
const EMPTY_SLOT: Card = match Card::from_index(0) {
    Some(c) => c,
    None => unreachable!(),
};

/// How a hand ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum HandEnd {
    /// The winner played their last card.
    Closed {
        /// Who closed.
        winner: Player,
    },
    /// The stock was empty and both players passed in a row.
    Drawn,
}

impl fmt::Display for HandEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HandEnd::Closed { winner } => write!(f, "{winner} closes and wins the hand"),
            HandEnd::Drawn => f.write_str("drawn hand"),
        }
    }
}

/// One hand of Gonzago: the deal, the play, the close or the drawn end.
///
/// A value of this type is always a reachable hand. Seats: [`Player::A`] is
/// seat 0, [`Player::B`] seat 1. The non-dealer leads; then the players
/// alternate, one move each (every move ends the turn). The outcome is +1
/// for the closer and −1 for the other, or 0 each for a drawn hand.
///
/// Build one from a seed ([`Seeded::from_seed`] with the [`Deck`] as the
/// configuration), from a generator ([`Hand::deal`]) or from a described
/// position ([`Hand::from_setup`]).
///
/// ```
/// use gonzago_rules::{Deck, Game, Hand, Move, Seeded};
///
/// let mut hand = Hand::from_seed(&Deck::Italian, 7)?;
/// let leader = hand.to_move().unwrap();
/// assert_eq!(leader, hand.dealer().other());
/// assert_eq!(hand.stock_len(), 32);
/// // The lead is a play: no draw yet.
/// assert!(hand.apply(Move::Draw).is_err());
/// let first = hand.held(leader).first().unwrap();
/// hand.apply(Move::play(Deck::Italian, [first]).unwrap())?;
/// assert_eq!(hand.top(), Some(first.value()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "crate::HandSetup", into = "crate::HandSetup"))]
pub struct Hand {
    deck: Deck,
    dealer: Player,
    hands: ByPlayer<CardSet>,
    table: CardSet,
    top: Option<Value>,
    /// The player to move by alternation: the non-dealer on even plies.
    mover: Player,
    /// How the hand ended, once it has.
    end: Option<HandEnd>,
    /// The last move was a pass.
    passed: bool,
    stock_len: u8,
    plies: u8,
    /// The stock, top card at `stock_len - 1`; slots past it hold `EMPTY_SLOT`.
    stock: [Card; STOCK],
    /// One code per move (see `DRAW`, `PASS`); zero past `plies`.
    history: [u8; MAX_PLIES],
}

// `apply` cannot allocate: a hand owns no heap memory at all.
const _: () = assert!(!core::mem::needs_drop::<Hand>());

impl Hand {
    /// A hand on `deck` dealt from `seed`, the dealer drawn from it too: the
    /// inherent twin of [`Seeded::from_seed`] (the hand's configuration is
    /// its deck), with the same arguments and error as every game's `new`.
    ///
    /// ```
    /// use gonzago_rules::{Deck, Hand};
    ///
    /// let hand = Hand::new(&Deck::Italian, 3)?;
    /// assert_eq!(hand.stock_len(), 32);
    /// # Ok::<(), gonzago_rules::ConfigError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// None today ([`ConfigError`](crate::ConfigError) has no variant yet).
    pub fn new(deck: &Deck, seed: u64) -> Result<Hand, crate::ConfigError> {
        let mut rng = deal_rng(seed);
        let dealer = if below(&mut rng, 2) == 0 { Player::A } else { Player::B };
        Ok(Hand::deal(*deck, dealer, &mut rng))
    }

    /// A fresh deal: the deck's canonical order shuffled with carte-core's
    /// [`shuffle()`] driven by `rng`, then dealt one card at a time, the
    /// non-dealer first, four each (positions 0, 2, 4, 6 to the non-dealer,
    /// 1, 3, 5, 7 to the dealer); positions 8 to 39 form the stock, position
    /// 8 on top.
    ///
    /// ```
    /// use gonzago_rules::{Deck, Hand, Player, deal_rng};
    ///
    /// let hand = Hand::deal(Deck::Italian, Player::A, &mut deal_rng(5));
    /// assert_eq!(hand.dealer(), Player::A);
    /// assert_eq!((hand.hand_len(Player::A), hand.hand_len(Player::B), hand.stock_len()), (4, 4, 32));
    /// ```
    pub fn deal<R: Rng + ?Sized>(deck: Deck, dealer: Player, rng: &mut R) -> Hand {
        let mut cards = deck.cards();
        shuffle(&mut cards, rng);
        let mut hands = ByPlayer::new(CardSet::EMPTY, CardSet::EMPTY);
        for (i, &c) in cards[..8].iter().enumerate() {
            let to = if i % 2 == 0 { dealer.other() } else { dealer };
            hands[to].insert(c);
        }
        Hand::dealt(deck, dealer, hands, &cards[8..])
    }

    /// A hand before its first move, with `stock` listed top first.
    pub(crate) fn dealt(deck: Deck, dealer: Player, hands: ByPlayer<CardSet>, stock: &[Card]) -> Hand {
        debug_assert_eq!(stock.len(), STOCK);
        let mut slots = [EMPTY_SLOT; STOCK];
        for (slot, &c) in slots.iter_mut().rev().zip(stock) {
            *slot = c;
        }
        Hand {
            deck,
            dealer,
            hands,
            table: CardSet::EMPTY,
            top: None,
            mover: dealer.other(),
            end: None,
            passed: false,
            stock_len: stock.len() as u8,
            plies: 0,
            stock: slots,
            history: [0; MAX_PLIES],
        }
    }

    /// The deck on the table.
    ///
    /// ```
    /// use gonzago_rules::{Deck, Hand, Seeded};
    ///
    /// assert_eq!(Hand::from_seed(&Deck::French, 1)?.deck(), Deck::French);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn deck(&self) -> Deck {
        self.deck
    }

    /// The dealer of this hand.
    ///
    /// ```
    /// use gonzago_rules::{Deck, Hand, Player, Seeded};
    ///
    /// let hand = Hand::from_seed(&Deck::Italian, 0)?;
    /// assert_eq!(hand.dealer(), Player::A); // so B leads
    /// assert_eq!(hand.to_move(), Some(Player::B));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn dealer(&self) -> Player {
        self.dealer
    }

    /// Who moves now; `None` once the hand is over.
    ///
    /// ```
    /// use gonzago_rules::{Deck, Game, Hand, Player, Seeded, deal_rng, random_playout};
    ///
    /// let mut hand = Hand::from_seed(&Deck::Italian, 0)?;
    /// assert_eq!(hand.to_move(), Some(Player::B)); // the non-dealer leads
    /// random_playout(&mut hand, &mut deal_rng(0), 1_000);
    /// assert_eq!(hand.to_move(), None); // over
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_move(&self) -> Option<Player> {
        if self.end.is_some() { None } else { Some(self.mover) }
    }

    /// The cards `player` holds (hidden from the other player: see
    /// [`HiddenInfo`](carte_core::HiddenInfo) for what each one sees).
    ///
    /// ```
    /// use gonzago_rules::{Deck, Hand, Player, Seeded};
    ///
    /// let hand = Hand::from_seed(&Deck::Italian, 0)?;
    /// assert_eq!(hand.held(Player::B).to_string(), "7b Fd Fs Rs");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn held(&self, player: Player) -> CardSet {
        self.hands[player]
    }

    /// How many cards `player` holds (public).
    ///
    /// ```
    /// use gonzago_rules::{Deck, Game, Hand, Player, Seeded};
    ///
    /// let mut hand = Hand::from_seed(&Deck::Italian, 0)?;
    /// hand.apply_notation("play Fd Fs")?; // B leads two Fanti
    /// assert_eq!(hand.hand_len(Player::B), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hand_len(&self, player: Player) -> usize {
        self.hands[player].len()
    }

    /// Every card played so far.
    ///
    /// ```
    /// use gonzago_rules::{Deck, Game, Hand, Seeded};
    ///
    /// let mut hand = Hand::from_seed(&Deck::Italian, 0)?;
    /// hand.apply_notation("play Fd Fs")?;
    /// assert_eq!(hand.table().to_string(), "Fd Fs");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn table(&self) -> CardSet {
        self.table
    }

    /// The value on top of the table; `None` before the lead.
    ///
    /// ```
    /// use gonzago_rules::{Deck, Game, Hand, Seeded, Value};
    ///
    /// let mut hand = Hand::from_seed(&Deck::Italian, 0)?;
    /// assert_eq!(hand.top(), None);
    /// hand.apply_notation("play Fd Fs")?;
    /// assert_eq!(hand.top(), Value::new(8));
    /// hand.apply_notation("draw")?; // a draw leaves the top as it was
    /// assert_eq!(hand.top(), Value::new(8));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn top(&self) -> Option<Value> {
        self.top
    }

    /// How many cards are left in the stock.
    ///
    /// ```
    /// use gonzago_rules::{Deck, Game, Hand, Seeded};
    ///
    /// let mut hand = Hand::from_seed(&Deck::Italian, 0)?;
    /// hand.apply_notation("play Fd Fs")?;
    /// hand.apply_notation("draw")?;
    /// assert_eq!(hand.stock_len(), 31);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn stock_len(&self) -> usize {
        usize::from(self.stock_len)
    }

    /// The stock, top card first (hidden from both players).
    ///
    /// ```
    /// use gonzago_rules::{Deck, Hand, Seeded};
    ///
    /// let hand = Hand::from_seed(&Deck::Italian, 0)?;
    /// assert_eq!(hand.stock().next().map(|c| c.to_string()), Some("2d".to_owned()));
    /// assert_eq!(hand.stock().len(), 32);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn stock(&self) -> impl ExactSizeIterator<Item = Card> + '_ {
        self.stock[..self.stock_len()].iter().rev().copied()
    }

    /// Moves played so far (at most 113: see the crate docs).
    ///
    /// ```
    /// use gonzago_rules::{Deck, Game, Hand, Seeded};
    ///
    /// let mut hand = Hand::from_seed(&Deck::Italian, 0)?;
    /// hand.apply_notation("play Fd Fs")?;
    /// assert_eq!(hand.plies(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn plies(&self) -> u64 {
        u64::from(self.plies)
    }

    /// Moves played so far, as an index into the history.
    fn ply_count(&self) -> usize {
        usize::from(self.plies)
    }

    /// The moves played so far, in order (the first by the non-dealer, then
    /// alternating).
    ///
    /// ```
    /// use gonzago_rules::{Deck, Game, Hand, Seeded};
    ///
    /// let mut hand = Hand::from_seed(&Deck::Italian, 0)?;
    /// hand.apply_notation("play Fd Fs")?;
    /// hand.apply_notation("draw")?;
    /// let moves: Vec<String> = hand.history().map(|m| m.to_string()).collect();
    /// assert_eq!(moves, ["play Fd Fs", "draw"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn history(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        self.history[..self.ply_count()].iter().map(|&code| decode(code, self.deck))
    }

    /// How the hand ended; `None` while it runs.
    ///
    /// ```
    /// use gonzago_rules::{Deck, Hand, HandEnd, Seeded, deal_rng};
    ///
    /// let mut hand = Hand::from_seed(&Deck::Italian, 0)?;
    /// assert_eq!(hand.end(), None);
    /// hand.play_random(&mut deal_rng(1));
    /// assert!(matches!(hand.end(), Some(HandEnd::Closed { .. } | HandEnd::Drawn)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn end(&self) -> Option<HandEnd> {
        self.end
    }

    /// The cards `player` could play now on the top value (every held card
    /// at the lead).
    ///
    /// ```
    /// use gonzago_rules::{Deck, Game, Hand, Player, Seeded};
    ///
    /// let mut hand = Hand::from_seed(&Deck::Italian, 0)?; // A holds Ab 5c 7d 7s
    /// hand.apply_notation("play Fd Fs")?; // on the Fante (8), A may play a 7 or a Cavallo (9)
    /// assert_eq!(hand.playable(Player::A).to_string(), "7d 7s");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn playable(&self, player: Player) -> CardSet {
        match self.top {
            None => self.hands[player],
            Some(t) => self.hands[player] & CardSet::adjacent_to(t),
        }
    }

    /// This hand with `player` holding `held` and the stock replaced by
    /// `stock` (top first), everything else kept. The caller keeps the 40
    /// cards in their places and the counts unchanged.
    pub(crate) fn redealt(&self, player: Player, held: CardSet, stock: &[Card]) -> Hand {
        debug_assert_eq!(held.len(), self.hand_len(player));
        debug_assert_eq!(stock.len(), self.stock_len());
        let mut hand = self.clone();
        hand.hands[player] = held;
        hand.stock = [EMPTY_SLOT; STOCK];
        for (slot, &c) in hand.stock.iter_mut().rev().skip(STOCK - stock.len()).zip(stock) {
            *slot = c;
        }
        hand
    }

    /// Reads a move typed with this hand's deck faces (see
    /// [`Deck::parse_move`]): on the French deck `play Ks` and `play K♠` are
    /// both the K♠.
    ///
    /// ```
    /// use gonzago_rules::{Deck, Hand, Seeded};
    ///
    /// let hand = Hand::from_seed(&Deck::French, 1)?;
    /// assert_eq!(hand.parse_move("play Ks")?.to_string(), "play K♠");
    /// assert!(hand.parse_move("play Rb").is_err()); // an Italian name
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ParseMoveError`](crate::ParseMoveError) for text that is no move.
    pub fn parse_move(&self, text: &str) -> Result<Move, crate::ParseMoveError> {
        self.deck.parse_move(text)
    }

    /// A uniformly random legal move, or `None` once the hand is over.
    ///
    /// Exactly `legal_moves()[below(rng, n)]` with `n` legal moves (the
    /// choice of carte-core's [`RandomPlayer`](carte_core::RandomPlayer)),
    /// computed without listing the moves.
    ///
    /// ```
    /// use gonzago_rules::{Deck, Game, Hand, Seeded, deal_rng};
    ///
    /// let hand = Hand::from_seed(&Deck::Italian, 0)?;
    /// let mv = hand.random_move(&mut deal_rng(3)).unwrap();
    /// assert!(hand.is_legal(mv));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Move> {
        if self.end.is_some() {
            return None;
        }
        let held = self.hands[self.mover].bits();
        let Some(top) = self.top else {
            return Some(random_lead(self.deck, held, rng));
        };
        // The plays of the lower and of the higher neighbour value (2^k - 1
        // subsets of k cards each) come first; then draw or pass.
        let [low, high] = NEIGHBOUR_SHIFTS[usize::from(top.get())];
        let (low_cards, high_cards) = (nibble(held, low), nibble(held, high));
        let (n_low, n_high) = (PLAYS[low_cards], PLAYS[high_cards]);
        let plays = n_low + n_high;
        // One more choice after the plays: draw while the stock has cards,
        // else pass when there is no play.
        let extra = u32::from(self.stock_len > 0 || plays == 0);
        let r = below(rng, plays + extra);
        Some(if r < n_low {
            nth_play(self.deck, low_cards, low, r)
        } else if r < plays {
            nth_play(self.deck, high_cards, high, r - n_low)
        } else if self.stock_len > 0 {
            Move::Draw
        } else {
            Move::Pass
        })
    }

    /// Plays uniformly random legal moves to the end of the hand and
    /// returns how many were played: the same game, move for move, as
    /// carte-core's [`RandomPlayer`](carte_core::RandomPlayer) with the same
    /// generator, but without listing moves or checking them again.
    ///
    /// ```
    /// use gonzago_rules::{Deck, Game, Hand, Seeded, deal_rng};
    ///
    /// let mut hand = Hand::from_seed(&Deck::Italian, 0)?;
    /// let plies = hand.play_random(&mut deal_rng(3));
    /// assert!(hand.is_over());
    /// assert_eq!(plies, hand.plies());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_random<R: Rng + ?Sized>(&mut self, rng: &mut R) -> u64 {
        let start = self.plies();
        // The lead (any play) goes the general way; every later turn runs
        // `random_move` + `play` fused below, with the hot state in locals.
        while self.top.is_none() {
            match self.random_move(rng) {
                Some(mv) => self.play(mv),
                None => return self.plies() - start,
            }
        }
        if self.end.is_some() {
            return self.plies() - start;
        }
        let Some(top) = self.top else { unreachable!("led above") };
        let mut hands = [self.hands[Player::A].bits(), self.hands[Player::B].bits()];
        let mut table = self.table.bits();
        let mut top = usize::from(top.get());
        let mut me = self.mover;
        let mut stock_len = usize::from(self.stock_len);
        let mut plies = self.ply_count();
        let mut passed = self.passed;
        let end = loop {
            let held = hands[me as usize];
            let [low, high] = NEIGHBOUR_SHIFTS[top];
            let (low_cards, high_cards) = (nibble(held, low), nibble(held, high));
            let (n_low, n_high) = (PLAYS[low_cards], PLAYS[high_cards]);
            let plays = n_low + n_high;
            let r = below(rng, plays + u32::from(stock_len > 0 || plays == 0));
            let code = if r < plays {
                let (cards, shift, r) = if r < n_low { (low_cards, low, r) } else { (high_cards, high, r - n_low) };
                let subset = SPREAD[cards][(PLAYS[cards] - r) as usize & 0xF];
                let bits = u64::from(subset) << shift;
                hands[me as usize] &= !bits;
                table |= bits;
                top = (shift / 4) as usize + 1;
                passed = false;
                ((shift / 4) << 4) as u8 | subset
            } else if stock_len > 0 {
                stock_len -= 1;
                let slot = &mut self.stock[stock_len];
                hands[me as usize] |= 1 << slot.index();
                *slot = EMPTY_SLOT;
                passed = false;
                DRAW
            } else {
                let both = passed;
                passed = true;
                if both {
                    self.history[plies] = PASS;
                    plies += 1;
                    me = me.other();
                    break HandEnd::Drawn;
                }
                PASS
            };
            self.history[plies] = code;
            plies += 1;
            let closer = me;
            me = me.other();
            if hands[closer as usize] == 0 {
                break HandEnd::Closed { winner: closer };
            }
        };
        self.hands = ByPlayer::new(CardSet::from_bits(hands[0]), CardSet::from_bits(hands[1]));
        self.table = CardSet::from_bits(table);
        self.top = Value::new(top as u8);
        self.mover = me;
        self.stock_len = stock_len as u8;
        self.plies = plies as u8;
        let plies = u64::from(self.plies);
        self.passed = passed;
        self.end = Some(end);
        plies - start
    }

    /// Plays `mv`, which the caller knows to be legal.
    fn play(&mut self, mv: Move) {
        let me = self.mover;
        let code = match mv {
            Move::Play(play) => {
                let cards = play.cards();
                let value = cards.bits().trailing_zeros() / 4;
                self.hands[me] = self.hands[me] - cards;
                self.table = self.table | cards;
                self.top = Some(Value::ALL[value as usize]);
                self.passed = false;
                if self.hands[me].is_empty() {
                    self.end = Some(HandEnd::Closed { winner: me });
                }
                play_code(value, cards)
            }
            Move::Draw => {
                self.stock_len -= 1;
                let slot = &mut self.stock[usize::from(self.stock_len)];
                self.hands[me].insert(*slot);
                *slot = EMPTY_SLOT;
                self.passed = false;
                DRAW
            }
            Move::Pass => {
                if self.passed {
                    self.end = Some(HandEnd::Drawn);
                }
                self.passed = true;
                PASS
            }
        };
        self.history[self.ply_count()] = code;
        self.plies += 1;
        self.mover = me.other();
    }

    /// Why `mv` is illegal now, if it is.
    fn check(&self, mv: Move) -> Result<(), IllegalKind> {
        if self.end.is_some() {
            return Err(IllegalKind::Over);
        }
        let held = self.hands[self.mover];
        match (mv, self.top) {
            (Move::Play(play), _) if play.deck() != self.deck => Err(IllegalKind::OtherDeck),
            (Move::Play(play), top) => {
                let cards = play.cards();
                if let Some(card) = (cards - held).first() {
                    return Err(IllegalKind::NotHeld { card });
                }
                // A play is never empty: no single value means mixed values.
                let Some(value) = cards.single_value() else {
                    return Err(IllegalKind::MixedValues);
                };
                match top {
                    Some(top) if (cards & CardSet::adjacent_to(top)).is_empty() => {
                        Err(IllegalKind::NotAdjacent { value, top })
                    }
                    _ => Ok(()),
                }
            }
            (Move::Draw | Move::Pass, None) => Err(IllegalKind::MustLead),
            (Move::Draw, Some(_)) if self.stock_len == 0 => Err(IllegalKind::StockEmpty),
            (Move::Draw, Some(_)) => Ok(()),
            (Move::Pass, Some(_)) if self.stock_len > 0 => Err(IllegalKind::StockNotEmpty),
            (Move::Pass, Some(top)) => match (held & CardSet::adjacent_to(top)).first() {
                Some(card) => Err(IllegalKind::CanPlay { card }),
                None => Ok(()),
            },
        }
    }
}

/// Pushes every play of the cards of `held` at bit `shift` (one value), in
/// the order of [`nth_play`].
#[inline]
fn push_plays(out: &mut Vec<Move>, deck: Deck, held: u64, shift: u32) {
    let cards = nibble(held, shift);
    for r in 0..PLAYS[cards] {
        out.push(nth_play(deck, cards, shift, r));
    }
}

// Move generation goes by value nibbles (the four cards of a value) and
// small tables rather than `count_ones`: baseline x86-64 has no `popcnt`.
// `legal_moves` and `random_move` both list plays through `nth_play`, so
// their orders agree by construction.

/// Bit offset of the nibble of each value's two neighbours (lower value
/// first); index 0 is unused.
const NEIGHBOUR_SHIFTS: [[u32; 2]; 11] = {
    let mut table = [[0; 2]; 11];
    let mut v = 1;
    while v <= 10 {
        let [low, high] = Value::ALL[v - 1].neighbours();
        table[v] = [(low.get() as u32 - 1) * 4, (high.get() as u32 - 1) * 4];
        v += 1;
    }
    table
};

/// `PLAYS[nibble]`: the number of plays (non-empty subsets) of a nibble.
const PLAYS: [u32; 16] = {
    let mut table = [0; 16];
    let mut n = 0;
    while n < 16 {
        table[n] = (1 << (n as u32).count_ones()) - 1;
        n += 1;
    }
    table
};

/// `SPREAD[mask][n]`: the low bits of `n` spread over the set bits of the
/// 4-bit `mask`, lowest first (a `pdep` within one value's nibble).
const SPREAD: [[u8; 16]; 16] = {
    let mut table = [[0; 16]; 16];
    let mut mask = 0;
    while mask < 16 {
        let mut n = 0;
        while n < 16 {
            let (mut out, mut m, mut bits) = (0u8, mask as u8, n as u8);
            while m != 0 {
                let low = m & m.wrapping_neg();
                if bits & 1 == 1 {
                    out |= low;
                }
                bits >>= 1;
                m &= m - 1;
            }
            table[mask][n] = out;
            n += 1;
        }
        mask += 1;
    }
    table
};

/// The nibble of `cards` at bit `shift`.
#[inline]
fn nibble(cards: u64, shift: u32) -> usize {
    ((cards >> shift) & 0xF) as usize
}

/// The `r`-th play (from 0, in `legal_moves` order: largest subset first)
/// of the cards `nibble` of the value at bit `shift`; `r < PLAYS[nibble]`.
#[inline]
fn nth_play(deck: Deck, nibble: usize, shift: u32, r: u32) -> Move {
    let bits = u64::from(SPREAD[nibble][(PLAYS[nibble] - r) as usize & 0xF]) << shift;
    Move::Play(Play::of(deck, CardSet::from_bits(bits)))
}

/// A uniformly random lead (any play) from `held`, in `legal_moves` order.
fn random_lead<R: Rng + ?Sized>(deck: Deck, held: u64, rng: &mut R) -> Move {
    let total: u32 = (0..40).step_by(4).map(|shift| PLAYS[nibble(held, shift)]).sum();
    let mut r = below(rng, total);
    for shift in (0..40).step_by(4) {
        let cards = nibble(held, shift);
        if r < PLAYS[cards] {
            return nth_play(deck, cards, shift, r);
        }
        r -= PLAYS[cards];
    }
    unreachable!("r < total")
}

/// The history code of a play of `cards`, all of value index `value`
/// (value − 1).
#[inline]
fn play_code(value: u32, cards: CardSet) -> u8 {
    ((value << 4) as u8) | ((cards.bits() >> (value * 4)) & 0xF) as u8
}

#[cfg(test)]
fn encode(mv: Move) -> u8 {
    match mv {
        Move::Play(play) => play_code(play.cards().bits().trailing_zeros() / 4, play.cards()),
        Move::Draw => DRAW,
        Move::Pass => PASS,
    }
}

fn decode(code: u8, deck: Deck) -> Move {
    match code {
        DRAW => Move::Draw,
        PASS => Move::Pass,
        _ => Move::Play(Play::of(deck, CardSet::from_bits(u64::from(code & 0xF) << ((code >> 4) * 4)))),
    }
}

impl Game for Hand {
    type Move = Move;
    type Error = IllegalMove;

    fn num_seats(&self) -> usize {
        2
    }

    fn actor(&self) -> Actor {
        match self.to_move() {
            Some(p) => Actor::Seat(p.seat()),
            None => Actor::Nobody,
        }
    }

    /// Plays first, by value (the two neighbours of the top value, or every
    /// value at the lead) and, within a value, from the largest set of
    /// cards; then `draw` while the stock has cards, or `pass` when nothing
    /// else is legal.
    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.end.is_some() {
            return;
        }
        let held = self.hands[self.mover].bits();
        match self.top {
            None => (0..40).step_by(4).for_each(|shift| push_plays(out, self.deck, held, shift)),
            Some(top) => {
                let before = out.len();
                for shift in NEIGHBOUR_SHIFTS[usize::from(top.get())] {
                    push_plays(out, self.deck, held, shift);
                }
                if self.stock_len > 0 {
                    out.push(Move::Draw);
                } else if out.len() == before {
                    out.push(Move::Pass);
                }
            }
        }
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    fn apply(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.check(mv).map_err(|kind| IllegalMove { mv, deck: self.deck, kind })?;
        self.play(mv);
        Ok(())
    }

    /// Reads `text` with this hand's deck ([`Hand::parse_move`]: on the
    /// French deck `play Ks` is the K♠) and applies it.
    fn apply_notation(&mut self, text: &str) -> Result<Move, MoveError<Hand>> {
        let mv = self.parse_move(text).map_err(|e| MoveError::notation(text, e))?;
        self.apply(mv).map_err(MoveError::Illegal)?;
        Ok(mv)
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.end()? {
            HandEnd::Closed { winner } => Some(Outcome::win(2, winner.seat())),
            HandEnd::Drawn => Some(Outcome::draw(2)),
        }
    }
}

impl Seeded for Hand {
    /// The deck to play with.
    type Config = Deck;
    type ConfigError = crate::ConfigError;

    /// The dealer is `A` or `B` by the first draw of [`deal_rng`]`(seed)`
    /// (`below(rng, 2)`: 0 = `A`), then the same generator shuffles and
    /// [`Hand::deal`] deals.
    fn from_seed(deck: &Deck, seed: u64) -> Result<Hand, Self::ConfigError> {
        Hand::new(deck, seed)
    }
}

impl fmt::Display for Hand {
    /// A table view with every card shown (the omniscient view).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = self.deck;
        let top = self.top.map_or('-', |v| d.value_letter(v));
        write!(f, "top {top} | stock {} | ", self.stock_len)?;
        for p in Player::ALL {
            let mark = if p == self.dealer { " (dealer)" } else { "" };
            write!(f, "player {p}{mark}: [{}] ", Named { deck: d, cards: self.hands[p] })?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plays_are_the_nonempty_subsets_of_each_value() {
        let mut out = Vec::new();
        let held =
            CardSet::value(Value::ACE) | CardSet::value(Value::KING) | CardSet::single(Card::from_index(9).unwrap());
        for shift in (0..40).step_by(4) {
            push_plays(&mut out, Deck::Italian, held.bits(), shift);
        }
        assert_eq!(out.len(), 15 + 15 + 1);
        assert!(out.iter().all(|m| matches!(m, Move::Play(p) if p.cards().single_value().is_some())));
        assert_eq!(out[0], Move::Play(Play::of(Deck::Italian, CardSet::value(Value::ACE))));
        let single = |i| Move::Play(Play::of(Deck::Italian, CardSet::single(Card::from_index(i).unwrap())));
        assert_eq!(out[15], single(9));
        assert_eq!(out[30], single(36));
    }

    #[test]
    fn history_codes_roundtrip() {
        for deck_card in Deck::Italian.cards() {
            for extra in 0..4u8 {
                let mut cards = CardSet::single(deck_card);
                cards.insert(Card::new(deck_card.value(), extra).unwrap());
                for deck in [Deck::Italian, Deck::French] {
                    let mv = Move::Play(Play::of(deck, cards));
                    assert_eq!(decode(encode(mv), deck), mv);
                }
                let mv = Move::Play(Play::of(Deck::Italian, cards));
                assert!(encode(mv) < DRAW);
            }
        }
        assert_eq!(decode(encode(Move::Draw), Deck::French), Move::Draw);
        assert_eq!(decode(encode(Move::Pass), Deck::Italian), Move::Pass);
    }
}
