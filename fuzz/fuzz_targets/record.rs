//! The record reader (`play`'s `load`, `replay --record`, `render --record`): any
//! bytes are a record or a one-line refusal, and a record is opened on every shipped
//! game without a panic. Inputs are raw text, or records built field by field (valid
//! or not: the format, the game's name, parameters, moves picked from the legal ones or
//! written by the fuzzer, a stated result) so that the checks past the JSON are
//! reached.

#![no_main]

#[path = "common.rs"]
mod common;

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use weft::interface::record::{self, Record};

/// A record built field by field (an input that begins with `{` is raw JSON instead:
/// the seed corpus and its byte mutations).
#[derive(Arbitrary, Debug)]
enum Input {
    Built {
        game: u16,
        other_format: Option<String>,
        other_name: Option<String>,
        extra_params: Vec<(String, i64)>,
        drop_params: bool,
        picks: Vec<u16>,
        written: Vec<String>,
        result: Option<String>,
        other_hash: Option<String>,
        /// The JSON edited afterwards: a byte replaced.
        poke: Option<(u16, u8)>,
    },
}

fn open(json: &[u8], game: usize) {
    let games = common::games();
    let g = &games[game % games.len()];
    let Ok(text) = std::str::from_utf8(json) else {
        return;
    };
    match Record::from_json(text) {
        Ok(rec) => {
            let _ = record::open_with("fuzz.json", rec, g.path.clone(), g.text.clone());
        }
        Err(e) => assert!(!e.to_string().contains('\n'), "one line: {e}"),
    }
}

fuzz_target!(|data: &[u8]| {
    if data.first() == Some(&b'{') {
        open(data, data.len());
        return;
    }
    let Ok(input) = Input::arbitrary_take_rest(arbitrary::Unstructured::new(data)) else {
        return;
    };
    match input {
        Input::Built {
            game,
            other_format,
            other_name,
            extra_params,
            drop_params,
            picks,
            written,
            result,
            other_hash,
            poke,
        } => {
            let rules = common::compiled();
            let (gi, _, r) = &rules[game as usize % rules.len()];
            let g = &common::games()[*gi];
            let mut s = weft::engine::state::State::new(r.clone());
            let mut moves = Vec::new();
            for &p in picks.iter().take(64) {
                let legal = s.legal_moves();
                if legal.is_empty() || s.is_over() {
                    break;
                }
                let m = legal[p as usize % legal.len()];
                moves.push(m.to_text(r));
                s = s.play(m).expect("a listed move plays");
            }
            moves.extend(written.into_iter().take(4));
            let mut params: std::collections::BTreeMap<String, i64> = if drop_params {
                Default::default()
            } else {
                r.params()
                    .iter()
                    .map(|p| (p.name.clone(), p.value))
                    .collect()
            };
            params.extend(extra_params.into_iter().take(3));
            let rec = Record {
                format: other_format.unwrap_or_else(|| record::FORMAT.to_string()),
                game: other_name.unwrap_or_else(|| r.name().to_string()),
                rule_file: g.path.clone(),
                rule_hash: other_hash.unwrap_or_else(|| record::text_hash(&g.text)),
                params,
                moves,
                result,
            };
            let mut json = rec.to_json().into_bytes();
            if let Some((at, b)) = poke {
                let n = json.len();
                json[at as usize % n] = b;
            }
            open(&json, *gi);
        }
    }
});
