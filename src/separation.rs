//! The separation goal: does a connected group of one player's pieces split the
//! board so that no region left when the group's cells are removed holds more than
//! half of the counted things (pieces of a kind, or cells of a region)? Things on the
//! group's own cells lie in no region. Every group is tested.

use crate::ast::Adjacency;
use crate::board::{Board, Cell};

/// Whether some group of cells where `member` holds, linked by `adjacency`, separates
/// the cells where `counted` holds.
pub fn separates(
    board: &Board,
    adjacency: Adjacency,
    member: &dyn Fn(Cell) -> bool,
    counted: &dyn Fn(Cell) -> bool,
) -> bool {
    let nbrs = board.neighbours(adjacency);
    let n = board.len();
    let targets: Vec<Cell> = board.cells().filter(|&c| counted(c)).collect();
    let half = targets.len() / 2;
    // group[c]: the group id + 1 of a member cell.
    let mut group = vec![0u32; n];
    // seen[c] == stamp: visited in the current region search.
    let mut seen = vec![0u32; n];
    let mut stamp = 0u32;
    let mut stack: Vec<Cell> = Vec::new();
    let mut gid = 0u32;
    for start in board.cells() {
        if group[start as usize] != 0 || !member(start) {
            continue;
        }
        gid += 1;
        stack.push(start);
        group[start as usize] = gid;
        while let Some(c) = stack.pop() {
            for &m in nbrs.of(c) {
                if group[m as usize] == 0 && member(m) {
                    group[m as usize] = gid;
                    stack.push(m);
                }
            }
        }
        // The regions left without this group.
        stamp += 1;
        let mut ok = true;
        for &t in &targets {
            if group[t as usize] == gid || seen[t as usize] == stamp {
                continue;
            }
            let mut count = 0;
            seen[t as usize] = stamp;
            stack.push(t);
            while let Some(c) = stack.pop() {
                if counted(c) {
                    count += 1;
                }
                for &m in nbrs.of(c) {
                    if seen[m as usize] != stamp && group[m as usize] != gid {
                        seen[m as usize] = stamp;
                        stack.push(m);
                    }
                }
            }
            if count > half {
                ok = false;
                stack.clear();
                break;
            }
        }
        if ok {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::BoardShape;

    #[test]
    fn a_wall_across_a_board_separates_and_a_stub_does_not() {
        // 5x5 square, orthogonal adjacency, three pawns: half is 1.
        let b = Board::square(5);
        let cell = |name: &str| b.parse_cell(name).unwrap();
        let wall = |c: Cell| b.xy(c).0 == 2;
        // a1 | e1 e5: the right region holds two pawns.
        let right_two = |c: Cell| [cell("a1"), cell("e1"), cell("e5")].contains(&c);
        assert!(!separates(&b, Adjacency::Orthogonal, &wall, &right_two));
        // a1 | e5, and c3 on the wall lies in no region: one pawn each side.
        let split = |c: Cell| [cell("a1"), cell("e5"), cell("c3")].contains(&c);
        assert!(separates(&b, Adjacency::Orthogonal, &wall, &split));
        // Without c5 the two sides join round the top.
        let stub = |c: Cell| b.xy(c).0 == 2 && b.xy(c).1 < 4;
        assert!(!separates(&b, Adjacency::Orthogonal, &stub, &split));
    }

    #[test]
    fn hex_corner_group_isolates_one_pawn() {
        let b = Board::new(BoardShape::Hexagon, &[3], &[]);
        // Surround the corner cell (2,0) (x=2,y=0): its neighbours on the board.
        let corner = b.cell_at(2, 0).unwrap();
        let ring: Vec<Cell> = b.neighbours(Adjacency::All).of(corner).to_vec();
        let member = |c: Cell| ring.contains(&c);
        let far1 = b.cell_at(0, 4).unwrap();
        let far2 = b.cell_at(4, 2).unwrap();
        let pawns = |c: Cell| c == corner || c == far1 || c == far2;
        // Regions: {corner} with 1 pawn, the rest with 2 > 1: not separated.
        assert!(!separates(&b, Adjacency::All, &member, &pawns));
    }
}
