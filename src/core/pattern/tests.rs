//! Unit tests for pattern parsing.
