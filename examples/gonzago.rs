//! Gonzago in the terminal.
//!
//! * no arguments: a seeded match between two heuristic bots, printed hand
//!   by hand, move by move;
//! * `--play`: you play a match as player A against the strongest bot. You
//!   see your hand (playable cards in green), the table, the stock size and
//!   the bot's card count; type moves such as `play 4c 4d` (or just
//!   `4c 4d`), `draw`, `pass`, or the shell's commands (`help`, `moves`,
//!   `rules`, `legend`, `hint`, `undo`, `show`, `quit`). On a French deck
//!   type `Kh`, `7s`. `--color auto|always|never` (and `NO_COLOR`) decide
//!   the colours; `--strength quick` makes the bot answer faster and
//!   weaker.
//! * `--simulate N`: N matches between uniformly random players (or
//!   `--bots heuristic`), with the leader's win rate and the hand length.
//!
//! `--deck french`, `--mode single|best-of-three|points` and `--seed S`
//! choose the match.
//!
//! A flag that does not apply to the mode is refused (`--bots` without
//! `--simulate`, say). Exit status: 0 on success, 1 on a runtime error, 2
//! on a usage error.
//!
//! `cargo run --release --example gonzago -- --simulate 10000`

use std::process::ExitCode;
use std::time::Instant;

use carte_core::{Game, RandomPlayer, Seeded, deal_rng};
use carte_play::bots::{self, Strength};
use carte_play::cli::{self, ColorWhen, EXIT_CODES, positive_u64};
use carte_play::gonzago::GonzagoView;
use carte_play::input::stdin_lines;
use carte_play::{Shell, ShellEnd};
use clap::{Parser, ValueEnum};
use gonzago_rules::{Config, Deck, Hand, HandEnd, Match, MatchMode, MatchStatus, Move, Player, heuristic_move};

/// Gonzago in the terminal: watch, play or simulate matches.
///
/// Modes: watch two heuristic bots play a match (the default); play a
/// match yourself against the strongest bot (`--play`); simulate many
/// matches (`--simulate N`). A flag that does not apply to the mode is
/// refused.
#[derive(Parser, Debug)]
#[command(name = "gonzago", version, after_help = EXIT_CODES)]
struct Args {
    /// Play a match as player A against the bot (information-set MCTS).
    #[arg(long, conflicts_with = "simulate")]
    play: bool,
    /// Play N matches and summarize them.
    #[arg(long, value_name = "N", value_parser = positive_u64)]
    simulate: Option<u64>,
    /// Seed of the match (the first of the simulated matches).
    #[arg(long, default_value_t = 2026)]
    seed: u64,
    /// The deck's faces.
    #[arg(long, value_enum, default_value_t = DeckArg::Italian)]
    deck: DeckArg,
    /// How the match is won.
    #[arg(long, value_enum, default_value_t = ModeArg::Points)]
    mode: ModeArg,
    /// The players of `--simulate`.
    #[arg(long, value_enum, requires = "simulate", conflicts_with = "play")]
    bots: Option<Bots>,
    /// With --play: colour the board (auto: on a terminal without NO_COLOR).
    #[arg(long, value_enum, requires = "play", conflicts_with = "simulate")]
    color: Option<ColorWhen>,
    /// With --play: how hard the bot (and `hint`) thinks: `full`, the
    /// strongest play under a second a move, or `quick`, a twentieth of it.
    #[arg(long, value_enum, requires = "play", conflicts_with = "simulate")]
    strength: Option<Strength>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum DeckArg {
    Italian,
    French,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum ModeArg {
    Single,
    BestOfThree,
    Points,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum Bots {
    Random,
    Heuristic,
}

fn main() -> ExitCode {
    cli::output_errors_exit("gonzago");
    let args = Args::parse();
    let deck = match args.deck {
        DeckArg::Italian => Deck::Italian,
        DeckArg::French => Deck::French,
    };
    let mode = match args.mode {
        ModeArg::Single => MatchMode::Single,
        ModeArg::BestOfThree => MatchMode::BestOfThree,
        ModeArg::Points => MatchMode::Points,
    };
    let config = Config::new(deck, mode);
    if let Some(n) = args.simulate {
        simulate(config, args.seed, n, args.bots.unwrap_or(Bots::Random));
    } else if args.play {
        if let Err(e) = play(config, args.seed, args.color.unwrap_or_default(), args.strength.unwrap_or_default()) {
            return cli::runtime_error("gonzago", e);
        }
    } else {
        watch(config, args.seed);
    }
    ExitCode::SUCCESS
}

fn new_match(config: Config, seed: u64) -> Match {
    Match::from_seed(&config, seed).expect("every match configuration is valid")
}

fn scores(game: &Match) -> String {
    let (w, p) = (game.wins(), game.points());
    match game.mode() {
        MatchMode::Points => format!("points A {} - B {}", p[Player::A], p[Player::B]),
        _ => format!("hands won A {} - B {}", w[Player::A], w[Player::B]),
    }
}

fn hand_header(game: &Match) {
    let hand = game.hand();
    let d = hand.deck();
    println!(
        "\n== Hand {} ({}), player {} deals; A holds [{}], B holds [{}] ==",
        game.hand_number() + 1,
        game.mode(),
        hand.dealer(),
        d.show_cards(hand.held(Player::A)),
        d.show_cards(hand.held(Player::B)),
    );
}

fn hand_footer(game: &Match) {
    if let Some(record) = game.last_hand() {
        let how = match record.end {
            HandEnd::Closed { winner } => format!("player {winner} closes"),
            HandEnd::Drawn => "drawn hand: both passed".to_owned(),
        };
        println!("-- {how}; cards left A {} B {}; {}", record.left[Player::A], record.left[Player::B], scores(game));
    }
}

fn describe(hand: &Hand, player: Player, mv: Move) -> String {
    let d = hand.deck();
    let top = hand.top().map_or("-".to_owned(), |v| d.value_letter(v).to_string());
    format!(
        "  player {player}: {:<18} top {top:<2} stock {:<2} A {:<2} B {}",
        d.show_move(mv).to_string(),
        hand.stock_len(),
        hand.hand_len(Player::A),
        hand.hand_len(Player::B)
    )
}

/// Two heuristic bots; each move decided from what its player can see.
fn watch(config: Config, seed: u64) {
    let mut game = new_match(config, seed);
    let mut rng = deal_rng(seed ^ 0x5EED);
    println!("Gonzago, {} deck, {}, seed {seed}", config.deck, config.mode);
    hand_header(&game);
    while let Some(player) = game.hand().to_move() {
        let mv = heuristic_move(game.hand(), &mut rng).expect("a seat acts");
        // The hand after the move (the match deals the next one at once).
        let mut after = game.hand().clone();
        after.apply(mv).expect("the heuristic plays legal moves");
        println!("{}", describe(&after, player, mv));
        let number = game.hand_number();
        game.apply(mv).expect("the heuristic plays legal moves");
        if game.is_over() || game.hand_number() != number {
            hand_footer(&game);
            if !game.is_over() {
                hand_header(&game);
            }
        }
    }
    println!("\n{} ({})", game.status(), scores(&game));
}

/// You are player A; the bot is player B. The shell (`help` lists its
/// commands) reads standard input: a line editor on a terminal, plain lines
/// from a pipe.
fn play(config: Config, seed: u64, color: ColorWhen, strength: Strength) -> std::io::Result<ShellEnd> {
    let game = new_match(config, seed);
    // The strongest bot under a second a move: ISMCTS over classes of
    // moves, heuristic play-outs, determinizations that read the draws.
    let bot = bots::gonzago_match(seed ^ 0xB07, strength);
    let advisor = bots::gonzago_match(seed ^ 0xAD1, strength);
    let mut out = color.stdout();
    Shell::new(game, GonzagoView::new(), Player::A.seat())
        .opponent(Player::B.seat(), Box::new(bot))
        .advisor(Box::new(advisor))
        .run(stdin_lines(), &mut out)
}

/// N matches; per hand, how often the leader (the non-dealer, who plays
/// first) wins, and how long hands last.
fn simulate(config: Config, seed: u64, n: u64, bots: Bots) {
    let mut rng = deal_rng(seed ^ 0x51);
    let mut player = RandomPlayer::<Match>::new();
    let (mut hands, mut plies, mut leader_wins, mut drawn_hands) = (0u64, 0u64, 0u64, 0u64);
    let (mut match_wins, mut match_draws) = ([0u64; 2], 0u64);
    let mut first_leader_wins = 0u64;
    let start = Instant::now();
    for i in 0..n {
        let mut game = new_match(config, seed.wrapping_add(i));
        let first_leader = game.hand().dealer().other();
        let mut leader = first_leader;
        let mut number = 0;
        while !game.is_over() {
            let mv = match bots {
                Bots::Random => player.choose(&game, &mut rng).expect("a seat acts"),
                Bots::Heuristic => heuristic_move(game.hand(), &mut rng).expect("a seat acts"),
            };
            game.apply(mv).expect("legal");
            plies += 1;
            if game.hand_number() != number || game.is_over() {
                hands += 1;
                match game.last_hand().map(|r| r.end) {
                    Some(HandEnd::Closed { winner }) if winner == leader => leader_wins += 1,
                    Some(HandEnd::Drawn) => drawn_hands += 1,
                    _ => {}
                }
                number = game.hand_number();
                leader = game.hand().dealer().other();
            }
        }
        match game.status() {
            MatchStatus::Won(p) => {
                match_wins[p as usize] += 1;
                if p == first_leader {
                    first_leader_wins += 1;
                }
            }
            MatchStatus::Drawn => match_draws += 1,
            MatchStatus::Running => unreachable!(),
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let pct = |a: u64, b: u64| if b == 0 { 0.0 } else { 100.0 * a as f64 / b as f64 };
    println!("{n} {bots:?} matches, {} deck, {}: {hands} hands in {secs:.2} s", config.deck, config.mode);
    println!(
        "hands: the leader (non-dealer, first to play) wins {:.1}%, the dealer {:.1}%, drawn {:.1}%",
        pct(leader_wins, hands),
        pct(hands - leader_wins - drawn_hands, hands),
        pct(drawn_hands, hands)
    );
    println!(
        "average hand length: {:.1} moves; {:.2} hands per match",
        plies as f64 / hands.max(1) as f64,
        hands as f64 / n.max(1) as f64
    );
    println!(
        "matches: A {} / B {} / drawn {}; the first leader wins {:.1}%",
        match_wins[0],
        match_wins[1],
        match_draws,
        pct(first_leader_wins, n)
    );
}
