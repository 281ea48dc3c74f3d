//! No build step. The build script exists for `[build-dependencies]` in Cargo.toml, which give
//! the proc-macro crates' `syn` the features the tests' dependencies give it, so that the
//! release build and the test build share one copy of every crate.

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
}
