/// mimalloc: batches allocate and free millions of small records; glibc's allocator gave
/// memory back to the system after every slice of games and faulted it in again (measured:
/// WTHOR read + replay twice as fast with mimalloc).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    std::process::exit(qipu::cli::run());
}
