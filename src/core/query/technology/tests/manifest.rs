//! Root files: dependencies of each manifest format, marker files, lenient reading of broken
//! files, and the list of root files worth reading.

use super::*;

fn manifest(file_name: &str, text: &str) -> (Vec<String>, Vec<String>) {
    let found = table().in_manifest(file_name, text);
    (found.technologies, found.languages)
}

#[test]
fn package_json_dependencies_of_every_kind() {
    let text = r#"{
  "name": "storefront",
  "private": true,
  "scripts": { "dev": "next dev", "test": "vitest" },
  "dependencies": {
    "next": "15.0.3",
    "react": "19.0.0",
    "react-dom": "19.0.0",
    "@supabase/supabase-js": "^2.45.0",
    "@tanstack/react-query": "^5.59.0"
  },
  "devDependencies": {
    "typescript": "^5.6.0",
    "tailwindcss": "^3.4.0",
    "vitest": "^2.1.0",
    "@types/node": "^20"
  }
}"#;
    let (technologies, languages) = manifest("package.json", text);
    assert_eq!(
        technologies,
        strings(&[
            "nextjs",
            "react",
            "supabase",
            "tanstack-query",
            "tailwind",
            "vitest"
        ])
    );
    assert_eq!(languages, strings(&["javascript", "typescript"]));
}

#[test]
fn a_broken_package_json_gives_what_can_be_read() {
    let text = "{\n  \"dependencies\": {\n    \"express\": \"^4\",\n    \"zod\": \"^3\",\n  },\n  \"devDependencies\": {\n    \"jest\": \"^29\"\n";
    let (technologies, languages) = manifest("package.json", text);
    assert_eq!(technologies, strings(&["express", "zod", "jest"]));
    assert_eq!(languages, strings(&["javascript"]));
    assert_eq!(
        manifest("package.json", "{{{ not json"),
        (vec![], strings(&["javascript"]))
    );
    assert_eq!(
        manifest("package.json", ""),
        (vec![], strings(&["javascript"]))
    );
}

#[test]
fn a_vscode_extension_declares_an_engine() {
    let text = r#"{"name": "x", "engines": {"vscode": "^1.90.0"}, "devDependencies": {"typescript": "^5"}}"#;
    assert_eq!(
        manifest("package.json", text).0,
        strings(&["vscode-extension"])
    );
}

#[test]
fn pyproject_dependencies_without_groups_and_extras() {
    let text = r#"
[project]
name = "orders-api"
dependencies = [
    "fastapi[standard]>=0.115",
    "SQLAlchemy>=2.0",
    "alembic",
    "pydantic-settings>=2",
]

[project.optional-dependencies]
ml = ["torch>=2.3", "scikit_learn"]

[dependency-groups]
dev = ["pytest>=8", {include-group = "lint"}]
"#;
    let (technologies, languages) = manifest("pyproject.toml", text);
    assert_eq!(
        technologies,
        strings(&["fastapi", "sqlalchemy", "alembic", "pydantic",])
    );
    assert_eq!(languages, strings(&["python"]));
    // A library with FastAPI among its dev tools is not a FastAPI service.
    let library = "[project]\ndependencies = [\"pydantic>=2\"]\n\n[dependency-groups]\ndev = [\"fastapi>=0.110\"]\n";
    assert_eq!(
        manifest("pyproject.toml", library).0,
        strings(&["pydantic"])
    );
}

#[test]
fn pyproject_poetry_tables() {
    let text = r#"
[tool.poetry.dependencies]
python = "^3.11"
Django = "^5.0"
celery = { version = "^5.3", extras = ["redis"] }

[tool.poetry.group.dev.dependencies]
pytest-django = "^4.8"
"#;
    // TOML tables come in key order (upper case first), not file order; groups are tools.
    assert_eq!(
        manifest("pyproject.toml", text).0,
        strings(&["django", "celery"])
    );
}

#[test]
fn a_broken_pyproject_gives_what_can_be_read() {
    let text = "[project]\ndependencies = [\n  \"flask>=3\",\n  \"celery[redis]\"\n]\n[tool.poetry.dependencies]\nDjango = \"^5\"\nbroken = = =\n";
    assert_eq!(
        manifest("pyproject.toml", text).0,
        strings(&["flask", "celery", "django"])
    );
}

#[test]
fn requirements_files() {
    let text = "# web\n-r base.txt\n--index-url https://pypi.example/simple\nDjango==5.0.6\ndjangorestframework>=3.15  # api\npsycopg2-binary\n-e git+https://github.com/celery/celery.git#egg=celery\n";
    let (technologies, languages) = manifest("requirements-dev.txt", text);
    assert_eq!(
        technologies,
        strings(&["django", "django-rest-framework", "postgresql", "celery"])
    );
    assert_eq!(languages, strings(&["python"]));
}

#[test]
fn go_mod_direct_requirements() {
    let text = "module example.com/orders\n\ngo 1.22\n\nrequire (\n\tgithub.com/gin-gonic/gin v1.10.0\n\tgorm.io/gorm v1.25.10\n\tgithub.com/labstack/echo/v4 v4.12.0 // indirect\n)\n\nrequire github.com/redis/go-redis/v9 v9.5.1\n";
    let (technologies, languages) = manifest("go.mod", text);
    assert_eq!(technologies, strings(&["gin", "gorm", "redis"]));
    assert_eq!(languages, strings(&["go"]));
}

#[test]
fn a_go_workspace_root_says_go() {
    // A monorepo's root holds go.work and no go.mod of its own.
    let (technologies, languages) =
        manifest("go.work", "go 1.22\n\nuse (\n\t./api\n\t./libs/db\n)\n");
    assert!(technologies.is_empty());
    assert_eq!(languages, strings(&["go"]));
    assert!(table().root_file_names().iter().any(|n| n == "go.work"));
}

#[test]
fn cargo_dependency_tables_and_renames() {
    let text = format!(
        "[package]\nname = \"svc\"\n\n[dependencies]\naxum = \"0.7\"\n{ASYNC_RUNTIME} = {{ version = \"1\", features = [\"full\"] }}\ndb = {{ package = \"sqlx\", version = \"0.8\" }}\n\n[dev-dependencies]\nserde_json = \"1\"\n"
    );
    let (technologies, languages) = manifest("Cargo.toml", &text);
    assert_eq!(technologies, strings(&["axum", "sqlx", ASYNC_RUNTIME]));
    assert_eq!(languages, strings(&["rust"]));
}

#[test]
fn csproj_packages_and_sdk() {
    let text = r#"<Project Sdk="Microsoft.NET.Sdk.Web">
  <PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup>
  <ItemGroup>
    <PackageReference Include="Microsoft.EntityFrameworkCore.SqlServer" Version="8.0.0" />
    <PackageReference Include="xunit" Version="2.9.0" />
  </ItemGroup>
</Project>"#;
    let (technologies, languages) = manifest("src/Api/Api.csproj", text);
    assert_eq!(
        technologies,
        strings(&["entity-framework", "xunit", "aspnet-core"])
    );
    assert_eq!(languages, strings(&["csharp"]));
}

#[test]
fn gradle_kotlin_dsl_plugins_and_coordinates() {
    let text = r#"plugins {
    id("org.springframework.boot") version "3.3.0"
    kotlin("jvm") version "1.9.24"
}

dependencies {
    implementation("org.springframework.boot:spring-boot-starter-web")
    implementation("io.ktor:ktor-server-core:2.3.12")
    testImplementation("org.junit.jupiter:junit-jupiter")
}
"#;
    let (technologies, languages) = manifest("build.gradle.kts", text);
    assert_eq!(technologies, strings(&["spring-boot", "ktor", "junit"]));
    // A Gradle build, and Kotlin's own plugin applied in it.
    assert_eq!(languages, strings(&["java", "kotlin"]));
}

#[test]
fn a_kotlin_dsl_build_alone_does_not_make_a_project_kotlin() {
    // A Java library built with Gradle's Kotlin DSL: the script is Kotlin, the project is not.
    let build = r#"plugins {
    `java-library`
    id("com.diffplug.spotless") version "6.25.0"
}

dependencies {
    api("com.google.guava:guava:33.2.1-jre")
    testImplementation("org.junit.jupiter:junit-jupiter:5.10.2")
}

tasks.withType<JavaCompile>().configureEach { options.release.set(17) }
"#;
    assert_eq!(manifest("build.gradle.kts", build).1, strings(&["java"]));
    let settings = "rootProject.name = \"tidewatch\"\ninclude(\"gauge-core\", \"gauge-cli\")\n";
    assert_eq!(
        manifest("settings.gradle.kts", settings).1,
        strings(&["java"])
    );
}

#[test]
fn kotlins_plugin_or_library_anywhere_in_the_build_makes_a_project_kotlin() {
    let classpath = "buildscript {\n    dependencies {\n        classpath(\"org.jetbrains.kotlin:kotlin-gradle-plugin:2.0.0\")\n    }\n}\n";
    assert_eq!(
        manifest("build.gradle", classpath).1,
        strings(&["java", "kotlin"])
    );
    let plugin_id = "plugins {\n    id(\"org.jetbrains.kotlin.multiplatform\") version \"2.0.0\" apply false\n}\n";
    assert_eq!(
        manifest("build.gradle.kts", plugin_id).1,
        strings(&["java", "kotlin"])
    );
    let catalog = "[plugins]\nkotlin-android = { id = \"org.jetbrains.kotlin.android\", version.ref = \"kotlin\" }\n";
    assert_eq!(
        manifest("gradle/libs.versions.toml", catalog).1,
        strings(&["java", "kotlin"])
    );
}

#[test]
fn gradle_groovy_android_with_compose() {
    let text = "plugins {\n    id 'com.android.application'\n}\nandroid {\n    buildFeatures {\n        compose true\n    }\n}\n";
    assert_eq!(
        manifest("build.gradle", text).0,
        strings(&["android", "jetpack-compose"])
    );
}

#[test]
fn pom_parent_and_dependencies() {
    let text = "<project>\n  <parent>\n    <groupId>org.springframework.boot</groupId>\n    <artifactId>spring-boot-starter-parent</artifactId>\n  </parent>\n  <dependencies>\n    <dependency>\n      <groupId>org.postgresql</groupId>\n      <artifactId>postgresql</artifactId>\n    </dependency>\n  </dependencies>\n</project>\n";
    assert_eq!(
        manifest("pom.xml", text).0,
        strings(&["spring-boot", "postgresql"])
    );
}

#[test]
fn gemfile_gems() {
    let text = "source \"https://rubygems.org\"\n\ngem \"rails\", \"~> 7.1\"\ngem 'pg'\n\ngroup :test do\n  gem \"rspec-rails\"\nend\n";
    let (technologies, languages) = manifest("Gemfile", text);
    assert_eq!(technologies, strings(&["rails", "postgresql", "rspec"]));
    assert_eq!(languages, strings(&["ruby"]));
}

#[test]
fn pubspec_dependencies() {
    let text = "name: shop\ndependencies:\n  flutter:\n    sdk: flutter\n  flutter_riverpod: ^2.5.1\n  supabase_flutter: ^2.0.0\ndev_dependencies:\n  flutter_test:\n    sdk: flutter\nflutter:\n  uses-material-design: true\n";
    assert_eq!(
        manifest("pubspec.yaml", text).0,
        strings(&["flutter", "riverpod", "supabase"])
    );
}

#[test]
fn composer_and_mix() {
    let composer = r#"{"require": {"php": "^8.2", "laravel/framework": "^11.0"}, "require-dev": {"phpunit/phpunit": "^11"}}"#;
    assert_eq!(manifest("composer.json", composer).0, strings(&["laravel"]));
    let mix =
        "defp deps do\n  [\n    {:phoenix, \"~> 1.7\"},\n    {:ecto_sql, \"~> 3.10\"}\n  ]\nend\n";
    assert_eq!(manifest("mix.exs", mix).0, strings(&["phoenix"]));
}

#[test]
fn container_files_name_their_images() {
    let compose = "services:\n  db:\n    image: postgres:16\n  cache:\n    image: \"redis:7-alpine\"\n  api:\n    build: .\n";
    assert_eq!(
        manifest("docker-compose.yml", compose).0,
        strings(&["docker", "postgresql", "redis"])
    );
    let dockerfile = "FROM mcr.microsoft.com/dotnet/sdk:8.0 AS build\nRUN dotnet publish\nFROM build AS test\nFROM mcr.microsoft.com/dotnet/aspnet:8.0\n";
    assert_eq!(
        manifest("Dockerfile", dockerfile).0,
        strings(&["docker", "aspnet-core"])
    );
}

#[test]
fn marker_files_are_signs_themselves() {
    let cases: &[(&str, &[&str])] = &[
        ("next.config.ts", &["nextjs"]),
        ("nest-cli.json", &["nestjs"]),
        ("svelte.config.js", &["svelte"]),
        ("angular.json", &["angular"]),
        ("alembic.ini", &["alembic"]),
        ("dvc.yaml", &["dvc"]),
        ("foundry.toml", &["foundry"]),
        ("hardhat.config.ts", &["hardhat"]),
        (".terraform-version", &["terraform"]),
        ("main.tf", &["terraform"]),
        ("Chart.yaml", &["helm"]),
        ("README.md", &[]),
    ];
    for (name, expected) in cases {
        assert_eq!(
            manifest(name, "anything: at all\n").0,
            strings(expected),
            "{name}"
        );
    }
}

#[test]
fn an_extension_manifest_is_told_from_a_web_app_manifest() {
    let extension = r#"{"manifest_version": 3, "name": "Tab Saver", "action": {}}"#;
    assert_eq!(
        manifest("manifest.json", extension).0,
        strings(&["chrome-extension"])
    );
    let web_app = r#"{"name": "Shop", "icons": [], "start_url": "/"}"#;
    assert_eq!(manifest("manifest.json", web_app).0, Vec::<String>::new());
}

#[test]
fn garbage_never_panics() {
    let inputs = [
        "",
        "\u{0}\u{1}",
        "[[[",
        "<Project Sdk=",
        "require (",
        "gem ",
        "FROM",
        "{:",
        "image:",
        "Sdk=\"",
        "<PackageReference Include=",
    ];
    let names = [
        "package.json",
        "composer.json",
        "manifest.json",
        "pyproject.toml",
        "Pipfile",
        "requirements.txt",
        "environment.yml",
        "Cargo.toml",
        "go.mod",
        "Gemfile",
        "App.csproj",
        "build.gradle",
        "pom.xml",
        "pubspec.yaml",
        "mix.exs",
        "compose.yaml",
        "Dockerfile",
        "gradle/libs.versions.toml",
    ];
    for name in names {
        for input in inputs {
            let found = table().in_manifest(name, input);
            assert!(found.technologies.len() <= 2, "{name} {input:?}: {found:?}");
        }
    }
}

#[test]
fn root_files_worth_reading() {
    let t = table();
    let names = t.root_file_names();
    for expected in [
        "package.json",
        "pyproject.toml",
        "requirements*.txt",
        "*.csproj",
        "go.mod",
        "next.config.*",
        "nest-cli.json",
        "angular.json",
    ] {
        assert!(
            names.iter().any(|n| n == expected),
            "{expected} missing from {names:?}"
        );
    }
    let mut sorted = names.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), names.len(), "duplicates in {names:?}");
    assert!(names.iter().all(|n| !n.contains("**")), "{names:?}");
    for name in [
        "requirements-dev.txt",
        "next.config.mjs",
        "Api.csproj",
        "Gemfile",
        "foundry.toml",
    ] {
        assert!(t.is_root_file(name), "{name}");
    }
    for name in ["README.md", "main.rs", "LICENSE", "index.ts"] {
        assert!(!t.is_root_file(name), "{name}");
    }
}
