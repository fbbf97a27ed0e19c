//! Build script: links the `lore` binary as a position-dependent executable on Linux (glibc).
//!
//! Claude Code starts `lore hook` afresh before every tool call, so start-up time is paid on
//! every call. A position-independent `lore` makes the dynamic loader apply about 17,000
//! relocations and copy the 270 KB of pages they touch before `main`; linked at a fixed
//! address it does neither (0.3 ms of a 1.3 ms start, see `docs/benchmarks.md`). The cost is
//! that the executable's own code is not placed at a random address (libraries still are).

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    // musl builds are static already; other systems' linkers spell this differently.
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
