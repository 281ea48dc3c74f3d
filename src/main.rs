fn main() {
    std::process::exit(qipu::cli::run());
}
