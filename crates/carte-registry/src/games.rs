//! The registered games: their parameters and how each is built.

use std::sync::Arc;

use camicia_rules::{Camicia, Deal, EndRule, Preset};
use carte_core::{ActionSpace, GameFacts, HiddenInfo, Player, Seeded, Views};
use gonzago_rules::{Card, CardSet, Deck, Hand, HandSetup, Match, MatchMode};
use zucche_rules::Zucche;

use crate::deal::{DealRecall, DealSpec, Dealing};
use crate::error::{HandleError, SpecError};
use crate::handle::{Erased, GameHandle, Playable, Sampler, Typed};
use crate::spec::{GameInfo, ParamInfo, Params, split};

const DEAL: ParamInfo = ParamInfo {
    name: "deal",
    default: "seeded",
    values: "seeded (from the state's seed) or chance (each card a chance outcome)",
};

static GAMES: [GameInfo; 4] = [
    GameInfo {
        name: "zama",
        description: "Zama: a battle of face-down French cards on a grid, for 2 or 4 players",
        params: &[
            ParamInfo { name: "players", default: "2", values: "2 or 4" },
            ParamInfo { name: "no_removal_limit", default: "200", values: "1..=4294967295 plies without a removal" },
            DEAL,
        ],
    },
    GameInfo {
        name: "gonzago",
        description: "Gonzago: the two-player, domino-like game of the 40-card deck",
        params: &[
            ParamInfo { name: "deck", default: "italian", values: "italian or french" },
            ParamInfo { name: "mode", default: "single", values: "single, best_of_three or points" },
            ParamInfo { name: "deal", default: "seeded", values: "seeded, or chance (with mode=single)" },
        ],
    },
    GameInfo {
        name: "zucche",
        description: "Zucche e Fantasmi: teams of checkers on paired boards, with dice",
        params: &[
            ParamInfo { name: "players", default: "4", values: "a positive multiple of 4, up to 256" },
            ParamInfo { name: "rounds", default: "120", values: "1 or more rounds" },
        ],
    },
    GameInfo {
        name: "camicia",
        description: "Camicia (and Beggar-my-neighbour): two players turn cards, no decisions",
        params: &[
            ParamInfo { name: "preset", default: "camicia", values: "camicia or bmn" },
            ParamInfo { name: "end_rule", default: "standard", values: "standard or empty_hand_loses" },
            ParamInfo {
                name: "draw_on_repeat",
                default: "true",
                values: "true (a draw at the first repeated state, so every deal ends) or false",
            },
            DEAL,
        ],
    },
];

/// Every registered game with its parameters and their defaults.
///
/// ```
/// let names: Vec<&str> = carte_registry::registered_names().iter().map(|g| g.name).collect();
/// assert_eq!(names, ["zama", "gonzago", "zucche", "camicia"]);
/// ```
pub fn registered_names() -> &'static [GameInfo] {
    &GAMES
}

/// A game chosen by name and parameters, ready to build states.
#[derive(Clone, Debug)]
pub struct GameType {
    spec: Arc<str>,
    kind: Kind,
}

#[derive(Clone, Debug)]
enum Kind {
    Zama(zama_rules::Config, bool),
    Hand(Deck, bool),
    Match(gonzago_rules::Config),
    Zucche(zucche_rules::Config),
    Camicia(camicia_rules::Config, bool),
}

/// Reads a game description, `name` or `name(key=value,...)`, e.g.
/// `gonzago(deck=french,mode=points)`.
///
/// # Errors
///
/// [`SpecError`] naming the unknown game, the unknown or repeated
/// parameter, the bad value, or the game's own refusal.
///
/// ```
/// let game = carte_registry::load_game("zucche(players=8)")?;
/// assert_eq!(game.spec(), "zucche(players=8,rounds=120)");
/// let err = carte_registry::load_game("zucche(players=6)").unwrap_err();
/// assert!(err.to_string().contains("6 players"));
/// assert!(carte_registry::load_game("poker").is_err());
/// # Ok::<(), carte_registry::SpecError>(())
/// ```
pub fn load_game(spec: &str) -> Result<GameType, SpecError> {
    let (name, given) = split(spec)?;
    let Some(info) = GAMES.iter().find(|g| g.name == name) else {
        return Err(SpecError::UnknownGame {
            name,
            known: GAMES.iter().map(|g| g.name).collect::<Vec<_>>().join(", "),
        });
    };
    let p = Params::new(info, given)?;
    let kind = match info.name {
        "zama" => {
            let players: usize = p.number("players")?;
            let limit: u32 = p.number("no_removal_limit")?;
            let config = zama_rules::Config::default().with_players(players).with_no_removal_limit(limit);
            config.validate().map_err(|e| p.refused(e))?;
            Kind::Zama(config, p.choice("deal", &["seeded", "chance"])? == 1)
        }
        "gonzago" => {
            let deck = [Deck::Italian, Deck::French][p.choice("deck", &["italian", "french"])?];
            let mode = [MatchMode::Single, MatchMode::BestOfThree, MatchMode::Points]
                [p.choice("mode", &["single", "best_of_three", "points"])?];
            let chance = p.choice("deal", &["seeded", "chance"])? == 1;
            match mode {
                MatchMode::Single => Kind::Hand(deck, chance),
                _ if chance => {
                    return Err(
                        p.refused("deal=chance needs mode=single (a match deals its later hands from its seed)")
                    );
                }
                _ => Kind::Match(gonzago_rules::Config { deck, mode }),
            }
        }
        "zucche" => {
            let config = zucche_rules::Config::players(p.number("players")?).with_rounds(p.number("rounds")?);
            config.validate().map_err(|e| p.refused(e))?;
            Kind::Zucche(config)
        }
        _ => {
            let preset = [Preset::Camicia, Preset::BeggarMyNeighbour][p.choice("preset", &["camicia", "bmn"])?];
            let end_rule = [EndRule::Standard, EndRule::EmptyHandLoses]
                [p.choice("end_rule", &["standard", "empty_hand_loses"])?];
            let draw = p.choice("draw_on_repeat", &["false", "true"])? == 1;
            Kind::Camicia(
                camicia_rules::Config::new(preset).with_end_rule(end_rule).with_draw_on_repeat(draw),
                p.choice("deal", &["seeded", "chance"])? == 1,
            )
        }
    };
    Ok(GameType { spec: p.canonical().into(), kind })
}

/// Builds a state of `spec` from `seed` in one step.
///
/// # Errors
///
/// As [`load_game`].
pub fn load(spec: &str, seed: u64) -> Result<GameHandle, SpecError> {
    Ok(load_game(spec)?.new_state(seed))
}

fn sampler<G: HiddenInfo>() -> Sampler<G> {
    |g, seat, rng| g.sample(seat, rng)
}

fn typed<G: Playable>(name: &Arc<str>, game: G, sampler: Option<Sampler<G>>) -> Box<dyn Erased> {
    typed_with(name, game, sampler, None)
}

fn typed_with<G: Playable>(
    name: &Arc<str>,
    game: G,
    sampler: Option<Sampler<G>>,
    facts: Option<&GameFacts>,
) -> Box<dyn Erased> {
    let seats = game.num_seats();
    let mut t = Typed::new(name.clone(), game, sampler, vec![None; seats]);
    if let Some(f) = facts {
        t.set_facts(f.clone());
    }
    Box::new(t)
}

fn unreachable_config<E: core::fmt::Display>(e: E) -> ! {
    unreachable!("the registry checked the configuration: {e}")
}

impl GameType {
    /// The canonical description, every parameter given.
    pub fn spec(&self) -> &str {
        &self.spec
    }

    /// The game's registered name.
    pub fn name(&self) -> &'static str {
        match self.kind {
            Kind::Zama(..) => "zama",
            Kind::Hand(..) | Kind::Match(..) => "gonzago",
            Kind::Zucche(..) => "zucche",
            Kind::Camicia(..) => "camicia",
        }
    }

    /// Whether the deal is made of chance nodes (`deal=chance`).
    pub fn deals_by_chance(&self) -> bool {
        matches!(self.kind, Kind::Zama(_, true) | Kind::Hand(_, true) | Kind::Camicia(_, true))
    }

    /// A starting state: dealt from `seed` (the seeded deal), or at the
    /// first chance node of the deal with `deal=chance` (the seed is then
    /// unused; so is it for Zucche, whose dice are chance nodes).
    pub fn new_state(&self, seed: u64) -> GameHandle {
        let name = &self.spec;
        GameHandle::new(match &self.kind {
            Kind::Zama(config, false) => typed(
                name,
                zama_rules::Zama::from_seed(config, seed).unwrap_or_else(|e| unreachable_config(e)),
                Some(sampler()),
            ),
            Kind::Zama(config, true) => Box::new(Dealing::new(name.clone(), Arc::new(zama_deal(*config)))),
            Kind::Hand(deck, false) => {
                typed(name, Hand::from_seed(deck, seed).unwrap_or_else(|e| unreachable_config(e)), Some(sampler()))
            }
            Kind::Hand(deck, true) => Box::new(Dealing::new(name.clone(), Arc::new(gonzago_deal(*deck)))),
            Kind::Match(config) => {
                typed(name, Match::from_seed(config, seed).unwrap_or_else(|e| unreachable_config(e)), Some(sampler()))
            }
            Kind::Zucche(config) => {
                typed(name, Zucche::from_seed(config, seed).unwrap_or_else(|e| unreachable_config(e)), None)
            }
            Kind::Camicia(config, false) => {
                typed(name, Camicia::from_seed(config, seed).unwrap_or_else(|e| unreachable_config(e)), Some(sampler()))
            }
            Kind::Camicia(config, true) => Box::new(Dealing::new(name.clone(), Arc::new(camicia_deal(*config)))),
        })
    }

    /// A state of this game read from the JSON of
    /// [`GameHandle::to_json`] (of a state in play; its information states
    /// start there).
    ///
    /// # Errors
    ///
    /// [`HandleError::State`] for JSON that is no state of this game's
    /// configuration.
    pub fn load_state(&self, json: &str) -> Result<GameHandle, HandleError> {
        if self.deals_by_chance()
            && let Ok(serde_json::Value::Object(map)) = serde_json::from_str::<serde_json::Value>(json)
            && let Some(dealing) = map.get("dealing")
        {
            return self.load_deal(dealing);
        }
        let name = &self.spec;
        let bad = |reason: String| HandleError::State { game: self.spec.to_string(), reason };
        fn read<G: Playable>(json: &str) -> Result<G, String> {
            serde_json::from_str(json).map_err(|e| e.to_string())
        }
        let same = |ok: bool| if ok { Ok(()) } else { Err(bad("the state is of another configuration".into())) };
        // With a chance deal, the configuration's facts include the deal.
        let deal_facts = self.deals_by_chance().then(|| self.new_state(0).facts());
        let facts = deal_facts.as_ref();
        let inner = match &self.kind {
            Kind::Zama(config, _) => {
                let g: zama_rules::Zama = read(json).map_err(bad)?;
                same(g.config() == *config)?;
                typed_with(name, g, Some(sampler()), facts)
            }
            Kind::Hand(deck, _) => {
                let g: Hand = read(json).map_err(bad)?;
                same(g.deck() == *deck)?;
                typed_with(name, g, Some(sampler()), facts)
            }
            Kind::Match(config) => {
                let g: Match = read(json).map_err(bad)?;
                same(g.deck() == config.deck && g.mode() == config.mode)?;
                typed_with(name, g, Some(sampler()), facts)
            }
            Kind::Zucche(config) => {
                let g: Zucche = read(json).map_err(bad)?;
                same(g.config() == *config)?;
                typed_with(name, g, None, facts)
            }
            Kind::Camicia(config, _) => {
                let g: Camicia = read(json).map_err(bad)?;
                same(g.config() == *config)?;
                typed_with(name, g, Some(sampler()), facts)
            }
        };
        Ok(GameHandle::new(inner))
    }
}

impl GameType {
    /// A chance deal in progress, from the JSON of its first choice and
    /// cards: dealt again, outcome by outcome.
    fn load_deal(&self, dealing: &serde_json::Value) -> Result<GameHandle, HandleError> {
        let bad = |reason: &str| HandleError::State { game: self.spec.to_string(), reason: reason.to_owned() };
        let mut state = self.new_state(0);
        if let Some(first) = dealing.get("first").and_then(|f| f.as_str()) {
            state.apply_action(state.string_to_action(first)?)?;
        }
        let cards = dealing.get("cards").and_then(|c| c.as_array()).ok_or_else(|| bad("a deal lists its cards"))?;
        for card in cards {
            let label = card.as_str().ok_or_else(|| bad("a dealt card is a string"))?;
            if !state.is_chance_node() {
                return Err(bad("more cards than the deal holds"));
            }
            state.apply_action(state.string_to_action(label)?)?;
        }
        if !state.is_chance_node() {
            return Err(bad("a whole deal is a state in play, not a deal"));
        }
        Ok(state)
    }
}

fn zama_deal(config: zama_rules::Config) -> DealSpec<zama_rules::Zama> {
    use zama_rules::{Setup, Square, ZamaCard};
    let labels: Vec<String> = carte_core::FRENCH_52.iter().map(|c| c.to_string()).collect();
    let players = config.players;
    // Cell by cell, each from the deck of the seat the deal gives it to.
    let pool_of: Vec<u8> = Square::board(players).map(|sq| sq.deal_seat(players).index() as u8).collect();
    let game = zama_rules::Zama::from_seed(&config, 0).unwrap_or_else(|e| unreachable_config(e));
    let facts = DealSpec::<zama_rules::Zama>::facts_with_deal(game.facts(), 0, 52, pool_of.len());
    DealSpec {
        pre: Vec::new(),
        labels,
        pools: vec![vec![1; 52]; players],
        pool_of,
        visible: |_, _| None,
        finish: Box::new(move |_, cards| {
            let mut setup = Setup::empty(config);
            for (sq, &card) in Square::board(players).zip(cards) {
                setup.place(sq, ZamaCard::new(sq.deal_seat(players), carte_core::FRENCH_52[usize::from(card)]));
            }
            zama_rules::Zama::from_setup(&setup).map_err(|e| e.to_string())
        }),
        recall: None,
        sampler: Some(sampler()),
        shape: game.observation_shape(),
        facts,
    }
}

fn gonzago_deal(deck: Deck) -> DealSpec<Hand> {
    let labels: Vec<String> = deck.cards().iter().map(|&c| deck.show(c).to_string()).collect();
    let game = Hand::from_seed(&deck, 0).unwrap_or_else(|e| unreachable_config(e));
    let facts = DealSpec::<Hand>::facts_with_deal(game.facts(), 2, 40, 40);
    DealSpec {
        pre: vec!["dealer A".to_owned(), "dealer B".to_owned()],
        labels,
        pools: vec![vec![1; 40]],
        pool_of: vec![0; 40],
        // Positions 0, 2, 4, 6 go to the non-dealer, 1, 3, 5, 7 to the
        // dealer (seat 0 is A); the stock is seen by nobody.
        visible: |dealer, pos| (pos < 8).then(|| if pos % 2 == 0 { 1 - dealer } else { dealer }),
        finish: Box::new(move |dealer, cards| {
            let cards: Vec<Card> = cards.iter().map(|&c| deck.cards()[usize::from(c)]).collect();
            let dealer = if dealer == 0 { Player::A } else { Player::B };
            let mut hands = carte_core::ByPlayer::new(CardSet::EMPTY, CardSet::EMPTY);
            for (i, &c) in cards[..8].iter().enumerate() {
                hands[if i % 2 == 0 { dealer.other() } else { dealer }].insert(c);
            }
            let setup = HandSetup { deck, dealer, hands, stock: cards[8..].to_vec(), history: Vec::new() };
            Hand::from_setup(&setup).map_err(|e| e.to_string())
        }),
        recall: Some(DealRecall {
            len: crate::recall::HAND_RECALL,
            write: Box::new(move |record, out| crate::recall::hand_recall(deck, record, None, out)),
        }),
        sampler: Some(sampler()),
        shape: game.observation_shape(),
        facts,
    }
}

fn camicia_deal(config: camicia_rules::Config) -> DealSpec<Camicia> {
    let preset = config.preset;
    let kinds = usize::from(preset.max_demand()) + 1;
    let labels: Vec<String> = (0..kinds as u8).map(|k| preset.symbol(k).unwrap_or('?').to_string()).collect();
    let counts: Vec<u8> = preset.deck_counts()[..kinds].to_vec();
    let game = Camicia::from_seed(&config, 0).unwrap_or_else(|e| unreachable_config(e));
    let n = preset.deck_len();
    let (deck, view) = (game.deck_counts(), game.observation_len());
    let facts = DealSpec::<Camicia>::facts_with_deal(game.facts(), 0, kinds, n);
    DealSpec {
        pre: Vec::new(),
        labels,
        pools: vec![counts],
        pool_of: vec![0; n],
        visible: |_, _| None,
        finish: Box::new(move |_, cards| {
            // A's hand, top card first, then B's: the halves of the seeded deal.
            let (a, b) = cards.split_at(cards.len() / 2);
            let deal = Deal { preset, hands: carte_core::ByPlayer::new(a.to_vec(), b.to_vec()) };
            Camicia::with_config(&deal, &config).map_err(|e| e.to_string())
        }),
        recall: Some(DealRecall {
            len: crate::recall::camicia_recall_len(n),
            write: Box::new(move |record, out| crate::recall::camicia_recall(preset, deck, view, None, record, out)),
        }),
        sampler: Some(sampler()),
        shape: game.observation_shape(),
        facts,
    }
}
