//! Making a position: the start of a game (with the rule file's setup), or a hand-made
//! position from a list of pieces or a picture (for tests and tools).

use super::*;

impl State {
    /// The initial position (with the rule file's setup).
    pub fn new(rules: Arc<Rules>) -> State {
        let n = rules.board().len();
        let layers = rules.pieces().len();
        let mut s = State {
            cells: vec![0; n * layers],
            planes: Planes::default(),
            to_move: 0,
            ply: 0,
            swapped: false,
            empty: Vec::new(),
            empty_pos: Vec::new(),
            empty_pos_stale: false,
            uf: UnionFind::new(rules.board()),
            libs: Liberties::default(),
            history: Vec::new(),
            passes: 0,
            counts: Vec::new(),
            regions: Vec::new(),
            free: FreeCells::default(),
            owes: 0,
            turn: NO_TURN,
            status: Status::Ongoing,
            last: None,
            decided_by: None,
            rules,
        };
        if s.rules.simple {
            s.empty = s.rules.board.cells().collect();
            s.empty_pos = vec![0; n];
            for (i, &c) in s.empty.iter().enumerate() {
                s.empty_pos[c as usize] = i as u16;
            }
        }
        let rules = s.rules.clone();
        for &SetupPiece {
            cell: c,
            kind: k,
            owner,
        } in &rules.setup
        {
            s.cells[k * n + c as usize] =
                owner.map_or(content::NEUTRAL, |p| content::of_player(p as u8));
            if k == 0 && rules.track_groups {
                s.uf.add(
                    c,
                    &s.cells[..n],
                    rules.board.neighbours(rules.connect.adjacency),
                    rules.board.regions_of(c),
                );
            }
        }
        s.recount();
        s.start_capture_and_ko();
        s.find_turn();
        s.status = s.next_status();
        s
    }

    /// Sets up what captures and ko need from the position as it stands: the
    /// liberties of the union-find's groups, and a history of one position.
    fn start_capture_and_ko(&mut self) {
        let rules = self.rules.clone();
        self.libs = Liberties::default();
        if let Some(cap) = rules.capture {
            if cap.piece == 0 && rules.track_groups {
                let b = &rules.board;
                self.libs = Liberties::new(b.len());
                for c in b.cells() {
                    if self.cells[c as usize] == content::EMPTY {
                        continue;
                    }
                    let r = self.uf.find(c);
                    for &m in b.neighbours(cap.adjacency).of(c) {
                        if self.cells[m as usize] == content::EMPTY {
                            self.libs.gain(r, m);
                        }
                    }
                }
            }
        }
        self.history.clear();
        if rules.ko != Ko::None {
            self.history.push(capture::position_hash(&self.cells));
        }
    }

    /// A position given as a list of pieces `(cell, piece kind, owner)` on an otherwise
    /// empty board (the file's setup is not used), with the colour to move and the ply
    /// count (the swap is available at ply 1). For hand-made positions in tests and tools.
    pub fn from_pieces(
        rules: Arc<Rules>,
        pieces: &[(&str, &str, Option<usize>)],
        to_move: usize,
        ply: u32,
    ) -> Result<State, String> {
        let mut s = State::new(rules.clone());
        let n = rules.board().len();
        s.cells.iter_mut().for_each(|v| *v = 0);
        if to_move > 1 {
            return Err("the player to move must be 0 or 1".into());
        }
        for (cell, kind, owner) in pieces {
            let c = rules
                .board()
                .parse_cell(cell)
                .ok_or_else(|| format!("`{cell}` is not a cell of this board"))?;
            let k = rules
                .pieces()
                .iter()
                .position(|p| p.name == *kind)
                .ok_or_else(|| format!("unknown piece `{kind}`"))?;
            if rules.pieces()[k].neutral != owner.is_none() || owner.is_some_and(|p| p > 1) {
                return Err(format!("`{kind}` on {cell}: wrong owner"));
            }
            if s.cells[k * n + c as usize] != 0 {
                return Err(format!("{cell} gets two {kind}s"));
            }
            s.cells[k * n + c as usize] =
                owner.map_or(content::NEUTRAL, |p| content::of_player(p as u8));
        }
        if rules.simple {
            s.empty = rules
                .board()
                .cells()
                .filter(|&c| s.cells[c as usize] == 0)
                .collect();
            for (i, &c) in s.empty.iter().enumerate() {
                s.empty_pos[c as usize] = i as u16;
            }
        }
        s.uf = UnionFind::new(rules.board());
        if rules.track_groups {
            // Add the stones one by one, as if placed, so each joins only those before it.
            let adj = rules.connect.adjacency;
            let mut placed = vec![0u8; n];
            for c in rules.board().cells() {
                if s.cells[c as usize] != 0 {
                    placed[c as usize] = s.cells[c as usize];
                    s.uf.add(
                        c,
                        &placed,
                        rules.board().neighbours(adj),
                        rules.board().regions_of(c),
                    );
                }
            }
        }
        s.recount();
        s.start_capture_and_ko();
        s.to_move = to_move as u8;
        s.ply = ply;
        for p in 0..2u8 {
            let won = rules.goals().iter().find(|g| {
                g.verdict == Verdict::Win && g.applies_to(p as usize) && s.made_anywhere(&g.goal, p)
            });
            if let Some(g) = won {
                return Err(format!(
                    "the position already holds a winning shape of {} (`{}`)",
                    rules.players()[p as usize],
                    g.text
                ));
            }
        }
        s.find_turn();
        s.status = s.next_status();
        Ok(s)
    }

    /// A position drawn as a picture, top row first: `X` a stone of the first player,
    /// `O` of the second, `.` empty; spaces are ignored. `to_move` is the colour to move.
    /// The ply count is the number of stones, so a one-stone picture with the second
    /// player to move offers the swap (when the game has it). For single-layer games on
    /// full rectangular boards.
    ///
    /// Refused (with the reason) when the picture does not fit the board, holds a
    /// forbidden glyph, or already holds a winning chain.
    pub fn from_picture(rules: Arc<Rules>, picture: &str, to_move: usize) -> Result<State, String> {
        let rows: Vec<Vec<char>> = picture
            .lines()
            .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
            .filter(|r| !r.is_empty())
            .collect();
        let b = rules.board();
        if rows.len() != b.height || rows.iter().any(|r| r.len() != b.width) {
            return Err(format!(
                "the picture must be {} rows of {} points",
                b.height, b.width
            ));
        }
        let mut pieces = Vec::new();
        let mut names = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            let y = (b.height - 1 - r) as i32;
            for (x, ch) in row.iter().enumerate() {
                let colour = match ch {
                    'X' => 0,
                    'O' => 1,
                    '.' => continue,
                    other => return Err(format!("unknown point `{other}`: use X, O or .")),
                };
                let cell = b
                    .cell_at(x as i32, y)
                    .ok_or("the picture leaves the board")?;
                names.push((b.cell_name(cell), colour));
            }
        }
        let kind = rules.pieces()[0].name.clone();
        for (name, colour) in &names {
            pieces.push((name.as_str(), kind.as_str(), Some(*colour)));
        }
        let s = State::from_pieces(rules.clone(), &pieces, to_move, names.len() as u32)?;
        // Every occurrence of a glyph holds a stone where the picture demands one, so
        // testing each stone as if just placed finds them all.
        let n = b.len();
        for c in b.cells() {
            let Some(p) = content::owner(s.cells[c as usize]) else {
                continue;
            };
            if let Some((glyph, points)) = rules.matchers[p as usize].explain(&s.cells[..n], c) {
                let names: Vec<String> = points.iter().map(|c| b.cell_name(*c)).collect();
                return Err(format!(
                    "the picture holds the forbidden glyph \"{}\" at {}",
                    rules.glyphs()[glyph].name,
                    names.join(" ")
                ));
            }
        }
        Ok(s)
    }
}
