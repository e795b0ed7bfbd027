//! Gonzago in the terminal.
//!
//! * no arguments: a seeded match between two heuristic bots, printed hand
//!   by hand, move by move;
//! * `--play`: you play a match as player A against the ISMCTS bot. You
//!   see your hand, the table, the stock size and the bot's card count; type
//!   moves such as `play 4c 4d` (or just `4c 4d`), `draw`, `pass`; `help`
//!   lists your legal moves, `quit` leaves. On a French deck type `Kh`, `7s`.
//! * `--simulate N`: N matches between uniformly random players (or
//!   `--bots heuristic`), with the leader's win rate and the hand length.
//!
//! `--deck french`, `--mode single|best-of-three|points` and `--seed S`
//! choose the match.
//!
//! `cargo run --release --example gonzago -- --simulate 10000`

use std::io::{BufRead, Write};
use std::time::Instant;

use carte_bots::{Bot, Ismcts};
use carte_core::{Game, HiddenInfo, RandomPlayer, Seeded, deal_rng};
use clap::{Parser, ValueEnum};
use gonzago_rules::{Deck, Hand, HandEnd, Match, MatchConfig, MatchMode, MatchStatus, Move, Player, heuristic_move};

#[derive(Parser, Debug)]
#[command(about = "Gonzago: watch bots play a match, play one against a bot, or simulate random matches")]
struct Args {
    /// Play a match as player A against the ISMCTS bot.
    #[arg(long, conflicts_with = "simulate")]
    play: bool,
    /// Play N matches and summarize them.
    #[arg(long, value_name = "N")]
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
    #[arg(long, value_enum, default_value_t = Bots::Random)]
    bots: Bots,
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

fn main() {
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
    let config = MatchConfig { deck, mode };
    if let Some(n) = args.simulate {
        simulate(config, args.seed, n, args.bots);
    } else if args.play {
        play(config, args.seed);
    } else {
        watch(config, args.seed);
    }
}

fn new_match(config: MatchConfig, seed: u64) -> Match {
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
fn watch(config: MatchConfig, seed: u64) {
    let mut game = new_match(config, seed);
    let mut rng = deal_rng(seed ^ 0x5EED);
    println!("Gonzago, {} deck, {}, seed {seed}", config.deck, config.mode);
    hand_header(&game);
    while let Some(player) = game.hand().to_move() {
        let mv = heuristic_move(game.hand(), &mut rng);
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

/// You are player A; the bot is player B.
fn play(config: MatchConfig, seed: u64) {
    let mut game = new_match(config, seed);
    // The strongest bot: information-set MCTS (it decides from its own
    // observation only), 1000 iterations, well under a second a move.
    let mut bot = Ismcts::<Match>::new(seed ^ 0xB07).iterations(1_000);
    let me = Player::A;
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let d = config.deck;
    println!("Gonzago, {} deck, {}. You are player A; the bot (ISMCTS) is player B.", d, config.mode);
    println!("Moves: `play 4c 4d` (or `4c 4d`), `draw`, `pass`; `help` lists your moves, `quit` leaves.");
    let mut shown_hand = u64::MAX;
    while !game.is_over() {
        if game.hand_number() != shown_hand {
            shown_hand = game.hand_number();
            hand_footer(&game);
            println!("\n== Hand {}: player {} deals ({}) ==", shown_hand + 1, game.hand().dealer(), scores(&game));
        }
        let hand = game.hand().clone();
        let Some(player) = hand.to_move() else { break };
        if player != me {
            let mv = bot.choose(&game).expect("the match is running");
            game.apply(mv).expect("the bot plays legal moves");
            println!("Bot: {}", d.show_move(mv));
            continue;
        }
        let view = game.observation(me.seat()).unwrap().hand;
        let top = view.top.map_or("nothing yet (you lead: play any value)".to_owned(), |v| {
            let last = view.history.iter().rev().find_map(|m| match m {
                Move::Play(play) => Some(play.cards()),
                _ => None,
            });
            format!("{} (last play {})", d.value_letter(v), last.map_or(String::new(), |c| d.show_cards(c).to_string()))
        });
        println!("\nTable: {top}; stock {} cards; the bot holds {}.", view.stock, view.opponent_holds);
        println!("Your hand: {}", d.show_cards(view.held));
        loop {
            print!("> ");
            let _ = std::io::stdout().flush();
            let Some(Ok(line)) = lines.next() else {
                println!("\nbye");
                return;
            };
            let text = line.trim();
            match text {
                "" => continue,
                "quit" | "exit" => {
                    println!("bye");
                    return;
                }
                "help" | "?" => {
                    let moves: Vec<String> =
                        hand.legal_move_vec().iter().map(|&m| d.show_move(m).to_string()).collect();
                    println!("Legal moves: {}", moves.join(", "));
                    continue;
                }
                _ => {}
            }
            let mv = match game.parse_move(text) {
                Ok(mv) => mv,
                Err(e) => {
                    println!("{e}");
                    continue;
                }
            };
            match game.apply(mv) {
                Ok(()) => break,
                Err(e) => println!("{e}"),
            }
        }
    }
    hand_footer(&game);
    let verdict = match game.status() {
        MatchStatus::Won(p) if p == me => "You win the match!".to_owned(),
        MatchStatus::Won(_) => "The bot wins the match.".to_owned(),
        MatchStatus::Drawn => "The match is drawn.".to_owned(),
        MatchStatus::Running => unreachable!("the loop ends with the match"),
    };
    println!("\n{verdict} ({})", scores(&game));
}

/// N matches; per hand, how often the leader (the non-dealer, who plays
/// first) wins, and how long hands last.
fn simulate(config: MatchConfig, seed: u64, n: u64, bots: Bots) {
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
                Bots::Heuristic => heuristic_move(game.hand(), &mut rng),
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
