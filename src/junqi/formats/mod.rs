//! Junqi file formats: `.jqr`, the qipu record format (reader in `jqr`, writer in
//! `jqr_write`).

pub mod jqr;
pub mod jqr_write;
