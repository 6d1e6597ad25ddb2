//! A naive, independent reference implementation of Crossings, written only from
//! the "Crossings" section of RULES.md (not from weft's engine code), and tests that
//! hold weft's `games/crossings.game` to it: the same legal move texts and the same
//! outcome at every ply of random games, and the same perft counts.
//!
//! It exists so that weft's general machinery (line moves, captures, frozen pieces,
//! the crossing race, forced passes, the ply limit) is checked against something
//! that shares no code with it. Clarity wins over speed: a plain 2D array and
//! brute force.

use std::sync::Arc;
use weft::engine::state::{DrawKind, Move, Outcome, State};
use weft::rules::Rules;
use weft::Overrides;

/// The eight directions (dx, dy); a line moves along its own axis either way.
const DIRS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];

type Cell = (usize, usize);

fn name(c: Cell) -> String {
    format!("{}{}", (b'a' + c.0 as u8) as char, c.1 + 1)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RefMove {
    /// A line of `k` pieces from `rear` to `front` moves so that its front is on `to`;
    /// `capture` is the enemy piece it removes, if any.
    Line {
        rear: Cell,
        front: Cell,
        to: Cell,
        k: usize,
        dir: (i32, i32),
        capture: Option<Cell>,
    },
    Pass,
}

impl RefMove {
    fn text(&self) -> String {
        match *self {
            RefMove::Line {
                rear, front, to, k, ..
            } => {
                if k == 1 {
                    format!("{}-{}", name(front), name(to))
                } else {
                    format!("{}:{}-{}", name(rear), name(front), name(to))
                }
            }
            RefMove::Pass => "pass".to_string(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RefOutcome {
    Win(usize),
    PlyLimitDraw,
    /// Neither player has a legal move.
    DeadlockDraw,
}

#[derive(Clone)]
struct Crossings {
    w: usize,
    h: usize,
    limit: u32,
    /// `board[x][y]`: the colour of the piece there (0 white, 1 black).
    board: Vec<Vec<Option<usize>>>,
    to_move: usize,
    ply: u32,
    /// The colour that must make a crossing on this move (the opponent just made one).
    owes: Option<usize>,
    /// The colour that owed a crossing and did not make it.
    lost_race: Option<usize>,
}

impl Crossings {
    fn new(w: usize, h: usize, limit: u32) -> Crossings {
        let mut board = vec![vec![None; h]; w];
        for col in board.iter_mut() {
            col[0] = Some(0);
            col[1] = Some(0);
            col[h - 2] = Some(1);
            col[h - 1] = Some(1);
        }
        Crossings {
            w,
            h,
            limit,
            board,
            to_move: 0,
            ply: 0,
            owes: None,
            lost_race: None,
        }
    }

    fn far_row(&self, colour: usize) -> usize {
        if colour == 0 {
            self.h - 1
        } else {
            0
        }
    }

    fn at(&self, x: i32, y: i32) -> Option<Option<usize>> {
        if x < 0 || y < 0 || x >= self.w as i32 || y >= self.h as i32 {
            None
        } else {
            Some(self.board[x as usize][y as usize])
        }
    }

    /// A piece on its far row is frozen.
    fn frozen(&self, x: usize, y: usize) -> bool {
        match self.board[x][y] {
            Some(c) => y == self.far_row(c),
            None => false,
        }
    }

    fn movable(&self, x: i32, y: i32, colour: usize) -> bool {
        self.at(x, y) == Some(Some(colour)) && !self.frozen(x as usize, y as usize)
    }

    /// Every real move (no pass) of `colour`.
    fn real_moves(&self, colour: usize) -> Vec<RefMove> {
        self.moves_counting(colour, true)
    }

    /// The real moves of `colour`; `count_frozen` says whether frozen enemy pieces
    /// count in the run beyond the front (RULES.md counts "the contiguous enemy
    /// pieces", frozen ones included; the other reading only serves to find the
    /// positions where the two differ).
    fn moves_counting(&self, colour: usize, count_frozen: bool) -> Vec<RefMove> {
        let mut out = Vec::new();
        for fx in 0..self.w as i32 {
            for fy in 0..self.h as i32 {
                if !self.movable(fx, fy, colour) {
                    continue;
                }
                for (dx, dy) in DIRS {
                    // The line's front is (fx, fy); it reaches back k - 1 pieces.
                    let mut k: i32 = 1;
                    while self.movable(fx - (k - 1) * dx, fy - (k - 1) * dy, colour) {
                        let rear = (fx - (k - 1) * dx, fy - (k - 1) * dy);
                        // Squares passed and entered: front + 1 .. front + k.
                        let all_empty =
                            (1..=k).all(|i| self.at(fx + i * dx, fy + i * dy) == Some(None));
                        if all_empty {
                            let to = (fx + k * dx, fy + k * dy);
                            let beyond = (to.0 + dx, to.1 + dy);
                            let mut legal = true;
                            let mut capture = None;
                            if let Some(Some(c)) = self.at(beyond.0, beyond.1) {
                                if c != colour {
                                    if self.frozen(beyond.0 as usize, beyond.1 as usize) {
                                        legal = false;
                                    } else {
                                        // Contiguous enemy pieces from there on.
                                        let mut run = 0;
                                        loop {
                                            let (x, y) = (beyond.0 + run * dx, beyond.1 + run * dy);
                                            if self.at(x, y) != Some(Some(c))
                                                || (!count_frozen
                                                    && self.frozen(x as usize, y as usize))
                                            {
                                                break;
                                            }
                                            run += 1;
                                        }
                                        if run < k {
                                            capture = Some((beyond.0 as usize, beyond.1 as usize));
                                        } else {
                                            legal = false;
                                        }
                                    }
                                }
                            }
                            if legal {
                                out.push(RefMove::Line {
                                    rear: (rear.0 as usize, rear.1 as usize),
                                    front: (fx as usize, fy as usize),
                                    to: (to.0 as usize, to.1 as usize),
                                    k: k as usize,
                                    dir: (dx, dy),
                                    capture,
                                });
                            }
                        }
                        k += 1;
                    }
                }
            }
        }
        out
    }

    fn outcome(&self) -> Option<RefOutcome> {
        let me = self.to_move;
        if let Some(l) = self.lost_race {
            return Some(RefOutcome::Win(1 - l));
        }
        if self.ply >= self.limit {
            return Some(RefOutcome::PlyLimitDraw);
        }
        if self.real_moves(me).is_empty() {
            if self.owes == Some(me) {
                return Some(RefOutcome::Win(1 - me));
            }
            if self.real_moves(1 - me).is_empty() {
                return Some(RefOutcome::DeadlockDraw);
            }
        }
        None
    }

    fn legal_moves(&self) -> Vec<RefMove> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        let v = self.real_moves(self.to_move);
        if v.is_empty() {
            vec![RefMove::Pass]
        } else {
            v
        }
    }

    /// Plays a move; returns whether it was a crossing.
    fn play(&mut self, m: RefMove) -> bool {
        let me = self.to_move;
        let mut crossed = false;
        if let RefMove::Line {
            front,
            k,
            dir: (dx, dy),
            capture,
            ..
        } = m
        {
            let (fx, fy) = (front.0 as i32, front.1 as i32);
            for i in 0..k as i32 {
                let x = (fx - i * dx) as usize;
                let y = (fy - i * dy) as usize;
                self.board[x][y] = None;
            }
            for i in 1..=k as i32 {
                let x = (fx + i * dx) as usize;
                let y = (fy + i * dy) as usize;
                self.board[x][y] = Some(me);
                if y == self.far_row(me) {
                    crossed = true;
                }
            }
            if let Some(c) = capture {
                self.board[c.0][c.1] = None;
            }
        }
        if self.owes == Some(me) && !crossed {
            self.lost_race = Some(me);
        }
        self.owes = if crossed { Some(1 - me) } else { None };
        self.to_move = 1 - me;
        self.ply += 1;
        crossed
    }

    fn perft(&self, depth: usize) -> Vec<u64> {
        fn walk(s: &Crossings, level: usize, counts: &mut [u64]) {
            let moves = s.legal_moves();
            counts[level] += moves.len() as u64;
            if level + 1 < counts.len() {
                for m in moves {
                    let mut t = s.clone();
                    t.play(m);
                    walk(&t, level + 1, counts);
                }
            }
        }
        let mut counts = vec![0; depth];
        walk(self, 0, &mut counts);
        counts
    }
}

fn weft_rules(w: usize, h: usize, limit: u32) -> Arc<Rules> {
    let path = crate::common::project("games/crossings.game");
    let mut sets = vec![
        ("width".to_string(), w.to_string()),
        ("height".to_string(), h.to_string()),
    ];
    if limit != 400 {
        sets.push(("limit".to_string(), limit.to_string()));
    }
    let o = Overrides { sets, size: None };
    let rules = weft::load_file(path.to_str().unwrap(), &o)
        .unwrap_or_else(|e| panic!("{e}"))
        .rules;
    assert_eq!(rules.ply_limit(), Some(limit));
    rules
}

fn same_outcome(w: Option<Outcome>, r: Option<RefOutcome>) -> bool {
    matches!(
        (w, r),
        (None, None)
            | (Some(Outcome::Win(0)), Some(RefOutcome::Win(0)))
            | (Some(Outcome::Win(1)), Some(RefOutcome::Win(1)))
            | (
                Some(Outcome::Draw(DrawKind::PlyLimit)),
                Some(RefOutcome::PlyLimitDraw)
            )
            | (
                Some(Outcome::Draw(DrawKind::Deadlock)),
                Some(RefOutcome::DeadlockDraw)
            )
    )
}

/// splitmix64: the reference's own random numbers.
struct Rand(u64);

impl Rand {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[derive(Default, Debug)]
struct Events {
    games: usize,
    plies: usize,
    captures: usize,
    long_lines: usize,
    crossings: usize,
    /// Crossings made in answer to a crossing (the race went on).
    answered: usize,
    race_losses: usize,
    stuck_losses: usize,
    passes: usize,
    ply_limit_draws: usize,
    deadlocks: usize,
    /// Positions where counting frozen pieces in the enemy run changes the moves.
    frozen_in_run: usize,
}

/// How random moves are chosen: uniformly; leaning towards captures and crossings,
/// and always answering a crossing when possible (so that the race goes on); or
/// avoiding crossings unless owed (so that games run long, boards thin out, and
/// passes, deadlocks and the ply limit are reached).
#[derive(Clone, Copy)]
enum Style {
    Uniform,
    Greedy,
    Cautious,
}

fn choose(r: &Crossings, moves: &[RefMove], style: Style, rand: &mut Rand) -> RefMove {
    let far = r.far_row(r.to_move);
    let crossing = |m: &RefMove| matches!(m, RefMove::Line { to, .. } if to.1 == far);
    let capture = |m: &RefMove| {
        matches!(
            m,
            RefMove::Line {
                capture: Some(_),
                ..
            }
        )
    };
    let pick = |v: Vec<RefMove>, rand: &mut Rand| v[rand.below(v.len())];
    let owed = r.owes == Some(r.to_move);
    let crossings: Vec<RefMove> = moves.iter().copied().filter(crossing).collect();
    match style {
        Style::Uniform => pick(moves.to_vec(), rand),
        Style::Greedy => {
            if owed && !crossings.is_empty() {
                return pick(crossings, rand);
            }
            let good: Vec<RefMove> = moves
                .iter()
                .copied()
                .filter(|m| capture(m) || crossing(m))
                .collect();
            if !good.is_empty() && rand.below(4) != 0 {
                pick(good, rand)
            } else {
                pick(moves.to_vec(), rand)
            }
        }
        Style::Cautious => {
            if owed && !crossings.is_empty() && rand.below(2) == 0 {
                return pick(crossings, rand);
            }
            let safe: Vec<RefMove> = moves.iter().copied().filter(|m| !crossing(m)).collect();
            let takes: Vec<RefMove> = safe.iter().copied().filter(capture).collect();
            if !takes.is_empty() && rand.below(2) == 0 {
                pick(takes, rand)
            } else if !safe.is_empty() {
                pick(safe, rand)
            } else {
                pick(moves.to_vec(), rand)
            }
        }
    }
}

/// Plays `games` random games in weft and the reference side by side on a board of
/// `w_` x `h_` with a ply limit, comparing the sorted legal move texts, the outcome
/// and the owed crossing at every ply.
fn lockstep(
    (w_, h_, limit): (usize, usize, u32),
    games: u64,
    seed: u64,
    style: Style,
    ev: &mut Events,
) {
    let rules = weft_rules(w_, h_, limit);
    for g in 0..games {
        let mut rand = Rand(seed * 1_000_003 + g);
        let mut w = State::new(rules.clone());
        let mut r = Crossings::new(w_, h_, limit);
        let mut history: Vec<String> = Vec::new();
        loop {
            let ctx = || format!("{w_}x{h_} game {g} moves {}", history.join(" "));
            let wo = w.outcome();
            let ro = r.outcome();
            assert!(
                same_outcome(wo, ro),
                "outcome: weft {wo:?}, reference {ro:?}; {}",
                ctx()
            );
            let mut wm: Vec<String> = w.legal_moves().iter().map(|m| m.to_text(&rules)).collect();
            let mut rm: Vec<String> = r.legal_moves().iter().map(|m| m.text()).collect();
            wm.sort();
            rm.sort();
            if wm != rm {
                let only_w: Vec<&String> = wm.iter().filter(|m| !rm.contains(m)).collect();
                let only_r: Vec<&String> = rm.iter().filter(|m| !wm.contains(m)).collect();
                panic!(
                    "legal moves differ: only weft {only_w:?}, only reference {only_r:?}; {}",
                    ctx()
                );
            }
            if ro.is_none() {
                // (After a lost race weft still reports the loser as owing.)
                assert_eq!(w.owes_crossing(), r.owes, "{}", ctx());
            }
            if let Some(o) = ro {
                match o {
                    RefOutcome::Win(_) if r.lost_race.is_some() => ev.race_losses += 1,
                    RefOutcome::Win(_) => ev.stuck_losses += 1,
                    RefOutcome::PlyLimitDraw => ev.ply_limit_draws += 1,
                    RefOutcome::DeadlockDraw => ev.deadlocks += 1,
                }
                break;
            }
            let moves = r.legal_moves();
            if r.moves_counting(r.to_move, false) != r.real_moves(r.to_move) {
                ev.frozen_in_run += 1;
            }
            let m = choose(&r, &moves, style, &mut rand);
            match m {
                RefMove::Line { k, capture, .. } => {
                    if capture.is_some() {
                        ev.captures += 1;
                    }
                    if k >= 2 {
                        ev.long_lines += 1;
                    }
                }
                RefMove::Pass => ev.passes += 1,
            }
            let owed = r.owes == Some(r.to_move);
            let text = m.text();
            let wmove = Move::parse(&text, &rules).unwrap_or_else(|e| panic!("{e:?}"));
            w = w
                .play(wmove)
                .unwrap_or_else(|e| panic!("weft refuses {text}: {e:?}; {}", ctx()));
            if r.play(m) {
                ev.crossings += 1;
                if owed {
                    ev.answered += 1;
                }
            }
            assert_eq!(w.to_move(), r.to_move, "after {text}; {}", ctx());
            assert_eq!(w.ply(), r.ply, "after {text}; {}", ctx());
            history.push(text);
            ev.plies += 1;
        }
        ev.games += 1;
    }
}

#[test]
fn ref_crossings_lockstep_8x8() {
    let mut ev = Events::default();
    lockstep((8, 8, 400), 30, 1, Style::Uniform, &mut ev);
    lockstep((8, 8, 400), 30, 2, Style::Greedy, &mut ev);
    lockstep((8, 8, 400), 20, 3, Style::Cautious, &mut ev);
    eprintln!("{ev:?}");
    assert!(ev.captures >= 100, "{ev:?}");
    assert!(ev.long_lines >= 100, "{ev:?}");
    assert!(ev.crossings >= 20, "{ev:?}");
    assert!(ev.answered >= 2, "{ev:?}");
    assert!(ev.race_losses >= 10, "{ev:?}");
    assert!(ev.passes >= 10 && ev.ply_limit_draws >= 1, "{ev:?}");
}

#[test]
fn ref_crossings_lockstep_6x6() {
    let mut ev = Events::default();
    lockstep((6, 6, 400), 30, 4, Style::Uniform, &mut ev);
    lockstep((6, 6, 400), 30, 5, Style::Greedy, &mut ev);
    lockstep((6, 6, 400), 20, 6, Style::Cautious, &mut ev);
    eprintln!("{ev:?}");
    assert!(ev.captures >= 100, "{ev:?}");
    assert!(ev.crossings >= 20, "{ev:?}");
    assert!(ev.answered >= 2, "{ev:?}");
    assert!(ev.race_losses >= 10, "{ev:?}");
    assert!(ev.passes >= 10 && ev.ply_limit_draws >= 1, "{ev:?}");
}

/// Other boards and short ply limits, played cautiously: the rare endings.
#[test]
fn ref_crossings_lockstep_other_boards() {
    let mut ev = Events::default();
    for (i, &board) in [
        (8, 8, 60),
        (6, 6, 30),
        (3, 6, 400),
        (4, 6, 400),
        (5, 5, 400),
        (3, 8, 400),
        (7, 5, 400),
        (4, 7, 400),
        (5, 9, 400),
        (10, 6, 400),
        (4, 5, 400),
        // No empty square: no move for either side from the start, a deadlock.
        (3, 4, 400),
    ]
    .iter()
    .enumerate()
    {
        lockstep(board, 10, 100 + i as u64, Style::Cautious, &mut ev);
        lockstep(board, 10, 200 + i as u64, Style::Uniform, &mut ev);
    }
    eprintln!("{ev:?}");
    assert!(ev.passes >= 100 && ev.ply_limit_draws >= 10, "{ev:?}");
    assert!(ev.stuck_losses >= 1 && ev.deadlocks >= 1, "{ev:?}");
    assert!(ev.race_losses >= 10 && ev.captures >= 100, "{ev:?}");
}

/// RULES.md counts "the contiguous enemy pieces" beyond the front, so a frozen piece
/// behind a movable one lengthens the run: two pieces may not take g7 when h8 holds a
/// frozen enemy piece behind it. Such positions are rare in random games, so this
/// test looks for them in the reference's own games (leaning towards crossings, so
/// that frozen pieces stay on the board) and compares weft's moves there.
#[test]
fn ref_crossings_frozen_piece_counts_in_enemy_run() {
    let rules = weft_rules(8, 8, 400);
    let mut checked = 0;
    let mut g = 0;
    while checked < 5 && g < 10_000 {
        let mut rand = Rand(g * 7 + 1);
        let mut r = Crossings::new(8, 8, 400);
        let mut w = State::new(rules.clone());
        let mut history: Vec<String> = Vec::new();
        while r.outcome().is_none() {
            if r.moves_counting(r.to_move, false) != r.real_moves(r.to_move) {
                let mut wm: Vec<String> =
                    w.legal_moves().iter().map(|m| m.to_text(&rules)).collect();
                let mut rm: Vec<String> = r.legal_moves().iter().map(|m| m.text()).collect();
                wm.sort();
                rm.sort();
                assert_eq!(wm, rm, "after {}", history.join(" "));
                checked += 1;
            }
            let m = choose(&r, &r.legal_moves(), Style::Greedy, &mut rand);
            let text = m.text();
            w = w.play(Move::parse(&text, &rules).unwrap()).unwrap();
            r.play(m);
            history.push(text);
        }
        g += 1;
    }
    assert!(checked >= 5, "only {checked} positions found in {g} games");
}

#[test]
fn ref_crossings_perft_8x8() {
    // Depth 4 (3.3 million) in release builds, 3 in the test profile.
    let depth = if cfg!(debug_assertions) { 3 } else { 4 };
    let mine = Crossings::new(8, 8, 400).perft(depth);
    let theirs = weft::tools::perft::perft(&State::new(weft_rules(8, 8, 400)), depth);
    assert_eq!(theirs, mine, "weft left, reference right");
    // A sanity check of the reference itself, counted by hand: 8 single steps
    // forward, 14 diagonal single steps, 8 columns of two, 10 diagonals of two.
    assert_eq!(mine[0], 8 + 14 + 8 + 10);
}

/// The perft data file holds the reference's numbers.
#[test]
fn ref_crossings_perft_file() {
    let text =
        std::fs::read_to_string(crate::common::project("tests/data/crossings-8.perft")).unwrap();
    let counts: Vec<u64> = text
        .lines()
        .map(|l| l.split('#').next().unwrap().trim())
        .filter_map(
            |l| match l.split_whitespace().collect::<Vec<_>>().as_slice() {
                [d, n] if d.parse::<u64>().is_ok() => Some(n.parse().unwrap()),
                _ => None,
            },
        )
        .collect();
    assert_eq!(counts, Crossings::new(8, 8, 400).perft(counts.len()));
}

/// Hand-made positions that pin the reference's own reading of the rules.
#[test]
fn ref_crossings_reference_sanity() {
    let texts = |s: &Crossings, colour: usize| -> Vec<String> {
        s.real_moves(colour).iter().map(|m| m.text()).collect()
    };
    let mut s = Crossings::new(8, 8, 400);
    for col in s.board.iter_mut() {
        for sq in col.iter_mut() {
            *sq = None;
        }
    }
    // White c2, c3, c4 (a column of three); black c7 and c8 (a run of two).
    for y in 1..4 {
        s.board[2][y] = Some(0);
    }
    s.board[2][6] = Some(1);
    s.board[2][7] = Some(1);
    let t = texts(&s, 0);
    // Two (c3, c4) would end on c6 against a run of two: illegal. Three cannot
    // reach c7 (occupied). One piece moves one square.
    assert!(!t.contains(&"c3:c4-c6".to_string()));
    assert!(!t.contains(&"c2:c4-c7".to_string()));
    assert!(t.contains(&"c4-c5".to_string()));
    // Backwards, a line needs as many free squares as it is long: only c2 alone
    // fits into c1.
    assert!(!t
        .iter()
        .any(|m| m.starts_with("c3:c2") || m.starts_with("c4:c2")));
    assert!(t.contains(&"c2-c1".to_string()));
    // Against c7 alone, two capture it.
    s.board[2][7] = None;
    let m = s
        .real_moves(0)
        .into_iter()
        .find(|m| m.text() == "c3:c4-c6")
        .expect("c3:c4-c6");
    assert!(matches!(
        m,
        RefMove::Line {
            capture: Some((2, 6)),
            ..
        }
    ));
    // A single piece never ends beside an enemy piece (the run is at least one).
    s.board[6][3] = Some(0); // g4
    s.board[6][5] = Some(1); // g6
    let t = texts(&s, 0);
    assert!(!t.contains(&"g4-g5".to_string()));
    assert!(t.contains(&"g4-h5".to_string()));
    // White e8 is frozen: it has no move, and black ending beside it is illegal.
    s.board[4][7] = Some(0); // e8
    s.board[4][3] = Some(1); // e4
    s.board[4][4] = Some(1); // e5
    assert!(s.frozen(4, 7));
    assert!(!texts(&s, 0).iter().any(|m| m.starts_with("e8")));
    assert!(!texts(&s, 1).contains(&"e4:e5-e7".to_string()));
    // A movable white e7 in front of the frozen e8: the run counts both (RULES.md
    // counts "the contiguous enemy pieces"), so two black pieces may not take e7.
    s.board[4][6] = Some(0); // e7
    s.board[4][2] = Some(1); // e3
    s.board[4][3] = Some(1); // e4
    s.board[4][4] = None;
    assert!(!texts(&s, 1).contains(&"e3:e4-e6".to_string()));
    // Frozen own pieces are not part of a line: white a8 and a7.
    s.board[0][7] = Some(0);
    s.board[0][6] = Some(0);
    let t = texts(&s, 0);
    assert!(t.contains(&"a7-a6".to_string()));
    assert!(!t.iter().any(|m| m.starts_with("a8")));
}
