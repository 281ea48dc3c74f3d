//! Junqi file formats: `.jqr`, the qipu record format (reader in `jqr`, writer in
//! `jqr_write`, where a stream may be cut between games in `jqr_cut`).

pub mod jqr;
pub mod jqr_cut;
pub mod jqr_write;
