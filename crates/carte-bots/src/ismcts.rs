//! [`Ismcts`]: information-set MCTS for hidden-information games.

use core::fmt;

use carte_core::{Actor, HiddenInfo, Seat, SeatError, below, deal_rng};

use crate::bot::{Bot, BotRng, draw_chance};
use crate::search::{MoveStats, NO_SEAT, Playout, SearchConfig, mover_of};

/// Tells whether a determinization is plausible given what the searching
/// seat sees (its observation): e.g. that an opponent who drew then held
/// nothing playable. It must read only the observation and the candidate
/// state, never the true one.
pub type PlausibleFn<G> = fn(&<G as HiddenInfo>::Observation, &G) -> bool;

/// Determinizations drawn before an implausible one is accepted anyway.
const PLAUSIBLE_TRIES: u32 = 16;

/// Index meaning "no node".
const NONE: u32 = u32::MAX;
/// Marks a legal move whose class an earlier legal move already stands for.
const SAME_CLASS: u32 = u32::MAX - 1;

/// One node of the tree: a move sequence seen from the searching seat. Its
/// children form a linked list (`first_child`, then `next_sibling`), since
/// each determinization opens a different set of them.
#[derive(Clone, Debug)]
struct Node<M> {
    /// The move into this node (`None` at the root): for a class of
    /// moves (see [`SearchConfig::move_key`]), the first one met.
    mv: Option<M>,
    /// The class of `mv` when the search merges moves.
    key: u64,
    /// The seat that made `mv`, whose returns `value` sums; [`NO_SEAT`] for
    /// the root and chance outcomes.
    mover: u8,
    first_child: u32,
    next_sibling: u32,
    visits: u32,
    /// Iterations in which this node's move was legal when its parent was
    /// crossed: the `N` of its UCB term.
    avail: u32,
    value: f64,
}

impl<M> Node<M> {
    fn new(mv: Option<M>, key: u64, mover: u8) -> Self {
        Node { mv, key, mover, first_child: NONE, next_sibling: NONE, visits: 0, avail: 1, value: 0.0 }
    }

    fn mean(&self) -> f64 {
        if self.visits == 0 { 0.0 } else { self.value / f64::from(self.visits) }
    }
}

/// Single-observer information-set MCTS (Cowling, Powley and Whitehouse,
/// 2012) for games of hidden information.
///
/// Each iteration draws a determinization with
/// [`HiddenInfo::sample`] for the seat to act and descends one shared tree
/// with it, so the search never reads the true hidden state: given the
/// same observation and seed it makes the same choice.
///
/// * Only the children whose move is legal in this iteration's
///   determinization compete; each keeps an availability count that
///   replaces the parent's visits in the UCB term.
/// * Node values are the returns of the seat that moved into the node, so
///   the other seats play their own interests (seen, as in every
///   single-observer search, through the searcher's determinizations).
/// * Chance outcomes are drawn by their probabilities and become nodes.
///
/// ```
/// use carte_bots::{Bot, Ismcts};
/// use zama_rules::{Config, Game, Zama};
///
/// // Zama: each side sees only the cards it has turned or peeked at.
/// let game = Zama::new(&Config::default(), 3)?;
/// let mut bot = Ismcts::new(1).iterations(100);
/// let mv = bot.choose(&game).unwrap();
/// assert!(game.is_legal(mv));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Ismcts<G: HiddenInfo> {
    name: String,
    config: SearchConfig<G>,
    rng: BotRng,
    nodes: Vec<Node<G::Move>>,
    path: Vec<u32>,
    moves: Vec<G::Move>,
    /// For each legal move of the current node: its child, [`NONE`], or
    /// [`SAME_CLASS`] for a move of a class met earlier in the list.
    matched: Vec<u32>,
    /// The class of each legal move of the current node, when merging.
    keys: Vec<u64>,
    chances: Vec<(G::Move, f64)>,
    returns: Vec<f64>,
    playout: Playout<G>,
    last_iterations: u32,
    plausible: Option<PlausibleFn<G>>,
}

impl<G: HiddenInfo> Ismcts<G> {
    /// A search bot with the default [`SearchConfig`] and the generator of
    /// `seed`.
    pub fn new(seed: u64) -> Self {
        Self::with_config(SearchConfig::default(), seed)
    }

    /// A search bot with `config` and the generator of `seed`.
    pub fn with_config(config: SearchConfig<G>, seed: u64) -> Self {
        Ismcts {
            name: "ismcts".to_owned(),
            config,
            rng: deal_rng(seed),
            nodes: Vec::new(),
            path: Vec::new(),
            moves: Vec::new(),
            matched: Vec::new(),
            keys: Vec::new(),
            chances: Vec::new(),
            returns: Vec::new(),
            playout: Playout::new(),
            last_iterations: 0,
            plausible: None,
        }
    }

    /// Prefers determinizations that `plausible` accepts: each iteration
    /// draws up to 16 samples and keeps the first plausible one (or the
    /// last, so that an opponent who broke the inference still gets
    /// searched).
    #[must_use]
    pub fn plausible(mut self, plausible: PlausibleFn<G>) -> Self {
        self.plausible = Some(plausible);
        self
    }

    /// One determinization for `seat` as the search draws them: a sample
    /// of `game` for `seat` (see [`HiddenInfo::sample`]), filtered by the
    /// [`plausible`](Ismcts::plausible) test if there is one.
    ///
    /// # Errors
    ///
    /// [`SeatError`] for a seat the game does not have.
    pub fn determinization(&mut self, game: &G, seat: Seat) -> Result<G, SeatError> {
        let view = match self.plausible {
            Some(_) => Some(game.observation(seat)?),
            None => None,
        };
        self.determinize(game, seat, view.as_ref())
    }

    fn determinize(&mut self, game: &G, seat: Seat, view: Option<&G::Observation>) -> Result<G, SeatError> {
        let mut det = game.sample(seat, &mut self.rng)?;
        if let (Some(plausible), Some(view)) = (self.plausible, view) {
            for _ in 1..PLAUSIBLE_TRIES {
                if plausible(view, &det) {
                    break;
                }
                det = game.sample(seat, &mut self.rng)?;
            }
        }
        Ok(det)
    }

    crate::search::settings!();

    /// Iterations run by the last search (0 when the last decision needed
    /// none: a single legal move, chance, or the end).
    pub fn last_iterations(&self) -> u32 {
        self.last_iterations
    }

    /// What the last search learned about each root move, in the order the
    /// moves were first tried; empty when the last decision needed no
    /// search.
    pub fn root_stats(&self) -> Vec<MoveStats<G::Move>> {
        let mut out = Vec::new();
        if self.last_iterations == 0 {
            return out;
        }
        let mut c = self.nodes.first().map_or(NONE, |root| root.first_child);
        while c != NONE {
            let n = &self.nodes[c as usize];
            if let Some(mv) = n.mv {
                out.push(MoveStats { mv, visits: n.visits, mean: n.mean() });
            }
            c = n.next_sibling;
        }
        out
    }

    fn search(&mut self, game: &G, me: Seat) -> Option<G::Move> {
        self.nodes.clear();
        self.nodes.push(Node::new(None, 0, NO_SEAT));
        let clock = self.config.budget.start();
        let mut done = 0;
        let view = match self.plausible {
            Some(_) => game.observation(me).ok(),
            None => None,
        };
        while clock.allows(done) {
            // `me` is the seat to act, which the game has.
            let Ok(mut det) = self.determinize(game, me, view.as_ref()) else { break };
            self.iterate(&mut det);
            done += 1;
        }
        self.last_iterations = done;
        let mut best: Option<&Node<G::Move>> = None;
        let mut c = self.nodes[0].first_child;
        while c != NONE {
            let n = &self.nodes[c as usize];
            if best.is_none_or(|b| (n.visits, n.mean()) > (b.visits, b.mean())) {
                best = Some(n);
            }
            c = n.next_sibling;
        }
        best.and_then(|n| n.mv)
    }

    fn push_child(&mut self, parent: usize, mv: G::Move, key: u64, mover: u8) -> usize {
        let id = self.nodes.len();
        let mut node = Node::new(Some(mv), key, mover);
        node.next_sibling = self.nodes[parent].first_child;
        self.nodes.push(node);
        self.nodes[parent].first_child = id as u32;
        id
    }

    fn has_room(&self, node: usize) -> bool {
        // The root always grows, so a search always has a move.
        node == 0 || self.nodes.len() < self.config.max_nodes as usize
    }

    /// One iteration on the determinization `det`: select and expand, play
    /// out, back up.
    fn iterate(&mut self, det: &mut G) {
        self.path.clear();
        self.path.push(0);
        let mut node = 0usize;
        loop {
            let actor = det.actor();
            let (child, mv) = match actor {
                Actor::Nobody => break,
                Actor::Chance => {
                    let Some(mv) = draw_chance(det, &mut self.chances, &mut self.rng) else { break };
                    match self.find_child(node, mv) {
                        Some(c) => (c, mv),
                        None if self.has_room(node) => (self.push_child(node, mv, 0, NO_SEAT), mv),
                        None => break,
                    }
                }
                Actor::Seat(_) => match self.select_or_expand(node, det, actor) {
                    Some(c) => c,
                    None => break,
                },
            };
            if det.apply(mv).is_err() {
                break;
            }
            self.path.push(child as u32);
            node = child;
            if self.nodes[child].visits == 0 && actor != Actor::Chance {
                break;
            }
        }
        self.playout.run(det, &self.config, &mut self.rng, &mut self.returns);
        for &i in &self.path {
            let n = &mut self.nodes[i as usize];
            n.visits += 1;
            if n.mover != NO_SEAT {
                n.value += self.returns.get(usize::from(n.mover)).copied().unwrap_or(0.0);
            }
        }
    }

    fn find_child(&self, node: usize, mv: G::Move) -> Option<usize> {
        let mut c = self.nodes[node].first_child;
        while c != NONE {
            let n = &self.nodes[c as usize];
            if n.mv == Some(mv) {
                return Some(c as usize);
            }
            c = n.next_sibling;
        }
        None
    }

    /// At a decision node: a new child for a legal move (or class of
    /// moves) not tried yet, at random, else the legal child with the best
    /// UCB score; with the move of this determinization to play. Bumps the
    /// availability of every legal child.
    fn select_or_expand(&mut self, node: usize, det: &G, actor: Actor) -> Option<(usize, G::Move)> {
        det.legal_moves(&mut self.moves);
        self.matched.clear();
        self.matched.resize(self.moves.len(), NONE);
        let merging = self.config.move_key;
        if let Some(key) = merging {
            self.keys.clear();
            self.keys.extend(self.moves.iter().map(|&m| key(det, m)));
            for i in 1..self.keys.len() {
                if self.keys[..i].contains(&self.keys[i]) {
                    self.matched[i] = SAME_CLASS;
                }
            }
        }
        let mut c = self.nodes[node].first_child;
        while c != NONE {
            let n = &mut self.nodes[c as usize];
            let found = match merging {
                Some(_) => self.keys.iter().zip(&self.matched).position(|(&k, &m)| k == n.key && m != SAME_CLASS),
                None => self.moves.iter().position(|&m| Some(m) == n.mv),
            };
            if let Some(i) = found {
                self.matched[i] = c;
                n.avail += 1;
            }
            c = n.next_sibling;
        }
        let untried = self.matched.iter().filter(|&&m| m == NONE).count();
        if untried > 0 && self.has_room(node) {
            let k = below(&mut self.rng, untried as u32) as usize;
            let i = self.matched.iter().enumerate().filter(|&(_, &m)| m == NONE).nth(k).map(|(i, _)| i)?;
            let mv = self.moves[i];
            let key = if merging.is_some() { self.keys[i] } else { 0 };
            return Some((self.push_child(node, mv, key, mover_of(actor)), mv));
        }
        let c = self.config.exploration;
        let prior = self.config.prior;
        let mut best = None;
        let mut best_score = f64::NEG_INFINITY;
        for (i, &m) in self.matched.iter().enumerate().filter(|&(_, &m)| m != NONE && m != SAME_CLASS) {
            let n = &self.nodes[m as usize];
            let v = f64::from(n.visits.max(1));
            let mut score = n.value / v + c * (f64::from(n.avail).ln() / v).sqrt();
            if let Some((prior, weight)) = prior {
                score += weight * prior(det, self.moves[i]) / (f64::from(n.visits) + 1.0);
            }
            if score > best_score {
                best = Some((m as usize, self.moves[i]));
                best_score = score;
            }
        }
        best
    }
}

impl<G: HiddenInfo> fmt::Debug for Ismcts<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Ismcts")
            .field("name", &self.name)
            .field("config", &self.config)
            .field("nodes", &self.nodes.len())
            .finish_non_exhaustive()
    }
}

impl<G: HiddenInfo> Bot<G> for Ismcts<G> {
    fn name(&self) -> &str {
        &self.name
    }

    /// At a seat's turn, reads of `game` only who acts, and then only
    /// determinizations drawn for that seat. (At a chance node it deals
    /// from `game`'s chance outcomes as every bot does: it then acts for
    /// the dealer, not for a seat.)
    fn choose(&mut self, game: &G) -> Option<G::Move> {
        self.last_iterations = 0;
        match game.actor() {
            Actor::Nobody => None,
            Actor::Chance => draw_chance(game, &mut self.chances, &mut self.rng),
            Actor::Seat(me) => {
                // The seat's own moves, from what it sees.
                let Ok(view) = game.sample(me, &mut self.rng) else { return None };
                view.legal_moves(&mut self.moves);
                match self.moves.len() {
                    0 => None,
                    1 => Some(self.moves[0]),
                    _ => {
                        let mv = self.search(game, me)?;
                        // A merged class stands for the first move met; play
                        // one of the class that is legal here.
                        match self.config.move_key {
                            Some(key) if !view.is_legal(mv) => {
                                let k = key(&view, mv);
                                view.legal_move_vec().into_iter().find(|&m| key(&view, m) == k).or(Some(mv))
                            }
                            _ => Some(mv),
                        }
                    }
                }
            }
        }
    }
}
