//! Parameter values: the defaults, then `--size`, then each `--set`, each checked
//! against the parameter's range.

use crate::lang::diagnostic::Diagnostic;
use crate::lang::validate::GameDef;
use crate::rules::Param;

/// Parameter values asked for on the command line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Overrides {
    /// `--set name=value`, in order.
    pub sets: Vec<(String, String)>,
    /// `--size N`: sets the parameter the board's size is written with.
    pub size: Option<i64>,
}

impl Overrides {
    /// Parses `name=value` pairs as given to `--set`; the error says which one is not.
    pub fn from_sets(sets: &[String], size: Option<i64>) -> Result<Overrides, String> {
        let mut out = Overrides {
            sets: Vec::new(),
            size,
        };
        for s in sets {
            match s.split_once('=') {
                Some((k, v)) if !k.trim().is_empty() => {
                    out.sets.push((k.trim().to_string(), v.trim().to_string()))
                }
                _ => return Err(format!("--set takes name=value, got `{s}`")),
            }
        }
        Ok(out)
    }
}

/// The parameters with the values in force.
pub(super) fn resolve(def: &GameDef, o: &Overrides) -> Result<Vec<Param>, Vec<Diagnostic>> {
    let mut params: Vec<Param> = def
        .params
        .iter()
        .map(|p| Param {
            name: p.name.clone(),
            value: p.default,
            default: p.default,
            min: p.min,
            max: p.max,
            step: p.step,
            doc: p.doc.clone(),
        })
        .collect();
    let mut errors = Vec::new();
    let mut requests: Vec<(String, String, String)> = Vec::new();
    if let Some(n) = o.size {
        // `--size` sets every parameter the board line is written with.
        let mut names: Vec<&str> = def
            .board_dims
            .iter()
            .flat_map(|d| d.node.params())
            .collect();
        names.dedup();
        if names.is_empty() {
            let v = def.board_dims[0].node.eval(&|_| 0);
            errors.push(
                Diagnostic::error(
                    def.board_dims[0].span,
                    format!("--size {n}: this board's size is fixed at {v} in the file"),
                )
                .with_hint("declare a parameter (`param size = 9 in 2 to 26`) and write `board square size`"),
            );
        }
        for p in names {
            requests.push((p.to_string(), n.to_string(), format!("--size {n}")));
        }
    }
    for (k, v) in &o.sets {
        requests.push((k.clone(), v.clone(), format!("--set {k}={v}")));
    }
    for (name, text, flag) in requests {
        let Some(i) = params.iter().position(|p| p.name == name) else {
            let names: Vec<&str> = params.iter().map(|p| p.name.as_str()).collect();
            let hint = if names.is_empty() {
                "this file declares no parameters".to_string()
            } else {
                format!("the parameters are: {}", names.join(", "))
            };
            errors.push(
                Diagnostic::global(format!("{flag}: unknown parameter `{name}`")).with_hint(hint),
            );
            continue;
        };
        let span = def.params[i].span;
        let p = &mut params[i];
        let out_of_range = |shown: &str| {
            Diagnostic::error(
                span,
                format!("{flag}: {shown} is out of the range of `{name}`"),
            )
            .with_hint(format!("`{name}` goes from {}", p.range_words()))
        };
        match text.parse::<i64>() {
            Ok(v) if p.allows(v) => p.value = v,
            Ok(v) => errors.push(out_of_range(&v.to_string())),
            // A whole number too long for 64 bits is out of every range.
            Err(_) if is_whole_number(&text) => errors.push(out_of_range(&text)),
            Err(_) => errors.push(
                Diagnostic::global(format!("{flag}: `{text}` is not a whole number"))
                    .with_hint(format!("write e.g. --set {name}={}", p.default)),
            ),
        }
    }
    if errors.is_empty() {
        Ok(params)
    } else {
        Err(errors)
    }
}

/// Digits, maybe after a minus sign.
fn is_whole_number(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}
