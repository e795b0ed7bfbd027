//! Each game's observation of one seat as JSON, as the game's library
//! serializes it: what [`GameHandle::observation_json`] answers, and what
//! a server sends each seat.
//!
//! [`GameHandle::observation_json`]: crate::GameHandle::observation_json

use carte_core::{Game, HiddenInfo, Seat, ViewError};
use serde::Serialize;

/// A seat's observation as JSON: what [`GameHandle::observation_json`]
/// answers, for the typed games themselves (a server holding a typed game
/// sends each seat this).
///
/// ```
/// use carte_core::Seat;
/// use carte_registry::ObservationJson;
///
/// let state = carte_registry::load("gonzago", 7)?;
/// let hand: gonzago_rules::Hand = serde_json::from_str(&state.to_json())?;
/// assert_eq!(hand.observation_json(Seat::new(1))?, state.observation_json(Seat::new(1))?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// [`GameHandle::observation_json`]: crate::GameHandle::observation_json
pub trait ObservationJson {
    /// Everything `seat` may know, and nothing else, serialized.
    ///
    /// # Errors
    ///
    /// [`ViewError`] for a seat the game does not have.
    fn observation_json(&self, seat: Seat) -> Result<String, ViewError>;
}

fn to_json(value: &impl Serialize) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| unreachable!("an observation serializes: {e}"))
}

/// The games with hidden information: their [`HiddenInfo::observation`].
macro_rules! hidden {
    ($($game:ty),*) => {$(
        impl ObservationJson for $game {
            fn observation_json(&self, seat: Seat) -> Result<String, ViewError> {
                Ok(to_json(&self.observation(seat)?))
            }
        }
    )*};
}

hidden!(zama_rules::Zama, gonzago_rules::Hand, gonzago_rules::Match, camicia_rules::Camicia);

/// Zucche e Fantasmi hides nothing: every seat sees the whole state.
impl ObservationJson for zucche_rules::Zucche {
    fn observation_json(&self, seat: Seat) -> Result<String, ViewError> {
        Seat::checked(seat.index(), self.num_seats())?;
        Ok(to_json(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameHandle;
    use serde::de::DeserializeOwned;

    /// Plays `plies` first legal actions (or chance's first outcomes).
    fn played(spec: &str, plies: usize) -> GameHandle {
        let mut state = crate::load(spec, 11).unwrap();
        for _ in 0..plies {
            if state.is_terminal() {
                break;
            }
            let first = if state.is_chance_node() { state.chance_outcomes()[0].0 } else { state.legal_actions()[0] };
            state.apply_action(first).unwrap();
        }
        state
    }

    /// Each seat's JSON is exactly the library's observation of that seat
    /// in the typed game the handle holds; a seat the game does not have is
    /// an error, not another seat's view.
    fn each_seat_sees_its_own<G: ObservationJson + DeserializeOwned + Game>(
        spec: &str,
        own: impl Fn(&G, Seat) -> String,
    ) {
        for plies in [0, 7] {
            let state = played(spec, plies);
            let typed: G = serde_json::from_str(&state.to_json()).unwrap();
            let seats = state.num_seats();
            for seat in (0..seats).map(|s| Seat::new(s as u8)) {
                assert_eq!(state.observation_json(seat).unwrap(), own(&typed, seat), "{spec}, {plies} plies");
            }
            assert!(state.observation_json(Seat::new(seats as u8)).is_err(), "{spec}");
        }
    }

    fn hidden_json<G: HiddenInfo<Observation: Serialize>>(game: &G, seat: Seat) -> String {
        serde_json::to_string(&game.observation(seat).unwrap()).unwrap()
    }

    #[test]
    fn every_game_sends_each_seat_its_library_observation() {
        each_seat_sees_its_own::<zama_rules::Zama>("zama(players=4)", hidden_json);
        each_seat_sees_its_own::<gonzago_rules::Hand>("gonzago", hidden_json);
        each_seat_sees_its_own::<gonzago_rules::Match>("gonzago(mode=points)", hidden_json);
        each_seat_sees_its_own::<camicia_rules::Camicia>("camicia", hidden_json);
        each_seat_sees_its_own::<zucche_rules::Zucche>("zucche", |g, _| serde_json::to_string(g).unwrap());
        // Seats of a game with hidden cards see different things.
        let zama = played("zama(players=4)", 0);
        assert_ne!(zama.observation_json(Seat::new(0)).unwrap(), zama.observation_json(Seat::new(1)).unwrap());
    }

    /// During a chance deal a seat's JSON shows the cards dealt to it and
    /// no other.
    #[test]
    fn a_chance_deal_shows_each_seat_its_own_cards() {
        let state = played("gonzago(deal=chance)", 8);
        assert!(state.is_chance_node());
        let views: Vec<serde_json::Value> =
            (0..2).map(|s| serde_json::from_str(&state.observation_json(Seat::new(s)).unwrap()).unwrap()).collect();
        let all: serde_json::Value = serde_json::from_str(&state.to_json()).unwrap();
        let dealt = all["dealing"]["cards"].as_array().unwrap();
        assert_eq!(dealt.len(), 7, "the dealer, then 7 cards");
        for (pos, card) in dealt.iter().enumerate() {
            let seen: Vec<&serde_json::Value> = views.iter().map(|v| &v["dealing"]["cards"][pos]).collect();
            assert!(seen.iter().filter(|c| *c == &card).count() <= 1, "card {pos} is shown to one seat at most");
            assert!(seen.iter().all(|c| c.is_null() || *c == card));
        }
        assert_eq!(views[0]["dealing"]["first"], all["dealing"]["first"]);
        assert!(state.observation_json(Seat::new(2)).is_err());
    }
}
