//! The `qipu` command: its argument definitions, commands and printers are the library's
//! [`qipu::cli`] module, the top layer of the crate.

fn main() {
    std::process::exit(qipu::cli::run());
}
