//! The main thread's job dispatch: files and pieces out to the pool, results back in order.

use super::*;

/// Walks the files in order, hands out jobs to the pool and prints finished ones in order.
pub(super) fn dispatch<'s, W: Write>(
    s: &rayon::Scope<'s>,
    files: &'s [FoundFile],
    ctx: &'s Ctx<'s>,
    p: &mut Printer<'_, W>,
    tx: mpsc::Sender<Msg>,
    rx: &mpsc::Receiver<Msg>,
) {
    let mut seq = 0usize;
    // (seq, input bytes) of the jobs out.
    let mut out: Vec<(usize, u64)> = Vec::new();
    // Small files read whole go out in groups (one job, one message for many files).
    let mut group: Vec<(usize, Option<Vec<u8>>)> = Vec::new();
    let mut group_bytes = 0u64;
    let flush = |p: &mut Printer<'_, W>,
                 out: &mut Vec<(usize, u64)>,
                 seq: &mut usize,
                 group: &mut Vec<(usize, Option<Vec<u8>>)>,
                 group_bytes: &mut u64| {
        if group.is_empty() {
            return;
        }
        make_room(p, rx, out, *group_bytes);
        wait_for_room(p, rx, *seq, 0);
        out.push((*seq, *group_bytes));
        let tx = tx.clone();
        let my_seq = *seq;
        let jobs = std::mem::take(group);
        *group_bytes = 0;
        s.spawn(move |_| {
            // Sent in parts of about PART_GAMES games: the printer prints a big file's games
            // as they come instead of holding them all.
            let mut part: Vec<Outcome> = Vec::new();
            let mut games = 0;
            for (file_no, bytes) in jobs {
                let job = JobInfo {
                    file: &files[file_no],
                    file_no,
                    piece: None,
                };
                check_whole(ctx, &job, bytes, &mut |o| {
                    games += o.games.len();
                    part.push(o);
                    if games >= PART_GAMES {
                        games = 0;
                        let _ = tx.send((my_seq, std::mem::take(&mut part), false));
                    }
                });
            }
            let _ = tx.send((my_seq, part, true));
        });
        *seq += 1;
    };
    for (file_no, file) in files.iter().enumerate() {
        if p.broken {
            break;
        }
        let size = p.sizes.get(file_no).copied().unwrap_or(0);
        let streamable = common::streamable(file, size);
        let mut whole: Option<Vec<u8>> = None;
        if streamable {
            flush(p, &mut out, &mut seq, &mut group, &mut group_bytes);
            match open_stream(ctx, file) {
                Opened::Whole(bytes) => whole = Some(bytes),
                Opened::Failed(o) => {
                    let mut o = *o;
                    o.file_no = file_no;
                    wait_for_room(p, rx, seq, 0);
                    let _ = tx.send((seq, vec![o], true));
                    seq += 1;
                    continue;
                }
                Opened::Stream(mut st, g, format_id) => {
                    let rules = ctx.setup.rules_for(g.kind());
                    loop {
                        let next = st.next_piece();
                        let (piece, last) = match next {
                            Ok(Some(pc)) => (pc, false),
                            Ok(None) => (
                                Piece {
                                    text: Arc::from(""),
                                    lines_before: 0,
                                    bytes_done: size,
                                },
                                true,
                            ),
                            Err(stream::StreamError::Input(m)) => {
                                let o = failed(file_no, file, ErrorKind::Encoding, &m, true);
                                wait_for_room(p, rx, seq, 0);
                                let _ = tx.send((seq, vec![o], true));
                                seq += 1;
                                break;
                            }
                        };
                        make_room(p, rx, &mut out, piece.text.len() as u64);
                        wait_for_room(p, rx, seq, 0);
                        let info = PieceInfo {
                            lines_before: piece.lines_before,
                            last,
                            bytes_done: piece.bytes_done,
                        };
                        let tx = tx.clone();
                        let rules = rules.clone();
                        let my_seq = seq;
                        out.push((seq, piece.text.len() as u64));
                        s.spawn(move |_| {
                            let job = JobInfo {
                                file,
                                file_no,
                                piece: Some(info),
                            };
                            let o = check_piece(ctx, &job, g, format_id, &rules, piece.text);
                            let _ = tx.send((my_seq, vec![o], true));
                        });
                        seq += 1;
                        if last {
                            break;
                        }
                    }
                    continue;
                }
            }
        }
        group_bytes += weight(file, whole.as_ref().map_or(size, |b| b.len() as u64));
        group.push((file_no, whole));
        if group_bytes >= GROUP_BYTES || group.len() >= GROUP_FILES {
            flush(p, &mut out, &mut seq, &mut group, &mut group_bytes);
        }
    }
    flush(p, &mut out, &mut seq, &mut group, &mut group_bytes);
    while p.next < seq && !p.broken {
        receive_one(p, rx);
    }
}

/// What a file read whole counts for against [`MAX_BYTES_IN_FLIGHT`]: its bytes, or
/// [`BINARY_WEIGHT`] times them for a binary format (a WTHOR game is 68 bytes of input and some
/// 700 bytes of report), so that the reports out at a time stay about as many as for text.
fn weight(file: &FoundFile, bytes: u64) -> u64 {
    let ext = file
        .path
        .as_deref()
        .and_then(|p| p.extension())
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    let binary = ext.is_some_and(|ext| {
        crate::games::all().iter().any(|g| {
            g.formats()
                .iter()
                .any(|f| f.binary && f.extensions.contains(&ext.as_str()))
        })
    });
    if binary {
        bytes.saturating_mul(BINARY_WEIGHT)
    } else {
        bytes
    }
}

/// Blocks until `weight` more input bytes fit in [`MAX_BYTES_IN_FLIGHT`] (or nothing is out).
pub(super) fn make_room<W: Write>(
    p: &mut Printer<'_, W>,
    rx: &mpsc::Receiver<Msg>,
    out: &mut Vec<(usize, u64)>,
    weight: u64,
) {
    loop {
        out.retain(|&(q, _)| q >= p.next);
        let held: u64 = out.iter().map(|&(_, w)| w).sum();
        if out.is_empty() || held + weight <= MAX_BYTES_IN_FLIGHT || p.broken {
            return;
        }
        receive_one(p, rx);
    }
}

/// Blocks until fewer than [`MAX_IN_FLIGHT`] jobs are out.
pub(super) fn wait_for_room<W: Write>(
    p: &mut Printer<'_, W>,
    rx: &mpsc::Receiver<Msg>,
    seq: usize,
    _extra: usize,
) {
    // Print what is ready without waiting.
    while let Ok((s, o, done)) = rx.try_recv() {
        p.accept(s, o, done);
    }
    while seq.saturating_sub(p.next) >= MAX_IN_FLIGHT && !p.broken {
        receive_one(p, rx);
    }
}

pub(super) fn receive_one<W: Write>(p: &mut Printer<'_, W>, rx: &mpsc::Receiver<Msg>) {
    match rx.recv() {
        Ok((s, o, done)) => p.accept(s, o, done),
        Err(_) => p.broken = true,
    }
}
