#![no_main]
//! Othello transcripts (f5d6c3…), and the move and board notations.
use libfuzzer_sys::fuzz_target;
fuzz_target!(|data: &[u8]| {
    qipu_fuzz::run("othello_transcript", data);
});
