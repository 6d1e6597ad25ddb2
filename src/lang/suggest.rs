//! "Did you mean ...?": the nearest known word to a misspelt one, and lists of names
//! for hints. Used by the validator's diagnostics and by the REPL's command words.

/// The candidate nearest to `word` by edit distance (optimal string alignment: a
/// swapped pair of letters counts as one edit), if it is near enough to be a typo.
/// Ties go to the earlier candidate.
///
/// ```
/// use weft::lang::suggest::closest;
/// assert_eq!(closest("qiut", &["hint", "quit"]), Some("quit"));
/// assert_eq!(closest("bord", &["board", "blocked"]), Some("board"));
/// assert_eq!(closest("zebra", &["board", "turn"]), None);
/// ```
pub fn closest<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    candidates
        .iter()
        .map(|c| (strsim::osa_distance(word, c), *c))
        .filter(|(d, c)| *d <= 2.max(c.len() / 3) && *d < c.len())
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// Names in backquotes, joined with commas and a final "and".
///
/// ```
/// use weft::lang::suggest::quoted_list;
/// assert_eq!(quoted_list(&["a", "b", "c"]), "`a`, `b` and `c`");
/// assert_eq!(quoted_list(&["a"]), "`a`");
/// ```
pub fn quoted_list<S: AsRef<str>>(items: &[S]) -> String {
    let q: Vec<String> = items.iter().map(|s| format!("`{}`", s.as_ref())).collect();
    match q.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {}", init.join(", "), last),
    }
}
