//! The commands that read and write files: `save` and `load` (JSON records, through
//! `interface::record`) and `reload` (the rule file after an edit).

use super::session::{compile, count_of, same_file, split, Res};
use super::*;
use crate::interface::record::RecordError;

/// The largest file `load` reads: a record of a very long game is far smaller.
const MAX_RECORD: u64 = 16 << 20;

impl Session {
    pub(super) fn record(&self) -> Record {
        Record {
            format: record::FORMAT.into(),
            game: self.rules.name().into(),
            rule_file: self.path.clone(),
            rule_hash: self.rule_hash.clone(),
            params: self
                .rules
                .params()
                .iter()
                .map(|p| (p.name.clone(), p.value))
                .collect(),
            moves: self.move_texts(),
            result: self
                .state()
                .outcome()
                .map(|o| describe_outcome(o, &self.rules)),
        }
    }

    pub(super) fn cmd_save(&mut self, rest: &str) -> Res<String> {
        let mut force = false;
        let mut names = Vec::new();
        for w in rest.split_whitespace() {
            match w {
                "--force" | "-f" | "force" => force = true,
                _ => names.push(w),
            }
        }
        let [path] = names[..] else {
            return Err(
                "`save` takes one file name, e.g. `save game.json` (add --force to replace a file)"
                    .into(),
            );
        };
        if same_file(path, &self.path) {
            return Err(format!(
                "{path} is the rule file itself: save the game under another name"
            ));
        }
        let rec = self.record();
        rec.write(path, force).map_err(|e| e.to_string())?;
        self.saved = self.line();
        Ok(format!(
            "saved {} move{} to {path}",
            self.moves.len(),
            if self.moves.len() == 1 { "" } else { "s" }
        ))
    }

    pub(super) fn cmd_load(&mut self, rest: &str) -> Res<String> {
        if rest.is_empty() {
            return Err("`load` takes a file name, e.g. `load game.json`".into());
        }
        let path = rest;
        // A record is a small text file: refuse what is not one (a device, a
        // directory, a huge file) before reading it.
        match std::fs::metadata(path) {
            Ok(m) if !m.is_file() => {
                return Err(format!("{path} is not a regular file, so not a saved game"))
            }
            Ok(m) if m.len() > MAX_RECORD => {
                return Err(format!(
                    "{path} is {} bytes, too big for a saved game (at most {MAX_RECORD})",
                    m.len()
                ))
            }
            _ => {}
        }
        let opened = record::open(path, Some(&self.path)).map_err(|e| match &e {
            RecordError::Rules { rule_file, .. } => format!(
                "refused {path}: {rule_file} does not load with the record's parameters: {}",
                e.rules_one_line("a parameter")
            ),
            _ => e.to_string(),
        })?;
        self.second_chance(
            &format!("load {path}"),
            &format!("`load {path}` again replaces it"),
        )?;
        let switched = !same_file(&opened.rule_path, &self.path);
        let old_path = self.path.clone();
        let (played, states) = split(opened.start, opened.replayed);
        self.path = opened.rule_path.clone();
        self.overrides = opened.record.overrides();
        self.rules = opened.loaded.rules;
        self.rule_hash = record::text_hash(&opened.rule_text);
        self.states = states;
        self.moves = played;
        self.redo.clear();
        self.saved = opened.record.moves.clone();
        let mut out = opened.loaded.warnings;
        out.push_str(&format!(
            "loaded {path}: {} from {}, {}, {}\n",
            self.rules.name(),
            opened.rule_path,
            self.describe_params(),
            count_of(self.moves.len(), "move")
        ));
        if switched {
            out.push_str(&format!(
                "note: the record is a game of {}, so this session now plays {} instead of {old_path} (`reload` re-reads it)\n",
                opened.rule_path, opened.rule_path
            ));
        }
        if opened.changed {
            out.push_str(&format!(
                "note: {} has changed since the record was saved; every move still replays\n",
                opened.rule_path
            ));
        }
        out.push_str(&self.autoplay());
        out.push_str(&self.show());
        Ok(out)
    }

    pub(super) fn cmd_reload(&mut self) -> Res<String> {
        let (rules, hash, warnings) = compile(&self.path, &self.overrides)
            .map_err(|e| format!("reload failed, the old rules stay:\n{e}"))?;
        let start = State::new(rules.clone());
        let replayed = start.clone().replay_each(&self.move_texts()).map_err(|e| {
            format!("reload refused, the old rules stay: under the edited rules {e}")
        })?;
        let (played, states) = split(start, replayed);
        let same = hash == self.rule_hash;
        self.rules = rules;
        self.rule_hash = hash;
        self.states = states;
        self.moves = played;
        let mut out = warnings;
        out.push_str(&format!(
            "reloaded {}{}: {} move{} replayed\n",
            self.path,
            if same { " (unchanged)" } else { "" },
            self.moves.len(),
            if self.moves.len() == 1 { "" } else { "s" }
        ));
        out.push_str(&self.autoplay());
        out.push_str(&self.show());
        Ok(out)
    }
}
