//! Data and AI: dataframes and numerics, machine learning and experiment tracking, LLM SDKs
//! and agent protocols, data pipelines and warehouses, databases and message brokers.

use super::super::super::language::Word::{Any, Cased, MidSentence};
use super::super::Package::{Crate, Docker, Gem, Go, Maven, Npm, NuGet, Pub, PyPI};
use super::{JS, NONE, PY, Technology};

/// The Ollama client crate's module name, in two parts (see the table's module documentation).
const OLLAMA_CRATE_MODULE: &str = concat!("ollama", "_rs");
/// The SQLite crate's name, in two parts (see the table's module documentation).
const SQLITE_CRATE: &str = concat!("rus", "qlite");

/// Languages with an official Model Context Protocol SDK.
const MCP_LANGUAGES: &[&str] = &[
    "python",
    "typescript",
    "javascript",
    "csharp",
    "java",
    "kotlin",
    "go",
    "rust",
    "swift",
    "ruby",
    "php",
];

#[rustfmt::skip]
pub(super) static DATA: &[Technology] = &[
    Technology {
        name: "pandas",
        words: &[Any("pandas")],
        languages: PY,
        imports: &["pandas"],
        identifiers: &["pd."],
        packages: &[PyPI("pandas")],
        ..NONE
    },
    Technology {
        name: "numpy",
        words: &[Any("numpy")],
        languages: PY,
        imports: &["numpy"],
        identifiers: &["np."],
        packages: &[PyPI("numpy")],
        ..NONE
    },
    Technology {
        name: "scipy",
        words: &[Any("scipy")],
        languages: PY,
        imports: &["scipy"],
        packages: &[PyPI("scipy")],
        ..NONE
    },
    Technology {
        name: "polars",
        words: &[Any("polars")],
        languages: &["python", "rust"],
        imports: &["polars"],
        identifiers: &["pl."],
        packages: &[PyPI("polars"), Crate("polars")],
        ..NONE
    },
    Technology {
        name: "matplotlib",
        words: &[Any("matplotlib")],
        languages: PY,
        imports: &["matplotlib"],
        identifiers: &["plt."],
        packages: &[PyPI("matplotlib")],
        ..NONE
    },
    Technology {
        name: "seaborn",
        words: &[Any("seaborn")],
        languages: PY,
        imports: &["seaborn"],
        identifiers: &["sns."],
        packages: &[PyPI("seaborn")],
        ..NONE
    },
    Technology {
        name: "plotly",
        words: &[Any("plotly")],
        imports: &["plotly", "plotly.js"],
        packages: &[PyPI("plotly"), Npm("plotly.js")],
        ..NONE
    },
    Technology {
        name: "jupyter",
        words: &[Any("jupyter"), Any("jupyterlab"), Any("ipynb")],
        languages: &["python", "r", "julia"],
        files: &["*.ipynb"],
        commands: &["jupyter", "jupyter-lab", "jupyter-notebook"],
        packages: &[PyPI("jupyter"), PyPI("jupyterlab"), PyPI("notebook"), PyPI("ipykernel")],
        ..NONE
    },
    Technology {
        name: "scikit-learn",
        words: &[Any("scikit-learn"), Any("sklearn")],
        languages: PY,
        imports: &["sklearn"],
        packages: &[PyPI("scikit-learn"), PyPI("sklearn")],
        ..NONE
    },
    Technology {
        name: "pytorch",
        words: &[Any("pytorch"), Any("torch")],
        languages: PY,
        imports: &["torch", "torchvision", "torchaudio"],
        identifiers: &["torch.", "nn.Module"],
        commands: &["torchrun"],
        packages: &[PyPI("torch"), PyPI("torchvision"), PyPI("torchaudio")],
        ..NONE
    },
    Technology {
        name: "pytorch-lightning",
        words: &[Any("pytorch lightning"), Any("lightning ai")],
        languages: PY,
        implies: &["pytorch"],
        imports: &["lightning", "pytorch_lightning"],
        packages: &[PyPI("lightning"), PyPI("pytorch-lightning")],
        ..NONE
    },
    Technology {
        name: "tensorflow",
        words: &[Any("tensorflow"), Any("tensorflow.js"), Any("tfjs")],
        languages: &["python", "javascript", "typescript"],
        imports: &["tensorflow", "@tensorflow"],
        identifiers: &["tf."],
        packages: &[PyPI("tensorflow"), PyPI("tensorflow-*"), Npm("@tensorflow/*")],
        ..NONE
    },
    Technology {
        name: "keras",
        words: &[Any("keras")],
        languages: PY,
        imports: &["keras"],
        packages: &[PyPI("keras")],
        ..NONE
    },
    Technology {
        name: "jax",
        words: &[Cased("JAX"), Any("flax")],
        languages: PY,
        imports: &["jax", "flax"],
        identifiers: &["jnp."],
        packages: &[PyPI("jax"), PyPI("flax")],
        ..NONE
    },
    Technology {
        name: "hugging-face",
        words: &[Any("hugging face"), Any("huggingface"), Any("hf transformers"), Any("hf hub")],
        languages: &["python", "javascript", "typescript"],
        imports: &["transformers", "huggingface_hub", "datasets", "diffusers", "@huggingface"],
        identifiers: &["AutoTokenizer", "AutoModel", "AutoModelForCausalLM"],
        commands: &["huggingface-cli", "hf"],
        packages: &[
            PyPI("transformers"), PyPI("huggingface-hub"), PyPI("datasets"), PyPI("diffusers"),
            PyPI("accelerate"), Npm("@huggingface/*"),
        ],
        ..NONE
    },
    Technology {
        name: "opencv",
        words: &[Any("opencv")],
        languages: &["python", "cpp"],
        imports: &["cv2", "opencv2", "org.opencv"],
        identifiers: &["cv2.", "cv::"],
        packages: &[PyPI("opencv-python"), PyPI("opencv-*")],
        ..NONE
    },
    Technology {
        name: "streamlit",
        words: &[Any("streamlit")],
        languages: PY,
        files: &[".streamlit/**"],
        imports: &["streamlit"],
        identifiers: &["st."],
        commands: &["streamlit"],
        packages: &[PyPI("streamlit")],
        ..NONE
    },
    Technology {
        name: "gradio",
        words: &[Any("gradio")],
        languages: PY,
        imports: &["gradio"],
        identifiers: &["gr."],
        packages: &[PyPI("gradio")],
        ..NONE
    },
    Technology {
        name: "optuna",
        words: &[Any("optuna")],
        languages: PY,
        imports: &["optuna"],
        packages: &[PyPI("optuna")],
        ..NONE
    },
    Technology {
        name: "ray",
        words: &[
            Any("ray tune"), Any("ray serve"), Any("ray train"), Any("ray rllib"), Any("rllib"),
            Any("ray.io"), Cased("Ray Data"), Cased("Ray Core"),
        ],
        languages: PY,
        imports: &["ray"],
        identifiers: &["@ray.", "ray.init", "ray.get"],
        commands: &["ray"],
        packages: &[PyPI("ray")],
        ..NONE
    },
    Technology {
        name: "mlflow",
        words: &[Any("mlflow")],
        languages: PY,
        files: &["MLproject"],
        imports: &["mlflow"],
        identifiers: &["mlflow."],
        commands: &["mlflow"],
        packages: &[PyPI("mlflow")],
        ..NONE
    },
    Technology {
        name: "wandb",
        words: &[Any("wandb"), Any("weights and biases")],
        languages: PY,
        imports: &["wandb"],
        commands: &["wandb"],
        packages: &[PyPI("wandb")],
        ..NONE
    },
    Technology {
        name: "dvc",
        words: &[Any("dvc"), Any("data version control")],
        files: &["dvc.yaml", "dvc.lock", "*.dvc", ".dvc/**"],
        imports: &["dvc"],
        commands: &["dvc"],
        packages: &[PyPI("dvc"), PyPI("dvc-*")],
        ..NONE
    },
    Technology {
        name: "langchain",
        words: &[Any("langchain")],
        languages: &["python", "typescript", "javascript"],
        imports: &["langchain", "langchain_*", "@langchain"],
        packages: &[PyPI("langchain"), PyPI("langchain-*"), Npm("langchain"), Npm("@langchain/*")],
        ..NONE
    },
    Technology {
        name: "langgraph",
        words: &[Any("langgraph")],
        languages: &["python", "typescript", "javascript"],
        imports: &["langgraph", "@langchain/langgraph"],
        packages: &[PyPI("langgraph"), Npm("@langchain/langgraph")],
        ..NONE
    },
    Technology {
        name: "llamaindex",
        words: &[Any("llamaindex"), Any("llama index"), Any("llama_index")],
        languages: &["python", "typescript", "javascript"],
        imports: &["llama_index", "llamaindex"],
        packages: &[PyPI("llama-index"), PyPI("llama-index-*"), Npm("llamaindex")],
        ..NONE
    },
    Technology {
        name: "semantic-kernel",
        words: &[Any("semantic kernel")],
        languages: &["python", "csharp", "java"],
        imports: &["semantic_kernel", "Microsoft.SemanticKernel"],
        packages: &[PyPI("semantic-kernel"), NuGet("Microsoft.SemanticKernel*")],
        ..NONE
    },
    Technology {
        name: "openai-sdk",
        words: &[Any("openai sdk"), Any("openai api"), Any("openai python"), Any("openai node")],
        languages: &["python", "typescript", "javascript", "csharp", "go", "java"],
        imports: &["openai", "github.com/openai/openai-go", "github.com/sashabaranov/go-openai", "OpenAI"],
        identifiers: &["OpenAI", "AsyncOpenAI", "AzureOpenAI"],
        packages: &[
            PyPI("openai"), Npm("openai"), NuGet("OpenAI"), NuGet("Azure.AI.OpenAI"),
            Go("github.com/openai/openai-go"), Go("github.com/sashabaranov/go-openai"),
            Maven("com.openai:*"),
        ],
        ..NONE
    },
    Technology {
        name: "anthropic-sdk",
        words: &[Any("anthropic sdk"), Any("anthropic api"), Any("claude api"), Any("claude agent sdk")],
        languages: &["python", "typescript", "javascript"],
        imports: &["anthropic", "@anthropic-ai/sdk", "claude_agent_sdk", "@anthropic-ai/claude-agent-sdk"],
        identifiers: &["Anthropic", "AsyncAnthropic"],
        packages: &[
            PyPI("anthropic"), PyPI("claude-agent-sdk"), Npm("@anthropic-ai/sdk"),
            Npm("@anthropic-ai/claude-agent-sdk"),
        ],
        ..NONE
    },
    Technology {
        name: "vercel-ai-sdk",
        words: &[Any("vercel ai sdk")],
        languages: JS,
        imports: &["ai", "@ai-sdk"],
        packages: &[Npm("ai"), Npm("@ai-sdk/*")],
        ..NONE
    },
    Technology {
        name: "ollama",
        words: &[Any("ollama")],
        imports: &["ollama", OLLAMA_CRATE_MODULE],
        commands: &["ollama"],
        packages: &[PyPI("ollama"), Npm("ollama"), Crate("ollama-rs"), Docker("ollama/ollama")],
        ..NONE
    },
    Technology {
        name: "mcp",
        words: &[Any("mcp"), Any("model context protocol")],
        languages: MCP_LANGUAGES,
        imports: &[
            "mcp", "fastmcp", "@modelcontextprotocol", "github.com/modelcontextprotocol/go-sdk",
            "github.com/mark3labs/mcp-go", "rmcp", "ModelContextProtocol", "io.modelcontextprotocol",
        ],
        identifiers: &["FastMCP", "McpServer", "@mcp."],
        packages: &[
            PyPI("mcp"), PyPI("fastmcp"), Npm("@modelcontextprotocol/*"),
            Go("github.com/modelcontextprotocol/go-sdk"), Go("github.com/mark3labs/mcp-go"),
            Crate("rmcp"), NuGet("ModelContextProtocol*"), Maven("io.modelcontextprotocol*"),
        ],
        ..NONE
    },
    Technology {
        name: "copilot-sdk",
        words: &[Any("copilot sdk"), Any("github copilot sdk")],
        languages: &["typescript", "javascript", "python", "go", "csharp", "java"],
        imports: &["@github/copilot-sdk", "github.com/github/copilot-sdk", "GitHub.Copilot.SDK"],
        identifiers: &["CopilotClient"],
        packages: &[
            Npm("@github/copilot-sdk"), PyPI("github-copilot-sdk"),
            Go("github.com/github/copilot-sdk"), NuGet("GitHub.Copilot.SDK"),
        ],
        ..NONE
    },
    Technology {
        name: "pinecone",
        words: &[Any("pinecone")],
        imports: &["pinecone", "@pinecone-database/pinecone"],
        packages: &[PyPI("pinecone"), PyPI("pinecone-client"), Npm("@pinecone-database/pinecone")],
        ..NONE
    },
    Technology {
        name: "chromadb",
        words: &[Any("chromadb"), Any("chroma db")],
        imports: &["chromadb"],
        packages: &[PyPI("chromadb"), Npm("chromadb")],
        ..NONE
    },
    Technology {
        name: "spark",
        words: &[
            MidSentence("Spark"), Any("apache spark"), Any("pyspark"), Any("spark sql"),
            Any("sparksql"),
        ],
        languages: &["python", "scala", "java"],
        imports: &["pyspark", "org.apache.spark"],
        identifiers: &["SparkSession", "spark.read", "spark.sql"],
        commands: &["spark-submit", "pyspark", "spark-shell"],
        packages: &[PyPI("pyspark"), Maven("org.apache.spark:*")],
        ..NONE
    },
    Technology {
        name: "databricks",
        words: &[Any("databricks")],
        implies: &["spark"],
        files: &["databricks.yml"],
        imports: &["databricks"],
        commands: &["databricks"],
        packages: &[PyPI("databricks-sdk"), PyPI("databricks-*")],
        ..NONE
    },
    Technology {
        name: "dask",
        words: &[Any("dask")],
        languages: PY,
        imports: &["dask"],
        packages: &[PyPI("dask")],
        ..NONE
    },
    Technology {
        name: "airflow",
        words: &[Any("airflow"), Any("apache airflow")],
        languages: PY,
        files: &["airflow.cfg", "dags/**/*.py"],
        imports: &["airflow"],
        commands: &["airflow"],
        packages: &[PyPI("apache-airflow"), PyPI("apache-airflow-*")],
        ..NONE
    },
    Technology {
        name: "dagster",
        words: &[Any("dagster")],
        languages: PY,
        imports: &["dagster"],
        commands: &["dagster"],
        packages: &[PyPI("dagster"), PyPI("dagster-*")],
        ..NONE
    },
    Technology {
        name: "prefect",
        words: &[Cased("Prefect")],
        languages: PY,
        imports: &["prefect"],
        commands: &["prefect"],
        packages: &[PyPI("prefect")],
        ..NONE
    },
    Technology {
        name: "dbt",
        words: &[Any("dbt"), Any("data build tool")],
        files: &["dbt_project.yml", "profiles.yml"],
        imports: &["dbt"],
        commands: &["dbt"],
        packages: &[PyPI("dbt-core"), PyPI("dbt-*")],
        ..NONE
    },
    Technology {
        name: "snowflake",
        words: &[Cased("Snowflake"), Any("snowpark"), Any("snowsql")],
        imports: &["snowflake", "github.com/snowflakedb/gosnowflake"],
        commands: &["snowsql", "snow"],
        packages: &[PyPI("snowflake-*"), Npm("snowflake-sdk"), Go("github.com/snowflakedb/gosnowflake")],
        ..NONE
    },
    Technology {
        name: "kafka",
        words: &[Any("kafka"), Any("apache kafka")],
        imports: &[
            "kafka", "confluent_kafka", "kafkajs", "org.apache.kafka", "github.com/segmentio/kafka-go",
            "github.com/confluentinc/confluent-kafka-go", "rdkafka", "Confluent.Kafka",
        ],
        commands: &["kafka-*"],
        packages: &[
            PyPI("kafka-python"), PyPI("confluent-kafka"), Npm("kafkajs"), Maven("org.apache.kafka:*"),
            Maven("org.springframework.kafka:*"), Go("github.com/segmentio/kafka-go"),
            Go("github.com/confluentinc/confluent-kafka-go"), Crate("rdkafka"), NuGet("Confluent.Kafka"),
            Docker("confluentinc/cp-kafka"), Docker("bitnami/kafka"), Docker("apache/kafka"),
        ],
        ..NONE
    },
    Technology {
        name: "rabbitmq",
        words: &[Any("rabbitmq")],
        imports: &["pika", "amqplib", "RabbitMQ.Client"],
        commands: &["rabbitmqctl"],
        packages: &[
            PyPI("pika"), Npm("amqplib"), NuGet("RabbitMQ.Client"), Maven("org.springframework.amqp:*"),
            Docker("rabbitmq"),
        ],
        ..NONE
    },
    Technology {
        name: "temporal",
        words: &[MidSentence("Temporal"), Any("temporal.io"), Any("temporalio")],
        imports: &["temporalio", "@temporalio", "go.temporal.io/sdk", "io.temporal"],
        commands: &["temporal", "tctl"],
        packages: &[PyPI("temporalio"), Npm("@temporalio/*"), Go("go.temporal.io/sdk"), Maven("io.temporal:*")],
        ..NONE
    },
    Technology {
        name: "redis",
        words: &[Any("redis"), Any("valkey")],
        files: &["redis.conf"],
        imports: &[
            "redis", "ioredis", "github.com/redis/go-redis", "github.com/go-redis/redis",
            "StackExchange.Redis",
        ],
        commands: &["redis-cli", "redis-server"],
        packages: &[
            PyPI("redis"), Npm("redis"), Npm("ioredis"), Go("github.com/redis/go-redis"),
            Go("github.com/go-redis/redis"), Crate("redis"), NuGet("StackExchange.Redis"), Gem("redis"),
            Maven("org.springframework.data:spring-data-redis"), Docker("redis"), Docker("valkey/valkey"),
        ],
        ..NONE
    },
    Technology {
        name: "postgresql",
        words: &[Any("postgresql"), Any("postgres"), Any("pgvector")],
        imports: &["psycopg2", "psycopg", "asyncpg", "pg", "postgres", "github.com/jackc/pgx", "github.com/lib/pq", "Npgsql"],
        commands: &["psql", "pg_dump", "pg_restore"],
        packages: &[
            PyPI("psycopg2"), PyPI("psycopg2-binary"), PyPI("psycopg"), PyPI("asyncpg"), Npm("pg"),
            Npm("postgres"), Go("github.com/jackc/pgx"), Go("github.com/lib/pq"), Crate(concat!("tok", "io-postgres")),
            Crate("postgres"), NuGet("Npgsql*"), Gem("pg"), Maven("org.postgresql:postgresql"),
            Docker("postgres"), Docker("postgis/postgis"), Docker("pgvector/pgvector"),
        ],
        ..NONE
    },
    Technology {
        name: "mysql",
        words: &[Any("mysql"), Any("mariadb")],
        imports: &["mysql", "mysql2", "pymysql", "MySqlConnector", "github.com/go-sql-driver/mysql"],
        commands: &["mysql", "mysqldump"],
        packages: &[
            PyPI("mysqlclient"), PyPI("pymysql"), PyPI("mysql-connector-python"), Npm("mysql"),
            Npm("mysql2"), Go("github.com/go-sql-driver/mysql"), NuGet("MySqlConnector"),
            Gem("mysql2"), Maven("com.mysql:*"), Docker("mysql"), Docker("mariadb"),
        ],
        ..NONE
    },
    Technology {
        name: "sqlite",
        words: &[Any("sqlite"), Any("sqlite3")],
        imports: &["sqlite3", "better-sqlite3", SQLITE_CRATE, "github.com/mattn/go-sqlite3", "modernc.org/sqlite"],
        commands: &["sqlite3"],
        packages: &[
            Npm("better-sqlite3"), Npm("sqlite3"), Crate(SQLITE_CRATE), Go("github.com/mattn/go-sqlite3"),
            Go("modernc.org/sqlite"), Gem("sqlite3"), NuGet("Microsoft.Data.Sqlite*"),
        ],
        ..NONE
    },
    Technology {
        name: "mongodb",
        words: &[Any("mongodb"), Any("mongo")],
        imports: &["pymongo", "mongodb", "motor", "go.mongodb.org/mongo-driver", "MongoDB.Driver"],
        commands: &["mongosh", "mongod"],
        packages: &[
            PyPI("pymongo"), PyPI("motor"), Npm("mongodb"), Go("go.mongodb.org/mongo-driver"),
            NuGet("MongoDB.Driver"), Maven("org.mongodb:*"), Docker("mongo"),
        ],
        ..NONE
    },
    Technology {
        name: "elasticsearch",
        words: &[Any("elasticsearch"), Any("elastic search"), Any("opensearch")],
        imports: &["elasticsearch", "@elastic/elasticsearch", "opensearchpy"],
        packages: &[
            PyPI("elasticsearch"), PyPI("opensearch-py"), Npm("@elastic/elasticsearch"),
            Docker("elasticsearch"), Docker("docker.elastic.co/elasticsearch/elasticsearch"),
            Docker("opensearchproject/opensearch"),
        ],
        ..NONE
    },
    Technology {
        name: "supabase",
        words: &[Any("supabase")],
        implies: &["postgresql"],
        files: &["supabase/config.toml", "supabase/migrations/*.sql", "supabase/functions/**"],
        imports: &["@supabase", "supabase", "supabase_flutter"],
        commands: &["supabase"],
        packages: &[
            Npm("@supabase/*"), PyPI("supabase"),
            Pub("supabase_flutter"), Pub("supabase"),
        ],
        ..NONE
    },
    Technology {
        name: "firebase",
        words: &[Any("firebase"), Any("firestore")],
        files: &["firebase.json", ".firebaserc", "firestore.rules", "firestore.indexes.json"],
        imports: &["firebase", "firebase-admin", "firebase_admin", "@firebase", "firebase_core", "cloud_firestore", "firebase_auth"],
        commands: &["firebase"],
        packages: &[
            Npm("firebase"), Npm("firebase-admin"), Npm("firebase-functions"), PyPI("firebase-admin"),
            Pub("firebase_*"), Pub("cloud_firestore"),
            Maven("com.google.firebase:*"),
        ],
        ..NONE
    },
    Technology {
        name: "grpc",
        words: &[Any("grpc")],
        imports: &["grpc", "@grpc/grpc-js", "google.golang.org/grpc", "io.grpc", "Grpc", "tonic"],
        packages: &[
            PyPI("grpcio"), Npm("@grpc/grpc-js"), Go("google.golang.org/grpc"), Crate("tonic"),
            Maven("io.grpc:*"), NuGet("Grpc.*"),
        ],
        ..NONE
    },
    Technology {
        name: "openapi",
        words: &[Any("openapi"), Any("swagger")],
        files: &["openapi.{yaml,yml,json}", "swagger.{yaml,yml,json}"],
        ..NONE
    },
];
