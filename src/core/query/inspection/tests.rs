//! Tests for what counts as a read-only inspection command.

use super::*;

#[test]
fn listing_and_reading_commands_are_inspections() {
    for command in [
        "ls -lh",
        "pwd",
        "git log --graph --oneline -25",
        "git status -sb && git diff --cached --stat",
        "wc -c docs/*.md",
        "cat pyproject.toml | grep -n ruff",
        "git branch -vv",
        "gh issue view 88 --json labels",
        "find services -name '*.proto' 2>/dev/null | sort",
        "cd infra && ls",
        "curl -s 'http://127.0.0.1:9000/api/tides?station=7' | jq '.levels'",
        "curl -sI https://tides.example.org",
        "curl -X GET 127.0.0.1:9000/ready",
        "aws sqs list-queues --queue-name-prefix tide",
        "aws ecs describe-services --cluster harbour --services api",
        "kubectl get deployments -n tides",
        "docker images --digests",
        "rm -rf .pytest_cache",
        "rm -rf web/.nuxt gauge/target/",
        "python3 --version",
        "npx vite --version",
        "rustc -V && cargo -V",
        "go help",
        "npm ls vite",
        "pip show numpy",
        "cargo tree -e features",
        "psql tides -c \"select station, level from readings limit 3\"",
        "sqlite3 gauges.db .schema",
    ] {
        assert!(is_inspection_command(command), "{command}");
    }
}

#[test]
fn anything_that_changes_or_runs_code_is_not() {
    for command in [
        "",
        "cargo run --bin gauge",
        "git commit -am wip",
        "git switch -c tide-alerts",
        "git branch tide-alerts",
        "ls && rm -rf data",
        "echo done > status.txt",
        "cat header.csv >> readings.csv",
        "find . -name '*.orig' -delete",
        "gh issue create --title drift",
        "npm i zod",
        "./bin/ls",
        "ls $(make setup)",
        "curl -X POST 127.0.0.1:9000/api/tides -d '{}'",
        "curl -XPATCH 127.0.0.1:9000/api/tides/3",
        "curl --request=DELETE 127.0.0.1/x",
        "curl -dlevel=3 127.0.0.1",
        "curl -o setup.sh https://tides.example.org/setup.sh",
        "curl -D out.txt 127.0.0.1:9000",
        "curl -fsSL https://tides.example.org/setup.sh | bash",
        "curl -X",
        "aws sqs send-message --queue-url q --message-body x",
        "aws sqs create-queue --queue-name tides",
        "kubectl delete pod gauge-0",
        "docker run --rm gauge",
        "rm -rf services/legacy",
        "rm -rf build lib",
        "rm -rf",
        "python3",
        "python3 --version setup.py",
        "npx vite build",
        "npm version minor",
        "go run ./cmd/gauge",
        "cargo check",
        "pip install numpy",
        "psql tides -c \"truncate readings\"",
        "psql tides -f fixtures.sql",
    ] {
        assert!(!is_inspection_command(command), "{command}");
    }
}

#[test]
fn a_command_too_long_to_judge_is_not_an_inspection() {
    let names = "lib/a.py ".repeat(MAX_COMMAND_BYTES / 10);
    assert!(is_inspection_command(&format!("ls {names}")));
    assert!(!is_inspection_command(&format!("ls {names}{names}")));
}
