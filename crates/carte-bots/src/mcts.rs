//! [`Mcts`]: UCT for games where the acting seat sees the whole state.

use core::fmt;

use carte_core::shuffle::unit_f64;
use carte_core::{Actor, Game, below, deal_rng};

use crate::bot::{Bot, BotRng, draw_chance};
use crate::search::{MoveStats, NO_SEAT, Playout, SearchConfig, mover_of};

/// One node of the tree, stored in a flat arena; its children are the
/// contiguous range `first_child..first_child + num_children`.
#[derive(Clone, Debug)]
struct Node<M> {
    /// The move into this node (`None` at the root).
    mv: Option<M>,
    /// The seat that made `mv`, whose returns `value` sums; [`NO_SEAT`] for
    /// the root and chance outcomes.
    mover: u8,
    expanded: bool,
    first_child: u32,
    num_children: u32,
    visits: u32,
    value: f64,
    /// The probability of a chance outcome; for a decision, the prior of
    /// progressive bias (0 without one).
    prob: f64,
}

impl<M> Node<M> {
    fn new(mv: Option<M>, mover: u8, prob: f64) -> Self {
        Node { mv, mover, expanded: false, first_child: 0, num_children: 0, visits: 0, value: 0.0, prob }
    }

    fn mean(&self) -> f64 {
        if self.visits == 0 { 0.0 } else { self.value / f64::from(self.visits) }
    }
}

/// Monte Carlo tree search with UCT, for perfect-information games (it reads
/// the whole state: at a hidden-information game it cheats).
///
/// * Every node's value is the sum of the returns of the seat that moved
///   into it, so any number of seats and team games work: each seat
///   maximizes its own return.
/// * Chance nodes hold every outcome and are crossed by sampling them with
///   their stated probabilities.
/// * Leaves are played out with the configured [`Rollout`](crate::Rollout); the move played
///   is the most visited at the root.
/// * The tree lives in one vector reused from move to move, so a warm bot
///   allocates only when a search outgrows the previous ones.
///
/// ```
/// use carte_bots::{Bot, Mcts};
/// use zucche_rules::{Actor, Config, Game, Seeded, Zucche};
///
/// // Zucche e Fantasmi: every seat sees the whole board; the dice are chance.
/// let mut game = Zucche::from_seed(&Config::players(4), 1)?;
/// while game.actor() == Actor::Chance {
///     game.apply(game.legal_move_vec()[0])?; // roll the die
/// }
/// let mut bot = Mcts::new(1).iterations(200);
/// let mv = bot.choose(&game).unwrap();
/// assert!(game.is_legal(mv));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Mcts<G: Game> {
    name: String,
    config: SearchConfig<G>,
    rng: BotRng,
    nodes: Vec<Node<G::Move>>,
    path: Vec<u32>,
    moves: Vec<G::Move>,
    /// The classes met while expanding a node, when merging moves.
    keys: Vec<u64>,
    chances: Vec<(G::Move, f64)>,
    returns: Vec<f64>,
    playout: Playout<G>,
    last_iterations: u32,
}

impl<G: Game> Mcts<G> {
    /// A search bot with the default [`SearchConfig`] and the generator of
    /// `seed`.
    pub fn new(seed: u64) -> Self {
        Self::with_config(SearchConfig::default(), seed)
    }

    /// A search bot with `config` and the generator of `seed`.
    pub fn with_config(config: SearchConfig<G>, seed: u64) -> Self {
        Mcts {
            name: "mcts".to_owned(),
            config,
            rng: deal_rng(seed),
            nodes: Vec::new(),
            path: Vec::new(),
            moves: Vec::new(),
            keys: Vec::new(),
            chances: Vec::new(),
            returns: Vec::new(),
            playout: Playout::new(),
            last_iterations: 0,
        }
    }

    crate::search::settings!();

    /// Iterations run by the last search (0 when the last decision needed
    /// none: a single legal move, chance, or the end).
    pub fn last_iterations(&self) -> u32 {
        self.last_iterations
    }

    /// What the last search learned about each root move, in legal-move
    /// order; empty when the last decision needed no search.
    pub fn root_stats(&self) -> Vec<MoveStats<G::Move>> {
        let Some(root) = self.nodes.first().filter(|_| self.last_iterations > 0) else {
            return Vec::new();
        };
        self.children(root)
            .filter_map(|c| {
                let n = &self.nodes[c];
                Some(MoveStats { mv: n.mv?, visits: n.visits, mean: n.mean() })
            })
            .collect()
    }

    fn children(&self, node: &Node<G::Move>) -> std::ops::Range<usize> {
        let first = node.first_child as usize;
        first..first + node.num_children as usize
    }

    /// Searches from `game`, whose actor is a seat, and returns the most
    /// visited root move.
    fn search(&mut self, game: &G) -> Option<G::Move> {
        self.nodes.clear();
        self.nodes.push(Node::new(None, NO_SEAT, 1.0));
        let clock = self.config.budget.start();
        let mut done = 0;
        while clock.allows(done) {
            self.iterate(game);
            done += 1;
        }
        self.last_iterations = done;
        let root = &self.nodes[0];
        // Most visits; ties by mean, then by legal-move order.
        let mut best: Option<&Node<G::Move>> = None;
        for c in self.children(root) {
            let n = &self.nodes[c];
            if best.is_none_or(|b| (n.visits, n.mean()) > (b.visits, b.mean())) {
                best = Some(n);
            }
        }
        best.and_then(|n| n.mv)
    }

    fn iterate(&mut self, game: &G) {
        let mut state = game.clone();
        self.path.clear();
        self.path.push(0);
        let mut node = 0usize;
        loop {
            let actor = state.actor();
            if actor == Actor::Nobody {
                break;
            }
            if !self.nodes[node].expanded {
                // The root always expands, so a search always has a move.
                if node != 0 && self.nodes.len() >= self.config.max_nodes as usize {
                    break;
                }
                self.expand(node, &state, actor);
            }
            if self.nodes[node].num_children == 0 {
                break;
            }
            let child = if actor == Actor::Chance { self.sample_chance(node) } else { self.select(node) };
            let Some(mv) = self.nodes[child].mv else { break };
            if state.apply(mv).is_err() {
                break;
            }
            self.path.push(child as u32);
            node = child;
            if self.nodes[child].visits == 0 && actor != Actor::Chance {
                break;
            }
        }
        self.playout.run(&mut state, &self.config, &mut self.rng, &mut self.returns);
        for &i in &self.path {
            let n = &mut self.nodes[i as usize];
            n.visits += 1;
            if n.mover != NO_SEAT {
                n.value += self.returns.get(usize::from(n.mover)).copied().unwrap_or(0.0);
            }
        }
    }

    fn expand(&mut self, node: usize, state: &G, actor: Actor) {
        let first = self.nodes.len();
        if actor == Actor::Chance {
            state.chance_outcomes(&mut self.chances);
            self.nodes.extend(self.chances.iter().map(|&(mv, p)| Node::new(Some(mv), NO_SEAT, p)));
        } else {
            state.legal_moves(&mut self.moves);
            let mover = mover_of(actor);
            if let Some(key) = self.config.move_key {
                // One child per class of interchangeable moves.
                self.keys.clear();
                for &mv in &self.moves {
                    let k = key(state, mv);
                    if !self.keys.contains(&k) {
                        self.keys.push(k);
                        self.nodes.push(Node::new(Some(mv), mover, 0.0));
                    }
                }
            } else {
                self.nodes.extend(self.moves.iter().map(|&mv| Node::new(Some(mv), mover, 0.0)));
            }
        }
        let count = self.nodes.len() - first;
        if actor != Actor::Chance
            && let Some((prior, _)) = self.config.prior
        {
            for child in &mut self.nodes[first..] {
                if let Some(mv) = child.mv {
                    child.prob = prior(state, mv);
                }
            }
        }
        let n = &mut self.nodes[node];
        n.expanded = true;
        n.first_child = first as u32;
        n.num_children = count as u32;
    }

    /// A child of a chance node, drawn by the outcomes' probabilities.
    fn sample_chance(&mut self, node: usize) -> usize {
        let range = self.children(&self.nodes[node]);
        let mut u = unit_f64(&mut self.rng);
        for c in range.clone() {
            let p = self.nodes[c].prob;
            if u < p {
                return c;
            }
            u -= p;
        }
        range.end - 1
    }

    /// The child of a decision node with the best UCT score; unvisited
    /// children first, ties broken at random.
    fn select(&mut self, node: usize) -> usize {
        let parent = &self.nodes[node];
        let ln_n = f64::from(parent.visits.max(1)).ln();
        let c = self.config.exploration;
        let weight = self.config.prior.map_or(0.0, |(_, w)| w);
        let mut best = parent.first_child as usize;
        let mut best_score = f64::NEG_INFINITY;
        let mut ties = 0u32;
        for i in self.children(parent) {
            let n = &self.nodes[i];
            // A decision child's `prob` holds its prior (0 without one):
            // unvisited children go first, the most promising first.
            let bias = weight * n.prob / (f64::from(n.visits) + 1.0);
            let score = if n.visits == 0 {
                1e12 + bias
            } else {
                let v = f64::from(n.visits);
                n.value / v + c * (ln_n / v).sqrt() + bias
            };
            if score > best_score {
                best = i;
                best_score = score;
                ties = 1;
            } else if score == best_score {
                ties += 1;
                if below(&mut self.rng, ties) == 0 {
                    best = i;
                }
            }
        }
        best
    }
}

impl<G: Game> fmt::Debug for Mcts<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Mcts")
            .field("name", &self.name)
            .field("config", &self.config)
            .field("nodes", &self.nodes.len())
            .finish_non_exhaustive()
    }
}

impl<G: Game> Bot<G> for Mcts<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, game: &G) -> Option<G::Move> {
        self.last_iterations = 0;
        match game.actor() {
            Actor::Nobody => None,
            Actor::Chance => draw_chance(game, &mut self.chances, &mut self.rng),
            Actor::Seat(_) => {
                game.legal_moves(&mut self.moves);
                match self.moves.len() {
                    0 => None,
                    1 => Some(self.moves[0]),
                    _ => self.search(game),
                }
            }
        }
    }
}
