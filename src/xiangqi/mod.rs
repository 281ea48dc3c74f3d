//! xiangqi

pub mod formats;
