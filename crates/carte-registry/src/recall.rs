//! Information-state tensors: a seat's information state under perfect
//! recall as a tensor of fixed size, for the configurations where one
//! holds it (a single hand of Gonzago).
//!
//! The tensor is a function of what makes the seat's
//! information-state string ([`crate::info`]): the seat's record (what it
//! saw, token by token) and what the state in play shows it, so it is the
//! same however the state was made (played, cloned, loaded, resampled) and
//! never depends on what the seat may not see. A configuration without a
//! tensor (Zama, a Gonzago match, Zucche e Fantasmi, Camicia) answers
//! `None` for the shape; see [`GameHandle::information_state_tensor`]
//! for why.
//!
//! [`GameHandle::information_state_tensor`]: crate::GameHandle::information_state_tensor

use carte_core::{Player, Seat, ViewError, Views};
use gonzago_rules::{Card, Deck, Hand, Match};

/// A game whose information states may have a tensor.
pub(crate) trait Recall: Views {
    /// The tensor's entries, if this configuration has one (a flat
    /// tensor: its shape is `[len]`). Asked at every write: it allocates
    /// nothing.
    fn recall_len(&self) -> Option<usize> {
        None
    }

    /// Writes `seat`'s tensor into `out` (of the shape's entries, checked
    /// by the caller); `record` is the seat's information-state record
    /// (its string without the digest). Only called when
    /// [`recall_len`](Recall::recall_len) is `Some`.
    ///
    /// # Errors
    ///
    /// [`ViewError::Seat`] for a seat the game does not have.
    fn recall_tensor(&self, seat: Seat, record: &str, out: &mut [f32]) -> Result<(), ViewError> {
        let _ = (seat, record, out);
        unreachable!("only a configuration with a shape writes a tensor")
    }
}

impl Recall for zama_rules::Zama {}
impl Recall for Match {}
impl Recall for zucche_rules::Zucche {}
impl Recall for camicia_rules::Camicia {}

/// Entries of a hand's observation tensor (see `gonzago_rules::actions`).
const VIEW: usize = 140;
/// Cards of the deck.
const CARDS: usize = 40;
/// Cards dealt to a seat.
const DEALT: usize = 4;
/// Entries of one ply: who moved (the seat, the opponent), what (a play,
/// a draw, a pass), then a plane of the cards it showed the seat.
const PLY: usize = 5 + CARDS;
/// Where the plies start: the view, the cards held where the record
/// starts, the cards dealt in order.
const PLIES_AT: usize = VIEW + CARDS + DEALT * CARDS;
/// The longest hand (`gonzago_rules`' bound on plies: 40 plays, 32
/// draws, 41 passes).
const HAND_PLIES: usize = 40 + 32 + 41;
/// Entries of a hand's information-state tensor.
pub(crate) const HAND_RECALL: usize = PLIES_AT + HAND_PLIES * PLY;

impl Recall for Hand {
    /// 5425 entries: see [`hand_recall`].
    fn recall_len(&self) -> Option<usize> {
        Some(HAND_RECALL)
    }

    fn recall_tensor(&self, seat: Seat, record: &str, out: &mut [f32]) -> Result<(), ViewError> {
        let Some(me) = Player::from_seat(Seat::checked(seat.index(), 2)?) else {
            unreachable!("a checked seat of two is a player")
        };
        out.fill(0.0);
        self.observation_tensor(seat, &mut out[..VIEW])?;
        hand_recall(self.deck(), record, Some((self, me)), out);
        Ok(())
    }
}

/// Writes a hand's tensor past the view (`out[..VIEW]`, written by the
/// caller; the rest zero on entry) from the seat's record, and from the
/// hand once it is dealt (`None` during a chance deal).
///
/// | entries | meaning |
/// |---|---|
/// | 0..140 | the seat's observation tensor now (during a chance deal, the deal's) |
/// | 140..180 | the cards the seat held where its record starts: its dealt cards (so far, during a chance deal; its hand where a state loaded from JSON starts) |
/// | 180..340 | with a chance deal, the seat's cards in the order dealt: 40 entries per card, one-hot (zeros for a seeded deal, whose view shows the four at once) |
/// | `340 + 45i + ..` | ply `i` of the hand: `0` the seat moved, `1` the opponent, `2` a play, `3` a draw, `4` a pass, `5 + c` card `c` ([`Card::index`]) played, or drawn by the seat (none for the opponent's draw) |
///
/// so every entry is 0 or 1 but the counts of the view (cards held,
/// stock; during a deal, cards dealt), at most 40.
pub(crate) fn hand_recall(deck: Deck, record: &str, hand: Option<(&Hand, Player)>, out: &mut [f32]) {
    let (start, plies) = out[VIEW..].split_at_mut(PLIES_AT - VIEW);
    let (held, order) = start.split_at_mut(CARDS);
    // A chance deal: `deal`, the dealer, then a token per position.
    if let Some(deal) = record.strip_prefix("deal") {
        let mut tokens = deal.split(' ').skip(1);
        if deal.starts_with(" dealer") {
            tokens.nth(1);
        }
        // `?` for a card the seat did not see (skipped before parsing: a
        // parse error would allocate its message).
        let mine = tokens.take(2 * DEALT).filter(|&t| t != "?").filter_map(|t| deck.parse_card(t).ok());
        for (slot, card) in order.chunks_exact_mut(CARDS).zip(mine) {
            slot[card.index()] = 1.0;
            held[card.index()] = 1.0;
        }
    }
    let Some((hand, me)) = hand else { return };
    // The record's last tokens are the hand's plies, as far as it covers
    // them: a record that starts within the hand (a state loaded from
    // JSON) starts with the view there, in brackets.
    let n = hand.history().len().min(HAND_PLIES);
    let mut tokens = [""; HAND_PLIES];
    let mut covered = 0;
    for t in record.rsplit(' ') {
        if covered == n || t.ends_with(']') {
            break;
        }
        tokens[n - 1 - covered] = t;
        covered += 1;
    }
    let first = n - covered;
    let mut cards = hand.held(me);
    let dealer = hand.dealer();
    for (i, (mv, slot)) in hand.history().zip(plies.chunks_exact_mut(PLY)).enumerate() {
        // The non-dealer leads, then the players alternate.
        let mover = if i % 2 == 0 { dealer.other() } else { dealer };
        slot[usize::from(mover != me)] = 1.0;
        match mv {
            gonzago_rules::Move::Play(play) => {
                slot[2] = 1.0;
                for card in play.cards().iter() {
                    slot[5 + card.index()] = 1.0;
                    if mover == me && i >= first {
                        cards.insert(card);
                    }
                }
            }
            gonzago_rules::Move::Draw => {
                slot[3] = 1.0;
                if mover == me
                    && let Some(card) = drawn(deck, tokens[i])
                {
                    slot[5 + card.index()] = 1.0;
                    cards.remove(card);
                }
            }
            gonzago_rules::Move::Pass => slot[4] = 1.0,
        }
    }
    if !record.starts_with("deal") {
        for card in cards.iter() {
            held[card.index()] = 1.0;
        }
    }
}

/// The card of the seat's own draw token `d=Rb`.
fn drawn(deck: Deck, token: &str) -> Option<Card> {
    deck.parse_card(token.strip_prefix("d=")?).ok()
}
