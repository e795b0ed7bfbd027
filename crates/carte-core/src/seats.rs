//! One value per seat: [`PerSeat`], indexed by a game's own seat names.

use core::fmt;
use core::marker::PhantomData;
use core::ops::{Index, IndexMut};

use crate::game::Seat;

/// A game's name for its seats (`Player`, Zama's colours, ...): a small
/// `Copy` type numbered from 0 in the game's seat order.
///
/// Implementors also convert to and from [`Seat`], so that generic code and
/// game code speak of the same seats.
///
/// ```
/// use carte_core::{Player, SeatKey};
///
/// assert_eq!(Player::B.index(), 1);
/// assert_eq!(Player::from_index(0), Some(Player::A));
/// assert_eq!(Player::from_index(2), None);
/// ```
pub trait SeatKey: Copy + Into<Seat> {
    /// The seat number, from 0.
    fn index(self) -> usize;

    /// The seat named by number `index`, if there is one.
    fn from_index(index: usize) -> Option<Self>;
}

/// One value of type `T` for each of `N` seats named by `K`, stored inline
/// (no allocation) and indexed by `K`.
///
/// This is the one per-seat container of the workspace: [`ByPlayer`](crate::ByPlayer)
/// is `PerSeat<Player, T, 2>`, and each game names its own (Zama's `ByPlayer`,
/// for one).
///
/// Serialized as a sequence of `N` values in seat order; deserializing
/// refuses a sequence of any other length.
///
/// ```
/// use carte_core::{PerSeat, Player};
///
/// let mut chips: PerSeat<Player, u32, 2> = PerSeat::from_fn(|p: Player| 10 + p.index() as u32);
/// chips[Player::A] += 5;
/// assert_eq!(chips.values(), &[15, 11]);
/// let pairs: Vec<(Player, u32)> = chips.iter().map(|(p, &c)| (p, c)).collect();
/// assert_eq!(pairs, [(Player::A, 15), (Player::B, 11)]);
/// assert_eq!(chips.map(|c| c * 2).into_array(), [30, 22]);
/// ```
pub struct PerSeat<K, T, const N: usize> {
    values: [T; N],
    key: PhantomData<fn(K) -> K>,
}

impl<K: SeatKey, T, const N: usize> PerSeat<K, T, N> {
    /// The value of each seat, computed from its name.
    ///
    /// # Panics
    ///
    /// If `K` names fewer than `N` seats (a mistake in the container's type,
    /// not in data).
    pub fn from_fn(mut f: impl FnMut(K) -> T) -> Self {
        PerSeat {
            values: core::array::from_fn(|i| {
                let Some(k) = K::from_index(i) else { panic!("PerSeat: the seat type names fewer than {N} seats") };
                f(k)
            }),
            key: PhantomData,
        }
    }

    /// `(seat, value)` pairs in seat order.
    pub fn iter(&self) -> impl Iterator<Item = (K, &T)> {
        self.values.iter().enumerate().filter_map(|(i, v)| K::from_index(i).map(|k| (k, v)))
    }

    /// `(seat, value)` pairs in seat order, the values mutable.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = (K, &mut T)> {
        self.values.iter_mut().enumerate().filter_map(|(i, v)| K::from_index(i).map(|k| (k, v)))
    }
}

impl<K, T, const N: usize> PerSeat<K, T, N> {
    /// The values in seat order.
    pub const fn from_array(values: [T; N]) -> Self {
        PerSeat { values, key: PhantomData }
    }

    /// Applies `f` to every value.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> PerSeat<K, U, N> {
        PerSeat { values: self.values.map(f), key: PhantomData }
    }

    /// References to the values.
    pub fn as_ref(&self) -> PerSeat<K, &T, N> {
        PerSeat { values: self.values.each_ref(), key: PhantomData }
    }

    /// The values in seat order.
    pub const fn values(&self) -> &[T; N] {
        &self.values
    }

    /// The values in seat order, mutable.
    pub fn values_mut(&mut self) -> &mut [T; N] {
        &mut self.values
    }

    /// The values in seat order.
    pub fn into_array(self) -> [T; N] {
        self.values
    }

    /// The value of seat `seat`, if there are that many seats.
    pub fn get(&self, seat: Seat) -> Option<&T> {
        self.values.get(seat.index())
    }
}

impl<K, T> PerSeat<K, T, 2> {
    /// `a` for seat 0, `b` for seat 1.
    pub const fn new(a: T, b: T) -> Self {
        PerSeat { values: [a, b], key: PhantomData }
    }
}

impl<K: SeatKey, T, const N: usize> Index<K> for PerSeat<K, T, N> {
    type Output = T;
    #[inline]
    fn index(&self, k: K) -> &T {
        &self.values[k.index()]
    }
}

impl<K: SeatKey, T, const N: usize> IndexMut<K> for PerSeat<K, T, N> {
    #[inline]
    fn index_mut(&mut self, k: K) -> &mut T {
        &mut self.values[k.index()]
    }
}

// Written out rather than derived: a derive would ask `K` for the traits
// too, and seat names need not be `Default`.
impl<K, T: Clone, const N: usize> Clone for PerSeat<K, T, N> {
    fn clone(&self) -> Self {
        PerSeat { values: self.values.clone(), key: PhantomData }
    }
}

impl<K, T: Copy, const N: usize> Copy for PerSeat<K, T, N> {}

impl<K, T: Default, const N: usize> Default for PerSeat<K, T, N> {
    fn default() -> Self {
        PerSeat { values: core::array::from_fn(|_| T::default()), key: PhantomData }
    }
}

impl<K, T: PartialEq, const N: usize> PartialEq for PerSeat<K, T, N> {
    fn eq(&self, other: &Self) -> bool {
        self.values == other.values
    }
}

impl<K, T: Eq, const N: usize> Eq for PerSeat<K, T, N> {}

impl<K, T: core::hash::Hash, const N: usize> core::hash::Hash for PerSeat<K, T, N> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.values.hash(state);
    }
}

impl<K, T: fmt::Debug, const N: usize> fmt::Debug for PerSeat<K, T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.values.iter()).finish()
    }
}

#[cfg(feature = "serde")]
impl<K, T: serde::Serialize, const N: usize> serde::Serialize for PerSeat<K, T, N> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeTuple;
        let mut tuple = serializer.serialize_tuple(N)?;
        for v in &self.values {
            tuple.serialize_element(v)?;
        }
        tuple.end()
    }
}

#[cfg(feature = "serde")]
impl<'de, K, T: serde::Deserialize<'de>, const N: usize> serde::Deserialize<'de> for PerSeat<K, T, N> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor<T, const N: usize>(PhantomData<T>);

        impl<'de, T: serde::Deserialize<'de>, const N: usize> serde::de::Visitor<'de> for Visitor<T, N> {
            type Value = [T; N];

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a sequence of {N} values, one per seat")
            }

            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<[T; N], A::Error> {
                let mut values = Vec::with_capacity(N);
                while let Some(v) = seq.next_element()? {
                    if values.len() == N {
                        return Err(serde::de::Error::invalid_length(N + 1, &self));
                    }
                    values.push(v);
                }
                let len = values.len();
                values.try_into().map_err(|_| serde::de::Error::invalid_length(len, &self))
            }
        }

        deserializer.deserialize_tuple(N, Visitor::<T, N>(PhantomData)).map(PerSeat::from_array)
    }
}

#[cfg(test)]
mod tests {
    use crate::{ByPlayer, Player};

    #[test]
    fn iter_mut_visits_every_seat_in_order() {
        let mut v = ByPlayer::new(3u8, 4u8);
        let mut seen = Vec::new();
        for (p, x) in v.iter_mut() {
            seen.push(p);
            *x += 10;
        }
        assert_eq!(seen, [Player::A, Player::B]);
        assert_eq!(v.into_array(), [13, 14]);
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serializes_as_an_array_and_refuses_other_lengths() {
        let v = ByPlayer::new(3u8, 4u8);
        assert_eq!(serde_json::to_string(&v).unwrap(), "[3,4]");
        assert_eq!(serde_json::from_str::<ByPlayer<u8>>("[3,4]").unwrap(), v);
        assert!(serde_json::from_str::<ByPlayer<u8>>("[3]").is_err());
        assert!(serde_json::from_str::<ByPlayer<u8>>("[3,4,5]").is_err());
        assert_eq!(v[Player::B], 4);
    }

    /// The error names the length seen: one value too many is N + 1.
    #[cfg(feature = "serde")]
    #[test]
    fn a_sequence_too_long_is_refused_with_its_length() {
        for text in ["[3]", "[3,4,5]"] {
            let err = serde_json::from_str::<ByPlayer<u8>>(text).unwrap_err().to_string();
            let len = text.split(',').count();
            assert!(err.starts_with(&format!("invalid length {len}, expected a sequence of 2 values")), "{err}");
        }
    }
}
