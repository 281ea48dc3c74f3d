//! The move tree of the binary Xiangqi records (XQF, CCBridge CBR): both store it in
//! pre-order, one node per move, each saying whether a move follows it on its line and
//! whether an alternative to it follows once its line is done. The readers decode their own
//! node records; this module builds the tree from them and turns it into the core's main
//! line with variations.

use crate::core::error::{RecordError, Warning};
use crate::core::limits;
use crate::core::record::{MoveEntry, Record};
use crate::core::span::Span;

use super::board::square_name;

/// Nested variations deeper than this are dropped (with a warning), to bound recursion.
pub(crate) const MAX_VARIATION_DEPTH: usize = 64;

/// A square as (file, rank) in ICCS terms.
pub(crate) type Square = (u8, u8);

/// One node as a reader decoded it.
#[derive(Debug, Clone)]
pub(crate) struct NodeRecord {
    /// Offset of the node's record in the file (for spans).
    pub at: usize,
    /// The move's squares (`None` when a square byte is off the board); ignored for the root.
    pub squares: Option<(Square, Square)>,
    /// The raw square bytes, shown when they are off the board.
    pub raw: [u8; 2],
    /// A move follows this one on its line.
    pub has_next: bool,
    /// An alternative to this move follows once its line ends.
    pub has_alternative: bool,
    pub comment: Option<String>,
}

/// A node of the tree: node 0 is the root (the start position), its children the first moves.
#[derive(Debug, Clone)]
pub(crate) struct Node {
    pub record: NodeRecord,
    pub children: Vec<usize>,
}

/// Builds the tree by asking `next` for one node record after another (`true` for the root).
/// `next` returns `Err((offset, message))` when the data ends or breaks; the tree read so far
/// is returned with that stop.
pub(crate) fn build(
    mut next: impl FnMut(bool) -> Result<NodeRecord, (usize, String)>,
) -> (Vec<Node>, Option<(usize, String)>) {
    let mut nodes: Vec<Node> = Vec::new();
    // Tasks: read one node as a child of this parent (None = the root).
    let mut tasks: Vec<Option<usize>> = vec![None];
    let max = limits::max_plies();
    while let Some(parent) = tasks.pop() {
        if nodes.len() > max {
            // One more move than the ply limit (the root is no move): reading stops.
            let at = nodes.last().map_or(0, |n| n.record.at + 4);
            return (nodes, Some((at, String::new())));
        }
        let record = match next(parent.is_none()) {
            Ok(r) => r,
            Err(stop) => return (nodes, Some(stop)),
        };
        let (has_next, has_alternative) = (record.has_next, record.has_alternative);
        let id = nodes.len();
        nodes.push(Node {
            record,
            children: Vec::new(),
        });
        if let Some(p) = parent {
            if let Some(pn) = nodes.get_mut(p) {
                pn.children.push(id);
            }
            if has_alternative {
                tasks.push(Some(p));
            }
        }
        if has_next {
            tasks.push(Some(id));
        }
    }
    (nodes, None)
}

/// Whether the main line was read to its end.
pub(crate) fn main_line_complete(nodes: &[Node]) -> bool {
    let mut id = 0;
    loop {
        let Some(n) = nodes.get(id) else { return false };
        match n.children.first() {
            Some(&c) => id = c,
            None => return !n.record.has_next,
        }
    }
}

fn entry(node: &NodeRecord) -> Option<MoveEntry> {
    let ((ff, fr), (tf, tr)) = node.squares?;
    let mut e = MoveEntry::new(
        format!("{}{}", square_name(ff, fr), square_name(tf, tr)),
        Span::new(node.at, node.at + 4),
    );
    e.comments.extend(node.comment.clone());
    Some(e)
}

/// The line that starts after `parent`: its first child, that child's first child … with the
/// other children as variations. Returns the moves and, for a square off the board on this
/// line, the node's offset and its ply on the line.
pub(crate) fn line_from(
    nodes: &[Node],
    parent: usize,
    depth: usize,
    warnings: &mut Vec<Warning>,
) -> (Vec<MoveEntry>, Option<(usize, usize)>) {
    let mut line = Vec::new();
    let mut id = parent;
    while let Some(&first) = nodes.get(id).and_then(|n| n.children.first()) {
        let Some(node) = nodes.get(first) else { break };
        let Some(mut e) = entry(&node.record) else {
            let ply = line.len() + 1;
            return (line, Some((node.record.at, ply)));
        };
        let alternatives = nodes
            .get(id)
            .map(|n| n.children.get(1..).unwrap_or(&[]))
            .unwrap_or(&[]);
        for &alt in alternatives {
            if depth >= MAX_VARIATION_DEPTH {
                warnings.push(Warning::new("variations nested too deeply are dropped"));
                break;
            }
            let Some(alt_node) = nodes.get(alt) else {
                continue;
            };
            match entry(&alt_node.record) {
                Some(first_move) => {
                    let mut variation = vec![first_move];
                    let (rest, bad) = line_from(nodes, alt, depth + 1, warnings);
                    variation.extend(rest);
                    if bad.is_some() {
                        warnings.push(Warning::new(
                            "a variation stops at a move with a square off the board",
                        ));
                    }
                    e.variations.push(variation);
                }
                None => warnings.push(
                    Warning::new("a variation starting with a square off the board is dropped")
                        .at(Span::new(alt_node.record.at, alt_node.record.at + 4)),
                ),
            }
        }
        line.push(e);
        id = first;
    }
    (line, None)
}

/// Puts the tree into the record: the root's comment, the main line with its variations, and
/// the error or warning for a square off the board or data that ends early (`stop`, with its
/// offset in the file). Data that ends after a complete main line loses only variations: a
/// warning; otherwise the game is cut short: a parse error.
pub(crate) fn fill_record(rec: &mut Record, nodes: &[Node], stop: Option<(usize, String)>) {
    if let Some(c) = nodes.first().and_then(|root| root.record.comment.clone()) {
        rec.comments.push(c);
    }
    let mut warnings = Vec::new();
    let (main, bad) = line_from(nodes, 0, 0, &mut warnings);
    rec.moves = main;
    rec.warnings.append(&mut warnings);
    if let Some((at, ply)) = bad {
        let raw = nodes
            .iter()
            .find(|n| n.record.at == at)
            .map_or([0, 0], |n| n.record.raw);
        rec.parse_error = Some(
            RecordError::parse(
                format!("move record at offset {at:#x} has a square off the board"),
                Span::new(at, at + 4),
            )
            .with_ply(ply)
            .with_move(format!("{:02x}{:02x}", raw[0], raw[1]))
            .with_label("bad square"),
        );
    } else if let Some((at, msg)) = stop {
        let span = Span::new(at, rec.span.end.max(at));
        if nodes.len() > limits::max_plies() {
            // `build` stopped at the ply limit (variations included).
            let e = limits::too_long(Span::new(at, at));
            let main = rec.moves.len();
            rec.parse_error = Some(if main < nodes.len() - 1 {
                e
            } else {
                e.with_ply(main + 1)
            });
        } else if main_line_complete(nodes) {
            rec.warnings
                .push(Warning::new(format!("{msg}; the variations after it are lost")).at(span));
        } else {
            rec.stop_reading(RecordError::parse(msg, span).with_label("truncated here"));
        }
    }
}

/// The side to move first: the colour of the piece on the first move's source square, when
/// the board has one there (upper case = Red).
pub(crate) fn first_mover_is_red(
    nodes: &[Node],
    piece_at: impl Fn(Square) -> Option<char>,
) -> Option<bool> {
    let first = nodes.first()?.children.first()?;
    let (from, _) = nodes.get(*first)?.record.squares?;
    piece_at(from).map(|p| p.is_ascii_uppercase())
}
