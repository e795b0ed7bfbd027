//! Every carte game by name and parameters, behind one type-erased handle.
//!
//! Learning agents and hosts in other languages (the Python package, a
//! server, a C ABI) want one interface to every game: integer actions with
//! a legal-action mask, observation tensors and strings, information-state
//! strings, JSON of states and moves. [`load_game`] reads a description
//! such as `zama(players=2,no_removal_limit=300)`,
//! `gonzago(deck=french,mode=points)`, `zucche(players=8)` or
//! `camicia(preset=bmn)` into a [`GameType`]; its
//! [`new_state`](GameType::new_state) gives a [`GameHandle`] with that
//! interface. [`registered_names`] lists the games, their parameters and
//! defaults. Each game's action encoding and tensor layout are documented in
//! its crate's `actions` module.
//!
//! ```
//! use carte_core::Seat;
//!
//! let game = carte_registry::load_game("camicia(preset=bmn)")?;
//! let mut state = game.new_state(2026);
//! assert_eq!(state.num_actions(), 1);
//! state.apply_action(0)?; // A turns a card
//! let mut tensor = vec![0.0; state.observation_shape().iter().product()];
//! state.observation_tensor(Seat::new(1), &mut tensor)?;
//! let json = state.to_json();
//! let back = game.load_state(&json)?;
//! assert_eq!(back.to_json(), json);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Camicia's `draw_on_repeat` is on by default here (the game's own
//! default is off): generic tools and adapters need every game to end, and
//! some deals never do without it.
//!
//! # Deals as chance
//!
//! With `deal=chance` (Zama, Gonzago single hands, Camicia) the state
//! starts at chance nodes that deal the cards one at a time in the order of
//! the seeded deal, each outcome uniform over the cards left (Camicia deals
//! kinds of card, each with the probability of its count among those left;
//! Gonzago first draws the dealer, two outcomes). After the last card the
//! state is exactly the one `from_setup` gives for the dealt cards. The
//! outcomes are numbered by the deck's canonical order (Zama: `FRENCH_52`,
//! Gonzago: the deck's 40 cards, Camicia: the kinds, plain first).
//! During the deal the observation tensor (of the game's length) holds
//! what the observation string shows: entry 0 the cards dealt so far,
//! entry 1 the first choice (0 before it, 1 + its outcome after), entry
//! `2 + c` how many cards of outcome `c` the seat has been dealt face up;
//! the rest is zero.
//!
//! # Information states
//!
//! [`GameHandle::information_state_string`] is a seat's record under
//! perfect recall: its view at the start in brackets (or what it saw of a
//! chance deal), then a token per ply of what it observed of it (each
//! game's `Views::write_ply_token`: in Zama the move with the cards an
//! attack shows, in Gonzago the cards of a play and the seat's own drawn
//! card, in Zucche every move and roll, in Camicia the kind turned), then
//! ` #` and a digest of its current view. It is kept per seat once asked
//! for and extended by the plies since the last call; at ply 200 of
//! four-player Zama it holds about 2.6 KB.
//!
//! # Information-state tensors
//!
//! [`GameHandle::information_state_tensor`] writes the same information
//! state as a tensor of fixed size where one holds it: a single hand of
//! Gonzago (`gonzago`, either deck, either deal), shape `[5425]`,
//! Camicia and Zucche e Fantasmi (below). Gonzago's layout:
//!
//! | entries | meaning |
//! |---|---|
//! | 0..140 | the seat's observation tensor now (during a chance deal, the deal's) |
//! | 140..180 | the cards the seat held where its record starts, by card index: its dealt cards (so far, during a chance deal) |
//! | 180..340 | with a chance deal, its cards in the order dealt: 40 entries per card, one-hot (zeros for a seeded deal, whose view shows the four at once) |
//! | `340 + 45i ..` | ply `i` of the hand (113 slots, the longest hand): `+0` the seat moved, `+1` the opponent, `+2` a play, `+3` a draw, `+4` a pass, `+5 + c` card `c` played, or drawn by the seat (no card for the opponent's draw) |
//!
//! Every entry is 0 or 1 but the counts of the view (cards held, stock;
//! during a deal, cards dealt), at most 40. Two states give a seat equal
//! tensors exactly when they give it equal strings (the order of its own
//! draws and of a chance deal included); the tensor is built from the
//! seat's record and the state, so states cloned, loaded, resampled or
//! rebuilt from a sample's JSON and record give it too. A state loaded
//! from JSON mid-hand starts its record there: its tensor shows the
//! public plies before (the hand keeps them) without the cards the seat
//! drew then, and `140..180` holds its cards at that point.
//!
//! Camicia (every configuration), with `n` cards (Camicia 40,
//! Beggar-my-neighbour 52) and an observation tensor of `V = 14 + 5n`
//! entries, shape `[31 + 22n]` (911, 1175):
//!
//! | entries | meaning |
//! |---|---|
//! | `0..V` | the seat's observation tensor now (during a chance deal, the deal's) |
//! | `V..2V` | its observation tensor where play started (the seeded start, the end of a chance deal, or where a state loaded from JSON starts); zeros during a deal |
//! | `2V` | 1 if the record starts with a chance deal |
//! | `2V + 1` | the cards dealt in it (`n` once dealt) |
//! | `2V + 2` | the cards turned since play started |
//! | `2V + 3 + 6(n·q + i) ..` | position `i` (0 = the top) of the hand player `q` (0 the seat, 1 the opponent) held where play started: `+0` not turned yet, `+1 + k` turned, of kind `k` (0 plain, 1..=4 the demand); zeros past the hand |
//!
//! Camicia's play is forced and the hands are face down, so the seat has
//! seen the kinds turned in order; each hand's cards come up from its top
//! until the cards held at the start are spent, then the cards collected
//! under it, which were seen on the pile: the start, each hand's turned
//! prefix and the count give back every card turned. Every entry is 0 or
//! 1 but the views' counts and the count turned (exact as floats up to
//! 2^24, as the view's own count). A sample played on
//! ([`GameHandle::resample`], whose hands are drawn from the seat's view)
//! may turn collected cards in an order the seat knows to be false: such
//! strings, which no play gives, may share a tensor.
//!
//! Zucche e Fantasmi, whose seats see everything: perfect recall is the
//! start and every move and roll since (OpenSpiel's contract: tic-tac-toe's
//! board is not an information state, its moves are). A turn is its
//! placements, its roll and its step or pass, and a board plays at most
//! one turn a round, so one slot a turn holds a whole game: with `n`
//! boards, the observation tensor's `V = 142n` entries and `T = n + 139`,
//! shape `[2V + rounds·n·T]` (34,408 for `zucche`, 69,776 for
//! `zucche(players=8)`), for every configuration up to 2^20 entries (up to
//! 3,716 rounds with four players, 92 players with 120 rounds):
//!
//! | entries | meaning |
//! |---|---|
//! | `0..V` | the seat's observation tensor now |
//! | `V..2V` | the observation tensor where its record starts (the seeded start, or where a state loaded from JSON starts), without the seat's own colour |
//! | `2V + T·k ..` | turn `k` of the record: `+b` its board `b` (named by its placements or step; none for a roll and a pass), `+n + 8j + f` its `j`-th placement on file `f` of the home rank, `+n + 64 + p − 1` the roll `p`, `+n + 70` a pass, `+n + 71 + s` the step from square `s`, `+n + 135 + d` in direction `d` (0 up, 1 right, 2 down, 3 left, as the actions) |
//!
//! Entries are whole numbers: 0 or 1 but the views' counts (checkers in
//! hand, rounds played).
//!
//! The other configurations have none
//! ([`GameHandle::information_state_tensor_shape`] is `None`): Zama's and
//! a match's plies are too many for a slot each, and so are a Zucche e
//! Fantasmi game's past 2^20 entries. Their
//! information state is the string, with a digest of the seat's view
//! (`Views::observation_digest`, at its end); learners have the
//! observation tensors (in Zucche e Fantasmi, the whole state).
//!
//! # Features
//!
//! None: every game is built in, with serde.

#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod deal;
mod error;
mod games;
mod handle;
mod info;
mod mask;
mod observation;
mod recall;
mod spec;

pub use carte_core::{Actor, GameFacts, Seat, ViewError};
pub use error::{HandleError, SpecError};
pub use games::{GameType, load, load_game, registered_names};
pub use handle::GameHandle;
pub use mask::{nth_legal, nth_legal_bit};
pub use observation::ObservationJson;
pub use spec::{GameInfo, ParamInfo};
