//! Reading `name(key=value,...)` and the parameter tables of the games.

use std::collections::BTreeMap;

use crate::error::SpecError;

/// One parameter of a registered game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParamInfo {
    /// The parameter's name, as written in a description.
    pub name: &'static str,
    /// Its value when not given.
    pub default: &'static str,
    /// The values it takes.
    pub values: &'static str,
}

/// A registered game: its name, what it is, and its parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// The name used in descriptions.
    pub name: &'static str,
    /// One line about the game.
    pub description: &'static str,
    /// Its parameters, with defaults.
    pub params: &'static [ParamInfo],
}

/// `name(key=value,...)` split into the name and the parameters.
pub(crate) fn split(spec: &str) -> Result<(String, Vec<(String, String)>), SpecError> {
    let syntax = |reason: &str| SpecError::Syntax { spec: spec.to_owned(), reason: reason.to_owned() };
    let text = spec.trim();
    let (name, args) = match text.find('(') {
        None => (text, ""),
        Some(open) => {
            let inner = text[open + 1..].strip_suffix(')').ok_or_else(|| syntax("missing the closing ')'"))?;
            (&text[..open], inner)
        }
    };
    let name = name.trim();
    if name.is_empty() {
        return Err(syntax("no game name"));
    }
    if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(syntax("a game name is letters, digits and '_'"));
    }
    let mut params = Vec::new();
    for part in args.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (k, v) = part.split_once('=').ok_or_else(|| syntax(&format!("{part:?} is not key=value")))?;
        if v.contains('(') || v.contains(')') {
            return Err(syntax(&format!("{part:?}: a value has no parentheses")));
        }
        params.push((k.trim().to_owned(), v.trim().to_owned()));
    }
    Ok((name.to_ascii_lowercase(), params))
}

/// The parameters of one game, checked against its table, defaults filled.
pub(crate) struct Params {
    game: &'static GameInfo,
    values: BTreeMap<&'static str, String>,
}

impl Params {
    pub(crate) fn new(game: &'static GameInfo, given: Vec<(String, String)>) -> Result<Params, SpecError> {
        let mut values = BTreeMap::new();
        for (k, v) in given {
            let Some(p) = game.params.iter().find(|p| p.name == k) else {
                return Err(SpecError::UnknownParameter {
                    game: game.name.to_owned(),
                    param: k,
                    known: game.params.iter().map(|p| p.name).collect::<Vec<_>>().join(", "),
                });
            };
            if values.insert(p.name, v).is_some() {
                return Err(SpecError::Repeated { game: game.name.to_owned(), param: k });
            }
        }
        for p in game.params {
            values.entry(p.name).or_insert_with(|| p.default.to_owned());
        }
        Ok(Params { game, values })
    }

    fn info(&self, name: &str) -> &'static ParamInfo {
        self.game.params.iter().find(|p| p.name == name).unwrap_or_else(|| unreachable!("{name} is in the table"))
    }

    fn raw(&self, name: &str) -> &str {
        self.values.get(name).map_or("", String::as_str)
    }

    fn bad(&self, name: &str) -> SpecError {
        SpecError::BadValue {
            game: self.game.name.to_owned(),
            param: name.to_owned(),
            value: self.raw(name).to_owned(),
            expected: self.info(name).values.to_owned(),
        }
    }

    /// One of `choices` (case-insensitive); its position.
    pub(crate) fn choice(&self, name: &str, choices: &[&str]) -> Result<usize, SpecError> {
        let v = self.raw(name).to_ascii_lowercase();
        choices.iter().position(|c| *c == v).ok_or_else(|| self.bad(name))
    }

    /// A whole number of the parameter's type.
    pub(crate) fn number<T: core::str::FromStr>(&self, name: &str) -> Result<T, SpecError> {
        self.raw(name).parse().map_err(|_| self.bad(name))
    }

    /// The game refused the combination.
    pub(crate) fn refused(&self, reason: impl ToString) -> SpecError {
        SpecError::Config { game: self.game.name.to_owned(), reason: reason.to_string() }
    }

    /// The canonical description: every parameter, in table order.
    pub(crate) fn canonical(&self) -> String {
        let args: Vec<String> =
            self.game.params.iter().map(|p| format!("{}={}", p.name, self.raw(p.name).to_ascii_lowercase())).collect();
        format!("{}({})", self.game.name, args.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptions_split_into_name_and_parameters() {
        assert_eq!(split("zama").unwrap(), ("zama".into(), vec![]));
        assert_eq!(split(" Zama( ) ").unwrap(), ("zama".into(), vec![]));
        assert_eq!(
            split("zama(players=4, no_removal_limit=300)").unwrap().1,
            vec![("players".into(), "4".into()), ("no_removal_limit".into(), "300".into())]
        );
        for bad in ["", "(x=1)", "zama(", "zama(players)", "za ma", "zama(a=(1))"] {
            assert!(matches!(split(bad), Err(SpecError::Syntax { .. })), "{bad:?}");
        }
    }
}
