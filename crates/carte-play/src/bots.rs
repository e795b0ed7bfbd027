//! The strongest bot of each game that answers in under a second: the
//! opponents of `--play`, the tour's players and the arena's `best` entrant.

use carte_bots::{Bot, BotRng, Entrant, Ismcts, Mcts, PolicyBot, Random};
use carte_core::Game;
use gonzago_rules::{Hand, HandObservation, Match, MatchObservation};
use zama_rules::Zama;
use zucche_rules::Zucche;

/// How hard the bot thinks (the examples' `--strength full|quick`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Strength {
    /// The full budget: the strongest play that stays under a second a move.
    #[default]
    Full,
    /// A twentieth of the budget: quick answers, weaker play (for tests,
    /// documentation and a gentler opponent).
    Quick,
}

impl Strength {
    fn scale(self, full: u32) -> u32 {
        match self {
            Strength::Full => full,
            Strength::Quick => (full / 20).max(20),
        }
    }
}

/// Zama: information-set MCTS on the seat's own knowledge, play-outs cut
/// after 20 plies and scored by `zama_rules::evaluate`.
pub fn zama(seed: u64, strength: Strength) -> Ismcts<Zama> {
    Ismcts::new(seed).iterations(strength.scale(1_000)).evaluation(zama_rules::evaluate, 20).named("ismcts")
}

/// A Gonzago match: as [`gonzago_hand`], searching the whole match.
pub fn gonzago_match(seed: u64, strength: Strength) -> Ismcts<Match> {
    Ismcts::new(seed)
        .iterations(strength.scale(10_000))
        .move_key(gonzago_key::<Match>)
        .rollout_policy(gonzago_match_heuristic)
        .plausible(gonzago_plausible_match)
        .progressive_bias(gonzago_prior::<Match>, 1.0)
        .named("ismcts")
}

/// One Gonzago hand: information-set MCTS over classes of moves (suits
/// never matter), play-outs by the heuristic, determinizations that believe
/// an opponent who draws holds nothing playable.
pub fn gonzago_hand(seed: u64, strength: Strength) -> Ismcts<Hand> {
    Ismcts::new(seed)
        .iterations(strength.scale(10_000))
        .move_key(gonzago_key::<Hand>)
        .rollout_policy(gonzago_rules::heuristic_move::<BotRng>)
        .plausible(gonzago_plausible_hand)
        .progressive_bias(gonzago_prior::<Hand>, 1.0)
        .named("ismcts")
}

/// Zucche e Fantasmi: UCT (the game hides nothing) with heuristic play-outs
/// cut after 4 plies and scored by the team count.
pub fn zucche(seed: u64, strength: Strength) -> Mcts<Zucche> {
    Mcts::new(seed)
        .iterations(strength.scale(1_000))
        .rollout_policy(zucche_rules::heuristic_move::<BotRng>)
        .evaluation(zucche_rules::evaluate, 4)
        .named("mcts")
}

/// Gonzago's classes of moves: suits never matter (G3), so every play of
/// `k` cards of one value is the same decision.
pub fn gonzago_key<S>(_: &S, mv: gonzago_rules::Move) -> u64 {
    match mv {
        gonzago_rules::Move::Play(play) => {
            let cards = play.cards();
            cards.single_value().map_or(0, |v| u64::from(v.get())) * 8 + cards.len() as u64
        }
        gonzago_rules::Move::Draw => 1_000,
        gonzago_rules::Move::Pass => 1_001,
    }
}

/// Gonzago's prior for progressive bias: a play looks better than a draw,
/// and more cards at once better than fewer (the heuristic's first two
/// rules).
pub fn gonzago_prior<S>(_: &S, mv: gonzago_rules::Move) -> f64 {
    match mv {
        gonzago_rules::Move::Play(play) => 0.5 + 0.125 * play.cards().len() as f64,
        gonzago_rules::Move::Draw | gonzago_rules::Move::Pass => 0.0,
    }
}

/// The Gonzago heuristic on a match's hand in play.
pub fn gonzago_match_heuristic(game: &Match, rng: &mut BotRng) -> gonzago_rules::Move {
    gonzago_rules::heuristic_move(game.hand(), rng)
}

fn entrant<G: Game + 'static, B: Bot<G> + 'static>(
    name: &'static str,
    make: impl Fn(u64) -> B + Send + Sync + 'static,
) -> Entrant<G> {
    Entrant::new(name, move |seed| Box::new(make(seed)) as Box<dyn Bot<G>>)
}

/// The bots of a Gonzago hand, for the ladder.
pub fn gonzago_roster() -> Vec<Entrant<Hand>> {
    let heuristic = gonzago_rules::heuristic_move::<BotRng>;
    vec![
        entrant("random", Random::<Hand>::new),
        entrant("heuristic", move |s| PolicyBot::new("heuristic", heuristic, s)),
        entrant("ismcts-1k", |s| Ismcts::<Hand>::new(s).iterations(1_000)),
        entrant("ismcts-merged", |s| Ismcts::<Hand>::new(s).iterations(1_000).move_key(gonzago_key::<Hand>)),
        entrant("ismcts-informed", move |s| {
            Ismcts::<Hand>::new(s).iterations(1_000).move_key(gonzago_key::<Hand>).rollout_policy(heuristic)
        }),
        entrant("ismcts-informed-5k", move |s| {
            Ismcts::<Hand>::new(s).iterations(5_000).move_key(gonzago_key::<Hand>).rollout_policy(heuristic)
        }),
        entrant("ismcts-informed-c07", move |s| {
            Ismcts::<Hand>::new(s)
                .iterations(5_000)
                .move_key(gonzago_key::<Hand>)
                .rollout_policy(heuristic)
                .exploration(0.7)
        }),
        entrant("ismcts-inferring", move |s| {
            Ismcts::<Hand>::new(s)
                .iterations(5_000)
                .move_key(gonzago_key::<Hand>)
                .rollout_policy(heuristic)
                .plausible(gonzago_plausible_hand)
        }),
        entrant("ismcts-biased", move |s| {
            Ismcts::<Hand>::new(s)
                .iterations(5_000)
                .move_key(gonzago_key::<Hand>)
                .rollout_policy(heuristic)
                .plausible(gonzago_plausible_hand)
                .progressive_bias(gonzago_prior::<Hand>, 1.0)
        }),
        entrant("ismcts-best", |s| gonzago_hand(s, Strength::Full)),
    ]
}

/// The bots of a Gonzago match, for the ladder.
pub fn gonzago_match_roster() -> Vec<Entrant<Match>> {
    vec![
        entrant("random", Random::<Match>::new),
        entrant("heuristic", |s| PolicyBot::new("heuristic", gonzago_match_heuristic, s)),
        entrant("ismcts-1k", |s| Ismcts::<Match>::new(s).iterations(1_000)),
        entrant("ismcts-best", |s| gonzago_match(s, Strength::Full)),
    ]
}

/// The bots of two-player Zama, for the ladder.
pub fn zama_roster() -> Vec<Entrant<Zama>> {
    let heuristic = zama_rules::heuristic_move::<BotRng>;
    vec![
        entrant("random", Random::<Zama>::new),
        entrant("heuristic", move |s| PolicyBot::new("heuristic", heuristic, s)),
        entrant("ismcts-eval", |s| Ismcts::<Zama>::new(s).iterations(1_000).evaluation(zama_rules::evaluate, 20)),
        entrant("ismcts-informed", move |s| {
            Ismcts::<Zama>::new(s).iterations(1_000).evaluation(zama_rules::evaluate, 20).rollout_policy(heuristic)
        }),
        entrant("ismcts-biased", |s| {
            Ismcts::<Zama>::new(s)
                .iterations(1_000)
                .evaluation(zama_rules::evaluate, 20)
                .progressive_bias(zama_prior, 2.0)
        }),
        entrant("ismcts-biased-3k", |s| {
            Ismcts::<Zama>::new(s)
                .iterations(3_000)
                .evaluation(zama_rules::evaluate, 20)
                .progressive_bias(zama_prior, 2.0)
        }),
        entrant("ismcts-best", |s| zama(s, Strength::Full)),
    ]
}

/// Zama's prior for progressive bias: an attack by how its battle goes in
/// the determinization searched (averaged over determinizations, the
/// expected battle), everything else neutral.
pub fn zama_prior(det: &Zama, mv: zama_rules::Move) -> f64 {
    use zama_rules::Battle;
    match det.battle_of(mv) {
        Some(Battle::GameWon) => 1.0,
        Some(Battle::AttackerWins) => 0.8,
        Some(Battle::ClashWon) => 0.6,
        Some(Battle::Tie) => 0.5,
        Some(Battle::ClashTied) => 0.3,
        Some(Battle::ClashLost) => 0.1,
        Some(Battle::AttackerLoses) => 0.0,
        _ => 0.4,
    }
}

/// The bots of Zucche e Fantasmi, for the ladder.
pub fn zucche_roster() -> Vec<Entrant<Zucche>> {
    let heuristic = zucche_rules::heuristic_move::<BotRng>;
    vec![
        entrant("random", Random::<Zucche>::new),
        entrant("heuristic", move |s| PolicyBot::new("heuristic", heuristic, s)),
        entrant("mcts-1k", |s| Mcts::<Zucche>::new(s).iterations(1_000)),
        entrant("mcts-10k", move |s| {
            Mcts::<Zucche>::new(s).iterations(10_000).rollout_policy(heuristic).evaluation(zucche_rules::evaluate, 4)
        }),
        entrant("mcts-10k-deep", move |s| {
            Mcts::<Zucche>::new(s).iterations(10_000).rollout_policy(heuristic).evaluation(zucche_rules::evaluate, 16)
        }),
        entrant("mcts-best", |s| zucche(s, Strength::Full)),
    ]
}

/// Whether a determinization of a Gonzago hand fits what a sensible
/// opponent's draws and passes say: a player who draws or passes holds no
/// playable card (the heuristic and most people play when they can). So
/// for each draw or pass of the opponent on a top value `v`, the cards of
/// the values next to `v` that the opponent holds now or played since must
/// all have come from their draws since (that one included).
///
/// It reads the observation (the public history, the top values it
/// implies) and the candidate's opponent hand only.
pub fn gonzago_plausible_hand(view: &HandObservation, det: &Hand) -> bool {
    let me = view.player;
    let opponent = me.other();
    let held = det.held(opponent);
    let history = &view.history;
    // Who made each move: the non-dealer leads and every move ends a turn.
    let mover = |k: usize| if k.is_multiple_of(2) { view.dealer.other() } else { view.dealer };
    let mut top: Option<gonzago_rules::Value> = None;
    for (k, mv) in history.iter().enumerate() {
        match *mv {
            gonzago_rules::Move::Play(play) => top = play.cards().single_value().or(top),
            gonzago_rules::Move::Draw | gonzago_rules::Move::Pass if mover(k) == opponent => {
                let Some(v) = top else { continue };
                let next = gonzago_rules::CardSet::value(v.up()) | gonzago_rules::CardSet::value(v.down());
                let mut needed = (held & next).len();
                let mut draws = 0;
                for (j, later) in history.iter().enumerate().skip(k) {
                    if mover(j) != opponent {
                        continue;
                    }
                    match *later {
                        gonzago_rules::Move::Draw => draws += 1,
                        gonzago_rules::Move::Play(play) if j > k => needed += (play.cards() & next).len(),
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

/// [`gonzago_plausible_hand`] for the hand in play of a match.
pub fn gonzago_plausible_match(view: &MatchObservation, det: &Match) -> bool {
    gonzago_plausible_hand(&view.hand, det.hand())
}
