//! The worlds ISMCTS searches never contradict what its seat knows: for
//! each game of hidden information, every determinization drawn for the
//! seat to act shows that seat exactly its own observation (the cards it
//! holds or has seen, where they lie, the public history), and a
//! plausibility filter built on public inferences never rules out the
//! truth when the opponent plays as the inference assumes.

use carte_bots::{Bot, Ismcts};
use carte_core::{Game, HiddenInfo, Seeded, deal_rng};
use gonzago_rules::{Deck, Hand, heuristic_move, plausible_hand};
use zama_rules::Zama;

/// Draws `per_state` determinizations for the seat to act at every
/// `every`-th decision of a game played by `policy`, and checks that each
/// one shows that seat the observation it has.
fn check_game<G: HiddenInfo>(
    mut game: G,
    bot: &mut Ismcts<G>,
    policy: fn(&G, &mut carte_bots::BotRng) -> Option<G::Move>,
    every: usize,
    per_state: usize,
    seed: u64,
) -> usize {
    let mut rng = deal_rng(seed);
    let (mut decisions, mut checked) = (0, 0);
    while !game.is_over() {
        let mv = match game.actor().seat() {
            Some(me) => {
                if decisions % every == 0 {
                    let view = game.observation(me).unwrap();
                    for _ in 0..per_state {
                        let det = bot.determinization(&game, me).unwrap();
                        assert_eq!(det.observation(me).unwrap(), view, "seed {seed}, decision {decisions}");
                        checked += 1;
                    }
                }
                decisions += 1;
                policy(&game, &mut rng).unwrap()
            }
            None => carte_bots::Random::new(seed ^ decisions as u64).choose(&game).unwrap(),
        };
        game.apply(mv).unwrap();
    }
    checked
}

#[test]
fn zama_determinizations_show_the_seat_its_own_view() {
    let mut checked = 0;
    for seed in 0..3 {
        let game = Zama::from_seed(&zama_rules::Config::default(), seed).unwrap();
        let mut bot = Ismcts::<Zama>::new(seed);
        checked += check_game(game, &mut bot, zama_rules::heuristic_move, 7, 3, seed);
    }
    assert!(checked > 50, "only {checked} determinizations checked");
}

#[test]
fn four_player_zama_determinizations_show_the_seat_its_own_view() {
    let config = zama_rules::Config::default().with_players(4);
    let game = Zama::from_seed(&config, 11).unwrap();
    let mut bot = Ismcts::<Zama>::new(11);
    assert!(check_game(game, &mut bot, zama_rules::heuristic_move, 13, 2, 11) > 20);
}

#[test]
fn gonzago_determinizations_show_the_seat_its_own_view_and_keep_to_the_inference() {
    let mut plausible = 0;
    let mut total = 0;
    for seed in 0..30 {
        let mut hand = Hand::from_seed(&Deck::Italian, seed).unwrap();
        let mut bot = Ismcts::<Hand>::new(seed).plausible(plausible_hand);
        total += check_game(hand.clone(), &mut bot, heuristic_move, 1, 4, seed);
        // The inference holds of the truth when the opponent plays the
        // heuristic, so the filter can always find worlds that pass it.
        let mut rng = deal_rng(seed);
        while !hand.is_over() {
            let me = hand.actor().seat().unwrap();
            let view = hand.observation(me).unwrap();
            assert!(plausible_hand(&view, &hand), "seed {seed}: the truth was ruled out\n{hand}");
            for _ in 0..4 {
                plausible += usize::from(plausible_hand(&view, &bot.determinization(&hand, me).unwrap()));
            }
            hand.apply(heuristic_move(&hand, &mut rng).unwrap()).unwrap();
        }
    }
    assert!(total > 500, "only {total} determinizations checked");
    let hands = plausible as f64;
    assert!(hands > 0.95 * total as f64, "{plausible} plausible of {total}");
}

#[test]
fn the_search_plays_a_legal_move_from_what_it_sees() {
    // The chosen move is legal in the true state, and two states the seat
    // cannot tell apart give the same choice (the search reads only
    // determinizations of the seat's view).
    let game = Zama::from_seed(&zama_rules::Config::default(), 5).unwrap();
    let me = game.actor().seat().unwrap();
    let other = game.sample(me, &mut deal_rng(99)).unwrap();
    assert_eq!(other.observation(me).unwrap(), game.observation(me).unwrap());
    let choose =
        |g: &Zama| Ismcts::<Zama>::new(3).iterations(200).evaluation(zama_rules::evaluate, 10).choose(g).unwrap();
    let mv = choose(&game);
    assert!(game.is_legal(mv));
    assert_eq!(choose(&other), mv);
}
