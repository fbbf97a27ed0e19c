//! Python rows: a line that shows each, and near misses.

use super::{assert_found, assert_not_found};

#[rustfmt::skip]
pub(super) const FOUND: &[(&str, &str, &str)] = &[
    ("python", "py-lambda", "users.sort(key=lambda u: u.name)"),
    ("python", "py-logging-format", "logger.info(f\"saved {count} rows\")"),
    ("python", "py-logging-format", "logging.warning(\"retry %d\" % attempt)"),
    ("python", "py-print", "print(\"done\")"),
    ("python", "py-open-files", "f = open(path)"),
    ("python", "py-broad-except", "except:"),
    ("python", "py-broad-except", "except Exception as err:"),
    ("python", "py-exception-chaining", "raise ConfigError(\"bad file\") from err"),
    ("python", "py-mutable-defaults", "def add(item, items=[]):"),
    ("python", "py-mutable-defaults", "def merge(a, b: dict = {}):"),
    ("python", "py-wildcard-imports", "from os.path import *"),
    ("python", "py-relative-imports", "from .models import User"),
    ("python", "py-properties", "@property"),
    ("python", "py-global-state", "global _cache"),
    ("python", "py-comprehensions", "names = [u.name for u in users]"),
    ("python", "py-dataclasses", "@dataclass"),
    ("python", "py-main", "if __name__ == \"__main__\":"),
    ("python", "py-string-concatenation", "msg = \"Hello, \" + name"),
    ("python", "py-truth-tests", "if value == None:"),
    ("python", "py-truth-tests", "if len(items) == 0:"),
    ("python", "py-lint-suppression", "import foo  # noqa: F401"),
    ("python", "py-static-methods", "@staticmethod"),
    ("python", "py-fixtures", "@pytest.fixture"),
    ("python", "py-parametrize", "@pytest.mark.parametrize(\"n\", [1, 2])"),
    ("python", "py-mocking", "with mock.patch(\"app.api.get\") as get:"),
    ("python", "py-os-path", "path = os.path.join(root, name)"),
    ("python", "py-shell-true", "subprocess.run(cmd, shell=True)"),
    ("python", "py-eval", "value = eval(text)"),
    ("python", "py-sql-formatting", "cursor.execute(f\"SELECT * FROM users WHERE id = {user_id}\")"),
    ("python", "py-row-iteration", "for _, row in df.iterrows():"),
    ("python", "py-inplace", "df.dropna(inplace=True)"),
    ("python", "py-reflection", "handler = getattr(self, name)"),
    ("python", "py-threading", "t = threading.Thread(target=work)"),
    ("python", "py-semicolons", "x = 1;"),
    ("python", "py-backslash-continuation", "total = a + \\"),
    ("python", "py-logging", "logger.info(\"saved %d rows\", count)"),
    ("python", "py-with", "with lock:"),
    ("python", "py-except", "except ValueError as err:"),
    ("python", "py-raise", "raise ValueError(\"negative\")"),
    ("python", "py-imports", "import os"),
    ("python", "py-type-annotations", "def area(r: float) -> float:"),
    ("python", "py-docstrings", "\"\"\"Return the area of a circle.\"\"\""),
    ("python", "py-assert", "assert total == 3"),
    ("python", "py-async", "async def fetch(url):"),
    ("python", "py-string-formatting", "msg = f\"{name} saved\""),
    ("python", "py-decorators", "@app.get(\"/users\")"),
    ("python", "py-generators", "yield item"),
    ("python", "py-unittest", "class TestCart(unittest.TestCase):"),
    ("python", "py-tests", "def test_total():"),
    ("python", "py-pathlib", "config = Path(\"config.toml\")"),
    ("python", "py-subprocess", "subprocess.run([\"ls\"])"),
    ("python", "py-walrus", "if (n := len(items)) > 10:"),
    ("python", "py-classes", "class Cart:"),
];

#[test]
fn python_rows_are_found() {
    assert_found(FOUND);
}

#[test]
#[rustfmt::skip]
fn python_near_misses_are_not() {
    assert_not_found(&[
        ("python", "py-lambda", "# lambda is discouraged"),
        ("python", "py-lambda", "msg = \"use a lambda\""),
        ("python", "py-lambda", "lambdas = []"),
        ("python", "py-lambda", "def area(r):\n    \"\"\"\n    Not a lambda: a def.\n    \"\"\""),
        // Placeholders with arguments are the logging module's own formatting.
        ("python", "py-logging-format", "logger.info(\"saved %d rows\", count)"),
        ("python", "py-broad-except", "except ValueError:"),
        ("python", "py-open-files", "fd = os.open(path, flags)"),
        ("python", "py-print", "self.print(report)"),
        ("python", "py-mutable-defaults", "def add(item, items=None):"),
        ("python", "py-docstrings", "x = \"\"\"text\"\"\""),
        ("python", "py-string-formatting", "msg = \"{name} saved\""),
    ]);
}
