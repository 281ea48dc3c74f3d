//! Junqi file formats: `.jqr`, the qipu record format.

pub mod jqr;
