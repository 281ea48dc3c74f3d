//! Junqi's rules checked from outside the board engine: perft and move generation against a
//! slow generator written from the link geometry alone (`perft`), and the rule parameters —
//! timeouts, repetitions, step limits — on whole records (`rules`).

mod perft;
mod rules;
