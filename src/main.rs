//! The `qipu` command: its argument definitions, commands and printers are in [`cli`], on top
//! of the library crate (`qipu::…`).

mod cli;

fn main() {
    std::process::exit(cli::run());
}
