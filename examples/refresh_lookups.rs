//! Rewrites the lookup files generated from lore's compiled-in tables
//! (`src/core/query/**/*_generated.rs`) after a table changed: `cargo run --example
//! refresh_lookups`. A unit test fails while a checked-in file is out of step.

use std::path::Path;

fn main() -> std::io::Result<()> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for file in lore::core::query::generated_lookup_files() {
        let path = root.join(file.path);
        let old = std::fs::read_to_string(&path).unwrap_or_default();
        if old == file.text {
            println!("{}: up to date", file.path);
        } else {
            std::fs::write(&path, &file.text)?;
            println!("{}: rewritten", file.path);
        }
    }
    Ok(())
}
