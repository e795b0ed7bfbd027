//! Deals as chance (`deal=chance`): the cards dealt one at a time, each a
//! chance outcome, before the game's first move.

use core::fmt::Write as _;
use std::sync::Arc;

use carte_core::{Actor, GameFacts, Seat, ViewError, deal_rng, shuffle};

use crate::error::HandleError;
use crate::handle::{Erased, Playable, Sampler, Typed};

/// Builds the game from the first choice and the dealt outcomes.
pub(crate) type Finish<G> = Box<dyn Fn(usize, &[u8]) -> Result<G, String> + Send + Sync>;

/// Writes a tensor from a seat's record of the deal (see [`DealRecall`]).
pub(crate) type RecallWriter = Box<dyn Fn(&str, &mut [f32]) + Send + Sync>;

/// How a deal writes the information-state tensor of its game (one that
/// has one, see [`crate::recall`]).
pub(crate) struct DealRecall {
    /// The tensor's entries (it is flat).
    pub len: usize,
    /// Writes the tensor past the view, from the seat's record of the
    /// deal; the view (the first entries, as many as the observation
    /// tensor's) holds the deal's observation tensor, the rest zeros.
    pub write: RecallWriter,
}

/// How a game deals by chance.
pub(crate) struct DealSpec<G: Playable> {
    /// Labels of a first choice made uniformly before the cards (the
    /// dealer); empty for none.
    pub pre: Vec<String>,
    /// The label of each outcome (a card, or a kind of card).
    pub labels: Vec<String>,
    /// Per pool (a deck), how many cards of each outcome it holds.
    pub pools: Vec<Vec<u8>>,
    /// The pool each position is dealt from, in deal order.
    pub pool_of: Vec<u8>,
    /// The seat that sees the card at a position, given the first choice.
    pub visible: fn(usize, usize) -> Option<usize>,
    pub finish: Finish<G>,
    /// The game's information-state tensor during the deal, if it has one.
    pub recall: Option<DealRecall>,
    pub sampler: Option<Sampler<G>>,
    /// The game's tensor shape and facts, the deal included.
    pub shape: Vec<usize>,
    pub facts: GameFacts,
}

impl<G: Playable> DealSpec<G> {
    /// The facts of the game with this deal before it.
    pub(crate) fn facts_with_deal(mut game: GameFacts, pre: usize, labels: usize, positions: usize) -> GameFacts {
        game.max_chance_outcomes = game.max_chance_outcomes.max(labels).max(pre);
        game.max_plies = game.max_plies.saturating_add((positions + usize::from(pre > 0)) as u64);
        game
    }
}

/// A chance deal in progress.
pub(crate) struct Dealing<G: Playable> {
    name: Arc<str>,
    spec: Arc<DealSpec<G>>,
    pre: Option<usize>,
    dealt: Vec<u8>,
    left: Vec<Vec<u8>>,
}

impl<G: Playable> Clone for Dealing<G> {
    fn clone(&self) -> Self {
        Dealing {
            name: self.name.clone(),
            spec: self.spec.clone(),
            pre: self.pre,
            dealt: self.dealt.clone(),
            left: self.left.clone(),
        }
    }
}

impl<G: Playable> Dealing<G> {
    pub(crate) fn new(name: Arc<str>, spec: Arc<DealSpec<G>>) -> Self {
        let left = spec.pools.clone();
        Dealing { name, spec, pre: None, dealt: Vec::new(), left }
    }

    fn choosing_pre(&self) -> bool {
        self.pre.is_none() && !self.spec.pre.is_empty()
    }

    /// The pool of the next card.
    fn pool(&self) -> usize {
        usize::from(self.spec.pool_of[self.dealt.len()])
    }

    fn is_legal(&self, action: usize) -> bool {
        if self.choosing_pre() {
            action < self.spec.pre.len()
        } else {
            self.left[self.pool()].get(action).is_some_and(|&n| n > 0)
        }
    }

    fn pre_index(&self) -> usize {
        self.pre.unwrap_or(0)
    }

    /// What `seat` saw of the deal so far.
    fn deal_info(&self, seat: Seat) -> String {
        let mut text = String::from("deal");
        if let Some(p) = self.pre {
            let _ = write!(text, " {}", self.spec.pre[p]);
        }
        for (pos, &card) in self.dealt.iter().enumerate() {
            if (self.spec.visible)(self.pre_index(), pos) == Some(seat.index()) {
                let _ = write!(text, " {}", self.spec.labels[usize::from(card)]);
            } else {
                text.push_str(" ?");
            }
        }
        text
    }

    fn check_seat(&self, seat: Seat) -> Result<(), ViewError> {
        Seat::checked(seat.index(), self.spec.facts.seats)?;
        Ok(())
    }
}

impl<G: Playable> Erased for Dealing<G> {
    fn clone_box(&self) -> Box<dyn Erased> {
        Box::new(self.clone())
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn facts(&self) -> GameFacts {
        self.spec.facts.clone()
    }

    fn actor(&self) -> Actor {
        Actor::Chance
    }

    /// The first choice's outcomes, then the cards'.
    fn range(&self) -> usize {
        if self.choosing_pre() { self.spec.pre.len() } else { self.spec.labels.len() }
    }

    fn legal_action_mask(&mut self, mask: &mut [bool]) -> Result<usize, HandleError> {
        let needed = self.range();
        if mask.len() < needed {
            return Err(carte_core::ActionError::MaskTooShort { needed, got: mask.len() }.into());
        }
        let mut n = 0;
        for (i, slot) in mask.iter_mut().enumerate() {
            *slot = self.is_legal(i);
            n += usize::from(*slot);
        }
        Ok(n)
    }

    fn legal_action_bits(&mut self, bits: &mut [u64]) -> Result<usize, HandleError> {
        let range = self.range();
        let needed = range.div_ceil(64);
        if bits.len() < needed {
            return Err(carte_core::ActionError::BitsTooShort { needed, got: bits.len() }.into());
        }
        bits.fill(0);
        let mut n = 0;
        for i in (0..range).filter(|&i| self.is_legal(i)) {
            bits[i / 64] |= 1 << (i % 64);
            n += 1;
        }
        Ok(n)
    }

    fn legal_actions(&mut self, out: &mut Vec<usize>) {
        out.clear();
        out.extend((0..self.range()).filter(|&i| self.is_legal(i)));
    }

    fn chance_outcomes(&mut self, out: &mut Vec<(usize, f64)>) {
        out.clear();
        if self.choosing_pre() {
            let n = self.spec.pre.len();
            out.extend((0..n).map(|i| (i, 1.0 / n as f64)));
            return;
        }
        let left = &self.left[self.pool()];
        let total: u32 = left.iter().map(|&n| u32::from(n)).sum();
        out.extend(
            left.iter().enumerate().filter(|&(_, &n)| n > 0).map(|(i, &n)| (i, f64::from(n) / f64::from(total))),
        );
    }

    fn apply_action(&mut self, action: usize) -> Result<Option<Box<dyn Erased>>, HandleError> {
        if !self.is_legal(action) {
            return match self.action_to_string(action) {
                Some(notation) => {
                    Err(HandleError::Illegal { action, notation, reason: "no such card is left to deal".to_owned() })
                }
                None => Err(HandleError::NoSuchAction { action, range: self.range() }),
            };
        }
        if self.choosing_pre() {
            self.pre = Some(action);
            return Ok(None);
        }
        let pool = self.pool();
        self.left[pool][action] -= 1;
        self.dealt.push(action as u8);
        if self.dealt.len() < self.spec.pool_of.len() {
            return Ok(None);
        }
        let game = match (self.spec.finish)(self.pre_index(), &self.dealt) {
            Ok(game) => game,
            Err(reason) => {
                // Every complete deal of the decks is a game; undo anyway.
                self.dealt.pop();
                self.left[pool][action] += 1;
                return Err(HandleError::State { game: self.name.to_string(), reason });
            }
        };
        let earlier = Seat::all(self.spec.facts.seats).map(|s| Some(self.deal_info(s))).collect();
        let mut typed = Typed::new(self.name.clone(), game, self.spec.sampler, earlier);
        typed.set_facts(self.spec.facts.clone());
        let typed: Box<dyn Erased> = Box::new(typed);
        Ok(Some(typed))
    }

    fn action_to_string(&self, action: usize) -> Option<String> {
        if self.choosing_pre() {
            return self.spec.pre.get(action).cloned();
        }
        self.spec.labels.get(action).map(|l| format!("deal {l}"))
    }

    fn string_to_action(&self, text: &str) -> Result<usize, HandleError> {
        let t = text.trim();
        let found = if self.choosing_pre() {
            self.spec.pre.iter().position(|p| p == t)
        } else {
            let card = t.strip_prefix("deal ").unwrap_or(t).trim();
            self.spec.labels.iter().position(|l| l == card)
        };
        found.ok_or_else(|| HandleError::Notation {
            text: text.to_owned(),
            reason: "not an outcome of this deal".to_owned(),
        })
    }

    fn action_json(&self, action: usize) -> Option<String> {
        serde_json::to_string(&self.action_to_string(action)?).ok()
    }

    fn returns(&self) -> Option<Vec<f64>> {
        None
    }

    fn observation_shape(&self) -> Vec<usize> {
        self.spec.shape.clone()
    }

    /// What the observation string shows of the deal, in the game's
    /// tensor length (see the crate docs, *Deals as chance*): entry 0 the
    /// cards dealt, entry 1 the first choice (0 before it, then 1 + its
    /// outcome), entry `2 + c` the number of cards of outcome `c` the seat
    /// has been dealt face up to it; zeros elsewhere.
    fn observation_tensor(&self, seat: Seat, out: &mut [f32]) -> Result<(), ViewError> {
        self.check_seat(seat)?;
        let needed: usize = self.spec.shape.iter().product();
        if out.len() != needed {
            return Err(ViewError::BufferSize { needed, got: out.len() });
        }
        out.fill(0.0);
        out[0] = self.dealt.len() as f32;
        out[1] = self.pre.map_or(0.0, |p| (p + 1) as f32);
        for (pos, &card) in self.dealt.iter().enumerate() {
            if (self.spec.visible)(self.pre_index(), pos) == Some(seat.index())
                && let Some(slot) = out.get_mut(2 + usize::from(card))
            {
                *slot += 1.0;
            }
        }
        Ok(())
    }

    fn observation_string(&self, seat: Seat) -> Result<String, ViewError> {
        self.check_seat(seat)?;
        let mut text = format!("dealing: {} of {} cards dealt", self.dealt.len(), self.spec.pool_of.len());
        if let Some(p) = self.pre {
            let _ = write!(text, ", {}", self.spec.pre[p]);
        }
        let mine: Vec<&str> = self
            .dealt
            .iter()
            .enumerate()
            .filter(|&(pos, _)| (self.spec.visible)(self.pre_index(), pos) == Some(seat.index()))
            .map(|(_, &c)| self.spec.labels[usize::from(c)].as_str())
            .collect();
        if !mine.is_empty() {
            let _ = write!(text, ", yours: {}", mine.join(" "));
        }
        Ok(text)
    }

    fn observation_json(&self, seat: Seat) -> Result<String, ViewError> {
        self.check_seat(seat)?;
        let cards: Vec<Option<&str>> = (self.dealt.iter().enumerate())
            .map(|(pos, &card)| {
                ((self.spec.visible)(self.pre_index(), pos) == Some(seat.index()))
                    .then(|| self.spec.labels[usize::from(card)].as_str())
            })
            .collect();
        let pre = self.pre.map(|p| self.spec.pre[p].as_str());
        Ok(serde_json::json!({ "dealing": { "first": pre, "cards": cards } }).to_string())
    }

    fn information_state_string(&self, seat: Seat) -> Result<String, ViewError> {
        self.check_seat(seat)?;
        Ok(self.deal_info(seat))
    }

    fn recall_len(&self) -> Option<usize> {
        self.spec.recall.as_ref().map(|r| r.len)
    }

    fn recall_tensor(&self, seat: Seat, out: &mut [f32]) -> Result<(), ViewError> {
        let Some(recall) = &self.spec.recall else { unreachable!("only a deal with a tensor shape writes one") };
        let view: usize = self.spec.shape.iter().product();
        out.fill(0.0);
        self.observation_tensor(seat, &mut out[..view])?;
        (recall.write)(&self.deal_info(seat), out);
        Ok(())
    }

    fn to_json(&self) -> String {
        let cards: Vec<&str> = self.dealt.iter().map(|&c| self.spec.labels[usize::from(c)].as_str()).collect();
        let pre = self.pre.map(|p| self.spec.pre[p].as_str());
        serde_json::json!({ "dealing": { "first": pre, "cards": cards } }).to_string()
    }

    /// The cards at positions `seat` does not see, and the cards not dealt
    /// yet, shuffled together pool by pool.
    fn resample(&self, seat: Seat, seed: u64) -> Result<Box<dyn Erased>, HandleError> {
        self.check_seat(seat)?;
        let mut rng = deal_rng(seed);
        let mut out = self.clone();
        for pool in 0..self.spec.pools.len() {
            let hidden: Vec<usize> = (0..self.dealt.len())
                .filter(|&pos| {
                    usize::from(self.spec.pool_of[pos]) == pool
                        && (self.spec.visible)(self.pre_index(), pos) != Some(seat.index())
                })
                .collect();
            let mut cards: Vec<u8> = hidden.iter().map(|&pos| self.dealt[pos]).collect();
            for (card, &n) in self.left[pool].iter().enumerate() {
                cards.extend(std::iter::repeat_n(card as u8, usize::from(n)));
            }
            shuffle(&mut cards, &mut rng);
            let mut left = vec![0u8; self.left[pool].len()];
            for (k, &card) in cards.iter().enumerate() {
                match hidden.get(k) {
                    Some(&pos) => out.dealt[pos] = card,
                    None => left[usize::from(card)] += 1,
                }
            }
            out.left[pool] = left;
        }
        Ok(Box::new(out))
    }

    fn resume(&mut self, seat: Seat, earlier: &str) -> Result<(), HandleError> {
        self.check_seat(seat)?;
        if self.deal_info(seat) != earlier {
            return Err(HandleError::State {
                game: self.name.to_string(),
                reason: "during a deal the information state is the deal's".to_owned(),
            });
        }
        Ok(())
    }

    fn display(&self) -> String {
        self.to_json()
    }
}
