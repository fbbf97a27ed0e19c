//! Server-side frameworks and libraries outside JavaScript: Python web, Go, Rust, the JVM,
//! .NET, PHP, Ruby and Elixir.

use super::super::super::language::Word::{Any, Cased, MidSentence};
use super::super::Package::{Composer, Crate, Docker, Gem, Go, Hex, Maven, Npm, NuGet, PyPI};
use super::{CS, GO, JVM, NONE, PHP, PY, RUBY, RUST, Technology};

/// The async runtime's crate name, in two parts (see the table's module documentation).
const ASYNC_RUNTIME: &str = concat!("tok", "io");

#[rustfmt::skip]
pub(super) static SERVERS: &[Technology] = &[
    Technology {
        name: "django",
        words: &[Any("django")],
        languages: PY,
        files: &["manage.py", "urls.py", "migrations/0*_*.py", "templatetags/*.py"],
        imports: &["django"],
        identifiers: &[
            "models.Model", "admin.ModelAdmin", "admin.site", "get_object_or_404", "HttpResponse",
            "HttpResponseRedirect", "JsonResponse", "select_related", "prefetch_related",
        ],
        commands: &["django-admin", "python manage.py", "manage.py"],
        packages: &[PyPI("django"), PyPI("django-*")],
        ..NONE
    },
    Technology {
        name: "django-rest-framework",
        words: &[Any("django rest framework"), Any("djangorestframework"), Any("drf")],
        languages: PY,
        implies: &["django"],
        imports: &["rest_framework"],
        identifiers: &["serializers.ModelSerializer", "viewsets.ModelViewSet"],
        packages: &[PyPI("djangorestframework")],
        ..NONE
    },
    Technology {
        name: "fastapi",
        words: &[Any("fastapi"), Any("fast api")],
        languages: PY,
        implies: &["pydantic"],
        imports: &["fastapi"],
        identifiers: &["FastAPI", "APIRouter", "Depends"],
        commands: &["fastapi"],
        packages: &[PyPI("fastapi"), PyPI("fastapi-*")],
        ..NONE
    },
    Technology {
        name: "flask",
        words: &[Cased("Flask")],
        languages: PY,
        imports: &["flask"],
        identifiers: &["Flask"],
        commands: &["flask"],
        packages: &[PyPI("flask"), PyPI("flask-*")],
        ..NONE
    },
    Technology {
        name: "pydantic-ai",
        words: &[Any("pydantic ai"), Any("pydanticai")],
        languages: PY,
        implies: &["pydantic"],
        imports: &["pydantic_ai"],
        packages: &[PyPI("pydantic-ai"), PyPI("pydantic-ai-slim")],
        ..NONE
    },
    Technology {
        name: "starlette",
        words: &[Any("starlette")],
        languages: PY,
        imports: &["starlette"],
        packages: &[PyPI("starlette")],
        ..NONE
    },
    Technology {
        name: "pydantic",
        words: &[Any("pydantic")],
        languages: PY,
        imports: &["pydantic", "pydantic_settings"],
        identifiers: &["field_validator", "model_validator", "ConfigDict"],
        packages: &[PyPI("pydantic"), PyPI("pydantic-settings")],
        ..NONE
    },
    Technology {
        name: "sqlalchemy",
        words: &[Any("sqlalchemy")],
        languages: PY,
        imports: &["sqlalchemy", "flask_sqlalchemy"],
        identifiers: &["declarative_base", "sessionmaker", "mapped_column"],
        packages: &[PyPI("sqlalchemy"), PyPI("flask-sqlalchemy")],
        ..NONE
    },
    Technology {
        name: "sqlmodel",
        words: &[Any("sqlmodel")],
        languages: PY,
        implies: &["sqlalchemy", "pydantic"],
        imports: &["sqlmodel"],
        packages: &[PyPI("sqlmodel")],
        ..NONE
    },
    Technology {
        name: "alembic",
        words: &[Any("alembic")],
        languages: PY,
        implies: &["sqlalchemy"],
        files: &["alembic.ini", "alembic/versions/**", "alembic/env.py", "migrations/versions/*.py"],
        imports: &["alembic"],
        identifiers: &["op.add_column", "op.create_table", "op.drop_column", "op.create_index"],
        commands: &["alembic"],
        packages: &[PyPI("alembic"), PyPI("flask-migrate")],
        ..NONE
    },
    Technology {
        name: "celery",
        words: &[Cased("Celery")],
        languages: PY,
        files: &["celeryconfig.py", "celery.py"],
        imports: &["celery"],
        identifiers: &["@shared_task"],
        commands: &["celery"],
        packages: &[PyPI("celery")],
        ..NONE
    },
    Technology {
        name: "pytest",
        words: &[Any("pytest")],
        languages: PY,
        files: &["conftest.py", "pytest.ini"],
        imports: &["pytest"],
        identifiers: &["pytest."],
        commands: &["pytest", "py.test"],
        packages: &[PyPI("pytest"), PyPI("pytest-*")],
        ..NONE
    },
    Technology {
        name: "gin",
        words: &[MidSentence("Gin"), Any("gin-gonic"), Any("gin gonic")],
        languages: GO,
        imports: &["github.com/gin-gonic/gin"],
        identifiers: &["gin.Context", "gin.Default", "gin.New", "gin.H", "gin.Engine"],
        packages: &[Go("github.com/gin-gonic/gin")],
        ..NONE
    },
    Technology {
        name: "echo",
        words: &[Any("labstack echo"), Any("echo framework")],
        languages: GO,
        imports: &["github.com/labstack/echo"],
        identifiers: &["echo.Context", "echo.New", "echo.HandlerFunc"],
        packages: &[Go("github.com/labstack/echo")],
        ..NONE
    },
    Technology {
        name: "fiber",
        words: &[Any("gofiber"), Any("go fiber"), Any("fiber framework")],
        languages: GO,
        imports: &["github.com/gofiber/fiber"],
        identifiers: &["fiber.Ctx", "fiber.New", "fiber.Map"],
        packages: &[Go("github.com/gofiber/fiber")],
        ..NONE
    },
    Technology {
        name: "chi",
        words: &[Any("go-chi"), Any("chi router")],
        languages: GO,
        imports: &["github.com/go-chi/chi"],
        identifiers: &["chi.NewRouter"],
        packages: &[Go("github.com/go-chi/chi")],
        ..NONE
    },
    Technology {
        name: "gorm",
        words: &[Any("gorm")],
        languages: GO,
        imports: &["gorm.io/gorm"],
        identifiers: &["gorm.Model", "gorm.DB"],
        packages: &[Go("gorm.io/gorm")],
        ..NONE
    },
    Technology {
        name: "cobra",
        words: &[Any("spf13 cobra"), Any("cobra cli")],
        languages: GO,
        imports: &["github.com/spf13/cobra"],
        identifiers: &["cobra.Command"],
        packages: &[Go("github.com/spf13/cobra")],
        ..NONE
    },
    Technology {
        name: ASYNC_RUNTIME,
        words: &[Any(ASYNC_RUNTIME)],
        languages: RUST,
        imports: &[ASYNC_RUNTIME],
        identifiers: &[concat!("tok", "io::")],
        packages: &[Crate(ASYNC_RUNTIME)],
        ..NONE
    },
    Technology {
        name: "axum",
        words: &[Any("axum")],
        languages: RUST,
        implies: &[ASYNC_RUNTIME],
        imports: &["axum"],
        identifiers: &["axum::"],
        packages: &[Crate("axum")],
        ..NONE
    },
    Technology {
        name: "actix-web",
        words: &[Any("actix"), Any("actix-web")],
        languages: RUST,
        imports: &["actix_web", "actix"],
        packages: &[Crate("actix-web")],
        ..NONE
    },
    Technology {
        name: "rocket",
        words: &[Any("rocket.rs")],
        languages: RUST,
        imports: &["rocket"],
        packages: &[Crate("rocket")],
        ..NONE
    },
    Technology {
        name: "serde",
        words: &[Any("serde")],
        languages: RUST,
        imports: &["serde", "serde_json"],
        identifiers: &["serde::"],
        packages: &[Crate("serde"), Crate("serde_json")],
        ..NONE
    },
    Technology {
        name: "diesel",
        words: &[Any("diesel orm"), Any("diesel.rs")],
        languages: RUST,
        imports: &["diesel"],
        commands: &["diesel"],
        packages: &[Crate("diesel")],
        ..NONE
    },
    Technology {
        name: "sqlx",
        words: &[Any("sqlx")],
        languages: RUST,
        imports: &["sqlx"],
        identifiers: &["sqlx::"],
        commands: &["sqlx"],
        packages: &[Crate("sqlx")],
        ..NONE
    },
    Technology {
        name: "leptos",
        words: &[Any("leptos")],
        languages: RUST,
        imports: &["leptos"],
        packages: &[Crate("leptos")],
        ..NONE
    },
    Technology {
        name: "yew",
        words: &[Any("yew.rs"), Any("yew framework")],
        languages: RUST,
        imports: &["yew"],
        packages: &[Crate("yew")],
        ..NONE
    },
    Technology {
        name: "spring-boot",
        words: &[
            Any("spring boot"), Any("springboot"), Any("spring framework"), Any("spring mvc"),
            Any("spring webflux"), MidSentence("Spring"),
        ],
        languages: JVM,
        imports: &["org.springframework"],
        identifiers: &[
            "@SpringBootApplication", "@RestController", "@Autowired", "@GetMapping",
            "@PostMapping", "@RequestMapping", "@Service", "@Repository", "@Component",
        ],
        commands: &["spring", "gradlew bootRun", "gradle bootRun", "mvn spring-boot:run", "mvnw spring-boot:run"],
        packages: &[Maven("org.springframework.boot:*"), Maven("org.springframework:*")],
        ..NONE
    },
    Technology {
        name: "hibernate",
        words: &[Cased("Hibernate")],
        languages: JVM,
        imports: &["org.hibernate"],
        packages: &[Maven("org.hibernate*")],
        ..NONE
    },
    Technology {
        name: "junit",
        words: &[Any("junit"), Any("junit5"), Any("junit jupiter")],
        languages: JVM,
        imports: &["org.junit", "junit"],
        identifiers: &["@ParameterizedTest", "@BeforeEach", "@AfterEach", "@BeforeAll"],
        packages: &[Maven("org.junit*"), Maven("junit:junit")],
        ..NONE
    },
    Technology {
        name: "mockito",
        words: &[Any("mockito")],
        languages: JVM,
        imports: &["org.mockito"],
        packages: &[Maven("org.mockito:*")],
        ..NONE
    },
    Technology {
        name: "quarkus",
        words: &[Any("quarkus")],
        languages: JVM,
        imports: &["io.quarkus"],
        commands: &["quarkus"],
        packages: &[Maven("io.quarkus*")],
        ..NONE
    },
    Technology {
        name: "micronaut",
        words: &[Any("micronaut")],
        languages: JVM,
        imports: &["io.micronaut"],
        commands: &["mn"],
        packages: &[Maven("io.micronaut*")],
        ..NONE
    },
    Technology {
        name: "ktor",
        words: &[Any("ktor")],
        languages: &["kotlin"],
        imports: &["io.ktor"],
        packages: &[Maven("io.ktor:*")],
        ..NONE
    },
    Technology {
        name: "aspnet-core",
        words: &[
            Any("asp.net core"), Any("asp.net"), Any("aspnetcore"), Any("aspnet core"),
            Any("aspnet"), Any("asp.net mvc"), Any("minimal api"), Any("minimal apis"),
            Any("razor pages"), Any("razorpages"),
        ],
        languages: CS,
        files: &["*.cshtml", "wwwroot/**"],
        imports: &["Microsoft.AspNetCore"],
        identifiers: &["ApiController", "ControllerBase", "IActionResult", "WebApplication.CreateBuilder"],
        packages: &[
            NuGet("Microsoft.AspNetCore*"), NuGet("Microsoft.NET.Sdk.Web"), NuGet("Swashbuckle.AspNetCore"),
            Docker("mcr.microsoft.com/dotnet/aspnet"),
        ],
        ..NONE
    },
    Technology {
        name: "blazor",
        words: &[Any("blazor")],
        languages: CS,
        implies: &["aspnet-core"],
        files: &["*.razor"],
        imports: &["Microsoft.AspNetCore.Components"],
        packages: &[NuGet("Microsoft.AspNetCore.Components*"), NuGet("Microsoft.NET.Sdk.BlazorWebAssembly")],
        ..NONE
    },
    Technology {
        name: "entity-framework",
        words: &[
            Any("entity framework"), Any("entity framework core"), Any("ef core"), Any("efcore"),
            Any("entityframework"), Any("entityframeworkcore"),
        ],
        languages: CS,
        files: &["*DbContext.cs", "Migrations/*ModelSnapshot.cs"],
        imports: &["Microsoft.EntityFrameworkCore", "System.Data.Entity"],
        identifiers: &["DbContext", "DbSet"],
        commands: &["dotnet ef", "dotnet-ef"],
        packages: &[NuGet("Microsoft.EntityFrameworkCore*"), NuGet("EntityFramework")],
        ..NONE
    },
    Technology {
        name: "maui",
        words: &[Any("maui"), Any("dotnet maui"), Any("xamarin.forms")],
        languages: CS,
        files: &["MauiProgram.cs"],
        imports: &["Microsoft.Maui"],
        packages: &[NuGet("Microsoft.Maui*")],
        ..NONE
    },
    Technology {
        name: "wpf",
        words: &[Cased("WPF"), Any("windows presentation foundation")],
        languages: CS,
        imports: &["System.Windows"],
        ..NONE
    },
    Technology {
        name: "signalr",
        words: &[Any("signalr")],
        imports: &["Microsoft.AspNetCore.SignalR", "@microsoft/signalr"],
        packages: &[NuGet("Microsoft.AspNetCore.SignalR*"), Npm("@microsoft/signalr")],
        ..NONE
    },
    Technology {
        name: "xunit",
        words: &[Any("xunit")],
        languages: CS,
        imports: &["Xunit"],
        packages: &[NuGet("xunit*")],
        ..NONE
    },
    Technology {
        name: "nunit",
        words: &[Any("nunit")],
        languages: CS,
        imports: &["NUnit"],
        packages: &[NuGet("NUnit*")],
        ..NONE
    },
    Technology {
        name: "mstest",
        words: &[Any("mstest")],
        languages: CS,
        imports: &["Microsoft.VisualStudio.TestTools"],
        packages: &[NuGet("MSTest*")],
        ..NONE
    },
    Technology {
        name: "laravel",
        words: &[Any("laravel"), Any("eloquent")],
        languages: PHP,
        files: &["artisan", "*.blade.php", "routes/web.php", "app/Http/Controllers/**"],
        imports: &["Illuminate", "Laravel"],
        commands: &["php artisan", "artisan", "laravel", "sail"],
        packages: &[Composer("laravel/*"), Composer("illuminate/*")],
        ..NONE
    },
    Technology {
        name: "livewire",
        words: &[Any("livewire")],
        languages: &["php"],
        implies: &["laravel"],
        imports: &["Livewire"],
        packages: &[Composer("livewire/*")],
        ..NONE
    },
    Technology {
        name: "symfony",
        words: &[Any("symfony")],
        languages: PHP,
        files: &["symfony.lock", "config/bundles.php"],
        imports: &["Symfony"],
        commands: &["symfony", "php bin/console"],
        packages: &[Composer("symfony/*")],
        ..NONE
    },
    Technology {
        name: "wordpress",
        words: &[Any("wordpress"), Any("wp-cli")],
        languages: PHP,
        files: &["wp-config.php", "wp-content/**"],
        identifiers: &["add_action", "add_filter", "wp_enqueue_script", "WP_Query"],
        commands: &["wp"],
        packages: &[Composer("johnpbloch/wordpress*"), Composer("roots/wordpress*"), Composer("wpackagist-plugin/*")],
        ..NONE
    },
    Technology {
        name: "typo3",
        words: &[Any("typo3")],
        languages: PHP,
        imports: &["TYPO3"],
        commands: &["typo3"],
        packages: &[Composer("typo3/*")],
        ..NONE
    },
    Technology {
        name: "drupal",
        words: &[Any("drupal")],
        languages: PHP,
        files: &["*.info.yml", "*.module"],
        imports: &["Drupal"],
        commands: &["drush"],
        packages: &[Composer("drupal/*")],
        ..NONE
    },
    Technology {
        name: "rails",
        words: &[Cased("Rails"), Any("ruby on rails"), Any("rubyonrails")],
        languages: RUBY,
        files: &[
            "config/routes.rb", "config/application.rb", "bin/rails", "db/migrate/*.rb",
            "app/controllers/**/*.rb", "app/models/**/*.rb",
        ],
        imports: &["rails", "active_record", "action_controller", "active_support"],
        identifiers: &["ApplicationRecord", "ApplicationController", "ActiveRecord::", "Rails."],
        commands: &["rails"],
        packages: &[Gem("rails"), Gem("railties"), Gem("activerecord")],
        ..NONE
    },
    Technology {
        name: "rspec",
        words: &[Any("rspec")],
        languages: RUBY,
        files: &[".rspec", "spec/spec_helper.rb", "*_spec.rb"],
        commands: &["rspec"],
        packages: &[Gem("rspec"), Gem("rspec-*")],
        ..NONE
    },
    Technology {
        name: "sinatra",
        words: &[Cased("Sinatra")],
        languages: RUBY,
        imports: &["sinatra"],
        packages: &[Gem("sinatra")],
        ..NONE
    },
    Technology {
        name: "phoenix",
        words: &[Any("phoenix framework"), Any("phoenix liveview"), Any("liveview"), Cased("Phoenix")],
        languages: &["elixir"],
        imports: &["Phoenix"],
        commands: &["mix phx.server", "mix phx.new"],
        packages: &[Hex("phoenix"), Hex("phoenix_*")],
        ..NONE
    },
];
