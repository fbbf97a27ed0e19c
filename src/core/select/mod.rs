//! The rules of relevance, in one place: which patterns a moment of an agent session gets.
//!
//! Selection is one pipeline, and each step's rules live in one file here (the composition
//! with the index is `services::select`):
//!
//! 1. **Candidates** come from `paths` globs ([`globs`]), the project's own agent files
//!    ([`project_scope`]), universal patterns whose `applies_when` names the call
//!    ([`applies_when`]), and the words of the query, ranked as whole patterns by BM25
//!    ([`bm25`], over each pattern's words counted per field, [`pattern_terms`]), optionally
//!    fused with vector similarity ([`fusion`]).
//! 2. **Evidence** per candidate ([`evidence`]): what each source says about it, including
//!    how much of its file name's subject the call covers ([`name`]), and whether a guide for
//!    one task is asked for ([`task_guide`]).
//! 3. **The bar**: a candidate is kept only when its own evidence clears it, whatever else is
//!    in the index, and when it is not far below the best candidate of the call.
//! 4. **Budget**: the best candidate gets the room it needs before the next is considered.
//!
//! A session's start has no call to select for: it lists the patterns that fit the project
//! ([`project_fit`]).

pub mod applies_when;
pub mod bar;
pub mod bm25;
pub mod budget;
pub mod evidence;
pub mod excerpt;
pub mod folder_mention;
pub mod fusion;
pub mod globs;
pub mod name;
pub mod pattern_terms;
pub mod project_fit;
pub mod project_scope;
pub mod sections;
pub mod task_guide;
pub mod test_code;
