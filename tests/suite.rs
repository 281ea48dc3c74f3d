//! Every integration test of qipu in one test program: each file of tests/ is a module here,
//! so the suite is compiled and linked once rather than once per file, and its tests share the
//! cores in one run. One file's tests: `cargo test --release --test suite FILE::` (for
//! example `othello_perft::`); the slow ones are `#[ignore]`d (`-- --ignored`). Tests of a
//! game's internals are unit tests in the crate (`cargo test --release --lib xiangqi::tests::`).

mod browser;
mod ccbridge_cli;
mod cli_common;
mod cli_dedupe;
mod cli_errors;
mod cli_samples;
mod cli_stream;
mod cli_table;
mod cli_where;
mod cli_widths;
mod common;
mod convert_database;
mod convert_safety;
mod formats_by_content;
mod fuzz_regressions;
mod hostile_input;
mod html_browser;
mod html_layout;
mod html_pages;
mod junqi_formats;
mod junqi_samples;
mod junqi_stream;
mod layers;
mod library_batch;
mod match_runner;
mod othello_corpus;
mod othello_formats;
mod othello_perft;
mod othello_samples;
mod othello_solve;
mod othello_solve_cli;
mod othello_where_lost;
mod readme_examples;
mod referee;
mod referee_protocol;
mod result_tag;
mod roundtrip_junqi;
mod roundtrip_othello;
mod roundtrip_xiangqi;
mod roundtrip_xqf;
mod show_cli;
mod show_docs_links;
mod xiangqi_perft;
mod xiangqi_repetition_cli;
