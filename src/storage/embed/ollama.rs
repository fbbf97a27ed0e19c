//! The Ollama embedder: `ollama-rs` over plain HTTP, driven by a current-thread tokio runtime
//! owned by each [`OllamaEmbedder`], so callers stay synchronous.
//!
//! ollama-rs has no timeout setting of its own; it is handed a `reqwest` client built with a
//! total request timeout (connect included) and no proxy, so a hook's query embedding can
//! never wait longer than `ollama.query_timeout_ms`, and a corporate `HTTP_PROXY` cannot
//! capture traffic meant for a loopback Ollama. Every text is redacted (`core::redact`)
//! before it is sent.

use std::time::Duration;

use ollama_rs::Ollama;
use ollama_rs::error::OllamaError;
use ollama_rs::generation::embeddings::request::GenerateEmbeddingsRequest;
use reqwest::Url;

use super::{EmbedError, Embedder, check_vectors};
use crate::core::config::{Config, OllamaConfig};
use crate::core::embedding_prompt::EmbeddingPrompts;
use crate::core::redact::redact;

/// Embeds with a model served by Ollama (`/api/embed`).
pub struct OllamaEmbedder {
    client: Ollama,
    runtime: tokio::runtime::Runtime,
    host: String,
    model: String,
    prompts: EmbeddingPrompts,
    timeout: Duration,
}

impl std::fmt::Debug for OllamaEmbedder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OllamaEmbedder")
            .field("host", &self.host)
            .field("model", &self.model)
            .field("timeout", &self.timeout)
            .finish()
    }
}

/// Parse `ollama.host` as Ollama itself does: a bare `host:port` means `http://host:port`.
fn parse_host(host: &str) -> Result<Url, EmbedError> {
    let invalid = |detail: String| EmbedError::InvalidHost {
        host: host.to_string(),
        detail,
    };
    let trimmed = host.trim();
    let with_scheme = if trimmed.contains("://") {
        trimmed.to_string()
    } else {
        format!("http://{trimmed}")
    };
    let url = Url::parse(&with_scheme).map_err(|e| invalid(e.to_string()))?;
    if url.scheme() != "http" {
        // Built without TLS on purpose: Ollama is a local service.
        return Err(invalid(format!(
            "scheme `{}` is not supported, only `http`",
            url.scheme()
        )));
    }
    if !url.has_host() {
        return Err(invalid("no host name".to_string()));
    }
    Ok(url)
}

fn http_client(timeout: Duration) -> Result<reqwest::Client, EmbedError> {
    reqwest::Client::builder()
        .timeout(timeout)
        .connect_timeout(timeout)
        .no_proxy()
        .build()
        .map_err(|e| EmbedError::Client(e.to_string()))
}

fn runtime() -> Result<tokio::runtime::Runtime, EmbedError> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| EmbedError::Client(e.to_string()))
}

impl OllamaEmbedder {
    /// An embedder for `config.host` and `config.model` whose every request gives up after
    /// `timeout` (use `timeout_ms` for ingest and `query_timeout_ms` for queries).
    pub fn new(config: &OllamaConfig, timeout: Duration) -> Result<Self, EmbedError> {
        let url = parse_host(&config.host)?;
        let client = Ollama::builder()
            .url(url)
            .reqwest_client(http_client(timeout)?)
            .build();
        Ok(Self {
            client,
            runtime: runtime()?,
            host: config.host.clone(),
            model: config.model.clone(),
            prompts: config.prompts(),
            timeout,
        })
    }

    /// The ingest embedder: `ollama.timeout_ms` per batch.
    pub fn for_ingest(config: &OllamaConfig) -> Result<Self, EmbedError> {
        Self::new(config, Duration::from_millis(config.timeout_ms.max(1)))
    }

    /// The embedder a configuration asks for: None when `[search] hybrid` is off. `for_query`
    /// picks the hook's hard query timeout over the ingest timeout.
    pub fn when_hybrid(config: &Config, for_query: bool) -> Result<Option<Self>, EmbedError> {
        if !config.search.hybrid {
            return Ok(None);
        }
        let embedder = if for_query {
            Self::for_query(&config.ollama)
        } else {
            Self::for_ingest(&config.ollama)
        };
        embedder.map(Some)
    }

    /// The query embedder: `ollama.query_timeout_ms`, the hard limit a hook waits.
    pub fn for_query(config: &OllamaConfig) -> Result<Self, EmbedError> {
        Self::new(
            config,
            Duration::from_millis(config.query_timeout_ms.max(1)),
        )
    }

    fn classify(&self, error: OllamaError) -> EmbedError {
        match error {
            OllamaError::ReqwestError(e) if e.is_timeout() => EmbedError::Timeout {
                host: self.host.clone(),
                timeout_ms: self.timeout.as_millis() as u64,
            },
            OllamaError::ReqwestError(e) => {
                // A timeout while connecting is reported as a connect error wrapping it.
                let detail = chain(&e);
                if detail.contains("timed out") {
                    EmbedError::Timeout {
                        host: self.host.clone(),
                        timeout_ms: self.timeout.as_millis() as u64,
                    }
                } else {
                    EmbedError::Unreachable {
                        host: self.host.clone(),
                        detail,
                    }
                }
            }
            OllamaError::Other(body) => {
                let detail = server_message(&body);
                if detail.contains("not found") {
                    EmbedError::ModelMissing {
                        model: self.model.clone(),
                        detail,
                    }
                } else {
                    EmbedError::Server {
                        host: self.host.clone(),
                        detail,
                    }
                }
            }
            OllamaError::JsonError(e) => EmbedError::BadResponse {
                host: self.host.clone(),
                detail: e.to_string(),
            },
            other => EmbedError::Server {
                host: self.host.clone(),
                detail: chain(&other),
            },
        }
    }
}

/// Every message in an error's source chain, joined.
fn chain(error: &dyn std::error::Error) -> String {
    let mut parts = vec![error.to_string()];
    let mut source = error.source();
    while let Some(cause) = source {
        let text = cause.to_string();
        if !parts.iter().any(|p| p.contains(&text)) {
            parts.push(text);
        }
        source = cause.source();
    }
    parts.join(": ")
}

/// Ollama's error bodies are `{"error": "..."}`; fall back to the raw text.
fn server_message(body: &str) -> String {
    #[derive(serde::Deserialize)]
    struct Body {
        error: String,
    }
    serde_json::from_str::<Body>(body)
        .map(|b| b.error)
        .unwrap_or_else(|_| body.trim().to_string())
}

impl Embedder for OllamaEmbedder {
    fn model(&self) -> &str {
        &self.model
    }

    fn prompts(&self) -> EmbeddingPrompts {
        self.prompts.clone()
    }

    fn embed(&self, texts: &[String]) -> Result<Vec<Vec<f32>>, EmbedError> {
        if texts.is_empty() {
            return Ok(Vec::new());
        }
        // The one door to the embedding server (which may be remote): nothing passes it
        // unredacted, whoever the caller.
        let texts: Vec<String> = texts.iter().map(|t| redact(t).into_owned()).collect();
        let count = texts.len();
        let request = GenerateEmbeddingsRequest::new(self.model.clone(), texts.into());
        let response = self
            .runtime
            .block_on(self.client.generate_embeddings(request))
            .map_err(|e| self.classify(e))?;
        check_vectors(&self.host, count, &response.embeddings)?;
        Ok(response.embeddings)
    }
}

/// Whether Ollama answers, for `lore status`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct OllamaProbe {
    pub host: String,
    /// Ollama answered the model list within the timeout.
    pub reachable: bool,
    /// The configured model is among the local models (None when unreachable).
    pub model_available: Option<bool>,
    /// Why it is unreachable or the model is missing, with the remedy.
    pub problem: Option<String>,
}

/// Receives each pull status line: message, bytes completed, bytes total.
pub type PullProgress<'a> = &'a mut dyn FnMut(&str, Option<u64>, Option<u64>);

/// Pull `config.model` into Ollama, reporting each status line (message, bytes completed,
/// bytes total) as Ollama streams it. Downloads can take minutes: only the connection, not
/// the whole pull, is bounded by `connect_timeout`.
pub fn pull_model(
    config: &OllamaConfig,
    connect_timeout: Duration,
    progress: PullProgress<'_>,
) -> Result<(), EmbedError> {
    use tokio_stream::StreamExt;

    let url = parse_host(&config.host)?;
    let http = reqwest::Client::builder()
        .connect_timeout(connect_timeout)
        .no_proxy()
        .build()
        .map_err(|e| EmbedError::Client(e.to_string()))?;
    let client = Ollama::builder().url(url).reqwest_client(http).build();
    let embedder = OllamaEmbedder::new(config, connect_timeout)?;
    embedder.runtime.block_on(async {
        let mut stream = client
            .pull_model_stream(config.model.clone(), false)
            .await
            .map_err(|e| embedder.classify(e))?;
        while let Some(status) = stream.next().await {
            let status = status.map_err(|e| embedder.classify(e))?;
            progress(&status.message, status.completed, status.total);
        }
        Ok(())
    })
}

/// Ask Ollama for its model list, giving up after `timeout`. Never fails: the outcome says
/// what is wrong.
pub fn probe_ollama(config: &OllamaConfig, timeout: Duration) -> OllamaProbe {
    let unreachable = |problem: String| OllamaProbe {
        host: config.host.clone(),
        reachable: false,
        model_available: None,
        problem: Some(problem),
    };
    let embedder = match OllamaEmbedder::new(config, timeout) {
        Ok(e) => e,
        Err(e) => return unreachable(e.to_string()),
    };
    let models = embedder
        .runtime
        .block_on(embedder.client.list_local_models());
    match models {
        Err(e) => unreachable(embedder.classify(e).to_string()),
        Ok(models) => {
            let wanted = &config.model;
            let available = models.iter().any(|m| {
                m.name == *wanted
                    || m.name.strip_suffix(":latest") == Some(wanted.as_str())
                    || wanted.strip_suffix(":latest") == Some(m.name.as_str())
            });
            OllamaProbe {
                host: config.host.clone(),
                reachable: true,
                model_available: Some(available),
                problem: (!available)
                    .then(|| format!("Ollama has no model `{wanted}`; run `ollama pull {wanted}`")),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_without_scheme_get_http_and_other_schemes_are_refused() {
        assert_eq!(
            parse_host("localhost:11434").unwrap().as_str(),
            "http://localhost:11434/"
        );
        assert_eq!(
            parse_host(" http://127.0.0.1:11434 ").unwrap().as_str(),
            "http://127.0.0.1:11434/"
        );
        assert!(matches!(
            parse_host("https://example.com"),
            Err(EmbedError::InvalidHost { .. })
        ));
        assert!(matches!(
            parse_host("http://"),
            Err(EmbedError::InvalidHost { .. })
        ));
    }

    #[test]
    fn server_errors_are_unwrapped_from_ollama_json() {
        assert_eq!(
            server_message(r#"{"error":"model 'x' not found"}"#),
            "model 'x' not found"
        );
        assert_eq!(server_message(" plain text\n"), "plain text");
    }

    /// A one-request HTTP server answering like Ollama's `/api/embed`; returns its URL and
    /// the request it received.
    fn recording_server() -> (String, std::thread::JoinHandle<String>) {
        use std::io::{BufRead, BufReader, Read, Write};
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let handle = std::thread::spawn(move || {
            let (stream, _) = listener.accept().unwrap();
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let mut head = String::new();
            let mut length = 0;
            loop {
                let mut line = String::new();
                reader.read_line(&mut line).unwrap();
                if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                    length = v.trim().parse().unwrap();
                }
                head.push_str(&line);
                if line == "\r\n" {
                    break;
                }
            }
            let mut body = vec![0; length];
            reader.read_exact(&mut body).unwrap();
            let reply = r#"{"model":"m","embeddings":[[0.5,0.25]]}"#;
            write!(
                &stream,
                "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{reply}",
                reply.len()
            )
            .unwrap();
            head + &String::from_utf8(body).unwrap()
        });
        (url, handle)
    }

    #[test]
    fn texts_are_redacted_before_they_are_sent() {
        let (host, server) = recording_server();
        let config = OllamaConfig {
            host,
            model: "m".into(),
            ..OllamaConfig::default()
        };
        let embedder = OllamaEmbedder::new(&config, Duration::from_secs(10)).unwrap();
        let vectors = embedder
            .embed(&[
                "aws s3 ls AKIAIOSFODNN7EXAMPLE ghp_16C7e42F292c6912E7710c838347Ae178B4a"
                    .to_string(),
            ])
            .unwrap();
        assert_eq!(vectors, [vec![0.5, 0.25]]);
        let request = server.join().unwrap();
        assert!(!request.contains("AKIAIOSFODNN7EXAMPLE"), "{request}");
        assert!(!request.contains("ghp_16C7"), "{request}");
        assert!(
            request.contains("aws s3 ls [REDACTED] [REDACTED]"),
            "{request}"
        );
    }

    #[test]
    fn a_dead_port_is_unreachable_not_a_panic() {
        // Port 9 (discard) on loopback: nothing listens there on test machines.
        let config = OllamaConfig {
            host: "http://127.0.0.1:9".into(),
            ..OllamaConfig::default()
        };
        let embedder = OllamaEmbedder::new(&config, Duration::from_millis(500)).unwrap();
        let err = embedder.embed(&["x".to_string()]).unwrap_err();
        assert!(err.is_unavailable(), "{err}");
        assert!(err.to_string().contains("127.0.0.1:9"), "{err}");
        assert!(embedder.embed(&[]).unwrap().is_empty());
        let probe = probe_ollama(&config, Duration::from_millis(500));
        assert!(!probe.reachable);
        assert!(probe.problem.is_some());
    }
}
