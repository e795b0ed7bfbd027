//! The conventions every game crate follows (carte-core's `conventions`
//! module), checked across the four games at once.

use carte::core::{Seeded, below, deal_rng};

/// Walks a seeded game and checks, at every state, that each move (legal or
/// chance) reads back from its text in upper case and in lower case, and
/// that its printed form is canonical (it prints what it reads).
fn move_text_reads_in_any_case<G: Seeded>(config: &G::Config, seeds: u64, plies: usize)
where
    G::Move: core::str::FromStr + core::fmt::Display + PartialEq + core::fmt::Debug,
{
    let mut moves = Vec::new();
    let mut chance = Vec::new();
    for seed in 0..seeds {
        let mut game = G::from_seed(config, seed).unwrap();
        let mut rng = deal_rng(seed);
        for _ in 0..plies {
            if game.is_over() {
                break;
            }
            moves.clear();
            chance.clear();
            game.legal_moves(&mut moves);
            game.chance_outcomes(&mut chance);
            moves.extend(chance.iter().map(|&(mv, _)| mv));
            for &mv in &moves {
                let text = mv.to_string();
                for variant in [text.to_uppercase(), text.to_lowercase(), text.clone()] {
                    let read: Result<G::Move, _> = variant.parse();
                    assert!(read.as_ref().is_ok_and(|r| *r == mv), "{variant:?} should read as {mv:?}");
                }
                assert_eq!(text.parse::<G::Move>().ok().map(|m| m.to_string()), Some(text.clone()));
            }
            let mv = moves[below(&mut rng, moves.len() as u32) as usize];
            game.apply(mv).unwrap();
        }
    }
}

#[test]
fn move_text_is_read_in_any_case_in_every_game() {
    move_text_reads_in_any_case::<zama_rules::Zama>(&zama_rules::Config::default(), 3, 60);
    move_text_reads_in_any_case::<zama_rules::Zama>(&zama_rules::Config::default().with_players(4), 2, 60);
    move_text_reads_in_any_case::<zucche_rules::Zucche>(&zucche_rules::Config::default(), 3, 80);
    move_text_reads_in_any_case::<camicia_rules::Camicia>(&camicia_rules::Config::default(), 3, 40);
    move_text_reads_in_any_case::<gonzago_rules::Hand>(&gonzago_rules::Deck::Italian, 3, 40);
}

/// Fails when a message says a thing twice: a `context: ` that comes back
/// later in the chain (`bad move "": bad move "": ...`, `bad configuration:
/// bad configuration: ...`), or a context that is a prefix of another.
fn assert_says_each_thing_once(message: &str) {
    let parts: Vec<&str> = message.split(": ").collect();
    let contexts = &parts[..parts.len() - 1];
    for (i, a) in contexts.iter().enumerate() {
        for b in &parts[i + 1..] {
            let (a, b) = (a.trim(), b.trim());
            assert!(!(b.starts_with(a) || (b.len() > 3 && a.starts_with(b))), "{message:?} says {a:?} twice");
        }
    }
}

/// Every error of the public API, from the input a user gets wrong, with
/// its wrappers ([`MoveError`](carte::core::MoveError) from
/// `apply_notation`, [`ReplayError`](carte::core::ReplayError), the
/// registry's errors), says each thing once.
#[test]
fn error_messages_say_each_thing_once() {
    use carte::core::{Game, Replay};
    let mut messages: Vec<String> = Vec::new();
    macro_rules! push {
        ($($e:expr),* $(,)?) => { $( messages.push($e.to_string()); )* };
    }

    // Move text refused through the trait, the replay and the type.
    fn notation<G: Seeded>(config: G::Config, texts: &[&str], out: &mut Vec<String>)
    where
        G::Move: core::fmt::Display,
    {
        let mut game = G::from_seed(&config, 1).unwrap();
        for text in texts {
            if let Err(e) = game.apply_notation(text) {
                out.push(e.to_string());
            }
            let mut replay = Replay::<G>::new(config.clone(), 1);
            replay.moves.push((*text).to_owned());
            if let Err(e) = replay.replay() {
                out.push(e.to_string());
            }
            if let Err(e) = text.parse::<G::Move>() {
                out.push(e.to_string());
            }
        }
    }
    fn bad_config<G: Seeded>(config: G::Config, out: &mut Vec<String>) {
        let Err(e) = Replay::<G>::new(config, 1).replay() else { panic!("the configuration is refused") };
        out.push(e.to_string());
    }

    // Zama.
    notation::<zama_rules::Zama>(
        zama_rules::Config::default(),
        &["", "x", "peek", "a1xa9", "z1-z2", "pass", "a1xb1", "a1-a2", "peek a1"],
        &mut messages,
    );
    bad_config::<zama_rules::Zama>(zama_rules::Config::default().with_players(3), &mut messages);
    bad_config::<zama_rules::Zama>(zama_rules::Config::default().with_no_removal_limit(0), &mut messages);
    push!("z99".parse::<zama_rules::Square>().unwrap_err(), "xKs".parse::<zama_rules::ZamaCard>().unwrap_err());
    push!("rXs".parse::<zama_rules::ZamaCard>().unwrap_err());

    // Zucche.
    notation::<zucche_rules::Zucche>(
        zucche_rules::Config::default(),
        &["", "roll 7", "roll", "1:a1-a9", "9:a1-a2", "1:place c1", "1:a1-a2", "pass", "roll 3"],
        &mut messages,
    );
    bad_config::<zucche_rules::Zucche>(zucche_rules::Config::players(6), &mut messages);
    bad_config::<zucche_rules::Zucche>(zucche_rules::Config::players(260), &mut messages);
    bad_config::<zucche_rules::Zucche>(zucche_rules::Config::default().with_rounds(0), &mut messages);
    push!("i9".parse::<zucche_rules::Square>().unwrap_err(), "C1".parse::<zucche_rules::Player>().unwrap_err());
    push!("x".parse::<zucche_rules::BoardSetup>().unwrap_err());

    // Camicia.
    notation::<camicia_rules::Camicia>(camicia_rules::Config::default(), &["", "turns", "play"], &mut messages);
    let other = camicia_rules::Config::new(camicia_rules::Preset::Camicia)
        .with_deck(camicia_rules::Deck::of(camicia_rules::Preset::BeggarMyNeighbour));
    let mut other_preset = other;
    other_preset.preset = camicia_rules::Preset::Camicia;
    bad_config::<camicia_rules::Camicia>(other_preset, &mut messages);
    for text in ["12x/3", "123", "1/2/3", "/3", "12/"] {
        push!(camicia_rules::Deal::parse(camicia_rules::Preset::Camicia, text).unwrap_err());
    }
    let mut over = camicia_rules::Camicia::from_deal(
        &camicia_rules::Deal::parse(camicia_rules::Preset::Camicia, "-/-").unwrap(),
        camicia_rules::EndRule::Standard,
    )
    .unwrap();
    while !over.is_over() {
        over.apply(camicia_rules::Move::Turn).unwrap();
    }
    push!(over.apply(camicia_rules::Move::Turn).unwrap_err());
    if let Err(e) = over.apply_notation("turn") {
        push!(e);
    }

    // Gonzago, on both decks.
    for deck in [gonzago_rules::Deck::Italian, gonzago_rules::Deck::French] {
        notation::<gonzago_rules::Hand>(
            deck,
            &["", "play", "play 9x", "play 4c 4c", "draw 4c", "play 5♠ 5s", "pass", "play Rb", "play 4c 5c"],
            &mut messages,
        );
        notation::<gonzago_rules::Match>(
            gonzago_rules::Config::default().with_deck(deck),
            &["", "play", "play 9x", "pass", "play Ks"],
            &mut messages,
        );
    }
    push!("german".parse::<gonzago_rules::Deck>().unwrap_err());

    // The registry.
    #[cfg(feature = "registry")]
    for spec in [
        "chess",
        "zama(colour=red)",
        "zama(players=3)",
        "zama(no_removal_limit=x)",
        "zucche(players=4,players=8)",
        "zama(",
    ] {
        push!(carte::registry::load_game(spec).unwrap_err());
    }

    assert!(messages.len() > 60, "{} messages", messages.len());
    if std::env::var_os("CARTE_PRINT_ERRORS").is_some() {
        messages.iter().for_each(|m| println!("{m}"));
    }
    for m in &messages {
        assert_says_each_thing_once(m);
    }
}

#[test]
#[should_panic(expected = "twice")]
fn a_repeated_context_is_caught() {
    assert_says_each_thing_once(
        "ply 0: bad configuration: bad configuration: the no-removal draw limit must be at least 1",
    );
}
