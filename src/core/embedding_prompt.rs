//! The task prefixes a retrieval embedding model expects before queries and documents.
//!
//! Some models were trained to embed a question and a passage differently and are told which
//! one they are reading by a prefix: `nomic-embed-text`, lore's default, *requires*
//! `search_query: ` before queries and `search_document: ` before documents, and ranks worse
//! without them. Others (all-minilm, bge-m3) take plain text. The prefixes are part of what a
//! stored vector means, so the index records the document prefix beside the model name.

/// The prefixes to put before texts embedded as queries and as documents.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct EmbeddingPrompts {
    pub query: String,
    pub document: String,
}

/// Known model families and their (query, document) prefixes, from their model cards.
const KNOWN: &[(&str, &str, &str)] = &[
    ("nomic-embed-text", "search_query: ", "search_document: "),
    (
        "mxbai-embed-large",
        "Represent this sentence for searching relevant passages: ",
        "",
    ),
    // The E5 family (multilingual-e5-small, e5-base-v2, ...): `query: ` and `passage: `.
    ("multilingual-e5", "query: ", "passage: "),
    ("e5-", "query: ", "passage: "),
    // Snowflake's arctic-embed: an instruction before queries, documents as they are.
    (
        "snowflake-arctic-embed",
        "Represent this sentence for searching relevant passages: ",
        "",
    ),
    (
        "arctic-embed",
        "Represent this sentence for searching relevant passages: ",
        "",
    ),
];

impl EmbeddingPrompts {
    /// The prefixes `model` was trained with (none for a model lore does not know), each
    /// replaced by `query` or `document` when configured.
    pub fn for_model(model: &str, query: Option<&str>, document: Option<&str>) -> Self {
        let family = model_family(model);
        let (known_query, known_document) = KNOWN
            .iter()
            .find(|(name, _, _)| family.starts_with(name))
            .map_or(("", ""), |(_, q, d)| (*q, *d));
        Self {
            query: query.unwrap_or(known_query).to_string(),
            document: document.unwrap_or(known_document).to_string(),
        }
    }
}

/// A prefix as messages name it: `the prefix "search_document: "`, or `no prefix`.
pub fn describe_prefix(prefix: &str) -> String {
    if prefix.is_empty() {
        "no prefix".to_string()
    } else {
        format!("the prefix {prefix:?}")
    }
}

/// An Ollama model name without its registry path and tag:
/// `registry.example/library/nomic-embed-text:v1.5` is `nomic-embed-text`.
fn model_family(model: &str) -> String {
    let name = model.rsplit('/').next().unwrap_or(model);
    let name = name.split(':').next().unwrap_or(name);
    name.trim().to_ascii_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nomic_gets_its_search_prefixes_whatever_the_tag_or_registry() {
        for model in [
            "nomic-embed-text",
            "nomic-embed-text:latest",
            "nomic-embed-text:v1.5",
            "Nomic-Embed-Text",
            "registry.example/library/nomic-embed-text:137m-v1.5-fp16",
            "nomic-embed-text-v2-moe",
        ] {
            let prompts = EmbeddingPrompts::for_model(model, None, None);
            assert_eq!(prompts.query, "search_query: ", "{model}");
            assert_eq!(prompts.document, "search_document: ", "{model}");
        }
    }

    #[test]
    fn e5_and_arctic_embed_get_their_prefixes() {
        for model in [
            "multilingual-e5-small",
            "e5-base-v2:latest",
            "intfloat/e5-large-v2",
        ] {
            let prompts = EmbeddingPrompts::for_model(model, None, None);
            assert_eq!(
                (prompts.query.as_str(), prompts.document.as_str()),
                ("query: ", "passage: "),
                "{model}"
            );
        }
        for model in [
            "snowflake-arctic-embed:33m",
            "snowflake-arctic-embed2",
            "arctic-embed-m",
        ] {
            let prompts = EmbeddingPrompts::for_model(model, None, None);
            assert!(
                prompts.query.starts_with("Represent this sentence"),
                "{model}"
            );
            assert_eq!(prompts.document, "", "{model}");
        }
    }

    #[test]
    fn unknown_models_get_plain_text_and_configured_prefixes_win() {
        assert_eq!(
            EmbeddingPrompts::for_model("all-minilm", None, None),
            EmbeddingPrompts::default()
        );
        let mxbai = EmbeddingPrompts::for_model("mxbai-embed-large:335m", None, None);
        assert!(mxbai.query.starts_with("Represent this sentence"));
        assert_eq!(mxbai.document, "");
        let set = EmbeddingPrompts::for_model("nomic-embed-text", Some(""), Some("passage: "));
        assert_eq!(set.query, "");
        assert_eq!(set.document, "passage: ");
    }
}
