//! The tour: one seeded game of each of the four games, the strongest bots
//! against each other, printed so a person can follow it.
//!
//! ```text
//! cargo run --release --example tour
//! cargo run --release --example tour -- --seed 7 --game gonzago
//! ```
//!
//! Every game is fixed by the seed: the deals, the dice and the bots' own
//! generators, so the same command prints the same games on every machine.
//! The bots search with a fixed number of iterations (never a time limit),
//! for the same reason.

use std::process::ExitCode;
use std::time::Instant;

use camicia_rules::{Camicia, Deal, EndRule, Player as CamiciaPlayer, Preset};
use carte::core::{Actor, Game, Seeded};
use carte::{zama, zucche};
use carte_bots::{Bot, Mcts};
use carte_play::cli::{self, EXIT_CODES};
use clap::{Parser, ValueEnum};
use gonzago_rules::{HandEnd, Match, MatchMode, Player as GonzagoPlayer};
use zama_rules::{Battle, Move as ZamaMove, Phase, Player, Zama};
use zucche_rules::{BoardId, Zucche};

/// One seeded game of each of the four games, bot against bot.
///
/// Camicia, Gonzago, Zucche e Fantasmi and Zama, in that order (or only
/// `--game`), the strongest bots against each other, printed so a person
/// can follow; the seed fixes every deal, die and bot.
#[derive(Parser, Debug)]
#[command(name = "tour", version, after_help = EXIT_CODES)]
struct Args {
    /// The seed of every deal, die and bot.
    #[arg(long, default_value_t = 2026)]
    seed: u64,
    /// Only this game.
    #[arg(long, value_enum)]
    game: Option<Which>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum Which {
    Camicia,
    Gonzago,
    Zucche,
    Zama,
}

fn main() -> ExitCode {
    cli::output_errors_exit("tour");
    let args = Args::parse();
    let wanted = |w: Which| args.game.is_none_or(|g| g == w);
    let games: [(Which, fn(u64)); 4] =
        [(Which::Camicia, camicia), (Which::Gonzago, gonzago), (Which::Zucche, zucche), (Which::Zama, zama)];
    for (which, tour) in games {
        if wanted(which) {
            let start = Instant::now();
            tour(args.seed);
            println!("({:?} shown in {:.1} s)\n", which, start.elapsed().as_secs_f64());
        }
    }
    ExitCode::SUCCESS
}

fn title(text: &str) {
    println!("{text}\n{}", "=".repeat(text.chars().count()));
}

/// Camicia has no decisions: the deal decides everything. One line per
/// trick, then the result.
fn camicia(seed: u64) {
    title("Camicia (40 Italian cards; Ace, Two, Three demand 1, 2, 3)");
    let deal = Deal::seeded(Preset::Camicia, seed);
    println!("The deal of seed {seed} (top card first; - plain, 1 2 3 attack):\n  {deal}\n");
    let mut game = Camicia::from_deal(&deal, EndRule::Standard).expect("a seeded deal is a full, valid deal");
    let mut line = String::new();
    let mut shown = 0;
    while game.to_move().is_some() {
        let turned = game.turn().expect("the game is running");
        line.push(if turned.kind == 0 { '-' } else { char::from_digit(u32::from(turned.kind), 10).unwrap_or('?') });
        if let Some((taker, cards)) = turned.collected {
            let sizes = game.hand_sizes();
            if shown < 12 || turned.winner.is_some() {
                println!(
                    "  trick {:>3}: {:<24} {taker} takes {cards:>2}   A {:>2} | B {:>2}",
                    game.tricks(),
                    line,
                    sizes[CamiciaPlayer::A],
                    sizes[CamiciaPlayer::B]
                );
            } else if shown == 12 {
                println!("  ...");
            }
            shown += 1;
            line.clear();
        }
        if game.tricks() > 100_000 {
            break;
        }
    }
    match game.result() {
        Some(result) => println!("\n{result}"),
        None => println!("\nstopped after {} tricks", game.tricks()),
    }
}

/// Gonzago: a best-of-three match between two ISMCTS bots, each deciding
/// from its own observation only.
fn gonzago(seed: u64) {
    title("Gonzago (best of three; play adjacent values, first to empty the hand wins)");
    let config = gonzago_rules::Config { mode: MatchMode::BestOfThree, ..gonzago_rules::Config::default() };
    let mut game = Match::from_seed(&config, seed).expect("every match configuration is valid");
    let mut bots = [0, 1].map(|seat| players::gonzago(seed, seat));
    let deck = config.deck;
    println!("{}", players::GONZAGO);
    let mut number = u64::MAX;
    while let Some(player) = game.hand().to_move() {
        if game.hand_number() != number {
            number = game.hand_number();
            let hand = game.hand();
            println!(
                "\nHand {}: player {} deals. A holds [{}], B holds [{}]",
                number + 1,
                hand.dealer(),
                deck.show_cards(hand.held(GonzagoPlayer::A)),
                deck.show_cards(hand.held(GonzagoPlayer::B))
            );
        }
        let mv = bots[player.seat().index()].choose(&game).expect("the match is running");
        let mut after = game.hand().clone();
        after.apply(mv).expect("the bot plays legal moves");
        let top = after.top().map_or("-".to_owned(), |v| deck.value_letter(v).to_string());
        println!(
            "  player {player}: {:<16} top {top:<2} stock {:>2}  cards A {} B {}",
            deck.show_move(mv).to_string(),
            after.stock_len(),
            after.hand_len(GonzagoPlayer::A),
            after.hand_len(GonzagoPlayer::B)
        );
        game.apply(mv).expect("the bot plays legal moves");
        if let (Some(record), true) = (game.last_hand(), game.hand_number() != number || game.is_over()) {
            match record.end {
                HandEnd::Closed { winner } => println!("  player {winner} plays the last card and wins the hand"),
                HandEnd::Drawn => println!("  two passes with an empty stock: the hand is drawn"),
            }
        }
    }
    let wins = game.wins();
    println!("\n{} (hands won: A {}, B {})", game.status(), wins[GonzagoPlayer::A], wins[GonzagoPlayer::B]);
}

/// Zucche e Fantasmi: four players, two boards, MCTS for every seat; one
/// line per ten rounds, then the final position.
fn zucche(seed: u64) {
    title("Zucche e Fantasmi (4 players in two teams, two boards, one die per board)");
    let config = zucche::Config::default();
    let mut game = Zucche::from_seed(&config, seed).expect("the default configuration is valid");
    let seats = game.num_seats();
    let mut bots: Vec<_> = (0..seats as u64).map(|seat| players::zucche(seed, seat)).collect();
    let mut dice = Mcts::<Zucche>::new(seed ^ 0xD1CE).iterations(1);
    println!("{}", players::ZUCCHE);
    let mut round = game.round();
    while !game.is_over() {
        let mv = match game.actor() {
            Actor::Seat(s) => bots[s.index()].choose(&game),
            _ => dice.choose(&game),
        }
        .expect("the game is running");
        game.apply(mv).expect("the bots play legal moves");
        if game.round() != round || game.is_over() {
            round = game.round();
            if round % 10 == 0 || game.is_over() {
                let c = game.counts();
                let frozen: Vec<String> = BoardId::all(game.num_boards())
                    .filter(|&b| game.is_frozen(b) == Some(true))
                    .map(|b| b.to_string())
                    .collect();
                println!(
                    "  after round {round:>3}: team A {:>2} checkers, team B {:>2}{}",
                    c.a,
                    c.b,
                    if frozen.is_empty() { String::new() } else { format!("  (frozen: {})", frozen.join(", ")) }
                );
            }
        }
    }
    println!("\n{game}");
}

/// Zama: two ISMCTS bots, each seeing only its own knowledge. Every battle
/// is printed (tied King clashes only counted); the board as Red sees it every
/// 50 turns.
fn zama(seed: u64) {
    title("Zama (two decks face down; your K♠ must find and take the enemy K♥)");
    let config = zama::Config::default();
    let mut game = Zama::from_seed(&config, seed).expect("the default configuration is valid");
    let mut bots = [0, 1].map(|seat| players::zama(seed, seat));
    println!("{}", players::ZAMA);
    let mut turn = 1u32;
    // Tied King clashes remove nothing and repeat: they are counted, not listed.
    let mut quiet_clashes = 0u32;
    while !game.is_over() {
        let mover = game.to_move();
        let mv = bots[mover.seat().index()].choose(&game).expect("the game is running");
        let before = game.clone();
        game.apply(mv).expect("the bots play legal moves");
        if let (ZamaMove::Attack { from, to }, Some(battle)) = (mv, before.battle_of(mv)) {
            if battle == Battle::ClashTied {
                quiet_clashes += 1;
            } else {
                if quiet_clashes > 0 {
                    println!("  ({quiet_clashes} tied King clashes, each followed by peeks)");
                    quiet_clashes = 0;
                }
                let (a, d) = (before.card_at(from), before.card_at(to));
                let show = |c: Option<zama::ZamaCard>| c.map_or("?".to_owned(), |c| c.to_string());
                println!("  turn {turn:>3} {mover:<4} {mv:<7} {} on {}: {battle}", show(a), show(d));
            }
        }
        if game.phase() == Phase::Attack && game.to_move() != mover {
            turn += 1;
            if turn.is_multiple_of(50) {
                println!(
                    "\nTurn {turn}, the board as Red sees it:\n{}\n",
                    game.diagram_for(Player::Red).expect("Red plays")
                );
            }
        }
    }
    if quiet_clashes > 0 {
        println!("  ({quiet_clashes} tied King clashes, each followed by peeks)");
    }
    println!("\nThe whole truth at the end:\n{game}");
    println!("{} after {} turns", game.ending().expect("the game is over"), turn);
    zama_four(seed);
}

/// Zama for four players on the 16 × 13 board, summarised: heuristic bots
/// (each reading only its own view) for Red, Blue, Green and Yellow; the
/// eliminations and the ending.
fn zama_four(seed: u64) {
    println!("\nZama for four players (16 × 13 board, four decks), heuristic bots, in short:");
    let config = zama::Config::default().with_players(4);
    let mut game = Zama::from_seed(&config, seed).expect("the four-player configuration is valid");
    let mut rng = carte::core::deal_rng(seed);
    let (mut plies, mut battles, mut removals) = (0u32, 0u32, 0usize);
    while !game.is_over() {
        let mover = game.to_move();
        let mv = zama::heuristic_move(&game, &mut rng).expect("the game is not over");
        let before = game.clone();
        game.apply(mv).expect("the bots play legal moves");
        plies += 1;
        battles += u32::from(before.battle_of(mv).is_some());
        for out in game.eliminated().iter().filter(|c| !before.eliminated().contains(*c)) {
            println!("  ply {plies:>4}: {}'s K♠ takes {}'s K♥: {} is out", mover.name(), out.name(), out.name());
        }
        removals = game.removed().count();
    }
    let outcome = zama::describe_outcome(&game.outcome().expect("the game is over"));
    let ending = match game.ending() {
        Some(zama::Ending::Draw(reason)) => format!("{outcome}: {reason}"),
        _ => outcome,
    };
    println!("  {ending}, after {plies} plies, {battles} battles, {removals} of 208 cards off the board");
}

/// The tour's bots, all in one place (with the line that presents them):
/// the `--play` opponents of `carte_play::bots` at full strength;
/// choosing other players is an edit here. Each is fixed by the seed and
/// its seat, and searches a fixed number of iterations (never a time
/// limit), so the tour prints the same games on every machine.
mod players {
    use carte_bots::{Ismcts, Mcts};
    use carte_play::bots::{self, Strength};
    use gonzago_rules::Match;
    use zama_rules::Zama;
    use zucche_rules::Zucche;

    /// How the Gonzago players play.
    pub const GONZAGO: &str = "Both seats: the --play opponent (information-set MCTS over classes of moves, heuristic \
                               play-outs,\nprogressive bias, determinizations that believe a drawing opponent held \
                               nothing playable).";

    /// The Gonzago player of `seat`.
    pub fn gonzago(seed: u64, seat: u64) -> Ismcts<Match> {
        bots::gonzago_match(seed.wrapping_mul(31).wrapping_add(seat), Strength::Full)
    }

    /// How the Zucche players play.
    pub const ZUCCHE: &str = "Every seat: the --play opponent (UCT scored by the team lead and the captures the next \
                              rolls allow,\nsteered by the heuristic's rules); dice rolled by the seed.\n";

    /// The Zucche player of `seat`.
    pub fn zucche(seed: u64, seat: u64) -> Mcts<Zucche> {
        bots::zucche(seed ^ (seat << 8), Strength::Full)
    }

    /// How the two Zama players play.
    pub const ZAMA: &str = "Both seats: the --play opponent (information-set MCTS, play-outs cut after 20 plies and \
                            scored by\nK♠-to-K♥ distance and cards left, steered by each battle's expected result).\n";

    /// The Zama player of `seat` (two players).
    pub fn zama(seed: u64, seat: u64) -> Ismcts<Zama> {
        bots::zama(seed.wrapping_mul(31).wrapping_add(seat), Strength::Full)
    }
}
