//! xiangqi
