//! A cheap rule-of-thumb player that uses only what its seat observes.

use carte_core::{Card, Game, Rank, Suit};
use rand::Rng;

use carte_core::below;

use crate::battle::{Battle, battle};
use crate::card::ZamaCard;
use crate::game::Zama;
use crate::moves::Move;
use crate::observation::{CellView, Observation};
use crate::player::Player;
use crate::square::Square;

/// A static evaluation for search: fills `out[s]` for each seat `s` of the
/// game (Red first) with what it may expect from `game`, short of a win
/// (within ±0.55, on the ±1 scale of the outcome); an eliminated seat gets
/// −1, what the outcome will give it.
///
/// Two things lead to a win: a K♠ close to an enemy K♥ (`reach = 0.3 /
/// distance` in cells, Manhattan, to the nearest K♥ of a seat still in)
/// and a lead of `d` cards on the board (`tanh(d / 6) / 4`). A seat's value
/// is its reach minus the mean reach of the other seats still in, plus the
/// card term for its lead over their mean card count. With two seats this
/// is zero-sum: Red's value is `reach(Red) - reach(Blue) + tanh((red -
/// blue) / 6) / 4` and Blue's its negative.
///
/// It reads the whole state, K♥ positions included, so it is meant for the
/// determinized states of a search ([`HiddenInfo::sample`](carte_core::HiddenInfo::sample)),
/// never for the true state behind a seat's back.
///
/// A short `out` gets the seats that fit; entries past the game's seats
/// are left as they are.
pub fn evaluate(game: &Zama, out: &mut [f64]) {
    let seats = game.seats();
    let alive = game.seats_in();
    let reach = |c: Player| {
        let Some(spade) = game.cell_of(ZamaCard::king_of_spades(c)) else { return 0.0 };
        let nearest = alive
            .without(c)
            .iter()
            .filter_map(|e| game.cell_of(ZamaCard::king_of_hearts(e)))
            .map(|heart| spade.distance(heart).max(1))
            .min();
        nearest.map_or(0.0, |d| 0.3 / f64::from(d))
    };
    let mut reaches = [0.0; 4];
    let mut counts = [0.0; 4];
    for &c in seats {
        if alive.contains(c) {
            reaches[c.index()] = reach(c);
            counts[c.index()] = game.cells_of(c).len() as f64;
        }
    }
    let others = alive.len().saturating_sub(1).max(1) as f64;
    for &c in seats {
        let i = c.index();
        let Some(slot) = out.get_mut(i) else { break };
        if !alive.contains(c) {
            *slot = -1.0;
            continue;
        }
        let (mut reach_sum, mut count_sum) = (0.0, 0.0);
        for e in alive.without(c).iter() {
            reach_sum += reaches[e.index()];
            count_sum += counts[e.index()];
        }
        *slot = reaches[i] - reach_sum / others + ((counts[i] - count_sum / others) / 6.0).tanh() / 4.0;
    }
}

/// A prior for progressive bias in a search over determinizations, from 0
/// to 1: how promising `mv` looks in `det`, a state whose hidden cards a
/// search sampled ([`HiddenInfo::sample`](carte_core::HiddenInfo::sample)).
/// Averaged over the determinizations it is the expected value of the
/// move's battle, and of the K♠ hunt.
///
/// * An attack by its battle in `det`: the game won 1, a won attack 0.8, a
///   won clash 0.6, a tie 0.5, a tied clash 0.3, a lost clash 0.1, a lost
///   attack 0.
/// * A shift that brings the mover's K♠ and the nearest enemy K♥ closer
///   0.9, one that takes them apart 0.1, any other 0.4.
/// * A peek next to the mover's K♠ 0.7, any other 0.4; `end` and `pass`
///   0.3.
///
/// It reads the whole of `det`, so it is meant for sampled states, never
/// for the true state behind a seat's back.
pub fn move_prior(det: &Zama, mv: Move) -> f64 {
    let me = det.to_move();
    let spade = || det.cell_of(ZamaCard::king_of_spades(me));
    match mv {
        Move::Attack { .. } => match det.battle_of(mv) {
            Some(Battle::GameWon) => 1.0,
            Some(Battle::AttackerWins) => 0.8,
            Some(Battle::ClashWon) => 0.6,
            Some(Battle::Tie) => 0.5,
            Some(Battle::ClashTied) => 0.3,
            Some(Battle::ClashLost) => 0.1,
            Some(Battle::AttackerLoses) => 0.0,
            None => 0.4,
        },
        Move::Shift { from, to } => {
            let Some(s) = spade() else { return 0.4 };
            let heart = det
                .seats_in()
                .without(me)
                .iter()
                .filter_map(|e| det.cell_of(ZamaCard::king_of_hearts(e)))
                .min_by_key(|h| s.distance(*h));
            let Some(h) = heart else { return 0.4 };
            let (moved, other) = if from == s {
                (from, h)
            } else if from == h {
                (from, s)
            } else {
                return 0.4;
            };
            match to.distance(other).cmp(&moved.distance(other)) {
                core::cmp::Ordering::Less => 0.9,
                core::cmp::Ordering::Equal => 0.4,
                core::cmp::Ordering::Greater => 0.1,
            }
        }
        Move::Peek { at } => {
            if spade().is_some_and(|s| s.is_adjacent(at)) {
                0.7
            } else {
                0.4
            }
        }
        Move::End | Move::Pass => 0.3,
    }
}

/// A move for the player to move, chosen by a few rules a player would
/// recognise, from that player's [`Observation`] and the (public) legal
/// moves only: the hidden cards of `game` are never read.
///
/// * **Attack.** If the player's K♠ stands next to an enemy K♥ (both
///   known), take it (with two seats left, that wins). Otherwise score each attack by its expected
///   result over what the two cards may be (a known card is itself; an
///   unknown one is any card of its deck still unseen, equally likely):
///   win +1, tie +0.3, lose −1, King clash won +0.5, tied +0.2, lost −0.1,
///   plus a large bonus for the chance of taking the K♥ with a known K♠;
///   a clash tie is worth nothing once every card is known, and a win is
///   worth more once the player knows where both their K♠ and the enemy K♥
///   are (the shifts can bring them together).
///   So known-strong cards attack known-weak ones, and a known stronger
///   defender is left alone. The best attack is played (ties at random).
/// * **Shifts.** Bring the player's known K♠ and the nearest known enemy
///   K♥ closer (moving either); then move a known weak own card (2 to 6) to a
///   cell with fewer enemy neighbours; else `end`.
/// * **Peeks.** Look first at unknown cards next to the player's K♠ (a
///   K♥ may be there), then at unknown enemy cards next to the player's own
///   cards, then at any unknown card; else `end`.
/// * **Pass** when that is the only move.
///
/// ```
/// use zama_rules::{Config, Game, Zama, deal_rng, heuristic_move};
///
/// let mut game = Zama::new(&Config::default(), 8)?;
/// let mut rng = deal_rng(1);
/// for _ in 0..20 {
///     let Some(mv) = heuristic_move(&game, &mut rng) else { break }; // None once over
///     game.apply(mv)?;
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// "Enemy" is any other seat: the rules are the same with four players.
///
/// `None` once the game is over (there is no move to choose), as a bot's
/// `choose` and `random_move` answer.
pub fn heuristic_move<R: Rng + ?Sized>(game: &Zama, rng: &mut R) -> Option<Move> {
    let moves = game.legal_move_vec();
    match moves.len() {
        0 => return None,
        1 => return Some(moves[0]),
        _ => {}
    }
    let obs = crate::Observation::of(game, game.to_move());
    let view = View::new(&obs);
    let scored: Vec<(Move, f64)> = moves.iter().map(|&mv| (mv, view.score(mv))).collect();
    let best = scored.iter().map(|&(_, s)| s).fold(f64::NEG_INFINITY, f64::max);
    let top: Vec<Move> = scored.iter().filter(|&&(_, s)| s >= best - 1e-9).map(|&(m, _)| m).collect();
    Some(top[below(rng, top.len() as u32) as usize])
}

/// Classes of card that fight differently: A..Q by rank, each King apart.
const CLASSES: usize = 16;

fn class(card: Card) -> usize {
    match card.rank() {
        Rank::King => 12 + card.suit() as usize,
        r => usize::from(r.value()) - 1,
    }
}

fn representative(class: usize) -> Card {
    if class < 12 { Card::new(Rank::ALL[class], Suit::Spades) } else { Card::new(Rank::King, Suit::ALL[class - 12]) }
}

/// The value of a battle result for the attacker.
fn value(result: Battle) -> f64 {
    match result {
        Battle::GameWon => 1000.0,
        Battle::AttackerWins => 1.0,
        Battle::Tie => 0.3,
        Battle::AttackerLoses => -1.0,
        Battle::ClashWon => 0.5,
        Battle::ClashTied => 0.2,
        Battle::ClashLost => -0.1,
    }
}

/// What the mover believes, prepared once per decision.
struct View<'a> {
    obs: &'a Observation,
    me: Player,
    /// Class distribution of an unknown card of each colour.
    unknown: [[f64; CLASSES]; 4],
    /// Attack value of class `a` on class `d`.
    table: [[f64; CLASSES]; CLASSES],
    my_spade: Option<Square>,
    /// The nearest known K♥ of another seat (to the own K♠ when known).
    their_heart: Option<Square>,
    /// Some face-down card is still unknown to the mover.
    anything_to_peek: bool,
}

impl<'a> View<'a> {
    fn new(obs: &'a Observation) -> View<'a> {
        let me = obs.seat();
        let mut unknown = [[0.0; CLASSES]; 4];
        for &color in Player::seats(obs.players()) {
            let cards = obs.unknown_cards(color);
            for c in &cards {
                unknown[color.index()][class(*c)] += 1.0 / cards.len() as f64;
            }
        }
        let mut table = [[0.0; CLASSES]; CLASSES];
        for (a, row) in table.iter_mut().enumerate() {
            for (d, v) in row.iter_mut().enumerate() {
                *v = value(battle(representative(a), representative(d)));
            }
        }
        let find = |card: ZamaCard| {
            obs.cells().find(|(_, v)| v.back == card.owner() && v.card == Some(card.card())).map(|(sq, _)| sq)
        };
        let my_spade = find(ZamaCard::king_of_spades(me));
        let their_heart = Player::seats(obs.players())
            .iter()
            .filter(|&&c| c != me)
            .filter_map(|&c| find(ZamaCard::king_of_hearts(c)))
            .min_by_key(|h| my_spade.map_or(0, |s| s.distance(*h)));
        View {
            obs,
            me,
            unknown,
            table,
            my_spade,
            their_heart,
            anything_to_peek: obs.cells().any(|(_, v)| v.card.is_none()),
        }
    }

    fn cell(&self, sq: Square) -> Option<CellView> {
        self.obs.cell(sq)
    }

    /// The class distribution of the card on `sq`.
    fn distribution(&self, v: CellView) -> [f64; CLASSES] {
        match v.card {
            Some(c) => {
                let mut d = [0.0; CLASSES];
                d[class(c)] = 1.0;
                d
            }
            None => self.unknown[v.back.index()],
        }
    }

    fn enemy_neighbours(&self, sq: Square, ignore: Square) -> usize {
        sq.neighbours().iter().filter(|&n| n != ignore && self.cell(n).is_some_and(|v| v.back != self.me)).count()
    }

    fn score(&self, mv: Move) -> f64 {
        match mv {
            Move::Attack { from, to } => {
                let (Some(a), Some(d)) = (self.cell(from), self.cell(to)) else { return f64::NEG_INFINITY };
                let (da, dd) = (self.distribution(a), self.distribution(d));
                let mut ev = 0.0;
                let hunting = self.my_spade.is_some() && self.their_heart.is_some();
                for (ca, pa) in da.iter().enumerate().filter(|(_, p)| **p > 0.0) {
                    for (cd, pd) in dd.iter().enumerate().filter(|(_, p)| **p > 0.0) {
                        let mut v = self.table[ca][cd];
                        if v == value(Battle::ClashTied) && !self.anything_to_peek {
                            v = -0.05;
                        }
                        if hunting && (v == value(Battle::AttackerWins) || v == value(Battle::ClashWon)) {
                            v += 0.5;
                        }
                        ev += pa * pd * v;
                    }
                }
                ev
            }
            Move::Shift { from, to } => {
                if let (Some(s), Some(h)) = (self.my_spade, self.their_heart) {
                    if from == s && to.distance(h) < s.distance(h) {
                        return 3.0;
                    }
                    if from == h && to.distance(s) < h.distance(s) {
                        return 2.9;
                    }
                }
                match self.cell(from) {
                    Some(CellView { back, card: Some(c), .. })
                        if back == self.me && (2..=6).contains(&c.rank().value()) =>
                    {
                        let now = self.enemy_neighbours(from, from);
                        let then = self.enemy_neighbours(to, from);
                        if then < now { 1.0 + (now - then) as f64 * 0.1 } else { -1.0 }
                    }
                    _ => -1.0,
                }
            }
            Move::Peek { at } => {
                let Some(v) = self.cell(at) else { return f64::NEG_INFINITY };
                if v.card.is_some() {
                    return -1.0;
                }
                let near_spade = self.my_spade.is_some_and(|s| s.is_adjacent(at));
                let near_mine = at.neighbours().iter().any(|n| self.cell(n).is_some_and(|c| c.back == self.me));
                match (near_spade, v.back != self.me, near_mine) {
                    (true, true, _) => 3.0,
                    (true, false, _) => 2.5,
                    (false, true, true) => 2.0,
                    (false, false, _)
                        if at.neighbours().iter().any(|n| self.cell(n).is_some_and(|c| c.back != self.me)) =>
                    {
                        1.5
                    }
                    _ => 1.0,
                }
            }
            Move::End => 0.0,
            Move::Pass => 0.0,
        }
    }
}
