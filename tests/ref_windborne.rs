//! A naive, independent reference implementation of Windborne, written only from
//! the "Windborne" section of RULES.md (not from weft's engine code), and tests
//! that hold weft's `games/windborne.game` to it: the same legal move texts and the
//! same outcome at every ply of random games, and the same perft counts.
//!
//! It exists so that weft's general machinery (hex boards, neutral pawns, slides,
//! separation, turn-start checks, the swap rule) is checked against something that
//! shares no code with it. Clarity wins over speed here: plain 2D arrays and
//! brute force (a flood fill per group for separation).

use std::sync::Arc;
use weft::engine::state::{DrawKind, Move, Outcome, State};
use weft::rules::Rules;
use weft::Overrides;

/// The six hex directions in (column, row) axial offsets.
const DIRS: [(i32, i32); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];

type Cell = (usize, usize);

/// A cell's name: column letter from `a`, row number from 1 at the bottom.
fn name(c: Cell) -> String {
    format!("{}{}", (b'a' + c.0 as u8) as char, c.1 + 1)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RefMove {
    /// Setup turn: a disk, then a pawn (possibly on that disk).
    Setup {
        disk: Cell,
        pawn: Cell,
    },
    /// Play turn: an optional slide of one pawn (from, to), then a disk.
    Play {
        slide: Option<(Cell, Cell)>,
        disk: Cell,
    },
    Swap,
}

impl RefMove {
    fn text(&self) -> String {
        match *self {
            RefMove::Setup { disk, pawn } => format!("{},{}", name(disk), name(pawn)),
            RefMove::Play {
                slide: Some((f, t)),
                disk,
            } => format!("{}-{},{}", name(f), name(t), name(disk)),
            RefMove::Play { slide: None, disk } => name(disk),
            RefMove::Swap => "swap".to_string(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RefOutcome {
    Win(usize),
    /// The mover cannot move and nobody has a separating group.
    NoMoveDraw,
}

#[derive(Clone)]
struct Windborne {
    side: usize,
    pawns: usize,
    /// Positions per axis: 2 * side - 1.
    n: usize,
    /// `disk[x][y]`: the colour of the disk there (0 black, 1 white).
    disk: Vec<Vec<Option<usize>>>,
    /// `pawn[x][y]`: a pawn stands there.
    pawn: Vec<Vec<bool>>,
    /// Colour to move; black (0) moves first.
    to_move: usize,
    ply: u32,
    swap_rule: bool,
    swapped: bool,
}

impl Windborne {
    fn new(side: usize, pawns: usize, swap_rule: bool) -> Windborne {
        let n = 2 * side - 1;
        Windborne {
            side,
            pawns,
            n,
            disk: vec![vec![None; n]; n],
            pawn: vec![vec![false; n]; n],
            to_move: 0,
            ply: 0,
            swap_rule,
            swapped: false,
        }
    }

    /// Whether grid position (x, y) is a cell of the hexagon.
    fn on_board(&self, x: i32, y: i32) -> bool {
        let s = self.side as i32;
        if x < 0 || y < 0 || x >= self.n as i32 || y >= self.n as i32 {
            return false;
        }
        let q = x - (s - 1);
        let r = y - (s - 1);
        q.abs() < s && r.abs() < s && (q + r).abs() < s
    }

    fn cells(&self) -> Vec<Cell> {
        let mut v = Vec::new();
        for x in 0..self.n {
            for y in 0..self.n {
                if self.on_board(x as i32, y as i32) {
                    v.push((x, y));
                }
            }
        }
        v
    }

    fn neighbours(&self, c: Cell) -> Vec<Cell> {
        let mut v = Vec::new();
        for (dx, dy) in DIRS {
            let x = c.0 as i32 + dx;
            let y = c.1 as i32 + dy;
            if self.on_board(x, y) {
                v.push((x as usize, y as usize));
            }
        }
        v
    }

    fn pawns_on_board(&self) -> usize {
        self.cells()
            .into_iter()
            .filter(|&(x, y)| self.pawn[x][y])
            .count()
    }

    /// The moves of the turn, without the swap and without looking at the outcome.
    fn turn_moves(&self) -> Vec<RefMove> {
        let me = self.to_move;
        let mut out = Vec::new();
        if self.pawns_on_board() < self.pawns {
            // A disk on an empty cell, then a pawn on an empty cell or on a friendly
            // disk without a pawn (the disk just placed counts).
            for d in self.cells() {
                if self.disk[d.0][d.1].is_some() || self.pawn[d.0][d.1] {
                    continue;
                }
                for p in self.cells() {
                    let disk_at_p = if p == d {
                        Some(me)
                    } else {
                        self.disk[p.0][p.1]
                    };
                    let ok = !self.pawn[p.0][p.1] && (disk_at_p.is_none() || disk_at_p == Some(me));
                    if ok {
                        out.push(RefMove::Setup { disk: d, pawn: p });
                    }
                }
            }
        } else {
            let free: Vec<Cell> = self
                .cells()
                .into_iter()
                .filter(|&(x, y)| self.disk[x][y].is_none())
                .collect();
            // Zero steps: the disk placement alone, listed once.
            for &d in &free {
                out.push(RefMove::Play {
                    slide: None,
                    disk: d,
                });
            }
            for from in self.cells() {
                if !self.pawn[from.0][from.1] {
                    continue;
                }
                for (dx, dy) in DIRS {
                    let mut k = 1;
                    loop {
                        let x = from.0 as i32 + k * dx;
                        let y = from.1 as i32 + k * dy;
                        if !self.on_board(x, y) {
                            break;
                        }
                        let (x, y) = (x as usize, y as usize);
                        if self.pawn[x][y] {
                            break;
                        }
                        if let Some(c) = self.disk[x][y] {
                            if c != me {
                                break;
                            }
                        }
                        // Sliding moves no disk, so the disk cells are the same.
                        for &d in &free {
                            out.push(RefMove::Play {
                                slide: Some((from, (x, y))),
                                disk: d,
                            });
                        }
                        k += 1;
                    }
                }
            }
        }
        out
    }

    /// Whether `colour` has a group that separates the pawns.
    fn separates(&self, colour: usize) -> bool {
        let cells = self.cells();
        let half = self.pawns / 2;
        let mut seen = vec![vec![false; self.n]; self.n];
        for &start in &cells {
            if self.disk[start.0][start.1] != Some(colour) || seen[start.0][start.1] {
                continue;
            }
            // The group of `start`.
            let mut group = vec![vec![false; self.n]; self.n];
            let mut stack = vec![start];
            seen[start.0][start.1] = true;
            group[start.0][start.1] = true;
            while let Some(c) = stack.pop() {
                for nb in self.neighbours(c) {
                    if self.disk[nb.0][nb.1] == Some(colour) && !group[nb.0][nb.1] {
                        group[nb.0][nb.1] = true;
                        seen[nb.0][nb.1] = true;
                        stack.push(nb);
                    }
                }
            }
            // The regions left when the group is removed, and their pawns.
            let mut visited = group.clone();
            let mut ok = true;
            for &r in &cells {
                if visited[r.0][r.1] {
                    continue;
                }
                let mut count = 0;
                let mut stack = vec![r];
                visited[r.0][r.1] = true;
                while let Some(c) = stack.pop() {
                    if self.pawn[c.0][c.1] {
                        count += 1;
                    }
                    for nb in self.neighbours(c) {
                        if !visited[nb.0][nb.1] {
                            visited[nb.0][nb.1] = true;
                            stack.push(nb);
                        }
                    }
                }
                if count > half {
                    ok = false;
                }
            }
            if ok {
                return true;
            }
        }
        false
    }

    /// The outcome at the start of the turn, if the game is over.
    fn outcome(&self) -> Option<RefOutcome> {
        let me = self.to_move;
        let can_move = !self.turn_moves().is_empty() || self.swap_available();
        if self.pawns_on_board() >= self.pawns {
            if self.separates(me) {
                return Some(RefOutcome::Win(me));
            }
            if !can_move && self.separates(1 - me) {
                return Some(RefOutcome::Win(1 - me));
            }
        }
        if !can_move {
            return Some(RefOutcome::NoMoveDraw);
        }
        None
    }

    fn swap_available(&self) -> bool {
        self.swap_rule && self.ply == 1
    }

    fn legal_moves(&self) -> Vec<RefMove> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        let mut v = self.turn_moves();
        if self.swap_available() {
            v.push(RefMove::Swap);
        }
        v
    }

    fn play(&mut self, m: RefMove) {
        let me = self.to_move;
        match m {
            RefMove::Setup { disk, pawn } => {
                self.disk[disk.0][disk.1] = Some(me);
                self.pawn[pawn.0][pawn.1] = true;
            }
            RefMove::Play { slide, disk } => {
                if let Some((f, t)) = slide {
                    self.pawn[f.0][f.1] = false;
                    self.pawn[t.0][t.1] = true;
                }
                self.disk[disk.0][disk.1] = Some(me);
            }
            RefMove::Swap => {
                // The seats exchange; the board and the colour to move stay.
                self.swapped = !self.swapped;
                self.ply += 1;
                return;
            }
        }
        self.to_move = 1 - me;
        self.ply += 1;
    }

    /// Perft counts for depths 1..=depth (finished games are not extended).
    fn perft(&self, depth: usize) -> Vec<u64> {
        fn walk(s: &Windborne, level: usize, counts: &mut [u64]) {
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

fn weft_rules(side: usize, pawns: usize, swap: bool) -> Arc<Rules> {
    let path = crate::common::project("games/windborne.game");
    let o = Overrides {
        sets: vec![
            ("side".into(), side.to_string()),
            ("pawns".into(), pawns.to_string()),
        ],
        size: None,
    };
    let rules = weft::load_file(path.to_str().unwrap(), &o)
        .unwrap_or_else(|e| panic!("{e}"))
        .rules;
    if swap {
        rules
    } else {
        Arc::new(rules.without_swap())
    }
}

fn same_outcome(w: Option<Outcome>, r: Option<RefOutcome>) -> bool {
    matches!(
        (w, r),
        (None, None)
            | (Some(Outcome::Win(0)), Some(RefOutcome::Win(0)))
            | (Some(Outcome::Win(1)), Some(RefOutcome::Win(1)))
            | (
                Some(Outcome::Draw(DrawKind::NoMove)),
                Some(RefOutcome::NoMoveDraw)
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
    play_phase_plies: usize,
    slides: usize,
    swaps: usize,
    separation_wins: usize,
    stuck_losses: usize,
    draws: usize,
}

/// Plays `games` random games in weft and the reference side by side, comparing the
/// sorted legal move texts and the outcome at every ply.
fn lockstep(side: usize, pawns: usize, games: u64, seed: u64) -> Events {
    let rules = weft_rules(side, pawns, true);
    let mut ev = Events::default();
    for g in 0..games {
        let mut rand = Rand(seed * 1_000_003 + g);
        let mut w = State::new(rules.clone());
        let mut r = Windborne::new(side, pawns, true);
        let mut history: Vec<String> = Vec::new();
        loop {
            let ctx = || format!("side {side} pawns {pawns} game {g} moves {history:?}");
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
            if let Some(o) = ro {
                match o {
                    RefOutcome::Win(c) if r.separates(c) && c == r.to_move => {
                        ev.separation_wins += 1
                    }
                    RefOutcome::Win(_) => ev.stuck_losses += 1,
                    RefOutcome::NoMoveDraw => ev.draws += 1,
                }
                assert_eq!(w.swapped(), r.swapped, "{}", ctx());
                break;
            }
            let moves = r.legal_moves();
            // Take the swap half the time when it is offered, so that both are seen.
            let m = if moves.contains(&RefMove::Swap) && rand.below(2) == 0 {
                RefMove::Swap
            } else {
                moves[rand.below(moves.len())]
            };
            match m {
                RefMove::Play { slide, .. } => {
                    ev.play_phase_plies += 1;
                    if slide.is_some() {
                        ev.slides += 1;
                    }
                }
                RefMove::Swap => ev.swaps += 1,
                RefMove::Setup { .. } => {}
            }
            let text = m.text();
            let wmove = Move::parse(&text, &rules).unwrap_or_else(|e| panic!("{e:?}"));
            w = w
                .play(wmove)
                .unwrap_or_else(|e| panic!("weft refuses {text}: {e:?}; {}", ctx()));
            r.play(m);
            assert_eq!(w.to_move(), r.to_move, "after {text}; {}", ctx());
            assert_eq!(w.ply(), r.ply, "after {text}; {}", ctx());
            assert_eq!(w.swapped(), r.swapped, "after {text}; {}", ctx());
            history.push(text);
            ev.plies += 1;
        }
        ev.games += 1;
    }
    ev
}

fn check_coverage(ev: &Events) {
    eprintln!("{ev:?}");
    assert!(ev.play_phase_plies >= 10 * ev.games, "{ev:?}");
    assert!(ev.slides >= 5 * ev.games, "{ev:?}");
    assert!(ev.swaps >= ev.games / 4, "{ev:?}");
    assert!(ev.separation_wins >= ev.games / 2, "{ev:?}");
}

#[test]
fn ref_windborne_lockstep_side3_pawns3() {
    let ev = lockstep(3, 3, 100, 1);
    check_coverage(&ev);
    // The opponent separates and the mover has no cell left for a disk.
    assert!(ev.stuck_losses >= 5, "{ev:?}");
}

#[test]
fn ref_windborne_lockstep_side4_pawns3() {
    check_coverage(&lockstep(4, 3, 60, 2));
}

#[test]
fn ref_windborne_lockstep_side4_pawns5() {
    check_coverage(&lockstep(4, 5, 60, 3));
}

#[test]
fn ref_windborne_lockstep_side5_pawns3() {
    check_coverage(&lockstep(5, 3, 40, 4));
}

/// Other pawn counts, odd and even: one pawn (half is zero), two, many. With 15 pawns
/// on 19 cells the empty cells run out before the last pawn is placed: a draw.
#[test]
fn ref_windborne_lockstep_other_pawn_counts() {
    let mut total = Events::default();
    for (i, &(side, pawns)) in [(3, 1), (3, 2), (4, 4), (3, 9), (4, 7), (3, 15)]
        .iter()
        .enumerate()
    {
        let ev = lockstep(side, pawns, 10, 10 + i as u64);
        eprintln!("side {side} pawns {pawns}: {ev:?}");
        total.games += ev.games;
        total.separation_wins += ev.separation_wins;
        total.stuck_losses += ev.stuck_losses;
        total.draws += ev.draws;
        total.slides += ev.slides;
    }
    assert!(total.draws >= 10, "{total:?}");
    assert!(total.stuck_losses >= 5, "{total:?}");
    assert!(total.separation_wins >= 25, "{total:?}");
    assert!(total.slides >= 200, "{total:?}");
}

/// The deepest Windborne perft on side 3: 3 in release builds (a few seconds), 2 in
/// the test profile (`cargo test` without `--release`).
fn side3_depth() -> usize {
    if cfg!(debug_assertions) {
        2
    } else {
        3
    }
}

fn perft_both(side: usize, pawns: usize, swap: bool, depth: usize) -> Vec<u64> {
    let mine = Windborne::new(side, pawns, swap).perft(depth);
    let theirs = weft::tools::perft::perft(&State::new(weft_rules(side, pawns, swap)), depth);
    assert_eq!(
        theirs, mine,
        "perft side {side} pawns {pawns} swap {swap}: weft left, reference right"
    );
    mine
}

/// Depths 1 and 2 of the placement phase, counted by hand on a board of `n` cells:
/// black has n disk cells and n pawn cells (n - 1 empty ones or the new disk). If
/// black's pawn went onto its disk (n ways), white has n - 1 empty cells for its disk
/// and n - 1 cells for its pawn (all but the black disk); otherwise (n (n - 1) ways)
/// n - 2 and n - 2.
fn placement_by_hand(n: u64) -> [u64; 2] {
    [
        n * n,
        n * (n - 1) * (n - 1) + n * (n - 1) * (n - 2) * (n - 2),
    ]
}

#[test]
fn ref_windborne_perft_side3_no_swap() {
    let counts = perft_both(3, 3, false, side3_depth());
    assert_eq!(counts[..2], placement_by_hand(19));
}

#[test]
fn ref_windborne_perft_side3_swap() {
    let counts = perft_both(3, 3, true, side3_depth());
    // The swap adds exactly one move at ply 1 after each first move.
    let [d1, d2] = placement_by_hand(19);
    assert_eq!(counts[..2], [d1, d2 + d1]);
}

#[test]
fn ref_windborne_perft_side4() {
    let [d1, d2] = placement_by_hand(37);
    assert_eq!(perft_both(4, 3, false, 2), [d1, d2]);
    assert_eq!(perft_both(4, 3, true, 2), [d1, d2 + d1]);
    assert_eq!(perft_both(4, 5, true, 2), [d1, d2 + d1]);
}

/// The perft data files hold the reference's numbers.
#[test]
fn ref_windborne_perft_files() {
    for file in [
        "tests/data/windborne-3.perft",
        "tests/data/windborne-4.perft",
    ] {
        let text = std::fs::read_to_string(crate::common::project(file)).unwrap();
        let (mut side, mut pawns, mut swap) = (7, 3, true);
        let mut counts = Vec::new();
        for line in text.lines() {
            let line = line.split('#').next().unwrap().trim();
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                [] | ["file", _] => {}
                ["set", kv] => match kv.split_once('=').unwrap() {
                    ("side", v) => side = v.parse().unwrap(),
                    ("pawns", v) => pawns = v.parse().unwrap(),
                    other => panic!("{other:?}"),
                },
                ["swap", v] => swap = *v != "no",
                [_, n] => counts.push(n.parse::<u64>().unwrap()),
                other => panic!("{other:?}"),
            }
        }
        let mine = Windborne::new(side, pawns, swap).perft(counts.len());
        assert_eq!(counts, mine, "{file}");
    }
}

/// Hand-made positions that pin the reference's own reading of the rules.
#[test]
fn ref_windborne_reference_sanity() {
    let mut s = Windborne::new(3, 3, false);
    assert_eq!(s.cells().len(), 19);
    assert_eq!(name((0, 0)), "a1");
    assert!(!s.on_board(0, 0) && !s.on_board(4, 4) && s.on_board(0, 4) && s.on_board(4, 0));
    // A black disk on c3 (the centre) with a pawn on it; pawns on e1 and c5.
    s.disk[2][2] = Some(0);
    s.pawn[2][2] = true;
    s.pawn[4][0] = true;
    s.pawn[2][4] = true;
    assert!(s.on_board(4, 0) && s.on_board(2, 4));
    // One disk does not cut the board: the other two pawns share a region.
    assert!(!s.separates(0));
    // A black wall along the middle row (a3..e3) cuts the board in two.
    for x in 0..5 {
        s.disk[x][2] = Some(0);
    }
    assert!(s.separates(0));
    assert!(!s.separates(1));
    // Black to move with a separating group wins at the start of the turn.
    assert_eq!(s.outcome(), Some(RefOutcome::Win(0)));
    s.to_move = 1;
    assert_eq!(s.outcome(), None);
    // A pawn may not slide onto or through an enemy (white, to move) disk.
    let moves = s.legal_moves();
    assert!(!moves
        .iter()
        .any(|m| matches!(m, RefMove::Play { slide: Some((_, t)), .. } if t.1 == 2)));
    // A zero-step move is listed once per free cell.
    let zero = moves
        .iter()
        .filter(|m| matches!(m, RefMove::Play { slide: None, .. }))
        .count();
    assert_eq!(zero, 19 - 5);
}
