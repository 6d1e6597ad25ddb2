//! What the commands that can run a slice of their games share (`weft check`, `weft
//! match`, `weft swapmap`): the `--slice A..B` / `--shard i/n` and `--no-timing`
//! options, writing a slice's result as a part, and rebuilding the start position of a
//! run from a part for `weft merge`.

use super::error::CliError;
use crate::engine::state::State;
use crate::interface::record::text_hash;
use crate::lang::{load_str, Overrides};
use crate::rules::Rules;
use crate::tools::merge::{self, Part, PartTime, Slice, SliceArg};
use clap::Args;
use serde_json::Value;
use std::collections::BTreeMap;
use std::io::Write;
use std::sync::Arc;

/// Options for running a slice of a run.
#[derive(Args, Debug, Clone)]
pub struct SliceArgs {
    /// Play only games A to B (B not included) of the run and print them as a part
    /// for `weft merge` (needs --json)
    #[arg(long, value_name = "A..B", value_parser = SliceArg::parse_range, conflicts_with = "shard")]
    pub slice: Option<SliceArg>,
    /// Play only the i-th (from 0) of n nearly equal slices of the run, as a part for
    /// `weft merge` (needs --json)
    #[arg(long, value_name = "i/n", value_parser = SliceArg::parse_shard)]
    pub shard: Option<SliceArg>,
    /// Leave the time, the speed and the thread count out, so that the output depends
    /// only on the rules, the settings and the seed (merged slices then give the
    /// same bytes as one run)
    #[arg(long)]
    pub no_timing: bool,
}

impl SliceArgs {
    /// The slice asked for in a run of `games` games (`option` names the option that
    /// sets the run's size), or `None` for the whole run. A slice needs `--json` and
    /// none of `refused` (options that only make sense for a whole run).
    pub fn slice(
        &self,
        games: u64,
        option: &str,
        json: bool,
        refused: &[(&str, bool)],
    ) -> Result<Option<Slice>, CliError> {
        let Some(arg) = self.slice.or(self.shard) else {
            return Ok(None);
        };
        if !json {
            return Err(CliError::Usage(
                "a slice's result is a part for `weft merge`: add --json".into(),
            ));
        }
        if let Some((name, _)) = refused.iter().find(|(_, given)| *given) {
            return Err(CliError::Usage(format!(
                "{name} needs the whole run: give it to `weft merge` with the parts instead"
            )));
        }
        arg.resolve(games, option)
            .map(Some)
            .map_err(CliError::Usage)
    }
}

/// The settings every part records: parameters, start moves and whether the swap was
/// left out, besides the command's own.
pub fn common_settings(rules: &Rules, moves: &str, no_swap: bool) -> BTreeMap<String, Value> {
    let params: serde_json::Map<String, Value> = rules
        .params()
        .iter()
        .map(|p| (p.name.clone(), Value::from(p.value)))
        .collect();
    let mut s = BTreeMap::new();
    s.insert("parameters".into(), Value::Object(params));
    s.insert(
        "--moves".into(),
        Value::from(moves.split_whitespace().collect::<Vec<_>>().join(" ")),
    );
    s.insert("--no-swap".into(), Value::from(no_swap));
    s
}

/// What a part is made of besides its result.
pub struct PartOf<'a> {
    pub command: &'a str,
    pub file: &'a str,
    pub rules: &'a Rules,
    pub settings: BTreeMap<String, Value>,
    pub games: u64,
    pub slice: Slice,
    pub time: Option<PartTime>,
}

/// Prints a part (pretty JSON) with the rule file's text read again from `file`.
pub fn write_part(p: PartOf, result: Value, out: &mut impl Write) -> Result<(), CliError> {
    let text = std::fs::read_to_string(p.file).map_err(|source| crate::lang::LoadError::Read {
        path: p.file.to_string(),
        source,
    })?;
    let part = Part {
        format: merge::FORMAT.into(),
        command: p.command.into(),
        game: p.rules.name().to_string(),
        rule_file: p.file.into(),
        rule_hash: text_hash(&text),
        rule_text: text,
        settings: p.settings,
        games: p.games,
        slice: p.slice,
        time: p.time,
        result,
    };
    let json = serde_json::to_string_pretty(&part).map_err(std::io::Error::other)?;
    writeln!(out, "{json}")?;
    Ok(())
}

/// The start position of the run a part belongs to: its rule text compiled with its
/// parameters, without the swap if it was left out, after its start moves.
pub fn start_of(part: &Part) -> Result<State, CliError> {
    let bad = |what: &str| {
        CliError::Input(format!(
            "the parts' settings are damaged: {what} (they are written by `weft check` and `weft match`)"
        ))
    };
    let mut sets = Vec::new();
    if let Some(Value::Object(params)) = part.settings.get("parameters") {
        for (k, v) in params {
            let v = v
                .as_i64()
                .ok_or_else(|| bad("a parameter is not a number"))?;
            sets.push((k.clone(), v.to_string()));
        }
    }
    let overrides = Overrides { sets, size: None };
    let loaded = load_str(&part.rule_file, &part.rule_text, &overrides)
        .map_err(|d| CliError::Load(crate::lang::LoadError::Rules(d)))?;
    let mut rules = loaded.rules;
    if part.settings.get("--no-swap") == Some(&Value::Bool(true)) {
        rules = Arc::new(rules.without_swap());
    }
    let moves = part
        .settings
        .get("--moves")
        .and_then(Value::as_str)
        .unwrap_or("");
    Ok(State::new(rules).replay(moves)?)
}

/// A setting of a part as a number.
pub fn number(part: &Part, key: &str) -> Result<u64, CliError> {
    part.settings
        .get(key)
        .and_then(Value::as_u64)
        .ok_or_else(|| CliError::Input(format!("the parts have no setting {key}")))
}
