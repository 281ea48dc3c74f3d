//! othello
