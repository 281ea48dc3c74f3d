//! The command line's arguments: the clap definitions of every command and of the argument
//! groups they share (reading, reporting, viewing, selecting), with their value parsers.

use super::solve;
use crate::driver::select::Filter;
use clap::{Args, Parser, Subcommand, ValueEnum};

#[derive(Parser, Debug)]
#[command(
    name = "qipu",
    version,
    about = "qipu (棋谱): the referee for Xiangqi, Othello and Junqi Fanfanqi game records",
    long_about = "qipu (棋谱): the referee for Xiangqi, Othello and Junqi Fanfanqi game records.\n\
        It parses records, replays every move through the complete rules, points at the first bad move, \
        decides results by the rules (checkmate, the Xiangqi repetition rules, the Junqi step limits, \
        the Othello disc count …), and converts between notations.",
    after_help = "Exit status: 0 every game valid (adjudicate: and every claimed result agrees); \
        1 at least one game invalid, a claim disagrees, or an input holds no record; 2 usage \
        error, or an input not found or unreadable."
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub(crate) enum Command {
    /// Parse and replay every move; report each game's first error.
    Validate(CheckArgs),
    /// Validate, decide the result by the rules, compare with the claimed one.
    Adjudicate(AdjudicateArgs),
    /// Convert records to another format or notation.
    Convert(ConvertArgs),
    /// Count the leaf nodes of the move tree (move generator check).
    Perft(PerftArgs),
    /// Show the position of a record at a ply as a diagram.
    Show(ShowArgs),
    /// Find the games that are the same game (same game, start position and main-line moves,
    /// whatever the format, notation, encoding or tags).
    #[command(
        long_about = "Find the games that are the same game: the same game kind, the same start \
            position and the same main-line moves, whatever the format, notation, encoding or tags. \
            Moves are compared as the rules resolve them (炮二平五 = C2.5 = h2e2), each game by a \
            128-bit hash of its moves, so memory holds a hash per game, never the games. A game that \
            does not replay to its end is compared by the moves that replay and the rest as written.\n\
            Prints each group of two or more (json: one line a group, {\"games\": [{\"source\", \
            \"index\"}, …], \"plies\", \"start\", \"valid\"}), then the summary: games, distinct, \
            groups, duplicates.",
        after_help = "Exit status: 0 no duplicates; 1 duplicates found; 2 usage error or an unreadable input."
    )]
    Dedupe(CheckArgs),
    /// List every format with its game, extensions, read/write.
    Formats(FormatsArgs),
    /// Solve Othello positions exactly (OBF files, --board, or records at --ply): the score
    /// under perfect play, the best moves and a principal variation.
    #[command(
        after_help = "Exit status: 0 every position solved (and agreeing with the answers its OBF line lists); \
            1 a position over budget or disagreeing; 2 usage error or an unreadable input."
    )]
    Solve(solve::SolveArgs),
    /// Referee a game played live: commands on stdin, one reply line each on stdout (the
    /// referee protocol, docs/referee-protocol.md).
    #[command(
        long_about = "Referee a game played live, for a game server, a GUI or a match runner in any \
            language: one command a line on stdin, exactly one reply line each on stdout (text, or \
            one JSON object a line with --json), flushed at once. Commands: game, rules, rule, \
            position startpos|fen F [moves …], move M [M …], undo [N], legal, banmoves, verdict, \
            claimable, explain, status, new, ping, help, quit (docs/referee-protocol.md, \
            grammar/referee-protocol.ebnf). Every move goes through the referee of `adjudicate`: \
            the verdict comes at the same ply. A bad command or an illegal move gets an `error` \
            reply naming it and changes nothing. EOF or `quit` ends the session.",
        after_help = "Exit status: 0 at EOF or quit; 2 a usage error on the command line."
    )]
    Referee(RefereeArgs),
    /// Play engines against each other, every game refereed by the rules (UCI/UCCI Xiangqi
    /// engines, NBoard/GTP Othello engines); each game appended to --output as it ends.
    #[command(
        long_about = "Play engines against each other, every game refereed by qipu as it is played: \
            it ends the moment the rules end it (mate, stalemate, 长将/长捉/一将一捉 under --rules, the \
            repetition draw, the move limit; Othello's last disc), with the offender named, or at an \
            engine's fault (an illegal move, loss on time, a crash, a hang, an answer that is not a \
            move). Each game is appended to --output (Xiangqi PGN in ICCS, Othello PGN) as it ends, \
            with the verdict in its tags (QipuReason, QipuPly, QipuDetail); `qipu adjudicate` on the \
            output gives each game's verdict again. Started again with the same --output, the \
            match plays only the games that are not in it. Engines are given as --engine 'cmd=PROGRAM \
            name=NAME proto=uci|ucci|nboard|gtp arg=ARG dir=DIR option.NAME=VALUE nodes=N depth=N \
            st=SECONDS tc=MOVES/SECONDS+INC' (docs/match.md).",
        after_help = "Exit status: 0 the match ran (whatever its games' results); 2 a usage error, an \
            engine that cannot be started, or an output that cannot be written."
    )]
    Match(MatchArgs),
    /// Print a shell completion script.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff).
    #[command(hide = true)]
    Man,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ReportArg {
    Table,
    Json,
    Yaml,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum GameArg {
    Xiangqi,
    Othello,
    Junqi,
}

impl GameArg {
    pub(crate) fn kind(self) -> crate::core::record::GameKind {
        use crate::core::record::GameKind;
        match self {
            GameArg::Xiangqi => GameKind::Xiangqi,
            GameArg::Othello => GameKind::Othello,
            GameArg::Junqi => GameKind::Junqi,
        }
    }
}

#[derive(ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum EncodingArg {
    #[default]
    Auto,
    #[value(name = "utf-8", alias = "utf8")]
    Utf8,
    #[value(alias = "gb18030")]
    Gbk,
    Big5,
}

/// Options shared by the commands that read records.
#[derive(Args, Debug, Clone, Default)]
pub(crate) struct CommonArgs {
    #[command(flatten)]
    pub read: ReadArgs,
    #[command(flatten)]
    pub run: RunArgs,
}

/// How a batch runs: threads, progress, quiet (`solve` takes these with its own input options).
#[derive(Args, Debug, Clone, Default)]
pub(crate) struct RunArgs {
    /// Worker threads (default: all cores).
    #[arg(short = 'j', long, value_name = "N")]
    pub jobs: Option<usize>,
    /// No progress bar.
    #[arg(long)]
    pub no_progress: bool,
    /// Print only the report (no diagnostics, no progress).
    #[arg(short, long)]
    pub quiet: bool,
}

/// How records are read: the game, the format, the encoding, the rules (`show` takes these
/// alone: one game, no worker threads, no progress bar).
#[derive(Args, Debug, Clone, Default)]
pub(crate) struct ReadArgs {
    /// The game (default: detected from extension, tags and content).
    #[arg(long, value_enum)]
    pub game: Option<GameArg>,
    /// The input format (default: detected); see `qipu formats`.
    #[arg(long, value_name = "FORMAT")]
    pub from: Option<String>,
    /// Text encoding of the inputs (auto: BOM, valid UTF-8, else GB18030 or Big5 by content).
    #[arg(long, value_enum, default_value = "auto")]
    pub encoding: EncodingArg,
    /// A named rule set (xiangqi: cxa (default; the 2020 rulebook), cxa-2020, cxa-1999, axf; othello: wof; junqi: standard).
    #[arg(long, value_name = "PRESET")]
    pub rules: Option<String>,
    /// One rule parameter, repeatable (e.g. move-limit=50, repeat-window=8).
    #[arg(long = "rule", value_name = "KEY=VALUE", value_parser = parse_key_value)]
    pub rule: Vec<(String, String)>,
    /// Refuse a Xiangqi set-up (FEN) that no game can reach; without it such a set-up is
    /// judged as a composed position, with a warning (the same as --rule setup=strict).
    #[arg(long)]
    pub strict: bool,
}

impl ReadArgs {
    /// The shared options these stand for (one worker, no progress bar).
    pub(crate) fn common(&self) -> CommonArgs {
        CommonArgs {
            read: self.clone(),
            run: RunArgs {
                jobs: Some(1),
                no_progress: true,
                quiet: false,
            },
        }
    }
}

#[derive(Args, Debug, Clone)]
pub(crate) struct ReportArgs {
    /// The report format (json = JSON Lines, one object a game; table = a table every 10,000
    /// games, then the summary line).
    #[arg(short = 'r', long, value_enum, default_value = "table")]
    pub report: ReportArg,
    /// The same as --report json.
    #[arg(long)]
    pub json: bool,
}

/// `--format`: how the table report shows the games.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FormatArg {
    /// A table, one row a game, fitted to the width.
    Table,
    /// One line a game, like a compiler's message: `path:game N: disputed: 0-1
    /// perpetual-chase @8; claimed 1/2-1/2; xiangqi, 8 plies`.
    Short,
}

/// `--color`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ColorArg {
    /// On a terminal, unless NO_COLOR is set (or TERM=dumb).
    Auto,
    Always,
    Never,
}

/// How the table report looks (validate and adjudicate).
#[derive(Args, Debug, Clone)]
pub(crate) struct ViewArgs {
    /// The report on the terminal (validate, adjudicate): a table fitted to the width, or one
    /// line a game.
    ///
    /// The table never breaks a word: the directory of every path is printed once above the
    /// rows, and so is a column that says the same on every row; when the rows are still too
    /// wide, an error is written shorter (`illegal-move @12`), adjudicate shows an invalid
    /// game's error in the verdict column, paths are shortened from the left
    /// (`…/disputed/allowed-draw.pgn`), the columns plies, game, claimed and # are left out in
    /// this order (said above the table), and at last cells are cut with `…`.
    #[arg(long, value_enum, default_value = "table")]
    pub format: FormatArg,
    /// The width of validate's and adjudicate's table in columns (default: the terminal's;
    /// 100 when stdout is not a terminal or its size is unknown).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(20..))]
    pub width: Option<u16>,
    /// Colour disputed (yellow) and invalid (red) games in the report, and the diagnostics
    /// (never when piped with auto).
    #[arg(long, value_enum, default_value = "auto", value_name = "WHEN")]
    pub color: ColorArg,
}

/// `--where EXPR`.
#[derive(Args, Debug, Clone)]
pub(crate) struct SelectArgs {
    /// Keep only the games the expression selects (e.g. 'Red~许银川 and plies>=40'): tags
    /// (`Tag=v` equals, `Tag~v` contains), result, claimed, reason, plies, valid, agrees, game,
    /// format, index; `and`, `or`, `not`, parentheses (grammar/where.ebnf). Games left out are
    /// not reported; the summary counts them apart.
    #[arg(long = "where", value_name = "EXPR", value_parser = parse_filter)]
    pub filter: Option<Filter>,
}

fn parse_filter(s: &str) -> Result<Filter, String> {
    Filter::parse(s).map_err(|e| e.to_string())
}

#[derive(Args, Debug, Clone)]
pub(crate) struct CheckArgs {
    #[command(flatten)]
    pub common: CommonArgs,
    #[command(flatten)]
    pub report: ReportArgs,
    #[command(flatten)]
    pub select: SelectArgs,
    #[command(flatten)]
    pub view: ViewArgs,
    /// Files, directories (walked recursively) or `-` for stdin.
    #[arg(required = true, value_name = "INPUT")]
    pub inputs: Vec<String>,
}

#[derive(Args, Debug, Clone)]
#[command(group(clap::ArgGroup::new("html_output").args(["html", "html_dir"]).multiple(true)))]
pub(crate) struct AdjudicateArgs {
    #[command(flatten)]
    pub check: CheckArgs,
    /// Explain each verdict on stderr: the ruling, a repetition cycle move by move with each
    /// move's class, and a diagram of the deciding (for a repetition: the repeated) position;
    /// for Othello, where the game was lost (rule parameter analysis-empties). With --report
    /// json or yaml, nothing goes to stderr: each Othello game's report gets an `analysis`
    /// object instead (without --explain the report is unchanged).
    #[arg(long)]
    pub explain: bool,
    /// Also write one self-contained HTML page: every game in a table (filtered by status and
    /// reason), and the first 200 games replayable on their boards with their rulings.
    #[arg(long, value_name = "FILE")]
    pub html: Option<String>,
    /// Also write DIR/index.html (every game in a table, filtered by status and reason; 10,000
    /// rows a page) and a replayable page for each game, DIR/games/N.html.
    #[arg(long, value_name = "DIR")]
    pub html_dir: Option<String>,
    /// Replace existing --html / --html-dir files.
    #[arg(long, requires = "html_output")]
    pub force: bool,
}

#[derive(Args, Debug, Clone)]
pub(crate) struct ConvertArgs {
    #[command(flatten)]
    pub common: CommonArgs,
    /// The output format (see `qipu formats`).
    #[arg(long, value_name = "FORMAT")]
    pub to: String,
    /// Write everything to one file (`-` = stdout).
    #[arg(short = 'o', long, value_name = "FILE", conflicts_with = "out_dir")]
    pub output: Option<String>,
    /// Write one file per input, mirroring the input tree.
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<String>,
    /// Write one file per game into --out-dir, named from its tags (date, event, players)
    /// where it has them, else from its input and index; names are made unique.
    #[arg(long, requires = "out_dir")]
    pub split: bool,
    /// Write each game once: a game that is the same game as one written before (as `qipu
    /// dedupe` finds them) is left out and named on stderr.
    #[arg(long)]
    pub skip_duplicates: bool,
    #[command(flatten)]
    pub theory: solve::theory::TheoryArgs,
    /// Replace outputs that exist already (never an input).
    #[arg(long)]
    pub force: bool,
    #[command(flatten)]
    pub select: SelectArgs,
    /// Files, directories (walked recursively) or `-` for stdin.
    #[arg(required = true, value_name = "INPUT")]
    pub inputs: Vec<String>,
}

#[derive(Args, Debug, Clone)]
pub(crate) struct PerftArgs {
    /// xiangqi, othello or junqi.
    #[arg(value_enum)]
    pub game: GameArg,
    /// The depth in plies.
    pub depth: u32,
    /// The start position (Xiangqi FEN, Othello board string, Junqi position).
    #[arg(long, value_name = "POSITION")]
    pub fen: Option<String>,
    /// Print the count under each root move first.
    #[arg(long)]
    pub divide: bool,
    /// Threads to split the root moves over (default 1).
    #[arg(short = 'j', long, value_name = "N", default_value_t = 1)]
    pub jobs: usize,
}

#[derive(Args, Debug, Clone)]
pub(crate) struct ShowArgs {
    #[command(flatten)]
    pub read: ReadArgs,
    /// The record file (or `-`).
    #[arg(value_name = "INPUT")]
    pub input: String,
    /// Which game of the file, counted from 1 as the table's `#` column counts them.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub game_number: u64,
    /// The same counted from 0, as the JSON report's `index` (kept for scripts written before
    /// --game-number).
    #[arg(long, value_name = "N", hide = true, conflicts_with = "game_number")]
    pub game_index: Option<usize>,
    /// Show the position after this many plies (default: the end).
    #[arg(long, value_name = "N")]
    pub ply: Option<usize>,
    /// Also write the position as an SVG image.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<String>,
    /// Also write the game as a self-contained HTML page to replay it on its board, with its
    /// verdict (opens at --ply N when given, else at the first bad move, the deciding ply of
    /// a rule, or the start).
    #[arg(long, value_name = "FILE")]
    pub html: Option<String>,
    /// Replace an existing --svg / --html file.
    #[arg(long)]
    pub force: bool,
}

#[derive(Args, Debug, Clone)]
pub(crate) struct RefereeArgs {
    /// The game to start with (the `game` command changes it).
    #[arg(long, value_enum, default_value = "xiangqi")]
    pub game: GameArg,
    /// The rule set to start with (xiangqi: cxa, cxa-2020, cxa-1999, axf; othello: wof; junqi:
    /// standard).
    #[arg(long, value_name = "PRESET")]
    pub rules: Option<String>,
    /// One rule parameter to start with, repeatable (e.g. repetitions=2).
    #[arg(long = "rule", value_name = "KEY=VALUE", value_parser = parse_key_value)]
    pub rule: Vec<(String, String)>,
    /// Reply with one JSON object a line instead of text.
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug, Clone)]
pub(crate) struct MatchArgs {
    /// The game.
    #[arg(long, value_enum, default_value = "xiangqi")]
    pub game: GameArg,
    /// An engine: 'cmd=PROGRAM [name=NAME] [proto=uci|ucci|nboard|gtp] [arg=ARG]… [dir=DIR]
    /// [option.NAME=VALUE]… [nodes=N] [depth=N] [st=SECONDS] [tc=MOVES/SECONDS+INC]'
    /// (repeatable; proto defaults to uci for Xiangqi, nboard for Othello).
    #[arg(long, value_name = "SPEC", required = true)]
    pub engine: Vec<String>,
    /// Settings for every engine, put before each --engine's own (e.g. 'proto=ucci st=0.1').
    #[arg(long, value_name = "SPEC")]
    pub each: Option<String>,
    /// Games per pairing of engines.
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub games: usize,
    /// The first engine against each other one (default: every engine against every other).
    #[arg(long)]
    pub gauntlet: bool,
    /// Openings: a .fen/.epd/.obf file (one position a line), or any record file or directory
    /// qipu reads (each game's start and moves); each opening is played twice, colours
    /// reversed, in the order read.
    #[arg(long, value_name = "PATH")]
    pub openings: Option<String>,
    /// Use only the first N plies of each opening game (openings that are then the same are
    /// kept once): a database of games becomes a book of openings.
    #[arg(long, value_name = "N")]
    pub opening_plies: Option<usize>,
    /// Games played at once.
    #[arg(short = 'j', long, value_name = "N", default_value_t = 1)]
    pub jobs: usize,
    /// The rule set (xiangqi: cxa, cxa-2020, cxa-1999, axf; othello: wof).
    #[arg(long, value_name = "PRESET")]
    pub rules: Option<String>,
    /// One rule parameter, repeatable (e.g. repetitions=2, move-limit=50).
    #[arg(long = "rule", value_name = "KEY=VALUE", value_parser = parse_key_value)]
    pub rule: Vec<(String, String)>,
    /// The record file the games are appended to (created; a match started again with it
    /// plays the games that are not in it).
    #[arg(short = 'o', long, value_name = "FILE")]
    pub output: String,
    /// Do not send UCCI engines `banmoves` (by default they are told the moves that would make
    /// them the offender of a forbidden repetition).
    #[arg(long)]
    pub no_banmoves: bool,
    /// Milliseconds over its time an engine may take before it loses on time.
    #[arg(long, value_name = "MS", default_value_t = 200)]
    pub margin_ms: u64,
    /// Seconds a node- or depth-limited search may take before the engine counts as hung.
    #[arg(long, value_name = "SECONDS", default_value_t = 60)]
    pub hang_seconds: u64,
    /// Adjudicate a draw by the engines' scores: FROM_MOVE,MOVES,SCORE (both within SCORE of
    /// 0 for MOVES moves each from move FROM_MOVE).
    #[arg(long, value_name = "FROM,MOVES,SCORE")]
    pub draw: Option<String>,
    /// Adjudicate a loss by the engines' scores: MOVES,SCORE (the loser at or below -SCORE and
    /// the winner at or above SCORE for MOVES moves each).
    #[arg(long, value_name = "MOVES,SCORE")]
    pub resign: Option<String>,
    /// Stop when an SPRT on the first engine decides: ELO0,ELO1,ALPHA,BETA.
    #[arg(long, value_name = "ELO0,ELO1,ALPHA,BETA")]
    pub sprt: Option<String>,
    /// Play only this machine's share of the rounds, K of N (rounds r with (r-1) mod N = K-1),
    /// to spread one match over N machines; merge the outputs with `qipu convert`.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// The Event tag of the records.
    #[arg(long, value_name = "NAME", default_value = "qipu match")]
    pub event: String,
    /// One JSON object a game on stdout as it ends, then the summary.
    #[arg(long)]
    pub json: bool,
    #[arg(short = 'r', long, value_enum, default_value = "table", hide = true)]
    pub report: ReportArg,
    /// No progress lines on stderr.
    #[arg(short, long)]
    pub quiet: bool,
}

#[derive(Args, Debug, Clone)]
pub(crate) struct FormatsArgs {
    #[command(flatten)]
    pub report: ReportArgs,
    /// The table's width in columns (default: the terminal's; 100 when stdout is not a
    /// terminal): columns are left out and cells shortened, never a word broken.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(20..))]
    pub width: Option<u16>,
}

fn parse_key_value(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((k, v)) if !k.trim().is_empty() => Ok((k.trim().to_string(), v.trim().to_string())),
        _ => Err(format!("expected KEY=VALUE, got `{s}`")),
    }
}
