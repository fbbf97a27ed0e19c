//! Commands: programs, program-and-subcommand signs, runners and install commands.

use super::*;

#[test]
fn programs_and_runners_name_technologies() {
    let cases: &[(&str, &[&str])] = &[
        ("npx shadcn@latest add button", &["shadcn"]),
        ("pnpm dlx shadcn@latest init", &["shadcn"]),
        ("npx create-next-app@latest shop --ts", &["nextjs"]),
        ("npx @nestjs/cli new api", &["nestjs"]),
        ("next dev --turbo", &["nextjs"]),
        ("php artisan migrate --seed", &["laravel"]),
        ("php -v", &[]),
        ("bin/rails db:migrate", &["rails"]),
        ("bundle exec rails server", &["rails"]),
        ("uv run alembic upgrade head", &["alembic"]),
        ("poetry run pytest -q tests/", &["pytest"]),
        ("python -m pytest -x", &["pytest"]),
        ("uv run python -m pytest", &["pytest"]),
        ("python3 manage.py runserver", &["django"]),
        ("./manage.py makemigrations", &["django"]),
        ("dotnet ef migrations add Init", &["entity-framework"]),
        ("dotnet build", &[]),
        ("mvn -q spring-boot:run", &["spring-boot"]),
        ("./gradlew bootRun", &["spring-boot"]),
        (
            "terraform plan && kubectl apply -f k8s/",
            &["terraform", "kubernetes"],
        ),
        ("docker compose up -d", &["docker"]),
        ("helm upgrade --install api ./chart", &["helm"]),
        ("forge test -vvv", &["foundry"]),
        ("npx hardhat compile", &["hardhat"]),
        ("ansible-playbook site.yml", &["ansible"]),
        ("flutter run", &["flutter"]),
        ("npx vitest run", &["vitest"]),
        (
            "sudo -E az bicep build --file main.bicep",
            &["azure", "bicep"],
        ),
        ("pac pcf push", &["power-apps", "power-apps-pcf"]),
        ("echo hello", &[]),
        ("git commit -m 'add a Next.js page with React'", &[]),
        ("ls -la", &[]),
        ("", &[]),
    ];
    let t = table();
    for (command, expected) in cases {
        assert_eq!(t.for_command(command), strings(expected), "{command}");
    }
}

#[test]
fn install_commands_name_the_packages_they_add() {
    let cases: &[(&str, &[&str])] = &[
        ("npm install express zod", &["express", "zod"]),
        ("npm i -D vitest@2", &["vitest"]),
        ("npm install", &[]),
        ("yarn add @tanstack/react-query", &["tanstack-query"]),
        (
            "pip install 'fastapi[standard]>=0.115' uvicorn",
            &["fastapi"],
        ),
        ("pip3 install -r requirements.txt", &[]),
        ("uv add torch", &["pytorch"]),
        ("poetry add Django", &["django"]),
        ("go get github.com/labstack/echo/v4@latest", &["echo"]),
        ("cargo add axum", &["axum"]),
        ("composer require laravel/sanctum", &["laravel"]),
        (
            "dotnet add package Microsoft.EntityFrameworkCore.SqlServer",
            &["entity-framework"],
        ),
        (
            "dotnet add src/Api/Api.csproj package Npgsql",
            &["postgresql"],
        ),
        ("flutter pub add flutter_riverpod", &["flutter", "riverpod"]),
        ("gem install rails", &["rails"]),
    ];
    let t = table();
    for (command, expected) in cases {
        assert_eq!(t.for_command(command), strings(expected), "{command}");
    }
}
