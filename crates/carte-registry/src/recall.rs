//! Information-state tensors: a seat's information state under perfect
//! recall as a tensor of fixed size, for the configurations where one
//! holds it (a single hand of Gonzago, Camicia, Zucche e Fantasmi).
//!
//! The tensor is a function of what makes the seat's
//! information-state string ([`crate::info`]): the seat's record (what it
//! saw, token by token) and what the state in play shows it, so it is the
//! same however the state was made (played, cloned, loaded, resampled) and
//! never depends on what the seat may not see. A configuration without a
//! tensor (Zama, a Gonzago match, Zucche e Fantasmi beyond
//! [`ZUCCHE_RECALL_MAX`] entries) answers `None` for the shape; see [`GameHandle::information_state_tensor`]
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

/// Kinds of a Camicia card (plain, demands 1 to 4), as in its observation.
const KINDS: usize = 5;
/// Entries of one position of a Camicia hand: not yet turned, then the
/// kind turned there, one-hot.
const POSITION: usize = 1 + KINDS;

/// Entries of a Camicia tensor for a deck of `n` cards: see
/// [`camicia_recall`].
pub(crate) const fn camicia_recall_len(n: usize) -> usize {
    2 * (14 + KINDS * n) + 3 + 2 * n * POSITION
}

impl Recall for camicia_rules::Camicia {
    /// `31 + 22n` entries for a deck of `n` cards (Camicia 911,
    /// Beggar-my-neighbour 1175): see [`camicia_recall`].
    fn recall_len(&self) -> Option<usize> {
        Some(camicia_recall_len(self.deck_counts().iter().sum()))
    }

    fn recall_tensor(&self, seat: Seat, record: &str, out: &mut [f32]) -> Result<(), ViewError> {
        let view = self.observation_len();
        out.fill(0.0);
        self.observation_tensor(seat, &mut out[..view])?;
        camicia_recall(self.preset(), self.deck_counts(), view, Player::from_seat(seat), record, out);
        Ok(())
    }
}

/// Writes a Camicia tensor past the view (`out[..view]`, written by the
/// caller; the rest zero on entry) from the seat's record. With a deck of
/// `n` cards and `V = 14 + 5n` entries of the observation tensor:
///
/// | entries | meaning |
/// |---|---|
/// | `0..V` | the seat's observation tensor now (during a chance deal, the deal's) |
/// | `V..2V` | the seat's observation tensor where its record's play starts: at the seeded start or where a state loaded from JSON starts (read back from the view in brackets), or once a chance deal is dealt; zeros during the deal |
/// | `2V` | 1 if the record starts with a chance deal |
/// | `2V + 1` | the cards dealt in it so far (`n` once dealt) |
/// | `2V + 2` | the cards turned since the play started, `0..` (exact as a float up to 2^24, as the view's count) |
/// | `2V + 3 + 6(n·q + i) ..` | position `i` (0 = the top) of the hand player `q` (0 the seat, 1 the opponent) held where the play started: `+0` not turned yet, `+1 + k` the card turned from it was of kind `k`; zeros past the hand |
///
/// The hands are face down and the play is forced, so what the seat saw
/// since the start is the kinds turned in order; those come from the top
/// of each hand held at the start until it is spent, then from the cards
/// collected under it, which were seen on the pile. So the start, the
/// prefix turned of each hand and the count of cards turned give back
/// every card turned, in order; the view now says whether the game was
/// won or drawn (the last token). Nothing here is more than the string.
///
/// This holds for the strings play gives. A sample
/// ([`GameHandle::resample`](crate::GameHandle::resample)) draws both
/// hands from the seat's view, the cards it saw collected included, so a
/// sample played on can show the seat a collected card it knows to be
/// another: its string is one no play gives, and its tensor reads the
/// turns as play would (equal strings still give equal tensors).
pub(crate) fn camicia_recall(
    preset: camicia_rules::Preset,
    counts: [usize; 5],
    view: usize,
    seat: Option<Player>,
    record: &str,
    out: &mut [f32],
) {
    let n: usize = counts.iter().sum();
    let tail = 2 * view;
    let (mut mover, tokens) = if let Some(deal) = record.strip_prefix("deal") {
        // A chance deal: a `?` per card dealt (the hands are face down),
        // then the plies from the dealt start: A holds the first half, B
        // the rest, A turns first (the seeded deal's start).
        out[tail] = 1.0;
        let dealt = deal.split(' ').skip(1).take_while(|&t| t == "?").count();
        out[tail + 1] = dealt as f32;
        let Some(me) = seat else { return };
        let plies = deal.splitn(dealt + 2, ' ').nth(dealt + 1).unwrap_or("");
        let start = &mut out[view..tail];
        let (a, b) = (n / 2, n - n / 2);
        let me_a = me == Player::A;
        start[0] = if me_a { a } else { b } as f32;
        start[1] = if me_a { b } else { a } as f32;
        start[if me_a { 2 } else { 11 }] = 1.0;
        for (slot, &k) in start[4..9].iter_mut().zip(&counts) {
            *slot = k as f32;
        }
        (!me_a, plies)
    } else {
        // The view where the record starts, in brackets.
        let Some((start, plies)) = record.strip_prefix('[').and_then(|r| r.split_once(']')) else { return };
        let Some(mover) = start_view(preset, counts, start, &mut out[view..tail]) else { return };
        (mover, plies)
    };
    // Who turns each card: a demand passes the turn to the opponent, who
    // pays; a plain card passes it in open play, and pays one card of a
    // debt, the last one giving the pile (and the turn) to the attacker.
    let mut debt = out[view + 3] as usize;
    let held = [(out[view] as usize).min(n), (out[view + 1] as usize).min(n)];
    let mut turned = [0usize; 2];
    let hands = tail + 3;
    for (q, &h) in held.iter().enumerate() {
        for i in 0..h {
            out[hands + POSITION * (n * q + i)] = 1.0;
        }
    }
    let mut count = 0usize;
    for token in tokens.split(' ').filter(|t| !t.is_empty()) {
        let Some(kind) = token.chars().next().and_then(|c| preset.kind_of(c)).map(usize::from) else { return };
        count += 1;
        let q = usize::from(mover);
        if turned[q] < held[q] {
            let at = hands + POSITION * (n * q + turned[q]);
            out[at] = 0.0;
            out[at + 1 + kind] = 1.0;
        }
        turned[q] += 1;
        if kind > 0 {
            debt = kind;
            mover = !mover;
        } else if debt > 0 {
            debt -= 1;
            if debt == 0 {
                mover = !mover;
            }
        } else {
            mover = !mover;
        }
    }
    out[tail + 2] = count as f32;
}

/// Writes the observation tensor of a Camicia view string (`A: holds 12,
/// opponent 27 | pile - 2 - | owes 1 | cards 31, tricks 2 | A to move`)
/// into `out`; returns whether the opponent (`true`) or the seat is to
/// move, `None` for a view it cannot read or a game over.
fn start_view(preset: camicia_rules::Preset, counts: [usize; 5], text: &str, out: &mut [f32]) -> Option<bool> {
    let mut parts = text.split(" | ");
    let (me, holds) = parts.next()?.split_once(": holds ")?;
    let (mine, theirs) = holds.split_once(", opponent ")?;
    let sizes = [mine.parse::<usize>().ok()?, theirs.parse::<usize>().ok()?];
    out[0] = sizes[0] as f32;
    out[1] = sizes[1] as f32;
    let mut unseen = counts;
    let pile = parts.next()?.strip_prefix("pile")?;
    for (p, t) in pile.split(' ').filter(|t| !t.is_empty()).enumerate() {
        let kind = usize::from(preset.kind_of(t.chars().next()?)?);
        unseen[kind] = unseen[kind].checked_sub(1)?;
        *out.get_mut(14 + KINDS * p + kind)? = 1.0;
    }
    for (slot, &k) in out[4..9].iter_mut().zip(&unseen) {
        *slot = k as f32;
    }
    out[3] = parts.next()?.strip_prefix("owes ")?.parse::<u8>().ok()?.into();
    let (cards, tricks) = parts.next()?.strip_prefix("cards ")?.split_once(", tricks ")?;
    out[9] = cards.parse::<u64>().ok()? as f32;
    out[10] = tricks.parse::<u64>().ok()? as f32;
    let end = parts.next();
    let winner = end.and_then(|e| e.strip_suffix(" wins"));
    if let Some(w) = winner {
        out[if w == me { 12 } else { 13 }] = 1.0;
    }
    let next = end.and_then(|e| e.strip_suffix(" to move"))?;
    out[if next == me { 2 } else { 11 }] = 1.0;
    Some(next != me)
}

/// Entries of a Zucche board's row of the observation tensor (see
/// `zucche_rules::actions`).
const ZUCCHE_ROW: usize = 142;
/// Entries of a Zucche turn's slot past its board one-hot: 8 placements
/// by file, the roll, the pass, the step's square and direction.
const ZUCCHE_TURN: usize = 8 * 8 + 6 + 1 + 64 + 4;
/// The largest Zucche tensor made (4 MiB of `f32`): a configuration whose
/// tensor would be longer (more than 3,716 rounds with four players,
/// more than 92 players with 120 rounds) has none.
pub(crate) const ZUCCHE_RECALL_MAX: usize = 1 << 20;

/// Entries of a Zucche tensor with `boards` boards and `rounds` rounds,
/// if at most [`ZUCCHE_RECALL_MAX`]: see [`zucche_recall`].
pub(crate) fn zucche_recall_len(boards: usize, rounds: u32) -> Option<usize> {
    let slots = usize::try_from(rounds).ok()?.checked_mul(boards)?;
    let len = slots.checked_mul(boards + ZUCCHE_TURN)?.checked_add(2 * boards * ZUCCHE_ROW)?;
    (len <= ZUCCHE_RECALL_MAX).then_some(len)
}

impl Recall for zucche_rules::Zucche {
    /// `2 · 142n + rounds · n · (n + 139)` entries with `n` boards (34,408
    /// for four players and 120 rounds): see [`zucche_recall`].
    fn recall_len(&self) -> Option<usize> {
        zucche_recall_len(self.num_boards(), self.config().rounds)
    }

    fn recall_tensor(&self, seat: Seat, record: &str, out: &mut [f32]) -> Result<(), ViewError> {
        let view = self.observation_len();
        out.fill(0.0);
        self.observation_tensor(seat, &mut out[..view])?;
        zucche_recall(self.num_boards(), record, out);
        Ok(())
    }
}

/// Writes a Zucche tensor past the view (`out[..V]`, written by the
/// caller; the rest zero on entry) from the seat's record. With `n`
/// boards, the observation tensor's `V = 142n` entries and a slot of
/// `T = n + 139` entries per turn:
///
/// | entries | meaning |
/// |---|---|
/// | `0..V` | the seat's observation tensor now |
/// | `V..2V` | the observation tensor where the record starts (the seeded start, or where a state loaded from JSON starts), without the seat's own colour (entries 139 and 140 of each row, zero) |
/// | `2V + T·k ..` | turn `k` of the record (`rounds · n` slots: a board plays at most one turn a round): `+b` 1 for the board `b` its placements or step name (none for a roll and a pass), `+n + 8j + f` its `j`-th placement was on file `f` (of the placer's home rank), `+n + 64 + p − 1` the roll `p`, `+n + 70` a pass, `+n + 71 + s` the step from square `s` (by `Square::index`), `+n + 135 + d` in direction `d` (0 up, 1 right, 2 down, 3 left, as the actions) |
///
/// The game has no hidden information, so the record is every move and
/// every roll since its start; the start, the turns in order and each
/// turn's placements, roll and move give back every token. A turn ends
/// with its step or pass; the last slot may hold a turn in play. Entries
/// are 0 or 1 but the views' counts (checkers in hand, rounds played).
/// A record it cannot read stops the writing where it fails (never a
/// panic), which a record play gives never does.
pub(crate) fn zucche_recall(boards: usize, record: &str, out: &mut [f32]) {
    let view = boards * ZUCCHE_ROW;
    let Some((start, plies)) = record.strip_prefix('[').and_then(|r| r.split_once(']')) else { return };
    if zucche_start_view(boards, start, &mut out[view..2 * view]).is_none() {
        return;
    }
    let turn = boards + ZUCCHE_TURN;
    let mut slots = out[2 * view..].chunks_exact_mut(turn);
    let Some(mut slot) = slots.next() else { return };
    let mut placed = 0;
    let mut words = plies.split(' ').filter(|w| !w.is_empty());
    while let Some(word) = words.next() {
        if word == "roll" {
            let Some(p) = words.next().and_then(|w| w.parse::<usize>().ok()).filter(|p| (1..=6).contains(p)) else {
                return;
            };
            slot[boards + 64 + p - 1] = 1.0;
            continue;
        }
        if word == "pass" {
            slot[boards + 70] = 1.0;
        } else {
            let Some((board, rest)) = word.split_once(':') else { return };
            let Some(b) = board.parse::<usize>().ok().filter(|b| (1..=boards).contains(b)) else { return };
            slot[b - 1] = 1.0;
            if rest == "place" {
                let Some(to) = words.next().and_then(zucche_square) else { return };
                if placed < 8 {
                    slot[boards + 8 * placed + usize::from(to % 8)] = 1.0;
                }
                placed += 1;
                continue;
            }
            let Some((from, to)) = rest.split_once('-').and_then(|(f, t)| Some((zucche_square(f)?, zucche_square(t)?)))
            else {
                return;
            };
            let d = match (from % 8).cmp(&(to % 8)) {
                std::cmp::Ordering::Equal if to > from => 0,
                std::cmp::Ordering::Equal => 2,
                std::cmp::Ordering::Less => 1,
                std::cmp::Ordering::Greater => 3,
            };
            slot[boards + 71 + usize::from(from)] = 1.0;
            slot[boards + 135 + d] = 1.0;
        }
        // A step or a pass ends the turn.
        let Some(next) = slots.next() else { return };
        slot = next;
        placed = 0;
    }
}

/// The index (`file + 8 · rank`) of a square's notation `e4`, if it is one.
fn zucche_square(text: &str) -> Option<u8> {
    let &[file @ b'a'..=b'h', rank @ b'1'..=b'8'] = text.as_bytes() else { return None };
    Some(file - b'a' + 8 * (rank - b'1'))
}

/// Writes the observation tensor of a Zucche view string (`A1 | round
/// 3/120 | 1: <board> | 2: <board> frozen | board 1 rolled 4`) into `out`,
/// but for the seat's own colour; `None` for a view it cannot read.
fn zucche_start_view(boards: usize, text: &str, out: &mut [f32]) -> Option<()> {
    let mut parts = text.split(" | ");
    parts.next()?;
    let (played, _) = parts.next()?.strip_prefix("round ")?.split_once('/')?;
    let round = played.parse::<u32>().ok()? as f32;
    for (b, row) in out.chunks_exact_mut(ZUCCHE_ROW).enumerate() {
        let (id, board) = parts.next()?.split_once(": ")?;
        if id.parse::<usize>().ok()? != b + 1 {
            return None;
        }
        let (board, frozen) = match board.strip_suffix(" frozen") {
            Some(board) => (board, true),
            None => (board, false),
        };
        let mut fields = board.split(' ');
        let (ranks, to_move, white, black) = (fields.next()?, fields.next()?, fields.next()?, fields.next()?);
        for (r, text) in ranks.split('/').enumerate() {
            let rank = 7usize.checked_sub(r)?;
            let mut file = 0usize;
            for ch in text.bytes() {
                match ch {
                    b'1'..=b'8' => file += usize::from(ch - b'0'),
                    b'w' | b'b' => {
                        let base = if ch == b'w' { 0 } else { 64 };
                        *row.get_mut(base + 8 * rank + file).filter(|_| file < 8)? = 1.0;
                        file += 1;
                    }
                    _ => return None,
                }
            }
        }
        row[128] = white.parse::<u32>().ok()? as f32;
        row[129] = black.parse::<u32>().ok()? as f32;
        row[130] = f32::from(u8::from(to_move == "w"));
        row[138] = f32::from(u8::from(frozen));
        row[141] = round;
    }
    let now = parts.next()?;
    if let Some(board) = now.strip_prefix("board ") {
        let (id, what) = board.split_once(' ')?;
        let b = id.parse::<usize>().ok().filter(|b| (1..=boards).contains(b))?;
        let row = &mut out[ZUCCHE_ROW * (b - 1)..ZUCCHE_ROW * b];
        row[131] = 1.0;
        if let Some(p) = what.strip_prefix("rolled ") {
            let p = p.parse::<usize>().ok().filter(|p| (1..=6).contains(p))?;
            row[131 + p] = 1.0;
        }
    }
    Some(())
}
