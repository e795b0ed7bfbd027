//! The shell driven as a person would drive it, one game at a time: help,
//! moves, garbage, an illegal move, undo, a legal move, quit.

use carte_core::{Game, Seat, Seeded};
use carte_play::bots::{self, Strength};
use carte_play::gonzago::GonzagoView;
use carte_play::input::{Line, ScriptedLines};
use carte_play::style::plain;
use carte_play::zama::ZamaView;
use carte_play::zucche::ZuccheView;
use carte_play::{Shell, ShellEnd};
use gonzago_rules::Match;
use zama_rules::Zama;
use zucche_rules::{Config, Zucche};

fn transcript(out: Vec<u8>) -> String {
    plain(&String::from_utf8(out).expect("the shell writes UTF-8"))
}

/// The first legal move of the person's turn in `game`, as typed.
fn first_move<G: Game>(game: &G) -> String {
    game.legal_move_vec()[0].to_string()
}

#[test]
fn gonzago_session() {
    let game = Match::from_seed(&gonzago_rules::Config::default(), 3).unwrap();
    // Seed 3: find who leads; the person is whoever moves first.
    let me = game.actor().seat().unwrap();
    let legal = first_move(&game);
    let script = ScriptedLines::new([
        "help",
        "moves",
        "flurb",
        "play 4c 7d",
        "undo",
        legal.as_str(),
        "",
        "undo",
        "legend",
        "rules",
        "rules g9",
        "quit",
    ]);
    let mut out = Vec::new();
    let end = Shell::new(game, GonzagoView::new(), me)
        .opponent(Seat::new(1 - me.index() as u8), Box::new(bots::gonzago_match(1, Strength::Quick)))
        .advisor(Box::new(bots::gonzago_match(2, Strength::Quick)))
        .run(script, &mut out)
        .unwrap();
    assert_eq!(end, ShellEnd::Quit);
    let t = transcript(out);
    println!("{t}");
    assert!(t.contains("Commands:"), "{t}");
    assert!(t.contains("Your moves ("), "{t}");
    assert!(t.contains("bad move \"flurb\""), "{t}");
    assert!(t.contains("Nothing to take back"), "{t}");
    assert!(t.contains("Taken back"), "{t}");
    assert!(t.contains("G9"), "{t}");
    assert!(t.trim_end().ends_with("bye"), "{t}");
}

#[test]
fn zama_session() {
    let game = Zama::new(&zama_rules::Config::default(), 5).unwrap();
    let legal = first_move(&game);
    let script = ScriptedLines::new(["help", "moves", "c4xx", "a1xa1", "undo", legal.as_str(), "hint", "undo", "show"])
        .then(Line::Invalid("that line is not UTF-8 text".into()));
    let mut out = Vec::new();
    let end = Shell::new(game, ZamaView::new(), Seat::new(0))
        .opponent(Seat::new(1), Box::new(bots::zama(1, Strength::Quick)))
        .advisor(Box::new(bots::zama(2, Strength::Quick)))
        .run(script, &mut out)
        .unwrap();
    assert_eq!(end, ShellEnd::Quit);
    let t = transcript(out);
    println!("{t}");
    assert!(t.contains("a1x"), "{t}");
    assert!(t.contains("not legal now"), "{t}");
    assert!(t.contains("Hint: "), "{t}");
    assert!(t.contains("not UTF-8"), "{t}");
}

#[test]
fn zucche_session() {
    let game = Zucche::new(&Config::default()).unwrap();
    let script = ScriptedLines::new(["help", "moves", "1:z9-a1", "undo", "quit"]);
    let mut out = Vec::new();
    let seat = Seat::new(0);
    let mut shell = Shell::new(game, ZuccheView::new(), seat).chance_seed(4);
    for s in 1..4u8 {
        shell = shell.opponent(Seat::new(s), Box::new(bots::zucche(u64::from(s), Strength::Quick)));
    }
    let end = shell.run(script, &mut out).unwrap();
    assert_eq!(end, ShellEnd::Quit);
    let t = transcript(out);
    println!("{t}");
    assert!(t.contains("chance: the die"), "{t}");
}

/// Rule Z3 on the screen: without colour the board still tells the owners
/// apart, by the letter of each back (`r?` red, `b?` blue), in the deal's
/// chessboard pattern, for two and four players.
#[test]
fn zama_boards_name_each_back_without_colour() {
    use carte_play::Presenter;
    let two = Zama::new(&zama_rules::Config::default(), 5).unwrap();
    let board = plain(&ZamaView::new().board(&two, Seat::new(0)));
    let rank1 = board.lines().find(|l| l.trim_start().starts_with("1 ")).unwrap();
    let cells: Vec<&str> = rank1.split_whitespace().skip(1).take(4).collect();
    assert_eq!(cells, ["r?", "b?", "r?", "b?"], "{board}");
    let four = Zama::new(&zama_rules::Config::default().with_players(4), 5).unwrap();
    let board = plain(&ZamaView::new().board(&four, Seat::new(2)));
    let rank1 = board.lines().find(|l| l.trim_start().starts_with("1 ")).unwrap();
    let cells: Vec<&str> = rank1.split_whitespace().skip(1).take(5).collect();
    assert_eq!(cells, ["r?", "b?", "g?", "y?", "r?"], "{board}");
}
