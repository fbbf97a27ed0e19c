//! `lore` binary: a thin entry point; all work happens in [`lore::adapters::cli::run`].

fn main() {
    std::process::exit(lore::adapters::cli::run());
}
